// Timing a touched space's frontier on a GPU runner: head's and base's survivors plus
// `current`, with the driver-API harness, interleaved — every round times each variant once,
// base and head alternating which goes first — because launch order alone made an identical
// kernel 1.11x slower when one side was timed after the other. A regression is head's fastest
// survivor slower than base's by the kernel-timing thresholds (p < timingAlpha and a slowdown
// of at least timingMinSlowdownPercent).
import { regressionFinding } from '../analysis/compare/index.js';
import { harnessEntries, type VariantBuild } from '../analysis/carving/index.js';
import type { Thresholds } from '../config/types.js';
import type { Diagnostic, Finding, FrontierTimingSummary } from '../model/types.js';
import { buildHarness, compareTimings, median, runHarnessBinary, type HarnessEntry } from '../timing/index.js';

export interface FrontierTimingInput {
  space: string;
  kernel: string;
  arch: string;
  file: string | null;
  base: { builds: VariantBuild[]; survivors: string[] };
  head: { builds: VariantBuild[]; survivors: string[] };
  currentId: string | null;
  timing: { warmup: number; samples: number };
  thresholds: Thresholds;
  rounds: number;
  workDir: string;
}

/** Entry order of one round: pairs (base_i, head_i), base first on even rounds, head first on odd. */
export function interleave(base: HarnessEntry[], head: HarnessEntry[], round: number): HarnessEntry[] {
  const order: HarnessEntry[] = [];
  for (let i = 0; i < Math.max(base.length, head.length); i++) {
    const pair = [base[i], head[i]].filter((e): e is HarnessEntry => e !== undefined);
    order.push(...(round % 2 === 0 ? pair : pair.reverse()));
  }
  return order;
}

export interface MeasuredVariant {
  side: 'base' | 'head';
  id: string;
  survivor: boolean;
  samplesMs: number[];
  error: string | null;
}

/**
 * The decision, from measured samples: each side's fastest measured variant (its survivors and
 * `current` — a configuration carving pruned can still be the fastest, and comparing survivors
 * alone would blame the change for the pruning), then the kernel-timing regression test.
 */
export function frontierTimingVerdict(
  input: Pick<FrontierTimingInput, 'space' | 'kernel' | 'arch' | 'file' | 'thresholds' | 'rounds'> & {
    samplesPerRound: number;
    variants: MeasuredVariant[];
  },
): { timing: FrontierTimingSummary; findings: Finding[] } {
  const fastest = (side: 'base' | 'head') =>
    input.variants
      .filter((v) => v.side === side && v.samplesMs.length > 0 && v.error === null)
      .map((v) => ({ ...v, medianMs: median(v.samplesMs) }))
      .sort((a, b) => a.medianMs - b.medianMs || a.id.localeCompare(b.id))[0] ?? null;
  const baseBest = fastest('base');
  const headBest = fastest('head');
  const timing: FrontierTimingSummary = {
    rounds: input.rounds,
    samplesPerRound: input.samplesPerRound,
    variants: input.variants.map((v) => ({
      side: v.side,
      id: v.id,
      survivor: v.survivor,
      medianMs: v.samplesMs.length ? median(v.samplesMs) : null,
      samples: v.samplesMs.length,
      samplesMs: v.samplesMs,
      error: v.error,
    })),
    baseBest: baseBest && { id: baseBest.id, medianMs: baseBest.medianMs },
    headBest: headBest && { id: headBest.id, medianMs: headBest.medianMs },
    ratio: null,
    ratioCiLow: null,
    ratioCiHigh: null,
    pValue: null,
  };
  const findings: Finding[] = [];
  if (baseBest && headBest) {
    const compared = compareTimings(baseBest.samplesMs, headBest.samplesMs, input.thresholds.timingAlpha, {
      kernel: input.kernel,
      arch: input.arch,
    });
    Object.assign(timing, {
      ratio: compared.ratio,
      ratioCiLow: compared.ratioCiLow,
      ratioCiHigh: compared.ratioCiHigh,
      pValue: compared.pValue,
    });
    const finding = regressionFinding(
      compared,
      { name: input.kernel, displayName: input.kernel, arch: input.arch, file: input.file },
      input.thresholds,
    );
    if (finding) {
      findings.push({
        ...finding,
        title: `space ${input.space}: head's fastest variant ${headBest.id} is ${finding.title} than base's ${baseBest.id}`,
        evidence: {
          ...finding.evidence,
          space: input.space,
          baseBest: baseBest.id,
          headBest: headBest.id,
          rounds: input.rounds,
          interleaved: true,
        },
      });
    }
  }
  return { timing, findings };
}

export async function timeFrontier(
  input: FrontierTimingInput,
): Promise<{ timing: FrontierTimingSummary; findings: Finding[]; diagnostics: Diagnostic[] }> {
  const samplesPerRound = Math.max(1, Math.ceil(input.timing.samples / input.rounds));
  const perRound = { warmup: input.timing.warmup, samples: samplesPerRound };
  const idsOf = (survivors: string[]) => [...new Set([...survivors, ...(input.currentId ? [input.currentId] : [])])];
  const base = harnessEntries(idsOf(input.base.survivors), input.base.builds, input.kernel, perRound, `base/${input.space}`);
  const head = harnessEntries(idsOf(input.head.survivors), input.head.builds, input.kernel, perRound, `head/${input.space}`);
  const samples = new Map<string, number[]>();
  const errors = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  const built = await buildHarness(input.workDir);
  diagnostics.push(...built.diagnostics);
  for (let round = 0; built.binary && round < input.rounds; round++) {
    const run = await runHarnessBinary(built.binary, interleave(base, head, round), input.workDir, `round-${round}.manifest`);
    if (round === 0 || run.diagnostics.some((d) => d.severity === 'error')) diagnostics.push(...run.diagnostics);
    for (const record of run.records) {
      const key = `${record.space}|${record.variant}`;
      if (record.status === 'error') errors.set(key, record.error ?? 'failed');
      else samples.set(key, [...(samples.get(key) ?? []), ...record.samplesMs]);
    }
    if (run.records.length === 0) break; // no device: one diagnostic, not one per round
  }
  const variants: MeasuredVariant[] = [];
  for (const [side, entries, survivors] of [
    ['base', base, input.base.survivors],
    ['head', head, input.head.survivors],
  ] as const) {
    for (const entry of entries) {
      const key = `${entry.space}|${entry.id}`;
      variants.push({
        side,
        id: entry.id,
        survivor: survivors.includes(entry.id),
        samplesMs: samples.get(key) ?? [],
        error: errors.get(key) ?? null,
      });
    }
  }
  const { timing, findings } = frontierTimingVerdict({ ...input, samplesPerRound, variants });
  return { timing, findings, diagnostics };
}
