import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHS, KNOWN_ARCHS, OccupancyInputError, SOURCES, UnknownArchError, getArch } from '../../src/gpu/index.js';

// The research table (test/fixtures/occupancy/arch-table.json), checked value by value.
const table = JSON.parse(readFileSync(new URL('../fixtures/occupancy/arch-table.json', import.meta.url), 'utf8')) as {
  _meta: { common_all_listed_ccs: Record<string, unknown>; sources: Record<string, string> };
  archs: Array<Record<string, any>>;
};

describe('architecture table', () => {
  it('lists the eleven supported archs (Turing to Blackwell) in order', () => {
    expect(KNOWN_ARCHS).toEqual(['sm_75', 'sm_80', 'sm_86', 'sm_87', 'sm_89', 'sm_90', 'sm_100', 'sm_103', 'sm_110', 'sm_120', 'sm_121']);
  });

  it('has the measured H100 values for sm_90', () => {
    const h100 = getArch('sm_90');
    expect(h100.flagship.sms).toBe(132);
    expect(h100.maxThreadsPerSM).toBe(2048);
    expect(h100.maxBlocksPerSM).toBe(32);
    expect(h100.registersPerSM).toBe(65536);
    expect(h100.sharedMemoryPerSM).toBe(233472);
    expect(h100.sharedMemoryPerBlockOptin).toBe(232448);
    expect(h100.reservedSharedMemoryPerBlock).toBe(1024);
    expect(h100.flagship.l2Bytes).toBe(52428800);
    expect(h100.flagship.sources.sms).toContain('H100RUN');
  });

  it.each(table.archs.map((row) => [row.cc as string, row] as const))('cc %s equals arch-table.json', (cc, row) => {
    const [major, minor] = cc.split('.').map(Number);
    const spec = getArch(`sm_${major}${minor}`);
    const common = table._meta.common_all_listed_ccs;
    expect([spec.major, spec.minor]).toEqual([major, minor]);
    expect(spec.maxThreadsPerSM).toBe(row.max_threads_per_sm);
    expect(spec.maxWarpsPerSM).toBe(row.max_warps_per_sm);
    expect(spec.maxBlocksPerSM).toBe(row.max_blocks_per_sm);
    expect(spec.sharedMemoryPerSM).toBe(row.shared_mem_per_sm_max);
    expect(spec.sharedMemoryPerBlockOptin).toBe(row.max_shared_mem_per_block_optin);
    expect(spec.reservedSharedMemoryPerBlock).toBe(row.reserved_shared_mem_per_block);
    expect(spec.carveoutStepsBytes).toEqual(row.smem_carveout_options_kb.map((k: number) => k * 1024));
    expect(spec.sharedMemoryAllocationUnit).toBe(row.smem_alloc_granularity);
    expect(spec.barrierSlotsPerBlockSlot).toBe(row.barrier_slots_factor);
    expect(spec.barrierLimitApplies).toBe(row.barrier_limit_applied_by_occ_header);
    expect(spec.flagship.sms).toBe(row.flagship.sms);
    expect(spec.flagship.l2Bytes).toBe(row.flagship.l2_bytes);
    expect(spec.warpSize).toBe(common.warp_size);
    expect(spec.maxThreadsPerBlock).toBe(common.max_threads_per_block);
    expect(spec.registersPerSM).toBe(common.registers_per_sm);
    expect(spec.maxRegistersPerBlock).toBe(common.max_registers_per_block);
    expect(spec.maxRegistersPerThread).toBe(common.max_registers_per_thread);
    expect(spec.registerAllocationUnit).toBe(common.register_allocation_unit_per_warp);
    expect(spec.subPartitions).toBe(common.register_file_subpartitions);
    expect(spec.sharedMemoryPerBlock).toBe(common.default_max_shared_memory_per_block);
  });

  it('sources every value with a known key, and marks unverified flagship values', () => {
    const keys = new Set(Object.keys(SOURCES));
    for (const key of Object.keys(table._meta.sources)) expect(keys.has(key)).toBe(true);
    for (const spec of ARCHS) {
      for (const group of Object.values(spec.sources)) {
        expect(group.length).toBeGreaterThan(0);
        for (const key of group) expect(keys.has(key)).toBe(true);
      }
      const f = spec.flagship;
      for (const field of ['sms', 'smClockMHz', 'l2Bytes', 'dramBandwidthGBs', 'fp32LanesPerSM'] as const) {
        // A known value has a source; an unknown one is null, never a guess.
        if (f[field] !== null) expect(f.sources[field]?.length, `${spec.name} ${field}`).toBeGreaterThan(0);
        if (f.sources[field]?.includes('MEM') && !f.sources[field]?.includes('H100RUN')) expect(f.unverified).toContain(field);
      }
      if (f.peakFp32Gflops !== null) expect(f.peakFp32Gflops).toBe((f.sms! * f.fp32LanesPerSM! * 2 * f.smClockMHz!) / 1000);
    }
  });

  it('accepts sm_XXa, sm_XXf and compute_XX spellings', () => {
    expect(getArch('sm_90a').name).toBe('sm_90');
    expect(getArch('compute_90').name).toBe('sm_90');
    expect(getArch('sm_100f').name).toBe('sm_100');
    expect(getArch('compute_121').name).toBe('sm_121');
  });

  it('names the known archs for an unknown one', () => {
    expect(() => getArch('sm_70')).toThrow(UnknownArchError);
    expect(() => getArch('sm_70')).toThrow(OccupancyInputError);
    expect(() => getArch('volta')).toThrow(/unknown architecture 'volta'; known: sm_75, sm_80, .*sm_121/);
  });
});
