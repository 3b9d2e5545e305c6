// Timers for the refinement stage (src/analysis/carving/refine.ts): recorded timings (offline
// evaluation and tests: the samples measured when every variant was timed), and the generated
// harness (built once, one run per round) on this machine's GPU.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../model/types.js';
import type { HarnessEntry } from './manifest.js';
import type { TimingRecord } from './results.js';
import { buildHarness, runExternalBenchmark, runHarnessBinary } from './run.js';

export interface TimerOutput {
  records: Array<Pick<TimingRecord, 'variant' | 'samplesMs' | 'status' | 'error'>>;
  diagnostics: Diagnostic[];
}
export type Timer = (ids: string[]) => Promise<TimerOutput>;

/** Answers from recorded timings (first `samples` samples of each); a variant without one is an error record. */
export function recordedTimer(
  records: readonly TimingRecord[],
  space: string | null = null,
  samples?: number,
): Timer & { calls: string[][] } {
  const byId = new Map(records.filter((r) => space === null || r.space === null || r.space === space).map((r) => [r.variant, r]));
  const calls: string[][] = [];
  const timer = async (ids: string[]): Promise<TimerOutput> => {
    calls.push(ids);
    return {
      diagnostics: [],
      records: ids.map((id) => {
        const record = byId.get(id);
        if (!record || record.status !== 'ok')
          return { variant: id, samplesMs: [], status: 'error' as const, error: record?.error ?? 'no recorded timing' };
        return {
          variant: id,
          samplesMs: samples ? record.samplesMs.slice(0, samples) : record.samplesMs,
          status: 'ok' as const,
          error: null,
        };
      }),
    };
  };
  return Object.assign(timer, { calls });
}

/** A timer holding a scratch folder until `close()`. */
export type ClosableTimer = Timer & { close(): void };

/** Times with the generated harness (built on first use, in a scratch folder `close()` removes) or the config's timing.command. */
export function harnessTimer(
  entriesFor: (ids: string[]) => HarnessEntry[],
  options: { command?: string; env?: Record<string, string>; cwd: string; log?: (message: string) => void },
): ClosableTimer {
  let binary: string | null | undefined;
  let work: string | null = null;
  let round = 0;
  const timer: Timer = async (ids) => {
    round++;
    if (options.command) {
      options.log?.(`timing ${ids.length} variants with \`${options.command}\``);
      const run = await runExternalBenchmark(options.command, { ...options.env, CARVE_VARIANTS: ids.join(' ') }, options.cwd);
      return { records: run.records, diagnostics: run.diagnostics };
    }
    const diagnostics: Diagnostic[] = [];
    if (binary === undefined) {
      work = mkdtempSync(path.join(tmpdir(), 'carve-time-'));
      const built = await buildHarness(work);
      binary = built.binary;
      diagnostics.push(...built.diagnostics);
    }
    if (!binary || !work) return { records: [], diagnostics };
    const entries = entriesFor(ids);
    options.log?.(`timing ${entries.length} variants with the generated harness`);
    const run = await runHarnessBinary(binary, entries, work, `round-${round}.manifest`);
    return { records: run.records, diagnostics: [...diagnostics, ...run.diagnostics] };
  };
  return Object.assign(timer, {
    close: () => {
      if (work) rmSync(work, { recursive: true, force: true });
    },
  });
}
