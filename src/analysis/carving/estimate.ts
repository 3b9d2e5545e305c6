// A static estimate of a variant's run time in SM cycles, the timed stage's ranking key: the
// longer of issuing the warps' instructions in ceil(waves) waves of blocksPerSM blocks on every
// SM (4 warp instructions per SM cycle) and moving the launch's DRAM bytes at the bandwidth,
// which every SM shares: memory time is in proportion to the blocks, not in whole waves
// (memoryCyclesOf). DRAM's bytes come from the traffic footprint
// where the metrics have one (dramBytesEstimate: each distinct byte once, re-reads only where
// the resident blocks' data outgrows the L2), else every sector requested counts. A wave reaches
// that bandwidth only with enough global load bytes in flight on each SM (Little's law): resident
// warps x 32 lanes (those a bounds check lets reach the loads) x the bytes a thread's batch of
// loads carries (VariantMetrics .globalLoadBytesPerBatch), against a knee measured with a copy
// kernel on the H100 (loadLatencyFactor). Metrics recorded before that count existed keep the
// earlier rule: fewer resident warps than MEMORY_LATENCY_WARPS slow memory in proportion. Either
// ranks the cuda-samples reduction's and transpose's many equal-traffic variants by their
// resident warps, where instructions alone ranked 1-warp blocks first; the bytes in flight also
// rank a 1-byte copy below a 16-byte one at equal traffic (cuda-samples alignedTypes). Each SM
// starts its blocks one at a time, BLOCK_DISPATCH_CYCLES apart, alongside the waves' work: a
// launch takes the longer of the two (launchCycles), so a launch of many short blocks runs at the
// block-start rate.
import { getArch } from '../../gpu/index.js';
import { wavesOf } from './carve.js';
import { WARP_SIZE } from '../memory/index.js';
import type { VariantMetrics } from './metrics.js';

/** Resident warps per SM a memory-bound wave needs to reach the DRAM bandwidth (the development spaces: 32 of 64), where the metrics have no load batches. */
export const MEMORY_LATENCY_WARPS = 32;

/**
 * Global load bytes in flight per SM at the knee of the H100's copy bandwidth, and the sharpness
 * of the knee. Two levels of Little's law: an SM draws bandwidth in proportion to its own bytes in
 * flight, up to its port (SM_PORT_SHARE_RATIO times its share of the DRAM bandwidth), and the SMs'
 * rates summed meet the DRAM's peak: smRate(I) = ratio / (1 + (ratio x knee / I)^p)^(1/p), in units
 * of an SM's share; the launch moves peak / (1 + (1 / mean smRate)^p)^(1/p). Least-squares fit (log
 * error) to 60 copies of 256 MiB (device/carving/bytes-in-flight: widths 1-16 B x 1, 2, 4 loads
 * per thread before their stores x 8-64 warps per SM, every SM alike): peak 3,080 GB/s (the
 * table's 3,350 stands in), root mean square of the log 0.057; in flight 256 B per SM gives
 * 172 GB/s, 4 KB 1,690-1,849, 16 KB 2,294-2,768. Width and loads per batch trade one for one.
 */
export const LOAD_BYTES_IN_FLIGHT_KNEE = 5000;
export const LOAD_IN_FLIGHT_KNEE_EXPONENT = 1.5;

/**
 * How many times its share of the DRAM bandwidth one SM can draw when few SMs load: H200 launches
 * of less than a wave (device/carving/few-blocks: the same 512 to 65,536 threads in blocks of 32
 * to 1,024, so on 1 to 132 SMs, 80 B in flight a thread by the SASS) run up to 4x faster spread
 * over many SMs than gathered on few, where the mean of the bytes in flight over every SM gives
 * one time for all. Fitted with the copies of the same card: 2 to 8 fit the copies alike (root
 * mean square of the log 0.070); 4 fits the 58 launches best, 0.18, against 0.46 for the mean.
 */
export const SM_PORT_SHARE_RATIO = 4;

/** The DRAM curve's constants (the H100 copy fit by default; tests fit other cards'). */
export interface DramCurve {
  /** SM_PORT_SHARE_RATIO. */
  portShareRatio: number;
  /** LOAD_BYTES_IN_FLIGHT_KNEE. */
  knee: number;
  /** LOAD_IN_FLIGHT_KNEE_EXPONENT. */
  exponent: number;
}

