// Loop patterns of real kernels, compiled with nvcc from test/fixtures/model/patterns.cu, with
// closed-form expectations: thread-strided and grid-stride loops counted per thread at a known
// launch, loops bounded by --param values, nvcc's partial unroll (4x body + remainder) counted
// exactly, and a bf16 load inlined from cuda_bf16.hpp attributed to the user's line.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeCommand } from '../../src/cli/commands/analyze.js';
import type { CliIO } from '../../src/cli/command.js';
import type { CarveReport, KernelReport } from '../../src/model/types.js';
import { reportSchemaErrors } from '../../src/report/validate.js';
import { requireNvcc } from '../helpers/tools.js';

const DIR = path.resolve(import.meta.dirname, '../fixtures/model');

async function analyze(argv: string[], file = 'patterns.cu') {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd: DIR, isTTY: false, env: process.env };
  const code = await analyzeCommand.run([file, ...argv], io);
  return { code, stdout, stderr };
}

async function report(argv: string[], file = 'patterns.cu'): Promise<Map<string, KernelReport>> {
  const { code, stdout } = await analyze([...argv, '--json'], file);
  expect(code).toBe(0);
  const parsed = JSON.parse(stdout) as CarveReport;
  expect(reportSchemaErrors(parsed)).toEqual([]);
  return new Map(parsed.kernels.map((k) => [k.name.replace(/^_Z\d+/, '').replace(/P.*$/, ''), k]));
}

