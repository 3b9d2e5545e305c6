// The report model: the JSON that `carve analyze --json` prints and the Action writes.
// schemas/report.schema.json is the public contract for these types; keep both in step.
// Convention: a value that could not be derived is `null` with a sibling `…Reason`,
// never a guess.

export type Severity = 'error' | 'warning' | 'note';

/** Where a problem came from, precise enough to click on. */
export interface Diagnostic {
  severity: Severity;
  /** Which stage produced it: config, build (nvcc), ptxas, cubin, ptx, analysis, timing, github. */
  stage: 'config' | 'build' | 'ptxas' | 'cubin' | 'ptx' | 'analysis' | 'timing' | 'github' | 'report';
  message: string;
  file?: string;
  line?: number;
  column?: number;
  /** Byte offset, for binary inputs (cubin). */
  offset?: number;
  /** JSON path into a config or report, e.g. `/spaces/sgemm/constraints/1`. */
  jsonPath?: string;
  kernel?: string;
}

/** Per-kernel resources as ptxas allocates them (from ptxas -v output or a cubin). */
export interface KernelResources {
  registers: number;
  staticSharedBytes: number;
  /** Per-thread local memory (lmem): stack frame plus spills. */
  localBytes: number;
  stackFrameBytes: number;
  /** null when the source does not record spills (a cubin carries no spill counts); see nullReasons. */
  spillStoreBytes: number | null;
  spillLoadBytes: number | null;
  /** Named barriers the kernel uses; null when the source does not record it (ptxas before CUDA 11 printed no barrier count). */
  barriers: number | null;
  /** Size of the kernel's constant bank 0 (parameters + driver constants), bytes; null when the
   * source does not record it (ptxas 13 prints no cmem[0] for sm_90+); see nullReasons. */
  constantBytes: number | null;
  /** From __launch_bounds__ / .maxntid; null when the kernel sets none, or (with a nullReasons
   * entry) when the source does not record it. */
  maxThreadsPerBlock: number | null;
  /** From __launch_bounds__'s second argument / .minnctapersm; null when unset, or (with a
   * nullReasons entry) when the source does not record it. */
  minBlocksPerSM: number | null;
  source: 'ptxas' | 'cubin' | 'report';
  /** Field name -> why that field is null because the source does not carry it (unknown, not zero / unset). */
  nullReasons?: Partial<
    Record<'spillStoreBytes' | 'spillLoadBytes' | 'barriers' | 'constantBytes' | 'maxThreadsPerBlock' | 'minBlocksPerSM', string>
  >;
}

export type LimiterName = 'warps' | 'registers' | 'sharedMemory' | 'blocks' | 'barriers';

export interface OccupancyResult {
  arch: string;
  blockSize: number;
  warpsPerBlock: number;
  activeBlocksPerSM: number;
  activeWarpsPerSM: number;
  /** activeWarpsPerSM / max warps per SM, 0..1 */
  occupancy: number;
  /** Every limit equal to the result (ties list several), as cuda_occupancy.h's limiting factors. */
  limiter: LimiterName[];
  /** Blocks per SM each resource alone allows; null = that resource imposes no limit. */
  limits: Record<LimiterName, number | null>;
  allocatedRegistersPerBlock: number;
  allocatedSharedBytesPerBlock: number;
}

export interface CliffSide {
  /** How much the kernel can add before activeBlocksPerSM drops; null when no drop is possible in range. */
  headroom: number | null;
  /** activeBlocksPerSM after that drop (null when headroom is null). */
  blocksAfterDrop: number | null;
  /** How much it must shed to gain a block/SM; null when no saving gains one. */
  shedToGain: number | null;
  blocksAfterGain: number | null;
}

export interface OccupancyCurvePoint {
  blockSize: number;
  activeBlocksPerSM: number;
  activeWarpsPerSM: number;
  occupancy: number;
  limiter: LimiterName[];
}

export interface Cliffs {
  /** Registers per thread. */
  registers: CliffSide;
  /** Shared memory per block, bytes (static + dynamic). */
  sharedMemory: CliffSide;
  curve: OccupancyCurvePoint[];
  /** Block sizes reaching the highest occupancy on the curve, ascending. */
  bestBlockSizes: number[];
}

