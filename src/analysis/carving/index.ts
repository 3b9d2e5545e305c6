// Optimization carving ([Ryoo08]): variant spaces, cached parallel builds, Ryoo metrics,
// threshold + Pareto carving, shard merging, random-sampling baseline, SVG scatter.
export {
  enumerateSpace,
  parseShard,
  shardVariants,
  variantId,
  pointerSegment,
  type Variant,
  type ResolvedArgument,
  type SpaceEnumeration,
  type RejectedVariant,
  type ParameterValue,
} from './space.js';
export {
  variantMetrics,
  ryooEfficiency,
  ryooUtilization,
  type VariantMetrics,
  type VariantGeometry,
  type MetricOptions,
  type CoalescingVerdict,
} from './metrics.js';
export {
  carve,
  paretoSet,
  smCount,
  tailFactor,
  DEFAULT_CARVE_OPTIONS,
  PAPER_CARVE_OPTIONS,
  type CarveOptions,
  type CarveObjective,
  type CarveResult,
  type CarveStep,
  type CarvedVariant,
  type VariantStatus,
} from './carve.js';
export { expectedBestOfRandomSample, sampleSizeForFraction, evaluateCarving, type CarvingEvaluation } from './sampling.js';
export { buildCacheKey, reachableIncludes } from './cache.js';
export { buildVariants, type BuildOptions, type VariantBuild } from './build.js';
export {
  carveSpace,
  mergeCarveResults,
  mergeShards,
  analyzeBuild,
  carveOptionsFor,
  spaceConfigHash,
  pickKernel,
  type CarveShardOutput,
  type CarveRun,
  type CarveSpaceOptions,
  type MergeOutcome,
} from './pipeline.js';
export { renderCarveSvg } from './svg.js';
export { harnessEntries } from './harness-entries.js';
export { createProgress, mapPool } from './progress.js';
export {
  byResidentWarps,
  refineByTiming,
  blockSizeOutsideGuideRange,
  DEFAULT_ESTIMATE_TIE_SHARE,
  modelRanks,
  resolveBudget,
  DEFAULT_BANK_CONFLICT_PENALTY,
  DEFAULT_TIMING_BUDGET,
  modelScore,
  parameterDistance,
  type RefineOptions,
  type Refinement,
  type RefinedTiming,
  type RefinementRound,
} from './refine.js';
export {
  BLOCK_DISPATCH_CYCLES,
  launchCycles,
  dramBytesEstimate,
  estimateCycles,
  issueCyclesOf,
  L2_RETAINED_SHARE,
  MEMORY_LATENCY_WARPS,
  LOAD_BYTES_IN_FLIGHT_KNEE,
  launchDramSlowdown,
  loadLatencyFactor,
  placedLoadLatencyFactor,
  SM_PORT_SHARE_RATIO,
  smDramRate,
  H100_DRAM_CURVE,
  type DramCurve,
  memoryCyclesOf,
  type CycleEstimate,
} from './estimate.js';
