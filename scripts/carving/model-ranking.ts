// How well the timed stage's static model (modelScore: the cycle estimate with the bank-conflict
// penalty) orders a space on its own, against every variant's recorded timing: the measured best
// over the model's first variant and over its first N (N = 5% of the space, at least 1, the
// default timing budget), and Spearman's rank correlation between the model's order and the
// measured one, over the built variants that were timed.
// Run: npx tsx scripts/carving/model-ranking.ts METRICS.json=TIMINGS.jsonl...
import type { CarvedVariant } from '../../src/analysis/carving/carve.js';
import type { VariantMetrics } from '../../src/analysis/carving/metrics.js';
import { modelScore } from '../../src/analysis/carving/refine.js';
import { loadRecordedSpace } from './described-evaluate.js';

export interface ModelRanking {
  space: string;
  variants: number;
  budget: number;
  firstRelativeToBest: number;
  firstNRelativeToBest: number;
  spearman: number;
}

/** The model reads only the metrics; the carving fields are placeholders. */
function asCarved(v: VariantMetrics): CarvedVariant {
  return { ...v, status: 'survivor', onFrontier: false, normalizedEfficiency: null, normalizedUtilization: null, mergedWith: [] };
}

export function modelRanking(pair: string): ModelRanking {
  const { shard, medians: ms } = loadRecordedSpace(pair);
  const timed = shard.metrics.filter((v) => v.built && ms.has(v.id));
  // Ties in the model keep the space's order (as refineByTiming breaks them by index last).
  const byModel = timed
    .map((v) => ({ id: v.id, score: modelScore(asCarved(v), shard.arch), index: v.index }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const best = Math.min(...timed.map((v) => ms.get(v.id)!));
  const budget = Math.max(1, Math.ceil(0.05 * shard.metrics.length));
  const measuredRank = new Map([...timed].sort((a, b) => ms.get(a.id)! - ms.get(b.id)!).map((v, i) => [v.id, i]));
  let squared = 0;
  byModel.forEach((v, i) => (squared += (measuredRank.get(v.id)! - i) ** 2));
  const n = timed.length;
  return {
    space: shard.space,
    variants: shard.metrics.length,
    budget,
    firstRelativeToBest: best / ms.get(byModel[0].id)!,
    firstNRelativeToBest: best / Math.min(...byModel.slice(0, budget).map((v) => ms.get(v.id)!)),
    spearman: n > 1 ? 1 - (6 * squared) / (n * (n * n - 1)) : 1,
  };
}

if (process.argv[1]?.endsWith('model-ranking.ts')) {
  const pairs = process.argv.slice(2);
  if (!pairs.length || pairs.some((p) => !p.includes('='))) {
    console.error('usage: model-ranking.ts METRICS.json=TIMINGS.jsonl...');
    process.exit(2);
  }
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  console.log('| space | variants | model first / best | best of model first N / best (N) | Spearman |');
  console.log('|---|---|---|---|---|');
  for (const pair of pairs) {
    const r = modelRanking(pair);
    console.log(
      `| ${r.space} | ${r.variants} | ${pct(r.firstRelativeToBest)} | ${pct(r.firstNRelativeToBest)} (${r.budget}) | ${r.spearman.toFixed(3)} |`,
    );
  }
}
