// Retune (nightly): carve every configured variant space for every arch, time the survivors and
// the space's `current` parameters (the generated harness on a GPU runner, the config's
// timing.command, or timing results measured elsewhere), and propose the fastest survivor when
// it beats `current` by both the statistical (timingAlpha) and the practical
// (timingMinSlowdownPercent) threshold (retune-proposal.ts decides). The engine of the Action's
// retune mode (src/action/retune.ts) and of `carve retune`; no @actions/core here.
import {
  carveSpace,
  harnessEntries,
  pointerSegment,
  refineByTiming,
  type CarveResult,
  type RefineOptions,
  type Refinement,
  type VariantBuild,
} from '../analysis/carving/index.js';
import type { CarveConfig, SpaceConfig } from '../config/types.js';
import type { Diagnostic } from '../model/types.js';
import { harnessTimer, rankTimings, recordedTimer, type ClosableTimer, type TimingRecord } from '../timing/index.js';
import { problemsMarkdown } from './render.js';
import { decideProposal, type RetuneSpaceResult } from './retune-proposal.js';
import { VERSION } from '../version.js';

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
  /** The timed stage's budget as a count (the CLI's --budget N), instead of carving.timingBudget. */
  timingBudgetCount?: number;
  /** Working directory of timing.command. */
  cwd: string;
  /** The Action's workspace: space sources must stay inside it (the CLI leaves it to carveSpace's default). */
  root?: string;
  jobs?: number;
  progress?: { write: (text: string) => void; isTTY: boolean };
  log?: (message: string) => void;
}

export type { RetuneSpaceResult, RetuneVariantTiming } from './retune-proposal.js';

export interface RetuneReport {
  kind: 'carve-retune';
  version: string;
  results: RetuneSpaceResult[];
  diagnostics: Diagnostic[];
}

/** The variant id of `current` in the space's parameter order; a missing parameter is a diagnostic. */
function currentOf(
  spaceName: string,
  space: SpaceConfig,
  configPath: string,
): { id: string; parameters: Record<string, number | string> } | Diagnostic | null {
  if (!space.current) return null;
  const names = Object.keys(space.parameters);
  const missing = names.filter((name) => !(name in space.current!));
  const extra = Object.keys(space.current).filter((name) => !names.includes(name));
  if (missing.length || extra.length) {
    return {
      severity: 'error',
      stage: 'config',
      file: configPath,
      jsonPath: `/spaces/${pointerSegment(spaceName)}/current`,
      message: `\`current\` must give every parameter of the space and no other${missing.length ? `; missing ${missing.join(', ')}` : ''}${extra.length ? `; unknown ${extra.join(', ')}` : ''}`,
    };
  }
  const parameters = Object.fromEntries(names.map((name) => [name, space.current![name]]));
  return { id: names.map((name) => `${name}=${parameters[name]}`).join(','), parameters };
}

/** The timed stage's budget given on the command line: a count or a share of the space. */
export type TimingBudget = { count: number } | { share: number };

/**
 * The timer of one carved space's timed stage (`carve carve --time`, retune): recorded timings
 * when given, else the config's timing.command or the generated harness; `close()` removes the
 * harness's scratch folder.
 */
export function spaceTimer(
  result: CarveResult,
  builds: VariantBuild[],
  space: SpaceConfig,
  config: CarveConfig,
  options: { timingRecords?: TimingRecord[] | null; cwd: string; log?: (message: string) => void },
): ClosableTimer {
  if (options.timingRecords) return Object.assign(recordedTimer(options.timingRecords, result.space), { close: () => undefined });
  return harnessTimer((ids) => harnessEntries(ids, builds, space.kernel, config.timing, result.space), {
    command: config.timing.command,
    env: { CARVE_SPACE: result.space, CARVE_ARCH: result.arch },
    cwd: options.cwd,
    log: options.log,
  });
}

/** The timed stage's options from the config (carving.timingBudget, carving.bankConflictPenalty), a budget given instead. */
export function refineOptions(config: CarveConfig, space: SpaceConfig, budget: TimingBudget | null = null): RefineOptions {
  return {
    budgetShare: budget && 'share' in budget ? budget.share : config.carving.timingBudget,
    budgetCount: budget && 'count' in budget ? budget.count : undefined,
    bankConflictPenalty: config.carving.bankConflictPenalty,
    parameterLists: space.parameters,
  };
}