/** Counts per category; static = instructions in the code, dynamic = loop-weighted per thread. */
export interface InstructionMixCounts {
  fp32: number;
  fp64: number;
  fp16: number;
  integer: number;
  sfu: number;
  tensor: number;
  conversion: number;
  move: number;
  predicate: number;
  control: number;
  barrier: number;
  atomic: number;
  /** Loads/stores by state space: global, shared, local, const, param, tex, surf, generic. */
  load: Record<string, number>;
  store: Record<string, number>;
  other: number;
  total: number;
}

export interface InstructionMix {
  static: InstructionMixCounts;
  dynamic: InstructionMixCounts;
  /** Dynamic count with Ryoo's multi-cycle weights (64-bit integer multiply, division, ...). */
  weightedDynamic: number;
  /** Lim et al. eqs. 14-17, over the dynamic mix. */
  intensities: { fl: number; mem: number; ctrl: number; reg: number };
}

export interface PerThread {
  instructions: number;
  /** An FMA counts 2. */
  flops: number;
  globalLoadBytes: number;
  globalStoreBytes: number;
  sharedLoadBytes: number;
  sharedStoreBytes: number;
  /** Local memory (ld.local / st.local in the PTX, trip-weighted): dynamically indexed per-thread arrays, big structs. */
  localLoadBytes?: number;
  localStoreBytes?: number;
  /**
   * Batches of global loads per thread (trip-weighted): loads a warp issues together before it
   * waits on them, the PTX's order with ptxas's hoisting of independent loads within a block;
   * global load bytes / batches is what a thread keeps in flight. Absent in reports made before it.
   */
  globalLoadBatches?: number;
  /**
   * Share of the launch's threads that reach a global load (the largest share of threads
   * reaching a block that loads): a bounds check past the data leaves the rest idle, holding no
   * loads in flight. Absent where every thread loads, and in reports made before it.
   */
  globalLoadThreadShare?: number;
  /** Estimated executed SASS instructions per thread, from the cubin's line table (SASS per
   * source line x the PTX executions at that line); absent without a cubin with line info. */
  sassInstructions?: number;
  /**
   * Cycles one warp needs for its own chains of dependent instructions (src/ptx/latency.ts: each
   * block's longest dependence path per execution): a floor on a warp's time that no number of
   * warps lowers. Absent in reports made before it.
   */
  dependentCycles?: number;
  /** True when some branch outcome was unknown and counted as taken. */
  unknownBranchesCountedTaken: boolean;
  /** True when some loop used an assumed trip count (config hint or default). */
  usesAssumedTripCounts: boolean;
}

/** SASS instructions ptxas emitted for one source line of one function (cubin line table). */
export interface SassLineCount {
  file: string;
  line: number;
  instructions: number;
  /** Global loads and stores among them (LDG, STG); absent when none. */
  globalMemory?: number;
  /** Shared-memory loads and stores among them (LDS, STS); absent when none. */
  sharedMemory?: number;
  /** Single-precision fused multiply-adds among them (FFMA); absent when none. */
  fma?: number;
  /** Those run under a guard predicate (`@P0 …`: the branch ptxas turned into predication, `@P0 BRA`); absent when none. */
  predicated?: number;
  /** The subroutine symbol inside the function's section that holds them (an out-of-line
   * `.func`, or a toolkit routine such as `$__internal_0_$__cuda_sm20_div_u16`). */
  subroutine?: string;
  /** Code the function only jumps to in rare cases, placed after its last EXIT (a warp collective's
   * fallback for a warp that arrives diverged); absent otherwise. */
  outOfLine?: true;
}

export interface LoopReport {
  file: string | null;
  line: number | null;
  depth: number;
  tripCount: number | null;
  /** Why tripCount is null, or how it was found (e.g. "counted: i=0; i<64; i+=1"). */
  tripCountReason: string;
  /** Trip count used for dynamic weighting when tripCount is null; marked as assumed. */
  assumedTripCount: number | null;
  /** The trip count the unrolled PTX loop runs (before multiplying by the unroll factor). */
  unrollFactor?: number;
  /** Thread-dependent loops: mean over warps of each warp's largest lane trip count (tripCount is the mean per thread). */
  warpTripCount?: number;
  /** The count is an upper bound: another exit whose outcome is not known (a data-dependent break) may leave earlier. */
  upperBound?: boolean;
  /** The loops.hints (or a carving space's loopTrips) key assumedTripCount came from. */
  hint?: string;
}

