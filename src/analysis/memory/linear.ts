// Per-lane evaluation of expression trees. With the lane's thread index (and the block
// shape) bound, a value becomes a polynomial over the remaining uniform symbols:
// constant + sum(coefficient x monomial), e.g. 4*param:n + 1024*%ctaid.x + 12.
// Division, remainder and masks stay exact when every symbolic coefficient is a multiple
// of the divisor (so the symbolic part divides out); otherwise the lane's value is unknown.
import type { Expr } from './expr.js';

export interface Linear {
  constant: number;
  /** Monomial ('%ctaid.x', 'iter:2*%nctaid.x') -> coefficient; zero coefficients are dropped. */
  terms: Map<string, number>;
}

export interface UnknownValue {
  unknown: true;
  indirect: boolean;
  reason: string;
}

export type LaneValue = Linear | UnknownValue;

export interface LaneEnvironment {
  tid: [number, number, number];
  laneId: number;
  /** Block shape when known; %ntid stays symbolic otherwise. */
  ntid: [number, number, number] | null;
  /** Block index, when sampling blocks; %ctaid stays symbolic otherwise. */
  ctaid?: [number, number, number];
}

export const isUnknown = (value: LaneValue): value is UnknownValue => 'unknown' in value;

const linear = (constant: number, terms: Map<string, number> = new Map()): Linear => ({ constant, terms });
const unknown = (reason: string, indirect = false): UnknownValue => ({ unknown: true, indirect, reason });

export function isConstant(value: Linear): boolean {
  return value.terms.size === 0;
}

function addScaled(left: Linear, right: Linear, scale: number): Linear {
  const terms = new Map(left.terms);
  for (const [monomial, coefficient] of right.terms) {
    const sum = (terms.get(monomial) ?? 0) + scale * coefficient;
    if (sum === 0) terms.delete(monomial);
    else terms.set(monomial, sum);
  }
  return linear(left.constant + scale * right.constant, terms);
}

function scale(value: Linear, factor: number): Linear {
  if (factor === 0) return linear(0);
  const terms = new Map<string, number>();
  for (const [monomial, coefficient] of value.terms) terms.set(monomial, coefficient * factor);
  return linear(value.constant * factor, terms);
}

function multiplyMonomials(left: string, right: string): string {
  return [...left.split('*'), ...right.split('*')].sort().join('*');
}

function multiply(left: Linear, right: Linear): Linear {
  if (isConstant(left)) return scale(right, left.constant);
  if (isConstant(right)) return scale(left, right.constant);
  // (a + A)(b + B) = ab + aB + bA + AB, with A, B the symbolic parts.
  let result = addScaled(scale(linear(0, left.terms), right.constant), linear(0, right.terms), left.constant);
  result = linear(left.constant * right.constant, result.terms);
  for (const [lm, lc] of left.terms) {
    for (const [rm, rc] of right.terms) {
      result = addScaled(result, linear(0, new Map([[multiplyMonomials(lm, rm), lc * rc]])), 1);
    }
  }
  return result;
}

/** Whether every symbolic coefficient is a multiple of `divisor` (the symbolic part divides exactly). */
function symbolicPartDivisible(value: Linear, divisor: number): boolean {
  for (const coefficient of value.terms.values()) if (coefficient % divisor !== 0) return false;
  return true;
}

// Integer division and remainder for the non-negative indices kernels compute (C semantics).
function divide(value: Linear, divisor: number): LaneValue {
  if (divisor <= 0) return unknown(`division by ${divisor}`);
  if (!symbolicPartDivisible(value, divisor)) return unknown(`division of a runtime value by ${divisor}`);
  const terms = new Map<string, number>();
  for (const [monomial, coefficient] of value.terms) terms.set(monomial, coefficient / divisor);
  return linear(Math.trunc(value.constant / divisor), terms);
}

function remainder(value: Linear, divisor: number): LaneValue {
  if (divisor <= 0) return unknown(`remainder by ${divisor}`);
  if (!symbolicPartDivisible(value, divisor)) return unknown(`remainder of a runtime value by ${divisor}`);
  return linear(value.constant % divisor);
}

function isPowerOfTwo(value: number): boolean {
  return value > 0 && Number.isInteger(Math.log2(value));
}

function bitAnd(value: Linear, mask: number): LaneValue {
  if (isConstant(value)) return linear(Number(BigInt.asIntN(64, BigInt(value.constant) & BigInt(mask))));
  if (mask < 0) {                                                               // x & m = x - (x & ~m)
    const complement = bitAnd(value, -mask - 1);
    return isUnknown(complement) ? complement : addScaled(value, complement, -1);
  }
  // With the symbolic part a multiple of 2^bits(mask), only the constant's low bits survive.
  const span = 2 ** Math.max(1, Math.ceil(Math.log2(mask + 1)));
  if (!symbolicPartDivisible(value, span)) return unknown(`mask 0x${mask.toString(16)} of a runtime value`);
  const low = ((value.constant % span) + span) % span;
  return linear(Number(BigInt(low) & BigInt(mask)));
}

