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

// Every space measured so far: held-out sets become development once evaluated (the
// twenty-fourth, Rodinia cuda_time_step and lud_perimeter, the last; docs/carving-spaces.md).
// The spaces whose launches take a few tens of microseconds are timed by the harness that holds
// each sample (described-results/held, H200).
export const DEVELOPMENT = [
  'test/fixtures/carving/sgemm.metrics.json=test/fixtures/carving/sgemm.timings.jsonl',
  'test/fixtures/carving/transpose.metrics.json=test/fixtures/carving/transpose.timings.jsonl',
  'test/fixtures/carving/sgemm-cuda-k5.metrics.json=device/carving/described-results/timings-development.jsonl',
  'test/fixtures/carving/sgemm-cuda-k9.metrics.json=device/carving/described-results/timings-development.jsonl',
  'test/fixtures/carving/cuda-samples-convolution-columns.metrics.json=device/carving/described-results/timings-cuda-samples-convolution-columns.jsonl',
  'test/fixtures/carving/cuda-samples-convolution-rows.metrics.json=device/carving/described-results/timings-cuda-samples-convolution-rows.jsonl',
  'test/fixtures/carving/cuda-samples-reduction.metrics.json=device/carving/described-results/timings-cuda-samples-reduction.jsonl',
  'test/fixtures/carving/cuda-samples-transpose.metrics.json=device/carving/described-results/timings-cuda-samples-transpose.jsonl',
  'test/fixtures/carving/kernel-tuner-convolution.metrics.json=device/carving/described-results/timings-kernel-tuner-convolution.jsonl',
  'test/fixtures/carving/kernel-tuner-expdist.metrics.json=device/carving/described-results/timings-kernel-tuner-expdist.jsonl',
  'test/fixtures/carving/kernel-tuner-matmul.metrics.json=device/carving/described-results/timings-kernel-tuner-matmul.jsonl',
  'test/fixtures/carving/kernel-tuner-reduction.metrics.json=device/carving/described-results/timings-kernel-tuner-reduction.jsonl',
  'test/fixtures/carving/kernel-tuner-stencil.metrics.json=device/carving/described-results/timings-kernel-tuner-stencil.jsonl',
  'test/fixtures/carving/kernel-tuner-zeromean-horizontal.metrics.json=device/carving/described-results/timings-kernel-tuner-zeromean-horizontal.jsonl',
  'test/fixtures/carving/kernel-tuner-zeromean-vertical.metrics.json=device/carving/described-results/timings-kernel-tuner-zeromean-vertical.jsonl',
  'test/fixtures/carving/llmc-encoder-forward.metrics.json=device/carving/described-results/timings-llmc-encoder-forward.jsonl',
  'test/fixtures/carving/llmc-gelu-forward.metrics.json=device/carving/described-results/held/timings-llmc-gelu-forward.jsonl',
  'test/fixtures/carving/llmc-global-norm.metrics.json=device/carving/described-results/timings-llmc-global-norm.jsonl',
  'test/fixtures/carving/llmc-layernorm-forward.metrics.json=device/carving/described-results/timings-llmc-layernorm-forward.jsonl',
  'test/fixtures/carving/llmc-matmul-backward-bias.metrics.json=device/carving/described-results/timings-llmc-matmul-backward-bias.jsonl',
  'test/fixtures/carving/llmc-softmax-forward.metrics.json=device/carving/described-results/timings-llmc-softmax-forward.jsonl',
  'test/fixtures/carving/sgemm-cuda-k10.metrics.json=device/carving/described-results/timings-sgemm-cuda-k10.jsonl',
  'test/fixtures/carving/sgemm-cuda-k11.metrics.json=device/carving/described-results/timings-sgemm-cuda-k11.jsonl',
  'test/fixtures/carving/sgemm-cuda-k12.metrics.json=device/carving/described-results/timings-sgemm-cuda-k12.jsonl',
  'test/fixtures/carving/sgemm-cuda-k6.metrics.json=device/carving/described-results/timings-sgemm-cuda-k6.jsonl',
  'test/fixtures/carving/sgemm-cuda-k8.metrics.json=device/carving/described-results/timings-sgemm-cuda-k8.jsonl',
  'test/fixtures/carving/cuda-samples-aligned-types.metrics.json=device/carving/described-results/timings-cuda-samples-aligned-types.jsonl',
  'test/fixtures/carving/llmc-residual-forward.metrics.json=device/carving/described-results/held/timings-llmc-residual-forward.jsonl',
  'test/fixtures/carving/llmc-gelu-backward.metrics.json=device/carving/described-results/timings-llmc-gelu-backward.jsonl',
  'test/fixtures/carving/llmc-fused-residual-forward.metrics.json=device/carving/described-results/timings-llmc-fused-residual-forward.jsonl',
  'test/fixtures/carving/llmc-crossentropy-softmax-backward.metrics.json=device/carving/described-results/timings-llmc-crossentropy-softmax-backward.jsonl',
  'test/fixtures/carving/llmc-encoder-backward.metrics.json=device/carving/described-results/timings-llmc-encoder-backward.jsonl',
  'test/fixtures/carving/llmc-layernorm-backward.metrics.json=device/carving/described-results/timings-llmc-layernorm-backward.jsonl',
  'test/fixtures/carving/llmc-adamw.metrics.json=device/carving/described-results/held/timings-llmc-adamw.jsonl',
  'test/fixtures/carving/cuda-samples-global-to-shmem-async-copy.metrics.json=device/carving/described-results/timings-cuda-samples-global-to-shmem-async-copy.jsonl',
  'test/fixtures/carving/rodinia-hotspot.metrics.json=device/carving/described-results/held/timings-rodinia-hotspot.jsonl',
  'test/fixtures/carving/cuda-samples-fdtd3d.metrics.json=device/carving/described-results/timings-cuda-samples-fdtd3d.jsonl',
  'test/fixtures/carving/cuda-samples-histogram64.metrics.json=device/carving/described-results/timings-cuda-samples-histogram64.jsonl',
  'test/fixtures/carving/llmc-softmax-autoregressive-backward.metrics.json=device/carving/described-results/timings-llmc-softmax-autoregressive-backward.jsonl',
  'test/fixtures/carving/rodinia-pathfinder.metrics.json=device/carving/described-results/held/timings-rodinia-pathfinder.jsonl',
  'test/fixtures/carving/cuda-samples-nbody.metrics.json=device/carving/described-results/timings-cuda-samples-nbody.jsonl',
  'test/fixtures/carving/llmc-classifier-fused.metrics.json=device/carving/described-results/timings-llmc-classifier-fused.jsonl',
  'test/fixtures/carving/kernel-tuner-pnpoly.metrics.json=device/carving/described-results/timings-kernel-tuner-pnpoly.jsonl',
  'test/fixtures/carving/rodinia-srad.metrics.json=device/carving/described-results/timings-rodinia-srad.jsonl',
  'test/fixtures/carving/cuda-samples-blackscholes.metrics.json=device/carving/described-results/timings-cuda-samples-blackscholes.jsonl',
  'test/fixtures/carving/sgemm-cuda-k4.metrics.json=device/carving/described-results/timings-sgemm-cuda-k4.jsonl',
  'test/fixtures/carving/llmc-permute.metrics.json=device/carving/described-results/timings-llmc-permute.jsonl',
  // Thirteenth held-out set, evaluated once (carving-thirteenth-evaluated-once.md), development since.
  'test/fixtures/carving/kernel-tuner-sepconv.metrics.json=device/carving/described-results/timings-kernel-tuner-sepconv.jsonl',
  'test/fixtures/carving/kernel-tuner-spmv.metrics.json=device/carving/described-results/held/timings-kernel-tuner-spmv.jsonl',
  'test/fixtures/carving/llmc-trimat-forward.metrics.json=device/carving/described-results/timings-llmc-trimat-forward.jsonl',
  'test/fixtures/carving/rodinia-hotspot3d.metrics.json=device/carving/described-results/held/timings-rodinia-hotspot3d.jsonl',
  // Fourteenth held-out set, evaluated once (carving-fourteenth-evaluated-once.md), development since.
  'test/fixtures/carving/cuda-samples-histogram256.metrics.json=device/carving/described-results/timings-cuda-samples-histogram256.jsonl',
  'test/fixtures/carving/cuda-samples-scalarprod.metrics.json=device/carving/described-results/timings-cuda-samples-scalarprod.jsonl',
  'test/fixtures/carving/cuda-samples-quasirandom.metrics.json=device/carving/described-results/timings-cuda-samples-quasirandom.jsonl',
  'test/fixtures/carving/rodinia-cfd-step-factor.metrics.json=device/carving/described-results/held/timings-rodinia-cfd-step-factor.jsonl',
  'test/fixtures/carving/rodinia-lavamd.metrics.json=device/carving/described-results/timings-rodinia-lavamd.jsonl',
  'test/fixtures/carving/rodinia-gaussian.metrics.json=device/carving/described-results/held/timings-rodinia-gaussian.jsonl',
  'test/fixtures/carving/cuda-samples-sobolqrng.metrics.json=device/carving/described-results/held/timings-cuda-samples-sobolqrng.jsonl',
  'test/fixtures/carving/cuda-samples-threadfence-reduction.metrics.json=device/carving/described-results/held/timings-cuda-samples-threadfence-reduction.jsonl',
  'test/fixtures/carving/rodinia-nn.metrics.json=device/carving/described-results/held/timings-rodinia-nn.jsonl',
  'test/fixtures/carving/rodinia-streamcluster.metrics.json=device/carving/described-results/timings-rodinia-streamcluster.jsonl',
  'test/fixtures/carving/cuda-samples-recursive-gaussian.metrics.json=device/carving/described-results/timings-cuda-samples-recursive-gaussian.jsonl',
  'test/fixtures/carving/rodinia-dwt2d-fdwt53.metrics.json=device/carving/described-results/held/timings-rodinia-dwt2d-fdwt53.jsonl',
  // Timed on an H200 (the spaces above on an H100).
  'test/fixtures/carving/cuda-samples-binomial-options.metrics.json=device/carving/described-results/timings-cuda-samples-binomial-options.jsonl',
  'test/fixtures/carving/llmc-crossentropy-forward.metrics.json=device/carving/described-results/timings-llmc-crossentropy-forward.jsonl',
  'test/fixtures/carving/cuda-samples-fast-walsh-transform.metrics.json=device/carving/described-results/held/timings-cuda-samples-fast-walsh-transform.jsonl',
  'test/fixtures/carving/llmc-attention-softmax.metrics.json=device/carving/described-results/timings-llmc-attention-softmax.jsonl',
  'test/fixtures/carving/llmc-matmul-forward.metrics.json=device/carving/described-results/timings-llmc-matmul-forward.jsonl',
  'test/fixtures/carving/kernel-tuner-vector-add.metrics.json=device/carving/described-results/timings-kernel-tuner-vector-add.jsonl',
  'test/fixtures/carving/cuda-samples-monte-carlo.metrics.json=device/carving/described-results/timings-cuda-samples-monte-carlo.jsonl',
  'test/fixtures/carving/cuda-samples-hs-optical-flow-jacobi.metrics.json=device/carving/described-results/held/timings-cuda-samples-hs-optical-flow-jacobi.jsonl',
  'test/fixtures/carving/cuda-samples-scan-exclusive-shared.metrics.json=device/carving/described-results/held/timings-cuda-samples-scan-exclusive-shared.jsonl',
  'test/fixtures/carving/cuda-samples-shfl-scan.metrics.json=device/carving/described-results/timings-cuda-samples-shfl-scan.jsonl',
  'test/fixtures/carving/rodinia-particlefilter.metrics.json=device/carving/described-results/timings-rodinia-particlefilter.jsonl',
  'test/fixtures/carving/cuda-samples-mc-estimate-pi.metrics.json=device/carving/described-results/held/timings-cuda-samples-mc-estimate-pi.jsonl',
  'test/fixtures/carving/cuda-samples-bitonic-sort-shared.metrics.json=device/carving/described-results/timings-cuda-samples-bitonic-sort-shared.jsonl',
  'test/fixtures/carving/cuda-samples-merge-sort-shared.metrics.json=device/carving/described-results/timings-cuda-samples-merge-sort-shared.jsonl',
  'test/fixtures/carving/llmc-attention-query-key.metrics.json=device/carving/described-results/timings-llmc-attention-query-key.jsonl',
  'test/fixtures/carving/rodinia-lud-internal.metrics.json=device/carving/described-results/timings-rodinia-lud-internal.jsonl',
  'test/fixtures/carving/rodinia-cfd-compute-flux.metrics.json=device/carving/described-results/held/timings-rodinia-cfd-compute-flux.jsonl',
  'test/fixtures/carving/cuda-samples-vector-add.metrics.json=device/carving/described-results/held/timings-cuda-samples-vector-add.jsonl',
  'test/fixtures/carving/rodinia-nw-needle-shared-1.metrics.json=device/carving/described-results/held/timings-rodinia-nw-needle-shared-1.jsonl',
  'test/fixtures/carving/rodinia-dwt2d-fdwt97.metrics.json=device/carving/described-results/held/timings-rodinia-dwt2d-fdwt97.jsonl',
  'test/fixtures/carving/cuda-samples-odd-even-merge-sort-shared.metrics.json=device/carving/described-results/timings-cuda-samples-odd-even-merge-sort-shared.jsonl',
  'test/fixtures/carving/cuda-samples-warp-aggregated-atomics.metrics.json=device/carving/described-results/timings-cuda-samples-warp-aggregated-atomics.jsonl',
  'test/fixtures/carving/rodinia-cfd-time-step.metrics.json=device/carving/described-results/held/timings-rodinia-cfd-time-step.jsonl',
  'test/fixtures/carving/rodinia-lud-perimeter.metrics.json=device/carving/described-results/held/timings-rodinia-lud-perimeter.jsonl',
  'test/fixtures/carving/rodinia-dwt2d-rdwt97.metrics.json=device/carving/described-results/held/timings-rodinia-dwt2d-rdwt97.jsonl',
  'test/fixtures/carving/rodinia-srad-v1.metrics.json=device/carving/described-results/held/timings-rodinia-srad-v1.jsonl',
  'test/fixtures/carving/rodinia-kmeans-invert-mapping.metrics.json=device/carving/described-results/held/timings-rodinia-kmeans-invert-mapping.jsonl',
  'test/fixtures/carving/cuda-samples-binary-partition-cg.metrics.json=device/carving/described-results/held/timings-cuda-samples-binary-partition-cg.jsonl',
  'test/fixtures/carving/cuda-samples-jacobi.metrics.json=device/carving/described-results/held/timings-cuda-samples-jacobi.jsonl',
  'test/fixtures/carving/sgemm-cuda-k7.metrics.json=device/carving/described-results/held/timings-sgemm-cuda-k7.jsonl',
  'test/fixtures/carving/kernel-tuner-sepconv-columns.metrics.json=device/carving/described-results/held/timings-kernel-tuner-sepconv-columns.jsonl',
  'test/fixtures/carving/rodinia-srad-v1-reduce.metrics.json=device/carving/described-results/held/timings-rodinia-srad-v1-reduce.jsonl',
  'test/fixtures/carving/rodinia-cfd-initialize-variables.metrics.json=device/carving/described-results/held/timings-rodinia-cfd-initialize-variables.jsonl',
  'test/fixtures/carving/cuda-samples-reduction-early.metrics.json=device/carving/described-results/held/timings-cuda-samples-reduction-early.jsonl',
  'test/fixtures/carving/rodinia-lud-diagonal.metrics.json=device/carving/described-results/held/timings-rodinia-lud-diagonal.jsonl',
  'test/fixtures/carving/rodinia-nw-needle-shared-2.metrics.json=device/carving/described-results/held/timings-rodinia-nw-needle-shared-2.jsonl',
  'test/fixtures/carving/cuda-samples-merge-histogram64.metrics.json=device/carving/described-results/held/timings-cuda-samples-merge-histogram64.jsonl',
  'test/fixtures/carving/cuda-samples-reduction-cg.metrics.json=device/carving/described-results/held/timings-cuda-samples-reduction-cg.jsonl',
  'test/fixtures/carving/rodinia-srad-v1-prepare.metrics.json=device/carving/described-results/held/timings-rodinia-srad-v1-prepare.jsonl',
  'test/fixtures/carving/rodinia-gaussian-fan1.metrics.json=device/carving/described-results/held/timings-rodinia-gaussian-fan1.jsonl',
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