export type AccessClass = 'coalesced' | 'misaligned' | 'strided' | 'uncoalesced' | 'uniform' | 'indirect' | 'runtime';

export interface AccessReport {
  space: 'global' | 'shared';
  kind: 'load' | 'store' | 'atomic';
  class: AccessClass | null;
  sectorsPerRequest: number | null;
  idealSectors: number | null;
  bankConflictWays: number | null;
  /** Bytes per lane (element size x vector width). */
  bytesPerLane: number;
  file: string | null;
  line: number | null;
  ptx: string;
  /** Executions per thread from loop trip counts. */
  dynamicWeight: number;
  reason: string;
}

/** Distinct bytes a launch's global accesses touch, per block and in all, and what the L1 asks of the L2. */
export interface TrafficFootprint {
  /** Bytes the L1 requests from the L2 per block: sector requests less a warp's re-reads within one access's own loop iterations. */
  l2BytesPerBlock: number;
  /** Distinct bytes (whole sectors) one block touches. */
  blockFootprintBytes: number;
  /** Distinct bytes (whole sectors) the launch touches. */
  launchFootprintBytes: number;
  /**
   * Of the block's footprint, the bytes of the largest array it loads that depend on the block
   * index (its own row, tile): what stays in the L2 for the block's re-reads. One array, not
   * their sum: a block's passes re-read their arrays in turn (softmax re-reads its input row,
   * then its output row), and an array's lines die once its last pass has read them.
   */
  loadedBytesPerBlock: number;
  /** Bytes every block loads at the same addresses (a weight vector): in the L2 once for all blocks. */
  sharedLoadedBytes: number;
  /** Sites counted as streaming (each sector read once per request), and why the first one was. */
  streamingSites: number;
  streamingReason: string | null;
}

/** One ld.local / st.local: per-thread local memory (a dynamically indexed array, a big struct, spills ptxas adds later are not in the PTX). */
export interface LocalAccessReport {
  kind: 'load' | 'store';
  bytesPerLane: number;
  file: string | null;
  line: number | null;
  ptx: string;
  /** Executions per thread from loop trip counts. */
  dynamicWeight: number;
}

export interface DivergenceReport {
  file: string | null;
  line: number | null;
  divergent: boolean;
  loopDepth: number;
  dynamicWeight: number;
  ptx: string;
  reason: string;
  /** True when `divergent` only because a lane's value could not be followed (not shown to differ within a warp). */
  unresolved?: boolean;
}

export type BlockSource = 'cli' | 'config' | 'launch-bounds' | 'default';

export interface KernelReport {
  /** Mangled name as in PTX / cubin. */
  name: string;
  /** Demangled for display. */
  displayName: string;
  arch: string;
  /** The translation unit or artifact this kernel came from. */
  file: string | null;
  resources: KernelResources | null;
  launch: {
    block: [number, number, number] | null;
    blockSource: BlockSource | null;
    /** Why block is null or defaulted ("no launch bounds and no config; findings use 256"). */
    note?: string;
  };
  occupancy: OccupancyResult | null;
  cliffs: Cliffs | null;
  instructionMix: InstructionMix | null;
  perThread: PerThread | null;
  regions: number | null;
  loops: LoopReport[];
  accesses: AccessReport[];
  divergence: DivergenceReport[];
  /** ld.local / st.local sites of the PTX; absent when the kernel has none. */
  localAccesses?: LocalAccessReport[];
  /** What the global accesses need from the L2 and DRAM (carving only: block and grid known); null when some site's traffic is unknown. */
  trafficFootprint?: TrafficFootprint | null;
  diagnostics: Diagnostic[];
}

export interface CarveReport {
  schemaVersion: 1;
  tool: { name: 'carve'; version: string };
  /** Which side of a comparison this is, when it is one. */
  side?: 'base' | 'head';
  commit?: string | null;
  archs: string[];
  kernels: KernelReport[];
  /** Problems that belong to no single kernel (config, a file that failed to build). */
  diagnostics: Diagnostic[];
}

