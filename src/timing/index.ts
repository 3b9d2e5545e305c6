// GPU timing: the driver-API harness, its manifest, result parsing and statistics.
export {
  median,
  timingStats,
  compareTimings,
  mannWhitneyU,
  rankTimings,
  seededRandom,
  normalCdf,
  type TimingSamples,
  type TimingStats,
  type TimingComparison,
  type BootstrapOptions,
  type CompareTimingOptions,
} from './stats.js';
export { generateHarness, harnessBuildCommand } from './harness.js';
export { writeManifest, ManifestError, type HarnessEntry } from './manifest.js';
export { parseTimingOutput, type TimingRecord } from './results.js';
export { buildHarness, runHarness, runHarnessBinary, runExternalBenchmark, type HarnessRun } from './run.js';
export { recordedTimer, harnessTimer, type ClosableTimer, type Timer, type TimerOutput } from './timers.js';