describe('loop patterns of real kernels (nvcc)', () => {
  beforeAll(async () => {
    await requireNvcc();
  });

  it('counts the thread-strided tile loader per thread from the block', async () => {
    // 512 elements over 256 threads: 2 each; over 96 threads: 32 threads take 6, 64 take 5.
    const k256 = (await report(['--block', '256'])).get('tile_loader')!;
    expect(k256.loops.map((l) => [l.tripCount, l.warpTripCount])).toEqual([[2, 2]]);
    expect(k256.perThread!.globalLoadBytes).toBe(8);
    const k96 = (await report(['--block', 'tile_loader=96'])).get('tile_loader')!;
    expect(k96.loops[0].tripCount).toBeCloseTo((32 * 6 + 64 * 5) / 96, 12);
    // Warp 0 (threads 0..31) issues 6 iterations, warps 1 and 2 issue 5.
    expect(k96.loops[0].warpTripCount).toBeCloseTo((6 + 5 + 5) / 3, 12);
    expect(k96.perThread!.globalLoadBytes).toBeCloseTo((4 * (32 * 6 + 64 * 5)) / 96, 12);
    // Without a block the count is unknown, with the reason, and assumed (said so).
    const unknown = (await report([])).get('tile_loader')!;
    expect(unknown.loops[0].tripCount).toBeNull();
    expect(unknown.loops[0].tripCountReason).toContain('has no induction variable with a constant step');
  });

  it('counts a grid-stride loop from block and grid', async () => {
    // n = 5000 over 4 x 256 = 1024 threads: 904 threads take 5 trips, 120 take 4.
    const k = (await report(['--block', '256', '--grid', 'grid_stride=4', '--param', 'n=5000'])).get('grid_stride')!;
    expect(k.loops[0].tripCount).toBeCloseTo(5000 / 1024, 12);
    // Warps 0..28 hold a thread below 904 (5 iterations), warps 29..31 issue 4.
    expect(k.loops[0].warpTripCount).toBe((29 * 5 + 3 * 4) / 32);
    expect(k.perThread!.globalLoadBytes).toBeCloseTo((4 * 5000) / 1024, 12);
    const noGrid = (await report(['--block', '256', '--param', 'n=5000'])).get('grid_stride')!;
    expect(noGrid.loops[0].tripCount).toBeNull();
    expect(noGrid.loops[0].tripCountReason).toContain('has no induction variable with a constant step');
  });

  it('counts a grid-stride loop over a grid too large to enumerate thread by thread', async () => {
    // 65,536 x 1,024 = 2^26 threads (2^20 are enumerated through the value resolver at most): the
    // start blockIdx.x * blockDim.x + threadIdx.x is affine, so every thread's count is arithmetic.
    // n = 2^24 + 48: the threads below n take one trip, and ceil(n / 32) warps hold one of them.
    const n = 2 ** 24 + 48;
    const threads = 2 ** 26;
    const k = (await report(['--block', '1024', '--grid', 'grid_stride=65536', '--param', `n=${n}`])).get('grid_stride')!;
    expect(k.loops.map((l) => [l.tripCount, l.warpTripCount])).toEqual([[n / threads, Math.ceil(n / 32) / (threads / 32)]]);
    expect(k.loops[0].tripCountReason).toContain(`counted per thread over ${threads} threads`);
    expect(k.perThread!.globalLoadBytes).toBeCloseTo((4 * n) / threads, 12);
  });

  it("counts nvcc's remainder loop and 4x-unrolled body of a grid-stride copy over 2,162,688 threads", async () => {
    // The alignedTypes copy at 1-byte elements, n = 2^26 over T = 2112 x 1024 threads: a thread at
    // g takes ceil((n - g) / T) iterations, 32 for the 65,536 threads below n - 31 T, else 31.
    // The remainder loop runs that count mod 4 (0 or 3: skipped by the first), the unrolled body
    // the count / 4 (8 or 7), starting where the remainder stopped.
    const n = 2 ** 26;
    const threads = 2112 * 1024;
    const k = (await report(['--block', '1024', '--grid', 'grid_stride_copy=2112', '--param', `grid_stride_copy:n=${n}`])).get(
      'grid_stride_copy',
    )!;
    expect(k.loops.map((l) => [l.tripCount, l.warpTripCount])).toEqual([
      [3, 3],
      [(8 * 65536 + 7 * (threads - 65536)) / threads, (8 * 65536 + 7 * (threads - 65536)) / threads],
    ]);
    expect(k.loops[0].tripCountReason).toContain('those that reach the loop');
    expect(k.perThread!.globalLoadBytes).toBeCloseTo(31 + 65536 / threads, 12);
    expect(k.perThread!.unknownBranchesCountedTaken).toBe(false);
  });

  it('counts a loop bounded by blockIdx.x over 2,097,152 threads (bound and tested offset per thread, compiled)', async () => {
    // for (t2 = 0; t2 <= blockIdx.x; t2++): n = blockIdx.x + 1 iterations, nvcc's 4x-unrolled body
    // (n / 4 times, tested against a per-thread offset) for the 8,189 blocks with n >= 4, then
    // its remainder loop (n mod 4 times: 1, 2 or 3) where that is not 0.
    const k = (await report(['--block', '256', '--grid', 'causal_rows=8192', '--param', 'causal_rows:width=1000000'], 'guards.cu')).get(
      'causal_rows',
    )!;
    let unrolled = 0;
    for (let n = 4; n <= 8192; n++) unrolled += Math.floor(n / 4);
    expect(k.loops.map((l) => l.tripCount)).toEqual([unrolled / 8189, 2]);
    // 4 bytes an iteration, (8192 + 1) / 2 iterations a thread on average.
    expect(k.perThread!.globalLoadBytes).toBeCloseTo(4 * 4096.5, 9);
  });

  it('weights a bounds guard by the share of the launch that passes it', async () => {
    // n = 1000 over 4 x 256 = 1024 threads: 1000 load and store 4 B.
    const k = (await report(['--block', '256', '--grid', 'bounds_guard=4', '--param', 'n=1000'], 'guards.cu')).get('bounds_guard')!;
    expect(k.perThread!.globalLoadBytes).toBe((4 * 1000) / 1024);
    expect(k.perThread!.globalStoreBytes).toBe((4 * 1000) / 1024);
    expect(k.perThread!.unknownBranchesCountedTaken).toBe(false);
    // Without the grid the guard reads %ctaid: unknown, counted taken (said so).
    const noGrid = (await report(['--block', '256', '--param', 'n=1000'], 'guards.cu')).get('bounds_guard')!;
    expect(noGrid.perThread!.globalLoadBytes).toBe(4);
    expect(noGrid.perThread!.unknownBranchesCountedTaken).toBe(true);
  });

  it('weights a threadIdx guard with the block alone', async () => {
    const k = (await report(['--block', '32'], 'guards.cu')).get('lane_guard')!;
    expect(k.perThread!.globalLoadBytes).toBe((4 * 7) / 32);
    expect(k.perThread!.unknownBranchesCountedTaken).toBe(false);
  });

  it('counts a thread-strided loop over the threads that reach it', async () => {
    // m = 100 at block 256: threads 0..99 reach the loop and take 2 trips each (e = i, i + 256 < 512).
    const k = (await report(['--block', '256', '--param', 'm=100'], 'guards.cu')).get('guarded_loader')!;
    expect(k.loops.map((l) => [l.tripCount, l.warpTripCount])).toEqual([[2, 2]]);
    expect(k.loops[0].tripCountReason).toContain('those that reach the loop');
    expect(k.perThread!.globalLoadBytes).toBe((4 * 2 * 100) / 256);
    expect(k.perThread!.globalStoreBytes).toBe((4 * 100) / 256);
  });

  it('classes every unrolled copy of a lane-strided load once the step is given', async () => {
    const loads = (k: KernelReport) => k.accesses.filter((a) => a.space === 'global' && a.kind === 'load');
    const given = (await report(['--block', '256', '--param', 'n=4096', '--param', 'step=256'], 'guards.cu')).get('strided_sum')!;
    // The remainder loop's load and the four copies of the unrolled body.
    expect(loads(given).map((a) => [a.class, a.sectorsPerRequest])).toEqual(Array.from({ length: 5 }, () => ['coalesced', 4]));
    // A runtime step: the copies and the remainder move by multiples of it (4·step, step), so the
    // lanes stay 4 B apart; the alignment of those moves is an assumption, said in the reason.
    const runtime = (await report(['--block', '256', '--param', 'n=4096'], 'guards.cu')).get('strided_sum')!;
    expect(loads(runtime).map((a) => [a.class, a.sectorsPerRequest])).toEqual(Array.from({ length: 5 }, () => ['coalesced', 4]));
    expect(loads(runtime)[1].reason).toMatch(/4·iter:m\d+·param_3 a multiple of 32 B/);
  });

  it('counts a halving loop copied back at the latch, and the guard on its induction per iteration', async () => {
    // s = 128, 64, ..., 1 at block 256: 8 trips.
    const k = (await report(['--block', '256'], 'guards.cu')).get('tree_sum')!;
    expect(k.loops.map((l) => l.tripCount)).toEqual([8]);
    expect(k.loops[0].tripCountReason).toBe('counted: %r12 = 128; %r12 >>= 1; continue while %r12 ne 0');
    // `if (threadIdx.x < s)` is resolved per thread and iteration: s of 256 threads load 8 B and store 4 B;
    // thread 0 then reads partial[0] once.
    const sum = 128 + 64 + 32 + 16 + 8 + 4 + 2 + 1;
    expect(k.perThread!.sharedLoadBytes).toBe((8 * sum) / 256 + 4 / 256);
    expect(k.perThread!.sharedStoreBytes).toBe(4 + (4 * sum) / 256);
    expect(k.perThread!.globalStoreBytes).toBe(4 / 256);
    expect(k.perThread!.unknownBranchesCountedTaken).toBe(false);
  });

  it('counts a loop whose bound depends on the block, per block of the grid', async () => {
    // t2 <= blockIdx.x over 4 blocks: 1, 2, 3, 4 trips; nvcc unrolls 4x: block 3 runs the unrolled
    // body once, blocks 0..2 run the remainder 1..3 times (mean 2 over the blocks that reach it).
    const k = (await report(['--block', '256', '--grid', 'causal_rows=4', '--param', 'width=256'], 'guards.cu')).get('causal_rows')!;
    expect(k.loops.map((l) => l.tripCount)).toEqual([1, 2]);
    expect(k.perThread!.globalLoadBytes).toBe((4 * (1 + 2 + 3 + 4)) / 4);
    expect(k.perThread!.usesAssumedTripCounts).toBe(false);
  });

  it('marks a count that a data-dependent break may cut short as an upper bound', async () => {
    // nvcc unrolls the search 32x: 32 trips, each unrolled copy with its own break.
    const k = (await report(['--block', '32'], 'guards.cu')).get('first_above')!;
    expect(k.loops.map((l) => [l.tripCount, l.upperBound])).toEqual([[32, true]]);
    expect(k.loops[0].tripCountReason).toBe('counted: %r38 = 0; %r38 += 32; continue while %r38 lt 1024 (upper bound: 32 other exits)');
    expect(k.perThread!.usesAssumedTripCounts).toBe(true);
    const { stdout } = await analyze(['--block', '32'], 'guards.cu');
    expect(stdout).toContain('assumed: upper bound: loop (guards.cu:51 ≤ 32) may leave earlier by a data-dependent exit');
  });

  it('resolves idx / C and idx % C for the whole warp when no warp straddles a row', async () => {
    const sites = (k: KernelReport) =>
      k.accesses
        .filter((a) => a.space === 'global')
        .map((a) => [a.kind, a.class, a.sectorsPerRequest, a.reason.includes('averaged over blocks')]);
    // C = 512: idx = 256·blockIdx.x + threadIdx.x; the quotient is the same in every lane of a warp
    // for every block, so it is resolved symbolically: the load is in[idx], the store 64 rows apart.
    const aligned = (await report(['--block', '256', '--param', 'C=512', '--param', 'R=64'], 'guards.cu')).get('rows_cols')!;
    expect(sites(aligned)).toEqual([
      ['load', 'coalesced', 4, false],
      ['store', 'uncoalesced', 32, false],
    ]);
    // C = 48: some warps cross a row for some blocks, so the symbolic form does not hold; sampled blocks give the class.
    const straddling = (await report(['--block', '256', '--param', 'C=48', '--param', 'R=64'], 'guards.cu')).get('rows_cols')!;
    expect(sites(straddling)).toEqual([
      ['load', 'coalesced', 4, true],
      ['store', 'uncoalesced', 32, true],
    ]);
  });

  it('chooses a mirrored index per thread, sampling every block of a small grid', async () => {
    // n = 100, 4 blocks of 32: x = 32·b + t - 2, reflected below 0 and from n on. Block 0 reads
    // elements 0..29 (4 sectors), blocks 1 and 2 read 30..61 and 62..93 (5 sectors each, 4 ideal),
    // block 3 reads 94..99 and 98..73 (4 sectors): 4.5 sectors per request, 4 ideal.
    const global = (k: KernelReport) =>
      k.accesses.filter((a) => a.space === 'global').map((a) => [a.kind, a.class, a.sectorsPerRequest, a.idealSectors]);
    const k = (await report(['--block', '32', '--grid', '4', '--param', 'n=100'], 'guards.cu')).get('mirrored')!;
    expect(global(k)).toEqual([
      ['load', 'misaligned', 4.5, 4],
      ['store', 'coalesced', 4, 4],
    ]);
    expect(k.accesses[0].reason).toContain('averaged over blocks ctaid.x all 4');
    // Without n the reflection is unknown: the load stays runtime, with the select named.
    const open = (await report(['--block', '32', '--grid', '4'], 'guards.cu')).get('mirrored')!;
    expect(open.accesses[0].class).toBe('runtime');
    expect(open.accesses[0].reason).toMatch(/selp at guards\.cu:\d+|selp at line \d+/);
    // abs(32·b + t - 16) for the one block: elements 16..0..15, 68 bytes in 3 sectors.
    const abs = (await report(['--block', '32', '--grid', '1'], 'guards.cu')).get('reflected')!;
    expect(global(abs)[0]).toEqual(['load', 'coalesced', 3, 3]);
  });

  it('reads a value set on both sides of a thread-dependent branch from the side each thread took', async () => {
    // Threads 0..15 read in[t] (2 sectors), threads 16..31 read in[2t] = elements 32..62 (4 sectors).
    const k = (await report(['--block', '32', '--param', 'n=4'], 'guards.cu')).get('branch_pick')!;
    const joined = k.accesses.filter((a) => a.space === 'global' && a.kind === 'load' && a.class !== 'uniform');
    expect(joined.map((a) => [a.class, a.sectorsPerRequest, a.idealSectors])).toEqual([['strided', 6, 4]]);
  });

  it('resolves low bits or-ed into an aligned index, a warp-wide choice, and an unroll prologue join', async () => {
    const global = (k: KernelReport) =>
      k.accesses.filter((a) => a.space === 'global').map((a) => [a.kind, a.class, a.sectorsPerRequest, a.idealSectors]);
    const kernels = await report(['--block', '256', '--param', 'n=1024'], 'guards.cu');
    // (i << 3) | 5 = 8i + 5: 32 B apart, one sector per lane.
    expect(global(kernels.get('or_offset')!)[0]).toEqual(['load', 'uncoalesced', 32, 4]);
    // n = 1024 = 4 x 256: the prologue runs 0 trips, the 4x body reads in[pos + 256k] coalesced.
    expect(global(kernels.get('unrolled_rows')!).filter(([kind]) => kind === 'load')).toEqual(
      Array.from({ length: 5 }, () => ['load', 'coalesced', 4, 4]),
    );
    // n unknown: the branch is not known, but the warp takes one side; the sides are 256 B apart.
    const open = (await report(['--block', '256'], 'guards.cu')).get('either_side')!;
    const load = open.accesses.find((a) => a.space === 'global' && a.kind === 'load')!;
    expect([load.class, load.sectorsPerRequest, load.reason.includes('choice')]).toEqual(['coalesced', 4, false]);
  });

  it('counts doubling and signed-halving strides and the unrolled body after a remainder prologue', async () => {
    // stride = 1, 2, ..., 128 < 256: 8 trips; width 256: stride 128 down to 2 (> 1): 7 trips.
    const reductions = await report(['--block', '256', '--param', 'width=256'], 'guards.cu');
    expect(reductions.get('doubling_sum')!.loops.map((l) => l.tripCount)).toEqual([8]);
    expect(reductions.get('halving_sum')!.loops.map((l) => l.tripCount)).toEqual([7]);
    // n = 1000 over 256 threads: threads 0..231 load 4 elements, 232..255 load 3 (the prologue
    // runs 0 or 3 trips, the 4x body once or not at all): 1000 / 256 loads of 4 B per thread.
    const rows = (await report(['--block', '256', '--grid', '2', '--param', 'n=1000'], 'guards.cu')).get('unrolled_rows')!;
    expect(rows.loops.map((l) => l.tripCount)).toEqual([3, 1]);
    expect(rows.perThread!.globalLoadBytes).toBe((1000 / 256) * 4);
    expect(rows.perThread!.usesAssumedTripCounts).toBe(false);
  });

  it('counts a causal loop whose index nvcc copies at the top of each iteration', async () => {
    // T = 4: thread t runs t % 4 + 1 outer iterations (mean 2.5), each loading in[t2] and 8 values
    // and updating 8 outputs; the 8 outputs are zeroed first.
    const k = (await report(['--block', '32', '--param', 'T=4', '--param', 'hs=8'], 'guards.cu')).get('causal_blocks')!;
    expect(k.loops.filter((l) => l.depth === 1 && l.tripCountReason.includes('per thread')).map((l) => l.tripCount)).toEqual([2.5]);
    expect(k.perThread!.globalLoadBytes).toBe(2.5 * (4 + 8 * 4 + 8 * 4));
    expect(k.perThread!.globalStoreBytes).toBe(8 * 4 + 2.5 * 8 * 4);
    expect(k.perThread!.usesAssumedTripCounts).toBe(false);
  });

  it('counts an inner loop that starts at the outer index per outer iteration', async () => {
    // n = 10: the inner loop runs 10, 9, ..., 1 times: 55 loads, a mean of 5.5 per outer iteration.
    const k = (await report(['--block', '32', '--param', 'n=10'], 'guards.cu')).get('triangle')!;
    expect(k.loops.map((l) => l.tripCount)).toEqual([10, 5.5]);
    expect(k.loops[1].tripCountReason).toContain('counted per iteration of the enclosing loop');
    expect(k.perThread!.globalLoadBytes).toBe(55 * 4);
    expect(k.perThread!.usesAssumedTripCounts).toBe(false);
  });

  it('counts a row loop per thread of the block-index values it reads, not of every block', async () => {
    // T = 1024 over 128 x 48 blocks of 32: rows t = 0..1023 once each (8 per block along x), lane
    // x runs floor((t - x) / 32) + 1 turns where x <= t: t + 1 turns a row over its 32 lanes, so
    // the mean is 1024 x 1025 / 2 / (1024 x 32) = 16.015625. 1,572,864 (thread, row) pairs in the
    // grid; blockIdx.y is not read, so one block per value of blockIdx.x stands for 48.
    const k = (await report(['--block', '32', '--grid', '128x48', '--param', 'T=1024'], 'guards.cu')).get('row_triangle')!;
    expect(k.loops.map((l) => l.tripCount)).toEqual([8, 16.015625]);
    expect(k.loops[1].tripCountReason).toContain('per thread of 128 values of the block axes read');
    expect(k.perThread!.globalLoadBytes).toBe(8 * 16.015625 * 4);
  });

  it('runs a persistent loop over tiles once per block: blocks 0..263 of 264 walk the 4,096 positions', async () => {
    // Block b runs ceil((4096 - b) / 264) turns: 4,096 in all over 264 blocks, 15.5151... each. The
    // exit tests a mask of the position (nvcc's form of the division), not the position itself.
    const k = (await report(['--block', '256', '--grid', '264'], 'guards.cu')).get('persistent_tiles')!;
    expect(k.loops.map((l) => l.tripCount)).toEqual([4096 / 264]);
    expect(k.loops[0].tripCountReason).toMatch(/^simulated once per block over grid 264x1x1 of blocks 256x1x1: block 0 from /);
    expect(k.perThread!.globalStoreBytes).toBeCloseTo((4 * 4096) / 264, 12);
    // Without the grid the slice's entry value (blockIdx.x) is unknown: assumed, and said so.
    const unknown = (await report(['--block', '256'], 'guards.cu')).get('persistent_tiles')!;
    expect(unknown.loops[0].tripCount).toBeNull();
    expect(unknown.perThread!.usesAssumedTripCounts).toBe(true);
  });

  it('takes a start set on two paths from the one path the given values leave', async () => {
    // mode = 1: start = 8, 12 trips to n = 20; without mode the start stays unknown (assumed, said so).
    const k = (await report(['--block', '32', '--param', 'n=20', '--param', 'mode=1'], 'guards.cu')).get('chosen_start')!;
    expect(k.loops.map((l) => [l.tripCount, l.tripCountReason])).toEqual([[12, 'counted: %r11 = 8; %r11 += 1; continue while %r11 lt 20']]);
    expect(k.perThread!.globalLoadBytes).toBe(12 * 4);
    const unknown = (await report(['--block', '32', '--param', 'n=20'], 'guards.cu')).get('chosen_start')!;
    expect(unknown.loops[0].tripCount).toBeNull();
    expect(unknown.perThread!.usesAssumedTripCounts).toBe(true);
  });

  it('counts a thread-strided loop nvcc unrolled 4x, each copy advancing by blockDim.x in a register', async () => {
    // n = 5000 at block 256: threads 0..135 take 20 trips (5 passes of the 4x body), 136..255 take
    // 19 (3 in the remainder prologue, then 4 passes): 5000 loads of 4 B over the block.
    const k = (await report(['--block', '256', '--param', 'n=5000'])).get('block_strided_sum')!;
    expect(k.perThread!.usesAssumedTripCounts).toBe(false);
    expect(k.perThread!.globalLoadBytes).toBe((4 * 5000) / 256);
    expect(k.loops.map((l) => [l.tripCount, l.warpTripCount])).toEqual([
      [3, 3],
      // Warps 0..4 hold a thread below 136 (5 passes), warps 5..7 issue 4.
      [(136 * 5 + 120 * 4) / 256, (5 * 5 + 3 * 4) / 8],
    ]);
    // The step 2·blockDim.x computed before the loop: every thread takes 10 trips of two loads.
    const pairs = (await report(['--block', '256', '--param', 'n=5000'])).get('block_strided_pairs')!;
    expect(pairs.perThread!.usesAssumedTripCounts).toBe(false);
    expect(pairs.perThread!.globalLoadBytes).toBe(10 * 2 * 4);
    // in[min(n - 1, i + stride)]: lanes 4 B apart below the bound, one address past it; classed
    // as the unclamped addresses, the assumption said.
    const clamped = pairs.accesses.filter((a) => a.reason.includes('min / max bound'));
    expect(clamped.length).toBeGreaterThan(0);
    for (const site of clamped) {
      expect([site.class, site.sectorsPerRequest, site.idealSectors]).toEqual(['coalesced', 4, 4]);
      expect(site.reason).toContain(
        'assumes param_0 256-B aligned, no lane past its min / max bound (lanes past it read one address: fewer sectors)',
      );
    }
    expect(pairs.accesses.filter((a) => a.class === 'runtime')).toEqual([]);
    // Without the block the step is unknown, with the reason.
    const unknown = (await report(['--param', 'n=5000'])).get('block_strided_sum')!;
    expect(unknown.perThread!.usesAssumedTripCounts).toBe(true);
    expect(unknown.loops[1].tripCountReason).toContain('has no induction variable with a constant step');
  });

  it('counts a loop advanced through a chain of adds and classes clamped indices as their unclamped lanes', async () => {
    // for (i = tid; i < n; i += 8 * blockDim.x), eight loads of row[min(n - 1, i + u * blockDim.x)]:
    // n = 5000 at block 256 gives every thread 3 turns (i < 5000 - 2 * 2048 for i < 904).
    const k = (await report(['--block', '256', '--param', 'n=5000'])).get('clamped_row_max')!;
    expect(k.loops.map((l) => [l.tripCount, l.warpTripCount])).toEqual([[3, 3]]);
    expect(k.perThread!.globalLoadBytes).toBe(3 * 8 * 4);
    const loads = k.accesses.filter((a) => a.kind === 'load');
    expect(loads.map((a) => [a.class, a.sectorsPerRequest, a.idealSectors, a.dynamicWeight])).toEqual(
      Array.from({ length: 8 }, () => ['coalesced', 4, 4, 3]),
    );
    for (const site of loads) expect(site.reason).toContain('no lane past its min / max bound');
    // A branch on min(n - 1, threadIdx.x) == 5 with n unknown: not decided through the clamp.
    const branch = (await report(['--block', '256'])).get('clamped_branch')!;
    expect(branch.divergence.map((d) => [d.divergent, d.unresolved, d.reason])).toEqual([
      [true, true, 'predicate depends on the lane through a min / max by a warp-uniform bound that lanes may pass'],
    ]);
    expect(branch.perThread!.unknownBranchesCountedTaken).toBe(true);
  });

  it('bounds the main loop by a parameter given by name or index, unrolled 4x with a remainder', async () => {
    // K = 100, step 8: 13 iterations = 3 passes of the 4x body + 1 remainder trip.
    for (const param of ['K=100', '2=100', 'param_bounded:K=100']) {
      const k = (await report(['--block', '32', '--param', param])).get('param_bounded')!;
      expect(k.loops.map((l) => l.tripCount)).toEqual([3, 1]);
      expect(k.perThread!.flops).toBe(13);
      expect(k.perThread!.globalLoadBytes).toBe(13 * 4);
    }
  });

  it('counts #pragma unroll 4 with a runtime bound exactly (body + remainder)', async () => {
    for (const [n, body, rest] of [
      [1002, 250, 2],
      [1000, 250, 0],
      [3, 0, 3],
    ]) {
      const k = (await report(['--block', '32', '--param', `n=${n}`])).get('partial_unroll')!;
      expect(k.perThread!.flops).toBe(n);
      expect(k.perThread!.globalLoadBytes).toBe(4 * n);
      const counts = k.loops.map((l) => l.tripCount);
      expect(counts).toEqual([body, rest]);
    }
  });

  it('attributes the bf16 load inlined from cuda_bf16.hpp to the calling line', async () => {
    const k = (await report(['--block', '256'])).get('scale_bf16')!;
    const loads = k.accesses.filter((a) => a.space === 'global' && a.kind === 'load');
    expect(loads.map((a) => [path.basename(a.file ?? ''), a.line])).toEqual([['patterns.cu', 37]]);
    expect(k.accesses.every((a) => !/cuda_bf16|targets\//.test(a.file ?? ''))).toBe(true);
  });

  it('follows a column walk whose index moves by multiples of blockDim.x (4x unrolled body and remainder)', async () => {
    // Lane l reads row l: lanes a row of 256 floats (1 KB) apart, one sector each.
    const args = ['--block', '256', '--grid', 'column_sum=64', '--param', 'column_sum:rows=1024', '--param', 'column_sum:cols=256'];
    const k = (await report(args, 'guards.cu')).get('column_sum')!;
    const loads = k.accesses.filter((a) => a.space === 'global' && a.kind === 'load');
    expect(loads.map((a) => [a.class, a.sectorsPerRequest, a.idealSectors])).toEqual(
      Array.from({ length: 5 }, () => ['uncoalesced', 32, 4]),
    );
  });

  it('carries a turning index and its direction around a loop where the whole warp turns together', async () => {
    // last = x - width + k·stride, turning where last == height·width + x: the same step for every
    // lane, so lanes stay 4 B apart (4 sectors per request) in the 4x unrolled body.
    const args = ['--block', '256', '--param', 'width=1024', '--param', 'height=64', '--param', 'steps=100'];
    const kernels = await report(args, 'guards.cu');
    const loads = (name: string) => kernels.get(name)!.accesses.filter((a) => a.space === 'global' && a.kind === 'load');
    const column = loads('turning_column');
    // The remainder loop too, entered with the unrolled body's turned values (its selects stay
    // below the expanded-size limit since that was raised to 2^18).
    expect(column.map((a) => [a.class, a.sectorsPerRequest, a.idealSectors])).toEqual(Array.from({ length: 5 }, () => ['coalesced', 4, 4]));
    expect(column[0].reason).toContain('carried around the loop at line 203 moved by multiples of 32 B');
    // Turning at height·width + 2x: lanes turn at different steps, nothing is claimed.
    expect(loads('turning_skewed').map((a) => a.class)).toEqual(Array.from({ length: 5 }, () => 'runtime'));
  });

  it('reads warpSize as 32 and weights a guard on the unrolled loop index per iteration', async () => {
    // 64 blocks of 256 threads: 512 warps, of which warpRow·16 < 1024 keeps 64 (1/8 of the
    // threads); i = 0, 16, ..., 1008 runs 64 times and i < 512 passes 32 of them, in every copy of
    // the 4x unrolled body (its index advances beside the count-down nvcc tests).
    const args = ['--block', '256', '--grid', '64', '--param', 'rows=1024', '--param', 'k=1024', '--param', 'cols=512'];
    const tiles = (await report(args, 'guards.cu')).get('warp_tiles')!;
    expect(tiles.loops.map((l) => l.tripCount)).toEqual([16, 0]);
    expect(tiles.perThread!.unknownBranchesCountedTaken).toBe(false);
    expect(tiles.perThread!.globalLoadBytes).toBe((1 / 8) * 32 * 4);
    expect(tiles.perThread!.globalStoreBytes).toBe(4);
    // Lanes 16 apart read the same 16 floats: 2 sectors for 2 ideal.
    const loads = tiles.accesses.filter((a) => a.space === 'global' && a.kind === 'load');
    expect(loads.map((a) => [a.class, a.sectorsPerRequest])).toEqual(Array.from({ length: 5 }, () => ['coalesced', 2]));
  });

  it('counts per block a loop whose unrolled start the block index alone decides, on a grid too large to enumerate by thread', async () => {
    // w = 1280, TILE = 8: 160 turns, unrolled twice (80 trips, no peeled turn as 1279 & 8 != 0).
    // 160 x 160 blocks of 64 threads are 1,638,400 threads, beyond the 2^20 resolved one by one:
    // the start resolves with %ctaid alone, once per block, and gives the count a 16 x 16 grid
    // gives thread by thread.
    const at = async (grid: string) =>
      (await report(['--block', 'tiled_row_walk=8x8', '--grid', `tiled_row_walk=${grid}`, '--param', 'tiled_row_walk:w=1280'])).get(
        'tiled_row_walkILi8EEv',
      )!;
    const large = await at('160x160');
    const small = await at('16x16');
    expect(large.loops.map((l) => [l.tripCount, l.warpTripCount])).toEqual([[80, 80]]);
    expect(small.loops.map((l) => [l.tripCount, l.warpTripCount])).toEqual([[80, 80]]);
    expect(large.loops[0].tripCountReason).toContain('counted per thread over 1638400 threads (grid 160x160x1 of blocks 8x8x1)');
    expect(large.loops[0].tripCountReason).toContain('starts per block (0..1628160)');
    expect(small.loops[0].tripCountReason).toContain('starts per thread (0..153600)');
    expect(large.perThread!.instructions).toBe(small.perThread!.instructions);
    expect(large.loops[0].assumedTripCount).toBeNull();
    expect(large.perThread!.usesAssumedTripCounts).toBe(false);
  });

  it('resolves the addresses of a remainder loop after a 9-times unrolled loop with ifs in every turn', async () => {
    // nz = 100: 11 turns of the unrolled body, then one of the remainder loop, whose index is
    // the one the unrolled loop leaves (or the start, where it is skipped). Every global site of
    // both loops is definite: a 32-wide row of floats per warp, coalesced; the column loader
    // (threadIdx.x == 0) one lane, one sector.
    const walk = (
      await report([
        '--block',
        'unrolled_plane_walk=32x4',
        '--grid',
        'unrolled_plane_walk=8x64',
        '--param',
        'nx=256',
        '--param',
        'ny=256',
        '--param',
        'nz=100',
      ])
    ).get('unrolled_plane_walk')!;
    expect(walk.loops.map((l) => l.tripCount)).toEqual([11, 1]);
    const global = walk.accesses.filter((a) => a.space === 'global');
    expect(global).toHaveLength(40);
    const classes = (line: number) => [...new Set(global.filter((a) => a.line === line).map((a) => `${a.class} ${a.sectorsPerRequest}`))];
    expect([classes(122), classes(124), classes(125), classes(129)]).toEqual([
      ['coalesced 4'],
      ['coalesced 4'],
      ['uniform 1'],
      ['coalesced 4'],
    ]);
  });

  it('runs the slice of a rotated two-turn loop whose counter a constant resets', async () => {
    // k_total = 64 at BK = 2: 32 tiles; each runs the dot loop twice over 32 rows of sums.
    const [dot] = (await report(['--block', '128', '--param', 'k_total=64'], 'rotated.cu')).values();
    expect(dot.loops.map((l) => l.tripCount)).toEqual([32, 2]);
    expect(dot.loops[1].tripCountReason).toMatch(/^simulated: from %r\d+ = 0: .*continue while %p\d+ is true$/);
    expect(dot.perThread!.usesAssumedTripCounts).toBe(false);
    // Per tile and turn: one b_tile read and 32 a_tile reads of 4 B, 32 FMAs.
    expect(dot.perThread!.sharedLoadBytes).toBe(32 * 2 * (1 + 32) * 4);
    expect(dot.perThread!.flops).toBe(32 * 2 * 32 * 2);
    expect(dot.perThread!.globalLoadBytes).toBe(32 * 2 * 4);
  });

  it('resolves a clamped index that every loop moves by one plane of parameter size, read after the loops', async () => {
    // nx = ny = 512 (a plane is 1 MiB of floats), nz = 8: the west neighbour's read after the
    // unrolled and remainder loops merges three definitions that differ by multiples of the
    // plane; with the parameters given they are constants, so its lanes' offsets are known.
    const [walk] = (
      await report(['--block', '64', '--grid', '8x512', '--param', 'nx=512', '--param', 'ny=512', '--param', 'nz=8'], 'planes.cu')
    ).values();
    const afterLoops = walk.accesses.filter((a) => a.line === 21 && a.space === 'global' && a.kind === 'load');
    // Lanes read c - 1 (5 sectors a warp), but warp 0 of the blocks at x = 0, where lane 0 reads c
    // (4 sectors): one warp in the 12 of each sampled row of blocks (6 of 8 across), 59 / 12.
    expect(afterLoops.map((a) => [a.class, a.sectorsPerRequest])).toEqual([['misaligned', 4.917]]);
    expect(walk.accesses.filter((a) => a.space === 'global').every((a) => a.class !== 'runtime')).toBe(true);
  });

  it('counts an inner loop bounded by the enclosing loops, after its peeled turns, per outer iteration', async () => {
    // 32 vectors over 8 blocks: 4 each; 1024 accumulators over 256 threads: 4 each; a vector of
    // 8192 elements gives each accumulator 8 turns (peel 0, then 2 turns of 4), of 1024 elements
    // 1 (peeled, the unrolled loop skipped); 2 loads of 4 B and one FMA a turn.
    const long = (await report(['--block', '256', '--grid', '8', '--param', 'vectors=32', '--param', 'elements=8192'], 'vectors.cu')).get(
      'vector_dots',
    )!;
    expect(long.loops.map((l) => l.tripCount)).toEqual([4, 4, 2]);
    expect([long.perThread!.globalLoadBytes, long.perThread!.flops, long.perThread!.usesAssumedTripCounts]).toEqual([
      4 * 4 * 8 * 8,
      4 * 4 * 8 * 2,
      false,
    ]);
    const short = (await report(['--block', '256', '--grid', '8', '--param', 'vectors=32', '--param', 'elements=1024'], 'vectors.cu')).get(
      'vector_dots',
    )!;
    expect(short.loops.map((l) => l.tripCount)).toEqual([4, 4, 0]);
    expect([short.perThread!.globalLoadBytes, short.perThread!.flops]).toEqual([4 * 4 * 1 * 8, 4 * 4 * 1 * 2]);
    // 256 vectors over 64 blocks: 16,384 threads x 4 x 4 = 262,144 (thread, iteration) pairs, each resolving the
    // peeled copies' branches, are not enumerated; the count is left unknown, and said so.
    const wide = (await report(['--block', '256', '--grid', '64', '--param', 'vectors=256', '--param', 'elements=8192'], 'vectors.cu')).get(
      'vector_dots',
    )!;
    expect(wide.loops[2].tripCount).toBeNull();
    expect(wide.loops[2].tripCountReason).toContain('about 262144 (thread, iteration) pairs, more than 65536');
  });

  it("counts loops whose bounds are the block row's once per block, beyond the per-thread limit too", async () => {
    // Row t = blockIdx.x of a 1024 x 1024 causal matrix, blocks of 256: ceil((t + 1) / 256) tiles
    // (1..4, mean 2.5), and in tile k min(t + 1 - 256k, 256) entries, which nvcc unrolls by 4:
    // floor(entries / 4) turns of the unrolled loop. Nothing the loops read is the thread's, so
    // 1,024 rows stand for the 2,097,152 threads of a grid 8 tall and the 25,165,824 of one 96
    // tall (beyond the 2^24 threads counted one by one).
    const tiles: number[] = [];
    const unrolledTurns: number[] = [];
    for (let t = 0; t < 1024; t++) {
      tiles.push(Math.ceil((t + 1) / 256));
      for (let k = 0; k * 256 <= t; k++) unrolledTurns.push(Math.floor(Math.min(t + 1 - 256 * k, 256) / 4));
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    for (const grid of ['1024x8', '1024x96']) {
      const rows = (await report(['--block', '256', '--grid', grid, '--param', 'T=1024'], 'rows.cu')).get('causal_rows')!;
      expect(rows.loops.map((l) => l.tripCount)).toEqual([mean(tiles), mean(unrolledTurns)]);
      expect(mean(tiles)).toBe(2.5);
      expect(rows.loops[1].tripCountReason).toContain('once per block');
      expect(rows.perThread!.usesAssumedTripCounts).toBe(false);
      // nvcc's remainder after the unrolled loop (`r > 0`, `r > 1` within it, `r > 2`) taken by
      // the pairs that reach each test: every entry of the row read once, t + 1 adds, mean 512.5.
      expect([rows.perThread!.flops, rows.perThread!.globalLoadBytes]).toEqual([512.5, 4 * 512.5]);
    }
  });

  it('counts a loader whose block size is a constant through the division nvcc compiles it to', async () => {
    // 100 items over 96 threads: threads 0-3 load twice, the rest once; mean 100 / 96 turns.
    const loader = (await report(['--grid', '10'], 'constant-block.cu')).get('constant_block_loader')!;
    const counted = loader.loops.filter((l) => l.tripCount !== 0);
    expect(counted.map((l) => l.tripCount)).toEqual([100 / 96]);
    expect(loader.perThread!.usesAssumedTripCounts).toBe(false);
    expect([loader.perThread!.globalLoadBytes, loader.perThread!.globalStoreBytes]).toEqual([(8 * 100) / 96, 8]);
    // The same multiplier in an address: rows of 96 floats, a warp within one row.
    const rows = (await report(['--block', '256', '--grid', '10'], 'constant-block.cu')).get('rows_of_96')!;
    const load = rows.accesses.find((a) => a.space === 'global' && a.kind === 'load')!;
    expect([load.class, load.sectorsPerRequest, load.idealSectors]).toEqual(['coalesced', 4, 4]);
  });

  it("does not take a guard both of whose sides reach the loop for the loop's own", async () => {
    // llm.c matmul_forward_kernel4's shape: 24 steps of 32, the loader once (4x unrolled), 8 inner turns.
    const k = (await report(['--block', '16x16', '--grid', '4', '--param', 'C=768'], 'guarded-loader.cu')).get('guarded_loader')!;
    expect(k.loops.map((l) => l.tripCount)).toEqual([24, 1, 8]);
    expect(k.perThread!.flops).toBe(24 * 8);
  });

  it('decides a branch on blockIdx.y for the launch when the grid is one block tall', async () => {
    // 2048 blocks of 256 threads: too many to enumerate thread by thread (2^19 > 2^18), but
    // blockIdx.y is 0 in every block, so (0 + 1)·64 >= rows holds everywhere at rows = 64: every
    // thread loads 4 B and stores 4 B (the other side's store is never counted).
    const args = ['--block', '256', '--grid', '2048', '--param', 'rows=64'];
    const choice = (await report(args, 'guards.cu')).get('row_choice')!;
    expect(choice.perThread!.unknownBranchesCountedTaken).toBe(false);
    expect([choice.perThread!.globalLoadBytes, choice.perThread!.globalStoreBytes]).toEqual([4, 4]);
    // With a grid two blocks tall the rows differ: at rows = 100, blockIdx.y = 0 stores 1.0
    // (64 < 100) and blockIdx.y = 1 loads and stores (128 >= 100), per thread over the grid.
    const tall = (await report(['--block', '256', '--grid', '2x2', '--param', 'rows=100'], 'guards.cu')).get('row_choice')!;
    expect([tall.perThread!.globalLoadBytes, tall.perThread!.globalStoreBytes]).toEqual([2, 4]);
  });

  it('lists non-coalesced sites and assumptions in the text output', async () => {
    const { code, stdout } = await analyze(['--block', '32']);
    expect(code).toBe(0);
    expect(stdout).toContain(
      'assumed: trip counts of 2 loops (patterns.cu:22 = 1, patterns.cu:22 = 1): instructions, bytes and FLOP/B marked * rest on them',
    );
    // The K loop's loads have a lane stride of 4 B whatever K is: definite (coalesced), so not listed.
    expect(stdout).not.toMatch(/patterns\.cu:22: runtime/);
  });

  it('rejects an unknown parameter, a non-numeric value and an unknown kernel, listing what exists', async () => {
    const bad = await analyze(['--param', 'Q=1', '--block', 'nosuch=16x16']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      "--param Q: no kernel has a parameter 'Q'; parameters: tile_loader(A, out); grid_stride(in, out, n); param_bounded(A, out, K); partial_unroll(in, out, n); scale_bf16(in, out, n)",
    );
    expect(bad.stderr).toContain(
      "--block nosuch=…: no kernel named 'nosuch'; kernels: tile_loader, grid_stride, param_bounded, partial_unroll, scale_bf16",
    );
    // The kernels are still analysed and printed.
    expect(bad.stdout).toContain('tile_loader(float const*, float*)');
    await expect(analyze(['--param', 'K=abc'])).rejects.toThrow("--param K: value 'abc' is not a number");
  });
});
