// `carve compare BASE HEAD` on a repository whose head commit makes a load strided by a
// kernel parameter (in[i] -> in[i * s]) and indexes a per-thread array at run time (so it
// moves to local memory): both show as findings at their lines. Built by real nvcc 13.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/command.js';
import type { Comparison } from '../../src/model/types.js';
import { createFixtureRepo, type FixtureRepo } from '../helpers/fixture-repo.js';

async function carve(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    cwd,
    isTTY: false,
    env: process.env,
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

const strideKernel = (index: string) => `extern "C" __global__ void gather(const float* in, float* out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[${index}];
}
`;

const tableKernel = (index: string) => `extern "C" __global__ void table(const float* in, float* out, int k) {
  float buf[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int j = 0; j < 64; j++) buf[j] = in[i + j * 4096];
  float sum = 0.0f;
  for (int j = 0; j < 8; j++) sum += buf[${index}];
  out[i] = sum;
}
`;

describe('carve compare: a parameter stride and a local array', () => {
  let repo: FixtureRepo;
  let baseSha: string;
  let headSha: string;
  beforeAll(() => {
    repo = createFixtureRepo('carve-mem-repo-');
    repo.commitFiles({ '.github/carve.yml': 'archs: [sm_90]\n' }, 'config');
    baseSha = repo.commitFiles({ 'kernels/gather.cu': strideKernel('i'), 'kernels/table.cu': tableKernel('j * 8') }, 'base');
    headSha = repo.commitFiles({ 'kernels/gather.cu': strideKernel('i * s'), 'kernels/table.cu': tableKernel('(k + j * 5) & 63') }, 'head');
  });
  afterAll(() => repo?.remove());

  it('finds the strided load at its line and names the local memory', async () => {
    const run = await carve(['compare', baseSha, headSha, '--json'], repo.dir);
    const comparison = JSON.parse(run.stdout) as Comparison;
    const findings = comparison.findings.map((f) => `${f.kind} ${f.kernel} ${f.file}:${f.line} ${f.title}`);
    expect(findings.filter((f) => f.startsWith('uncoalesced'))).toEqual([
      expect.stringMatching(/^uncoalesced gather kernels\/gather\.cu:3 /),
    ]);
    const gather = comparison.findings.find((f) => f.kind === 'uncoalesced')!;
    expect(gather.message).toContain('lanes param_2·4 B apart');
    const local = comparison.findings.filter((f) => f.kernel === 'table' && f.kind === 'spill');
    expect(local.map((f) => `${f.kind} ${f.severity} ${f.file}:${f.line} ${f.title}`)).toEqual([
      'spill failure kernels/table.cu:6 local memory appeared: stack frame 0 → 256 B/thread, 0 → 256 B stored, 0 → 32 B loaded per thread',
    ]);
    expect(run.code).toBe(1);
  });
});

// A bounds guard over a grid rounded up past the data: the guarded sites run 1000 of 1024
// threads (0.977 times per thread), a material share that the default uncoalescedMinWeight
// (0.5) must not hide; the single writer of each block (1/256 of the threads) stays hidden.
const guardedKernel = (index: string) => `extern "C" __global__ void guarded(const float* in, float* out, float* sums, int n, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[${index}];
  if (threadIdx.x == 0) sums[blockIdx.x * s] = 0.0f;
}
`;

describe('carve compare: a strided load under a bounds guard, at the configured launch', () => {
  let repo: FixtureRepo;
  let baseSha: string;
  let headSha: string;
  beforeAll(() => {
    repo = createFixtureRepo('carve-guard-repo-');
    const config = 'archs: [sm_90]\nkernels:\n  guarded:\n    block: [256]\n    grid: [4]\n    params: { n: 1000, s: 8 }\n';
    repo.commitFiles({ '.github/carve.yml': config }, 'config');
    baseSha = repo.commitFiles({ 'kernels/guarded.cu': guardedKernel('i') }, 'base');
    headSha = repo.commitFiles({ 'kernels/guarded.cu': guardedKernel('i * s') }, 'head');
  });
  afterAll(() => repo?.remove());

  it('finds the load the guard lets 1000 of 1024 threads run, not the per-block store', async () => {
    const run = await carve(['compare', baseSha, headSha, '--json'], repo.dir);
    const comparison = JSON.parse(run.stdout) as Comparison;
    const uncoalesced = comparison.findings.filter((f) => f.kind === 'uncoalesced');
    expect(uncoalesced.map((f) => `${f.kernel} ${f.file}:${f.line}`)).toEqual(['guarded kernels/guarded.cu:3']);
    expect(uncoalesced[0].message).toContain('lane stride 32 B');
  });
});
