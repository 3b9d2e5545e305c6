// The architecture table: every limit the occupancy calculation depends on, per compute
// capability, with a source key for each group of values (see sources.ts).
// Limits come from arch-table.json (PG / OCC / CCCL agree on all of them); the allocation
// constants are those hard-coded in cuda_occupancy.h (OCC).
import type { SourceKey } from './sources.js';
import { OccupancyInputError } from './errors.js';

export interface FlagshipPart {
  part: string;
  sms: number | null;
  /** Boost SM clock, MHz. */
  smClockMHz: number | null;
  l2Bytes: number | null;
  dramBandwidthGBs: number | null;
  /** FP32 lanes (FMA/clk) per SM. */
  fp32LanesPerSM: number | null;
  /** sms x lanes x 2 (FMA) x clock; null when any factor is unknown. */
  peakFp32Gflops: number | null;
  /** Field names whose value is not verified by a primary source or a measurement. */
  unverified: string[];
  sources: Partial<Record<'sms' | 'smClockMHz' | 'l2Bytes' | 'dramBandwidthGBs' | 'fp32LanesPerSM', SourceKey[]>>;
  note?: string;
}

export interface ArchSpec {
  /** Canonical name, e.g. 'sm_90'. */
  name: string;
  major: number;
  minor: number;
  family: string;
  warpSize: number;
  maxThreadsPerBlock: number;
  maxBlockDims: readonly [number, number, number];
  maxThreadsPerSM: number;
  maxWarpsPerSM: number;
  maxBlocksPerSM: number;
  registersPerSM: number;
  maxRegistersPerBlock: number;
  /** What ptxas can allocate (255); cuda_occupancy.h checks against 256. */
  maxRegistersPerThread: number;
  /** Registers are allocated per warp in units of this many (256 = per-thread count rounded to 8). */
  registerAllocationUnit: number;
  registerAllocationGranularity: 'warp';
  /** Register file sub-partitions (one scheduler each); warps/SM = 4 x floor(regs per sub-partition / regs per warp). */
  subPartitions: number;
  /** Largest shared-memory carveout per SM, bytes. */
  sharedMemoryPerSM: number;
  /** Per-block limit without opt-in (static shared memory is capped here too). */
  sharedMemoryPerBlock: number;
  /** Per-block limit after cudaFuncSetAttribute(MaxDynamicSharedMemorySize). */
  sharedMemoryPerBlockOptin: number;
  /** Shared memory the driver reserves for every block (counted even when the kernel uses none). */
  reservedSharedMemoryPerBlock: number;
  sharedMemoryAllocationUnit: number;
  /** Per-SM shared-memory sizes the carveout can select, bytes, ascending. */
  carveoutStepsBytes: readonly number[];
  /** Barrier slots per SM = this x maxBlocksPerSM (cuda_occupancy.h). */
  barrierSlotsPerBlockSlot: number;
  /** cuda_occupancy.h applies the barrier limit on cc >= 9 only. */
  barrierLimitApplies: boolean;
  flagship: FlagshipPart;
  sources: Record<'limits' | 'allocation' | 'carveout' | 'barriers', SourceKey[]>;
}

const KB = 1024;

interface ArchRow {
  cc: [number, number];
  family: string;
  maxThreadsPerSM: number;
  maxBlocksPerSM: number;
  sharedMemoryPerSM: number;
  sharedMemoryPerBlockOptin: number;
  carveoutKB: number[];
  barrierSlotsPerBlockSlot: number;
  flagship: Omit<FlagshipPart, 'peakFp32Gflops'>;
  limitSources: SourceKey[];
}

const AMPERE_CARVEOUT = [0, 8, 16, 32, 64, 100, 132, 164];
const SMALL_CARVEOUT = [0, 8, 16, 32, 64, 100];
const HOPPER_CARVEOUT = [0, 8, 16, 32, 64, 100, 132, 164, 196, 228];

