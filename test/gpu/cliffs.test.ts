import { describe, expect, it } from 'vitest';
import { KNOWN_ARCHS, computeCliffs, computeOccupancy, getArch, occupancyCurve, type OccupancyInput } from '../../src/gpu/index.js';
import { mulberry32 } from './prng.js';

describe('computeCliffs', () => {
  it('sm_90, 64 registers x 256 threads, 2 KB: one more register drops 4 -> 3 blocks; shedding 16 gains one', () => {
    const cliffs = computeCliffs({ arch: 'sm_90', block: 256, registersPerThread: 64, staticSharedBytes: 2048 });
    expect(cliffs.registers).toEqual({ headroom: 0, blocksAfterDrop: 3, shedToGain: 16, blocksAfterGain: 5 });
    // 233472 / 4 = 58368 B per block allocatable: 58368 - 3072 allocated now.
    expect(cliffs.sharedMemory).toEqual({ headroom: 55296, blocksAfterDrop: 3, shedToGain: null, blocksAfterGain: null });
    expect(cliffs.curve).toHaveLength(32);
    expect(cliffs.bestBlockSizes).toEqual([32, 64, 128, 256, 512, 1024]);
  });

  it('a shared-memory-limited kernel: headroom to the next drop and the shed that gains a block', () => {
    // 40,000 B dynamic on sm_90: 41,024 B with the reserved 1 KB, 41,088 allocated; 233472 / 41088 -> 5 blocks.
    // 4 blocks once 5 x alloc > 233472, i.e. alloc 46,720: headroom 46,592 - 41,024 = 5,568 B.
    // 6 blocks once alloc <= 233472 / 6 = 38,912: shed 41,024 - 38,912 = 2,112 B.
    const cliffs = computeCliffs({ arch: 'sm_90', block: 128, registersPerThread: 32, staticSharedBytes: 0, dynamicSharedBytes: 40000 });
    expect(cliffs.sharedMemory).toEqual({ headroom: 5568, blocksAfterDrop: 4, shedToGain: 2112, blocksAfterGain: 6 });
  });

  it('a one-warp block limited by the block count keeps 32 blocks up to 64 registers', () => {
    // 65 registers -> 2304 per warp -> 7 warps per sub-partition -> 28 blocks.
    const cliffs = computeCliffs({ arch: 'sm_90', block: 32, registersPerThread: 16, staticSharedBytes: 0 });
    expect(cliffs.registers.headroom).toBe(64 - 16);
    expect(cliffs.registers.blocksAfterDrop).toBe(28);
  });

  it('curve honours launch bounds, including a bound that is not a warp multiple', () => {
    const curve = occupancyCurve({ arch: 'sm_90', registersPerThread: 32, staticSharedBytes: 0, maxThreadsPerBlock: 200 });
    expect(curve.map((p) => p.blockSize)).toEqual([32, 64, 96, 128, 160, 192, 200]);
    // 200 threads = 7 warps; 64 warps / 7 = 9 blocks by warps and by registers (16 warps per sub-partition).
    expect(curve.at(-1)).toEqual({
      blockSize: 200,
      activeBlocksPerSM: 9,
      activeWarpsPerSM: 63,
      occupancy: 63 / 64,
      limiter: ['warps', 'registers'],
    });
  });

  it('a kernel that cannot launch at any size has no best block size', () => {
    const cliffs = computeCliffs({ arch: 'sm_90', block: 256, registersPerThread: 32, staticSharedBytes: 0, dynamicSharedBytes: 60000 });
    expect(cliffs.bestBlockSizes).toEqual([]);
    expect(cliffs.registers.headroom).toBeNull();
  });

  // Definition check against computeOccupancy (itself checked against cuda_occupancy.h).
  it('matches a brute-force scan of computeOccupancy for 300 random kernels on every arch', () => {
    const random = mulberry32(2026);
    const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
    for (let i = 0; i < 300; i++) {
      const arch = KNOWN_ARCHS[i % KNOWN_ARCHS.length];
      const spec = getArch(arch);
      const input: OccupancyInput = {
        arch,
        block: int(1, 32) * 32,
        registersPerThread: int(1, 255),
        staticSharedBytes: int(0, 3) * 4096,
        dynamicSharedBytes: random() < 0.5 ? 0 : int(0, 30000),
        carveoutPercent: random() < 0.5 ? -1 : int(0, 100),
      };
      const cliffs = computeCliffs(input);
      const blocksAt = (registers: number) => computeOccupancy({ ...input, registersPerThread: registers }).activeBlocksPerSM;
      const current = blocksAt(input.registersPerThread);
      const { headroom, blocksAfterDrop, shedToGain, blocksAfterGain } = cliffs.registers;
      let firstDrop: number | null = null;
      for (let r = input.registersPerThread + 1; r <= 255 && current > 0; r++)
        if (blocksAt(r) < current) {
          firstDrop = r;
          break;
        }
      expect(headroom).toBe(firstDrop === null ? null : firstDrop - 1 - input.registersPerThread);
      expect(blocksAfterDrop).toBe(firstDrop === null ? null : blocksAt(firstDrop));
      let firstGain: number | null = null;
      for (let r = input.registersPerThread - 1; r >= 1; r--)
        if (blocksAt(r) > current) {
          firstGain = r;
          break;
        }
      expect(shedToGain).toBe(firstGain === null ? null : input.registersPerThread - firstGain);
      expect(blocksAfterGain).toBe(firstGain === null ? null : blocksAt(firstGain));

      // Shared memory: grow as opted-in dynamic bytes, byte-exact at the edges.
      const user = input.staticSharedBytes + (input.dynamicSharedBytes ?? 0);
      const sharedAt = (bytes: number) => {
        if (bytes > spec.sharedMemoryPerBlockOptin) return 0;
        const staticBytes = Math.min(input.staticSharedBytes, bytes);
        return computeOccupancy({
          ...input,
          staticSharedBytes: staticBytes,
          dynamicSharedBytes: bytes - staticBytes,
          maxDynamicSharedBytes: spec.sharedMemoryPerBlockOptin - staticBytes,
        }).activeBlocksPerSM;
      };
      const side = cliffs.sharedMemory;
      if (current > 0) {
        expect(side.headroom).not.toBeNull();
        expect(sharedAt(user + side.headroom!)).toBe(current);
        expect(sharedAt(user + side.headroom! + 1)).toBe(side.blocksAfterDrop);
        expect(side.blocksAfterDrop!).toBeLessThan(current);
      }
      if (side.shedToGain !== null) {
        expect(sharedAt(user - side.shedToGain)).toBe(side.blocksAfterGain);
        expect(sharedAt(user - side.shedToGain + 1)).toBeLessThanOrEqual(current);
      } else {
        expect(sharedAt(0)).toBeLessThanOrEqual(current);
      }
    }
  });
});
