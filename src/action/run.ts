// Action entry, in phases: inputs -> config (resolveConfig) -> gate engine (gateForAction) ->
// files -> publish and summary (publishResult) -> outputs (setGateOutputs).
// Nothing here throws on bad input: config and input errors become diagnostics that the
// summary, the annotations and the check run show; API failures degrade to warnings.
import * as core from '@actions/core';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultConfig, loadConfigFile } from '../config/load.js';
import type { CarveConfig } from '../config/types.js';
import { commentMarker, completeCheckRun, describeApiError, readEventFile, withMarker, type GitHubEventInfo } from '../github/index.js';
import { failureLine } from '../cli/failure.js';
import { onInterrupt } from '../discover/interrupt.js';
import { runGate, type GateResult } from '../pipeline/index.js';
import type { Diagnostic } from '../model/types.js';
import { VERSION } from '../version.js';
import { readInputs, type ActionInputs } from './inputs.js';
import { writeReportDir, type GateRecord } from './files.js';
import { publishGate, publishFromReportDir, githubTarget, runUrl } from './publish.js';
import { runRetune } from './retune.js';
import { emitAnnotations, writeSummary } from './summary.js';
import { baseConfig, EXECUTING_FIELDS, timingApproval, withTrustedFields } from './trusted.js';

export async function runAction(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const { inputs, diagnostics: inputDiagnostics } = readInputs((name) => core.getInput(name));
  // Masked in every log line the runner prints, whatever prints it.
  if (inputs.token) core.setSecret(inputs.token);
  const workspace = path.resolve(env.GITHUB_WORKSPACE ?? process.cwd());
  const reportDir = path.resolve(workspace, inputs.reportDir);
  const { event, diagnostics: eventDiagnostics } = readEventFile(env.GITHUB_EVENT_PATH, env.GITHUB_EVENT_NAME ?? '', env);
  core.setOutput('report-dir', reportDir);

  if (inputs.mode === 'publish') {
    await publishFromReportDir({ inputs, reportDir, event, env, workspace, inputDiagnostics: [...inputDiagnostics, ...eventDiagnostics] });
    return;
  }
  const settings = await resolveConfig(inputs, workspace, event, env, [...inputDiagnostics, ...eventDiagnostics]);
  if (inputs.mode === 'retune') {
    await runRetune({
      config: settings.config,
      configPath: settings.configPath,
      archs: settings.archs,
      reportDir,
      diagnostics: settings.diagnostics,
      timing: inputs.timing,
      token: inputs.token,
      repository: event.repository,
      key: inputs.checkName,
      env,
      cwd: workspace,
    });
    return;
  }
  await runGateMode(inputs, settings, { workspace, reportDir, event, env });
}

/** The configuration the run uses, with the problems and notes found on the way. */
interface RunSettings {
  config: CarveConfig;
  configPath: string;
  diagnostics: Diagnostic[];
  notes: string[];
  archs: string[];
  failOn: string[];
  /** pull_request_target without `allow-untrusted: true`: the pull request's code is neither built nor timed. */
  buildRefused: boolean;
}

interface RunContext {
  workspace: string;
  reportDir: string;
  event: GitHubEventInfo;
  env: NodeJS.ProcessEnv;
}