export const H100_DRAM_CURVE: DramCurve = {
  portShareRatio: SM_PORT_SHARE_RATIO,
  knee: LOAD_BYTES_IN_FLIGHT_KNEE,
  exponent: LOAD_IN_FLIGHT_KNEE_EXPONENT,
};

/** An SM's DRAM rate, in units of its share of the bandwidth, with this many global load bytes in flight. */
export function smDramRate(loadBytesInFlight: number, curve: DramCurve = H100_DRAM_CURVE): number {
  if (!(loadBytesInFlight > 0)) return 0;
  const { portShareRatio: ratio, knee, exponent: p } = curve;
  return ratio / Math.pow(1 + Math.pow((ratio * knee) / loadBytesInFlight, p), 1 / p);
}

/** How much longer the launch's DRAM traffic takes than at the peak, the SMs' rates (smDramRate) averaged over every SM. */
export function launchDramSlowdown(meanSMRate: number, curve: DramCurve = H100_DRAM_CURVE): number {
  if (!(meanSMRate > 0)) return Infinity;
  const p = curve.exponent;
  return Math.pow(1 + Math.pow(1 / meanSMRate, p), 1 / p);
}

/** How much longer DRAM traffic takes than at the full bandwidth with this many global load bytes in flight on every SM. */
export function loadLatencyFactor(loadBytesInFlightPerSM: number, curve: DramCurve = H100_DRAM_CURVE): number {
  if (!(loadBytesInFlightPerSM > 0)) return 1;
  return launchDramSlowdown(smDramRate(loadBytesInFlightPerSM, curve), curve);
}

/**
 * The slowdown of a launch whose `blocks` sit on `sms` SMs as the block scheduler spreads them
 * (each SM floor(blocks / sms) or one more), each block's global load bytes in flight
 * `inFlightPerBlock`: the SMs' own rates summed, not the rate of the mean (one block of 16 warps
 * on one SM moves less than 16 blocks of 1 warp on 16).
 */
export function placedLoadLatencyFactor(blocks: number, sms: number, inFlightPerBlock: number, curve: DramCurve = H100_DRAM_CURVE): number {
  const perSM = Math.floor(blocks / sms);
  const withOneMore = blocks - perSM * sms;
  const rate = (n: number) => (n > 0 ? smDramRate(n * inFlightPerBlock, curve) : 0);
  return launchDramSlowdown((withOneMore * rate(perSM + 1) + (sms - withOneMore) * rate(perSM)) / sms, curve);
}

/**
 * SM cycles between two block starts on one SM: an H100 launch of empty blocks grows by 157-165
 * cycles per block per SM from 256 blocks per SM on, whatever the block size (32 to 512 threads;
 * device/carving/block-dispatch). Measured, not fitted to the spaces; on the H100 only, used for
 * every arch.
 */
export const BLOCK_DISPATCH_CYCLES = 160;

/**
 * A launch's cycles from its waves' work and its block starts: the SM starts blocks while the
 * resident ones run, so the longer of the two. An H100 copy launched one-shot (each thread 1-32
 * loads, blocks of 32-1024 threads; device/carving/block-lifetime) runs at the block-start rate
 * where that is longer (1 load per thread in blocks of 32-128 threads: 1.27, 0.64, 0.32 ms) and at
 * the DRAM rate where that is (blocks of 128 threads and 2 loads: 0.19 ms, starts 0.16 ms): over
 * the 36 launches the longer of the two is off by 4.7% (root mean square of the log), their sum by
 * 32%.
 */
export function launchCycles(waveCycles: number, dispatchCycles: number): number {
  return Math.max(waveCycles, dispatchCycles);
}

/** Warp instructions one SM issues per cycle: 4 schedulers on every architecture in the table (sm_50 and later). */
const WARP_INSTRUCTIONS_PER_SM_CYCLE = 4;

