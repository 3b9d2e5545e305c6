// What the gate needs from the workflow event: the repository, and for a pull request its
// number, base and head commits and whether it comes from a fork. Read from the event JSON
// (GITHUB_EVENT_PATH) — or, in `publish` mode, from the event file the analyze job uploaded.
import { readFileSync } from 'node:fs';
import type { Diagnostic } from '../model/types.js';

export interface PullRequestInfo {
  number: number;
  baseSha: string;
  baseRef: string;
  headSha: string;
  headRef: string;
  /** owner/name of the head repository; differs from the base repository on a fork. */
  headRepository: string | null;
  sameRepository: boolean;
  labels: string[];
}

export interface GitHubEventInfo {
  eventName: string;
  repository: { owner: string; repo: string } | null;
  pullRequest: PullRequestInfo | null;
  /** The commit the run is for: the PR head, else GITHUB_SHA. */
  sha: string | null;
}

export function readEventFile(
  eventPath: string | undefined,
  eventName: string,
  env: NodeJS.ProcessEnv,
): { event: GitHubEventInfo; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  let payload: unknown = {};
  if (eventPath) {
    try {
      payload = JSON.parse(readFileSync(eventPath, 'utf8'));
    } catch (error) {
      diagnostics.push({
        severity: 'warning',
        stage: 'github',
        file: eventPath,
        message: `could not read the event JSON: ${(error as Error).message}`,
      });
    }
  }
  return { event: parseEvent(payload, eventName, env), diagnostics };
}

/** Pure: the event payload plus GITHUB_REPOSITORY / GITHUB_SHA as fallbacks. */
export function parseEvent(payload: unknown, eventName: string, env: NodeJS.ProcessEnv): GitHubEventInfo {
  const root = asRecord(payload);
  const repoFull = str(asRecord(root.repository).full_name) ?? env.GITHUB_REPOSITORY ?? null;
  const repository =
    repoFull && repoFull.includes('/') ? { owner: repoFull.split('/')[0], repo: repoFull.split('/').slice(1).join('/') } : null;
  const pr = asRecord(root.pull_request);
  let pullRequest: PullRequestInfo | null = null;
  const number = typeof pr.number === 'number' ? pr.number : null;
  const base = asRecord(pr.base);
  const head = asRecord(pr.head);
  const baseSha = str(base.sha);
  const headSha = str(head.sha);
  if (number !== null && baseSha && headSha) {
    const headRepository = str(asRecord(head.repo).full_name) ?? null;
    pullRequest = {
      number,
      baseSha,
      headSha,
      baseRef: str(base.ref) ?? '',
      headRef: str(head.ref) ?? '',
      headRepository,
      sameRepository: headRepository !== null && headRepository === repoFull,
      labels: Array.isArray(pr.labels) ? pr.labels.map((label) => str(asRecord(label).name)).filter((n): n is string => !!n) : [],
    };
  }
  return { eventName, repository, pullRequest, sha: pullRequest?.headSha ?? env.GITHUB_SHA ?? null };
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.length ? value : undefined;
}
