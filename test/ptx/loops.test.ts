import { describe, expect, it } from 'vitest';
import { analyze, loadModule } from './helpers.js';

const loopsModule = loadModule('loops.sm_90.ptx');
const summary = (name: string, options = {}) =>
  analyze(loopsModule, name, options).loops.map((l) => ({
    line: l.source?.line,
    depth: l.depth,
    parent: l.parentId,
    trips: l.tripCount,
    assumed: l.assumedTripCount,
  }));

describe('loops and trip counts (loops.cu, nvcc 13 sm_90)', () => {
  it('counts a rolled 64-trip loop; every statement weight follows from it', () => {
    const a = analyze(loopsModule, 'rolled64');
    expect(summary('rolled64')).toEqual([{ line: 11, depth: 1, parent: null, trips: 64, assumed: null }]);
    expect(a.loops[0].tripCountReason).toBe('counted: %r5 = 0; %r5 += 1; continue while %r5 ne 64');
    expect(a.loops[0].inductionRegister).toBe('%r5');
    // 9 instructions before the loop, 7 in it, 5 after.
    const sizes = a.cfg.blocks.map((b) => b.statements.length);
    expect(sizes).toEqual([9, 7, 5]);
    expect(a.perThread.instructions).toBe(9 + 7 * 64 + 5);
  });

  it('keeps dynamic totals of a partially unrolled loop (#pragma unroll 4 of 64 trips: 16 PTX trips)', () => {
    const rolled = analyze(loopsModule, 'rolled64');
    const unrolled = analyze(loopsModule, 'unroll4');
    expect(summary('unroll4')).toEqual([{ line: 22, depth: 1, parent: null, trips: 16, assumed: null }]);
    expect(unrolled.perThread.flops).toBe(rolled.perThread.flops);
    expect(unrolled.perThread.flops).toBe(2 * 64);
    expect(unrolled.perThread.globalLoadBytes).toBe(4 * 64);
    expect(unrolled.mix.dynamic.load.global).toBe(64);
    expect(unrolled.mix.dynamic.fp32).toBe(rolled.mix.dynamic.fp32);
  });

  it('nests loops and reads define-sized bounds (LEN=48, and LEN=100 from -DLEN=100)', () => {
    expect(summary('nested')).toEqual([
      { line: 33, depth: 1, parent: null, trips: 8, assumed: null },
      { line: 35, depth: 2, parent: 0, trips: 12, assumed: null },
      { line: 40, depth: 1, parent: null, trips: 48, assumed: null },
    ]);
    const len100 = loadModule('loops.len100.sm_90.ptx');
    expect(analyze(len100, 'nested').loops.map((l) => l.tripCount)).toEqual([8, 12, 100]);
    expect(analyze(loopsModule, 'nested').perThread.globalLoadBytes).toBe(4 * 8 * 12);
  });

  it('bounds by a kernel parameter: unknown with its reason, exact once the value is given', () => {
    const unknown = analyze(loopsModule, 'param_bound');
    expect(unknown.loops[0].tripCount).toBeNull();
    expect(unknown.loops[0].tripCountReason).toBe(
      'bound unknown: kernel parameter param_bound_param_2 (value not given; pass it as a define or loop hint); assumed 1 (default)',
    );
    expect(unknown.perThread.usesAssumedTripCounts).toBe(true);
    for (const key of ['param_bound_param_2', 'param_2', '2']) {
      const known = analyze(loopsModule, 'param_bound', { defines: { [key]: 37 } });
      expect(known.loops[0].tripCount).toBe(37);
      expect(known.perThread.globalLoadBytes).toBe(4 * 37);
      expect(known.perThread.usesAssumedTripCounts).toBe(false);
    }
  });

  it('handles the unrolled main loop plus remainder loop of a parameter-bounded #pragma unroll 4', () => {
    const unknown = analyze(loopsModule, 'param_unroll4');
    expect(unknown.loops.map((l) => l.tripCountReason.replace(/; assumed 1 \(default\)$/, ''))).toEqual([
      'bound unknown: kernel parameter param_unroll4_param_2 (value not given; pass it as a define or loop hint)',
      'start of %r23 unknown: kernel parameter param_unroll4_param_2 (value not given; pass it as a define or loop hint)',
    ]);
    for (const n of [37, 36, 3, 1]) {
      const a = analyze(loopsModule, 'param_unroll4', { defines: { param_2: n } });
      const main = Math.floor(n / 4);
      const remainder = n % 4;
      // The main loop is skipped (dead) when n < 4, the remainder loop when n % 4 == 0.
      expect(a.perThread.globalLoadBytes).toBe(4 * n);
      expect(a.perThread.flops).toBe(n);
      if (main > 0) expect(a.loops[0].tripCount).toBe(main);
      if (remainder > 0) expect(a.loops[1].tripCount).toBe(remainder);
      expect(a.mix.dynamic.load.global).toBe(n);
    }
  });

  it('reports a data-dependent loop as unknown; hints by file:line or basename:line are marked assumed', () => {
    const a = analyze(loopsModule, 'data_dependent');
    expect(a.loops[0].tripCount).toBeNull();
    expect(a.loops[0].tripCountReason).toContain('%r10 is loaded from memory in the loop');
    expect(a.loops[0].assumedTripCount).toBe(1);
    const hinted = analyze(loopsModule, 'data_dependent', { hints: { 'loops.cu:66': 7 } });
    expect(hinted.loops[0].assumedTripCount).toBe(7);
    expect(hinted.loops[0].tripCountReason).toMatch(/assumed 7 from loop hint 'loops\.cu:66'$/);
    const full = analyze(loopsModule, 'data_dependent', { hints: { [`${loopsModule.files.get(1)}:66`]: 9 }, assumedTripCount: 3 });
    expect(full.loops[0].assumedTripCount).toBe(9);
    expect(analyze(loopsModule, 'data_dependent', { assumedTripCount: 3 }).loops[0].assumedTripCount).toBe(3);
    // Loop body: 6 instructions weighted by the assumption.
    expect(hinted.perThread.instructions - a.perThread.instructions).toBe(6 * (7 - 1));
  });

  it('counts a halving loop (s = 128; s > 0; s >>= 1) as 8 trips', () => {
    const a = analyze(loopsModule, 'tree_reduce');
    expect(a.loops[0].tripCount).toBe(8);
    expect(a.loops[0].tripCountReason).toBe('counted: %r14 = 128; %r14 >>= 1; continue while %r14 ne 0');
    // The `if (tid < s)` body counts as taken in every trip, and the report says so.
    expect(a.perThread.unknownBranchesCountedTaken).toBe(true);
    expect(a.perThread.sharedLoadBytes).toBe(4 * (2 * 8 + 1));
  });
});
