// Exact occupancy: the algorithm of cudaOccMaxActiveBlocksPerMultiprocessor in
// /usr/local/cuda/include/cuda_occupancy.h (CUDA 13.0), with function attributes as the CUDA
// runtime builds them from cudaFuncAttributes (shmemLimitConfig = OPTIN, numBlockBarriers = 1,
// maxDynamicSharedSizeBytes = 48 KB - static unless the kernel opts in).
import type { LimiterName, OccupancyResult } from '../model/types.js';
import { getArch, type ArchSpec } from './arch.js';
import { OccupancyInputError } from './errors.js';

export interface OccupancyInput {
  arch: string;
  /** Threads per block, or its 1-3 dimensions. */
  block: number | number[];
  registersPerThread: number;
  staticSharedBytes: number;
  dynamicSharedBytes?: number;
  /** Launch bounds (__launch_bounds__ / .maxntid): a larger block cannot launch. */
  maxThreadsPerBlock?: number | null;
  /** cudaFuncAttributePreferredSharedMemoryCarveout: -1 = default, 0..100 percent. */
  carveoutPercent?: number;
  /** Named barriers per block (numBlockBarriers); the runtime assumes 1. */
  barriers?: number;
  /** cudaFuncAttributeMaxDynamicSharedMemorySize; default 48 KB - static (no opt-in). */
  maxDynamicSharedBytes?: number;
}

const INT_MAX = 2147483647;
const FACTOR_WARPS = 0x01;
const FACTOR_REGISTERS = 0x02;
const FACTOR_SHARED = 0x04;
const FACTOR_BLOCKS = 0x08;
const FACTOR_BARRIERS = 0x10;

/** Everything one evaluation produces; reused so sweeps allocate nothing per point. */
export interface OccupancyCore {
  warpsPerBlock: number;
  active: number;
  /** cudaOccLimitingFactor bits. */
  factors: number;
  limitWarps: number;
  limitRegisters: number;
  limitShared: number;
  limitBlocks: number;
  limitBarriers: number;
  allocatedRegistersPerBlock: number;
  allocatedSharedBytesPerBlock: number;
}

export function newCore(): OccupancyCore {
  return {
    warpsPerBlock: 0,
    active: 0,
    factors: 0,
    limitWarps: 0,
    limitRegisters: 0,
    limitShared: 0,
    limitBlocks: 0,
    limitBarriers: 0,
    allocatedRegistersPerBlock: 0,
    allocatedSharedBytesPerBlock: 0,
  };
}

/** Smallest carveout step >= size (cudaOccAlignUpShmemSizeVoltaPlus); -1 when none is. */
export function alignUpToCarveoutStep(arch: ArchSpec, size: number): number {
  const steps = arch.carveoutStepsBytes;
  for (let i = 0; i < steps.length; i++) if (size <= steps[i]) return steps[i];
  return -1;
}

const preferenceTables = new Map<ArchSpec, Int32Array>();

/** Per-SM shared memory the carveout preference selects, indexed by carveout + 1 (-1..100). */
function preferenceTable(arch: ArchSpec): Int32Array {
  let table = preferenceTables.get(arch);
  if (!table) {
    table = new Int32Array(102);
    for (let carveout = -1; carveout <= 100; carveout++) {
      const wanted = carveout === -1 ? arch.sharedMemoryPerSM : Math.floor((carveout * arch.sharedMemoryPerSM) / 100);
      table[carveout + 1] = alignUpToCarveoutStep(arch, wanted);
    }
    preferenceTables.set(arch, table);
  }
  return table;
}

/** The per-SM shared memory a carveout preference asks for, bytes. */
export function carveoutPreferenceBytes(arch: ArchSpec, carveoutPercent: number): number {
  return preferenceTable(arch)[carveoutPercent + 1];
}

/**
 * One evaluation, no validation, no allocation. `maxDynamicShared` is the effective
 * cudaFuncAttributeMaxDynamicSharedMemorySize; `launchBound` 0 = none.
 */
