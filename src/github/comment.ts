// The sticky pull-request comment: one comment per PR, found by a hidden marker and
// updated in place. Every page of comments is searched, so an old PR with hundreds of
// comments never gets a second Carve comment.
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

export interface RepoRef { owner: string; repo: string }

export interface StickyCommentResult {
  action: 'created' | 'updated' | 'unchanged';
  id: number;
  url: string;
}

export function withMarker(body: string, marker = STICKY_MARKER): string {
  return body.includes(marker) ? body : `${body}\n\n${marker}\n`;
}

/** The id and body of the first comment carrying the marker, or null. */
export async function findStickyComment(
  client: GitHubClient, ref: RepoRef, issueNumber: number, marker = STICKY_MARKER,
): Promise<{ id: number; body: string; url: string } | null> {
  const iterator = client.paginate.iterator(client.rest.issues.listComments, {
    owner: ref.owner, repo: ref.repo, issue_number: issueNumber, per_page: 100,
  });
  for await (const page of iterator) {
    for (const comment of page.data) {
      if (comment.body?.includes(marker)) return { id: comment.id, body: comment.body, url: comment.html_url };
    }
  }
  return null;
}

/** Creates or updates the comment; with `updateOnly`, only an existing one is updated (null when there is none). */
export async function upsertStickyComment(
  client: GitHubClient, ref: RepoRef, issueNumber: number, body: string, marker?: string, options?: { updateOnly?: false },
): Promise<StickyCommentResult>;
export async function upsertStickyComment(
  client: GitHubClient, ref: RepoRef, issueNumber: number, body: string, marker: string, options: { updateOnly: boolean },
): Promise<StickyCommentResult | null>;
export async function upsertStickyComment(
  client: GitHubClient, ref: RepoRef, issueNumber: number, body: string, marker = STICKY_MARKER, options: { updateOnly?: boolean } = {},
): Promise<StickyCommentResult | null> {
  const text = withMarker(body, marker);
  const existing = await findStickyComment(client, ref, issueNumber, marker);
  if (!existing && options.updateOnly) return null;
  if (existing) {
    if (existing.body === text) return { action: 'unchanged', id: existing.id, url: existing.url };
    const updated = await client.rest.issues.updateComment({ owner: ref.owner, repo: ref.repo, comment_id: existing.id, body: text });
    return { action: 'updated', id: updated.data.id, url: updated.data.html_url };
  }
  const created = await client.rest.issues.createComment({ owner: ref.owner, repo: ref.repo, issue_number: issueNumber, body: text });
  return { action: 'created', id: created.data.id, url: created.data.html_url };
}
