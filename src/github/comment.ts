// The sticky pull-request comment: one comment per PR, found by a hidden marker and
// updated in place. Every page of comments is searched, so an old PR with hundreds of
// comments never gets a second Carve comment. Only a comment the token's own user wrote is
// edited: anyone can paste the marker into a comment of theirs.
import type { GitHubClient } from './client.js';

/**
 * Hidden marker that identifies one Carve comment, per check name, so two Carve jobs on a PR
 * (say static and timing) keep one comment each instead of overwriting each other. Appended
 * to the body (renderComment's own marker says only that the comment is Carve's).
 */
export function commentMarker(checkName = 'Carve'): string {
  return `<!-- carve:comment-id:${encodeURIComponent(checkName)} -->`;
}

export const STICKY_MARKER = commentMarker();

export interface RepoRef {
  owner: string;
  repo: string;
}

export interface StickyCommentResult {
  action: 'created' | 'updated' | 'unchanged';
  id: number;
  url: string;
}

export function withMarker(body: string, marker = STICKY_MARKER): string {
  return body.includes(marker) ? body : `${body}\n\n${marker}\n`;
}

/**
 * The login the token acts as: GET /user for a user's token; an installation token (the
 * workflow's GITHUB_TOKEN, a GitHub App's) cannot read /user, so GraphQL's `viewer` gives its bot
 * login (`github-actions[bot]`, `<app-slug>[bot]`). Null when neither answers. Asked once per client.
 */
export async function tokenLogin(client: GitHubClient): Promise<string | null> {
  if (!identities.has(client)) identities.set(client, lookUpLogin(client));
  return identities.get(client)!;
}

const identities = new WeakMap<GitHubClient, Promise<string | null>>();

async function lookUpLogin(client: GitHubClient): Promise<string | null> {
  try {
    const user = await client.rest.users.getAuthenticated();
    if (typeof user.data.login === 'string' && user.data.login) return user.data.login;
  } catch {
    // An installation token: 403 "Resource not accessible by integration".
  }
  try {
    const data = await client.graphql<{ viewer?: { login?: unknown } }>('query { viewer { login } }');
    return typeof data.viewer?.login === 'string' && data.viewer.login ? data.viewer.login : null;
  } catch {
    return null;
  }
}

/** GraphQL may name a bot without the `[bot]` suffix REST uses. */
function writtenBy(login: string | undefined, self: string): boolean {
  return login === self || login === `${self}[bot]` || `${login}[bot]` === self;
}

export interface StickySearch {
  /** The marker comment the token's own user wrote, or null. */
  comment: { id: number; body: string; url: string } | null;
  /** Comments with the marker by someone else (never edited). */
  foreign: number;
  /** The token's login could not be found out: no existing comment is trusted. */
  unknownIdentity: boolean;
}

/**
 * The first comment carrying the marker that the token's own user wrote. A marker in a comment
 * by anyone else (another user can paste it) is not ours to edit.
 */
export async function findStickyComment(
  client: GitHubClient,
  ref: RepoRef,
  issueNumber: number,
  marker = STICKY_MARKER,
): Promise<StickySearch> {
  const iterator = client.paginate.iterator(client.rest.issues.listComments, {
    owner: ref.owner,
    repo: ref.repo,
    issue_number: issueNumber,
    per_page: 100,
  });
  const search: StickySearch = { comment: null, foreign: 0, unknownIdentity: false };
  for await (const page of iterator) {
    for (const comment of page.data) {
      if (!comment.body?.includes(marker)) continue;
      // Asked only once a marker is seen: a PR without one costs no identity request.
      const self = await tokenLogin(client);
      if (self === null) {
        search.unknownIdentity = true;
        search.foreign++;
      } else if (writtenBy(comment.user?.login, self)) {
        search.comment = { id: comment.id, body: comment.body, url: comment.html_url };
        return search;
      } else {
        search.foreign++;
      }
    }
  }
  return search;
}

/** Creates or updates the comment; with `updateOnly`, only an existing one is updated (null when there is none). */
export async function upsertStickyComment(
  client: GitHubClient,
  ref: RepoRef,
  issueNumber: number,
  body: string,
  marker?: string,
  options?: { updateOnly?: false },
): Promise<StickyCommentResult>;
export async function upsertStickyComment(
  client: GitHubClient,
  ref: RepoRef,
  issueNumber: number,
  body: string,
  marker: string,
  options: { updateOnly: boolean },
): Promise<StickyCommentResult | null>;
export async function upsertStickyComment(
  client: GitHubClient,
  ref: RepoRef,
  issueNumber: number,
  body: string,
  marker = STICKY_MARKER,
  options: { updateOnly?: boolean } = {},
): Promise<StickyCommentResult | null> {
  const text = withMarker(body, marker);
  const existing = (await findStickyComment(client, ref, issueNumber, marker)).comment;
  if (!existing && options.updateOnly) return null;
  if (existing) {
    if (existing.body === text) return { action: 'unchanged', id: existing.id, url: existing.url };
    const updated = await client.rest.issues.updateComment({ owner: ref.owner, repo: ref.repo, comment_id: existing.id, body: text });
    return { action: 'updated', id: updated.data.id, url: updated.data.html_url };
  }
  const created = await client.rest.issues.createComment({ owner: ref.owner, repo: ref.repo, issue_number: issueNumber, body: text });
  return { action: 'created', id: created.data.id, url: created.data.html_url };
}
