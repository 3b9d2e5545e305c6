// The warp model and the per-lane algebra, against the closed forms measured on H100
// (research facts §3.2 / §4.3) and the shared-memory bank rules.
import { describe, expect, it } from 'vitest';
import { evaluateLane, isUnknown, MAX_PRODUCT_TERMS, WarpEvaluator, type Linear } from '../../src/analysis/memory/linear.js';
import { constant, symbol, type Expr } from '../../src/analysis/memory/expr.js';
import { idealSectors, sectorsTouched, sharedWavefronts, warpsOfBlock } from '../../src/analysis/memory/warp.js';
import { hasUncoalescedAccess } from '../../src/analysis/memory/index.js';
import type { AccessReport } from '../../src/model/types.js';

const lanes = (count: number, stride: number, start = 0) => Array.from({ length: count }, (_, l) => start + l * stride);
const lane0 = { tid: [0, 0, 0] as [number, number, number], laneId: 0, ntid: [256, 1, 1] as [number, number, number] };

describe('sectors per warp request (32 lanes, aligned base)', () => {
  it.each([
    // [stride bytes, bytes per lane, sectors]
    [4, 4, 4],
    [8, 4, 8],
    [16, 4, 16],
    [32, 4, 32],
    [128, 4, 32],
    [0, 4, 1],
    [8, 8, 8],
    [16, 8, 16],
    [16, 16, 16],
    [1, 1, 1],
    [2, 2, 2],
    [12, 4, 12],
    [-4, 4, 4],
  ])('stride %i B, %i B per lane -> %i sectors', (stride, width, sectors) => {
    const start = stride < 0 ? 31 * -stride : 0;
    expect(sectorsTouched(lanes(32, stride, start), width)).toBe(sectors);
  });

  it('a contiguous float warp shifted by 4 B straddles one more sector (in[i+1])', () => {
    expect(sectorsTouched(lanes(32, 4, 4), 4)).toBe(5);
    expect(idealSectors(lanes(32, 4, 4), 4)).toBe(4);
  });

  it('ideal sectors count the distinct bytes: a broadcast is 1, 16 repeated floats are 2', () => {
    expect(idealSectors(lanes(32, 0), 4)).toBe(1);
    expect(
      idealSectors(
        lanes(32, 4).map((o) => o % 64),
        4,
      ),
    ).toBe(2);
    expect(idealSectors(lanes(32, 128), 4)).toBe(4);
  });
});

describe('shared-memory wavefronts (32 banks x 4 B)', () => {
  it.each([
    // [stride bytes, bytes per lane, wavefronts]
    [4, 4, 1],
    [8, 4, 2],
    [16, 4, 4],
    [128, 4, 32],
    [132, 4, 1],
    [0, 4, 1],
    [8, 8, 2],
    [16, 16, 4],
    [16, 8, 4],
  ])('stride %i B, %i B per lane -> %i wavefronts', (stride, width, wavefronts) => {
    expect(sharedWavefronts(lanes(32, stride), width)).toBe(wavefronts);
  });
});

describe('lanes of a block', () => {
  it('a block narrower than a warp spreads one warp over several rows', () => {
    const warps = warpsOfBlock([8, 32, 1]);
    expect(warps).toHaveLength(8);
    expect(warps[1].map((lane) => lane.tid)).toEqual(Array.from({ length: 32 }, (_, l) => [l % 8, 4 + Math.floor(l / 8), 0]));
  });

  it('a partial last warp has fewer lanes', () => {
    const warps = warpsOfBlock([48, 1, 1]);
    expect(warps.map((w) => w.length)).toEqual([32, 16]);
  });
});

