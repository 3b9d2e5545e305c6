// Timing a touched space's frontier on a GPU runner: head's and base's survivors plus
// `current`, with the driver-API harness, interleaved — every round times each variant once,
// base and head alternating which goes first — because launch order alone made an identical
// kernel 1.11x slower when one side was timed after the other. A regression is head's fastest
// survivor slower than base's by the kernel-timing thresholds (p < timingAlpha and a slowdown
// of at least timingMinSlowdownPercent).
import { regressionFinding } from '../analysis/compare/index.js';
import { harnessEntries, type VariantBuild } from '../analysis/carving/index.js';
import type { Thresholds } from '../config/types.js';
import type { Diagnostic, Finding, FrontierTimingSummary } from '../report/types.js';
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

export async function timeFrontier(input: FrontierTimingInput): Promise<{ timing: FrontierTimingSummary; findings: Finding[]; diagnostics: Diagnostic[] }> {
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
  const variants: FrontierTimingSummary['variants'] = [];
  for (const [side, entries] of [['base', base], ['head', head]] as const) {
    for (const entry of entries) {
      const key = `${entry.space}|${entry.id}`;
      const measured = samples.get(key) ?? [];
      variants.push({ side, id: entry.id, medianMs: measured.length ? median(measured) : null, samples: measured.length, error: errors.get(key) ?? null });
    }
  }
  const fastest = (side: 'base' | 'head', survivors: string[]) => variants
    .filter((v) => v.side === side && survivors.includes(v.id) && v.medianMs !== null && v.error === null)
    .sort((a, b) => a.medianMs! - b.medianMs! || a.id.localeCompare(b.id))[0] ?? null;
  const baseBest = fastest('base', input.base.survivors);
  const headBest = fastest('head', input.head.survivors);
  const timing: FrontierTimingSummary = {
    rounds: input.rounds, samplesPerRound, variants,
    baseBest: baseBest && { id: baseBest.id, medianMs: baseBest.medianMs! },
    headBest: headBest && { id: headBest.id, medianMs: headBest.medianMs! },
    ratio: null, ratioCiLow: null, ratioCiHigh: null, pValue: null,
  };
  const findings: Finding[] = [];
  if (baseBest && headBest) {
    const compared = compareTimings(samples.get(`base/${input.space}|${baseBest.id}`)!, samples.get(`head/${input.space}|${headBest.id}`)!, input.thresholds.timingAlpha, { kernel: input.kernel, arch: input.arch });
    Object.assign(timing, { ratio: compared.ratio, ratioCiLow: compared.ratioCiLow, ratioCiHigh: compared.ratioCiHigh, pValue: compared.pValue });
    const finding = regressionFinding(compared, { name: input.kernel, displayName: input.kernel, arch: input.arch, file: input.file }, input.thresholds);
    if (finding) {
      findings.push({
        ...finding,
        title: `space ${input.space}: head's fastest survivor ${headBest.id} is ${finding.title} than base's ${baseBest.id}`,
        evidence: { ...finding.evidence, space: input.space, baseBest: baseBest.id, headBest: headBest.id, rounds: input.rounds, interleaved: true },
      });
    }
  }
  return { timing, findings, diagnostics };
}
