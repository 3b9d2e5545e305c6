// One issue per purpose (the nightly retune proposal), found by a hidden marker among the open
// issues carrying a label and updated in place, like the sticky PR comment: a nightly job that
// runs every day keeps one issue current instead of opening a new one each night.
import type { GitHubClient } from './client.js';
import type { RepoRef } from './comment.js';

/** Hidden marker of the retune proposal issue; `key` separates several retune jobs of one repository. */
export function issueMarker(key = 'retune'): string {
  return `<!-- carve:issue-id:${encodeURIComponent(key)} -->`;
}

export const RETUNE_ISSUE_LABEL = 'carve-retune';

export interface IssueContent {
  title: string;
  body: string;
  marker: string;
  /** The label that narrows the search and is put on a new issue. */
  label: string;
}

export interface IssueResult {
  action: 'created' | 'updated' | 'unchanged';
  number: number;
  url: string;
}

function withIssueMarker(body: string, marker: string): string {
  return body.includes(marker) ? body : `${body}\n\n${marker}\n`;
}

/** The first open issue (not pull request) with the label whose body carries the marker, over every page. */
export async function findMarkedIssue(
  client: GitHubClient,
  ref: RepoRef,
  marker: string,
  label: string,
): Promise<{ number: number; title: string; body: string; url: string } | null> {
  const iterator = client.paginate.iterator(client.rest.issues.listForRepo, {
    owner: ref.owner,
    repo: ref.repo,
    state: 'open',
    labels: label,
    per_page: 100,
  });
  for await (const page of iterator) {
    for (const issue of page.data) {
      if (issue.pull_request) continue;
      if (issue.body?.includes(marker)) return { number: issue.number, title: issue.title, body: issue.body, url: issue.html_url };
    }
  }
  return null;
}

/** Opens the issue, or updates the open one carrying the marker (title and body). */
export async function upsertMarkedIssue(client: GitHubClient, ref: RepoRef, content: IssueContent): Promise<IssueResult> {
  const body = withIssueMarker(content.body, content.marker);
  const existing = await findMarkedIssue(client, ref, content.marker, content.label);
  if (existing) {
    if (existing.body === body && existing.title === content.title)
      return { action: 'unchanged', number: existing.number, url: existing.url };
    const updated = await client.rest.issues.update({
      owner: ref.owner,
      repo: ref.repo,
      issue_number: existing.number,
      title: content.title,
      body,
    });
    return { action: 'updated', number: updated.data.number, url: updated.data.html_url };
  }
  const created = await client.rest.issues.create({
    owner: ref.owner,
    repo: ref.repo,
    title: content.title,
    body,
    labels: [content.label],
  });
  return { action: 'created', number: created.data.number, url: created.data.html_url };
}
