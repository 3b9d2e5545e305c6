// Static per-thread instruction counts next to ncu's executed SASS thread instructions per
// thread, measured on an H100 (device/ptx-inst/run.sh) for the committed fixture PTX.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeInstructions, buildCfg, findLoops, parsePtx, statementWeights } from '../../src/ptx/index.js';

const DIR = path.resolve(import.meta.dirname, '../fixtures/ptx');

export interface KernelRatio {
  kernel: string;
  ptxInstructionsPerThread: number;
  weightedPerThread: number;
  sassInstructionsPerThread: number;
  /** perThread.instructions / SASS thread instructions per thread. */
  ratio: number;
  weightedRatio: number;
  unknownBranchesCountedTaken: boolean;
}

/** ncu rows are in launch order (launches.txt): ID -> kernel; metrics parsed from --csv --print-units base. */
export function measurements(): Map<string, Record<string, number>> {
  const launches = readFileSync(path.join(DIR, 'h100/launches.txt'), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split(/\s+/));
  const rows = readFileSync(path.join(DIR, 'h100/ncu.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => JSON.parse(`[${l}]`) as string[]);
  const byKernel = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const kernel = launches[Number(row[0])][1];
    const metrics = byKernel.get(kernel) ?? {};
    metrics[row[12]] = Number(row[14].replace(/,/g, ''));
    byKernel.set(kernel, metrics);
  }
  return byKernel;
}

/** Integer kernel arguments of each launch, keyed by parameter index (the values the analysis is given). */
export function launchArguments(): Map<string, Record<string, number>> {
  const result = new Map<string, Record<string, number>>();
  for (const line of readFileSync(path.join(DIR, 'h100/launches.txt'), 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const parts = line.split(/\s+/);
    const values: Record<string, number> = {};
    parts.slice(6).forEach((arg, index) => {
      if (arg.startsWith('i:')) values[String(index)] = Number(arg.slice(2));
    });
    result.set(parts[1], values);
  }
  return result;
}

export function kernelRatios(): KernelRatio[] {
  const measured = measurements();
  const args = launchArguments();
  const ratios: KernelRatio[] = [];
  for (const name of ['loops', 'sgemm', 'kernels']) {
    const { module } = parsePtx(readFileSync(path.join(DIR, `${name}.sm_90.ptx`), 'utf8'));
    for (const fn of module.functions) {
      const metrics = measured.get(fn.name);
      if (!metrics) continue;
      const options = { defines: args.get(fn.name) ?? {} };
      const cfg = buildCfg(fn);
      const loops = findLoops(cfg, options);
      const a = analyzeInstructions(module, fn, cfg, loops, statementWeights(cfg, loops), options);
      const sass = metrics['smsp__thread_inst_executed.sum'] / metrics['launch__thread_count'];
      const round = (x: number) => Math.round(x * 10000) / 10000;
      ratios.push({
        kernel: fn.name,
        ptxInstructionsPerThread: a.perThread.instructions,
        weightedPerThread: a.mix.weightedDynamic,
        sassInstructionsPerThread: round(sass),
        ratio: round(a.perThread.instructions / sass),
        weightedRatio: round(a.mix.weightedDynamic / sass),
        unknownBranchesCountedTaken: a.perThread.unknownBranchesCountedTaken,
      });
    }
  }
  return ratios;
}