export type FindingKind =
  | 'cliff' // occupancy dropped, or register/shared headroom to the next drop is small
  | 'uncoalesced' // new or worse strided/uncoalesced global access
  | 'bank-conflict' // new or worse shared-memory bank conflicts
  | 'spill' // spills appeared or grew
  | 'registers' // registers per thread grew beyond the threshold
  | 'shared' // shared memory per block grew beyond the threshold
  | 'instructions' // dynamic instructions per thread grew beyond the threshold
  | 'divergence' // new thread-divergent branch in a loop
  | 'regression' // timing regression (statistical and practical thresholds both met)
  | 'frontier' // a touched space's carving frontier moved: current fell off, or the predicted best changed
  | 'build'; // a kernel or file failed to build / parse on one side

export interface Finding {
  kind: FindingKind;
  /** Whether `fail-on` makes it fail the check is decided later; this is its own weight. */
  severity: 'failure' | 'warning' | 'notice';
  kernel: string;
  displayName: string;
  arch: string;
  file: string | null;
  line: number | null;
  /** One line: "+16 registers: 4 -> 3 blocks/SM (occupancy 50% -> 37.5%)". */
  title: string;
  /** The evidence, in a sentence or two. */
  message: string;
  /** The measured numbers behind the finding. */
  evidence: Record<string, number | string | boolean | null>;
  remedy: string | null;
}

/** A kernel present on one or both sides of a comparison. */
export interface KernelComparison {
  name: string;
  displayName: string;
  arch: string;
  status: 'changed' | 'unchanged' | 'added' | 'removed';
  base: KernelReport | null;
  head: KernelReport | null;
}

export interface Comparison {
  /** True when the base side is missing entirely (a new file): a head-only report. */
  headOnly: boolean;
  kernels: KernelComparison[];
  findings: Finding[];
  /** Carving of the spaces the change touches, base vs head (gate with a build only). */
  carving?: PrCarvingSummary;
}

/** A touched space's frontiers on both sides (src/analysis/carving/frontier.ts). */
export interface FrontierSideSummary {
  total: number;
  survivors: string[];
  best: { id: string; efficiency: number; utilization: number } | null;
  steps: Array<{ name: string; before: number; after: number; note: string }>;
}

export interface FrontierComparisonSummary {
  space: string;
  arch: string;
  base: FrontierSideSummary | null;
  head: FrontierSideSummary | null;
  added: string[];
  removed: string[];
  kept: string[];
  current: { id: string; onBase: boolean | null; onHead: boolean | null; headStatus: string | null } | null;
  /** Scatter plots of the carved sides (normalised efficiency vs utilization), files in the report directory. */
  plots: string[];
  /** Survivors (and `current`) of both sides timed on this runner's GPU; absent when timing is off. */
  timing?: FrontierTimingSummary;
  /**
   * What the head side's carving rests on or left out, from its run's notes and warnings (loop
   * counts the code does not give, a loopTrips key that gave none, variants that did not build);
   * absent when there are none.
   */
  caveats?: string[];
}

/** Interleaved timing of both sides' survivors (src/pipeline/space-timing.ts). */
export interface FrontierTimingSummary {
  /** Rounds of the harness; each round times every variant once, base and head alternating first. */
  rounds: number;
  samplesPerRound: number;
  /** Each side's survivors and `current` (survivor: false when carving pruned it). */
  variants: Array<{
    side: 'base' | 'head';
    id: string;
    survivor: boolean;
    medianMs: number | null;
    samples: number;
    samplesMs: number[];
    error: string | null;
  }>;
  /** Each side's fastest measured variant, survivor or `current`. */
  baseBest: { id: string; medianMs: number } | null;
  headBest: { id: string; medianMs: number } | null;
  /** head best median / base best median, its bootstrap CI and the Mann-Whitney p-value. */
  ratio: number | null;
  ratioCiLow: number | null;
  ratioCiHigh: number | null;
  pValue: number | null;
}

export interface PrCarvingSummary {
  frontiers: FrontierComparisonSummary[];
  skipped: Array<{ space: string; reason: string }>;
  variantsCarved: number;
  /** Why no space was carved at all (no build, no base), when that is the case. */
  note: string | null;
}
