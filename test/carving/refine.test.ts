// The timed refinement stage replayed on recorded H100 timings (every variant of each space
// timed: test/fixtures/carving/*.timings.jsonl by device/carving/run.sh, the SGEMM_CUDA spaces
// by device/carving/described.sh): the recorded-timings timer answers each round from them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  blockSizeOutsideGuideRange,
  DEFAULT_BANK_CONFLICT_PENALTY,
  DEFAULT_ESTIMATE_TIE_SHARE,
  modelRanks,
  type CarvedVariant,
  carve,
  DEFAULT_CARVE_OPTIONS,
  PAPER_CARVE_OPTIONS,
  byResidentWarps,
  refineByTiming,
  resolveBudget,
  tailFactor,
  type CarveOptions,
  type CarveShardOutput,
} from '../../src/analysis/carving/index.js';
import { parseBudget } from '../../src/cli/commands/carve.js';
import { harnessTimer, parseTimingOutput, recordedTimer } from '../../src/timing/index.js';

function load(space: string, metricsFile: string, timingsFile: string, options?: Partial<CarveOptions>) {
  const shard = (JSON.parse(readFileSync(metricsFile, 'utf8')) as { shard: CarveShardOutput }).shard;
  const records = parseTimingOutput(readFileSync(timingsFile, 'utf8')).records;
  const result = carve(space, 'sm_90', shard.metrics, {
    ...DEFAULT_CARVE_OPTIONS,
    objective: shard.options.objective,
    band: shard.options.band,
    ...options,
  });
  return { shard, records, result };
}

const development = 'device/carving/described-results/timings-development.jsonl';

describe('byResidentWarps', () => {
  it("takes the model's order in turn from each count of resident warps, counts in the order of their first", () => {
    const v = (id: string, activeBlocksPerSM: number, warpsPerBlock: number) => ({ id, activeBlocksPerSM, warpsPerBlock });
    // Resident warps: a, b, c 8 (1 x 8 and 2 x 4 alike); d, e, g 16; f 32.
    const ordered = [v('a', 1, 8), v('b', 1, 8), v('c', 2, 4), v('d', 2, 8), v('e', 4, 4), v('f', 1, 32), v('g', 2, 8)];
    expect(byResidentWarps(ordered, 5).map((x) => x.id)).toEqual(['a', 'd', 'f', 'b', 'e']);
    expect(byResidentWarps(ordered, 100).map((x) => x.id)).toEqual(['a', 'd', 'f', 'b', 'e', 'c', 'g']);
    expect(byResidentWarps(ordered, 0)).toEqual([]);
  });
});

describe('the tie-break among equal estimates', () => {
  it('tells block sizes outside 128-256 threads (1) from those inside (0)', () => {
    const of = (block: [number, number, number]) => blockSizeOutsideGuideRange({ block });
    expect([32, 64, 96, 127, 128, 192, 256, 257, 512, 1024].map((x) => of([x, 1, 1]))).toEqual([1, 1, 1, 1, 0, 0, 0, 1, 1, 1]);
    expect([of([16, 16, 1]), of([8, 8, 1]), of([32, 8, 2])]).toEqual([0, 1, 1]);
  });
});

describe('the model order with estimates within a share counted as tied', () => {
  // Issue-bound, one wave each, 16 resident warps an SM: 16 x instructions / 4 cycles.
  const v = (id: string, index: number, threads: number, instructions: number) =>
    ({
      id,
      index,
      block: [threads, 1, 1],
      grid: [132 * (512 / threads), 1, 1],
      activeBlocksPerSM: 512 / threads,
      warpsPerBlock: threads / 32,
      instructions,
      globalTrafficBytes: null,
      efficiency: 1,
      utilization: 1,
      bankConflictWays: 1,
    }) as unknown as CarvedVariant;
  // 4,000, 4,120 (3% more) and 4,400 cycles (10% more).
  const variants = [v('blocks of 64', 0, 64, 1000), v('blocks of 128', 1, 128, 1030), v('blocks of 256', 2, 256, 1100)];
  const order = (tieShare: number) => {
    const ranks = modelRanks(variants, 'sm_90', DEFAULT_BANK_CONFLICT_PENALTY, tieShare);
    return [...variants].sort((a, b) => ranks.get(a.id)! - ranks.get(b.id)!).map((x) => x.id);
  };

  it('within 5% the guide range first; beyond it, the estimate', () => {
    expect(DEFAULT_ESTIMATE_TIE_SHARE).toBe(0.05);
    expect(order(0.05)).toEqual(['blocks of 128', 'blocks of 64', 'blocks of 256']);
    expect(order(0.1)).toEqual(['blocks of 128', 'blocks of 256', 'blocks of 64']);
    expect(order(0)).toEqual(['blocks of 64', 'blocks of 128', 'blocks of 256']);
  });
});