export function evaluateCore(
  arch: ArchSpec,
  blockSize: number,
  registers: number,
  staticShared: number,
  dynamicShared: number,
  maxDynamicShared: number,
  carveoutPercent: number,
  barriers: number,
  launchBound: number,
  out: OccupancyCore,
): OccupancyCore {
  const warpsPerBlock = Math.ceil(blockSize / arch.warpSize);
  out.warpsPerBlock = warpsPerBlock;

  // (1) Registers: allocated per warp in units of 256; the hardware check assumes the
  // block's warps are spread over all 4 sub-partitions (warps rounded up to 4).
  const unit = arch.registerAllocationUnit;
  const regsPerWarp = Math.ceil((registers * arch.warpSize) / unit) * unit;
  const regsPerBlock = regsPerWarp * warpsPerBlock;
  const subPartitions = arch.subPartitions;
  const regsAssumedPerBlock = regsPerWarp * Math.ceil(warpsPerBlock / subPartitions) * subPartitions;
  let limitRegisters: number;
  if (arch.maxRegistersPerBlock < regsAssumedPerBlock || arch.maxRegistersPerBlock < regsPerBlock || registers > 256) {
    limitRegisters = 0;
  } else if (regsPerWarp === 0) {
    limitRegisters = INT_MAX;
  } else {
    const warpsPerSubPartition = Math.floor(arch.registersPerSM / subPartitions / regsPerWarp);
    limitRegisters = Math.floor((warpsPerSubPartition * subPartitions) / warpsPerBlock);
  }
  out.allocatedRegistersPerBlock = regsPerBlock;

  // (2) Warps; a block above the device or launch-bounds limit cannot launch.
  const tooBig = blockSize > arch.maxThreadsPerBlock || (launchBound > 0 && blockSize > launchBound);
  const limitWarps = tooBig ? 0 : Math.floor(arch.maxWarpsPerSM / warpsPerBlock);

  // (3) Blocks.
  const limitBlocks = arch.maxBlocksPerSM;

  // (4) Shared memory: reserved bytes count even for a kernel without shared memory.
  const unitShared = arch.sharedMemoryAllocationUnit;
  const staticWithReserved = staticShared + arch.reservedSharedMemoryPerBlock;
  const allocShared = Math.ceil((staticWithReserved + dynamicShared) / unitShared) * unitShared;
  const maxUsage = staticWithReserved + maxDynamicShared;
  let perBlockCap = maxUsage > arch.sharedMemoryPerBlock ? arch.sharedMemoryPerBlockOptin : arch.sharedMemoryPerBlock;
  if (arch.major >= 8) perBlockCap += arch.reservedSharedMemoryPerBlock;
  let limitShared: number;
  if (dynamicShared > maxDynamicShared || allocShared > perBlockCap) {
    limitShared = 0;
  } else {
    const preference = preferenceTable(arch)[carveoutPercent + 1];
    const sharedPerSM = preference >= allocShared ? preference : alignUpToCarveoutStep(arch, allocShared);
    limitShared = allocShared > 0 ? Math.floor(sharedPerSM / allocShared) : INT_MAX;
  }
  out.allocatedSharedBytesPerBlock = allocShared;

  let active = Math.min(limitRegisters, limitShared, limitWarps, limitBlocks);
  let factors = 0;
  if (active === limitWarps) factors |= FACTOR_WARPS;
  if (active === limitRegisters) factors |= FACTOR_REGISTERS;
  if (active === limitShared) factors |= FACTOR_SHARED;
  if (active === limitBlocks) factors |= FACTOR_BLOCKS;

  // (6) Barriers: cc >= 9 only, applied after the minimum above.
  let limitBarriers = INT_MAX;
  if (arch.barrierLimitApplies && barriers > 0) {
    limitBarriers = Math.floor((limitBlocks * arch.barrierSlotsPerBlockSlot) / barriers);
    active = Math.min(active, limitBarriers);
    if (active === limitBarriers) factors |= FACTOR_BARRIERS;
  }

  out.active = active;
  out.factors = factors;
  out.limitWarps = limitWarps;
  out.limitRegisters = limitRegisters;
  out.limitShared = limitShared;
  out.limitBlocks = limitBlocks;
  out.limitBarriers = limitBarriers;
  return out;
}

const LIMITER_BITS: Array<[number, LimiterName]> = [
  [FACTOR_WARPS, 'warps'],
  [FACTOR_REGISTERS, 'registers'],
  [FACTOR_SHARED, 'sharedMemory'],
  [FACTOR_BLOCKS, 'blocks'],
  [FACTOR_BARRIERS, 'barriers'],
];

// All 32 combinations, built once; callers get a copy they may change.
const LIMITERS_BY_FACTORS: readonly LimiterName[][] = Array.from({ length: 32 }, (_, factors) =>
  LIMITER_BITS.filter(([bit]) => factors & bit).map(([, name]) => name),
);

export function limiterNames(factors: number): LimiterName[] {
  return LIMITERS_BY_FACTORS[factors & 31].slice();
}

