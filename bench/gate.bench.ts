// The gate and `carve compare` on a pull request touching 20 units (x 2 sides = 40 nvcc
// builds): a temporary git repository whose units are the carving example kernels
// (examples/spaces: 10 SGEMM and 10 transpose variants, parameters baked in per unit), with
// every unit changed on the head branch. Each is run with one build at a time (--jobs 1: the
// sequential build order) and with the default pool (one nvcc per core); the reports must be
// byte-identical, and the wall times are printed. CARVE_BENCH_JOBS overrides the pool size,
// CARVE_BENCH_ROUNDS the number of alternating rounds (default 2; the fastest of each counts).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../src/cli/main.js';
import type { CliIO } from '../src/cli/command.js';
import { loadConfigFile } from '../src/config/load.js';
import { runGate } from '../src/pipeline/index.js';
import type { BenchResult } from './run.js';

const SPACES = path.resolve(import.meta.dirname, '../examples/spaces');
const SGEMM = [
  [64, 64, 8, 4, 4],
  [128, 64, 8, 8, 4],
  [64, 128, 16, 4, 8],
  [128, 128, 8, 8, 8],
  [32, 64, 16, 2, 4],
];
const TRANSPOSE = [
  [32, 32, 8, 1, 1],
  [32, 32, 4, 1, 0],
  [64, 64, 8, 1, 1],
  [16, 16, 4, 0, 0],
  [32, 64, 16, 1, 1],
];

/** 20 units: each SGEMM / transpose setting once as written and once with its block halved. */
function units(side: 'base' | 'head'): Record<string, string> {
  const sgemm = readFileSync(path.join(SPACES, 'sgemm.cu'), 'utf8');
  const transpose = readFileSync(path.join(SPACES, 'transpose.cu'), 'utf8');
  const files: Record<string, string> = {};
  SGEMM.forEach(([bm, bn, bk, tm, tn], i) => {
    for (const [j, k] of [
      [0, bk],
      [1, bk * 2],
    ]) {
      // The head doubles TN where it still fits: more registers per thread.
      const tnSide = side === 'head' && bn / (tn * 2) >= 4 ? tn * 2 : tn;
      files[`kernels/sgemm_${i}_${j}.cu`] =
        `#define BM ${bm}\n#define BN ${bn}\n#define BK ${k}\n#define TM ${tm}\n#define TN ${tnSide}\n${sgemm}`;
    }
  });
  TRANSPOSE.forEach(([tx, ty, rows, smem, pad], i) => {
    for (const [j, r] of [
      [0, rows],
      [1, Math.max(1, rows / 2)],
    ]) {
      // The head drops the padding column (bank conflicts appear); every unit changes.
      files[`kernels/transpose_${i}_${j}.cu`] =
        `${side === 'head' ? '// head revision\n' : ''}#define TX ${tx}\n#define TY ${ty}\n#define ROWS ${r}\n#define SMEM ${smem}\n#define PAD ${side === 'head' ? 0 : pad}\n${transpose}`;
    }
  });
  return files;
}

export function createRepo(): { dir: string; base: string; head: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'carve-gate-bench-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'carve@example.com');
  git('config', 'user.name', 'Carve Bench');
  git('config', 'commit.gpgsign', 'false');
  const commit = (files: Record<string, string>, message: string) => {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    git('add', '-A');
    git('commit', '-q', '-m', message);
    return git('rev-parse', 'HEAD');
  };
  const base = commit({ '.github/carve.yml': 'archs: [sm_90]\n', ...units('base') }, 'base');
  git('checkout', '-q', '-b', 'feature');
  const head = commit(units('head'), 'head');
  return { dir, base, head };
}

async function compare(dir: string, base: string, head: string, jobs: number): Promise<{ ms: number; stdout: string }> {
  let stdout = '';
  const io: CliIO = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: () => undefined,
    cwd: dir,
    isTTY: false,
    env: process.env,
  };
  const start = performance.now();
  const code = await main(['compare', base, head, '--json', '--jobs', String(jobs)], io);
  if (code > 1) throw new Error(`carve compare exited ${code}`);
  return { ms: performance.now() - start, stdout };
}

async function gate(dir: string, base: string, head: string, jobs: number): Promise<{ ms: number; json: string }> {
  const config = loadConfigFile(path.join(dir, '.github/carve.yml')).config;
  const scratchDir = path.join(tmpdir(), 'carve-gate-bench-scratch');
  rmSync(scratchDir, { recursive: true, force: true });
  const start = performance.now();
  try {
    const result = await runGate({
      workspace: dir,
      config,
      inputDiagnostics: [],
      archs: ['sm_90'],
      failOn: config.failOn,
      comment: 'changes',
      nvcc: null,
      artifacts: [],
      pullRequest: { baseSha: base, headSha: head },
      headSha: head,
      scope: 'changes',
      scratchDir,
      jobs,
    });
    return { ms: performance.now() - start, json: JSON.stringify(result) };
  } finally {
    rmSync(scratchDir, { recursive: true, force: true });
  }
}

export async function bench(): Promise<BenchResult[]> {
  const repo = createRepo();
  const jobs = Number(process.env.CARVE_BENCH_JOBS) || availableParallelism();
  // Alternating rounds, fastest of each: on a shared machine the neighbours' load comes and goes.
  const rounds = Number(process.env.CARVE_BENCH_ROUNDS) || 2;
  try {
    const best = { compareOne: Infinity, compareMany: Infinity, gateOne: Infinity, gateMany: Infinity };
    let findings = 0;
    for (let round = 0; round < rounds; round++) {
      const compareOne = await compare(repo.dir, repo.base, repo.head, 1);
      const compareMany = await compare(repo.dir, repo.base, repo.head, jobs);
      const gateOne = await gate(repo.dir, repo.base, repo.head, 1);
      const gateMany = await gate(repo.dir, repo.base, repo.head, jobs);
      if (compareOne.stdout !== compareMany.stdout)
        throw new Error('carve compare: the report with parallel builds differs from the sequential one');
      if (gateOne.json !== gateMany.json) throw new Error('gate: the result with parallel builds differs from the sequential one');
      findings = (JSON.parse(compareOne.stdout) as { findings: unknown[] }).findings.length;
      best.compareOne = Math.min(best.compareOne, compareOne.ms);
      best.compareMany = Math.min(best.compareMany, compareMany.ms);
      best.gateOne = Math.min(best.gateOne, gateOne.ms);
      best.gateMany = Math.min(best.gateMany, gateMany.ms);
    }
    const of = `fastest of ${rounds}`;
    return [
      { name: `carve compare, 20 units x 2 sides (${findings} findings), --jobs 1, ${of}`, value: best.compareOne / 1000, unit: 's' },
      { name: `carve compare, 20 units x 2 sides, --jobs ${jobs}, ${of}`, value: best.compareMany / 1000, unit: 's' },
      { name: `gate (runGate), 20 units x 2 sides, jobs 1, ${of}`, value: best.gateOne / 1000, unit: 's' },
      { name: `gate (runGate), 20 units x 2 sides, jobs ${jobs} (one pool for both sides), ${of}`, value: best.gateMany / 1000, unit: 's' },
      { name: `compare speed-up with ${jobs} jobs`, value: best.compareOne / best.compareMany, unit: 'x' },
      { name: `gate speed-up with ${jobs} jobs`, value: best.gateOne / best.gateMany, unit: 'x' },
      { name: 'load average during the run', value: loadavg()[0], unit: '' },
    ];
  } finally {
    rmSync(repo.dir, { recursive: true, force: true });
  }
}