// Flagship numbers are for later roofline use; arch-table.json marks most as UNVERIFIED.
const ROWS: ArchRow[] = [
  {
    cc: [7, 5],
    family: 'Turing',
    maxThreadsPerSM: 1024,
    maxBlocksPerSM: 16,
    sharedMemoryPerSM: 64 * KB,
    sharedMemoryPerBlockOptin: 64 * KB,
    carveoutKB: [32, 64],
    barrierSlotsPerBlockSlot: 2,
    flagship: {
      part: 'Quadro RTX 8000 / TITAN RTX (TU102)',
      sms: 72,
      smClockMHz: 1770,
      l2Bytes: 6 * KB * KB,
      dramBandwidthGBs: 672,
      fp32LanesPerSM: 64,
      unverified: ['sms', 'smClockMHz', 'l2Bytes', 'dramBandwidthGBs', 'fp32LanesPerSM'],
      sources: { sms: ['MEM'], smClockMHz: ['MEM'], l2Bytes: ['MEM'], dramBandwidthGBs: ['MEM'], fp32LanesPerSM: ['MEM'] },
      note: 'Tesla T4 (TU104): 40 SMs, 4 MB L2, 320 GB/s (UNVERIFIED)',
    },
    limitSources: ['PG', 'OCC', 'CCCL'],
  },
  {
    cc: [8, 0],
    family: 'Ampere (GA100)',
    maxThreadsPerSM: 2048,
    maxBlocksPerSM: 32,
    sharedMemoryPerSM: 164 * KB,
    sharedMemoryPerBlockOptin: 163 * KB,
    carveoutKB: AMPERE_CARVEOUT,
    barrierSlotsPerBlockSlot: 2,
    flagship: {
      part: 'A100 SXM4 40GB',
      sms: 108,
      smClockMHz: 1410,
      l2Bytes: 40 * KB * KB,
      dramBandwidthGBs: 1555,
      fp32LanesPerSM: 64,
      unverified: ['sms', 'smClockMHz', 'fp32LanesPerSM'],
      sources: { sms: ['MEM'], smClockMHz: ['MEM'], l2Bytes: ['AMP'], dramBandwidthGBs: ['AMP'], fp32LanesPerSM: ['MEM'] },
      note: 'A100 80GB SXM: 2039 GB/s (UNVERIFIED)',
    },
    limitSources: ['PG', 'OCC', 'CCCL'],
  },
  {
    cc: [8, 6],
    family: 'Ampere (GA10x)',
    maxThreadsPerSM: 1536,
    maxBlocksPerSM: 16,
    sharedMemoryPerSM: 100 * KB,
    sharedMemoryPerBlockOptin: 99 * KB,
    carveoutKB: SMALL_CARVEOUT,
    barrierSlotsPerBlockSlot: 1,
    flagship: {
      part: 'GeForce RTX 3090 Ti (full GA102)',
      sms: 84,
      smClockMHz: 1860,
      l2Bytes: 6 * KB * KB,
      dramBandwidthGBs: 1008,
      fp32LanesPerSM: 128,
      unverified: ['sms', 'smClockMHz', 'l2Bytes', 'dramBandwidthGBs', 'fp32LanesPerSM'],
      sources: { sms: ['MEM'], smClockMHz: ['MEM'], l2Bytes: ['MEM'], dramBandwidthGBs: ['MEM'], fp32LanesPerSM: ['MEM'] },
    },
    limitSources: ['PG', 'OCC', 'CCCL'],
  },
  {
    cc: [8, 7],
    family: 'Ampere (GA10B, Jetson Orin)',
    maxThreadsPerSM: 1536,
    maxBlocksPerSM: 16,
    sharedMemoryPerSM: 164 * KB,
    sharedMemoryPerBlockOptin: 163 * KB,
    carveoutKB: AMPERE_CARVEOUT,
    barrierSlotsPerBlockSlot: 1,
    flagship: {
      part: 'Jetson AGX Orin 64GB',
      sms: 16,
      smClockMHz: 1300,
      l2Bytes: 4 * KB * KB,
      dramBandwidthGBs: 204.8,
      fp32LanesPerSM: 128,
      unverified: ['sms', 'smClockMHz', 'l2Bytes', 'dramBandwidthGBs', 'fp32LanesPerSM'],
      sources: { sms: ['MEM'], smClockMHz: ['MEM'], l2Bytes: ['MEM'], dramBandwidthGBs: ['MEM'], fp32LanesPerSM: ['MEM'] },
    },
    limitSources: ['PG', 'OCC', 'CCCL'],
  },
  {
    cc: [8, 9],
    family: 'Ada Lovelace',
    maxThreadsPerSM: 1536,
    maxBlocksPerSM: 24,
    sharedMemoryPerSM: 100 * KB,
    sharedMemoryPerBlockOptin: 99 * KB,
    carveoutKB: SMALL_CARVEOUT,
    barrierSlotsPerBlockSlot: 1,
    flagship: {
      part: 'GeForce RTX 4090 (AD102, cut)',
      sms: 128,
      smClockMHz: 2520,
      l2Bytes: 72 * KB * KB,
      dramBandwidthGBs: 1008,
      fp32LanesPerSM: 128,
      unverified: ['sms', 'smClockMHz', 'l2Bytes', 'dramBandwidthGBs', 'fp32LanesPerSM'],
      sources: { sms: ['MEM'], smClockMHz: ['MEM'], l2Bytes: ['MEM'], dramBandwidthGBs: ['MEM'], fp32LanesPerSM: ['MEM'] },
      note: 'full AD102 has 98304 KB L2 (ADA)',
    },
    limitSources: ['PG', 'OCC', 'CCCL'],
  },
  {
    cc: [9, 0],
    family: 'Hopper',
    maxThreadsPerSM: 2048,
    maxBlocksPerSM: 32,
    sharedMemoryPerSM: 228 * KB,
    sharedMemoryPerBlockOptin: 227 * KB,
    carveoutKB: HOPPER_CARVEOUT,
    barrierSlotsPerBlockSlot: 2,
    flagship: {
      // 3.35 TB/s = 5120 bit x 2619 MHz x 2 from the measured cudaDeviceProp.
      part: 'H100 SXM5 80GB HBM3',
      sms: 132,
      smClockMHz: 1980,
      l2Bytes: 52428800,
      dramBandwidthGBs: 3352,
      fp32LanesPerSM: 128,
      unverified: ['fp32LanesPerSM'],
      sources: {
        sms: ['H100RUN', 'H100OCC', 'KINDS'],
        smClockMHz: ['H100OCC'],
        l2Bytes: ['H100RUN', 'H100OCC', 'HOP'],
        dramBandwidthGBs: ['H100RUN', 'H100OCC', 'HOP'],
        fp32LanesPerSM: ['MEM'],
      },
      note: "HOP says 'up to 3 TB/s'. H200: 132 SMs, 60 MB L2 (KINDS)",
    },
    limitSources: ['PG', 'OCC', 'CCCL', 'H100RUN', 'H100OCC'],
  },
  {
    cc: [10, 0],
    family: 'Blackwell (datacenter, GB100)',
    maxThreadsPerSM: 2048,
    maxBlocksPerSM: 32,
    sharedMemoryPerSM: 228 * KB,
    sharedMemoryPerBlockOptin: 227 * KB,
    carveoutKB: HOPPER_CARVEOUT,
    barrierSlotsPerBlockSlot: 2,
    flagship: {
      part: 'B200',
      sms: 148,
      smClockMHz: null,
      l2Bytes: 132644864,
      dramBandwidthGBs: 7672,
      fp32LanesPerSM: 128,
      unverified: ['dramBandwidthGBs', 'fp32LanesPerSM'],
      sources: { sms: ['AO'], l2Bytes: ['AO', 'BW'], dramBandwidthGBs: ['AO', 'PRESS'], fp32LanesPerSM: ['MEM'] },
      note: '7.67 TB/s from the driver bus width 7680 bit x 3996 MHz x 2 (AO); 8 TB/s marketing. Clock unknown.',
    },
    limitSources: ['PG', 'OCC', 'CCCL', 'BW'],
  },
  {
    cc: [10, 3],
    family: 'Blackwell Ultra',
    maxThreadsPerSM: 2048,
    maxBlocksPerSM: 32,
    sharedMemoryPerSM: 228 * KB,
    sharedMemoryPerBlockOptin: 227 * KB,
    carveoutKB: HOPPER_CARVEOUT,
    barrierSlotsPerBlockSlot: 2,
    flagship: {
      part: 'B300 / GB300',
      sms: 160,
      smClockMHz: null,
      l2Bytes: null,
      dramBandwidthGBs: 8000,
      fp32LanesPerSM: 128,
      unverified: ['sms', 'dramBandwidthGBs', 'fp32LanesPerSM'],
      sources: { sms: ['PRESS'], dramBandwidthGBs: ['PRESS'], fp32LanesPerSM: ['MEM'] },
      note: '160 SMs is the full dual-die configuration (Hot Chips 2025 press); enabled count unverified; L2 and clock unknown',
    },
    limitSources: ['PG', 'OCC', 'CCCL'],
  },
  {
    cc: [11, 0],
    family: 'Blackwell (Jetson Thor; sm_101 before CUDA 13)',
    maxThreadsPerSM: 1536,
    maxBlocksPerSM: 24,
    sharedMemoryPerSM: 228 * KB,
    sharedMemoryPerBlockOptin: 227 * KB,
    carveoutKB: HOPPER_CARVEOUT,
    barrierSlotsPerBlockSlot: 1,
    flagship: {
      part: 'Jetson AGX Thor (T5000)',
      sms: 20,
      smClockMHz: null,
      l2Bytes: null,
      dramBandwidthGBs: 273,
      fp32LanesPerSM: 128,
      unverified: ['sms', 'dramBandwidthGBs', 'fp32LanesPerSM'],
      sources: { sms: ['MEM'], dramBandwidthGBs: ['MEM'], fp32LanesPerSM: ['MEM'] },
    },
    limitSources: ['PG', 'OCC', 'CCCL'],
  },
  {
    cc: [12, 0],
    family: 'Blackwell (GB20x, GeForce / RTX PRO)',
    maxThreadsPerSM: 1536,
    maxBlocksPerSM: 24,
    sharedMemoryPerSM: 100 * KB,
    sharedMemoryPerBlockOptin: 99 * KB,
    carveoutKB: SMALL_CARVEOUT,
    barrierSlotsPerBlockSlot: 1,
    flagship: {
      part: 'GeForce RTX 5090 (GB202, cut)',
      sms: 170,
      smClockMHz: 2407,
      l2Bytes: 96 * KB * KB,
      dramBandwidthGBs: 1792,
      fp32LanesPerSM: 128,
      unverified: ['sms', 'smClockMHz', 'l2Bytes', 'dramBandwidthGBs', 'fp32LanesPerSM'],
      sources: { sms: ['PRESS'], smClockMHz: ['MEM'], l2Bytes: ['PRESS'], dramBandwidthGBs: ['PRESS'], fp32LanesPerSM: ['MEM'] },
      note: 'max blocks/SM: PG, OCC and CCCL say 24; the Blackwell tuning guide says 32 (24 is what the calculator uses)',
    },
    limitSources: ['PG', 'OCC', 'CCCL'],
  },
  {
    cc: [12, 1],
    family: 'Blackwell (GB10, DGX Spark)',
    maxThreadsPerSM: 1536,
    maxBlocksPerSM: 24,
    sharedMemoryPerSM: 100 * KB,
    sharedMemoryPerBlockOptin: 99 * KB,
    carveoutKB: SMALL_CARVEOUT,
    barrierSlotsPerBlockSlot: 1,
    flagship: {
      part: 'DGX Spark (GB10)',
      sms: 48,
      smClockMHz: null,
      l2Bytes: null,
      dramBandwidthGBs: 273,
      fp32LanesPerSM: 128,
      unverified: ['sms', 'dramBandwidthGBs', 'fp32LanesPerSM'],
      sources: { sms: ['PRESS'], dramBandwidthGBs: ['PRESS'], fp32LanesPerSM: ['MEM'] },
    },
    limitSources: ['PG', 'OCC', 'CCCL'],
  },
];

