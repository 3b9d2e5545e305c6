// Retune (nightly): carve every configured variant space for every arch, time the survivors and
// the space's `current` parameters (the generated harness on a GPU runner, the config's
// timing.command, or timing results measured elsewhere), and propose the fastest survivor when
// it beats `current` by both the statistical (timingAlpha) and the practical
// (timingMinSlowdownPercent) threshold. `retune` is the engine (no @actions/core; the CLI's
// `carve retune` uses it too); `runRetune` is the Action's mode: files, summary, outputs and one
// issue with the proposal, found by a hidden marker and updated in place.
import * as core from '@actions/core';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { carveSpace, harnessEntries, pointerSegment, type CarveResult, type CarveStep, type VariantBuild } from '../analysis/carving/index.js';
import type { CarveConfig, SpaceConfig } from '../config/types.js';
import type { Diagnostic } from '../report/types.js';
import { compareTimings, rankTimings, runExternalBenchmark, runHarness, type TimingRecord, type TimingStats } from '../timing/index.js';
import { createGitHubClient, issueMarker, RETUNE_ISSUE_LABEL, upsertMarkedIssue, type IssueResult } from '../github/index.js';
import { problemsMarkdown } from '../pipeline/index.js';
import { VERSION } from '../version.js';
import { writeSummary } from './summary.js';

export interface RetuneOptions {
  config: CarveConfig;
  configPath: string;
  archs: string[];
  /** Spaces to retune; default: every space in the config. */
  spaces?: string[];
  cacheDir: string;
  /** 'on': time (given records, else timing.command, else the harness); 'off': carve only. */
  timing: 'on' | 'off';
  /** Timing results measured elsewhere (harness or benchmark JSON); nothing is run when given. */
  timingRecords?: TimingRecord[] | null;
  /** Working directory of timing.command. */
  cwd: string;
  /** The Action's workspace: space sources must stay inside it (the CLI leaves it to carveSpace's default). */
  root?: string;
  jobs?: number;
  progress?: { write: (text: string) => void; isTTY: boolean };
  log?: (message: string) => void;
}

export interface RetuneVariantTiming extends TimingStats {
  variant: string;
  rank: number;
}

export interface RetuneSpaceResult {
  space: string;
  arch: string;
  kernel: string;
  total: number;
  steps: CarveStep[];
  survivors: Array<{ id: string; parameters: Record<string, number | string>; registers: number | null; activeBlocksPerSM: number | null; occupancy: number | null; normalizedEfficiency: number | null; normalizedUtilization: number | null }>;
  /** The space's `current` parameters and what carving made of them; null when not configured. */
  current: { id: string; parameters: Record<string, number | string>; status: string } | null;
  timing: { source: 'given' | 'command' | 'harness' | 'off'; ranking: RetuneVariantTiming[] };
  /** The fastest timed survivor. */
  best: RetuneVariantTiming | null;
  /** best vs current: ratio of medians (best / current) with its CI and the Mann-Whitney p-value. */
  versusCurrent: { ratio: number; ratioCiLow: number; ratioCiHigh: number; pValue: number; speedupPercent: number } | null;
  proposal: { action: 'change' | 'keep' | 'undecided'; parameters: Record<string, number | string> | null; reason: string };
}

export interface RetuneReport {
  kind: 'carve-retune';
  version: string;
  results: RetuneSpaceResult[];
  diagnostics: Diagnostic[];
}

/** The variant id of `current` in the space's parameter order; a missing parameter is a diagnostic. */
function currentOf(spaceName: string, space: SpaceConfig, configPath: string): { id: string; parameters: Record<string, number | string> } | Diagnostic | null {
  if (!space.current) return null;
  const names = Object.keys(space.parameters);
  const missing = names.filter((name) => !(name in space.current!));
  const extra = Object.keys(space.current).filter((name) => !names.includes(name));
  if (missing.length || extra.length) {
    return {
      severity: 'error', stage: 'config', file: configPath, jsonPath: `/spaces/${pointerSegment(spaceName)}/current`,
      message: `\`current\` must give every parameter of the space and no other${missing.length ? `; missing ${missing.join(', ')}` : ''}${extra.length ? `; unknown ${extra.join(', ')}` : ''}`,
    };
  }
  const parameters = Object.fromEntries(names.map((name) => [name, space.current![name]]));
  return { id: names.map((name) => `${name}=${parameters[name]}`).join(','), parameters };
}

