// PTX front-end throughput: parse, and parse + analyse (CFG, dominators, loops with trip
// counts, weights, instruction mix, regions), over a >= 20 MB corpus of modules made by
// instantiating the nvcc 13 fixture modules (loops, tiled SGEMM instantiations, varied
// kernels) under distinct names, one module per translation unit as `carve analyze` sees
// them. One core; best of 5 runs (the machine is shared: single runs vary by +-30%).
//
// Two modes: the TypeScript sources as tsx runs them, and the code as it ships (the CLI and
// the Action are esbuild bundles run by plain node, see scripts/bundle.mjs): the same
// measurement bundled with the same esbuild options and run in a child `node` process.
// The target (50 MB/s) is checked against the shipped form; tsx's loader makes the sources
// slower to run (keepNames wrappers, source maps), so its figures are a reference.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { analyzeInstructions, buildCfg, findLoops, parsePtx, statementWeights } from '../src/ptx/index.js';
import type { BenchResult } from './run.js';

const TARGET_BYTES = 20 * 1024 * 1024;

function corpus(fixtures: string): string[] {
  const base = ['loops.sm_90.ptx', 'sgemm.sm_90.ptx', 'kernels.sm_90.ptx', 'sgemm.sm_80.ptx'].map((f) =>
    readFileSync(path.join(fixtures, f), 'utf8'),
  );
  const modules: string[] = [];
  let bytes = 0;
  for (let copy = 0; bytes < TARGET_BYTES; copy++) {
    // One translation unit = the four fixture modules with every function renamed, as
    // many template instantiations would be.
    const text = base
      .join('\n')
      .replace(
        /\.(entry|func)(\s+(?:\([^)]*\)\s*)?)(\w+)/g,
        (_s, kind: string, mid: string, name: string) => `.${kind}${mid}${name}_i${copy}`,
      );
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

/** MB/s figures of one mode. */
export interface PtxThroughput {
  modules: number;
  megabytes: number;
  scanMBps: number;
  parseMBps: number;
  parseCpuMBps: number;
  allMBps: number;
  allCpuMBps: number;
  instructions: number;
}

/** The measurement itself (also the entry of the bundled mode). */
export function measure(fixtures: string): PtxThroughput {
  const modules = corpus(fixtures);
  const megabytes = modules.reduce((sum, m) => sum + Buffer.byteLength(m), 0) / (1024 * 1024);
  for (const m of modules.slice(0, 20)) analyseModule(m); // warm-up
  const parse = best(5, () => {
    for (const m of modules) parsePtx(m);
  });
  let instructions = 0;
  const all = best(5, () => {
    instructions = 0;
    for (const m of modules) instructions += analyseModule(m);
  });
  // How fast this machine is: a bare charCodeAt scan (count newlines) of the same bytes.
  const scan = best(3, () => {
    let lines = 0;
    for (const m of modules) for (let i = 0; i < m.length; i++) if (m.charCodeAt(i) === 10) lines++;
    if (lines < 0) throw new Error('unreachable');
  });
  const rate = (ms: number) => megabytes / (ms / 1000);
  return {
    modules: modules.length,
    megabytes,
    scanMBps: rate(scan.wallMs),
    parseMBps: rate(parse.wallMs),
    parseCpuMBps: rate(parse.cpuMs),
    allMBps: rate(all.wallMs),
    allCpuMBps: rate(all.cpuMs),
    instructions,
  };
}

/** The same measurement as shipped: bundled like dist/ (scripts/bundle.mjs) and run by plain node. */
async function measureBundled(fixtures: string): Promise<PtxThroughput> {
  const { build } = await import('esbuild');
  const dir = mkdtempSync(path.join(tmpdir(), 'carve-ptx-bench-'));
  try {
    const outfile = path.join(dir, 'ptx-bench.mjs');
    await build({
      stdin: {
        contents: "import { measure } from './ptx.bench.ts';\nconsole.log(JSON.stringify(measure(process.argv[2])));\n",
        resolveDir: import.meta.dirname,
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      logLevel: 'warning',
      // esbuild itself is only needed by this function, which the child never calls.
      external: ['esbuild'],
    });
    return JSON.parse(execFileSync(process.execPath, [outfile, fixtures], { encoding: 'utf8', maxBuffer: 1 << 20 })) as PtxThroughput;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function bench(): Promise<BenchResult[]> {
  const fixtures = path.resolve(import.meta.dirname, '../test/fixtures/ptx');
  const shipped = await measureBundled(fixtures);
  const sources = measure(fixtures);
  if (shipped.instructions !== sources.instructions)
    throw new Error(`bundled and source analyses disagree: ${shipped.instructions} vs ${sources.instructions} instructions`);
  const target = { min: 50 };
  return [
    { name: `corpus (${shipped.modules} modules)`, value: shipped.megabytes, unit: 'MB' },
    { name: 'reference: bare charCodeAt scan (bundled)', value: shipped.scanMBps, unit: 'MB/s' },
    { name: 'parse (bundled, as shipped)', value: shipped.parseMBps, unit: 'MB/s', target },
    { name: 'parse per CPU-second (bundled)', value: shipped.parseCpuMBps, unit: 'MB/s' },
    { name: 'parse + analyse (bundled, as shipped)', value: shipped.allMBps, unit: 'MB/s', target },
    // CPU time of the process (includes V8's GC worker threads), for comparison on a busy machine.
    { name: 'parse + analyse per CPU-second (bundled)', value: shipped.allCpuMBps, unit: 'MB/s' },
    { name: 'reference: parse (sources under tsx)', value: sources.parseMBps, unit: 'MB/s' },
    { name: 'reference: parse + analyse (sources under tsx)', value: sources.allMBps, unit: 'MB/s' },
    { name: 'reference: parse + analyse per CPU-second (sources under tsx)', value: sources.allCpuMBps, unit: 'MB/s' },
    { name: 'load average during the run', value: loadavg()[0], unit: '' },
  ];
}