function peakFp32Gflops(f: ArchRow['flagship']): number | null {
  if (f.sms === null || f.smClockMHz === null || f.fp32LanesPerSM === null) return null;
  return (f.sms * f.fp32LanesPerSM * 2 * f.smClockMHz) / 1000;
}

function toSpec(row: ArchRow): ArchSpec {
  const [major, minor] = row.cc;
  return {
    name: `sm_${major}${minor}`,
    major,
    minor,
    family: row.family,
    warpSize: 32,
    maxThreadsPerBlock: 1024,
    maxBlockDims: [1024, 1024, 64],
    maxThreadsPerSM: row.maxThreadsPerSM,
    maxWarpsPerSM: row.maxThreadsPerSM / 32,
    maxBlocksPerSM: row.maxBlocksPerSM,
    registersPerSM: 65536,
    maxRegistersPerBlock: 65536,
    maxRegistersPerThread: 255,
    registerAllocationUnit: 256,
    registerAllocationGranularity: 'warp',
    subPartitions: 4,
    sharedMemoryPerSM: row.sharedMemoryPerSM,
    sharedMemoryPerBlock: 48 * KB,
    sharedMemoryPerBlockOptin: row.sharedMemoryPerBlockOptin,
    // CCCL: reserved = cc >= 8.0 ? 1024 : 0; measured 1024 on H100.
    reservedSharedMemoryPerBlock: major >= 8 ? 1024 : 0,
    sharedMemoryAllocationUnit: major >= 8 ? 128 : 256,
    carveoutStepsBytes: row.carveoutKB.map((k) => k * KB),
    barrierSlotsPerBlockSlot: row.barrierSlotsPerBlockSlot,
    barrierLimitApplies: major >= 9,
    flagship: { ...row.flagship, peakFp32Gflops: peakFp32Gflops(row.flagship) },
    sources: { limits: row.limitSources, allocation: ['OCC', 'BPG', 'CCCL'], carveout: ['PG', 'OCC'], barriers: ['OCC'] },
  };
}

