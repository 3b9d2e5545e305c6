// Carving against exhaustive timings, one row per space: static carving (the paper's and the
// default), then the timed refinement stage replayed on the recorded timings (the timer answers
// from them), each against the exhaustive best and random sampling of the same size (exact
// expectation), and the GPU time each needed (sum of the recorded samples of what it timed)
// against timing every variant.
// Run: npx tsx scripts/carving/described-evaluate.ts [--json] [--budget SHARE] [--role NAME] METRICS.json=TIMINGS.jsonl...
//      npx tsx scripts/carving/described-evaluate.ts --development     the four development spaces
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  carve,
  DEFAULT_CARVE_OPTIONS,
  evaluateCarving,
  expectedBestOfRandomSample,
  PAPER_CARVE_OPTIONS,
  refineByTiming,
  type CarveShardOutput,
} from '../../src/analysis/carving/index.js';
import { median, parseTimingOutput, recordedTimer } from '../../src/timing/index.js';

const HELD = true;

/**
 * A described space's metrics and timings: device/carving/described-results, or its held/ folder
 * for timings taken by the harness that holds each sample (H200).
 */
function described(space: string, held = false): string {
  return `test/fixtures/carving/${space}.metrics.json=device/carving/described-results/${held ? 'held/' : ''}timings-${space}.jsonl`;
}

// Every space measured so far: held-out sets become development once evaluated (the
// thirty-second the last; docs/carving-spaces.md). The spaces whose launches take a few tens of
// microseconds are timed by the harness that holds each sample.
export const DEVELOPMENT = [
  'test/fixtures/carving/sgemm.metrics.json=test/fixtures/carving/sgemm.timings.jsonl',
  'test/fixtures/carving/transpose.metrics.json=test/fixtures/carving/transpose.timings.jsonl',
  'test/fixtures/carving/sgemm-cuda-k5.metrics.json=device/carving/described-results/timings-development.jsonl',
  'test/fixtures/carving/sgemm-cuda-k9.metrics.json=device/carving/described-results/timings-development.jsonl',
  described('cuda-samples-convolution-columns'),
  described('cuda-samples-convolution-rows'),
  described('cuda-samples-reduction'),
  described('cuda-samples-transpose'),
  described('kernel-tuner-convolution'),
  described('kernel-tuner-expdist'),
  described('kernel-tuner-matmul'),
  described('kernel-tuner-reduction'),
  described('kernel-tuner-stencil'),
  described('kernel-tuner-zeromean-horizontal'),
  described('kernel-tuner-zeromean-vertical'),
  described('llmc-encoder-forward'),
  described('llmc-gelu-forward', HELD),
  described('llmc-global-norm'),
  described('llmc-layernorm-forward'),
  described('llmc-matmul-backward-bias'),
  described('llmc-softmax-forward'),
  described('sgemm-cuda-k10'),
  described('sgemm-cuda-k11'),
  described('sgemm-cuda-k12'),
  described('sgemm-cuda-k6'),
  described('sgemm-cuda-k8'),
  described('cuda-samples-aligned-types'),
  described('llmc-residual-forward', HELD),
  described('llmc-gelu-backward'),
  described('llmc-fused-residual-forward'),
  described('llmc-crossentropy-softmax-backward'),
  described('llmc-encoder-backward'),
  described('llmc-layernorm-backward'),
  described('llmc-adamw', HELD),
  described('cuda-samples-global-to-shmem-async-copy'),
  described('rodinia-hotspot', HELD),
  described('cuda-samples-fdtd3d'),
  described('cuda-samples-histogram64'),
  described('llmc-softmax-autoregressive-backward'),
  described('rodinia-pathfinder', HELD),
  described('cuda-samples-nbody'),
  described('llmc-classifier-fused'),
  described('kernel-tuner-pnpoly'),
  described('rodinia-srad'),
  described('cuda-samples-blackscholes'),
  described('sgemm-cuda-k4'),
  described('llmc-permute'),
  // Thirteenth held-out set, evaluated once (carving-thirteenth-evaluated-once.md), development since.
  described('kernel-tuner-sepconv'),
  described('kernel-tuner-spmv', HELD),
  described('llmc-trimat-forward'),
  described('rodinia-hotspot3d', HELD),
  // Fourteenth held-out set, evaluated once (carving-fourteenth-evaluated-once.md), development since.
  described('cuda-samples-histogram256'),
  described('cuda-samples-scalarprod'),
  described('cuda-samples-quasirandom'),
  described('rodinia-cfd-step-factor', HELD),
  described('rodinia-lavamd'),
  described('rodinia-gaussian', HELD),
  described('cuda-samples-sobolqrng', HELD),
  described('cuda-samples-threadfence-reduction', HELD),
  described('rodinia-nn', HELD),
  described('rodinia-streamcluster'),
  described('cuda-samples-recursive-gaussian'),
  described('rodinia-dwt2d-fdwt53', HELD),
  // Timed on an H200 (the spaces above on an H100).
  described('cuda-samples-binomial-options'),
  described('llmc-crossentropy-forward'),
  described('cuda-samples-fast-walsh-transform', HELD),
  described('llmc-attention-softmax'),
  described('llmc-matmul-forward'),
  described('kernel-tuner-vector-add'),
  described('cuda-samples-monte-carlo'),
  described('cuda-samples-hs-optical-flow-jacobi', HELD),
  described('cuda-samples-scan-exclusive-shared', HELD),
  described('cuda-samples-shfl-scan'),
  described('rodinia-particlefilter'),
  described('cuda-samples-mc-estimate-pi', HELD),
  described('cuda-samples-bitonic-sort-shared'),
  described('cuda-samples-merge-sort-shared'),
  described('llmc-attention-query-key'),
  described('rodinia-lud-internal'),
  described('rodinia-cfd-compute-flux', HELD),
  described('cuda-samples-vector-add', HELD),
  described('rodinia-nw-needle-shared-1', HELD),
  described('rodinia-dwt2d-fdwt97', HELD),
  described('cuda-samples-odd-even-merge-sort-shared'),
  described('cuda-samples-warp-aggregated-atomics'),
  described('rodinia-cfd-time-step', HELD),
  described('rodinia-lud-perimeter', HELD),
  described('rodinia-dwt2d-rdwt97', HELD),
  described('rodinia-srad-v1', HELD),
  described('rodinia-kmeans-invert-mapping', HELD),
  described('cuda-samples-binary-partition-cg', HELD),
  described('cuda-samples-jacobi', HELD),
  described('sgemm-cuda-k7', HELD),
  described('kernel-tuner-sepconv-columns', HELD),
  described('rodinia-srad-v1-reduce', HELD),
  described('rodinia-cfd-initialize-variables', HELD),
  described('cuda-samples-reduction-early', HELD),
  described('rodinia-lud-diagonal', HELD),
  described('rodinia-nw-needle-shared-2', HELD),
  described('cuda-samples-merge-histogram64', HELD),
  described('cuda-samples-reduction-cg', HELD),
  described('rodinia-srad-v1-prepare', HELD),
  described('rodinia-gaussian-fan1', HELD),
  described('cuda-samples-merge-sort-sample-ranks', HELD),
  described('rodinia-hybridsort-bucketsort', HELD),
  described('llmc-softmax-autoregressive-backward-scaled', HELD),
  described('llmc-permute-backward', HELD),
  described('cuda-samples-mandelbrot', HELD),
  described('rodinia-dwt2d-rdwt53', HELD),
  described('rodinia-hybridsort-histogram1024', HELD),
  described('llmc-softmax-autoregressive-backward-naive', HELD),
  described('cuda-samples-bf16-tensor-core-gemm', HELD),
  described('llmc-fused-residual-forward-smem', HELD),
  described('rodinia-dwt2d-components', HELD),
  described('cuda-samples-tf32-tensor-core-gemm', HELD),
];

