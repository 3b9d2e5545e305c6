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
