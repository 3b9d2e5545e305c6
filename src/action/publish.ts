// Publishing for the Action: the gate's own results (mode gate), or the results an
// untrusted `analyze` job uploaded (mode publish, in a trusted workflow_run job).
import * as core from '@actions/core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  createGitHubClient, parseEvent, publishResults, startCheck, type GitHubEventInfo, type PublishOutcome, type PublishTarget,
} from '../github/index.js';
import type { GateResult } from '../pipeline/index.js';
import type { Diagnostic } from '../model/types.js';
import { problemsMarkdown } from '../pipeline/index.js';
import { FILES, parseGateRecord, readReportDirFile, type GateRecord } from './files.js';
import type { ActionInputs } from './inputs.js';
import { emitAnnotations, writeSummary } from './summary.js';

export interface GitHubTarget {
  target: PublishTarget;
  start(warnings: string[]): Promise<number | null>;
}

export function githubTarget(inputs: ActionInputs, event: GitHubEventInfo, env: NodeJS.ProcessEnv, headSha = event.sha, pullRequest = event.pullRequest?.number ?? null): GitHubTarget | null {
  if (!inputs.token || !event.repository) return null;
  const retryBase = Number(env.CARVE_GITHUB_RETRY_BASE_MS);
  const client = createGitHubClient(inputs.token, {
    baseUrl: env.GITHUB_API_URL || undefined,
    retryBaseMs: Number.isFinite(retryBase) && retryBase > 0 ? retryBase : undefined,
    log: (message) => core.info(`carve: ${message}`),
  });
  const target: PublishTarget = { client, ref: event.repository, pullRequest, headSha, checkName: inputs.checkName };
  return { target, start: (warnings) => startCheck(target, warnings) };
}

export function checkTitle(record: Pick<GateRecord, 'findings' | 'failingFindings' | 'conclusion'>): string {
  if (record.conclusion === 'failure' && record.failingFindings === 0) return 'Carve could not run as configured';
  if (!record.findings) return 'No performance findings';
  return `${record.findings} ${record.findings === 1 ? 'finding' : 'findings'}, ${record.failingFindings} failing`;
}

export async function publishGate(github: GitHubTarget, result: GateResult, record: GateRecord, checkRunId: number | null, warnings: string[], policy: string): Promise<PublishOutcome> {
  return publishResults(github.target, {
    comment: result.postComment ? result.comment : null,
    refreshExisting: policy === 'never' ? null : result.comment,
    check: { conclusion: record.conclusion, title: checkTitle(record), summary: result.summary, annotations: record.annotations },
  }, checkRunId, warnings);
}

export interface PublishModeInput {
  inputs: ActionInputs;
  reportDir: string;
  /** The trusted event of this run (workflow_run). */
  event: GitHubEventInfo;
  env: NodeJS.ProcessEnv;
  inputDiagnostics: Diagnostic[];
}

/**
 * Mode publish: posts what `analyze` left in the report directory. The uploaded files are
 * untrusted (a fork wrote them), so the PR number is only believed when the uploaded event's
 * head commit is the head commit of the workflow_run that triggered this job.
 */
export async function publishFromReportDir(input: PublishModeInput): Promise<void> {
  const problems: Diagnostic[] = [...input.inputDiagnostics];
  const fail = async (message: string) => {
    problems.push({ severity: 'error', stage: 'github', message });
    for (const d of problems) core.error(d.message, { title: 'carve publish' });
    await writeSummary(['## Carve', problemsMarkdown(problems, input.reportDir)].join('\n\n'), [], input.env);
    core.setOutput('conclusion', 'failure');
    core.setFailed(`carve: ${message}`);
  };
  const gateText = readReportDirFile(input.reportDir, FILES.gate);
  const commentText = readReportDirFile(input.reportDir, FILES.comment);
  const summaryText = readReportDirFile(input.reportDir, FILES.summary);
  const eventText = readReportDirFile(input.reportDir, FILES.event);
  for (const read of [gateText, commentText, summaryText, eventText]) if (!read.ok) return fail(read.message);
  const record = parseGateRecord((gateText as { value: string }).value);
  if (!record.ok) return fail(record.message);
  let uploadedPayload: unknown;
  try {
    uploadedPayload = JSON.parse((eventText as { value: string }).value);
  } catch (error) {
    return fail(`${FILES.event} is not JSON: ${(error as Error).message}`);
  }
  const uploaded = parseEvent(uploadedPayload, 'pull_request', input.env);
  const trustedHead = workflowRunHeadSha(input.env) ?? input.event.sha;
  const pr = uploaded.pullRequest;
  if (!pr) return fail(`${FILES.event} is not a pull_request event`);
  if (trustedHead && pr.headSha !== trustedHead) {
    return fail(`the uploaded event is for head ${pr.headSha.slice(0, 12)}, but this workflow_run is for ${trustedHead.slice(0, 12)}: refusing to post`);
  }
  const repository = input.event.repository ?? uploaded.repository;
  const github = githubTarget(input.inputs, { ...input.event, repository }, input.env, trustedHead ?? pr.headSha, pr.number);
  const warnings: string[] = [];
  const summary = (summaryText as { value: string }).value;
  if (github) {
    const outcome = await publishResults(github.target, {
      comment: record.value.postComment ? (commentText as { value: string }).value : null,
      refreshExisting: (commentText as { value: string }).value,
      check: { conclusion: record.value.conclusion, title: checkTitle(record.value), summary, annotations: record.value.annotations },
    }, null, warnings);
    if (outcome.comment) core.info(`carve: comment ${outcome.comment.action} (${outcome.comment.url})`);
    if (outcome.checkRunId === null) emitAnnotations(record.value.annotations);
  } else {
    warnings.push('no github-token: nothing was posted');
    emitAnnotations(record.value.annotations);
  }
  for (const warning of warnings) core.warning(`carve: ${warning}`);
  await writeSummary(summary, warnings, input.env);
  core.setOutput('comment-path', path.join(input.reportDir, FILES.comment));
  core.setOutput('report-path', path.join(input.reportDir, FILES.report));
  core.setOutput('findings', String(record.value.findings));
  core.setOutput('regressions', String(record.value.regressions));
  core.setOutput('conclusion', record.value.conclusion);
}

/** head_sha of the workflow_run event that started this job, from the trusted event file. */
function workflowRunHeadSha(env: NodeJS.ProcessEnv): string | null {
  if (env.GITHUB_EVENT_NAME !== 'workflow_run' || !env.GITHUB_EVENT_PATH) return null;
  try {
    const payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) as { workflow_run?: { head_sha?: unknown } };
    return typeof payload.workflow_run?.head_sha === 'string' ? payload.workflow_run.head_sha : null;
  } catch {
    return null;
  }
}
