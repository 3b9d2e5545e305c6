// Analysis in worker threads must not change a byte: a real carving space (examples/spaces,
// narrowed to a few variants, real nvcc 13 builds) and real compile units analysed by the
// bundled worker (scripts/bundle.mjs into a temp folder, as dist/ ships it) give the same JSON
// as the analysis on the main thread. A worker that fails is that variant's or unit's
// diagnostic, never a crash or a hang, and the shipped CLI exits when it is done.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error plain JS build script
import { bundle } from '../../scripts/bundle.mjs';
import { loadConfigFile } from '../../src/config/load.js';
import type { CarveConfig } from '../../src/config/types.js';
import { carveSpace, type CarveRun } from '../../src/analysis/carving/index.js';
import { compileSide } from '../../src/pipeline/compile.js';
import { pathMapper } from '../../src/pipeline/paths.js';
import { main } from '../../src/cli/main.js';
import { createAnalysisPool, type AnalysisPool } from '../../src/workers/analysis-pool.js';
import { requireNvcc } from '../helpers/tools.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SGEMM_PARAMETERS = { BM: [64, 128], BN: [64], BK: [8], TM: [4, 8], TN: [4] };
const VARIANTS = ['BM=64,BN=64,BK=8,TM=4,TN=4', 'BM=64,BN=64,BK=8,TM=8,TN=4', 'BM=128,BN=64,BK=8,TM=4,TN=4', 'BM=128,BN=64,BK=8,TM=8,TN=4'];

let scratch: string;
let workerFile: string;
let nvcc: string;

/** examples/spaces/carve.yml with the sgemm space narrowed to the four VARIANTS. */
function sgemmConfig(): CarveConfig {
  const { config } = loadConfigFile(path.join(ROOT, 'examples/spaces/carve.yml'));
  config.spaces.sgemm.parameters = SGEMM_PARAMETERS;
  return config;
}

/** Removes the cached analyses (metrics-*.json), keeping the builds: the next carving analyses again. */
function dropCachedAnalyses(cacheDir: string): number {
  let dropped = 0;
  for (const entry of readdirSync(cacheDir, { recursive: true, encoding: 'utf8' }))
    if (path.basename(entry).startsWith('metrics-')) {
      rmSync(path.join(cacheDir, entry));
      dropped++;
    }
  return dropped;
}

const carved = (run: CarveRun) => JSON.stringify({ result: run.result, shard: run.shard, diagnostics: run.diagnostics });

async function carveWith(pool: AnalysisPool, cacheDir: string): Promise<CarveRun> {
  try {
    return await carveSpace({ config: sgemmConfig(), spaceName: 'sgemm', arch: 'sm_90', cacheDir, jobs: 2, analysis: pool });
  } finally {
    await pool.close();
  }
}

