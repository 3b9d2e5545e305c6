// Described spaces (third-party kernels kept outside the repository): the wrapper each variant
// compiles, the description checks, and carving of SGEMM_CUDA's kernel 9 autotuning space
// against its exhaustive H100 timings (device/carving/described-results, made by
// device/carving/described.sh; metrics by scripts/carving/described-metrics.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  blankedSource,
  checkDescribedSpace,
  DescribedSpaceError,
  variantKernel,
  wrapperSource,
} from '../../src/analysis/carving/described-space.js';
import {
  carve,
  DEFAULT_CARVE_OPTIONS,
  evaluateCarving,
  PAPER_CARVE_OPTIONS,
  type CarveShardOutput,
} from '../../src/analysis/carving/index.js';
import { median, parseTimingOutput } from '../../src/timing/index.js';

const description = JSON.parse(readFileSync('examples/spaces/thirdparty/sgemm-cuda-k9.json', 'utf8'));

describe('described spaces', () => {
  it('captures -D values before the include so template parameters of the same name do not clash', () => {
    const text = wrapperSource(checkDescribedSpace(description, 'k9.json'), 'src/SGEMM_CUDA');
    expect(text.split('\n').slice(1, 3)).toEqual([
      'static constexpr auto carve_value_MAT = (MAT);',
      'static constexpr auto carve_value_BK = (BK);',
    ]);
    expect(text).toContain('#undef BM\n');
    expect(text).toContain('#include "src/SGEMM_CUDA/src/kernels/9_kernel_autotuned.cuh"\n#define BK carve_value_BK');
    expect(text.trim().split('\n').pop()).toBe(
      'template __global__ void sgemmAutotuned<BM, BN, BK, TM, TN>(int, int, int, float, float *, float *, float, float *);',
    );
  });

  it('names the bad field of a description', () => {
    expect(() => checkDescribedSpace({ ...description, origin: { ...description.origin, licence: '' } }, 'k9.json')).toThrow(
      new DescribedSpaceError('k9.json: /origin/licence: missing'),
    );
    expect(() => checkDescribedSpace({ ...description, instantiate: 'sgemm<BM>' }, 'k9.json')).toThrow(
      /\/instantiate: must be an explicit instantiation/,
    );
  });
});

const readDescription = (name: string) =>
  checkDescribedSpace(JSON.parse(readFileSync(`examples/spaces/thirdparty/${name}.json`, 'utf8')), `${name}.json`);