/** Loads the config; on a pull request, what runs (EXECUTING_FIELDS) comes from the base commit's config, never the pull request's. */
async function resolveConfig(
  inputs: ActionInputs,
  workspace: string,
  event: GitHubEventInfo,
  env: NodeJS.ProcessEnv,
  earlier: Diagnostic[],
): Promise<RunSettings> {
  const configPath = path.resolve(workspace, inputs.config);
  const loaded = loadConfigFile(configPath);
  let config = loaded.config;
  const notes: string[] = [];
  const diagnostics: Diagnostic[] = [...earlier, ...loaded.diagnostics];
  if (inputs.mode !== 'report' && event.pullRequest) {
    // What runs comes from the base commit's config, never from the pull request's.
    const base = await baseConfig(workspace, configPath, event.pullRequest.baseSha);
    const trusted = withTrustedFields(config, base?.config ?? defaultConfig(path.dirname(configPath)));
    config = trusted.config;
    if (!base)
      diagnostics.push({
        severity: 'warning',
        stage: 'config',
        file: inputs.config,
        message: `the base commit's config could not be read: ${EXECUTING_FIELDS.join(', ')} take their defaults`,
      });
    if (trusted.ignored.length) {
      const message = `the pull request changes ${trusted.ignored.map((f) => `\`${f}\``).join(', ')} in \`${inputs.config}\`: ignored here, the base branch's values apply (see docs/security.md)`;
      diagnostics.push({
        severity: 'note',
        stage: 'config',
        file: inputs.config,
        jsonPath: `/${trusted.ignored[0].replace('.', '/')}`,
        message,
      });
      core.notice(`carve: ${message}`);
      notes.push(message.charAt(0).toUpperCase() + message.slice(1) + '.');
    }
  }
  if (!loaded.diagnostics.length && !existsSync(configPath)) {
    notes.push(
      `No config at \`${inputs.config}\`: defaults apply (block size from __launch_bounds__, else the occupancy sweep with ${config.defaultBlockSize} threads for findings).`,
    );
  }
  const archs = inputs.archs.length ? inputs.archs : config.archs;
  const failOn = inputs.failOn ?? config.failOn;
  // pull_request_target runs with a write token and the repository's secrets, and the workspace
  // may hold the pull request's code: building or timing it needs an explicit opt-in.
  const untrustedTarget =
    env.GITHUB_EVENT_NAME === 'pull_request_target' && event.pullRequest !== null && inputs.mode !== 'report' && inputs.mode !== 'retune';
  if (untrustedTarget && inputs.allowUntrusted) {
    core.warning(
      `carve: allow-untrusted is true: building${inputs.timing === 'on' ? ' and timing' : ''} the code of pull request #${event.pullRequest!.number} (${event.pullRequest!.headRepository ?? 'unknown repository'}) under pull_request_target, with this job's token and secrets in reach`,
    );
  } else if (untrustedTarget) {
    diagnostics.push({
      severity: 'error',
      stage: 'config',
      jsonPath: 'inputs.allow-untrusted',
      message:
        "this run is for pull_request_target (a write token and the secrets are in reach) and the workspace may hold the pull request's code: Carve does not build or time it without the input `allow-untrusted: true`. Use the fork-safe analyze (pull_request) + publish (workflow_run) workflows instead; see SECURITY.md",
    });
  }
  const buildRefused = untrustedTarget && !inputs.allowUntrusted;
  return { config, configPath, diagnostics, notes, archs, failOn, buildRefused };
}

/** Modes gate and report: the check run, the gate, the report directory, publishing, the summary and the outputs. */
async function runGateMode(inputs: ActionInputs, settings: RunSettings, context: RunContext): Promise<void> {
  const { env, event } = context;
  const scratchDir = mkdtempSync(path.join(env.RUNNER_TEMP ?? tmpdir(), 'carve-'));
  const forgetScratch = onInterrupt(() => rmSync(scratchDir, { recursive: true, force: true }));
  const target = inputs.mode === 'gate' ? githubTarget(inputs, event, env) : null;
  const publishWarnings: string[] = [];
  let checkRunId: number | null = null;
  try {
    // The check run shows "in progress" while nvcc runs.
    checkRunId = target ? await target.start(publishWarnings) : null;
    const result = await gateForAction(inputs, settings, context, scratchDir, target);
    const record = gateRecord(result, event);
    const written = writeReportDir(context.reportDir, {
      head: result.head,
      base: result.base,
      comparison: result.comparison,
      comment: result.comment,
      summary: result.summary,
      gate: record,
      sarif: inputs.sarif ? result.sarif : null,
      eventPath: env.GITHUB_EVENT_PATH,
      extraFiles: result.extraFiles,
    });
    await publishResult(inputs, settings.config, target, result, record, checkRunId, publishWarnings, env);
    setGateOutputs(written, result);
  } catch (error) {
    await reportFailure(error, target, checkRunId, publishWarnings, env);
    throw error;
  } finally {
    rmSync(scratchDir, { recursive: true, force: true });
    forgetScratch();
  }
}

/** The gate engine with the Action's options; the comment carries its sticky marker. */
async function gateForAction(
  inputs: ActionInputs,
  settings: RunSettings,
  context: RunContext,
  scratchDir: string,
  target: ReturnType<typeof githubTarget>,
): Promise<GateResult> {
  const { config, notes } = settings;
  const { event, env } = context;
  const timingOn = inputs.timing === 'on' && !settings.buildRefused && (await timingAllowed(target, event, notes));
  const pullRequest =
    inputs.mode === 'report' || !event.pullRequest ? null : { baseSha: event.pullRequest.baseSha, headSha: event.pullRequest.headSha };
  if (inputs.mode !== 'report' && !event.pullRequest)
    notes.push(
      `Event \`${event.eventName || 'unknown'}\` is not a pull request: every unit at the head commit was analysed, with no base to compare with.`,
    );
  const result = await runGate({
    workspace: context.workspace,
    config,
    inputDiagnostics: settings.diagnostics,
    archs: settings.archs,
    failOn: settings.failOn,
    comment: inputs.comment ?? config.comment,
    nvcc: settings.buildRefused ? 'none' : (inputs.nvcc ?? config.nvcc.path ?? null),
    artifacts: inputs.artifacts.length ? inputs.artifacts : config.artifacts,
    pullRequest,
    headSha: event.sha,
    timingOn,
    notes,
    scope: pullRequest ? 'changes' : 'all',
    scratchDir,
    render: {
      serverUrl: env.GITHUB_SERVER_URL,
      repository: env.GITHUB_REPOSITORY ?? null,
      fullReportUrl: runUrl(env),
      checkName: inputs.checkName,
    },
    log: (message) => core.info(message),
  });
  // The comment carries its sticky id (per check name) already in the file, for publish mode.
  result.comment = withMarker(result.comment, commentMarker(inputs.checkName));
  return result;
}