beforeAll(async () => {
  nvcc = (await requireNvcc()).path;
  scratch = mkdtempSync(path.join(tmpdir(), 'carve-workers-'));
  await bundle(path.join(scratch, 'dist'));
  workerFile = path.join(scratch, 'dist', 'analysis-worker.js');
}, 120_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('carving with the analysis in worker threads', () => {
  const cacheDir = () => path.join(scratch, 'cache');
  let inProcess: CarveRun;

  beforeAll(async () => {
    inProcess = await carveWith(createAnalysisPool({ size: 2, workerFile: null }), cacheDir());
  }, 300_000);

  it('gives the carving of the in-process analysis, byte for byte', async () => {
    expect(inProcess.shard.metrics.map((m) => m.id)).toEqual(VARIANTS);
    expect(inProcess.shard.metrics.every((m) => m.built && m.error === null)).toBe(true);
    expect(dropCachedAnalyses(cacheDir())).toBe(4);
    const pool = createAnalysisPool({ size: 2, workerFile });
    const threaded = await carveWith(pool, cacheDir());
    // The builds come from the cache, so both slots ask for an analysis at once: two workers.
    expect(pool.started).toBe(2);
    expect(carved(threaded)).toBe(carved(inProcess));
  }, 120_000);

  it('a worker that dies is its variant excluded (not built, with the reason), and the carving goes on', async () => {
    expect(dropCachedAnalyses(cacheDir())).toBe(4);
    // A heap too small to load the analysis: every worker dies; each variant gets a fresh one.
    const pool = createAnalysisPool({ size: 1, workerFile, heapLimitMb: 1 });
    const run = await carveWith(pool, cacheDir());
    expect(pool.started).toBe(4);
    const reason = 'analysis failed: analysis worker failed: Worker terminated due to reaching memory limit: JS heap out of memory';
    expect(run.shard.metrics.map((m) => [m.id, m.built, m.error])).toEqual(VARIANTS.map((id) => [id, false, reason]));
    expect(run.diagnostics.filter((d) => d.stage === 'analysis').map((d) => [d.severity, d.file, d.message])).toEqual(
      VARIANTS.map((id) => ['error', 'sgemm.cu', `${id}: ${reason}`]),
    );
    expect(run.result?.total).toBe(4);
    expect(run.result?.survivors).toEqual([]);
    // A failed analysis is not cached: the next carving analyses again.
    expect(dropCachedAnalyses(cacheDir())).toBe(0);
  }, 120_000);

  it('the shipped CLI analyses in two workers with --jobs 2, prints the same carving and exits', async () => {
    const space = path.join(scratch, 'space');
    cpSync(path.join(ROOT, 'examples/spaces'), space, { recursive: true });
    const file = path.join(space, 'carve.yml');
    const parameters = / {4}parameters:\n(?: {6}.*\n)+/;
    const narrowed = `    parameters:\n${Object.entries(SGEMM_PARAMETERS)
      .map(([name, values]) => `      ${name}: [${values.join(', ')}]\n`)
      .join('')}`;
    writeFileSync(file, readFileSync(file, 'utf8').replace(parameters, narrowed));
    const cache = path.join(scratch, 'cache-cli');
    const args = ['carve', '--config', 'carve.yml', '--space', 'sgemm', '--json', '--cache', cache];
    let stdout = '';
    expect(await main(args, { stdout: (t) => (stdout += t), stderr: () => {}, cwd: space, isTTY: false, env: {} })).toBe(0);
    expect(JSON.parse(stdout).total).toBe(4);
    expect(dropCachedAnalyses(cache)).toBe(4);
    const profiles = path.join(scratch, 'profiles');
    const cli = spawnSync(
      process.execPath,
      [
        // A CPU profile per thread: the main one and one per worker started.
        '--cpu-prof',
        '--cpu-prof-dir',
        profiles,
        path.join(scratch, 'dist', 'cli.js'),
        ...args,
        '--jobs',
        '2',
      ],
      {
        cwd: space,
        encoding: 'utf8',
        timeout: 240_000,
      },
    );
    expect(cli.error).toBeUndefined();
    expect(cli.status).toBe(0);
    expect(cli.stdout).toBe(stdout);
    expect(readdirSync(profiles).filter((f) => f.endsWith('.cpuprofile'))).toHaveLength(3);
  }, 300_000);
});

describe('compile units with the analysis in a worker thread', () => {
  const units = ['examples/spaces/sgemm.cu', 'examples/spaces/transpose.cu'];
  const compile = (pool: AnalysisPool, outDir: string) =>
    compileSide({
      side: 'head',
      root: ROOT,
      commit: null,
      units,
      archs: ['sm_90'],
      config: loadConfigFile(path.join(ROOT, 'examples/spaces/carve.yml')).config,
      nvcc,
      outDir: path.join(scratch, outDir),
      mapper: pathMapper(ROOT, units),
      jobs: 2,
      analysis: pool,
    }).finally(() => pool.close());

  it('gives the report of the in-process analysis, byte for byte', async () => {
    const inProcess = await compile(createAnalysisPool({ size: 2, workerFile: null }), 'units-here');
    const pool = createAnalysisPool({ size: 1, workerFile });
    const threaded = await compile(pool, 'units-worker');
    expect(pool.started).toBe(1);
    expect(inProcess.kernels.map((k) => k.displayName)).toEqual(['sgemm', 'transpose']);
    expect(JSON.stringify(threaded)).toBe(JSON.stringify(inProcess));
  }, 240_000);

  it('a worker that dies is an analysis error of its unit; each unit gets a fresh worker', async () => {
    const pool = createAnalysisPool({ size: 1, workerFile, heapLimitMb: 1 });
    const report = await compile(pool, 'units-dying');
    expect(report.kernels).toEqual([]);
    expect(report.diagnostics.map((d) => [d.stage, d.file, d.message])).toEqual(
      units.map((unit) => [
        'analysis',
        unit,
        'analysis failed: analysis worker failed: Worker terminated due to reaching memory limit: JS heap out of memory',
      ]),
    );
  }, 240_000);
});

describe('the analysis pool', () => {
  it('an unknown job fails alone: the worker answers the next job', async () => {
    const pool = createAnalysisPool({ size: 1, workerFile });
    const unknown = pool.run('nonsense', {}, () => 'in-process');
    await expect(unknown).rejects.toThrow("unknown analysis job 'nonsense'");
    // An input that cannot be cloned is not sent; the worker stays.
    await expect(pool.run('unit', { f: () => 0 }, () => 'in-process')).rejects.toThrow(/^analysis job not sent: /);
    const answer = await pool.run(
      'unit',
      { module: { ptxText: '', ptxFile: 'empty.ptx', sourceFile: null, arch: 'sm_90', resources: [] }, config: sgemmConfig() },
      () => null,
    );
    expect(answer).toEqual({
      kernels: [],
      diagnostics: [{ severity: 'warning', stage: 'ptx', file: 'empty.ptx', message: 'no kernels (.entry) in this PTX' }],
    });
    expect(pool.started).toBe(1);
    await pool.close();
    await expect(pool.run('unit', {}, () => null)).rejects.toThrow('analysis pool is closed');
  }, 60_000);

  it('without a worker file every job runs in-process', async () => {
    const pool = createAnalysisPool({ size: 4, workerFile: null });
    expect(await pool.run('anything', 20, (n) => n + 1)).toBe(21);
    await expect(
      pool.run('anything', 0, () => {
        throw new Error('thrown here');
      }),
    ).rejects.toThrow('thrown here');
    expect(pool.started).toBe(0);
    await pool.close();
  });
});
