// Timing statistics: medians, seeded bootstrap confidence intervals, and a Mann-Whitney U
// test for base vs head. Deterministic for a given seed, so reports are reproducible.

export interface TimingSamples {
  variant: string;
  samplesMs: number[];
}
export interface TimingStats {
  medianMs: number;
  ciLowMs: number;
  ciHighMs: number;
  n: number;
}
export interface TimingComparison {
  kernel: string;
  arch: string;
  base: TimingStats;
  head: TimingStats;
  /** median(head) / median(base): above 1 is slower. */
  ratio: number;
  ratioCiLow: number;
  ratioCiHigh: number;
  /** Two-sided Mann-Whitney U p-value. */
  pValue: number;
}

export interface BootstrapOptions {
  seed?: number;
  resamples?: number;
  confidence?: number;
}

/** mulberry32: a small, well-distributed 32-bit PRNG; returns floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function median(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Linear-interpolated quantile of sorted values (type 7, as R and numpy default). */
function quantileSorted(sorted: Float64Array, q: number): number {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

function resampleMedian(samples: number[], random: () => number, scratch: Float64Array): number {
  for (let i = 0; i < samples.length; i++) scratch[i] = samples[Math.floor(random() * samples.length)];
  return median(scratch);
}

/** Percentile bootstrap of the median. Throws on an empty sample. */
export function timingStats(samplesMs: number[], options: BootstrapOptions = {}): TimingStats {
  if (samplesMs.length === 0) throw new RangeError('no timing samples');
  const random = seededRandom(options.seed ?? 1);
  const resamples = options.resamples ?? 2000;
  const alpha = 1 - (options.confidence ?? 0.95);
  const medians = new Float64Array(resamples);
  const scratch = new Float64Array(samplesMs.length);
  for (let r = 0; r < resamples; r++) medians[r] = resampleMedian(samplesMs, random, scratch);
  medians.sort();
  return {
    medianMs: median(samplesMs),
    ciLowMs: quantileSorted(medians, alpha / 2),
    ciHighMs: quantileSorted(medians, 1 - alpha / 2),
    n: samplesMs.length,
  };
}

/** Standard normal CDF (Abramowitz-Stegun 7.1.26 via erf; |error| < 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * Two-sided Mann-Whitney U test: normal approximation with tie correction and continuity
 * correction (adequate from about 8 samples a side, the harness's minimum is larger).
 */
export function mannWhitneyU(a: number[], b: number[]): { u: number; z: number; pValue: number } {
  const n1 = a.length;
  const n2 = b.length;
  if (n1 === 0 || n2 === 0) return { u: Number.NaN, z: Number.NaN, pValue: Number.NaN };
  const pooled = [...a.map((value) => ({ value, first: true })), ...b.map((value) => ({ value, first: false }))].sort(
    (x, y) => x.value - y.value,
  );
  let rankSumA = 0;
  let tieTerm = 0;
  for (let i = 0; i < pooled.length;) {
    let j = i;
    while (j + 1 < pooled.length && pooled[j + 1].value === pooled[i].value) j++;
    const averageRank = (i + j) / 2 + 1;
    const tied = j - i + 1;
    tieTerm += tied ** 3 - tied;
    for (let k = i; k <= j; k++) if (pooled[k].first) rankSumA += averageRank;
    i = j + 1;
  }
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  const mean = (n1 * n2) / 2;
  const n = n1 + n2;
  const variance = ((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  if (variance <= 0) return { u, z: 0, pValue: 1 };
  const z = (Math.abs(u - mean) - 0.5) / Math.sqrt(variance);
  return { u, z: Math.max(0, z), pValue: Math.min(1, 2 * (1 - normalCdf(Math.max(0, z)))) };
}

export interface CompareTimingOptions extends BootstrapOptions {
  kernel?: string;
  arch?: string;
}

/**
 * Base vs head: ratio of medians (head / base) with a paired-resampling bootstrap CI and a
 * Mann-Whitney p-value. `alpha` sets the CI level (1 - alpha); significance is pValue < alpha.
 */
export function compareTimings(
  base: number[],
  head: number[],
  alpha = 0.05,
  options: CompareTimingOptions = {},
): TimingComparison & { significant: boolean } {
  if (base.length === 0 || head.length === 0) throw new RangeError('compareTimings needs samples on both sides');
  const confidence = 1 - alpha;
  const seed = options.seed ?? 1;
  const resamples = options.resamples ?? 2000;
  const random = seededRandom(seed);
  const ratios = new Float64Array(resamples);
  const baseScratch = new Float64Array(base.length);
  const headScratch = new Float64Array(head.length);
  for (let r = 0; r < resamples; r++) ratios[r] = resampleMedian(head, random, headScratch) / resampleMedian(base, random, baseScratch);
  ratios.sort();
  const baseStats = timingStats(base, { seed, resamples, confidence });
  const headStats = timingStats(head, { seed: seed + 1, resamples, confidence });
  const { pValue } = mannWhitneyU(base, head);
  return {
    kernel: options.kernel ?? '',
    arch: options.arch ?? '',
    base: baseStats,
    head: headStats,
    ratio: headStats.medianMs / baseStats.medianMs,
    ratioCiLow: quantileSorted(ratios, alpha / 2),
    ratioCiHigh: quantileSorted(ratios, 1 - alpha / 2),
    pValue,
    significant: pValue < alpha,
  };
}

/** Survivors ranked fastest first by median. */
export function rankTimings(
  results: TimingSamples[],
  options: BootstrapOptions = {},
): Array<TimingSamples & { stats: TimingStats; rank: number }> {
  return results
    .filter((result) => result.samplesMs.length > 0)
    .map((result) => ({ ...result, stats: timingStats(result.samplesMs, options) }))
    .sort((a, b) => a.stats.medianMs - b.stats.medianMs || a.variant.localeCompare(b.variant))
    .map((result, i) => ({ ...result, rank: i + 1 }));
}
