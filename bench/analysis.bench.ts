// The whole analysis as `carve analyze` runs it (parse, CFG, loops, instruction mix, memory
// access and divergence analysis) on large unrolled kernels built by real nvcc from the
// repository's own generic sources (bench/kernels: 3-D stencils, warp-tiled SGEMMs), plus,
// when CARVE_BENCH_SOURCES names them (.cu files or directories, ':'-separated), any other
// sources: nothing third-party is in the repository, such sources are only read at bench
// time (CARVE_BENCH_INCLUDE: ':'-separated include directories for them).
//
// Per module: nvcc's time for the gate's own build of the source (compileCuda: front end to
// PTX with -lineinfo, then ptxas -v), with nvcc run under /usr/bin/time for the CPU time of
// nvcc and the tools it starts; and the analysis in a child process of the shipped form (the
// analysis bundled like dist/ and run by plain node, one module per process), which reports
// its own wall / CPU time (start-up excluded) and peak RSS. Ratios are CPU time to CPU time:
// on a shared machine CPU time moves less than wall time.
//
// CARVE_BENCH_PROFILE=DIR also writes a V8 CPU profile per module into DIR (node
// --cpu-prof); `node --import tsx bench/profile-summary.ts DIR` lists the hot spots.
// CARVE_BENCH_JSON=FILE writes the per-module figures as JSON. Afterwards every module is
// analysed again CARVE_BENCH_ROUNDS_STEADY times (default 6; 0: not) in one process, the steady
// state of the gate's and carving's worker threads; its last round is reported, without a target.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { compileCuda } from '../src/toolchain/index.js';
import type { BenchResult } from './run.js';

const NVCC = process.env.CARVE_NVCC ?? '/usr/local/cuda/bin/nvcc';
const EXTRA_SOURCES = (process.env.CARVE_BENCH_SOURCES ?? '').split(':').filter(Boolean);
const EXTRA_INCLUDES = (process.env.CARVE_BENCH_INCLUDE ?? '').split(':').filter(Boolean);
const ARCH = 'sm_90';

/** Repository-owned variants, ~50 to ~300 KB of PTX each (larger BK overflows 48 KB of static shared memory). */
const VARIANTS: Array<{ source: string; defines: Record<string, number> }> = [
  { source: 'stencil3d.cu', defines: { R: 4, TZ: 16 } },
  { source: 'stencil3d.cu', defines: { R: 8, TZ: 32 } },
  { source: 'stencil3d.cu', defines: { R: 8, TZ: 64 } },
  { source: 'warp_gemm.cu', defines: { BK: 16, WNITER: 4, TM: 8, TN: 4 } },
  { source: 'warp_gemm.cu', defines: { BK: 32, WNITER: 2, TM: 4, TN: 4 } },
  { source: 'warp_gemm.cu', defines: { BK: 32, WNITER: 4, TM: 8, TN: 4 } },
  { source: 'warp_gemm.cu', defines: { BM: 256, BN: 256, BK: 16, WM: 128, WN: 64, WNITER: 4, TM: 8, TN: 8 } },
];

interface ChildStats {
  wallMs: number;
  cpuMs: number;
  maxRssKB: number;
  kernels: number;
  accesses: number;
}
export interface ModuleFigures {
  name: string;
  ptxBytes: number;
  nvccWallMs: number;
  nvccCpuMs: number;
  analysis: ChildStats | { error: string };
  /** The built PTX and the ptxas resources the analysis read (for the steady-state run). */
  files?: { ptx: string; resources: string };
}

/** Rounds of the steady-state run; its last round is reported. */
const STEADY_ROUNDS = Number(process.env.CARVE_BENCH_ROUNDS_STEADY ?? 6);
interface SteadyState {
  rounds: Array<{ wallMs: number; cpuMs: number }>;
  maxRssKB: number;
}

