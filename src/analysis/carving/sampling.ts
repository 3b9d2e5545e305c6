// Random sampling as the baseline carving must beat ([Ryoo08], section 5.3 and Table 5).

/**
 * Expected best (smallest) time of a uniform random sample of `sampleSize` distinct variants:
 * the i-th fastest of n is the sample's best with probability C(n-i, k-1) / C(n, k).
 */
export function expectedBestOfRandomSample(timesMs: number[], sampleSize: number): number {
  const sorted = [...timesMs].sort((a, b) => a - b);
  const n = sorted.length;
  const k = Math.min(Math.max(1, sampleSize), n);
  if (n === 0) return Number.NaN;
  let expected = 0;
  // p_1 = k / n; p_{i+1} = p_i * (n - i - k + 1) / (n - i)
  let probability = k / n;
  for (let i = 1; i <= n - k + 1; i++) {
    expected += probability * sorted[i - 1];
    probability *= (n - i - k + 1) / (n - i);
  }
  return expected;
}

/** Smallest sample size whose expected best is within `fraction` of the best (e.g. 0.9 -> 90% of best performance). */
export function sampleSizeForFraction(timesMs: number[], fraction: number): number {
  const best = Math.min(...timesMs);
  for (let k = 1; k <= timesMs.length; k++) if (best / expectedBestOfRandomSample(timesMs, k) >= fraction) return k;
  return timesMs.length;
}

export interface CarvingEvaluation {
  variants: number;
  kept: number;
  prunedPercent: number;
  bestMs: number;
  bestId: string;
  bestKeptMs: number;
  bestKeptId: string;
  /** bestMs / bestKeptMs: 1 = carving kept the best. */
  keptRelativeToBest: number;
  randomSampleExpectedBestMs: number;
  randomRelativeToBest: number;
  sampleSizeFor90: number;
  sampleSizeFor95: number;
}

/** Table 5 of [Ryoo08] for one space: carving's survivors against the exhaustive timings. */
export function evaluateCarving(timings: Map<string, number>, survivorIds: string[]): CarvingEvaluation {
  const entries = [...timings.entries()];
  const [bestId, bestMs] = entries.reduce((best, entry) => (entry[1] < best[1] ? entry : best));
  const kept = survivorIds.filter((id) => timings.has(id));
  if (kept.length === 0) throw new RangeError('no survivor has a timing');
  const [bestKeptId, bestKeptMs] = kept
    .map((id) => [id, timings.get(id) as number] as const)
    .reduce((best, entry) => (entry[1] < best[1] ? entry : best));
  const times = entries.map(([, ms]) => ms);
  const randomBest = expectedBestOfRandomSample(times, kept.length);
  return {
    variants: entries.length,
    kept: kept.length,
    prunedPercent: 100 * (1 - kept.length / entries.length),
    bestMs,
    bestId,
    bestKeptMs,
    bestKeptId,
    keptRelativeToBest: bestMs / bestKeptMs,
    randomSampleExpectedBestMs: randomBest,
    randomRelativeToBest: bestMs / randomBest,
    sampleSizeFor90: sampleSizeForFraction(times, 0.9),
    sampleSizeFor95: sampleSizeForFraction(times, 0.95),
  };
}