/** Picks the proposal from the ranking of the timed survivors and the current configuration's samples. */
export function decideProposal(
  ranking: RetuneVariantTiming[], survivorIds: string[], samples: Map<string, number[]>, current: RetuneSpaceResult['current'],
  parametersOf: (id: string) => Record<string, number | string> | null, thresholds: { timingAlpha: number; timingMinSlowdownPercent: number },
): Pick<RetuneSpaceResult, 'best' | 'versusCurrent' | 'proposal'> {
  const best = ranking.find((r) => survivorIds.includes(r.variant)) ?? null;
  if (!best) {
    return { best: null, versusCurrent: null, proposal: { action: 'undecided', parameters: null, reason: ranking.length || !survivorIds.length ? 'no survivor was timed' : 'not timed: the survivors are ranked by the static metrics only' } };
  }
  if (!current) {
    return { best, versusCurrent: null, proposal: { action: 'undecided', parameters: parametersOf(best.variant), reason: `the space sets no \`current\` parameters to compare with; the fastest survivor is ${best.variant}` } };
  }
  if (best.variant === current.id) {
    return { best, versusCurrent: null, proposal: { action: 'keep', parameters: current.parameters, reason: 'the current parameters are the fastest survivor' } };
  }
  const currentSamples = samples.get(current.id);
  if (!currentSamples?.length) {
    return { best, versusCurrent: null, proposal: { action: 'undecided', parameters: parametersOf(best.variant), reason: `the current parameters (${current.id}) were not timed (${current.status}); the fastest survivor is ${best.variant}` } };
  }
  const test = compareTimings(currentSamples, samples.get(best.variant)!, thresholds.timingAlpha, { kernel: best.variant, seed: 1 });
  const speedupPercent = (1 - test.ratio) * 100;
  const versusCurrent = { ratio: test.ratio, ratioCiLow: test.ratioCiLow, ratioCiHigh: test.ratioCiHigh, pValue: test.pValue, speedupPercent };
  const significant = test.pValue < thresholds.timingAlpha && test.ratioCiHigh < 1;
  const practical = speedupPercent >= thresholds.timingMinSlowdownPercent;
  if (significant && practical) {
    return { best, versusCurrent, proposal: { action: 'change', parameters: parametersOf(best.variant), reason: `${best.variant} is ${speedupPercent.toFixed(1)}% faster than the current ${current.id} (median ratio ${test.ratio.toFixed(3)}, CI [${test.ratioCiLow.toFixed(3)}, ${test.ratioCiHigh.toFixed(3)}], p=${test.pValue.toPrecision(2)})` } };
  }
  if (test.pValue < thresholds.timingAlpha && test.ratioCiLow > 1) {
    return { best, versusCurrent, proposal: { action: 'keep', parameters: current.parameters, reason: `the current ${current.id} (${current.status}) is ${(-speedupPercent).toFixed(1)}% faster than the fastest survivor ${best.variant} (median ratio ${test.ratio.toFixed(3)}, CI [${test.ratioCiLow.toFixed(3)}, ${test.ratioCiHigh.toFixed(3)}], p=${test.pValue.toPrecision(2)})` } };
  }
  const why = !significant ? `not significant at alpha ${thresholds.timingAlpha} (p=${test.pValue.toPrecision(2)}, ratio CI [${test.ratioCiLow.toFixed(3)}, ${test.ratioCiHigh.toFixed(3)}])` : `below the practical threshold of ${thresholds.timingMinSlowdownPercent}%`;
  return { best, versusCurrent, proposal: { action: 'keep', parameters: current.parameters, reason: `the fastest survivor ${best.variant} differs from the current ${current.id} by ${speedupPercent.toFixed(1)}%: ${why}` } };
}

