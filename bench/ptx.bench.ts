// PTX front-end throughput: parse, and parse + analyse (CFG, dominators, loops with trip
// counts, weights, instruction mix, regions), over a >= 20 MB corpus of modules made by
// instantiating the nvcc 13 fixture modules (loops, tiled SGEMM instantiations, varied
// kernels) under distinct names, one module per translation unit as `carve analyze` sees
// them. One core; best of 3 wall-clock runs.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { analyzeInstructions, buildCfg, findLoops, parsePtx, statementWeights } from '../src/ptx/index.js';
import type { BenchResult } from './run.js';

const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/ptx');
const TARGET_BYTES = 20 * 1024 * 1024;

function corpus(): string[] {
  const base = ['loops.sm_90.ptx', 'sgemm.sm_90.ptx', 'kernels.sm_90.ptx', 'sgemm.sm_80.ptx'].map((f) => readFileSync(path.join(FIXTURES, f), 'utf8'));
  const modules: string[] = [];
  let bytes = 0;
  for (let copy = 0; bytes < TARGET_BYTES; copy++) {
    // One translation unit = the four fixture modules with every function renamed, as
    // many template instantiations would be.
    const text = base.join('\n').replace(/\.(entry|func)(\s+(?:\([^)]*\)\s*)?)(\w+)/g, (_s, kind: string, mid: string, name: string) => `.${kind}${mid}${name}_i${copy}`);
    modules.push(text);
    bytes += text.length;
  }
  return modules;
}

function analyseModule(text: string): number {
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

function best(runs: number, work: () => void): { wallMs: number; cpuMs: number } {
  let wallMs = Infinity;
  let cpuMs = Infinity;
  for (let i = 0; i < runs; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    work();
    wallMs = Math.min(wallMs, performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuMs = Math.min(cpuMs, (used.user + used.system) / 1000);
  }
  return { wallMs, cpuMs };
}

export async function bench(): Promise<BenchResult[]> {
  const modules = corpus();
  const megabytes = modules.reduce((sum, m) => sum + Buffer.byteLength(m), 0) / (1024 * 1024);
  for (const m of modules.slice(0, 20)) analyseModule(m); // warm-up
  const parse = best(3, () => {
    for (const m of modules) parsePtx(m);
  });
  const all = best(3, () => {
    for (const m of modules) analyseModule(m);
  });
  // How fast this machine is: a bare charCodeAt scan (count newlines) of the same bytes.
  const scan = best(3, () => {
    let lines = 0;
    for (const m of modules) for (let i = 0; i < m.length; i++) if (m.charCodeAt(i) === 10) lines++;
    if (lines < 0) throw new Error('unreachable');
  });
  return [
    { name: `corpus (${modules.length} modules)`, value: megabytes, unit: 'MB' },
    { name: 'reference: bare charCodeAt scan', value: megabytes / (scan.wallMs / 1000), unit: 'MB/s' },
    { name: 'parse', value: megabytes / (parse.wallMs / 1000), unit: 'MB/s', target: { min: 50 } },
    { name: 'parse + analyse', value: megabytes / (all.wallMs / 1000), unit: 'MB/s', target: { min: 50 } },
    // CPU time of the process (includes V8's GC helper threads), for comparison on a busy machine.
    { name: 'parse + analyse per CPU-second', value: megabytes / (all.cpuMs / 1000), unit: 'MB/s' },
    { name: 'load average during the run', value: loadavg()[0], unit: '' },
  ];
}
