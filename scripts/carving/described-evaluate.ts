// Carving of a described space against its exhaustive timings: the paper's carving and the
// weighted one, each with its steps, the best kept vs the exhaustive best, and random sampling
// of the same size (exact expectation, and the mean of 10,000 seeded draws).
// Run: npx tsx scripts/carving/described-evaluate.ts METRICS.json TIMINGS.jsonl [SPACE]
import { readFileSync } from 'node:fs';
import { carve, DEFAULT_CARVE_OPTIONS, evaluateCarving, WEIGHTED_CARVE_OPTIONS, type CarveShardOutput } from '../../src/analysis/carving/index.js';
import { median, parseTimingOutput, seededRandom } from '../../src/timing/index.js';

const [metricsFile, timingsFile, only] = process.argv.slice(2);
const shard = (JSON.parse(readFileSync(metricsFile, 'utf8')) as { shard: CarveShardOutput }).shard;
const records = parseTimingOutput(readFileSync(timingsFile, 'utf8')).records.filter((r) => r.space === (only ?? shard.space) && r.status === 'ok');
const timings = new Map(records.map((r) => [r.variant, median(r.samplesMs)]));

function randomDraws(times: number[], k: number, repetitions: number, seed = 1): number {
  const random = seededRandom(seed);
  const best = Math.min(...times);
  let sum = 0;
  for (let r = 0; r < repetitions; r++) {
    const pool = [...times];
    let sampleBest = Infinity;
    for (let i = 0; i < k; i++) {
      const j = i + Math.floor(random() * (pool.length - i));
      [pool[i], pool[j]] = [pool[j], pool[i]];
      sampleBest = Math.min(sampleBest, pool[i]);
    }
    sum += best / sampleBest;
  }
  return sum / repetitions;
}

const out: Record<string, unknown> = { space: shard.space, variants: shard.metrics.length, timed: timings.size };
for (const [name, options] of [['paper', DEFAULT_CARVE_OPTIONS], ['weighted', WEIGHTED_CARVE_OPTIONS]] as const) {
  const result = carve(shard.space, shard.arch, shard.metrics, options);
  const evaluation = evaluateCarving(timings, result.survivors.map((s) => s.id));
  out[name] = {
    steps: result.steps.map((s) => `${s.name} ${s.before}->${s.after}`),
    kept: evaluation.kept, prunedPercent: Number(evaluation.prunedPercent.toFixed(2)),
    bestMs: evaluation.bestMs, bestId: evaluation.bestId, bestKeptMs: evaluation.bestKeptMs, bestKeptId: evaluation.bestKeptId,
    keptRelativeToBest: Number(evaluation.keptRelativeToBest.toFixed(4)),
    randomExpectedRelativeToBest: Number(evaluation.randomRelativeToBest.toFixed(4)),
    randomDrawsMean10000: Number(randomDraws([...timings.values()], evaluation.kept, 10000).toFixed(4)),
    sampleSizeFor95: evaluation.sampleSizeFor95,
  };
}
console.log(JSON.stringify(out, null, 1));