function constantOf(value: LaneValue): number | null {
  return !isUnknown(value) && isConstant(value) ? value.constant : null;
}

function binary(op: string, left: LaneValue, right: LaneValue, bits?: number): LaneValue {
  if (isUnknown(left)) return left;
  if (isUnknown(right)) return right;
  const rightConstant = constantOf(right);
  const leftConstant = constantOf(left);
  switch (op) {
    case 'add': return addScaled(left, right, 1);
    case 'sub': return addScaled(left, right, -1);
    case 'mul': return multiply(left, right);
    case 'shl': return rightConstant === null ? unknown('shift by a runtime amount') : scale(left, 2 ** rightConstant);
    case 'shr':
      if (rightConstant === null) return unknown('shift by a runtime amount');
      // Indices are non-negative: shifting out every value bit (the sign-fix idiom of signed division) gives 0.
      if (bits !== undefined && rightConstant >= bits - 1) return linear(0);
      return divide(left, 2 ** rightConstant);
    case 'div': return rightConstant === null ? unknown('division by a runtime value') : divide(left, rightConstant);
    case 'rem': return rightConstant === null ? unknown('remainder by a runtime value') : remainder(left, rightConstant);
    case 'and':
      if (rightConstant !== null) return bitAnd(left, rightConstant);
      if (leftConstant !== null) return bitAnd(right, leftConstant);
      return unknown('and of runtime values');
    case 'or': case 'xor':
      if (leftConstant !== null && rightConstant !== null) {
        return linear(op === 'or' ? leftConstant | rightConstant : leftConstant ^ rightConstant);
      }
      return unknown(`${op} of a runtime value`);
    case 'min': case 'max':
      if (leftConstant !== null && rightConstant !== null) {
        return linear(op === 'min' ? Math.min(leftConstant, rightConstant) : Math.max(leftConstant, rightConstant));
      }
      return unknown(`${op} of a runtime value`);
    default: return unknown(`operation ${op}`);
  }
}

const AXES = ['x', 'y', 'z'] as const;

function symbolValue(name: string, env: LaneEnvironment): Linear {
  if (name.startsWith('%tid.')) return linear(env.tid[AXES.indexOf(name.slice(5) as 'x')] ?? 0);
  if (name === '%laneid') return linear(env.laneId);
  if (name.startsWith('%ctaid.') && env.ctaid) return linear(env.ctaid[AXES.indexOf(name.slice(7) as 'x')] ?? 0);
  if (name.startsWith('%ntid.') && env.ntid) return linear(env.ntid[AXES.indexOf(name.slice(6) as 'x')] ?? 1);
  return linear(0, new Map([[name, 1]]));
}

/** Evaluates `expr` for one lane; `cache` memoises shared subtrees within that lane. */
export function evaluateLane(expr: Expr, env: LaneEnvironment, cache: Map<Expr, LaneValue> = new Map()): LaneValue {
  const cached = cache.get(expr);
  if (cached) return cached;
  let result: LaneValue;
  switch (expr.op) {
    case 'const': result = linear(expr.value); break;
    case 'sym': result = symbolValue(expr.name, env); break;
    case 'opaque': result = unknown(expr.reason, expr.indirect); break;
    case 'cvta': result = evaluateLane(expr.a, env, cache); break;
    case 'neg': {
      const inner = evaluateLane(expr.a, env, cache);
      result = isUnknown(inner) ? inner : scale(inner, -1);
      break;
    }
    case 'not': {
      const inner = evaluateLane(expr.a, env, cache);
      result = isUnknown(inner) ? inner : addScaled(linear(-1), inner, -1);
      break;
    }
    case 'cmp': case 'pred': result = unknown('predicate used as a value'); break;
    default: result = binary(expr.op, evaluateLane(expr.a, env, cache), evaluateLane(expr.b, env, cache), expr.bits);
  }
  cache.set(expr, result);
  return result;
}

const keys = new WeakMap<Linear, string>();

/** Key of the symbolic part, to test whether two lanes differ only by a constant. */
export function symbolicKey(value: Linear): string {
  let key = keys.get(value);
  if (key === undefined) {
    key = value.terms.size === 0 ? '' : [...value.terms.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([m, c]) => `${c}*${m}`).join('+');
    keys.set(value, key);
  }
  return key;
}
