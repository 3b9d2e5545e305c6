// The job summary and workflow-command annotations: what a run leaves on GitHub without
// any API call (so they work on forks and without a token).
import * as core from '@actions/core';
import { SUMMARY_LIMIT, type CheckAnnotation } from '../report/index.js';
import { clipBytes } from '../pipeline/index.js';

/** Appends the summary (with publishing warnings in front) to GITHUB_STEP_SUMMARY. */
export async function writeSummary(summary: string, warnings: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  if (!env.GITHUB_STEP_SUMMARY) return;
  const warningBlock = warnings.length
    ? [
        '> [!WARNING]',
        '> Carve could not publish everything; the analysis itself is complete:',
        ...warnings.map((w) => `> - ${w}`),
        '',
      ].join('\n') + '\n'
    : '';
  await core.summary.addRaw(clipBytes(warningBlock + summary, SUMMARY_LIMIT - 1024), true).write();
}

/** GitHub shows about 10 workflow-command annotations per kind per step; send the 50 most important. */
export function emitAnnotations(annotations: readonly CheckAnnotation[], limit = 50): void {
  const order = { failure: 0, warning: 1, notice: 2 };
  const sorted = [...annotations].sort((a, b) => order[a.annotation_level] - order[b.annotation_level]).slice(0, limit);
  for (const a of sorted) {
    const properties = { title: a.title, file: a.path, startLine: a.start_line, endLine: a.end_line };
    if (a.annotation_level === 'failure') core.error(a.message, properties);
    else if (a.annotation_level === 'warning') core.warning(a.message, properties);
    else core.notice(a.message, properties);
  }
}
