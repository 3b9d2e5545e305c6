// Inputs of the comparison that come from other stages. TimingComparison mirrors the
// contract of src/timing (structurally identical, so the timing module's values fit).

export interface TimingStatsInput {
  medianMs: number;
  ciLowMs: number;
  ciHighMs: number;
  n: number;
}

export interface TimingComparisonInput {
  /** Mangled or display name of the kernel. */
  kernel: string;
  arch: string;
  base: TimingStatsInput;
  head: TimingStatsInput;
  /** head median / base median: > 1 is slower. */
  ratio: number;
  ratioCiLow: number;
  ratioCiHigh: number;
  pValue: number;
}