export interface CycleEstimate {
  /** ceil(blocks / (SMs x blocks per SM)). */
  waves: number;
  /** Cycles to issue one wave's warp instructions on one SM. */
  issueCyclesPerWave: number;
  /** Cycles to move one full wave's global sectors at the SM's share of DRAM bandwidth, slower with few load bytes in flight; null when traffic or the arch's bandwidth is unknown. */
  memoryCyclesPerWave: number | null;
  /** Cycles to move the launch's DRAM bytes (memoryCyclesOf): the full waves' rate x fractional waves, or a launch of less than a wave at its own blocks per SM; null as memoryCyclesPerWave. */
  memoryCycles: number | null;
  /** Global load bytes in flight per SM (resident warps x 32 x bytes per batch, at the blocks a launch of less than a wave leaves per SM); null where the metrics have no batches (the resident-warps rule applies) or no global loads. */
  loadBytesInFlightPerSM: number | null;
  /** What the memory term counts: DRAM bytes from the footprint, every sector requested, or (sectors unknown) the bytes the threads request, a lower bound. */
  memoryFrom: 'footprint' | 'sectors' | 'requested bytes' | null;
  /** Cycles one SM spends starting its blocks: ceil(blocks / SMs) x BLOCK_DISPATCH_CYCLES. */
  dispatchCycles: number;
  /** The longer of waves x issue per wave and the memory cycles, and the dispatch cycles (launchCycles). */
  cycles: number;
  bound: 'issue' | 'memory';
}

interface ArchRates {
  sms: number;
  /** DRAM bytes per SM per SM cycle; null when the bandwidth or clock is unknown. */
  bytesPerSMCycle: number | null;
  l2Bytes: number | null;
}

function archRates(arch: string): ArchRates | null {
  let flagship;
  try {
    flagship = getArch(arch).flagship;
  } catch {
    return null;
  }
  if (!flagship.sms) return null;
  const bytesPerSMCycle =
    flagship.dramBandwidthGBs && flagship.smClockMHz
      ? (flagship.dramBandwidthGBs * 1e9) / flagship.sms / (flagship.smClockMHz * 1e6)
      : null;
  return { sms: flagship.sms, bytesPerSMCycle, l2Bytes: flagship.l2Bytes };
}

type EstimateInput = Pick<
  VariantMetrics,
  'grid' | 'activeBlocksPerSM' | 'warpsPerBlock' | 'instructions' | 'globalTrafficBytes' | 'trafficFootprint'
> &
  Partial<
    Pick<
      VariantMetrics,
      'threads' | 'globalBytesPerThread' | 'globalLoadBytesPerBatch' | 'globalLoadThreadShare' | 'globalStoreByteShare' | 'dependentCycles'
    >
  >;

/**
 * Share of the L2 that holds a working set between re-reads (H100's L2 is two partitions). From
 * Nsight Compute's DRAM bytes on four spaces (device/carving/described-results/traffic): llm.c
 * softmax version 7 at block 1024 re-reads its 132 resident 201 KB rows from L2 (26.5 MB), version
 * 4 at block 1024 (264 rows, 53 MB) misses on nearly every re-read.
 */
export const L2_RETAINED_SHARE = 0.5;

/**
 * Bytes DRAM moves for the launch: every distinct byte once, and the re-reads within a block
 * (the L2's requests beyond the block's footprint) in the share the L2 cannot hold: the blocks
 * resident at once on all SMs touch their footprints together, and what exceeds the L2 is
 * evicted before it is read again. Null without a footprint or the arch's L2 size.
 */
export function dramBytesEstimate(
  v: Pick<VariantMetrics, 'grid' | 'activeBlocksPerSM' | 'trafficFootprint'>,
  arch: string,
  /** The L2 of the card measured, where it is not the arch's flagship part (an H200's 60 MB). */
  l2Bytes?: number,
): number | null {
  const footprint = v.trafficFootprint;
  const rates = footprint ? archRates(arch) : null;
  const l2 = l2Bytes ?? rates?.l2Bytes;
  if (!footprint || !rates || !l2 || !v.activeBlocksPerSM) return null;
  const blocks = v.grid[0] * v.grid[1] * v.grid[2];
  const workingSet = Math.min(blocks, v.activeBlocksPerSM * rates.sms) * footprint.loadedBytesPerBlock + footprint.sharedLoadedBytes;
  const retained = l2 * L2_RETAINED_SHARE;
  // Read again in the order first read, a working set beyond the L2 evicts each line before its
  // re-read; from twice the retained size on, every re-read misses.
  const missShare = Math.min(1, Math.max(0, (workingSet - retained) / retained));
  const reReads = Math.max(0, footprint.l2BytesPerBlock - footprint.blockFootprintBytes) * blocks;
  return footprint.launchFootprintBytes + reReads * missShare;
}