/**
 * The timed refinement stage on one space (given records, timing.command or the harness), then
 * `current` when the stage did not time it: the records of everything timed.
 */
async function timeSpace(
  options: RetuneOptions,
  result: CarveResult,
  builds: VariantBuild[],
  space: SpaceConfig,
  currentId: string | null,
  diagnostics: Diagnostic[],
): Promise<{ source: RetuneSpaceResult['timing']['source']; records: TimingRecord[]; refinement: Refinement | null }> {
  if (options.timing === 'off') return { source: 'off', records: [], refinement: null };
  const { config } = options;
  const source: RetuneSpaceResult['timing']['source'] = options.timingRecords ? 'given' : config.timing.command ? 'command' : 'harness';
  const timer = spaceTimer(result, builds, space, config, {
    timingRecords: options.timingRecords,
    cwd: options.cwd,
    log: (message) => options.log?.(`carve: ${result.space} (${result.arch}): ${message}`),
  });
  try {
    const budget = options.timingBudgetCount === undefined ? null : { count: options.timingBudgetCount };
    const refinement = await refineByTiming(result, timer, refineOptions(config, space, budget));
    diagnostics.push(...refinement.diagnostics);
    const records = [...refinement.samples].map(([variant, samplesMs]) =>
      asRecord({ variant, samplesMs, status: 'ok', error: null }, result.space),
    );
    if (currentId && !refinement.rounds.some((r) => r.timed.includes(currentId))) {
      const timed = await timer([currentId]);
      diagnostics.push(...timed.diagnostics);
      for (const record of timed.records) if (record.variant === currentId) records.push(asRecord(record, result.space));
    }
    return { source, records, refinement };
  } finally {
    timer.close();
  }
}

function asRecord(
  record: { variant: string; samplesMs: number[]; status: 'ok' | 'error'; error: string | null },
  space: string,
): TimingRecord {
  return { ...record, space, parameters: null, registers: null, activeBlocksPerSM: null, device: null, held: null };
}

export async function retune(options: RetuneOptions): Promise<RetuneReport> {
  const { config } = options;
  const diagnostics: Diagnostic[] = [];
  const results: RetuneSpaceResult[] = [];
  const spaces = options.spaces ?? Object.keys(config.spaces);
  if (!spaces.length)
    diagnostics.push({
      severity: 'error',
      stage: 'config',
      file: options.configPath,
      jsonPath: '/spaces',
      message: 'retune needs at least one variant space under `spaces`',
    });
  for (const spaceName of spaces) {
    const space = config.spaces[spaceName];
    if (!space) {
      diagnostics.push({
        severity: 'error',
        stage: 'config',
        file: options.configPath,
        jsonPath: '/spaces',
        message: `no space '${spaceName}' (has: ${Object.keys(config.spaces).join(', ') || 'none'})`,
      });
      continue;
    }
    const current = currentOf(spaceName, space, options.configPath);
    if (current && 'severity' in current) {
      diagnostics.push(current);
      continue;
    }
    for (const arch of options.archs) {
      options.log?.(`carve: carving ${spaceName} for ${arch}`);
      const run = await carveSpace({
        config,
        spaceName,
        arch,
        cacheDir: options.cacheDir,
        configFile: options.configPath,
        jobs: options.jobs,
        progress: options.progress,
        root: options.root,
      });
      diagnostics.push(...run.diagnostics);
      if (!run.result) continue;
      const result = run.result;
      const byId = new Map(result.variants.map((v) => [v.id, v]));
      const currentInfo = current
        ? { ...current, status: byId.get(current.id)?.status ?? 'not in the space (excluded by a constraint or a value not listed)' }
        : null;
      const survivorIds = result.survivors.map((v) => v.id);
      const timed = await timeSpace(options, result, run.builds, space, currentInfo?.id ?? null, diagnostics);
      // The proposal may be any variant the timed stage timed (a survivor or one found near the measured best).
      const candidateIds = timed.refinement ? timed.refinement.rounds.flatMap((r) => r.timed) : survivorIds;
      const ok = timed.records.filter((r) => r.status === 'ok' && r.samplesMs.length);
      const ranking = rankTimings(ok, { seed: 1 }).map((r) => ({ variant: r.variant, rank: r.rank, ...r.stats }));
      const samples = new Map(ok.map((r) => [r.variant, r.samplesMs]));
      const parametersOf = (id: string) => byId.get(id)?.parameters ?? (currentInfo?.id === id ? currentInfo.parameters : null);
      results.push({
        space: spaceName,
        arch,
        kernel: space.kernel,
        total: result.total,
        steps: result.steps,
        survivors: result.survivors.map((v) => ({
          id: v.id,
          parameters: v.parameters,
          registers: v.registers,
          activeBlocksPerSM: v.activeBlocksPerSM,
          occupancy: v.occupancy,
          normalizedEfficiency: v.normalizedEfficiency,
          normalizedUtilization: v.normalizedUtilization,
        })),
        current: currentInfo,
        timing: {
          source: timed.source,
          ranking,
          refinement: timed.refinement && {
            budget: timed.refinement.budget,
            timed: timed.refinement.timedCount,
            rounds: timed.refinement.rounds.length,
            notes: timed.refinement.notes,
            gpuSeconds: timed.refinement.gpuMs / 1000,
          },
        },
        ...decideProposal(ranking, candidateIds, samples, currentInfo, parametersOf, config.thresholds),
      });
    }
  }
  return { kind: 'carve-retune', version: VERSION, results, diagnostics };
}