export const ARCHS: readonly ArchSpec[] = Object.freeze(ROWS.map(toSpec));

export const KNOWN_ARCHS: readonly string[] = Object.freeze(ARCHS.map((a) => a.name));

/** An unknown arch is an occupancy input error too (the violated limit is 'arch'). */
export class UnknownArchError extends OccupancyInputError {
  constructor(readonly arch: string) {
    super('arch', `unknown architecture '${arch}'; known: ${KNOWN_ARCHS.join(', ')} (also as sm_XXa, sm_XXf or compute_XX)`);
    this.name = 'UnknownArchError';
  }
}

const BY_NAME = new Map(ARCHS.map((a) => [a.name, a]));

/** Canonical 'sm_XX' for 'sm_90', 'sm_90a', 'sm_100f', 'compute_90', or null when not of that form. */
export function canonicalArchName(name: string): string | null {
  const match = /^(?:sm|compute)_(\d{2,3})[af]?$/.exec(name.trim());
  return match ? `sm_${match[1]}` : null;
}

export function getArch(name: string): ArchSpec {
  const exact = BY_NAME.get(name);
  if (exact) return exact;
  const canonical = canonicalArchName(name);
  const spec = canonical ? BY_NAME.get(canonical) : undefined;
  if (!spec) throw new UnknownArchError(name);
  return spec;
}
