// Occupancy cliffs: how far a kernel is from the next change in active blocks per SM when
// it grows or sheds registers or shared memory, and the occupancy curve over block sizes.
import type { Cliffs, CliffSide, OccupancyCurvePoint } from '../model/types.js';
import {
  evaluateCore,
  evaluateNormalized,
  limiterNames,
  newCore,
  normalizeKernel,
  normalizeOccupancyInput,
  type NormalizedOccupancyInput,
  type OccupancyCore,
  type OccupancyInput,
} from './occupancy.js';

type KernelOnly = Omit<NormalizedOccupancyInput, 'block' | 'blockSize'>;

function blocksWith(
  n: NormalizedOccupancyInput,
  registers: number,
  staticShared: number,
  core: OccupancyCore,
  dynamicShared = n.dynamicSharedBytes,
): number {
  return evaluateCore(
    n.arch,
    n.blockSize,
    registers,
    staticShared,
    dynamicShared,
    n.maxDynamicSharedBytes,
    n.carveoutPercent,
    n.barriers,
    n.maxThreadsPerBlock ?? 0,
    core,
  ).active;
}

/**
 * Registers per thread. headroom = most registers the kernel can add and keep its blocks/SM
 * (adding headroom + 1 drops to blocksAfterDrop); null when even 255 keeps them.
 * shedToGain = fewest registers to remove to gain blocks (down to 1 register per thread).
 */
function registerSide(n: NormalizedOccupancyInput, current: number, core: OccupancyCore): CliffSide {
  const side: CliffSide = { headroom: null, blocksAfterDrop: null, shedToGain: null, blocksAfterGain: null };
  const regs = n.registersPerThread;
  if (current > 0) {
    for (let r = regs + 1; r <= n.arch.maxRegistersPerThread; r++) {
      const blocks = blocksWith(n, r, n.staticSharedBytes, core);
      if (blocks < current) {
        side.headroom = r - 1 - regs;
        side.blocksAfterDrop = blocks;
        break;
      }
    }
  }
  for (let r = regs - 1; r >= 1; r--) {
    const blocks = blocksWith(n, r, n.staticSharedBytes, core);
    if (blocks > current) {
      side.shedToGain = regs - r;
      side.blocksAfterGain = blocks;
      break;
    }
  }
  return side;
}

/**
 * Shared memory per block in bytes (static + dynamic). Growth is modelled as static bytes with
 * the kernel's dynamic limit unchanged, so growing past 48 KB assumes the opt-in; beyond the
 * opt-in limit a block cannot launch, which is a drop to 0. Shedding removes static bytes
 * first, then dynamic.
 */
function sharedSide(n: NormalizedOccupancyInput, current: number, core: OccupancyCore): CliffSide {
  const side: CliffSide = { headroom: null, blocksAfterDrop: null, shedToGain: null, blocksAfterGain: null };
  const arch = n.arch;
  const unit = arch.sharedMemoryAllocationUnit;
  const reserved = arch.reservedSharedMemoryPerBlock;
  const userBytes = n.staticSharedBytes + n.dynamicSharedBytes;
  const total = userBytes + reserved;
  const allocated = Math.ceil(total / unit) * unit;
  // Allocation changes only at multiples of the unit: test one byte count per allocation size.
  if (current > 0) {
    const maxUser = arch.sharedMemoryPerBlockOptin;
    for (let alloc = allocated + unit; alloc - reserved <= maxUser; alloc += unit) {
      const blocks = blocksWith(n, n.registersPerThread, alloc - reserved - n.dynamicSharedBytes, core);
      if (blocks < current) {
        side.headroom = alloc - unit - total;
        side.blocksAfterDrop = blocks;
        break;
      }
    }
    if (side.headroom === null) {
      side.headroom = maxUser - userBytes;
      side.blocksAfterDrop = 0;
    }
  }
  for (let alloc = allocated - unit; alloc >= reserved; alloc -= unit) {
    // The largest byte count with this allocation is `alloc` itself; shed static bytes first.
    const userAfter = alloc - reserved;
    const dynamicAfter = Math.min(n.dynamicSharedBytes, userAfter);
    const blocks = blocksWith(n, n.registersPerThread, userAfter - dynamicAfter, core, dynamicAfter);
    if (blocks > current) {
      side.shedToGain = total - alloc;
      side.blocksAfterGain = blocks;
      break;
    }
  }
  return side;
}

function curveFor(kernel: KernelOnly, core: OccupancyCore): OccupancyCurvePoint[] {
  const arch = kernel.arch;
  const maxBlock = Math.min(arch.maxThreadsPerBlock, kernel.maxThreadsPerBlock ?? arch.maxThreadsPerBlock);
  const sizes: number[] = [];
  for (let size = arch.warpSize; size <= maxBlock; size += arch.warpSize) sizes.push(size);
  // Launch bounds that are not a warp multiple are a legal (and the largest) block size.
  if (maxBlock % arch.warpSize !== 0) sizes.push(maxBlock);
  return sizes.map((blockSize) => {
    evaluateCore(
      arch,
      blockSize,
      kernel.registersPerThread,
      kernel.staticSharedBytes,
      kernel.dynamicSharedBytes,
      kernel.maxDynamicSharedBytes,
      kernel.carveoutPercent,
      kernel.barriers,
      kernel.maxThreadsPerBlock ?? 0,
      core,
    );
    const activeWarpsPerSM = core.active * core.warpsPerBlock;
    return {
      blockSize,
      activeBlocksPerSM: core.active,
      activeWarpsPerSM,
      occupancy: activeWarpsPerSM / arch.maxWarpsPerSM,
      limiter: limiterNames(core.factors),
    };
  });
}

/** Occupancy at every warp-multiple block size up to the device / launch-bounds maximum. */
export function occupancyCurve(input: Omit<OccupancyInput, 'block'>): OccupancyCurvePoint[] {
  return curveFor(normalizeKernel(input), newCore());
}

/** Block sizes reaching the curve's highest occupancy, ascending; empty when none launches. */
export function bestBlockSizes(curve: OccupancyCurvePoint[]): number[] {
  let best = 0;
  for (const point of curve) best = Math.max(best, point.activeWarpsPerSM);
  if (best === 0) return [];
  return curve.filter((p) => p.activeWarpsPerSM === best).map((p) => p.blockSize);
}

export function computeCliffs(input: OccupancyInput): Cliffs {
  const n = normalizeOccupancyInput(input);
  const core = newCore();
  const current = evaluateNormalized(n, core).active;
  const curve = curveFor(n, core);
  return {
    registers: registerSide(n, current, core),
    sharedMemory: sharedSide(n, current, core),
    curve,
    bestBlockSizes: bestBlockSizes(curve),
  };
}
