// Full occupancy sweep for one arch: 255 register counts x 32 block sizes x 10 shared sizes
// (81,600 evaluations through the public computeOccupancy). Target: < 50 ms.
import { computeOccupancy, computeCliffs } from '../src/gpu/index.js';
import type { BenchResult } from './run.js';

const SHARED_SIZES = [0, 1024, 2048, 4096, 8192, 12288, 16384, 24576, 32768, 49152];

function sweep(arch: string): number {
  let checksum = 0;
  for (let registers = 1; registers <= 255; registers++) {
    for (let block = 32; block <= 1024; block += 32) {
      for (const staticSharedBytes of SHARED_SIZES) {
        checksum += computeOccupancy({ arch, block, registersPerThread: registers, staticSharedBytes }).activeBlocksPerSM;
      }
    }
  }
  return checksum;
}

function medianMs(runs: number, body: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    body();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

export async function bench(): Promise<BenchResult[]> {
  sweep('sm_90'); // warm-up (JIT)
  const sweepMs = medianMs(9, () => sweep('sm_90'));
  const cliffsMs =
    medianMs(9, () => {
      for (let registers = 8; registers <= 255; registers += 8) {
        computeCliffs({ arch: 'sm_90', block: 256, registersPerThread: registers, staticSharedBytes: 4096 });
      }
    }) / 32;
  return [
    { name: 'sm_90 sweep 255 regs x 32 blocks x 10 shared (81,600 cases)', value: sweepMs, unit: 'ms', target: { max: 50 } },
    { name: 'computeCliffs per kernel (sm_90, curve + register and shared scans)', value: cliffsMs, unit: 'ms' },
  ];
}
