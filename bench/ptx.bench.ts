// PTX front-end throughput: parse, and parse + analyse (CFG, dominators, loops with trip
// counts, weights, instruction mix, regions), over a >= 20 MB corpus made by repeating the
// nvcc 13 fixture modules (loops, tiled SGEMM instantiations, varied kernels). One core.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeInstructions, buildCfg, findLoops, parsePtx, statementWeights } from '../src/ptx/index.js';
import type { BenchResult } from './run.js';

const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/ptx');
const TARGET_BYTES = 20 * 1024 * 1024;

function corpus(): string {
  const modules = ['loops.sm_90.ptx', 'sgemm.sm_90.ptx', 'kernels.sm_90.ptx', 'sgemm.sm_80.ptx'].map((f) => readFileSync(path.join(FIXTURES, f), 'utf8'));
  const parts: string[] = [];
  let bytes = 0;
  for (let copy = 0; bytes < TARGET_BYTES; copy++) {
    for (const m of modules) {
      // Distinct function names per copy, as many template instantiations would have.
      const text = m.replace(/\.(entry|func)(\s+(?:\([^)]*\)\s*)?)(\w+)/g, (_s, kind: string, mid: string, name: string) => `.${kind}${mid}${name}_${copy}`);
      parts.push(text);
      bytes += text.length;
    }
  }
  return parts.join('\n');
}

function analyseAll(text: string): number {
  const { module } = parsePtx(text);
  let instructions = 0;
  for (const fn of module.functions) {
    if (!fn.hasBody) continue;
    const cfg = buildCfg(fn);
    const loops = findLoops(cfg, {});
    const weights = statementWeights(cfg, loops);
    instructions += analyzeInstructions(module, fn, cfg, loops, weights).perThread.instructions;
  }
  return instructions;
}

function best(runs: number, fn: () => void): number {
  let bestMs = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    bestMs = Math.min(bestMs, performance.now() - start);
  }
  return bestMs;
}

export async function bench(): Promise<BenchResult[]> {
  const text = corpus();
  const megabytes = Buffer.byteLength(text) / (1024 * 1024);
  parsePtx(text); // warm-up
  const parseMs = best(3, () => parsePtx(text));
  const analyseMs = best(3, () => analyseAll(text));
  return [
    { name: `corpus size`, value: megabytes, unit: 'MB' },
    { name: 'parse', value: megabytes / (parseMs / 1000), unit: 'MB/s', target: { min: 50 } },
    { name: 'parse + analyse', value: megabytes / (analyseMs / 1000), unit: 'MB/s', target: { min: 50 } },
  ];
}