export interface SpaceRow {
  space: string;
  role: string;
  variants: number;
  /** Variants with a recorded timing (a launch that faulted has none). */
  timedOk: number;
  paper: { kept: number; prunedPercent: number; keptRelativeToBest: number };
  static: { kept: number; prunedPercent: number; keptRelativeToBest: number; randomRelativeToBest: number; steps: string[] };
  timed: {
    budget: number;
    timed: number;
    prunedPercent: number;
    bestFound: string;
    bestFoundMs: number;
    ciMs: [number, number];
    foundRelativeToBest: number;
    randomRelativeToBest: number;
    notes: string[];
  };
  bestId: string;
  bestMs: number;
  gpuSecondsTimed: number;
  gpuSecondsExhaustive: number;
}

/** A space's static metrics and its recorded timings that succeeded (METRICS.json=TIMINGS.jsonl), with each variant's median. */
export function loadRecordedSpace(pair: string) {
  const [metricsFile, timingsFile] = pair.split('=');
  const shard = (JSON.parse(readFileSync(metricsFile, 'utf8')) as { shard: CarveShardOutput }).shard;
  const records = parseTimingOutput(readFileSync(timingsFile, 'utf8')).records.filter(
    (r) => (r.space === null || r.space === shard.space) && r.status === 'ok',
  );
  const medians = new Map(records.map((r) => [r.variant, median(r.samplesMs)]));
  return { shard, records, medians };
}