describe('timed refinement stage on recorded timings', () => {
  it("sgemm: 4 survivors and the model's 4 first, then 4, 2 and 1 around the measured best; the best (0.5078 ms) is a survivor", async () => {
    const { records, result } = load('sgemm', 'test/fixtures/carving/sgemm.metrics.json', 'test/fixtures/carving/sgemm.timings.jsonl');
    const timer = recordedTimer(records, 'sgemm');
    const refined = await refineByTiming(result, timer, { budgetShare: 0.05 });
    expect([refined.budget, refined.timedCount, timer.calls.map((ids) => ids.length)]).toEqual([15, 15, [8, 4, 2, 1]]);
    expect(refined.best).toEqual({
      variant: 'BM=64,BN=128,BK=8,TM=8,TN=8',
      medianMs: 0.507776,
      ciLowMs: 0.50688,
      ciHighMs: 0.508704,
      n: 15,
      source: 'survivor',
      round: 1,
      rank: 1,
    });
    expect(refined.notes).toEqual([
      "14 survivors, 4 timed (the model's first); 4 more of the model's first among the variants that passed threshold carving, then the rest of the budget searches around the measured best",
    ]);
  });

  it('sgemm-cuda-k5: the best survives static carving (its excess sectors within the L2 factor); the stage finds it (0.5423 ms) in 15 timings', async () => {
    const { records, result } = load('sgemm-cuda-k5', 'test/fixtures/carving/sgemm-cuda-k5.metrics.json', development);
    // 68 variants removed for coalescing (more than 2.38x the least traffic), where the share
    // alone removed 244, the best (BK=32,TM=16,TN=8 on 128 x 128 tiles) among them.
    expect(result.steps.find((s) => s.name === 'coalescing')).toMatchObject({ before: 319, after: 251 });
    expect(result.survivors.map((v) => v.id)).toContain('BK=32,TM=16,TN=8,BM=128,BN=128');
    const refined = await refineByTiming(result, recordedTimer(records, 'sgemm-cuda-k5'), { budgetShare: 0.05 });
    // The first round (survivors, then the model's first per count of resident warps) finds a
    // variant on 256 x 128 tiles; the search around it finds the best in the second round.
    expect(refined.rounds.map((r) => [r.center, r.timed.length])).toEqual([
      [null, 8],
      ['BK=32,TM=16,TN=8,BM=256,BN=128', 4],
      ['BK=32,TM=16,TN=8,BM=128,BN=128', 2],
      ['BK=32,TM=16,TN=8,BM=128,BN=128', 1],
    ]);
    expect([refined.timedCount, refined.best?.variant, refined.best?.medianMs, refined.best?.source]).toEqual([
      15,
      'BK=32,TM=16,TN=8,BM=128,BN=128',
      0.542336,
      'nearest',
    ]);
  });

  it("sgemm-cuda-k10: the best (0.4264 ms, 2 blocks of 8 warps per SM) is not a survivor; the first round's timing per count of resident warps leads the search to it", async () => {
    const { records, result } = load(
      'sgemm-cuda-k10',
      'test/fixtures/carving/sgemm-cuda-k10.metrics.json',
      'device/carving/described-results/timings-sgemm-cuda-k10.jsonl',
    );
    const best = 'BK=8,BM=128,BN=128,WM=64,WN=32,WNITER=1,TM=8,TN=8,NUM_THREADS=256';
    expect(result.variants.find((v) => v.id === best)?.status).toBe('pruned:pareto');
    const refined = await refineByTiming(result, recordedTimer(records, 'sgemm-cuda-k10'), { budgetShare: 0.05 });
    expect(refined.rounds.map((r) => r.timed.length)).toEqual([36, 18, 9, 4, 2, 1, 1, 1]);
    // With DRAM bytes from the footprint every variant is issue-bound, ranked by PTX instructions
    // at 4 warp instructions per cycle: the model's first overall are one block of 8 warps per SM
    // (BM=256, BN=128: 0.58-0.66 ms, about 2.4 per cycle measured). Ranked in turn per count of
    // resident warps, the first round also times the model's first with 16 (0.4276 ms), and the
    // second round, around it, the best. Ranked overall (before): 87% of the best (0.4887 ms).
    const firstRound = refined.rounds[0].timed.map((id) => result.variants.find((v) => v.id === id)!);
    expect(new Set(firstRound.map((v) => v.activeBlocksPerSM! * v.warpsPerBlock)).size).toBeGreaterThan(1);
    expect([refined.best?.variant, refined.best?.medianMs, refined.best?.source, refined.best?.round]).toEqual([
      best,
      0.4264,
      'nearest',
      2,
    ]);
  });

  it('sgemm-cuda-k6: variants of equal instructions but unequal shared wavefronts stay apart, so the static survivors keep the best (0.4859 ms)', () => {
    const timings = 'device/carving/described-results/timings-sgemm-cuda-k6.jsonl';
    const metrics = 'test/fixtures/carving/sgemm-cuda-k6.metrics.json';
    const best = 'BK=16,TM=8,TN=4,BM=128,BN=128';
    const twin = 'BK=16,TM=4,TN=8,BM=128,BN=128';
    const { result, shard } = load('sgemm-cuda-k6', metrics, timings);
    const [a, b] = [best, twin].map((id) => shard.metrics.find((m) => m.id === id)!);
    // One PTX instruction per thread apart, 51,712 vs 76,288 shared wavefronts per warp (0.4859 vs 0.7124 ms).
    expect([a.instructions, b.instructions, a.sharedWavefrontsPerWarp, b.sharedWavefrontsPerWarp]).toEqual([103005, 103006, 51712, 76288]);
    expect(result.survivors.map((v) => v.id)).toContain(best);
    expect(result.steps.at(-1)).toMatchObject({ name: 'merge', before: 4, after: 4 });
    // Merged on efficiency and utilization alone, the best went into its twin (the first in product order).
    const merged = load('sgemm-cuda-k6', metrics, timings, { keepTrafficTies: false }).result;
    expect(merged.variants.find((v) => v.id === best)).toMatchObject({ status: 'merged', mergedWith: [twin] });
  });

  it('cuda-samples-transpose: copySharedMem 64 x 2 from the first round (0.0517 ms, 97.7% of the best) stays the best found, with the bank-conflict penalty or without', async () => {
    const { records, result } = load(
      'cuda-samples-transpose',
      'test/fixtures/carving/cuda-samples-transpose.metrics.json',
      'device/carving/described-results/timings-cuda-samples-transpose.jsonl',
    );
    const timed = async (bankConflictPenalty: number) => {
      const refined = await refineByTiming(result, recordedTimer(records, 'cuda-samples-transpose'), {
        budgetShare: 0.05,
        bankConflictPenalty,
      });
      return [refined.best?.variant, refined.best?.medianMs.toFixed(6), refined.best?.source, refined.rounds.map((r) => r.center)];
    };
    // The first round times one variant per count of resident warps; its measured best, 64 x 2,
    // is the centre of every later round, and the search around it finds nothing faster (64 x 8,
    // 0.0515 ms, was found while tied estimates took block sizes nearer 128-256 first). With the
    // footprint of the 16 x 1 tiles' 16-thread blocks counted whole (twice what it was), they are
    // no longer in the first round, and the walk 16 x 1 -> 16 x 2 -> 16 x 4 that found 16 x 4
    // (0.0509 ms, 99.2%) before does not happen.
    const center = 'KERNEL=copySharedMem,TILE_DIM=64,BLOCK_ROWS=2';
    const centers = [null, center, center, center];
    expect(await timed(0.5)).toEqual([center, '0.051696', 'ranked', centers]);
    expect(await timed(0)).toEqual([center, '0.051696', 'ranked', centers]);
  });

  it('sgemm-cuda-k9: a budget of 4 of 93 finds the best (0.5167 ms) among the first 2 survivors', async () => {
    const { records, result } = load('sgemm-cuda-k9', 'test/fixtures/carving/sgemm-cuda-k9.metrics.json', development);
    const refined = await refineByTiming(result, recordedTimer(records, 'sgemm-cuda-k9'), { budgetShare: 0.05 });
    expect([refined.budget, refined.timedCount, refined.best?.variant, refined.best?.medianMs, refined.best?.round]).toEqual([
      4,
      4,
      'BK=32,TM=16,TN=8,BM=256,BN=128',
      0.516656,
      1,
    ]);
  });

  it('a budget above the space size is clamped with a note; fewer eligible variants than the budget are all timed', async () => {
    const { records, result } = load(
      'transpose',
      'test/fixtures/carving/transpose.metrics.json',
      'test/fixtures/carving/transpose.timings.jsonl',
    );
    const refined = await refineByTiming(result, recordedTimer(records, 'transpose'), { budgetShare: 0.05, budgetCount: 1000 });
    expect(refined.notes).toEqual([
      'timing budget 1000 is above the space size (160 variants): clamped to 160',
      '20 variants passed threshold carving, fewer than the budget of 160: all of them are timed',
    ]);
    expect([refined.budget, refined.timedCount, refined.best?.variant]).toEqual([160, 20, 'TX=64,TY=64,ROWS=8,SMEM=1,PAD=1,ORDER=0']);
    expect(resolveBudget(93, { budgetShare: 0.05 })).toEqual({ budget: 4, notes: [] });
    expect(resolveBudget(10, { budgetShare: 0.05 })).toEqual({ budget: 1, notes: [] });
  });

  it('llm.c matmul_backward_bias (held out): weighted coalescing removes the column-per-block versions, a budget of one finds the best', async () => {
    const metrics = 'test/fixtures/carving/llmc-matmul-backward-bias.metrics.json';
    const timings = 'device/carving/described-results/timings-llmc-matmul-backward-bias.jsonl';
    const { records, result } = load('llmc-matmul-backward-bias', metrics, timings);
    // Versions 1-3 read one column per warp (lanes OC x 2 B apart): 94% of their sectors are excess.
    expect(result.variants.find((v) => v.id === 'VERSION=2,BLOCK=512')?.prunedBecause).toBe(
      '93.7% of its global sectors are excess (above 10%), 16.00x the least traffic of a variant (above 2.38x): uncoalesced load, 32 sectors/request (ideal 2) at matmul_backward_bias.cu:113',
    );
    expect(result.survivors.map((v) => v.id)).toEqual([64, 128, 256, 512, 768, 1024].map((block) => `VERSION=4,BLOCK=${block}`));
    const refined = await refineByTiming(result, recordedTimer(records, 'llmc-matmul-backward-bias'), { budgetShare: 0.05 });
    expect([refined.budget, refined.best?.variant, refined.best?.medianMs]).toEqual([1, 'VERSION=4,BLOCK=1024', 0.10584]);
  });

  it('says when the ranking cannot see traffic: llm.c encoder_forward reads its embedding row at a loaded token id', async () => {
    const { records, result } = load(
      'llmc-encoder-forward',
      'test/fixtures/carving/llmc-encoder-forward.metrics.json',
      'device/carving/described-results/timings-llmc-encoder-forward.jsonl',
    );
    const refined = await refineByTiming(result, recordedTimer(records, 'llmc-encoder-forward'), { budgetShare: 0.05 });
    expect(refined.notes).toEqual([
      "of the 12 variants that passed threshold carving, the model ranks 12 by the bytes their threads request, a lower bound of their traffic (their global traffic is unknown: a global site's sectors per request are unknown)",
      "1 survivor, none timed first; 1 more of the model's first among the variants that passed threshold carving, then the rest of the budget searches around the measured best",
    ]);
    // Version 3 at blocks of 64 to 1024 threads ties in the estimate (the same requested bytes,
    // block starts inside the DRAM time); the tie goes to a block inside 128-256 threads, block 128,
    // the best (by utilization it went to block 64, 83.4% of the best; block 1024, the first while
    // block starts were added to the work: 89.7%).
    expect(refined.best?.variant).toBe('VERSION=3,BLOCK=128');
    expect(refined.best?.medianMs).toBeCloseTo(0.024144, 12);
  });

  it('says when the ranking rests on loop counts the code does not give', async () => {
    const { records, result } = load(
      'llmc-encoder-forward',
      'test/fixtures/carving/llmc-encoder-forward.metrics.json',
      'device/carving/described-results/timings-llmc-encoder-forward.jsonl',
    );
    // As the metrics of a kernel with an escape-time loop name it (test/carving/metrics.test.ts).
    const loop = "1 loop; the first at escape.cu:8: exit predicate comes from 'and.pred', not a simple comparison; assumed 1 (default)";
    for (const variant of result.variants.filter((v) => v.parameters.VERSION === 3)) variant.assumedLoops = loop;
    const refined = await refineByTiming(result, recordedTimer(records, 'llmc-encoder-forward'), { budgetShare: 0.05 });
    expect(refined.notes[0]).toBe(
      "of the 12 variants that passed threshold carving, the model ranks 12 by the bytes their threads request, a lower bound of their traffic (their global traffic is unknown: a global site's sectors per request are unknown) and " +
        `6 by instructions and bytes that rest on loop trip counts the code does not give (VERSION=3,BLOCK=32: ${loop})`,
    );
  });

  it('times the survivors first where most estimates rest on assumed loop counts: llm.c layernorm_backward', async () => {
    const { records, result } = load(
      'llmc-layernorm-backward',
      'test/fixtures/carving/llmc-layernorm-backward.metrics.json',
      'device/carving/described-results/timings-llmc-layernorm-backward.jsonl',
    );
    expect(result.variants.filter((v) => v.assumedLoops !== undefined).length).toBe(12);
    const refined = await refineByTiming(result, recordedTimer(records, 'llmc-layernorm-backward'), { budgetShare: 0.05 });
    expect(refined.notes[1]).toBe(
      "4 survivors, 1 timed (the model's first; most estimates rest on assumed loop counts, so the survivors take the first round); 0 more of the model's first among the variants that passed threshold carving, then the rest of the budget searches around the measured best",
    );
    // The model's first among all (block 32, 4,224 blocks, each adding its partial sums to the
    // weights with atomics) ran at 32.8% of the best; the survivors' first at 78.5%.
    expect([refined.best?.variant, refined.best?.medianMs]).toEqual(['VERSION=3,BLOCK=128', 0.141456]);
  });

  it('a variant without a recorded timing uses the budget but is not ranked', async () => {
    const { records, result } = load('sgemm', 'test/fixtures/carving/sgemm.metrics.json', 'test/fixtures/carving/sgemm.timings.jsonl');
    const withoutBest = records.filter((r) => r.variant !== 'BM=64,BN=128,BK=8,TM=8,TN=8');
    const refined = await refineByTiming(result, recordedTimer(withoutBest, 'sgemm'), { budgetShare: 0.05 });
    expect(refined.timedCount).toBe(15);
    expect(refined.ranking.map((t) => t.variant)).not.toContain('BM=64,BN=128,BK=8,TM=8,TN=8');
    expect(refined.ranking.length).toBe(14);
  });

  it('the timing.command timer (a shell command run per round, CARVE_VARIANTS set) gives what the recorded timer gives', async () => {
    const { records, result } = load('sgemm', 'test/fixtures/carving/sgemm.metrics.json', 'test/fixtures/carving/sgemm.timings.jsonl');
    const command = 'for v in $CARVE_VARIANTS; do grep -F "\\"variant\\":\\"$v\\"" test/fixtures/carving/sgemm.timings.jsonl; done';
    const viaCommand = await refineByTiming(
      result,
      harnessTimer(() => [], { command, cwd: process.cwd() }),
      { budgetShare: 0.05 },
    );
    const viaRecords = await refineByTiming(result, recordedTimer(records, 'sgemm'), { budgetShare: 0.05 });
    expect(viaCommand.ranking.length).toBe(15);
    expect(viaCommand.ranking).toEqual(viaRecords.ranking);
    expect(viaCommand.diagnostics).toEqual([]);
  });

  it('--budget takes a count or a share', () => {
    expect([parseBudget('40'), parseBudget('5%'), parseBudget('2.5%'), parseBudget('0'), parseBudget('150%'), parseBudget('x')]).toEqual([
      { count: 40 },
      { share: 0.05 },
      { share: 0.025 },
      null,
      null,
      null,
    ]);
  });
});