/**
 * DRAM time's factor for waiting on loads where the metrics have no load batches: metrics from
 * before the load-batch count (undefined) keep the resident-warps rule; a kernel without global
 * loads (null) waits on none. (With batches, placedLoadLatencyFactor.)
 */
function memorySlowdownWithoutBatches(bytesPerBatch: number | null | undefined, residentWarps: number): number {
  return bytesPerBatch === undefined ? 1 / Math.min(1, residentWarps / MEMORY_LATENCY_WARPS) : 1;
}

/**
 * A launch's DRAM time: DRAM is one resource every SM draws on, so a memory-bound launch takes
 * time in proportion to its blocks, not in whole waves. An H100 copy of 256 KiB per block
 * (device/carving/partial-waves, 1/8 to 3 waves in steps of 1/8) takes 0.2053 ms for one wave of
 * 1,056 blocks, 0.2365 ms for 1 1/8 waves (1.15x, where whole waves would be 2x) and 0.5917 ms for
 * 3. A launch of less than a wave leaves each SM its blocks, and their bytes in flight set its
 * rate: 1/8 of a wave (one block of 8 warps, 4 KB in flight per SM) moves 1,438 GB/s against
 * 2,696 for the full wave (the curve gives 1.63x longer, measured 1.88x).
 * `perBlockPerSM`: one block's DRAM cycles at the SM's share of the bandwidth; `slowdownAt(blocksPerSM)`:
 * the slowdown for waiting on loads with that many blocks resident.
 */
export function memoryCyclesOf(
  fractionalWaves: number,
  perBlockPerSM: number,
  activeBlocksPerSM: number,
  slowdownAt: (blocksPerSM: number) => number,
): number {
  const resident = residentBlocksPerSM(fractionalWaves, activeBlocksPerSM);
  return perBlockPerSM * resident * slowdownAt(resident) * Math.max(1, fractionalWaves);
}

/** Blocks an SM holds at once: all it can from one wave on, the launch's share below. */
function residentBlocksPerSM(fractionalWaves: number, activeBlocksPerSM: number): number {
  return Math.min(1, fractionalWaves) * activeBlocksPerSM;
}

/** Fewest warps that keep an SM's schedulers issuing every cycle (one per scheduler). */
const MIN_ISSUING_WARPS = WARP_INSTRUCTIONS_PER_SM_CYCLE;

/**
 * Cycles the busiest SM spends issuing: it runs ceil(blocks / SMs) blocks, activeBlocksPerSM at
 * a time, and issues the resident warps' instructions 4 a cycle (a wave of fewer warps than
 * MIN_ISSUING_WARPS no faster than that many). A launch of less than a wave leaves each SM only
 * its share of the blocks: cuda-samples nbody's 132 blocks of 1,024 threads and 4,224 of 32 both
 * put 32 warps on an SM, where whole waves of resident blocks counted 64 and 32.
 */
export function issueCyclesOf(
  blocks: number,
  sms: number,
  activeBlocksPerSM: number,
  warpsPerBlock: number,
  instructions: number,
  dependentCycles = 0,
): number {
  const blocksOnBusiestSM = Math.ceil(blocks / sms);
  const fullWaves = Math.floor(blocksOnBusiestSM / activeBlocksPerSM);
  const tailBlocks = blocksOnBusiestSM - fullWaves * activeBlocksPerSM;
  // A wave lasts at least one warp's dependent chain, however few its warps (src/ptx/latency.ts).
  const waveCycles = (warps: number) =>
    Math.max((Math.max(warps, MIN_ISSUING_WARPS) * instructions) / WARP_INSTRUCTIONS_PER_SM_CYCLE, dependentCycles);
  return fullWaves * waveCycles(activeBlocksPerSM * warpsPerBlock) + (tailBlocks > 0 ? waveCycles(tailBlocks * warpsPerBlock) : 0);
}