const ms = (value: number) => `${value.toFixed(4)} ms`;

function parametersText(parameters: Record<string, number | string> | null): string {
  return parameters
    ? Object.entries(parameters)
        .map(([k, v]) => `\`${k}=${v}\``)
        .join(' ')
    : '—';
}

/** The retune report as markdown: the issue body and the job summary. */
export function renderRetuneMarkdown(report: RetuneReport, baseDir = '.'): string {
  const changes = report.results.filter((r) => r.proposal.action === 'change');
  const lines = [
    '## Carve retune',
    changes.length
      ? `**${changes.length} of ${report.results.length} space/arch pairs have a faster configuration than \`current\`.**`
      : `No change proposed for ${report.results.length} space/arch pair${report.results.length === 1 ? '' : 's'}.`,
    problemsMarkdown(
      report.diagnostics.filter((d) => d.severity === 'error'),
      baseDir,
    ),
  ];
  for (const r of report.results) {
    lines.push(
      `### ${r.space} (${r.arch}): ${r.proposal.action === 'change' ? 'change proposed' : r.proposal.action === 'keep' ? 'keep current' : 'undecided'}`,
    );
    lines.push(
      `${r.survivors.length} of ${r.total} variants survive carving; timing: ${r.timing.source === 'off' ? 'off' : `${r.timing.ranking.length} variants (${r.timing.source})`}.`,
    );
    const refined = r.timing.refinement;
    if (refined)
      lines.push(
        `Timed stage: ${refined.timed} of a budget of ${refined.budget} variants in ${refined.rounds} round(s)${refined.notes.length ? ` (${refined.notes.join('; ')})` : ''}.`,
      );
    if (r.proposal.action === 'change')
      lines.push(`**Proposal:** ${parametersText(r.proposal.parameters)} (was ${parametersText(r.current?.parameters ?? null)}).`);
    lines.push(`${r.proposal.reason}.`);
    if (r.timing.ranking.length) {
      lines.push('| rank | variant | median | 95% CI | n | |', '|---|---|---|---|---|---|');
      for (const t of r.timing.ranking) {
        const tags = [r.best?.variant === t.variant ? 'best' : '', r.current?.id === t.variant ? 'current' : ''].filter(Boolean).join(', ');
        lines.push(`| ${t.rank} | \`${t.variant}\` | ${ms(t.medianMs)} | [${ms(t.ciLowMs)}, ${ms(t.ciHighMs)}] | ${t.n} | ${tags} |`);
      }
    } else {
      lines.push('| survivor | registers | blocks/SM | efficiency | utilization |', '|---|---|---|---|---|');
      for (const v of r.survivors)
        lines.push(
          `| \`${v.id}\` | ${v.registers ?? '?'} | ${v.activeBlocksPerSM ?? '?'} | ${v.normalizedEfficiency?.toFixed(3) ?? '?'} | ${v.normalizedUtilization?.toFixed(3) ?? '?'} |`,
        );
    }
  }
  return lines.filter(Boolean).join('\n\n') + '\n';
}

export function retuneIssueTitle(report: RetuneReport): string {
  const changes = report.results.filter((r) => r.proposal.action === 'change');
  return changes.length
    ? `Carve retune: faster parameters for ${[...new Set(changes.map((r) => r.space))].join(', ')}`
    : 'Carve retune: current parameters hold';
}