/** The input checked and with every default filled in. */
export interface NormalizedOccupancyInput {
  arch: ArchSpec;
  block: [number, number, number];
  blockSize: number;
  registersPerThread: number;
  staticSharedBytes: number;
  dynamicSharedBytes: number;
  maxThreadsPerBlock: number | null;
  carveoutPercent: number;
  barriers: number;
  maxDynamicSharedBytes: number;
}

type CheckedField = Exclude<OccupancyInputError['limit'], 'arch' | 'input'> | 'block.x' | 'block.y' | 'block.z';

/** What a field is and why its maximum holds, for the error message. */
function describeField(field: CheckedField, arch: ArchSpec, staticBytes: number): [what: string, maxWhy: string] {
  const optinWhy = `the ${arch.name} opt-in shared memory limit per block (${arch.sharedMemoryPerBlockOptin} B) minus ${staticBytes} B static`;
  switch (field) {
    case 'registers':
      return ['registers per thread', `the ${arch.name} maximum registers per thread`];
    case 'staticShared':
      return ['static shared memory (bytes)', `the ${arch.name} static shared memory limit per block; more must be dynamic with opt-in`];
    case 'dynamicShared':
      return ['dynamic shared memory (bytes)', optinWhy];
    case 'maxDynamicShared':
      return ['max dynamic shared memory (bytes)', optinWhy];
    case 'maxThreadsPerBlock':
      return ['max threads per block (launch bounds)', `the ${arch.name} maximum threads per block`];
    case 'carveout':
      return ['carveout (percent)', 'the carveout range -1..100'];
    case 'barriers':
      return ['barriers per block', 'the 16 named barriers per block'];
    default:
      return [field, `the ${arch.name} limit for ${field}`];
  }
}

/** Cheap range check; the message is built only when the value is bad (sweeps stay fast). */
function checkInteger(value: unknown, field: CheckedField, min: number, max: number, arch: ArchSpec, staticBytes = 0): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return value;
  const [what, maxWhy] = describeField(field, arch, staticBytes);
  const limit = field.startsWith('block') ? 'block' : (field as OccupancyInputError['limit']);
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new OccupancyInputError(limit, `${what} must be an integer, got ${JSON.stringify(value)}`);
  }
  if (value < min) throw new OccupancyInputError(limit, `${what} ${value} is below the minimum ${min}`);
  throw new OccupancyInputError(limit, `${what} ${value} exceeds ${maxWhy} (${max})`);
}

const AXES = ['block.x', 'block.y', 'block.z'] as const;

export function normalizeBlock(arch: ArchSpec, block: number | number[]): [number, number, number] {
  if (typeof block === 'number') return [checkInteger(block, 'block.x', 1, arch.maxThreadsPerBlock, arch), 1, 1];
  if (!Array.isArray(block) || block.length < 1 || block.length > 3) {
    throw new OccupancyInputError('block', `block must be a number or 1-3 dimensions, got ${JSON.stringify(block)}`);
  }
  const full: [number, number, number] = [1, 1, 1];
  for (let i = 0; i < block.length; i++) full[i] = checkInteger(block[i], AXES[i], 1, arch.maxBlockDims[i], arch);
  const threads = full[0] * full[1] * full[2];
  if (threads > arch.maxThreadsPerBlock) {
    throw new OccupancyInputError(
      'block',
      `block of ${threads} threads exceeds the ${arch.name} maximum of ${arch.maxThreadsPerBlock} threads per block`,
    );
  }
  return full;
}

/** Checks every field except the block; throws OccupancyInputError naming the violated limit. */
export function normalizeKernel(input: Omit<OccupancyInput, 'block'>): Omit<NormalizedOccupancyInput, 'block' | 'blockSize'> {
  const arch = getArch(input.arch);
  const registersPerThread = checkInteger(input.registersPerThread, 'registers', 0, arch.maxRegistersPerThread, arch);
  const staticSharedBytes = checkInteger(input.staticSharedBytes, 'staticShared', 0, arch.sharedMemoryPerBlock, arch);
  const optinRoom = arch.sharedMemoryPerBlockOptin - staticSharedBytes;
  const dynamicSharedBytes = checkInteger(input.dynamicSharedBytes ?? 0, 'dynamicShared', 0, optinRoom, arch, staticSharedBytes);
  const maxDynamicSharedBytes = checkInteger(
    input.maxDynamicSharedBytes ?? arch.sharedMemoryPerBlock - staticSharedBytes,
    'maxDynamicShared',
    0,
    optinRoom,
    arch,
    staticSharedBytes,
  );
  const maxThreadsPerBlock =
    input.maxThreadsPerBlock === undefined || input.maxThreadsPerBlock === null
      ? null
      : checkInteger(input.maxThreadsPerBlock, 'maxThreadsPerBlock', 1, arch.maxThreadsPerBlock, arch);
  const carveoutPercent = checkInteger(input.carveoutPercent ?? -1, 'carveout', -1, 100, arch);
  const barriers = checkInteger(input.barriers ?? 1, 'barriers', 0, 16, arch);
  return {
    arch,
    registersPerThread,
    staticSharedBytes,
    dynamicSharedBytes,
    maxDynamicSharedBytes,
    maxThreadsPerBlock,
    carveoutPercent,
    barriers,
  };
}

