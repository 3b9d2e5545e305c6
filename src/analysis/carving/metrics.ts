// Per-variant metrics from a KernelReport ([Ryoo08], section 4):
//   efficiency  = 1 / (Instr x Threads)
//   utilization = Instr / Regions x [ (W_TB - 1) / 2 + (B_SM - 1) x W_TB ]
// with B_SM from the exact occupancy calculator (src/gpu), plus what threshold carving needs:
// spills, coalescing, bank conflicts and the global-memory traffic a launch moves.
import { computeOccupancy, OccupancyInputError, explainZeroOccupancy } from '../../gpu/index.js';
import type { AccessReport, KernelReport, LoopReport, TrafficFootprint } from '../../model/types.js';
import { idealSharedWavefronts, WARP_SIZE } from '../memory/index.js';
import type { ParameterValue } from './space.js';

export interface VariantGeometry {
  id: string;
  index: number;
  parameters: Record<string, ParameterValue>;
  block: [number, number, number];
  grid: [number, number, number];
  dynamicSharedBytes: number;
}

/** Dynamic shared memory a launch may ask for without cudaFuncAttributeMaxDynamicSharedMemorySize. */
const DYNAMIC_SHARED_WITHOUT_OPT_IN = 48 * 1024;

export type CoalescingVerdict = 'coalesced' | 'uncoalesced' | 'unknown';

export interface VariantMetrics {
  id: string;
  index: number;
  parameters: Record<string, ParameterValue>;
  /** False when the variant failed to build or its kernel was not found; see error. */
  built: boolean;
  error: string | null;
  block: [number, number, number];
  grid: [number, number, number];
  threads: number;
  warpsPerBlock: number;
  registers: number | null;
  sharedBytesPerBlock: number | null;
  activeBlocksPerSM: number | null;
  occupancy: number | null;
  /** False when the variant cannot launch (0 blocks/SM, block above its launch bounds); why in launchReason. */
  canLaunch: boolean | null;
  launchReason: string | null;
  /** Dynamic instructions per thread (PTX, loop-weighted). */
  instructions: number | null;
  regions: number | null;
  efficiency: number | null;
  utilization: number | null;
  /** Why efficiency / utilization are null. */
  metricsReason: string | null;
  /** Spills or local memory; null = unknown (the source records no spill counts and there is no local memory). */
  spills: boolean | null;
  /** Per-thread local memory (stack frame + spills, bytes): arrays indexed at run time live there. */
  localBytes?: number | null;
  flopsPerThread: number | null;
  globalBytesPerThread: number | null;
  /**
   * Global load bytes a thread has in flight at a time: its load bytes over its batches of loads
   * issued together (PerThread.globalLoadBatches); null without global loads or a count,
   * undefined in metrics recorded before it existed.
   */
  globalLoadBytesPerBatch?: number | null;
  /** Share of the launch's threads that reach a global load (PerThread.globalLoadThreadShare); undefined where every thread does. */
  globalLoadThreadShare?: number;
  /** Share of a thread's global bytes that are stores (they wait on no load); undefined where it stores none. */
  globalStoreByteShare?: number;
  /** Bytes the memory system moves for the whole launch: 32-byte sectors per request, summed. */
  globalTrafficBytes: number | null;
  /** Distinct bytes per block and per launch and the L2's share of the traffic (what DRAM must move); null when unknown, undefined in metrics recorded before it existed. */
  trafficFootprint?: TrafficFootprint | null;
  coalescing: CoalescingVerdict;
  /** The worst global access, e.g. "strided, 8 sectors/request at sgemm.cu:41". */
  coalescingEvidence: string | null;
  /** Worst shared-memory bank conflict degree of the sites whose degree is known (1 = none). */
  bankConflictWays: number | null;
  /**
   * The first shared site whose conflict degree is unknown, with its reason: bankConflictWays and
   * sharedWavefrontsPerWarp count it conflict-free, so both are then lower bounds. Undefined where
   * every degree is known, and in metrics recorded before it existed.
   */
  bankConflictUnknown?: string;
  /**
   * The loops whose trip counts the code does not give (assumed by default or from a hint, or
   * counted at an upper bound where a data-dependent exit may leave earlier): how many, and the
   * first with its reason. Instructions, bytes and the cycle estimate rest on them. Undefined
   * where every count is derived, and in metrics recorded before it existed.
   */
  assumedLoops?: string;
  /**
   * Share of the global sectors a launch moves that an ideal access pattern would not:
   * sum of executions x (sectors - ideal) over sum of executions x sectors (0 = every access
   * ideal); null when a site's sectors are unknown.
   */
  excessSectorShare?: number | null;
  /**
   * Where a site's sectors are unknown: the least excess share any sectors of those sites
   * allow (their excess at least 0, their sectors at most 32 a request, one per lane); null
   * when no site's sectors are known, undefined where the share is known or in metrics recorded
   * before it existed.
   */
  excessSectorShareAtLeast?: number | null;
  /**
   * Share of the per-thread memory traffic (local + global bytes, executions weighted) that is
   * local memory (ld/st.local of a run-time indexed array); null when spills (whose traffic PTX
   * does not show) make it unknown, undefined in metrics recorded before it existed.
   */
  localTrafficShare?: number | null;
  /**
   * Shared-memory wavefronts one warp's accesses take (executions x wavefronts per request,
   * bank conflicts included), per thread's executions; a site whose conflict degree is unknown
   * counts its conflict-free wavefronts (a lower bound). Undefined in metrics recorded before it existed.
   */
  sharedWavefrontsPerWarp?: number;
  /** Cycles one warp needs for its chains of dependent instructions (the report's perThread.dependentCycles); undefined in metrics recorded before it. */
  dependentCycles?: number;
}