describe('per-lane evaluation', () => {
  const tid: Expr = symbol('%tid.x');
  const index: Expr = { op: 'add', a: { op: 'mul', a: symbol('%ctaid.x'), b: symbol('%ntid.x') }, b: tid };
  const at = (expr: Expr, x: number) => evaluateLane(expr, { ...lane0, tid: [x, 0, 0], laneId: x % 32 }) as Linear;

  it('binds the thread index and the known block size, keeps %ctaid symbolic', () => {
    const value = at(index, 5);
    expect(value.constant).toBe(5);
    expect([...value.terms]).toEqual([['%ctaid.x', 256]]);
  });

  it('divides exactly when the symbolic part is a multiple of the divisor (i / 32, i % 32)', () => {
    expect(at({ op: 'div', a: index, b: constant(32) }, 70).constant).toBe(2);
    expect([...at({ op: 'div', a: index, b: constant(32) }, 70).terms]).toEqual([['%ctaid.x', 8]]);
    expect(at({ op: 'rem', a: index, b: constant(32) }, 70).constant).toBe(6);
    expect(at({ op: 'and', a: index, b: constant(31) }, 70).constant).toBe(6);
    expect(at({ op: 'and', a: index, b: constant(-32) }, 70).constant).toBe(64);
  });

  it('a remainder the symbolic part does not divide is unknown, with the reason', () => {
    const value = evaluateLane({ op: 'rem', a: index, b: constant(1024) }, lane0);
    expect(isUnknown(value) && value.reason).toBe('remainder of a runtime value by 1024');
  });

  it('a product of runtime values stays exact up to MAX_PRODUCT_TERMS terms, unknown with the reason beyond', () => {
    // (p0 + ... + p{n-1}) x (q0 + ... + q{n-1}): n^2 terms of two factors, none cancelling.
    const sumOf = (prefix: string, n: number): Expr =>
      Array.from({ length: n }, (_, i): Expr => symbol(`param:${prefix}${i}`)).reduce((a, b) => ({ op: 'add', a, b }));
    const product = (n: number) => evaluateLane({ op: 'mul', a: sumOf('p', n), b: sumOf('q', n) }, lane0);
    expect(MAX_PRODUCT_TERMS).toBe(256);
    const exact = product(15);
    expect(!isUnknown(exact) && exact.terms.size).toBe(225);
    const capped = product(16);
    expect(isUnknown(capped) && capped.reason).toBe('product of two runtime values of 16 and 16 terms (more than 256)');
  });

  it('a select the whole warp takes alike moves each lane by one uniform amount: D·s, or g·U for a symbolic D', () => {
    // x = tid + (p == q ? D : 0): p, q uniform and unknown, so every lane of the warp takes one side.
    const warp = Array.from({ length: 32 }, (_, l) => ({ ...lane0, tid: [l, 0, 0] as [number, number, number], laneId: l }));
    const chosen = (difference: Expr) =>
      new WarpEvaluator(warp, new Map()).values({
        op: 'select',
        cond: { op: 'cmp', cmp: 'eq', a: symbol('param:p'), b: symbol('param:q') },
        a: { op: 'add', a: tid, b: difference },
        b: tid,
        reason: 'x at line 7',
      }) as Linear[];
    // The select's symbols are numbered by node; the number is left out here.
    const lane5 = (values: Linear[]) => [
      values[5].constant,
      [...values[5].terms].map(([name, c]) => [name.replace(/select\d+/, 'select#'), c]),
    ];
    expect(lane5(chosen(constant(12)))).toEqual([5, [['u:select#|the choice of x at line 7', 12]]]);
    // D = 8·n + 4: one symbol for D·s, times gcd(8, 4) = 4, so that (x - tid) / 4 still divides.
    const symbolic = chosen({ op: 'add', a: { op: 'mul', a: constant(8), b: symbol('param:n') }, b: constant(4) });
    expect(lane5(symbolic)).toEqual([5, [['u:select#:amount|the amount the choice of x at line 7 adds', 4]]]);
  });

  it('a value loaded from memory stays indirect', () => {
    const value = evaluateLane({ op: 'add', a: { op: 'opaque', uniform: false, indirect: true, reason: 'idx[i]' }, b: tid }, lane0);
    expect(isUnknown(value) && value.indirect).toBe(true);
  });
});

describe('hasUncoalescedAccess', () => {
  const access = (klass: AccessReport['class'], weight: number, space: AccessReport['space'] = 'global'): AccessReport => ({
    space,
    kind: 'load',
    class: klass,
    sectorsPerRequest: null,
    idealSectors: null,
    bankConflictWays: null,
    bytesPerLane: 4,
    file: null,
    line: null,
    ptx: '',
    dynamicWeight: weight,
    reason: '',
  });
  it('needs a strided or uncoalesced global site above the weight threshold', () => {
    expect(hasUncoalescedAccess([access('coalesced', 100), access('misaligned', 100)], 1)).toBe(false);
    expect(hasUncoalescedAccess([access('strided', 0.5)], 1)).toBe(false);
    expect(hasUncoalescedAccess([access('strided', 1)], 1)).toBe(true);
    expect(hasUncoalescedAccess([access('strided', 2)], 1)).toBe(true);
    expect(hasUncoalescedAccess([access('uncoalesced', 64)], 1)).toBe(true);
    expect(hasUncoalescedAccess([access('indirect', 64), access('runtime', 64)], 1)).toBe(false);
  });
});