function listCu(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (entry.endsWith('.cu')) return [entry];
  return readdirSync(entry, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.cu'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** nvcc wrapped in /usr/bin/time, appending "wall user sys" per call to `log`. */
function timedNvcc(dir: string, log: string): string {
  if (!existsSync('/usr/bin/time')) return NVCC;
  const wrapper = path.join(dir, 'nvcc');
  writeFileSync(wrapper, `#!/bin/sh\nexec /usr/bin/time -a -o '${log}' -f '%e %U %S' '${NVCC}' "$@"\n`);
  chmodSync(wrapper, 0o755);
  return wrapper;
}

async function bundleChild(dir: string): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = path.join(dir, 'analysis-child.mjs');
  await build({
    entryPoints: [path.join(import.meta.dirname, 'analysis-child.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __carveCreateRequire } from 'node:module';\nconst require = __carveCreateRequire(import.meta.url);",
    },
  });
  return outfile;
}

async function measureModule(
  name: string,
  source: string,
  defines: Record<string, number>,
  includeDirs: string[],
  work: string,
  child: string,
  nvcc: string,
  timeLog: string,
): Promise<ModuleFigures | null> {
  const outDir = path.join(work, name.replace(/[^\w.-]+/g, '_'));
  writeFileSync(timeLog, '');
  const start = performance.now();
  const built = await compileCuda({ source, arch: ARCH, outDir, defines, includeDirs, nvcc, cubin: false });
  const nvccWallMs = performance.now() - start;
  if (!built.ok || !built.ptxPath) return null;
  const nvccCpuMs = readFileSync(timeLog, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .reduce((sum, line) => {
      const [, user, sys] = line.split(' ').map(Number);
      return sum + (user + sys) * 1000;
    }, 0);
  const resources = path.join(outDir, 'resources.json');
  writeFileSync(resources, JSON.stringify(built.resources));
  const profile = process.env.CARVE_BENCH_PROFILE;
  const args = [
    ...(profile ? ['--cpu-prof', '--cpu-prof-dir', profile, '--cpu-prof-name', `${path.basename(outDir)}.cpuprofile`] : []),
    child,
    built.ptxPath,
    ARCH,
    resources,
  ];
  const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  const analysis =
    run.status === 0
      ? (JSON.parse(run.stdout) as ChildStats)
      : { error: `exit ${run.status}: ${run.stderr.trim().split('\n').slice(-2).join(' ')}` };
  return {
    name,
    ptxBytes: Buffer.byteLength(built.ptx ?? ''),
    nvccWallMs,
    nvccCpuMs: nvccCpuMs || nvccWallMs,
    analysis,
    files: { ptx: built.ptxPath, resources },
  };
}

/**
 * Every analysed module again, STEADY_ROUNDS times in one child process: what a worker thread of
 * the gate or of carving, which analyses unit after unit, spends once V8 has compiled and
 * optimised the analysis (a one-module process pays that warm-up inside its measured time).
 */
function measureSteadyState(child: string, modules: ModuleFigures[]): SteadyState | { error: string } {
  const pairs = modules.flatMap((m) => (m.files ? [m.files.ptx, m.files.resources] : []));
  const run = spawnSync(process.execPath, [child, '--rounds', String(STEADY_ROUNDS), ARCH, ...pairs], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return run.status === 0
    ? (JSON.parse(run.stdout) as SteadyState)
    : { error: `exit ${run.status}: ${run.stderr.trim().split('\n').slice(-1)[0]}` };
}

export async function measureCorpus(): Promise<{
  figures: ModuleFigures[];
  failedBuilds: string[];
  steady: SteadyState | { error: string } | null;
}> {
  const work = mkdtempSync(path.join(tmpdir(), 'carve-analysis-bench-'));
  try {
    // With a profile, the bundle stays beside it: profile-summary.ts maps its lines to modules.
    const profile = process.env.CARVE_BENCH_PROFILE;
    if (profile) mkdirSync(profile, { recursive: true });
    const child = await bundleChild(profile ?? work);
    const timeLog = path.join(work, 'nvcc-times.txt');
    const nvcc = timedNvcc(work, timeLog);
    const figures: ModuleFigures[] = [];
    const failedBuilds: string[] = [];
    for (const v of VARIANTS) {
      const name = `${v.source.replace('.cu', '')} ${Object.entries(v.defines)
        .map(([k, x]) => `${k}=${x}`)
        .join(' ')}`;
      const f = await measureModule(name, path.join(import.meta.dirname, 'kernels', v.source), v.defines, [], work, child, nvcc, timeLog);
      if (f) figures.push(f);
      else failedBuilds.push(name);
    }
    for (const entry of EXTRA_SOURCES) {
      for (const file of listCu(entry)) {
        const name = entry.endsWith('.cu') ? path.basename(file) : path.join(path.basename(entry), path.relative(entry, file));
        const f = await measureModule(name, file, {}, [path.dirname(file), ...EXTRA_INCLUDES], work, child, nvcc, timeLog);
        if (f) figures.push(f);
        else failedBuilds.push(name);
      }
    }
    const analysed = figures.filter((f) => !('error' in f.analysis) && f.analysis.kernels > 0);
    const steady = analysed.length && STEADY_ROUNDS > 0 ? measureSteadyState(child, analysed) : null;
    return { figures, failedBuilds, steady };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
};

export async function bench(): Promise<BenchResult[]> {
  const { figures, failedBuilds, steady } = await measureCorpus();
  if (process.env.CARVE_BENCH_JSON)
    writeFileSync(
      process.env.CARVE_BENCH_JSON,
      JSON.stringify({ arch: ARCH, loadavg: loadavg()[0], failedBuilds, figures, steady }, null, 2) + '\n',
    );
  const results: BenchResult[] = [];
  // Modules without a kernel (host-only units) measure nothing but start-up.
  const ok = figures.filter((f): f is ModuleFigures & { analysis: ChildStats } => !('error' in f.analysis) && f.analysis.kernels > 0);
  for (const f of figures) {
    const kb = (f.ptxBytes / 1024).toFixed(0);
    if ('error' in f.analysis) {
      results.push({ name: `${f.name} (${kb} KB PTX): analysis FAILED ${f.analysis.error}`, value: NaN, unit: '' });
      continue;
    }
    const a = f.analysis;
    if (a.kernels === 0) continue;
    const mbps = f.ptxBytes / 1e6 / (a.cpuMs / 1000);
    results.push({
      name: `${f.name} (${kb} KB PTX, ${a.accesses} sites; analysis ${a.cpuMs.toFixed(0)} ms CPU, ${mbps.toPrecision(3)} MB/s, RSS ${(a.maxRssKB / 1024).toFixed(0)} MB; nvcc ${f.nvccCpuMs.toFixed(0)} ms CPU): analysis / nvcc`,
      value: a.cpuMs / f.nvccCpuMs,
      unit: 'x',
    });
  }
  if (ok.length) {
    const bytes = ok.reduce((s, f) => s + f.ptxBytes, 0);
    const cpu = ok.reduce((s, f) => s + f.analysis.cpuMs, 0);
    const nvccCpu = ok.reduce((s, f) => s + f.nvccCpuMs, 0);
    results.push({
      name: `${ok.length} modules: median of analysis / nvcc CPU time`,
      value: median(ok.map((f) => f.analysis.cpuMs / f.nvccCpuMs)),
      unit: 'x',
      target: { max: 0.25 },
    });
    results.push({
      name: `${ok.length} modules: total analysis / total nvcc CPU time`,
      value: cpu / nvccCpu,
      unit: 'x',
      target: { max: 0.25 },
    });
    results.push({
      name: `${ok.length} modules (${(bytes / 1e6).toFixed(2)} MB PTX): analysis per CPU-second`,
      value: bytes / 1e6 / (cpu / 1000),
      unit: 'MB/s',
      target: { min: 5 },
    });
    if (steady && 'error' in steady) results.push({ name: `steady state: FAILED ${steady.error}`, value: NaN, unit: '' });
    else if (steady && steady.rounds.length) {
      // No target: the targets above are for `carve analyze`, one module per process.
      const last = steady.rounds[steady.rounds.length - 1];
      const first = steady.rounds[0];
      const label = `steady state, all ${ok.length} modules in one process, round ${steady.rounds.length} of ${steady.rounds.length} (round 1: ${first.cpuMs.toFixed(0)} ms CPU; round ${steady.rounds.length}: ${last.cpuMs.toFixed(0)} ms CPU, ${last.wallMs.toFixed(0)} ms wall)`;
      results.push({ name: `${label}: analysis per CPU-second`, value: bytes / 1e6 / (last.cpuMs / 1000), unit: 'MB/s' });
      results.push({ name: `${label}: total analysis / total nvcc CPU time`, value: last.cpuMs / nvccCpu, unit: 'x' });
    }
    const largest = ok.reduce((a, b) => (b.ptxBytes > a.ptxBytes ? b : a));
    const worstRss = ok.reduce((a, b) => (b.analysis.maxRssKB > a.analysis.maxRssKB ? b : a));
    // The peak-memory target (300 MB) is for a 1 MB module.
    results.push({
      name: `largest module (${largest.name}, ${(largest.ptxBytes / 1024).toFixed(0)} KB): peak RSS`,
      value: largest.analysis.maxRssKB / 1024,
      unit: 'MB',
      target: largest.ptxBytes >= 900_000 ? { max: 300 } : undefined,
    });
    results.push({
      name: `highest peak RSS (${worstRss.name}, ${(worstRss.ptxBytes / 1024).toFixed(0)} KB)`,
      value: worstRss.analysis.maxRssKB / 1024,
      unit: 'MB',
      target: { max: 300 },
    });
  }
  if (failedBuilds.length)
    results.push({ name: `sources nvcc could not build (skipped): ${failedBuilds.join(', ')}`, value: failedBuilds.length, unit: '' });
  results.push({ name: 'load average during the run', value: loadavg()[0], unit: '' });
  return results;
}
