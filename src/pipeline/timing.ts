// Timing in the gate (input timing: on): the config's `timing.command` runs on each side —
// in the workspace for head, in the base worktree for base — with CARVE_SIDE set, and prints
// Carve timing JSON ({variant, samplesMs} per kernel). Samples pair by variant name, which
// names a kernel (mangled, demangled, or demangled without parameters); the compare engine
// then applies both the statistical and the practical threshold.
import { compareTimings, runExternalBenchmark, type TimingRecord } from '../timing/index.js';
import type { TimingComparisonInput } from '../analysis/compare/index.js';
import type { CarveReport, Diagnostic } from '../model/types.js';

export interface TimeSidesInput {
  command: string;
  headRoot: string;
  baseRoot: string;
  head: CarveReport;
  archs: readonly string[];
  alpha: number;
}

export async function timeSides(
  input: TimeSidesInput,
): Promise<{ comparisons: TimingComparisonInput[]; diagnostics: Diagnostic[]; notes: string[] }> {
  const diagnostics: Diagnostic[] = [];
  const notes: string[] = [];
  const sides = { base: input.baseRoot, head: input.headRoot } as const;
  const records: Record<'base' | 'head', Map<string, TimingRecord>> = { base: new Map(), head: new Map() };
  for (const side of ['base', 'head'] as const) {
    const run = await runExternalBenchmark(input.command, { CARVE_SIDE: side }, sides[side]);
    diagnostics.push(...run.diagnostics.map((d) => ({ ...d, message: `${side}: ${d.message}` })));
    for (const record of run.records) if (record.status === 'ok' && record.samplesMs.length) records[side].set(record.variant, record);
  }
  const comparisons: TimingComparisonInput[] = [];
  for (const [variant, head] of records.head) {
    const base = records.base.get(variant);
    if (!base) {
      notes.push(`Timing: \`${variant}\` has samples on head only; not compared.`);
      continue;
    }
    if (base.samplesMs.length < 3 || head.samplesMs.length < 3) {
      notes.push(`Timing: \`${variant}\` has fewer than 3 samples on a side; no test is possible.`);
      continue;
    }
    const kernel = input.head.kernels.find(
      (k) => k.name === variant || k.displayName === variant || k.displayName.replace(/\(.*$/, '') === variant,
    );
    const arch = kernel?.arch ?? input.archs[0] ?? 'unknown';
    const { significant: _significant, ...comparison } = compareTimings(base.samplesMs, head.samplesMs, input.alpha, {
      kernel: kernel?.name ?? variant,
      arch,
    });
    comparisons.push(comparison);
  }
  notes.push(`Timed ${comparisons.length} kernel(s) on both sides with \`${input.command}\`.`);
  return { comparisons, diagnostics, notes };
}