export async function evaluateSpace(pair: string, role: string, budgetShare: number): Promise<SpaceRow> {
  const { shard, records, medians: timings } = loadRecordedSpace(pair);
  const times = [...timings.values()];
  const spaceOptions = { objective: shard.options.objective, band: shard.options.band };
  const paper = evaluateCarving(
    timings,
    carve(shard.space, shard.arch, shard.metrics, { ...PAPER_CARVE_OPTIONS, ...spaceOptions }).survivors.map((s) => s.id),
  );
  const result = carve(shard.space, shard.arch, shard.metrics, { ...DEFAULT_CARVE_OPTIONS, ...spaceOptions });
  const staticEvaluation = evaluateCarving(
    timings,
    result.survivors.map((s) => s.id),
  );
  const refinement = await refineByTiming(result, recordedTimer(records, shard.space), { budgetShare });
  const best = refinement.best!;
  const sum = (ids: Iterable<string>) => {
    const byId = new Map(records.map((r) => [r.variant, r.samplesMs]));
    let total = 0;
    for (const id of ids) total += (byId.get(id) ?? []).reduce((a, b) => a + b, 0);
    return total / 1000;
  };
  const round = (x: number, digits = 4) => Number(x.toFixed(digits));
  return {
    space: shard.space,
    role,
    variants: shard.metrics.length,
    bestId: staticEvaluation.bestId,
    bestMs: staticEvaluation.bestMs,
    timedOk: timings.size,
    paper: { kept: paper.kept, prunedPercent: round(paper.prunedPercent, 2), keptRelativeToBest: round(paper.keptRelativeToBest) },
    static: {
      // Kept and pruned against the whole space (a survivor whose launch faulted is still kept).
      kept: result.survivors.length,
      prunedPercent: round(100 * (1 - result.survivors.length / shard.metrics.length), 2),
      keptRelativeToBest: round(staticEvaluation.keptRelativeToBest),
      randomRelativeToBest: round(staticEvaluation.randomRelativeToBest),
      steps: result.steps.map((s) => `${s.name} ${s.before}->${s.after}`),
    },
    timed: {
      budget: refinement.budget,
      timed: refinement.timedCount,
      prunedPercent: round(100 * (1 - refinement.timedCount / shard.metrics.length), 2),
      bestFound: best.variant,
      bestFoundMs: best.medianMs,
      ciMs: [best.ciLowMs, best.ciHighMs],
      foundRelativeToBest: round(staticEvaluation.bestMs / best.medianMs),
      randomRelativeToBest: round(staticEvaluation.bestMs / expectedBestOfRandomSample(times, refinement.timedCount)),
      notes: refinement.notes,
    },
    gpuSecondsTimed: round(sum(refinement.rounds.flatMap((r) => r.timed)), 3),
    gpuSecondsExhaustive: round(sum(timings.keys()), 3),
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function markdownTable(rows: SpaceRow[]): string {
  const lines = [
    '| space | role | variants | static: kept | pruned | best kept / best | random, same size | timed stage: timed (budget) | pruned | best found / best | random, same size | GPU s: timed stage / exhaustive |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.space} | ${r.role} | ${r.variants} | ${r.static.kept} | ${r.static.prunedPercent.toFixed(1)}% | ${pct(r.static.keptRelativeToBest)} | ${pct(r.static.randomRelativeToBest)} | ` +
        `${r.timed.timed} (${r.timed.budget}) | ${r.timed.prunedPercent.toFixed(1)}% | ${pct(r.timed.foundRelativeToBest)} | ${pct(r.timed.randomRelativeToBest)} | ${r.gpuSecondsTimed.toFixed(3)} / ${r.gpuSecondsExhaustive.toFixed(3)} |`,
    );
  }
  return lines.join('\n') + '\n';
}

if (process.argv[1]?.endsWith('described-evaluate.ts')) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      json: { type: 'boolean' },
      development: { type: 'boolean' },
      budget: { type: 'string', default: '0.05' },
      role: { type: 'string' },
    },
  });
  const pairs = values.development ? DEVELOPMENT : positionals;
  if (!pairs.length || pairs.some((p) => !p.includes('='))) {
    console.error('usage: described-evaluate.ts [--json] [--budget SHARE] [--role NAME] METRICS.json=TIMINGS.jsonl... | --development');
    process.exit(2);
  }
  const rows: SpaceRow[] = [];
  for (const pair of pairs)
    rows.push(await evaluateSpace(pair, values.role ?? (values.development ? 'development' : 'held out'), Number(values.budget)));
  console.log(values.json ? JSON.stringify(rows, null, 1) : markdownTable(rows));
}
