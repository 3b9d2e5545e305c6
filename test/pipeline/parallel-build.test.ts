// Building units in parallel (one nvcc per core) must not change a byte of the gate's output:
// the same repository gated with one build at a time and with four at once gives identical
// reports, comparison, comment and diagnostics. Real nvcc 13 builds of the gate fixture
// kernels, plus a unit that fails to compile (its diagnostics keep their place too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfigFile } from '../../src/config/load.js';
import { runGate, type GateResult } from '../../src/pipeline/index.js';
import { createLimiter } from '../../src/pipeline/pool.js';
import { createFixtureRepo, type FixtureRepo } from '../helpers/fixture-repo.js';

describe('createLimiter', () => {
  it('never has more than `jobs` tasks pending and hands a freed slot to the first waiter', async () => {
    const limit = createLimiter(2);
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    // Promise.withResolvers is Node 22+; the package supports Node 20.
    const gates = Array.from({ length: 6 }, () => {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      return { promise, resolve };
    });
    const results = Array.from({ length: 6 }, (_, i) =>
      limit(async () => {
        started.push(i);
        most = Math.max(most, ++inFlight);
        await gates[i].promise;
        inFlight--;
        return i * 10;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1].resolve();
    await results[1];
    await Promise.resolve();
    // A new caller arriving now queues behind the four waiting tasks.
    const late = limit(async () => {
      started.push(99);
      return -1;
    });
    for (const i of [0, 2, 3, 4, 5]) gates[i].resolve();
    expect(await Promise.all(results)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(await late).toBe(-1);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 99]);
    expect(most).toBe(2);
  });
});

const SLOW_UNIT = `__global__ void slow(const float *x, float *y) {
  int unused_counter;
  float acc = 0.f;
#pragma unroll
  for (int i = 0; i < 1024; i++) acc += x[threadIdx.x + i * 33] * (float)i;
  y[threadIdx.x] = acc;
}
`;

describe('the gate with parallel builds', () => {
  let repo: FixtureRepo;
  let baseSha: string;
  let headSha: string;
  const scratchDir = path.join(mkdtempSync(path.join(tmpdir(), 'carve-parallel-')), 'scratch');
  beforeAll(() => {
    repo = createFixtureRepo('carve-parallel-repo-');
    repo.commitFiles({ '.github/carve.yml': 'archs: [sm_90]\n' }, 'config');
    baseSha = repo.commitSide('base', 'base kernels');
    repo.git('checkout', '-q', '-b', 'feature');
    repo.commitSide('head', 'head kernels');
    // A slow unit with a warning listed before a fast unit that fails: with 4 builds at once
    // the failure finishes first, yet its diagnostics must still come second.
    headSha = repo.commitFiles(
      {
        'kernels/a_slow.cu': SLOW_UNIT,
        'kernels/z_broken.cu': '__global__ void broken(float *x) { x[0] = undefined_name; }\n',
      },
      'a slow unit with a warning, and a unit that does not build',
    );
  });
  afterAll(() => {
    repo?.remove();
    rmSync(path.dirname(scratchDir), { recursive: true, force: true });
  });

  async function gate(jobs: number): Promise<GateResult> {
    const config = loadConfigFile(path.join(repo.dir, '.github/carve.yml')).config;
    try {
      return await runGate({
        workspace: repo.dir,
        config,
        inputDiagnostics: [],
        archs: ['sm_90'],
        failOn: config.failOn,
        comment: 'changes',
        nvcc: null,
        artifacts: [],
        pullRequest: { baseSha, headSha },
        headSha,
        scope: 'all',
        scratchDir,
        jobs,
      });
    } finally {
      rmSync(scratchDir, { recursive: true, force: true });
    }
  }

  it('gives byte-identical results with 1 and 4 builds at once', async () => {
    const sequential = await gate(1);
    const parallel = await gate(4);
    // Not vacuous: both sides were built, and the broken unit's error is in the head report.
    expect(sequential.source).toBe('compile');
    expect(sequential.units.map((u) => `${u.side} ${u.unit}`)).toEqual([
      'head kernels/a_slow.cu',
      'both kernels/pressure.cu',
      'both kernels/reduce.cu',
      'both kernels/scale.cu',
      'head kernels/z_broken.cu',
    ]);
    expect(sequential.base!.kernels.length).toBe(3);
    expect(sequential.head.kernels.length).toBe(4);
    expect(sequential.head.diagnostics.map((d) => `${d.severity} ${d.file} ${d.message.split('\n')[0]}`)).toEqual([
      'warning kernels/a_slow.cu variable "unused_counter" was declared but never referenced',
      'error kernels/z_broken.cu identifier "undefined_name" is undefined',
    ]);
    expect(parallel.head.diagnostics).toEqual(sequential.head.diagnostics);
    expect(JSON.stringify(parallel)).toBe(JSON.stringify(sequential));
  }, 240_000);
});
