// Differential test against NVIDIA's cuda_occupancy.h: a small driver (occupancy-oracle.cpp)
// is built with g++ in this run and fed 10,000 seeded random cases per arch.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_ARCHS, computeOccupancy, getArch, type OccupancyInput } from '../../src/gpu/index.js';
import { mulberry32 } from './prng.js';
import { requireCudaInclude, requireGxx } from '../helpers/tools.js';

const DRIVER_SOURCE = path.join(path.dirname(new URL(import.meta.url).pathname), 'occupancy-oracle.cpp');
const CASES_PER_ARCH = 10_000;
const INT_MAX = 2147483647;

interface OracleCase {
  input: OccupancyInput & { dynamicSharedBytes: number; carveoutPercent: number; barriers: number };
  maxDynamic: number;
  blockSize: number;
}

function randomCase(arch: string, random: () => number): OracleCase {
  const spec = getArch(arch);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  // A fifth are small blocks, where the block-count and barrier limits bind.
  const blockSize = random() < 0.2 ? int(1, 96) : int(1, 1024);
  // Some cases as 2-D / 3-D blocks with the same thread count.
  let block: number | number[] = blockSize;
  const shape = random();
  if (shape < 0.15 && blockSize % 4 === 0) block = [blockSize / 4, 4];
  else if (shape < 0.25 && blockSize % 8 === 0 && blockSize / 8 <= 1024) block = [blockSize / 8, 2, 4];
  const registersPerThread = random() < 0.02 ? 0 : random() < 0.2 ? int(1, 40) : int(1, 255);
  const staticSharedBytes = random() < 0.25 ? 0 : int(0, spec.sharedMemoryPerBlock);
  const optIn = random() < 0.5;
  const maxDynamic = optIn ? int(0, spec.sharedMemoryPerBlockOptin - staticSharedBytes) : spec.sharedMemoryPerBlock - staticSharedBytes;
  const dynamicRoll = random();
  // Mostly within the kernel's dynamic limit; some above it (0 blocks) but under the opt-in cap.
  const dynamicSharedBytes =
    dynamicRoll < 0.3 ? 0 : dynamicRoll < 0.9 ? int(0, maxDynamic) : int(0, spec.sharedMemoryPerBlockOptin - staticSharedBytes);
  const carveoutPercent = random() < 0.3 ? -1 : int(0, 100);
  const barriers = int(0, 2);
  return {
    input: {
      arch,
      block,
      registersPerThread,
      staticSharedBytes,
      dynamicSharedBytes,
      carveoutPercent,
      barriers,
      ...(optIn ? { maxDynamicSharedBytes: maxDynamic } : {}),
    },
    maxDynamic,
    blockSize,
  };
}

let buildDir = '';
let oracle = '';

beforeAll(() => {
  // Report, never skip: a missing toolchain or header is a failure with a clear message.
  const gxx = requireGxx();
  const cudaInclude = requireCudaInclude('cuda_occupancy.h');
  buildDir = mkdtempSync(path.join(tmpdir(), 'carve-occ-oracle-'));
  oracle = path.join(buildDir, 'occupancy-oracle');
  execFileSync(gxx, ['-std=c++17', '-O2', '-I', cudaInclude, DRIVER_SOURCE, '-o', oracle], { stdio: 'pipe' });
});

afterAll(() => {
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

describe('computeOccupancy equals cuda_occupancy.h', () => {
  it.each([...KNOWN_ARCHS])('%s: 10,000 random cases, zero mismatches', (arch) => {
    const spec = getArch(arch);
    const random = mulberry32(0xc0ffee + spec.major * 100 + spec.minor);
    const cases = Array.from({ length: CASES_PER_ARCH }, () => randomCase(arch, random));
    const stdin = cases
      .map(({ input, maxDynamic, blockSize }) =>
        [
          spec.major,
          spec.minor,
          blockSize,
          input.registersPerThread,
          input.staticSharedBytes,
          input.dynamicSharedBytes,
          maxDynamic,
          input.carveoutPercent,
          input.barriers,
        ].join(' '),
      )
      .join('\n');
    const lines = execFileSync(oracle, { input: stdin + '\n', encoding: 'utf8', maxBuffer: 64 << 20 })
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(CASES_PER_ARCH);

    const mismatches: string[] = [];
    let zeroBlocks = 0;
    let barrierLimited = 0;
    cases.forEach((c, i) => {
      const fields = lines[i].split(' ');
      if (fields[0] === 'ERR') {
        mismatches.push(`case ${i} ${JSON.stringify(c.input)}: header error ${fields[1]}`);
        return;
      }
      const [active, factors, limRegs, limSmem, limWarps, limBlocks, limBars, allocRegs, allocSmem] = fields.map(Number);
      const expected = {
        activeBlocksPerSM: active,
        limiterBits: factors,
        limits: {
          warps: limWarps,
          registers: limRegs === INT_MAX ? null : limRegs,
          sharedMemory: limSmem === INT_MAX ? null : limSmem,
          blocks: limBlocks,
          barriers: limBars === INT_MAX ? null : limBars,
        },
        allocatedRegistersPerBlock: allocRegs,
        allocatedSharedBytesPerBlock: allocSmem,
      };
      const result = computeOccupancy(c.input);
      const bits = { warps: 1, registers: 2, sharedMemory: 4, blocks: 8, barriers: 16 } as const;
      const actual = {
        activeBlocksPerSM: result.activeBlocksPerSM,
        limiterBits: result.limiter.reduce((sum, name) => sum | bits[name], 0),
        limits: result.limits,
        allocatedRegistersPerBlock: result.allocatedRegistersPerBlock,
        allocatedSharedBytesPerBlock: result.allocatedSharedBytesPerBlock,
      };
      if (JSON.stringify(actual) !== JSON.stringify(expected)) {
        mismatches.push(`case ${i} ${JSON.stringify(c.input)}: carve ${JSON.stringify(actual)} header ${JSON.stringify(expected)}`);
      }
      if (active === 0) zeroBlocks++;
      if (factors & 16) barrierLimited++;
    });
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(mismatches).toHaveLength(0);
    // The sample reaches the interesting paths, not only easy cases.
    expect(zeroBlocks).toBeGreaterThan(100);
    if (spec.barrierLimitApplies) expect(barrierLimited).toBeGreaterThan(10);
  });
});