export function normalizeOccupancyInput(input: OccupancyInput): NormalizedOccupancyInput {
  const kernel = normalizeKernel(input) as NormalizedOccupancyInput;
  kernel.block = normalizeBlock(kernel.arch, input.block);
  kernel.blockSize = kernel.block[0] * kernel.block[1] * kernel.block[2];
  return kernel;
}

function nullIfUnlimited(limit: number): number | null {
  return limit === INT_MAX ? null : limit;
}

export function coreToResult(arch: ArchSpec, blockSize: number, core: OccupancyCore): OccupancyResult {
  const activeWarpsPerSM = core.active * core.warpsPerBlock;
  return {
    arch: arch.name,
    blockSize,
    warpsPerBlock: core.warpsPerBlock,
    activeBlocksPerSM: core.active,
    activeWarpsPerSM,
    occupancy: activeWarpsPerSM / arch.maxWarpsPerSM,
    limiter: limiterNames(core.factors),
    limits: {
      warps: core.limitWarps,
      registers: nullIfUnlimited(core.limitRegisters),
      sharedMemory: nullIfUnlimited(core.limitShared),
      blocks: core.limitBlocks,
      barriers: nullIfUnlimited(core.limitBarriers),
    },
    allocatedRegistersPerBlock: core.allocatedRegistersPerBlock,
    allocatedSharedBytesPerBlock: core.allocatedSharedBytesPerBlock,
  };
}

export function evaluateNormalized(n: NormalizedOccupancyInput, out: OccupancyCore = newCore()): OccupancyCore {
  return evaluateCore(
    n.arch,
    n.blockSize,
    n.registersPerThread,
    n.staticSharedBytes,
    n.dynamicSharedBytes,
    n.maxDynamicSharedBytes,
    n.carveoutPercent,
    n.barriers,
    n.maxThreadsPerBlock ?? 0,
    out,
  );
}

/** Active blocks per SM and why; throws OccupancyInputError naming the violated limit. */
export function computeOccupancy(input: OccupancyInput): OccupancyResult {
  const normalized = normalizeOccupancyInput(input);
  return coreToResult(normalized.arch, normalized.blockSize, evaluateNormalized(normalized));
}

/** Why a result has zero active blocks, in words; null when it has some. */
export function explainZeroOccupancy(input: OccupancyInput, result: OccupancyResult): string | null {
  if (result.activeBlocksPerSM > 0) return null;
  const n = normalizeOccupancyInput(input);
  const reasons: string[] = [];
  if (n.maxThreadsPerBlock !== null && n.blockSize > n.maxThreadsPerBlock) {
    reasons.push(`block of ${n.blockSize} threads exceeds the kernel's launch bounds (${n.maxThreadsPerBlock} threads)`);
  }
  if (result.limits.registers === 0) {
    reasons.push(
      `${n.registersPerThread} registers x ${n.blockSize} threads do not fit the ${n.arch.maxRegistersPerBlock} registers per block (allocated per warp in units of ${n.arch.registerAllocationUnit}, warps rounded up to ${n.arch.subPartitions})`,
    );
  }
  if (result.limits.sharedMemory === 0) {
    if (n.dynamicSharedBytes > n.maxDynamicSharedBytes) {
      reasons.push(
        `dynamic shared memory ${n.dynamicSharedBytes} B exceeds the kernel's max dynamic shared size ${n.maxDynamicSharedBytes} B (opt in with cudaFuncSetAttribute(MaxDynamicSharedMemorySize))`,
      );
    } else {
      reasons.push(`shared memory ${result.allocatedSharedBytesPerBlock} B per block exceeds the per-block limit`);
    }
  }
  return reasons.length ? reasons.join('; ') : 'no block fits';
}
