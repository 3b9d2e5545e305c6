// Plain types for the validated configuration (schemas/config.schema.json).

export type FindingKindName =
  | 'cliff'
  | 'uncoalesced'
  | 'bank-conflict'
  | 'spill'
  | 'registers'
  | 'shared'
  | 'instructions'
  | 'divergence'
  | 'regression'
  | 'build'
  | 'frontier';

export interface KernelLaunchConfig {
  block?: number[];
  grid?: number[];
  dynamicShared: number;
  carveout: number;
  maxDynamicShared?: number;
  /** Argument values by parameter name or 0-based index. */
  params?: Record<string, number>;
}

export type ArgumentSpec =
  | { buffer: string; count: number | string; init: 'random' | 'zero' | 'ones' | 'index' }
  | { int: number | string }
  | { float: number | string };

export interface SpaceConfig {
  source: string;
  kernel: string;
  parameters: Record<string, Array<number | string>>;
  constraints: string[];
  defines: Record<string, number | string>;
  launch: { block: Array<number | string>; grid: Array<number | string>; dynamicShared: number | string };
  arguments: ArgumentSpec[];
  objective: 'ryoo' | 'ryoo+traffic';
  band: number;
  uncoalescedMinWeight?: number;
  current?: Record<string, number | string>;
  /** Trip counts of loops the analysis cannot count, per loop ('file:line' as loops.hints), as expressions of the parameters and defines: evaluated per variant. */
  loopTrips?: Record<string, number | string>;
}

export interface Thresholds {
  registerHeadroom: number;
  sharedHeadroomBytes: number;
  registersGrowthPercent: number;
  sharedGrowthPercent: number;
  instructionsGrowthPercent: number;
  uncoalescedMinWeight: number;
  timingAlpha: number;
  timingMinSlowdownPercent: number;
  /** Absolute floors: a percentage alone does not fire on a tiny base (10 -> 12 registers is +20%). */
  registersGrowthMin: number;
  sharedGrowthMinBytes: number;
  instructionsGrowthMin: number;
}

export interface CarveConfig {
  archs: string[];
  sources: string[];
  include: string[];
  nvcc: { path?: string; flags: string[] };
  defines: Record<string, number | string>;
  kernels: Record<string, KernelLaunchConfig>;
  defaultBlockSize: number;
  loops: { assumedTripCount: number; hints: Record<string, number> };
  artifacts: string[];
  failOn: FindingKindName[];
  comment: 'always' | 'changes' | 'failures' | 'never';
  thresholds: Thresholds;
  timing: { warmup: number; samples: number; command?: string };
  carving: {
    maxVariantsPerPr: number;
    maxSpaceSize: number;
    excessSectorShare: number;
    localMemoryShare: number;
    tailEffect: boolean;
    timingBudget: number;
    bankConflictPenalty: number;
  };
  spaces: Record<string, SpaceConfig>;
  /** Directory of the config file; space sources resolve against it. */
  baseDir: string;
}
