// Publishing for the Action: the gate's own results (mode gate), or the results an
// untrusted `analyze` job uploaded (mode publish, in a trusted workflow_run job).
import * as core from '@actions/core';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { compareReports } from '../analysis/compare/index.js';
import { loadConfigFile } from '../config/load.js';
import {
  commentMarker,
  createGitHubClient,
  describeApiError,
  parseEvent,
  publishResults,
  startCheck,
  withMarker,
  type GitHubEventInfo,
  type PublishOutcome,
  type PublishTarget,
} from '../github/index.js';
import { overSizeLimit } from '../limits.js';
import type { GateResult } from '../pipeline/index.js';
import { loadReportFile } from '../report/load.js';
import { inlineCode } from '../report/inline-code.js';
import type { CarveReport, Diagnostic } from '../model/types.js';
import { problemsMarkdown, renderGate } from '../pipeline/index.js';
import { FILES, readReportDirFile, type GateRecord, type ReadResult } from './files.js';
import type { ActionInputs } from './inputs.js';
import { emitAnnotations, writeSummary } from './summary.js';

export interface GitHubTarget {
  target: PublishTarget;
  start(warnings: string[]): Promise<number | null>;
}

export function githubTarget(
  inputs: ActionInputs,
  event: GitHubEventInfo,
  env: NodeJS.ProcessEnv,
  headSha = event.sha,
  pullRequest = event.pullRequest?.number ?? null,
): GitHubTarget | null {
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

export async function publishGate(
  github: GitHubTarget,
  result: GateResult,
  record: GateRecord,
  checkRunId: number | null,
  warnings: string[],
  policy: string,
): Promise<PublishOutcome> {
  return publishResults(
    github.target,
    {
      comment: result.postComment ? result.comment : null,
      refreshExisting: policy === 'never' ? null : result.comment,
      check: { conclusion: record.conclusion, title: checkTitle(record), summary: result.summary, annotations: record.annotations },
    },
    checkRunId,
    warnings,
  );
}

export interface PublishModeInput {
  inputs: ActionInputs;
  reportDir: string;
  /** The trusted event of this run (workflow_run). */
  event: GitHubEventInfo;
  env: NodeJS.ProcessEnv;
  inputDiagnostics: Diagnostic[];
  /** The checkout of the trusted job (the default branch), for the config's thresholds and failOn. */
  workspace: string;
}

/**
 * Mode publish: posts what an `analyze` job uploaded. Everything uploaded is untrusted (a fork
 * wrote it), so:
 * - the commit must be the one this trusted run is about: the uploaded report's analysed SHA
 *   (`/commit`) equals the workflow_run's head SHA;
 * - the pull request is the workflow_run's own (`pull_requests`), or, for a fork (GitHub lists
 *   none), the uploaded number only after `GET pulls/{n}` shows that exact head SHA;
 * - the verdict, comment, summary and annotations are recomputed here from the uploaded reports
 *   with the trusted config; the uploaded comment.md, summary.md and gate.json are not used, and
 *   diagnostic text from the upload is shown as code (no links, mentions or markup).
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
  const head = readUploadedReport(input.reportDir, FILES.report, true);
  if (!head.ok) return fail(head.message);
  const base = readUploadedReport(input.reportDir, FILES.baseReport, false);
  if (!base.ok) return fail(base.message);
  const analysed = head.value!.commit;
  if (typeof analysed !== 'string' || !/^[0-9a-f]{40}$/.test(analysed)) {
    return fail(`${FILES.report} records no analysed commit (/commit is ${JSON.stringify(analysed ?? null)}): refusing to post`);
  }
  const run = trustedRun(input.env);
  if (!run)
    return fail(
      `publish mode needs a trusted head commit: run it in a workflow_run job (this event is '${input.env.GITHUB_EVENT_NAME ?? 'unknown'}')`,
    );
  if (run.headSha !== analysed) {
    return fail(
      `the uploaded report analysed ${analysed.slice(0, 12)}, but this ${run.kind} is for ${run.headSha.slice(0, 12)}: refusing to post`,
    );
  }
  const repository = input.event.repository;
  const github = githubTarget(input.inputs, { ...input.event, repository }, input.env, run.headSha, null);
  const warnings: string[] = [];
  let pullRequest = run.pullRequest;
  if (pullRequest === null) {
    const claimed = uploadedPullRequestNumber(input.reportDir);
    if (claimed === null)
      return fail(
        `${FILES.event} names no pull request, and this ${run.kind} lists none for ${run.headSha.slice(0, 12)}: refusing to post`,
      );
    if (github) {
      const verified = await verifyPullRequestHead(github.target, claimed, analysed);
      if (!verified.ok) return fail(verified.message);
      pullRequest = claimed;
    } else {
      warnings.push(`no github-token: pull request #${claimed} (from ${FILES.event}) could not be verified; nothing was posted`);
    }
  }

  const configPath = path.resolve(input.workspace, input.inputs.config);
  const config = loadConfigFile(configPath).config;
  const failOn = input.inputs.failOn ?? config.failOn;
  const uploadedDiagnostics = [...head.value!.diagnostics, ...(base.value?.diagnostics ?? [])].map(asData);
  const result = renderGate({
    options: {
      workspace: input.workspace,
      config,
      inputDiagnostics: [],
      archs: head.value!.archs,
      failOn,
      comment: input.inputs.comment ?? config.comment,
      nvcc: null,
      artifacts: [],
      pullRequest: base.value ? { baseSha: base.value.commit ?? '', headSha: analysed } : null,
      headSha: analysed,
      scope: 'changes',
      scratchDir: input.reportDir,
      render: {
        serverUrl: input.env.GITHUB_SERVER_URL,
        repository: input.env.GITHUB_REPOSITORY ?? null,
        fullReportUrl: runUrl(input.env, run.analysingRunId),
        checkName: input.inputs.checkName,
      },
    },
    source: 'artifacts',
    nvcc: null,
    mergeBase: null,
    baseCommit: base.value?.commit ?? null,
    changedFiles: [],
    units: [],
    base: base.value,
    head: head.value!,
    comparison: compareReports(base.value, head.value!, config),
    diagnostics: [...problems, ...uploadedDiagnostics],
    notes: [
      `Posted by a trusted job from the reports an analyze job uploaded for ${analysed.slice(0, 12)}; the verdict was recomputed here.`,
    ],
  });
  const comment = withMarker(result.comment, commentMarker(input.inputs.checkName));
  const record = { findings: result.findings, failingFindings: result.failingFindings, conclusion: result.conclusion };
  if (github && pullRequest !== null) {
    const outcome = await publishResults(
      { ...github.target, pullRequest },
      {
        comment: result.postComment ? comment : null,
        refreshExisting: comment,
        check: { conclusion: result.conclusion, title: checkTitle(record), summary: result.summary, annotations: result.annotations },
      },
      null,
      warnings,
    );
    if (outcome.comment) core.info(`carve: comment ${outcome.comment.action} (${outcome.comment.url})`);
    if (outcome.checkRunId === null) emitAnnotations(result.annotations);
  } else {
    if (!github) warnings.push('no github-token: nothing was posted');
    emitAnnotations(result.annotations);
  }
  for (const warning of warnings) core.warning(`carve: ${warning}`);
  await writeSummary(result.summary, warnings, input.env);
  // The comment and summary as posted replace the uploaded ones (which were never used).
  writeFileSync(path.join(input.reportDir, FILES.comment), comment);
  writeFileSync(path.join(input.reportDir, FILES.summary), result.summary);
  core.setOutput('comment-path', path.join(input.reportDir, FILES.comment));
  core.setOutput('summary-path', path.join(input.reportDir, FILES.summary));
  core.setOutput('report-path', path.join(input.reportDir, FILES.report));
  core.setOutput('findings', String(result.findings));
  core.setOutput('regressions', String(result.regressions));
  core.setOutput('conclusion', result.conclusion);
}

/** The Actions run page (of the analysing run when known, else this one). */
export function runUrl(env: NodeJS.ProcessEnv, runId: number | null = null): string | null {
  const id = runId ?? env.GITHUB_RUN_ID;
  if (!env.GITHUB_REPOSITORY || !id) return null;
  return `${(env.GITHUB_SERVER_URL ?? 'https://github.com').replace(/\/+$/, '')}/${env.GITHUB_REPOSITORY}/actions/runs/${id}`;
}

/** A report from the upload: size-capped, JSON, schema-valid (the loader `carve report` uses). A missing optional one is null. */
function readUploadedReport(dir: string, name: string, required: boolean): ReadResult<CarveReport | null> {
  if (!existsSync(path.join(dir, name)))
    return required
      ? { ok: false, message: `${path.join(dir, name)} is missing (did the analyze job upload the report directory?)` }
      : { ok: true, value: null };
  const loaded = loadReportFile(name, dir);
  return loaded.ok ? { ok: true, value: loaded.value } : { ok: false, message: loaded.error };
}

/** Text from the upload shown as data: a code span cannot hold links, mentions, images or HTML. */
function asData(d: Diagnostic): Diagnostic {
  const file = d.file && !path.isAbsolute(d.file) && !d.file.split(/[\\/]/).includes('..') ? d.file : undefined;
  return { ...d, file, message: inlineCode(d.message.slice(0, 500)) };
}

interface TrustedRun {
  kind: string;
  headSha: string;
  /** The pull request this run's own event names for that head, or null (a fork's workflow_run lists none). */
  pullRequest: number | null;
  /** The run that analysed (workflow_run.id), for the comment's link to the full report. */
  analysingRunId: number | null;
}

/** The head commit (and pull request, when listed) from this job's own event file, which the fork cannot write. */
function trustedRun(env: NodeJS.ProcessEnv): TrustedRun | null {
  if (!env.GITHUB_EVENT_PATH) return null;
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (env.GITHUB_EVENT_NAME === 'workflow_run') {
    const run = (payload.workflow_run ?? {}) as { head_sha?: unknown; pull_requests?: unknown; id?: unknown };
    if (typeof run.head_sha !== 'string') return null;
    const listed = Array.isArray(run.pull_requests) ? (run.pull_requests as Array<{ number?: unknown; head?: { sha?: unknown } }>) : [];
    const match = listed.find((p) => typeof p?.number === 'number' && p.head?.sha === run.head_sha);
    return {
      kind: 'workflow_run',
      headSha: run.head_sha,
      pullRequest: match ? (match.number as number) : null,
      analysingRunId: Number.isSafeInteger(run.id) ? (run.id as number) : null,
    };
  }
  const pr = parseEvent(payload, env.GITHUB_EVENT_NAME ?? '', {}).pullRequest;
  return pr ? { kind: `${env.GITHUB_EVENT_NAME} event`, headSha: pr.headSha, pullRequest: pr.number, analysingRunId: null } : null;
}

function uploadedPullRequestNumber(dir: string): number | null {
  const read = readReportDirFile(dir, FILES.event);
  if (!read.ok || overSizeLimit('report', read.value.length)) return null;
  try {
    return parseEvent(JSON.parse(read.value), 'pull_request', {}).pullRequest?.number ?? null;
  } catch {
    return null;
  }
}

/** GET pulls/{n}: its head must be the analysed commit. The only request made before the check passes. */
async function verifyPullRequestHead(
  target: PublishTarget,
  number: number,
  analysed: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  if (!Number.isSafeInteger(number) || number < 1)
    return { ok: false, message: `${FILES.event} names pull request ${number}, not a pull request number: refusing to post` };
  try {
    const pull = await target.client.rest.pulls.get({ owner: target.ref.owner, repo: target.ref.repo, pull_number: number });
    const headSha = pull.data.head?.sha;
    if (headSha !== analysed) {
      return {
        ok: false,
        message: `pull request #${number} (from ${FILES.event}) has head ${String(headSha).slice(0, 12)}, not the analysed ${analysed.slice(0, 12)}: refusing to post`,
      };
    }
    return { ok: true };
  } catch (error) {
    return {
      ok: false,
      message: `could not check pull request #${number} (from ${FILES.event}): ${describeApiError(error)}; refusing to post`,
    };
  }
}