describe('described spaces: #define parameters, several kernels, emptied lines', () => {
  const transpose = readDescription('cuda-samples-transpose');
  const reduction = readDescription('cuda-samples-reduction');

  it('passes #define-style and kernel-name parameters as the -D macros themselves, captures the others', () => {
    const text = wrapperSource(transpose, 'src/cuda-samples');
    expect(text).toContain('static constexpr auto carve_value_W = (W);');
    expect(text).not.toMatch(/carve_value_(TILE_DIM|BLOCK_ROWS|KERNEL)/);
    expect(text).not.toMatch(/#undef (TILE_DIM|BLOCK_ROWS|KERNEL)/);
    // A kernel that is not a template needs no instantiation line.
    expect(text.trim().split('\n').pop()).toBe('#include "src/cuda-samples/Samples/6_Performance/transpose/transpose.cu"');
    const reductionText = wrapperSource(reduction, 'src/cuda-samples');
    expect(reductionText).toContain('#define BLOCK carve_value_BLOCK\n');
    expect(reductionText).not.toContain('#define KERNEL');
    expect(reductionText.trim().split('\n').pop()).toBe(reduction.instantiate);
  });

  it('a variant launches the kernel its kernel parameter names', () => {
    expect(variantKernel(transpose, { KERNEL: 'transposeDiagonal', TILE_DIM: 32, BLOCK_ROWS: 8 })).toBe('transposeDiagonal');
    expect(variantKernel(readDescription('sgemm-cuda-k12'), { BM: 64 })).toBe('runSgemmDoubleBuffering2');
  });

  it('empties blankLines and keeps the line numbering', () => {
    const source = ['#include <a>', '#define TILE_DIM 32', '#define BLOCK_ROWS 16', '__global__ void k() {}'].join('\n');
    const described = { ...transpose, blankLines: [[2, 3]] as Array<[number, number]> };
    expect(blankedSource(described, source, 't.json')).toBe('#include <a>\n\n\n__global__ void k() {}');
    expect(() => blankedSource({ ...transpose, blankLines: [[3, 9]] }, source, 't.json')).toThrow(
      new DescribedSpaceError('t.json: /blankLines/0: line 9 is past the end of Samples/6_Performance/transpose/transpose.cu (4 lines)'),
    );
  });

  it('names the bad field of the new description entries', () => {
    const raw = JSON.parse(readFileSync('examples/spaces/thirdparty/cuda-samples-transpose.json', 'utf8'));
    expect(() => checkDescribedSpace({ ...raw, defineParameters: ['TILE_DIM', 'TILE'] }, 't.json')).toThrow(
      new DescribedSpaceError("t.json: /defineParameters/1: 'TILE' is not a parameter or define of the space"),
    );
    expect(() => checkDescribedSpace({ ...raw, kernelParameter: 'KERNELS' }, 't.json')).toThrow(
      new DescribedSpaceError("t.json: /kernelParameter: 'KERNELS' is not a parameter of the space"),
    );
    expect(() =>
      checkDescribedSpace(
        { ...raw, space: { ...raw.space, parameters: { ...raw.space.parameters, KERNEL: ['copy', 'not a name'] } } },
        't.json',
      ),
    ).toThrow(new DescribedSpaceError('t.json: /space/parameters/KERNEL/1: must be a kernel name'));
    expect(() => checkDescribedSpace({ ...raw, blankLines: [[57, 56]] }, 't.json')).toThrow(
      new DescribedSpaceError('t.json: /blankLines/0: must be [first, last] with 1 <= first <= last'),
    );
    expect(() => checkDescribedSpace({ ...raw, includeDirs: ['../Common'] }, 't.json')).toThrow(
      new DescribedSpaceError('t.json: /includeDirs: must list folders inside the repository'),
    );
  });
});

// Spaces measured on the H100: only that their metrics and timings agree (no carving is
// evaluated here).
describe.each([
  ['kernel-tuner-expdist', 640, 612, 582],
  ['kernel-tuner-convolution', 1006, 1006, 1006],
  ['kernel-tuner-matmul', 36, 36, 36],
  ['kernel-tuner-reduction', 2376, 2376, 2376],
  ['kernel-tuner-stencil', 31, 31, 31],
  ['kernel-tuner-zeromean-horizontal', 31, 31, 31],
  ['kernel-tuner-zeromean-vertical', 31, 31, 31],
  ['sgemm-cuda-k10', 1448, 1448, 1431],
  ['sgemm-cuda-k11', 928, 928, 919],
  ['sgemm-cuda-k12', 662, 662, 659],
  ['cuda-samples-reduction', 170, 170, 170],
  ['cuda-samples-transpose', 160, 160, 160],
  ['cuda-samples-convolution-rows', 168, 168, 168],
  ['cuda-samples-convolution-columns', 97, 97, 97],
  ['llmc-softmax-forward', 43, 43, 43],
  ['llmc-layernorm-forward', 28, 28, 28],
  ['llmc-encoder-forward', 18, 18, 18],
  ['llmc-matmul-backward-bias', 27, 27, 27],
  ['llmc-global-norm', 21, 21, 21],
  ['llmc-gelu-forward', 12, 12, 12],
])('%s: metrics vs its H100 timings', (space, variants, built, timed) => {
  const shard = (JSON.parse(readFileSync(`test/fixtures/carving/${space}.metrics.json`, 'utf8')) as { shard: CarveShardOutput }).shard;
  const records = parseTimingOutput(readFileSync(`device/carving/described-results/timings-${space}.jsonl`, 'utf8')).records;

  it('every variant built and was timed (launch faults recorded as errors), and the driver agrees on registers and blocks per SM', () => {
    const ok = records.filter((r) => r.status === 'ok');
    expect([shard.enumerated, shard.metrics.filter((m) => m.built).length, records.length, ok.length]).toEqual([
      variants,
      built,
      variants,
      timed,
    ]);
    // A launch the driver refuses for its resources (registers x threads) is one the metrics say cannot launch.
    const refused = records.filter((r) => r.error?.includes('LAUNCH_OUT_OF_RESOURCES')).map((r) => r.variant);
    expect(refused).toEqual(shard.metrics.filter((m) => m.built && m.canLaunch === false).map((m) => m.id));
    expect(ok.every((r) => r.samplesMs.length === 10)).toBe(true);
    const byId = new Map(shard.metrics.map((m) => [m.id, m]));
    expect(
      ok
        .filter((r) => r.registers !== byId.get(r.variant)?.registers || r.activeBlocksPerSM !== byId.get(r.variant)?.activeBlocksPerSM)
        .map((r) => r.variant),
    ).toEqual([]);
  });
});

describe('several kernels in one space: each variant is analysed as the kernel it launches', () => {
  it('transpose: the shared tile of each kernel (none, TILE_DIM^2, or TILE_DIM x (TILE_DIM + 1) floats)', () => {
    const shard = (
      JSON.parse(readFileSync('test/fixtures/carving/cuda-samples-transpose.metrics.json', 'utf8')) as { shard: CarveShardOutput }
    ).shard;
    const tile = (kernel: string, t: number) =>
      (({ copy: 0, transposeNaive: 0, copySharedMem: t * t * 4, transposeCoalesced: t * t * 4 }) as Record<string, number>)[kernel] ??
      t * (t + 1) * 4;
    const wrong = shard.metrics.filter((m) => m.sharedBytesPerBlock !== tile(String(m.parameters.KERNEL), Number(m.parameters.TILE_DIM)));
    expect([shard.metrics.length, wrong.map((m) => m.id)]).toEqual([160, []]);
    expect(shard.metrics.find((m) => m.id === 'KERNEL=transposeNoBankConflicts,TILE_DIM=32,BLOCK_ROWS=8')?.sharedBytesPerBlock).toBe(4224);
  });
});

describe('sgemm-cuda-k9 (development space) vs the H100', () => {
  const shard = (JSON.parse(readFileSync('test/fixtures/carving/sgemm-cuda-k9.metrics.json', 'utf8')) as { shard: CarveShardOutput }).shard;
  const records = parseTimingOutput(readFileSync('device/carving/described-results/timings-development.jsonl', 'utf8')).records.filter(
    (r) => r.space === 'sgemm-cuda-k9',
  );
  const timings = new Map(records.map((r) => [r.variant, median(r.samplesMs)]));

  it('every variant built, timed and matched the driver on registers', () => {
    expect([shard.metrics.length, records.length, records.filter((r) => r.status === 'ok').length]).toEqual([93, 93, 93]);
    const byId = new Map(shard.metrics.map((m) => [m.id, m]));
    expect(records.filter((r) => r.registers !== byId.get(r.variant)!.registers).map((r) => r.variant)).toEqual([]);
    expect(records.filter((r) => r.activeBlocksPerSM !== byId.get(r.variant)!.activeBlocksPerSM).map((r) => r.variant)).toEqual([]);
  });

  it("the paper's carving keeps 6 and misses the best (84%); the default (weighted) carving keeps it", () => {
    const paper = evaluateCarving(
      timings,
      carve('k9', 'sm_90', shard.metrics, PAPER_CARVE_OPTIONS).survivors.map((s) => s.id),
    );
    const weighted = carve('k9', 'sm_90', shard.metrics, DEFAULT_CARVE_OPTIONS);
    const evaluation = evaluateCarving(
      timings,
      weighted.survivors.map((s) => s.id),
    );
    // Its coalescing step removes 46 variants for strided epilogue stores, the best among them.
    expect([paper.kept, paper.bestKeptId, Number(paper.keptRelativeToBest.toFixed(4))]).toEqual([
      6,
      'BK=32,TM=8,TN=4,BM=128,BN=64',
      0.8445,
    ]);
    expect(weighted.steps.map((s) => `${s.name} ${s.before}->${s.after}`)).toEqual([
      'build 93->93',
      'launch 93->93',
      'coalescing 93->93',
      'local-memory 93->59',
      'pareto 59->7',
      'merge 7->7',
    ]);
    expect([
      evaluation.kept,
      evaluation.bestKeptId,
      evaluation.keptRelativeToBest,
      Number(evaluation.randomRelativeToBest.toFixed(4)),
    ]).toEqual([7, 'BK=32,TM=16,TN=8,BM=256,BN=128', 1, 0.9002]);
    // The removal gives the local share of the traffic, with the frame size.
    expect(weighted.variants.find((v) => v.status === 'pruned:local-memory')?.prunedBecause).toBe(
      '93.8% of its memory traffic is local memory (above 10%; 256 bytes per thread)',
    );
  });
});
