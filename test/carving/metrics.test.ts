// Per-variant carving metrics from real kernel reports: the shared-memory wavefronts a warp's
// accesses take, bank conflicts included, on the bundled transpose example (nvcc 13, sm_90).
// TX = TY = 32, ROWS = 8: each thread stores 4 tile elements (rows 32 + PAD words apart across
// warps, consecutive words across lanes: 1 wavefront each) and reads 4 (lanes 32 + PAD words
// apart: 32 wavefronts without the pad, 1 with it).
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeCommand } from '../../src/cli/commands/analyze.js';
import type { CliIO } from '../../src/cli/command.js';
import type { CarveReport } from '../../src/model/types.js';
import { variantMetrics } from '../../src/analysis/carving/metrics.js';
import { requireNvcc } from '../helpers/tools.js';

const EXAMPLES = path.resolve(import.meta.dirname, '../../examples/spaces');

async function transposeMetrics(pad: number, dynamicSharedBytes = 0) {
  let stdout = '';
  const io: CliIO = { stdout: (t) => (stdout += t), stderr: () => undefined, cwd: EXAMPLES, isTTY: false, env: process.env };
  const flags = ['-DTX=32', '-DTY=32', '-DROWS=8', '-DSMEM=1', `-DPAD=${pad}`].map((f) => `--nvcc-flag=${f}`);
  const code = await analyzeCommand.run(['transpose.cu', '--block', '32x8', '--grid', '256x256', ...flags, '--json'], io);
  expect(code).toBe(0);
  const kernel = (JSON.parse(stdout) as CarveReport).kernels[0];
  const geometry = { id: `PAD=${pad}`, index: pad, parameters: { PAD: pad }, dynamicSharedBytes };
  return variantMetrics({ ...geometry, block: [32, 8, 1], grid: [256, 256, 1] }, kernel, { arch: 'sm_90', uncoalescedMinWeight: 1 });
}

describe('carving metrics of the transpose example (nvcc)', () => {
  beforeAll(async () => {
    await requireNvcc();
  });

  it('counts shared wavefronts per warp: 4 stores + 4 x 32-way loads without the pad, 4 + 4 with it', async () => {
    const unpadded = await transposeMetrics(0);
    expect([unpadded.bankConflictWays, unpadded.sharedWavefrontsPerWarp]).toEqual([32, 4 + 4 * 32]);
    const padded = await transposeMetrics(1);
    expect([padded.bankConflictWays, padded.sharedWavefrontsPerWarp]).toEqual([1, 4 + 4]);
    // Launched with 64 KB of dynamic shared memory, the kernel is opted in to it as the carve
    // harness does (above 48 KB): 3 blocks of 4,224 + 65,536 B (+ 1 KB reserved each) in 228 KB.
    const optedIn = await transposeMetrics(1, 65536);
    expect([optedIn.activeBlocksPerSM, optedIn.canLaunch, optedIn.launchReason]).toEqual([3, true, null]);
    // 4 floats loaded and 4 stored a thread: half the bytes wait on no load.
    expect([padded.globalBytesPerThread, padded.globalStoreByteShare]).toEqual([32, 0.5]);
  });
});

// Global traffic of blocks narrower than a warp: a warp holds only the block's threads, so the
// sectors a request moves serve fewer threads. The transpose example at TX = TY = 4, ROWS = 4
// (blocks of 16 threads, one warp of 16 lanes each) over a 64 x 64 matrix: every request reads
// 4 rows of 4 floats (4 sectors) and writes 4 columns of 4 (4 sectors) for 16 threads, so the
// launch moves (64 x 64 / 16) x 8 sectors x 32 B = 65,536 B; counted over 32-lane warps it was half.
describe('carving metrics of blocks narrower than a warp (nvcc)', () => {
  beforeAll(async () => {
    await requireNvcc();
  });

  it('counts the sectors a half-filled warp moves for its 16 threads', async () => {
    let stdout = '';
    const io: CliIO = { stdout: (t) => (stdout += t), stderr: () => undefined, cwd: EXAMPLES, isTTY: false, env: process.env };
    const flags = ['-DN=64', '-DTX=4', '-DTY=4', '-DROWS=4', '-DSMEM=0', '-DORDER=0'].map((f) => `--nvcc-flag=${f}`);
    const code = await analyzeCommand.run(['transpose.cu', '--block', '4x4', '--grid', '16x16', ...flags, '--json'], io);
    expect(code).toBe(0);
    const kernel = (JSON.parse(stdout) as CarveReport).kernels[0];
    const geometry = { id: 'TX=4', index: 0, parameters: { TX: 4 }, dynamicSharedBytes: 0 };
    const metrics = variantMetrics({ ...geometry, block: [4, 4, 1], grid: [16, 16, 1] }, kernel, {
      arch: 'sm_90',
      uncoalescedMinWeight: 0.5,
    });
    expect(metrics.globalTrafficBytes).toBe(65536);
  });
});

