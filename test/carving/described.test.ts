// Described spaces (third-party kernels kept outside the repository): the wrapper each variant
// compiles, the description checks, and carving of SGEMM_CUDA's kernel 9 autotuning space
// against its exhaustive H100 timings (device/carving/described-results, made by
// device/carving/described.sh; metrics by scripts/carving/described-metrics.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkDescribedSpace, DescribedSpaceError, wrapperSource } from '../../src/analysis/carving/described-space.js';
import { carve, DEFAULT_CARVE_OPTIONS, evaluateCarving, PAPER_CARVE_OPTIONS, type CarveShardOutput } from '../../src/analysis/carving/index.js';
import { median, parseTimingOutput } from '../../src/timing/index.js';

const description = JSON.parse(readFileSync('examples/spaces/thirdparty/sgemm-cuda-k9.json', 'utf8'));

describe('described spaces', () => {
  it('captures -D values before the include so template parameters of the same name do not clash', () => {
    const text = wrapperSource(checkDescribedSpace(description, 'k9.json'), 'src/SGEMM_CUDA');
    expect(text.split('\n').slice(1, 3)).toEqual(['static constexpr auto carve_value_MAT = (MAT);', 'static constexpr auto carve_value_BK = (BK);']);
    expect(text).toContain('#undef BM\n');
    expect(text).toContain('#include "src/SGEMM_CUDA/src/kernels/9_kernel_autotuned.cuh"\n#define BK carve_value_BK');
    expect(text.trim().split('\n').pop()).toBe('template __global__ void sgemmAutotuned<BM, BN, BK, TM, TN>(int, int, int, float, float *, float *, float, float *);');
  });

  it('names the bad field of a description', () => {
    expect(() => checkDescribedSpace({ ...description, origin: { ...description.origin, licence: '' } }, 'k9.json')).toThrow(new DescribedSpaceError('k9.json: /origin/licence: missing'));
    expect(() => checkDescribedSpace({ ...description, instantiate: 'sgemm<BM>' }, 'k9.json')).toThrow(/\/instantiate: must be an explicit instantiation/);
  });
});

describe('sgemm-cuda-k9 (development space) vs the H100', () => {
  const shard = (JSON.parse(readFileSync('test/fixtures/carving/sgemm-cuda-k9.metrics.json', 'utf8')) as { shard: CarveShardOutput }).shard;
  const records = parseTimingOutput(readFileSync('device/carving/described-results/timings-development.jsonl', 'utf8')).records.filter((r) => r.space === 'sgemm-cuda-k9');
  const timings = new Map(records.map((r) => [r.variant, median(r.samplesMs)]));

  it('every variant built, timed and matched the driver on registers', () => {
    expect([shard.metrics.length, records.length, records.filter((r) => r.status === 'ok').length]).toEqual([93, 93, 93]);
    const byId = new Map(shard.metrics.map((m) => [m.id, m]));
    expect(records.filter((r) => r.registers !== byId.get(r.variant)!.registers).map((r) => r.variant)).toEqual([]);
    expect(records.filter((r) => r.activeBlocksPerSM !== byId.get(r.variant)!.activeBlocksPerSM).map((r) => r.variant)).toEqual([]);
  });

  it("the paper's carving keeps 3 and misses the best; the default (weighted) carving keeps it", () => {
    const paper = evaluateCarving(timings, carve('k9', 'sm_90', shard.metrics, PAPER_CARVE_OPTIONS).survivors.map((s) => s.id));
    const weighted = carve('k9', 'sm_90', shard.metrics, DEFAULT_CARVE_OPTIONS);
    const evaluation = evaluateCarving(timings, weighted.survivors.map((s) => s.id));
    expect([paper.kept, paper.bestKeptId, Number(paper.keptRelativeToBest.toFixed(4))]).toEqual([3, 'BK=8,TM=4,TN=4,BM=128,BN=128', 0.4173]);
    expect(weighted.steps.map((s) => `${s.name} ${s.before}->${s.after}`)).toEqual([
      'build 93->93', 'launch 93->93', 'coalescing 93->93', 'local-memory 93->59', 'pareto 59->7', 'merge 7->7',
    ]);
    expect([evaluation.kept, evaluation.bestKeptId, evaluation.keptRelativeToBest, Number(evaluation.randomRelativeToBest.toFixed(4))])
      .toEqual([7, 'BK=32,TM=16,TN=8,BM=256,BN=128', 1, 0.9002]);
    // The recorded metrics predate the local-traffic share: the removal says so, with the frame size.
    expect(weighted.variants.find((v) => v.status === 'pruned:local-memory')?.prunedBecause).toBe('256 bytes of local memory per thread; its share of the traffic is unknown');
  });
});