export interface MetricOptions {
  arch: string;
  /** Accesses executed fewer times per thread than this do not count as uncoalesced. */
  uncoalescedMinWeight: number;
  carveoutPercent?: number;
}

// Strided / uncoalesced sites executed at least uncoalescedMinWeight times per thread count, as
// the config schema documents ("ignore sites executed fewer times per thread than this").
const BAD_CLASSES = new Set(['strided', 'uncoalesced']);

function product(dims: [number, number, number]): number {
  return dims[0] * dims[1] * dims[2];
}

/** Ryoo's utilization; exported for the worked example of section 4.2. */
export function ryooUtilization(instructions: number, regions: number, warpsPerBlock: number, activeBlocksPerSM: number): number {
  return (instructions / regions) * ((warpsPerBlock - 1) / 2 + (activeBlocksPerSM - 1) * warpsPerBlock);
}

export function ryooEfficiency(instructions: number, threads: number): number {
  return 1 / (instructions * threads);
}

function location(access: AccessReport): string {
  return access.file ? ` at ${access.file.split('/').pop()}:${access.line ?? '?'}` : '';
}

/**
 * `lanesPerWarp`: the threads a warp of the block holds (the block's threads over its warps): a
 * site's sectors per request serve that many threads, so a block of 2 x 2 threads moves 8 times
 * the bytes per thread that full warps with the same sectors per request move (Rodinia
 * gaussian's blocks of 1 x 1 to 32 x 32).
 */
function globalAccessSummary(accesses: AccessReport[], minWeight: number, threads: number, lanesPerWarp: number) {
  let verdict: CoalescingVerdict = 'coalesced';
  let evidence: string | null = null;
  let worstSectors = 0;
  let trafficPerThread = 0;
  let trafficKnown = true;
  let excessPerThread = 0;
  // Sectors of the sites whose sectors are unknown, at most: a naturally aligned access of up
  // to 32 B touches one sector a lane.
  let unknownTrafficAtMost = 0;
  let bankWays = 1;
  let bankUnknown: string | undefined;
  let sharedWavefronts = 0;
  for (const access of accesses) {
    if (access.space === 'shared') {
      sharedWavefronts += access.dynamicWeight * (access.bankConflictWays ?? 1) * idealSharedWavefronts(WARP_SIZE, access.bytesPerLane);
      if (access.dynamicWeight < minWeight) continue;
      if (access.bankConflictWays !== null) bankWays = Math.max(bankWays, access.bankConflictWays);
      else bankUnknown ??= `shared ${access.kind}${location(access)}: ${access.reason}`;
      continue;
    }
    if (access.sectorsPerRequest !== null) {
      trafficPerThread += access.dynamicWeight * access.sectorsPerRequest; // sectors x 32 B / 32 lanes
      excessPerThread += access.dynamicWeight * Math.max(0, access.sectorsPerRequest - (access.idealSectors ?? access.sectorsPerRequest));
    } else {
      trafficKnown = false;
      unknownTrafficAtMost += access.dynamicWeight * WARP_SIZE;
    }
    if (access.dynamicWeight < minWeight) continue;
    if (access.class !== null && BAD_CLASSES.has(access.class)) {
      const sectors = access.sectorsPerRequest ?? Number.POSITIVE_INFINITY;
      if (verdict !== 'uncoalesced' || sectors > worstSectors) {
        worstSectors = sectors;
        evidence = `${access.class} ${access.kind}, ${access.sectorsPerRequest ?? '?'} sectors/request (ideal ${access.idealSectors ?? '?'})${location(access)}`;
      }
      verdict = 'uncoalesced';
    } else if (access.class === null && verdict === 'coalesced') {
      verdict = 'unknown';
      evidence = `${access.kind}${location(access)}: ${access.reason}`;
    }
  }
  const excessShare = !trafficKnown ? null : trafficPerThread > 0 ? excessPerThread / trafficPerThread : 0;
  const excessShareAtLeast = trafficKnown
    ? undefined
    : trafficPerThread > 0
      ? excessPerThread / (trafficPerThread + unknownTrafficAtMost)
      : null;
  return {
    verdict,
    evidence,
    traffic: trafficKnown ? (trafficPerThread * threads * WARP_SIZE) / lanesPerWarp : null,
    excessShare,
    excessShareAtLeast,
    bankWays,
    bankUnknown,
    sharedWavefronts,
  };
}