/** The check run and the comment (mode gate with a token), else workflow-command annotations; then the job summary. */
async function publishResult(
  inputs: ActionInputs,
  config: CarveConfig,
  target: ReturnType<typeof githubTarget>,
  result: GateResult,
  record: GateRecord,
  checkRunId: number | null,
  publishWarnings: string[],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  let checkPublished = false;
  if (target) {
    const outcome = await publishGate(target, result, record, checkRunId, publishWarnings, inputs.comment ?? config.comment);
    checkPublished = outcome.checkRunId !== null && outcome.annotationRequests > 0;
    if (outcome.comment) core.info(`carve: comment ${outcome.comment.action} (${outcome.comment.url})`);
  } else if (inputs.mode === 'gate') {
    publishWarnings.push('no github-token (or no repository in the event): nothing was posted; the comment is in comment-path.');
  }
  for (const warning of publishWarnings) core.warning(`carve: ${warning}`);
  // Without a check run, workflow-command annotations still put the findings on the lines.
  if (!checkPublished) emitAnnotations(record.annotations);
  await writeSummary(result.summary, publishWarnings, env);
}

function setGateOutputs(written: ReturnType<typeof writeReportDir>, result: GateResult): void {
  core.setOutput('report-path', written.reportPath);
  core.setOutput('comment-path', written.commentPath);
  core.setOutput('summary-path', written.summaryPath);
  if (written.sarifPath) core.setOutput('sarif-path', written.sarifPath);
  core.setOutput('findings', String(result.findings));
  core.setOutput('regressions', String(result.regressions));
  core.setOutput('conclusion', result.conclusion);
  if (result.conclusion === 'failure') core.setFailed(`carve: ${result.conclusionReason}`);
  else core.info(`carve: ${result.conclusionReason}`);
}

/**
 * Carve itself failed (not a finding): the check run started above must not stay "in
 * progress" forever, and the job summary says what happened, in one line.
 */
async function reportFailure(
  error: unknown,
  target: ReturnType<typeof githubTarget>,
  checkRunId: number | null,
  publishWarnings: string[],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const line = `Carve could not finish: ${failureLine(error)}`;
  if (target && checkRunId !== null) {
    await completeCheckRun(target.target.client, target.target.ref, checkRunId, {
      conclusion: 'failure',
      title: 'Carve could not finish',
      summary: line,
      annotations: [],
    }).catch((apiError: unknown) => core.warning(`carve: could not complete the check run: ${describeApiError(apiError)}`));
  }
  await writeSummary(`## Carve\n\n${line}`, publishWarnings, env).catch(() => undefined);
  core.setOutput('conclusion', 'failure');
}

function gateRecord(result: GateResult, event: GitHubEventInfo): GateRecord {
  return {
    kind: 'carve-gate',
    version: VERSION,
    conclusion: result.conclusion,
    conclusionReason: result.conclusionReason,
    findings: result.findings,
    failingFindings: result.failingFindings,
    regressions: result.regressions,
    postComment: result.postComment,
    headSha: event.sha,
    pullRequest: event.pullRequest?.number ?? null,
    annotations: result.annotations,
  };
}

/** Timing runs head code: a pull request from another repository needs a writer's approval of its head SHA. */
async function timingAllowed(target: ReturnType<typeof githubTarget>, event: GitHubEventInfo, notes: string[]): Promise<boolean> {
  const pr = event.pullRequest;
  if (!pr || pr.sameRepository) return true;
  const approval = target
    ? await timingApproval(target.target.client, target.target.ref, pr.number, pr.headSha)
    : { approvedBy: null, reason: 'no token to check an approval with' };
  if (approval.approvedBy) {
    core.warning(`carve: timing code from ${pr.headRepository ?? 'a fork'} on this runner: ${approval.reason}`);
    notes.push(`Timing of fork code ${approval.reason}.`);
    return true;
  }
  notes.push(
    `Timing skipped: this pull request comes from ${pr.headRepository ?? 'another repository'} and ${approval.reason}. A maintainer comments \`/carve approve ${pr.headSha}\` to allow it for this commit.`,
  );
  return false;
}

export type { ActionInputs };
