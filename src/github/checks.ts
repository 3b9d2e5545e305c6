// The check run: created in progress when the gate starts, completed with the conclusion
// from `fail-on`. The API takes at most 50 annotations per request, so the rest follow in
// further updates of the same run (GitHub appends them).
import type { GitHubClient } from './client.js';
import type { RepoRef } from './comment.js';

/** GitHub's check-run annotation object (REST shape). */
export interface CheckRunAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  start_column?: number;
  end_column?: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  message: string;
  title?: string;
  raw_details?: string;
}

export type CheckConclusion = 'success' | 'failure' | 'neutral';

export const ANNOTATIONS_PER_REQUEST = 50;
/** GitHub's limit on output.summary and output.text. */
export const CHECK_OUTPUT_LIMIT = 65_535;

export async function createCheckRun(client: GitHubClient, ref: RepoRef, name: string, headSha: string): Promise<number> {
  const response = await client.rest.checks.create({
    owner: ref.owner,
    repo: ref.repo,
    name,
    head_sha: headSha,
    status: 'in_progress',
    started_at: new Date().toISOString(),
  });
  return response.data.id;
}

export interface CheckRunOutput {
  conclusion: CheckConclusion;
  title: string;
  summary: string;
  text?: string;
  annotations: CheckRunAnnotation[];
}

/** Completes the run; returns the number of update requests sent. */
export async function completeCheckRun(client: GitHubClient, ref: RepoRef, checkRunId: number, output: CheckRunOutput): Promise<number> {
  const batches = chunk(output.annotations, ANNOTATIONS_PER_REQUEST);
  const base = {
    title: output.title.slice(0, 255),
    summary: clip(output.summary, CHECK_OUTPUT_LIMIT),
    ...(output.text ? { text: clip(output.text, CHECK_OUTPUT_LIMIT) } : {}),
  };
  let requests = 0;
  // The first request completes the run with the first batch; later ones only add annotations.
  for (const [index, annotations] of (batches.length ? batches : [[]]).entries()) {
    await client.rest.checks.update({
      owner: ref.owner,
      repo: ref.repo,
      check_run_id: checkRunId,
      ...(index === 0 ? { status: 'completed' as const, conclusion: output.conclusion, completed_at: new Date().toISOString() } : {}),
      output: { ...base, annotations },
    });
    requests += 1;
  }
  return requests;
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const note = '\n\n… (truncated; the full report is in the job summary and the JSON report)';
  return text.slice(0, limit - note.length) + note;
}