// A shared site whose conflict degree the analysis cannot give (cuda-samples reduce1's 2*s*tid,
// s doubling each step) is named with its reason: the degree and the wavefronts then count it
// conflict-free, a lower bound that must not pass for a known 1.
describe('carving metrics of a shared site with an unknown conflict degree (nvcc)', () => {
  beforeAll(async () => {
    await requireNvcc();
  });

  it('names the first such site and keeps the known sites degree', async () => {
    let stdout = '';
    const dir = path.resolve(import.meta.dirname, '../fixtures/model');
    const io: CliIO = { stdout: (t) => (stdout += t), stderr: () => undefined, cwd: dir, isTTY: false, env: process.env };
    expect(await analyzeCommand.run(['interleaved-reduce.cu', '--block', '256', '--grid', '64', '--json'], io)).toBe(0);
    const kernel = (JSON.parse(stdout) as CarveReport).kernels[0];
    const geometry = { id: 'reduce1', index: 0, parameters: {}, dynamicSharedBytes: 0, block: [256, 1, 1] as [number, number, number] };
    // The guarded update runs 255/256 times a thread on the mean (fewer threads at each step):
    // below the default minimum weight of 1, so the site counts only from 0.5 down.
    const atWeight = (uncoalescedMinWeight: number) =>
      variantMetrics({ ...geometry, grid: [64, 1, 1] }, kernel, { arch: 'sm_90', uncoalescedMinWeight });
    expect(atWeight(1).bankConflictUnknown).toBeUndefined();
    const metrics = atWeight(0.5);
    expect(metrics.bankConflictWays).toBe(1);
    expect(metrics.bankConflictUnknown).toMatch(
      /^shared load at interleaved-reduce\.cu:10: lanes' shared addresses differ by multiples of %r\d+ .*bank conflicts depend on it$/,
    );
  });
});

// A loop whose trip count the code does not give (an escape-time loop: a data-dependent exit) is
// counted at the assumed count; the metrics say how many such loops and the first, so that a
// ranking that rests on them says so.
describe('carving metrics of a kernel with a data-dependent loop (nvcc)', () => {
  beforeAll(async () => {
    await requireNvcc();
  });

  it('names the loop whose count is assumed; a kernel whose loops are all counted has none', async () => {
    const dir = path.resolve(import.meta.dirname, '../fixtures/carving');
    let stdout = '';
    const io: CliIO = { stdout: (t) => (stdout += t), stderr: () => undefined, cwd: dir, isTTY: false, env: process.env };
    expect(await analyzeCommand.run(['escape.cu', '--block', '256', '--grid', '64', '--json'], io)).toBe(0);
    const kernel = (JSON.parse(stdout) as CarveReport).kernels[0];
    const geometry = { id: 'escape', index: 0, parameters: {}, dynamicSharedBytes: 0 };
    const metrics = variantMetrics({ ...geometry, block: [256, 1, 1], grid: [64, 1, 1] }, kernel, {
      arch: 'sm_90',
      uncoalescedMinWeight: 1,
    });
    expect(metrics.assumedLoops).toBe(
      "1 loop; the first at escape.cu:8: exit predicate comes from 'and.pred', not a simple comparison; assumed 1 (default)",
    );
    expect((await transposeMetrics(1)).assumedLoops).toBeUndefined();
  });
});