describe('default carving on the recorded fixtures', () => {
  it('keeps BM=128,BN=64 apart from BM=64,BN=128 (same metrics, other launch: 0.590 vs 0.508 ms); the paper merges them', () => {
    const { shard } = load('sgemm', 'test/fixtures/carving/sgemm.metrics.json', 'test/fixtures/carving/sgemm.timings.jsonl');
    const status = (options: CarveOptions) => {
      const carved = carve('sgemm', 'sm_90', shard.metrics, options);
      return ['BM=64,BN=128,BK=8,TM=8,TN=8', 'BM=128,BN=64,BK=8,TM=8,TN=8'].map((id) => carved.variants.find((v) => v.id === id)!.status);
    };
    expect(status(DEFAULT_CARVE_OPTIONS)).toEqual(['survivor', 'survivor']);
    expect(status(PAPER_CARVE_OPTIONS)).toEqual(['survivor', 'merged']);
  });

  it('weighs coalescing by the excess-sector share and says why with its numbers', () => {
    const sgemm = load('sgemm', 'test/fixtures/carving/sgemm.metrics.json', 'test/fixtures/carving/sgemm.timings.jsonl').result;
    const transpose = load(
      'transpose',
      'test/fixtures/carving/transpose.metrics.json',
      'test/fixtures/carving/transpose.timings.jsonl',
    ).result;
    // sgemm's 27 uncoalesced variants move about 1% excess sectors: none is removed for it.
    expect(sgemm.variants.filter((v) => v.coalescing === 'uncoalesced').length).toBe(27);
    expect(sgemm.steps.find((s) => s.name === 'coalescing')).toMatchObject({ before: 318, after: 318 });
    const removed = transpose.variants.filter((v) => v.status === 'pruned:coalescing');
    expect(removed.length).toBe(80);
    expect(removed[0].prunedBecause).toMatch(
      /^\d+(\.\d)?% of its global sectors are excess \(above 10%\), \d+\.\d\dx the least traffic of a variant \(above 2\.38x\): strided /,
    );
  });

  it('where some sites move an unknown number of sectors, weighs the least share they allow', () => {
    const shard = (JSON.parse(readFileSync('test/fixtures/carving/sgemm.metrics.json', 'utf8')) as { shard: CarveShardOutput }).shard;
    const [light, heavy, unknown, clean] = shard.metrics.slice(0, 4).map((m) => ({ ...m, globalTrafficBytes: null }));
    const metrics = [
      {
        ...light,
        coalescing: 'uncoalesced' as const,
        excessSectorShare: null,
        excessSectorShareAtLeast: 0.05,
        coalescingEvidence: 'light',
      },
      { ...heavy, coalescing: 'uncoalesced' as const, excessSectorShare: null, excessSectorShareAtLeast: 0.5, coalescingEvidence: 'heavy' },
      {
        ...unknown,
        coalescing: 'uncoalesced' as const,
        excessSectorShare: null,
        excessSectorShareAtLeast: null,
        coalescingEvidence: 'none known',
      },
      { ...clean, coalescing: 'coalesced' as const, excessSectorShare: 0 },
    ];
    const carved = carve('sgemm', 'sm_90', metrics, DEFAULT_CARVE_OPTIONS);
    const status = (i: number) => carved.variants.find((v) => v.id === metrics[i].id)!;
    expect(status(0).status).not.toBe('pruned:coalescing');
    expect(status(1).prunedBecause).toBe(
      'at least 50% of its global sectors are excess (above 10%; some sites move an unknown number of sectors, counted at 32 a request): heavy',
    );
    // No site's sectors known: the paper's binary step.
    expect(status(2).prunedBecause).toBe('none known (excess-sector share unknown)');
  });

  it('the tail effect: 128 one-block-per-SM blocks fill 97% of a wave on 132 SMs; 133 take two waves', () => {
    expect(tailFactor({ grid: [16, 8, 1], activeBlocksPerSM: 1 }, 132)).toBeCloseTo(128 / 132, 12);
    expect(tailFactor({ grid: [133, 1, 1], activeBlocksPerSM: 1 }, 132)).toBeCloseTo(133 / 264, 12);
    expect(tailFactor({ grid: [264, 1, 1], activeBlocksPerSM: 2 }, 132)).toBe(1);
  });
});
