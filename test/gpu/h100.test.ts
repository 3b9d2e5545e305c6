// computeOccupancy against the CUDA driver on a real H100: cubins compiled by
// device/occupancy/run.sh, cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags over block
// sizes x dynamic shared x carveout x opt-in. Fixture: test/fixtures/occupancy/h100-driver.jsonl
// (see the README beside it for the command that produced it).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeOccupancy, getArch } from '../../src/gpu/index.js';

interface DeviceLine {
  type: 'device';
  [key: string]: unknown;
}
interface KernelLine {
  type: 'kernel';
  kernel: string;
  numRegs: number;
  sharedSizeBytes: number;
  maxThreadsPerBlock: number;
  maxDynamicSharedSizeBytes: number;
  ptxasRegisters: number;
  barriers: number;
  launchBounds: number | null;
}
interface QueryLine {
  type: 'query';
  kernel: string;
  block: number;
  dynamicShared: number;
  carveout: number;
  maxDynamicShared: number;
  carveoutAttr: number;
  setMaxRc: number;
  setCarveoutRc: number;
  rc: number;
  activeBlocksPerSM: number;
}

const records = readFileSync(new URL('../fixtures/occupancy/h100-driver.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as DeviceLine | KernelLine | QueryLine);
const device = records.find((r): r is DeviceLine => r.type === 'device')!;
const kernels = new Map(records.filter((r): r is KernelLine => r.type === 'kernel').map((k) => [k.kernel, k]));
const queries = records.filter((r): r is QueryLine => r.type === 'query');

describe('H100 driver measurements', () => {
  it('the device reports the sm_90 limits of the architecture table', () => {
    const spec = getArch('sm_90');
    expect(device).toMatchObject({
      major: 9,
      minor: 0,
      sms: spec.flagship.sms,
      maxThreadsPerSM: spec.maxThreadsPerSM,
      maxBlocksPerSM: spec.maxBlocksPerSM,
      regsPerSM: spec.registersPerSM,
      regsPerBlock: spec.maxRegistersPerBlock,
      sharedPerSM: spec.sharedMemoryPerSM,
      sharedPerBlock: spec.sharedMemoryPerBlock,
      sharedPerBlockOptin: spec.sharedMemoryPerBlockOptin,
      reservedSharedPerBlock: spec.reservedSharedMemoryPerBlock,
      maxThreadsPerBlock: spec.maxThreadsPerBlock,
      warpSize: spec.warpSize,
      l2Bytes: spec.flagship.l2Bytes,
    });
  });

  it('the cubins carry the register counts ptxas reported (207 among them)', () => {
    for (const k of kernels.values()) expect(k.numRegs, k.kernel).toBe(k.ptxasRegisters);
    expect([...kernels.values()].map((k) => k.numRegs)).toContain(207);
  });

  it('the device clock and memory interface give the flagship clock and DRAM bandwidth', () => {
    const flagship = getArch('sm_90').flagship;
    expect(device.clockKHz).toBe(flagship.smClockMHz! * 1000);
    // bytes per transfer x transfers per second (double data rate)
    const bandwidthGBs = (((device.memoryBusWidthBits as number) / 8) * ((device.memoryClockKHz as number) * 1000) * 2) / 1e9;
    expect(Math.round(bandwidthGBs)).toBe(flagship.dramBandwidthGBs);
  });

  const inputFor = (q: QueryLine, launchBounds: number | null) => {
    const k = kernels.get(q.kernel)!;
    return {
      arch: 'sm_90',
      block: q.block,
      registersPerThread: k.numRegs,
      staticSharedBytes: k.sharedSizeBytes,
      dynamicSharedBytes: q.dynamicShared,
      maxDynamicSharedBytes: q.maxDynamicShared,
      carveoutPercent: q.carveout,
      barriers: k.barriers,
      maxThreadsPerBlock: launchBounds,
    };
  };
  const aboveBounds = (q: QueryLine) => {
    const bounds = kernels.get(q.kernel)!.launchBounds;
    return bounds !== null && q.block > bounds;
  };

  it('computeOccupancy equals the driver for every measured launch within the launch bounds', () => {
    const within = queries.filter((q) => !aboveBounds(q));
    expect(within.length).toBe(8220);
    expect(within.every((q) => q.rc === 0 && q.setMaxRc === 0 && q.setCarveoutRc === 0)).toBe(true);
    const mismatches = within
      .map((q) => [q, computeOccupancy(inputFor(q, kernels.get(q.kernel)!.launchBounds)).activeBlocksPerSM] as const)
      .filter(([q, predicted]) => predicted !== q.activeBlocksPerSM)
      .map(([q, predicted]) => `${JSON.stringify(q)} predicted ${predicted}`);
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(mismatches).toHaveLength(0);
    // The sample covers launches that cannot run (207 registers x 288 threads, no opt-in) and the opt-in.
    expect(within.filter((q) => q.activeBlocksPerSM === 0).length).toBeGreaterThan(500);
    expect(within.some((q) => q.dynamicShared === 100000 && q.activeBlocksPerSM > 0)).toBe(true);
  });

  it('the barrier limit binds on the hardware as in the header (4 named barriers, 1-2 warp blocks)', () => {
    // sm_90: 32 blocks/SM x 2 barrier slots / 4 barriers = 16 blocks, below the block limit of 32.
    const small = queries.filter((q) => q.kernel === 'kbar4' && q.block <= 64 && q.dynamicShared <= 1024 && q.carveout === -1);
    expect(small.length).toBeGreaterThan(0);
    for (const q of small) {
      const result = computeOccupancy(inputFor(q, null));
      expect([q.activeBlocksPerSM, result.activeBlocksPerSM, result.limits.barriers]).toEqual([16, 16, 16]);
      expect(result.limiter).toContain('barriers');
    }
  });

  it('above the launch bounds the driver API still answers as without them; Carve reports 0 (the launch fails)', () => {
    const above = queries.filter(aboveBounds);
    expect(above.length).toBe(600);
    for (const q of above) {
      expect(computeOccupancy(inputFor(q, null)).activeBlocksPerSM).toBe(q.activeBlocksPerSM);
      expect(computeOccupancy(inputFor(q, kernels.get(q.kernel)!.launchBounds)).activeBlocksPerSM).toBe(0);
    }
    expect(above.some((q) => q.activeBlocksPerSM > 0)).toBe(true);
  });

  it("the kernel's max threads per block is the largest block its registers and launch bounds allow", () => {
    for (const k of kernels.values()) {
      let largest = 0;
      for (let block = 32; block <= 1024; block += 32) {
        const r = computeOccupancy({ arch: 'sm_90', block, registersPerThread: k.numRegs, staticSharedBytes: k.sharedSizeBytes });
        if (r.limits.registers !== 0 && block <= (k.launchBounds ?? 1024)) largest = block;
      }
      expect(largest, k.kernel).toBe(k.maxThreadsPerBlock);
    }
  });
});
