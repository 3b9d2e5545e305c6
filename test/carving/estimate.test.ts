// The timed stage's static cycle estimate (src/analysis/carving/estimate.ts) in closed form on
// the H100's table values: 132 SMs, 1980 MHz, 3352 GB/s, so 3352e9 / 132 / 1980e6 DRAM bytes
// per SM cycle.
import { describe, expect, it } from 'vitest';
import {
  BLOCK_DISPATCH_CYCLES,
  dramBytesEstimate,
  estimateCycles,
  issueCyclesOf,
  L2_RETAINED_SHARE,
  launchCycles,
  LOAD_BYTES_IN_FLIGHT_KNEE,
  launchDramSlowdown,
  loadLatencyFactor,
  placedLoadLatencyFactor,
  SM_PORT_SHARE_RATIO,
  smDramRate,
  MEMORY_LATENCY_WARPS,
} from '../../src/analysis/carving/index.js';

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
  it('issue-bound: one wave of 2 blocks x 8 warps x 1000 instructions per SM is 4000 cycles, its 2 block starts (320) inside them; one block more runs after it on the busiest SM', () => {
    expect(BLOCK_DISPATCH_CYCLES).toBe(160);
    expect(estimateCycles(variant(264, 2, 8, 1000, 2048), 'sm_90')).toEqual({
      waves: 1,
      issueCyclesPerWave: 4000,
      memoryCyclesPerWave: 4096 / bytesPerSMCycle / (16 / MEMORY_LATENCY_WARPS),
      memoryCycles: 4096 / bytesPerSMCycle / (16 / MEMORY_LATENCY_WARPS),
      loadBytesInFlightPerSM: null,
      memoryFrom: 'sectors',
      dispatchCycles: 320,
      cycles: 4000,
      bound: 'issue',
    });
    // 265 blocks: the busiest SM runs a third block after the first two, its 8 warps alone (2000
    // cycles); 3 block starts stay inside them.
    expect(estimateCycles(variant(265, 2, 8, 1000, 2048), 'sm_90')?.cycles).toBe(6000);
  });

  it('issue-bound below a wave: each SM issues only the blocks the launch gives it, at least 4 warps a cycle', () => {
    // cuda-samples nbody's geometry: 132 blocks of 32 warps (2 fit) and 4,224 blocks of 1 warp
    // (32 fit) both put 32 warps on every SM.
    expect(issueCyclesOf(132, 132, 2, 32, 1000)).toBe(8000);
    expect(issueCyclesOf(4224, 132, 32, 1, 1000)).toBe(8000);
    expect(estimateCycles(variant(132, 2, 32, 1000, 0), 'sm_90')).toMatchObject({ waves: 1, issueCyclesPerWave: 16000, cycles: 8000 });
    // 1,024 blocks of 5 warps, 12 fit: 8 on the busiest SM.
    expect(issueCyclesOf(1024, 132, 12, 5, 1000)).toBe(10000);
    // One warp alone on an SM still issues at most one instruction a cycle.
    expect(issueCyclesOf(100, 132, 32, 1, 1000)).toBe(1000);
    // Three waves and a tail of 1 block of 4 warps: 3 x 8 x 4 x 1000 / 4 + 1000.
    expect(issueCyclesOf(132 * 25, 132, 8, 4, 1000)).toBe(25000);
  });

  it('many short blocks: 32 blocks per SM per wave x 6 waves run at the block-start rate, 192 x 160 = 30720 cycles, longer than their work', () => {
    const small = estimateCycles(variant(132 * 192, 32, 1, 50, 0), 'sm_90')!;
    expect([small.waves, small.issueCyclesPerWave, small.dispatchCycles, small.cycles]).toEqual([6, 400, 30720, 30720]);
    expect(launchCycles(2400, 30720)).toBe(30720);
    expect(launchCycles(40000, 30720)).toBe(40000);
  });

  it('memory-bound: 8 blocks x 32 KB per SM at the SM share of bandwidth, 4x longer with 8 resident warps than with 32', () => {
    const full = estimateCycles(variant(1056, 8, 4, 20, 32768), 'sm_90')!;
    expect([full.bound, full.waves, full.cycles]).toEqual(['memory', 1, (8 * 32768) / bytesPerSMCycle]);
    const fewWarps = estimateCycles(variant(1056, 8, 1, 20, 32768), 'sm_90')!;
    expect([fewWarps.bound, fewWarps.cycles]).toEqual(['memory', ((8 * 32768) / bytesPerSMCycle) * 4]);
  });

  it('memory-bound partial waves: DRAM time in proportion to the blocks, below a wave at the blocks each SM holds', () => {
    // 1,188 blocks of 8 on 132 SMs are 1.125 waves: 1.125 x the full wave's DRAM time (issue takes 2 waves).
    const wave = estimateCycles({ ...variant(1056, 8, 4, 20, 32768), globalLoadBytesPerBatch: 16 }, 'sm_90')!;
    const more = estimateCycles({ ...variant(1188, 8, 4, 20, 32768), globalLoadBytesPerBatch: 16 }, 'sm_90')!;
    expect(wave.memoryCycles).toBeCloseTo(((8 * 32768) / bytesPerSMCycle) * loadLatencyFactor(8 * 4 * 32 * 16), 6);
    expect(more.memoryCycles! / wave.memoryCycles!).toBeCloseTo(1.125, 12);
    expect([more.waves, more.bound, more.cycles]).toEqual([2, 'memory', more.memoryCycles]);
    // 264 blocks (a quarter wave): 2 blocks per SM, 4 KB in flight each, at their own slowdown.
    const quarter = estimateCycles({ ...variant(264, 8, 4, 20, 32768), globalLoadBytesPerBatch: 16 }, 'sm_90')!;
    expect(quarter.loadBytesInFlightPerSM).toBe(2 * 4 * 32 * 16);
    expect(quarter.memoryCycles).toBeCloseTo(((2 * 32768) / bytesPerSMCycle) * loadLatencyFactor(4096), 6);
    expect(quarter.memoryCyclesPerWave).toBeCloseTo(wave.memoryCyclesPerWave!, 6);
  });

  it('load bytes in flight: 64 warps x 32 lanes x 1 B of a byte copy are 2 KB per SM, 2.90x the DRAM time; 16 B per lane 1.12x; only the lanes that reach the loads count', () => {
    expect([LOAD_BYTES_IN_FLIGHT_KNEE, SM_PORT_SHARE_RATIO]).toEqual([5000, 4]);
    // An SM's rate in units of its share, 4 / (1 + (4 x 5000 / I)^1.5)^(1 / 1.5); the launch's
    // slowdown (1 + (1 / mean rate)^1.5)^(1 / 1.5).
    const rate = (inFlight: number) => 4 / Math.pow(1 + Math.pow((4 * 5000) / inFlight, 1.5), 2 / 3);
    expect(smDramRate(2048)).toBeCloseTo(rate(2048), 12);
    expect(loadLatencyFactor(2048)).toBeCloseTo(Math.pow(1 + Math.pow(1 / rate(2048), 1.5), 2 / 3), 12);
    expect(loadLatencyFactor(2048)).toBeCloseTo(2.9005, 4);
    expect(loadLatencyFactor(32768)).toBeCloseTo(1.1196, 4);
    expect(loadLatencyFactor(0)).toBe(1);
    expect(launchDramSlowdown(0)).toBe(Infinity);
    const copy = (bytesPerBatch: number | null) =>
      estimateCycles({ ...variant(264, 2, 32, 20, 1 << 20), globalLoadBytesPerBatch: bytesPerBatch }, 'sm_90')!;
    const dram = (2 << 20) / bytesPerSMCycle;
    expect(copy(1).loadBytesInFlightPerSM).toBe(2048);
    expect(copy(1).memoryCyclesPerWave).toBeCloseTo(dram * loadLatencyFactor(2048), 6);
    expect(copy(16).memoryCyclesPerWave).toBeCloseTo(dram * loadLatencyFactor(32768), 6);
    // A bounds check that lets a quarter of the threads reach the loads: a quarter of the bytes in flight.
    const quarterLoading = estimateCycles(
      { ...variant(264, 2, 32, 20, 1 << 20), globalLoadBytesPerBatch: 16, globalLoadThreadShare: 0.25 },
      'sm_90',
    )!;
    expect(quarterLoading.loadBytesInFlightPerSM).toBe(8192);
    expect(quarterLoading.memoryCyclesPerWave).toBeCloseTo(dram * loadLatencyFactor(8192), 6);
    // Half the bytes stores: they wait on nothing, only the load half is slowed.
    const halfStores = estimateCycles(
      { ...variant(264, 2, 32, 20, 1 << 20), globalLoadBytesPerBatch: 1, globalStoreByteShare: 0.5 },
      'sm_90',
    )!;
    expect(halfStores.memoryCyclesPerWave).toBeCloseTo(dram * (0.5 + 0.5 * loadLatencyFactor(2048)), 6);
    // No global loads (stores only): nothing to wait on; the 64 resident warps rule gave 1 too.
    expect(copy(null).memoryCyclesPerWave).toBeCloseTo(dram, 6);
    expect(copy(null).loadBytesInFlightPerSM).toBeNull();
  });

  it('below a wave, each SM at its own bytes in flight: 16 blocks of 1 warp on 16 SMs move 2.07x faster than 1 block of 16 warps on one', () => {
    // 32 lanes x 64 B in flight a warp (four 16-byte loads in flight a thread).
    const spread = placedLoadLatencyFactor(16, 132, 32 * 64);
    const gathered = placedLoadLatencyFactor(1, 132, 16 * 32 * 64);
    expect(spread).toBeCloseTo(launchDramSlowdown((16 * smDramRate(2048)) / 132), 12);
    expect(gathered).toBeCloseTo(launchDramSlowdown(smDramRate(32768) / 132), 12);
    expect(gathered / spread).toBeCloseTo(2.0698, 4);
    // The mean over SMs (the rule before) said the same for both.
    expect(loadLatencyFactor((16 * 2048) / 132)).toBeCloseTo(loadLatencyFactor((1 * 32768) / 132), 12);
    // 200 blocks: 68 SMs hold 2, 64 hold 1; whole waves place every SM alike.
    expect(placedLoadLatencyFactor(200, 132, 512)).toBeCloseTo(
      launchDramSlowdown((68 * smDramRate(1024) + 64 * smDramRate(512)) / 132),
      12,
    );
    expect(placedLoadLatencyFactor(264, 132, 512)).toBeCloseTo(loadLatencyFactor(1024), 12);
    // In the estimate: the same 512 threads and 16 MB as 16 blocks of 32 or 1 block of 512, 64 B a batch.
    const launch = (blocks: number, warpsPerBlock: number) =>
      estimateCycles(
        { ...variant(blocks, 32 / warpsPerBlock, warpsPerBlock, 20, (16 << 20) / blocks), globalLoadBytesPerBatch: 64 },
        'sm_90',
      )!;
    expect(launch(1, 16).memoryCycles! / launch(16, 1).memoryCycles!).toBeCloseTo(gathered / spread, 6);
  });

  it('sectors unknown: the bytes the threads request stand in as a lower bound; with a footprint, its DRAM bytes', () => {
    const requested = estimateCycles({ ...variant(1056, 8, 4, 20, null), threads: 1056 * 128, globalBytesPerThread: 256 }, 'sm_90')!;
    expect([requested.memoryFrom, requested.memoryCyclesPerWave]).toEqual(['requested bytes', (8 * 128 * 256) / bytesPerSMCycle]);
    const footprint = {
      l2BytesPerBlock: 32768,
      blockFootprintBytes: 16384,
      launchFootprintBytes: 1056 * 16384,
      loadedBytesPerBlock: 16384,
      sharedLoadedBytes: 0,
      streamingSites: 0,
      streamingReason: null,
    };
    // 1056 resident blocks of 16 KB fit the retained L2: each block's bytes once, half its sectors.
    const fitted = estimateCycles({ ...variant(1056, 8, 4, 20, 32768), trafficFootprint: footprint }, 'sm_90')!;
    expect([fitted.memoryFrom, fitted.memoryCyclesPerWave]).toEqual(['footprint', (8 * 16384) / bytesPerSMCycle]);
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

describe('dramBytesEstimate', () => {
  // The H100's 50 MB L2, half of it holding a working set between re-reads.
  const retained = 50 * 1024 * 1024 * L2_RETAINED_SHARE;
  const footprint = (loadedBytesPerBlock: number) => ({
    l2BytesPerBlock: 3 * loadedBytesPerBlock,
    blockFootprintBytes: loadedBytesPerBlock,
    launchFootprintBytes: 264 * loadedBytesPerBlock,
    loadedBytesPerBlock,
    sharedLoadedBytes: 0,
    streamingSites: 0,
    streamingReason: null,
  });
  const at = (activeBlocksPerSM: number, loadedBytesPerBlock: number) =>
    dramBytesEstimate({ grid: [264, 1, 1], activeBlocksPerSM, trafficFootprint: footprint(loadedBytesPerBlock) }, 'sm_90');

  it('moves each distinct byte once while the resident blocks fit in the retained L2', () => {
    // 132 resident blocks of 100 KB: 13.2 MB.
    expect(at(1, 100_000)).toBe(264 * 100_000);
  });

  it('misses every re-read from twice the retained L2 on, and in proportion between', () => {
    const block = (2 * retained) / 132;
    // Each block reads its footprint 3 times: 2 re-reads per block miss.
    expect(at(1, block)).toBe(264 * block + 264 * 2 * block);
    const between = (1.5 * retained) / 264;
    expect(at(2, between)).toBeCloseTo(264 * between + 0.5 * 264 * 2 * between, 6);
  });

  it('is unknown without a footprint or an arch with an L2 size', () => {
    expect(dramBytesEstimate({ grid: [264, 1, 1], activeBlocksPerSM: 1, trafficFootprint: null }, 'sm_90')).toBeNull();
    expect(dramBytesEstimate({ grid: [264, 1, 1], activeBlocksPerSM: 1, trafficFootprint: footprint(1) }, 'sm_1000')).toBeNull();
  });
});
