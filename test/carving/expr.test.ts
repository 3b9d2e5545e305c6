import { describe, expect, it } from 'vitest';
import { compileExpression, evaluateExpression } from '../../src/expr/index.js';

const env = { BM: 64, BN: 32, BK: 8, TM: 4, TN: 2, N: 2048 };

describe('expression evaluator', () => {
  it('follows C precedence and integer division', () => {
    expect(evaluateExpression('(BM / TM) * (BN / TN)', env)).toBe(256);
    expect(evaluateExpression('4 * (BK * (BM + 1) + BK * BN) <= 49152', env)).toBe(1);
    expect(evaluateExpression('7 / 2', {})).toBe(3);
    expect(evaluateExpression('-7 / 2', {})).toBe(-3);
    expect(evaluateExpression('-7 % 2', {})).toBe(-1);
    expect(evaluateExpression('7.5 / 2', {})).toBe(3.75);
    expect(evaluateExpression('1 + 2 * 3 - 4', {})).toBe(3);
    expect(evaluateExpression('2 * 3 % 4', {})).toBe(2);
    expect(evaluateExpression('!0 + !5', {})).toBe(1);
    expect(evaluateExpression('-(-3)', {})).toBe(3);
    expect(evaluateExpression('0x10 + 1e2', {})).toBe(116);
  });

  it('divides as real numbers where C types an operand as a double (a literal with a point or an exponent)', () => {
    // A loop hint "1.0 / BLOCK" (one thread of the block runs the loop once) is 1/256, not 0.
    expect(evaluateExpression('1.0 / BK', env)).toBe(0.125);
    expect(evaluateExpression('N / 4 / (1.0 * BM)', env)).toBe(8);
    // (N + 1) / 4 of whole numbers truncates first (512), then 512 / 64.0.
    expect(evaluateExpression('(N + 1) / 4 / (1.0 * BM)', env)).toBe(8);
    expect(evaluateExpression('7.0 / 2', {})).toBe(3.5);
    expect(evaluateExpression('1e1 / 4', {})).toBe(2.5);
    expect(evaluateExpression('-2.0 / 4', {})).toBe(-0.5);
    expect(evaluateExpression('(BK > 1 ? 2.0 : 1) / 4', env)).toBe(0.5);
    expect(evaluateExpression('max(BK, 1.0) / 16', env)).toBe(0.5);
    // Whole-number literals, hex, comparisons and the integer functions keep C's truncation.
    expect(evaluateExpression('0x10 / 3', {})).toBe(5);
    expect(evaluateExpression('(1.0 < 2) / 2', {})).toBe(0);
    expect(evaluateExpression('ceil(7.5) / 2', {})).toBe(4);
    expect(evaluateExpression('(N + 1) / 4 / BM', env)).toBe(8);
  });

  it('evaluates logic, ternaries and functions', () => {
    expect(evaluateExpression('BM > 32 && BN > 32 || TM == 4', env)).toBe(1);
    expect(evaluateExpression('BM > 32 && BN > 32', env)).toBe(0);
    expect(evaluateExpression('TM == 1 ? 10 : TM == 4 ? 20 : 30', env)).toBe(20);
    expect(evaluateExpression('min(BM, BN, 16) + max(1, TN)', env)).toBe(18);
    expect(evaluateExpression('ceildiv(N, 3) + divup(10, 5) + ceil(2.1) + floor(2.9)', env)).toBe(683 + 2 + 3 + 2);
    // short circuit: the division by zero is never evaluated
    expect(evaluateExpression('TM != 0 && N / TM > 1', { TM: 0, N: 4 })).toBe(0);
  });

  it('reports syntax errors and unknown names with their column', () => {
    expect(compileExpression('BM * (BN + 1', ['BM', 'BN'])).toEqual({
      ok: false,
      message: "expected ')' but found the end of the expression",
      column: 13,
    });
    expect(compileExpression('BM * BX', ['BM', 'BN'])).toEqual({ ok: false, message: "unknown name 'BX' (known: BM, BN)", column: 6 });
    expect(compileExpression('BM $ 2', ['BM'])).toEqual({ ok: false, message: "unexpected character '$'", column: 4 });
    expect(compileExpression('BM 2', ['BM'])).toEqual({ ok: false, message: "unexpected '2' after the expression", column: 4 });
    expect(compileExpression('sqrt(BM)', ['BM'])).toMatchObject({ ok: false, column: 1 });
    expect(compileExpression('min()', [])).toEqual({ ok: false, message: 'min() takes at least 1 argument(s), got 0', column: 1 });
    expect(() => evaluateExpression('1 / (BM - 64)', env)).toThrow('division by zero');
  });

  it('never evaluates host code: names cannot reach objects', () => {
    expect(compileExpression('constructor', ['BM'])).toMatchObject({ ok: false });
    expect(() => evaluateExpression('toString', {})).toThrow("unknown name 'toString'");
  });
});