/** Metrics of one variant; never throws (a missing report or unknown value is null with a reason). */
export function variantMetrics(
  variant: VariantGeometry,
  report: KernelReport | null,
  options: MetricOptions,
  buildError: string | null = null,
): VariantMetrics {
  const threadsPerBlock = product(variant.block);
  const threads = threadsPerBlock * product(variant.grid);
  const warpsPerBlock = Math.ceil(threadsPerBlock / 32);
  const metrics: VariantMetrics = {
    id: variant.id,
    index: variant.index,
    parameters: variant.parameters,
    built: report !== null,
    error: buildError,
    block: variant.block,
    grid: variant.grid,
    threads,
    warpsPerBlock,
    registers: null,
    sharedBytesPerBlock: null,
    activeBlocksPerSM: null,
    occupancy: null,
    canLaunch: null,
    launchReason: null,
    instructions: null,
    regions: null,
    efficiency: null,
    utilization: null,
    metricsReason: null,
    spills: null,
    flopsPerThread: null,
    globalBytesPerThread: null,
    globalTrafficBytes: null,
    coalescing: 'unknown',
    coalescingEvidence: null,
    bankConflictWays: null,
  };
  if (!report) {
    metrics.error = buildError ?? 'no kernel report';
    metrics.metricsReason = metrics.error;
    return metrics;
  }
  const resources = report.resources;
  if (resources) {
    metrics.registers = resources.registers;
    metrics.sharedBytesPerBlock = resources.staticSharedBytes + variant.dynamicSharedBytes;
    const spillBytes =
      resources.spillStoreBytes === null || resources.spillLoadBytes === null ? null : resources.spillStoreBytes + resources.spillLoadBytes;
    // Local memory (a stack frame the kernel's own ld/st.local use) costs what spills cost.
    const localBytes = (report.perThread?.localLoadBytes ?? 0) + (report.perThread?.localStoreBytes ?? 0);
    const local = resources.stackFrameBytes > 0 && localBytes > 0;
    metrics.spills = local || (spillBytes === null ? null : spillBytes > 0);
    metrics.localBytes = resources.localBytes;
    const globalBytes = (report.perThread?.globalLoadBytes ?? 0) + (report.perThread?.globalStoreBytes ?? 0);
    metrics.localTrafficShare =
      spillBytes === null || spillBytes > 0 ? null : localBytes + globalBytes > 0 ? localBytes / (localBytes + globalBytes) : 0;
    const input = {
      arch: options.arch,
      block: variant.block,
      registersPerThread: resources.registers,
      staticSharedBytes: resources.staticSharedBytes,
      dynamicSharedBytes: variant.dynamicSharedBytes,
      // The carve harness opts a kernel in to its launch's dynamic shared memory above 48 KB
      // (src/timing/harness-source.ts), as any launch of that size must: the occupancy is the opted-in kernel's.
      ...(variant.dynamicSharedBytes > DYNAMIC_SHARED_WITHOUT_OPT_IN ? { maxDynamicSharedBytes: variant.dynamicSharedBytes } : {}),
      maxThreadsPerBlock: resources.maxThreadsPerBlock,
      carveoutPercent: options.carveoutPercent ?? -1,
      barriers: Math.max(1, resources.barriers ?? 1),
    };
    try {
      const occupancy = computeOccupancy(input);
      metrics.activeBlocksPerSM = occupancy.activeBlocksPerSM;
      metrics.occupancy = occupancy.occupancy;
      metrics.canLaunch = occupancy.activeBlocksPerSM > 0;
      metrics.launchReason = explainZeroOccupancy(input, occupancy);
    } catch (error) {
      if (!(error instanceof OccupancyInputError)) throw error;
      metrics.canLaunch = false;
      metrics.launchReason = `${error.limit}: ${error.message}`;
    }
  } else {
    metrics.launchReason = 'no resource usage (ptxas / cubin) for this kernel';
  }
  const perThread = report.perThread;
  if (perThread) {
    metrics.instructions = perThread.instructions;
    metrics.flopsPerThread = perThread.flops;
    metrics.globalBytesPerThread = perThread.globalLoadBytes + perThread.globalStoreBytes;
    if (perThread.globalStoreBytes > 0) metrics.globalStoreByteShare = perThread.globalStoreBytes / metrics.globalBytesPerThread;
    const batches = perThread.globalLoadBatches;
    metrics.globalLoadBytesPerBatch = batches && perThread.globalLoadBytes > 0 ? perThread.globalLoadBytes / batches : null;
    if (perThread.dependentCycles !== undefined) metrics.dependentCycles = perThread.dependentCycles;
    if (perThread.globalLoadThreadShare !== undefined) metrics.globalLoadThreadShare = perThread.globalLoadThreadShare;
  }
  metrics.regions = report.regions;
  const assumedLoops = assumedLoopsOf(report.loops);
  if (assumedLoops !== undefined) metrics.assumedLoops = assumedLoops;
  const summary = globalAccessSummary(report.accesses, options.uncoalescedMinWeight, threads, threadsPerBlock / warpsPerBlock);
  metrics.coalescing = summary.verdict;
  metrics.coalescingEvidence = summary.evidence;
  metrics.globalTrafficBytes = summary.traffic;
  if (report.trafficFootprint !== undefined) metrics.trafficFootprint = report.trafficFootprint;
  metrics.excessSectorShare = summary.excessShare;
  if (summary.excessShareAtLeast !== undefined) metrics.excessSectorShareAtLeast = summary.excessShareAtLeast;
  metrics.bankConflictWays = report.accesses.some((a) => a.space === 'shared') ? summary.bankWays : 1;
  if (summary.bankUnknown !== undefined) metrics.bankConflictUnknown = summary.bankUnknown;
  metrics.sharedWavefrontsPerWarp = summary.sharedWavefronts;

  if (metrics.instructions === null || metrics.instructions <= 0) metrics.metricsReason = 'dynamic instruction count unknown';
  else if (metrics.regions === null || metrics.regions <= 0) metrics.metricsReason = 'region count unknown';
  else if (metrics.activeBlocksPerSM === null) metrics.metricsReason = metrics.launchReason ?? 'occupancy unknown';
  else {
    metrics.efficiency = ryooEfficiency(metrics.instructions, threads);
    // A variant that cannot launch gets no utilization; threshold carving drops it first.
    metrics.utilization =
      metrics.activeBlocksPerSM > 0
        ? ryooUtilization(metrics.instructions, metrics.regions, warpsPerBlock, metrics.activeBlocksPerSM)
        : null;
    if (metrics.utilization === null) metrics.metricsReason = metrics.launchReason ?? 'cannot launch';
  }
  return metrics;
}

/** VariantMetrics.assumedLoops: the count of loops whose trips were not derived, and the first. */
function assumedLoopsOf(loops: readonly LoopReport[]): string | undefined {
  const assumed = loops.filter((loop) => loop.tripCount === null || loop.upperBound === true);
  if (assumed.length === 0) return undefined;
  const first = assumed[0];
  const where = `${first.file?.split('/').pop() ?? '(no file)'}:${first.line ?? '?'}`;
  const count = first.tripCount === null ? first.tripCountReason : `at most ${first.tripCount}, an upper bound (${first.tripCountReason})`;
  return `${assumed.length} ${assumed.length === 1 ? 'loop' : 'loops'}; the first at ${where}: ${count}`;
}
