// The timed stage's static cycle estimate (src/analysis/carving/estimate.ts) in closed form on
// the H100's table values: 132 SMs, 1980 MHz, 3352 GB/s, so 3352e9 / 132 / 1980e6 DRAM bytes
// per SM cycle.
import { describe, expect, it } from 'vitest';
import { estimateCycles, MEMORY_LATENCY_WARPS } from '../../src/analysis/carving/index.js';

const bytesPerSMCycle = 3352e9 / 132 / 1980e6;

function variant(blocks: number, activeBlocksPerSM: number, warpsPerBlock: number, instructions: number, trafficPerBlock: number | null) {
  return {
    grid: [blocks, 1, 1] as [number, number, number],
    activeBlocksPerSM,
    warpsPerBlock,
    instructions,
    globalTrafficBytes: trafficPerBlock === null ? null : trafficPerBlock * blocks,
  };
}

describe('estimateCycles', () => {
  it('issue-bound: one wave of 2 blocks x 8 warps x 1000 instructions per SM is 4000 cycles; one block more is a second wave', () => {
    expect(estimateCycles(variant(264, 2, 8, 1000, 2048), 'sm_90')).toEqual({
      waves: 1,
      issueCyclesPerWave: 4000,
      memoryCyclesPerWave: 4096 / bytesPerSMCycle / (16 / MEMORY_LATENCY_WARPS),
      cycles: 4000,
      bound: 'issue',
    });
    expect(estimateCycles(variant(265, 2, 8, 1000, 2048), 'sm_90')?.cycles).toBe(8000);
  });

  it('memory-bound: 8 blocks x 32 KB per SM at the SM share of bandwidth, 4x longer with 8 resident warps than with 32', () => {
    const full = estimateCycles(variant(1056, 8, 4, 20, 32768), 'sm_90')!;
    expect([full.bound, full.waves, full.cycles]).toEqual(['memory', 1, (8 * 32768) / bytesPerSMCycle]);
    const fewWarps = estimateCycles(variant(1056, 8, 1, 20, 32768), 'sm_90')!;
    expect([fewWarps.bound, fewWarps.cycles]).toEqual(['memory', ((8 * 32768) / bytesPerSMCycle) * 4]);
  });

  it('unknown traffic leaves the issue term; unknown instructions, blocks per SM or arch give no estimate', () => {
    expect(estimateCycles(variant(264, 2, 8, 1000, null), 'sm_90')).toMatchObject({
      memoryCyclesPerWave: null,
      cycles: 4000,
      bound: 'issue',
    });
    expect(estimateCycles({ ...variant(264, 2, 8, 1000, 2048), instructions: null }, 'sm_90')).toBeNull();
    expect(estimateCycles(variant(264, 0, 8, 1000, 2048), 'sm_90')).toBeNull();
    expect(estimateCycles(variant(264, 2, 8, 1000, 2048), 'sm_1000')).toBeNull();
  });
});
