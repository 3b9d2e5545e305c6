// Worked cases whose expected values were produced by cuda_occupancy.h (CUDA 13.0) through
// test/gpu/occupancy-oracle.cpp; the random differential test is oracle.test.ts.
import { describe, expect, it } from 'vitest';
import { OccupancyInputError, computeOccupancy, explainZeroOccupancy, type OccupancyInput } from '../../src/gpu/index.js';

const base = { staticSharedBytes: 0 };

describe('computeOccupancy', () => {
  it('sm_90, 256 threads, 32 registers, 2 KB static: 8 blocks, warps and registers tie', () => {
    expect(computeOccupancy({ arch: 'sm_90', block: 256, registersPerThread: 32, staticSharedBytes: 2048 })).toEqual({
      arch: 'sm_90',
      blockSize: 256,
      warpsPerBlock: 8,
      activeBlocksPerSM: 8,
      activeWarpsPerSM: 64,
      occupancy: 1,
      limiter: ['warps', 'registers'],
      limits: { warps: 8, registers: 8, sharedMemory: 76, blocks: 32, barriers: 64 },
      allocatedRegistersPerBlock: 8192,
      allocatedSharedBytesPerBlock: 3072,
    });
  });

  it('applies the hardware register check with warps rounded up to 4 (200 regs x 320 threads = 0)', () => {
    const r = computeOccupancy({ ...base, arch: 'sm_90', block: 320, registersPerThread: 200 });
    expect([r.activeBlocksPerSM, r.limiter, r.limits.registers, r.allocatedRegistersPerBlock]).toEqual([0, ['registers'], 0, 64000]);
  });

  it('floors warps per sub-partition (40 regs x 64 threads = 24 blocks, not 25)', () => {
    const r = computeOccupancy({ ...base, arch: 'sm_90', block: 64, registersPerThread: 40 });
    expect([r.activeBlocksPerSM, r.limiter, r.occupancy]).toEqual([24, ['registers'], 0.75]);
  });

  it('counts the reserved 1 KB per block: 48 KB dynamic gives 4 / 3 / 2 blocks on sm_90 / sm_80 / sm_86', () => {
    const launch = { ...base, block: 128, registersPerThread: 64, dynamicSharedBytes: 49152 };
    const blocks = ['sm_90', 'sm_80', 'sm_86'].map((arch) => computeOccupancy({ ...launch, arch }));
    expect(blocks.map((r) => [r.activeBlocksPerSM, r.limiter, r.allocatedSharedBytesPerBlock])).toEqual([
      [4, ['sharedMemory'], 50176],
      [3, ['sharedMemory'], 50176],
      [2, ['sharedMemory'], 50176],
    ]);
  });

  it('rounds the carveout preference up to a step (50% of 228 KB -> 132 KB: 3 blocks of 41,088 B)', () => {
    const r = computeOccupancy({
      ...base,
      arch: 'sm_90',
      block: 256,
      registersPerThread: 32,
      dynamicSharedBytes: 40000,
      carveoutPercent: 50,
    });
    expect([r.activeBlocksPerSM, r.limits.sharedMemory, r.allocatedSharedBytesPerBlock]).toEqual([3, 3, 41088]);
  });

  it('32-thread blocks of 8 registers per arch, barriers on cc >= 9 only', () => {
    const rows = ['sm_75', 'sm_80', 'sm_86', 'sm_89', 'sm_120'].map((arch) => {
      const r = computeOccupancy({ ...base, arch, block: 32, registersPerThread: 8 });
      return [arch, r.activeBlocksPerSM, Number(r.occupancy.toFixed(4)), r.limiter, r.limits.barriers];
    });
    expect(rows).toEqual([
      ['sm_75', 16, 0.5, ['blocks'], null],
      ['sm_80', 32, 0.5, ['blocks'], null],
      ['sm_86', 16, 0.3333, ['blocks'], null],
      ['sm_89', 24, 0.5, ['blocks'], null],
      ['sm_120', 24, 0.5, ['blocks', 'barriers'], 24],
    ]);
  });

  it('applies the barrier limit after the minimum, as the header does (3 barriers on sm_90)', () => {
    const r = computeOccupancy({ ...base, arch: 'sm_90', block: 32, registersPerThread: 8, barriers: 3 });
    expect([r.activeBlocksPerSM, r.limiter, r.limits.barriers]).toEqual([21, ['blocks', 'barriers'], 21]);
    expect(computeOccupancy({ ...base, arch: 'sm_90', block: 32, registersPerThread: 8, barriers: 0 }).limits.barriers).toBeNull();
  });

  it('reports unlimited as null: 0 registers, and no shared memory on sm_75 (no reserved bytes)', () => {
    const r = computeOccupancy({ ...base, arch: 'sm_75', block: 256, registersPerThread: 0 });
    expect([r.limits.registers, r.limits.sharedMemory, r.activeBlocksPerSM]).toEqual([null, null, 4]);
  });

  it('gives 0 blocks when dynamic shared memory exceeds the kernel limit without opt-in', () => {
    const input: OccupancyInput = { ...base, arch: 'sm_90', block: 256, registersPerThread: 32, dynamicSharedBytes: 100000 };
    const r = computeOccupancy(input);
    expect([r.activeBlocksPerSM, r.limiter, r.allocatedSharedBytesPerBlock]).toEqual([0, ['sharedMemory'], 101120]);
    expect(explainZeroOccupancy(input, r)).toMatch(/dynamic shared memory 100000 B exceeds the kernel's max dynamic shared size 49152 B/);
    const optedIn = computeOccupancy({ ...input, maxDynamicSharedBytes: 100000 });
    expect([optedIn.activeBlocksPerSM, optedIn.limiter]).toEqual([2, ['sharedMemory']]);
  });

  it('treats a block above the launch bounds as unable to launch (warps limit 0)', () => {
    const input: OccupancyInput = { ...base, arch: 'sm_90', block: 320, registersPerThread: 32, maxThreadsPerBlock: 256 };
    const r = computeOccupancy(input);
    expect([r.activeBlocksPerSM, r.limiter, r.limits.warps]).toEqual([0, ['warps'], 0]);
    expect(explainZeroOccupancy(input, r)).toBe("block of 320 threads exceeds the kernel's launch bounds (256 threads)");
    expect(computeOccupancy({ ...input, block: 256 }).activeBlocksPerSM).toBe(8);
  });

  it('takes 3-D blocks by their thread count', () => {
    const flat = computeOccupancy({ ...base, arch: 'sm_89', block: 384, registersPerThread: 48 });
    const cube = computeOccupancy({ ...base, arch: 'sm_89', block: [8, 8, 6], registersPerThread: 48 });
    expect(cube).toEqual(flat);
    expect([cube.activeBlocksPerSM, cube.warpsPerBlock]).toEqual([3, 12]);
  });
});

describe('computeOccupancy input errors name the violated limit', () => {
  const ok: OccupancyInput = { arch: 'sm_90', block: 256, registersPerThread: 32, staticSharedBytes: 0 };
  const cases: Array<[string, Partial<OccupancyInput>, string, RegExp]> = [
    ['unknown arch', { arch: 'sm_70' }, 'arch', /known: sm_75, sm_80/],
    [
      'registers above 255',
      { registersPerThread: 256 },
      'registers',
      /registers per thread 256 exceeds the sm_90 maximum registers per thread \(255\)/,
    ],
    ['fractional registers', { registersPerThread: 31.5 }, 'registers', /must be an integer/],
    ['block above 1024', { block: 1025 }, 'block', /1025 exceeds the sm_90 limit for block.x \(1024\)/],
    ['block of 0', { block: 0 }, 'block', /block.x 0 is below the minimum 1/],
    ['3-D block above 1024 threads', { block: [32, 32, 2] }, 'block', /block of 2048 threads exceeds the sm_90 maximum of 1024/],
    ['block.z above 64', { block: [1, 1, 65] }, 'block', /block.z 65 exceeds/],
    ['static shared above 48 KB', { staticSharedBytes: 49153 }, 'staticShared', /more must be dynamic with opt-in/],
    [
      'shared above the opt-in limit',
      { staticSharedBytes: 1024, dynamicSharedBytes: 232448 },
      'dynamicShared',
      /opt-in shared memory limit per block \(232448 B\) minus 1024 B static \(231424\)/,
    ],
    ['opt-in above the limit', { maxDynamicSharedBytes: 232449 }, 'maxDynamicShared', /opt-in/],
    ['launch bounds above 1024', { maxThreadsPerBlock: 2048 }, 'maxThreadsPerBlock', /maximum threads per block/],
    ['carveout 101', { carveoutPercent: 101 }, 'carveout', /-1..100/],
    ['17 barriers', { barriers: 17 }, 'barriers', /16 named barriers/],
  ];
  it.each(cases)('%s', (_name, change, limit, message) => {
    let caught: unknown;
    try {
      computeOccupancy({ ...ok, ...change });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(OccupancyInputError);
    expect((caught as OccupancyInputError).limit).toBe(limit);
    expect((caught as Error).message).toMatch(message);
  });
});