async function timeSpace(
  options: RetuneOptions, result: CarveResult, builds: VariantBuild[], kernel: string, ids: string[], diagnostics: Diagnostic[],
): Promise<{ source: RetuneSpaceResult['timing']['source']; records: TimingRecord[] }> {
  if (options.timing === 'off') return { source: 'off', records: [] };
  const wanted = new Set(ids);
  if (options.timingRecords) {
    return { source: 'given', records: options.timingRecords.filter((r) => wanted.has(r.variant) && (r.space === null || r.space === result.space)) };
  }
  if (options.config.timing.command) {
    options.log?.(`carve: timing ${ids.length} variants of ${result.space} (${result.arch}) with \`${options.config.timing.command}\``);
    const run = await runExternalBenchmark(options.config.timing.command, { CARVE_SPACE: result.space, CARVE_ARCH: result.arch, CARVE_VARIANTS: ids.join(' ') }, options.cwd);
    diagnostics.push(...run.diagnostics);
    return { source: 'command', records: run.records.filter((r) => wanted.has(r.variant) && (r.space === null || r.space === result.space)) };
  }
  const entries = harnessEntries(ids, builds, kernel, options.config.timing, result.space);
  const work = mkdtempSync(path.join(tmpdir(), 'carve-retune-time-'));
  try {
    options.log?.(`carve: timing ${entries.length} variants of ${result.space} (${result.arch}) with the generated harness`);
    const run = await runHarness(entries, work);
    diagnostics.push(...run.diagnostics);
    return { source: 'harness', records: run.records };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function retune(options: RetuneOptions): Promise<RetuneReport> {
  const { config } = options;
  const diagnostics: Diagnostic[] = [];
  const results: RetuneSpaceResult[] = [];
  const spaces = options.spaces ?? Object.keys(config.spaces);
  if (!spaces.length) diagnostics.push({ severity: 'error', stage: 'config', file: options.configPath, jsonPath: '/spaces', message: 'retune needs at least one variant space under `spaces`' });
  for (const spaceName of spaces) {
    const space = config.spaces[spaceName];
    if (!space) {
      diagnostics.push({ severity: 'error', stage: 'config', file: options.configPath, jsonPath: '/spaces', message: `no space '${spaceName}' (has: ${Object.keys(config.spaces).join(', ') || 'none'})` });
      continue;
    }
    const current = currentOf(spaceName, space, options.configPath);
    if (current && 'severity' in current) {
      diagnostics.push(current);
      continue;
    }
    for (const arch of options.archs) {
      options.log?.(`carve: carving ${spaceName} for ${arch}`);
      const run = await carveSpace({ config, spaceName, arch, cacheDir: options.cacheDir, configFile: options.configPath, jobs: options.jobs, progress: options.progress, root: options.root });
      diagnostics.push(...run.diagnostics);
      if (!run.result) continue;
      const result = run.result;
      const byId = new Map(result.variants.map((v) => [v.id, v]));
      const currentInfo = current ? { ...current, status: byId.get(current.id)?.status ?? 'not in the space (excluded by a constraint or a value not listed)' } : null;
      const survivorIds = result.survivors.map((v) => v.id);
      const ids = [...new Set([...survivorIds, ...(currentInfo ? [currentInfo.id] : [])])];
      const timed = await timeSpace(options, result, run.builds, space.kernel, ids, diagnostics);
      const ok = timed.records.filter((r) => r.status === 'ok' && r.samplesMs.length);
      const ranking = rankTimings(ok, { seed: 1 }).map((r) => ({ variant: r.variant, rank: r.rank, ...r.stats }));
      const samples = new Map(ok.map((r) => [r.variant, r.samplesMs]));
      const parametersOf = (id: string) => byId.get(id)?.parameters ?? (currentInfo?.id === id ? currentInfo.parameters : null);
      results.push({
        space: spaceName, arch, kernel: space.kernel, total: result.total, steps: result.steps,
        survivors: result.survivors.map((v) => ({
          id: v.id, parameters: v.parameters, registers: v.registers, activeBlocksPerSM: v.activeBlocksPerSM, occupancy: v.occupancy,
          normalizedEfficiency: v.normalizedEfficiency, normalizedUtilization: v.normalizedUtilization,
        })),
        current: currentInfo,
        timing: { source: timed.source, ranking },
        ...decideProposal(ranking, survivorIds, samples, currentInfo, parametersOf, config.thresholds),
      });
    }
  }
  return { kind: 'carve-retune', version: VERSION, results, diagnostics };
}

const ms = (value: number) => `${value.toFixed(4)} ms`;

function parametersText(parameters: Record<string, number | string> | null): string {
  return parameters ? Object.entries(parameters).map(([k, v]) => `\`${k}=${v}\``).join(' ') : '—';
}

/** The retune report as markdown: the issue body and the job summary. */
export function renderRetuneMarkdown(report: RetuneReport, baseDir = '.'): string {
  const changes = report.results.filter((r) => r.proposal.action === 'change');
  const lines = [
    '## Carve retune',
    changes.length
      ? `**${changes.length} of ${report.results.length} space/arch pairs have a faster configuration than \`current\`.**`
      : `No change proposed for ${report.results.length} space/arch pair${report.results.length === 1 ? '' : 's'}.`,
    problemsMarkdown(report.diagnostics.filter((d) => d.severity === 'error'), baseDir),
  ];
  for (const r of report.results) {
    lines.push(`### ${r.space} (${r.arch}): ${r.proposal.action === 'change' ? 'change proposed' : r.proposal.action === 'keep' ? 'keep current' : 'undecided'}`);
    lines.push(`${r.survivors.length} of ${r.total} variants survive carving; timing: ${r.timing.source === 'off' ? 'off' : `${r.timing.ranking.length} variants (${r.timing.source})`}.`);
    if (r.proposal.action === 'change') lines.push(`**Proposal:** ${parametersText(r.proposal.parameters)} (was ${parametersText(r.current?.parameters ?? null)}).`);
    lines.push(`${r.proposal.reason}.`);
    if (r.timing.ranking.length) {
      lines.push('| rank | variant | median | 95% CI | n | |', '|---|---|---|---|---|---|');
      for (const t of r.timing.ranking) {
        const tags = [r.best?.variant === t.variant ? 'best' : '', r.current?.id === t.variant ? 'current' : ''].filter(Boolean).join(', ');
        lines.push(`| ${t.rank} | \`${t.variant}\` | ${ms(t.medianMs)} | [${ms(t.ciLowMs)}, ${ms(t.ciHighMs)}] | ${t.n} | ${tags} |`);
      }
    } else {
      lines.push('| survivor | registers | blocks/SM | efficiency | utilization |', '|---|---|---|---|---|');
      for (const v of r.survivors) lines.push(`| \`${v.id}\` | ${v.registers ?? '?'} | ${v.activeBlocksPerSM ?? '?'} | ${v.normalizedEfficiency?.toFixed(3) ?? '?'} | ${v.normalizedUtilization?.toFixed(3) ?? '?'} |`);
    }
  }
  return lines.filter(Boolean).join('\n\n') + '\n';
}

export function retuneIssueTitle(report: RetuneReport): string {
  const changes = report.results.filter((r) => r.proposal.action === 'change');
  return changes.length ? `Carve retune: faster parameters for ${[...new Set(changes.map((r) => r.space))].join(', ')}` : 'Carve retune: current parameters hold';
}

export interface RetuneInput {
  config: CarveConfig;
  configPath: string;
  archs: string[];
  reportDir: string;
  diagnostics: Diagnostic[];
  timing: 'on' | 'off';
  token: string;
  repository: { owner: string; repo: string } | null;
  /** The issue marker's key (the check name), so two retune jobs keep one issue each. */
  key: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** Mode retune of the Action: retune.json, retune.md, the job summary, outputs, and the proposal issue. */
export async function runRetune(input: RetuneInput): Promise<void> {
  const report = await retune({
    config: input.config, configPath: input.configPath, archs: input.archs, timing: input.timing, cwd: input.cwd, root: input.cwd,
    cacheDir: path.join(input.env.RUNNER_TEMP ?? tmpdir(), 'carve-retune-cache'),
    log: (message) => core.info(message),
  });
  report.diagnostics.unshift(...input.diagnostics);
  mkdirSync(input.reportDir, { recursive: true });
  const reportPath = path.join(input.reportDir, 'retune.json');
  const markdownPath = path.join(input.reportDir, 'retune.md');
  const markdown = renderRetuneMarkdown(report, path.dirname(input.configPath));
  writeFileSync(reportPath, JSON.stringify(report, null, 2) + '\n');
  writeFileSync(markdownPath, markdown);
  const warnings: string[] = [];
  let issue: IssueResult | null = null;
  if (input.token && input.repository && report.results.length) {
    const retryBase = Number(input.env.CARVE_GITHUB_RETRY_BASE_MS);
    const client = createGitHubClient(input.token, {
      baseUrl: input.env.GITHUB_API_URL || undefined,
      retryBaseMs: Number.isFinite(retryBase) && retryBase > 0 ? retryBase : undefined,
      log: (message) => core.info(`carve: ${message}`),
    });
    try {
      issue = await upsertMarkedIssue(client, input.repository, { title: retuneIssueTitle(report), body: markdown, marker: issueMarker(`retune:${input.key}`), label: RETUNE_ISSUE_LABEL });
      core.info(`carve: retune issue #${issue.number} ${issue.action} (${issue.url})`);
    } catch (error) {
      warnings.push(`could not open or update the retune issue: ${(error as { status?: number }).status ?? ''} ${(error as Error).message}`.replace('  ', ' '));
    }
  } else if (!input.token) {
    warnings.push('no github-token: no issue was opened; the proposal is in retune.md');
  }
  for (const warning of warnings) core.warning(`carve: ${warning}`);
  await writeSummary(markdown, warnings, input.env);
  const errors = report.diagnostics.filter((d) => d.severity === 'error' && (d.stage === 'config' || !report.results.length));
  core.setOutput('report-path', reportPath);
  core.setOutput('comment-path', markdownPath);
  core.setOutput('findings', String(report.results.filter((r) => r.proposal.action === 'change').length));
  core.setOutput('regressions', '0');
  core.setOutput('conclusion', errors.length ? 'failure' : 'success');
  if (errors.length) core.setFailed(`carve: ${errors[0].message}`);
}