/** The estimate on the arch's flagship part; null when instructions, blocks per SM or the SM count are unknown. */
export function estimateCycles(v: EstimateInput, arch: string): CycleEstimate | null {
  const rates = archRates(arch);
  const fractionalWaves = rates ? wavesOf(v, rates.sms) : null;
  if (rates === null || fractionalWaves === null || v.instructions === null || !v.activeBlocksPerSM) return null;
  const blocks = v.grid[0] * v.grid[1] * v.grid[2];
  const residentWarps = v.activeBlocksPerSM * v.warpsPerBlock;
  const waves = Math.ceil(fractionalWaves);
  const issueCyclesPerWave = (residentWarps * v.instructions) / WARP_INSTRUCTIONS_PER_SM_CYCLE;
  // DRAM's bytes where the footprint is known; else every sector requested counts as DRAM
  // traffic; where sectors are unknown, the bytes the threads request (as if perfectly
  // coalesced), so that a variant whose addresses the analysis cannot follow does not look free.
  const fromFootprint = dramBytesEstimate(v, arch);
  const requested = v.globalBytesPerThread != null && v.threads != null ? v.globalBytesPerThread * v.threads : null;
  const dramBytes = fromFootprint ?? v.globalTrafficBytes ?? requested;
  const memoryFrom =
    fromFootprint !== null ? 'footprint' : v.globalTrafficBytes !== null ? 'sectors' : requested !== null ? 'requested bytes' : null;
  const bytesPerBatch = v.globalLoadBytesPerBatch;
  // Only the threads a bounds check lets through hold loads in flight (Rodinia gaussian Fan1: two
  // blocks of 992 threads for 1,023 rows); the launch's share stands for every block's.
  const inFlightPerBlock = bytesPerBatch ? v.warpsPerBlock * WARP_SIZE * (v.globalLoadThreadShare ?? 1) * bytesPerBatch : null;
  const inFlightAt = (blocksPerSM: number) => (inFlightPerBlock === null ? null : blocksPerSM * inFlightPerBlock);
  // The blocks placed on whole SMs (blocksPerSM x SMs of them: a launch of less than a wave
  // leaves some SMs one block more than others, or none).
  const loadSlowdownAt = (blocksPerSM: number) =>
    inFlightPerBlock !== null
      ? placedLoadLatencyFactor(Math.round(blocksPerSM * rates.sms), rates.sms, inFlightPerBlock)
      : memorySlowdownWithoutBatches(bytesPerBatch, blocksPerSM * v.warpsPerBlock);
  // Stores wait on no reply: only the load bytes' share of DRAM time is slowed by too few loads in
  // flight (cuda-samples SobolQRNG: half a block reads the direction table, the launch writes 8 MB).
  const storeShare = v.globalStoreByteShare ?? 0;
  const slowdownAt = (blocksPerSM: number) => storeShare + (1 - storeShare) * loadSlowdownAt(blocksPerSM);
  const perBlockPerSM =
    dramBytes === null || rates.bytesPerSMCycle === null || blocks === 0 ? null : dramBytes / blocks / rates.bytesPerSMCycle;
  const memoryCyclesPerWave = perBlockPerSM === null ? null : perBlockPerSM * v.activeBlocksPerSM * slowdownAt(v.activeBlocksPerSM);
  const memoryCycles = perBlockPerSM === null ? null : memoryCyclesOf(fractionalWaves, perBlockPerSM, v.activeBlocksPerSM, slowdownAt);
  const issueCycles = issueCyclesOf(blocks, rates.sms, v.activeBlocksPerSM, v.warpsPerBlock, v.instructions, v.dependentCycles ?? 0);
  const memoryBound = memoryCycles !== null && memoryCycles > issueCycles;
  const dispatchCycles = Math.ceil(blocks / rates.sms) * BLOCK_DISPATCH_CYCLES;
  return {
    waves,
    issueCyclesPerWave,
    memoryCyclesPerWave,
    memoryCycles,
    loadBytesInFlightPerSM: inFlightAt(residentBlocksPerSM(fractionalWaves, v.activeBlocksPerSM)),
    memoryFrom: memoryCyclesPerWave === null ? null : memoryFrom,
    dispatchCycles,
    cycles: launchCycles(memoryBound ? memoryCycles : issueCycles, dispatchCycles),
    bound: memoryBound ? 'memory' : 'issue',
  };
}
