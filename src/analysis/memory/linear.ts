// Per-lane evaluation of expression trees. With the lane's thread index (and the block
// shape) bound, a value becomes a polynomial over the remaining uniform symbols:
// constant + sum(coefficient x monomial), e.g. 4*param:n + 1024*%ctaid.x + 12.
// Division, remainder and masks stay exact when every symbolic coefficient is a multiple
// of the divisor (so the symbolic part divides out); otherwise the lane's value is unknown.
import { childrenOf, ExprNumbering, gcd, isLaneSymbol, type CarriedExpr, type Expr } from './expr.js';
import { uniformName, uniformSymbolName } from './symbols.js';

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

/**
 * The terms of every constant value: one shared empty map, since values are never mutated
 * once made (every operation builds a new map), and most lane values are constants.
 */
const NO_TERMS: Map<string, number> = new Map();
const linear = (constant: number, terms: Map<string, number> = NO_TERMS): Linear => ({ constant, terms });
const unknown = (reason: string, indirect = false): UnknownValue => ({ unknown: true, indirect, reason });

export function isConstant(value: Linear): boolean {
  return value.terms.size === 0;
}

function addScaled(left: Linear, right: Linear, scale: number): Linear {
  // Same terms (and order) as copying left's and adding none.
  if (right.terms.size === 0) return linear(left.constant + scale * right.constant, left.terms.size === 0 ? NO_TERMS : left.terms);
  // A constant plus a polynomial: the polynomial's terms as they are (none is zero).
  if (left.terms.size === 0 && scale === 1 && !hasZeroCoefficient(right.terms)) return linear(left.constant + right.constant, right.terms);
  return linear(left.constant + scale * right.constant, addedTerms(left.terms, right.terms, scale));
}

// The symbolic part of a sum, scaling or division depends only on the operands' terms (and
// the factor), and the lanes of a warp mostly share those maps: results are memoised per
// map, so the 32 lanes share one result map (and symbolicKey computes one key for it).
const sums = new WeakMap<Map<string, number>, WeakMap<Map<string, number>, Map<number, Map<string, number>>>>();
const scalings = new WeakMap<Map<string, number>, Map<number, Map<string, number>>>();
const quotients = new WeakMap<Map<string, number>, Map<number, Map<string, number>>>();

/** The memo of a result per pair of maps and a third key (sums: the scale; products: the constants). */
function pairMemo<K>(
  cache: WeakMap<Map<string, number>, WeakMap<Map<string, number>, Map<K, Map<string, number>>>>,
  left: Map<string, number>,
  right: Map<string, number>,
): Map<K, Map<string, number>> {
  let byRight = cache.get(left);
  if (byRight === undefined) cache.set(left, (byRight = new WeakMap()));
  let byKey = byRight.get(right);
  if (byKey === undefined) byRight.set(right, (byKey = new Map<K, Map<string, number>>()));
  return byKey;
}

/** Adds `coefficient` to a monomial's, dropping it where the sum is zero. */
function addTerm(terms: Map<string, number>, monomial: string, coefficient: number): void {
  const sum = (terms.get(monomial) ?? 0) + coefficient;
  if (sum === 0) terms.delete(monomial);
  else terms.set(monomial, sum);
}

function addedTerms(left: Map<string, number>, right: Map<string, number>, scale: number): Map<string, number> {
  const byScale = pairMemo(sums, left, right);
  let terms = byScale.get(scale);
  if (terms === undefined) {
    terms = new Map(left);
    for (const [monomial, coefficient] of right) addTerm(terms, monomial, scale * coefficient);
    byScale.set(scale, terms);
  }
  return terms;
}

/** Each coefficient times `factor` (multiply) or divided by it (divide), memoised per map and factor. */
function mappedTerms(cache: typeof scalings, source: Map<string, number>, factor: number, divide: boolean): Map<string, number> {
  let byFactor = cache.get(source);
  if (byFactor === undefined) cache.set(source, (byFactor = new Map<number, Map<string, number>>()));
  let terms = byFactor.get(factor);
  if (terms === undefined) {
    terms = new Map<string, number>();
    for (const [monomial, coefficient] of source) terms.set(monomial, divide ? coefficient / factor : coefficient * factor);
    byFactor.set(factor, terms);
  }
  return terms;
}

function hasZeroCoefficient(terms: Map<string, number>): boolean {
  for (const coefficient of terms.values()) if (coefficient === 0) return true;
  return false;
}

function scale(value: Linear, factor: number): Linear {
  if (factor === 0) return linear(0);
  if (value.terms.size === 0) return linear(value.constant * factor);
  return linear(value.constant * factor, mappedTerms(scalings, value.terms, factor, false));
}

function multiplyMonomials(left: string, right: string): string {
  return [...left.split('*'), ...right.split('*')].sort().join('*');
}

// Products' symbolic parts, memoised per pair of maps and constants as sums are.
const products = new WeakMap<Map<string, number>, WeakMap<Map<string, number>, Map<string, Map<string, number>>>>();

/**
 * Most terms a product of two runtime values may have: address arithmetic needs a few, and a
 * product of many-term values multiplies their sizes (a value built by repeated products grows
 * exponentially). Beyond it the product is unknown, with its reason.
 */
export const MAX_PRODUCT_TERMS = 256;

function multiply(left: Linear, right: Linear): LaneValue {
  if (isConstant(left)) return scale(right, left.constant);
  if (isConstant(right)) return scale(left, right.constant);
  const mostTerms = left.terms.size * right.terms.size + left.terms.size + right.terms.size;
  if (mostTerms > MAX_PRODUCT_TERMS)
    return unknown(`product of two runtime values of ${left.terms.size} and ${right.terms.size} terms (more than ${MAX_PRODUCT_TERMS})`);
  const byConstants = pairMemo(products, left.terms, right.terms);
  const constants = `${left.constant},${right.constant}`;
  let terms = byConstants.get(constants);
  if (terms === undefined) {
    // (a + A)(b + B) = ab + bA + aB + AB, with A, B the symbolic parts: the terms summed into one
    // map in that order (a map copied per term made products of many-term sums quadratic).
    const sum = new Map<string, number>();
    if (right.constant !== 0) for (const [monomial, coefficient] of left.terms) sum.set(monomial, coefficient * right.constant);
    if (left.constant !== 0) for (const [monomial, coefficient] of right.terms) addTerm(sum, monomial, left.constant * coefficient);
    for (const [lm, lc] of left.terms) for (const [rm, rc] of right.terms) addTerm(sum, multiplyMonomials(lm, rm), lc * rc);
    terms = sum.size ? sum : NO_TERMS;
    byConstants.set(constants, terms);
  }
  return linear(left.constant * right.constant, terms);
}

/** The greatest common divisor of a value's constant and coefficients (1 where they are not integers). */
function commonFactor(value: Linear): number {
  let factor = Math.abs(value.constant);
  for (const coefficient of value.terms.values()) factor = gcd(factor, Math.abs(coefficient));
  return Number.isInteger(factor) && factor > 0 ? factor : 1;
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
  if (value.terms.size === 0) return linear(Math.trunc(value.constant / divisor));
  return linear(Math.trunc(value.constant / divisor), mappedTerms(quotients, value.terms, divisor, true));
}

function remainder(value: Linear, divisor: number): LaneValue {
  if (divisor <= 0) return unknown(`remainder by ${divisor}`);
  if (!symbolicPartDivisible(value, divisor)) return unknown(`remainder of a runtime value by ${divisor}`);
  return linear(value.constant % divisor);
}

function bitAnd(value: Linear, mask: number): LaneValue {
  if (isConstant(value)) {
    // 32-bit operands: JavaScript's & is the 64-bit and of their sign extensions.
    if ((value.constant | 0) === value.constant && (mask | 0) === mask) return linear(value.constant & mask);
    return linear(Number(BigInt.asIntN(64, BigInt(value.constant) & BigInt(mask))));
  }
  if (mask < 0) {
    // x & m = x - (x & ~m)
    const complement = bitAnd(value, -mask - 1);
    return isUnknown(complement) ? complement : addScaled(value, complement, -1);
  }
  // With the symbolic part a multiple of 2^bits(mask), only the constant's low bits survive.
  const span = 2 ** Math.max(1, Math.ceil(Math.log2(mask + 1)));
  if (!symbolicPartDivisible(value, span)) return unknown(`mask 0x${mask.toString(16)} of a runtime value`);
  const low = ((value.constant % span) + span) % span;
  return linear(Number(BigInt(low) & BigInt(mask)));
}

/**
 * x | c or x ^ c with c < 2^k and x's runtime part a multiple of 2^k (`(i * 32) | 24`, an offset
 * or-ed into aligned bits): only the low k bits change, and those are the constant's.
 */
function lowBits(op: 'or' | 'xor', value: Linear, mask: number): LaneValue {
  if (!Number.isInteger(mask) || mask < 0 || mask >= 2 ** 30) return unknown(`${op} of a runtime value`);
  const span = 2 ** Math.ceil(Math.log2(mask + 1));
  if (!symbolicPartDivisible(value, span) || !Number.isInteger(value.constant)) return unknown(`${op} of a runtime value`);
  const low = ((value.constant % span) + span) % span;
  const combined = op === 'or' ? low | mask : low ^ mask;
  return linear(value.constant - low + combined, value.terms);
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
    case 'add':
      return addScaled(left, right, 1);
    case 'sub':
      return addScaled(left, right, -1);
    case 'mul':
      return multiply(left, right);
    case 'shl':
      return rightConstant === null ? unknown('shift by a runtime amount') : scale(left, 2 ** rightConstant);
    case 'shr':
      if (rightConstant === null) return unknown('shift by a runtime amount');
      // Indices are non-negative: shifting out every value bit (the sign-fix idiom of signed division) gives 0.
      if (bits !== undefined && rightConstant >= bits - 1) return linear(0);
      return divide(left, 2 ** rightConstant);
    case 'div':
      return rightConstant === null ? unknown('division by a runtime value') : divide(left, rightConstant);
    case 'rem':
      return rightConstant === null ? unknown('remainder by a runtime value') : remainder(left, rightConstant);
    case 'and':
      if (rightConstant !== null) return bitAnd(left, rightConstant);
      if (leftConstant !== null) return bitAnd(right, leftConstant);
      return unknown('and of runtime values');
    case 'or':
    case 'xor':
      if (leftConstant !== null && rightConstant !== null) {
        return linear(op === 'or' ? leftConstant | rightConstant : leftConstant ^ rightConstant);
      }
      if (rightConstant !== null) return lowBits(op, left, rightConstant);
      if (leftConstant !== null) return lowBits(op, right, leftConstant);
      return unknown(`${op} of a runtime value`);
    case 'min':
    case 'max':
      if (leftConstant !== null && rightConstant !== null) {
        return linear(op === 'min' ? Math.min(leftConstant, rightConstant) : Math.max(leftConstant, rightConstant));
      }
      return unknown(`${op} of a runtime value`);
    default:
      return unknown(`operation ${op}`);
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

const laneFreeTrees = new WeakMap<Expr, boolean>();

/** Whether the tree mentions no lane symbol (%tid, %laneid): its value is the same in every lane of a block. */
function isLaneFree(expr: Expr): boolean {
  let free = laneFreeTrees.get(expr);
  if (free === undefined) {
    switch (expr.op) {
      case 'const':
      case 'opaque':
        free = true;
        break;
      case 'carried':
        // Checked per warp (WarpEvaluator), never through the per-block cache.
        free = false;
        break;
      case 'sym':
        free = !isLaneSymbol(expr.name);
        break;
      case 'neg':
      case 'not':
      case 'cvta':
        free = isLaneFree(expr.a);
        break;
      case 'pred':
        free = expr.parts.every(isLaneFree);
        break;
      case 'select':
        free = isLaneFree(expr.cond) && isLaneFree(expr.a) && isLaneFree(expr.b);
        break;
      default:
        free = isLaneFree(expr.a) && isLaneFree(expr.b);
    }
    laneFreeTrees.set(expr, free);
  }
  return free;
}

/**
 * Evaluates `expr` for one lane; `cache` memoises shared subtrees within that lane.
 * `blockCache`, shared by lanes with the same block shape and block index, memoises the
 * subtrees that mention no lane symbol: they are evaluated once, not once per lane.
 */
export function evaluateLane(
  expr: Expr,
  env: LaneEnvironment,
  cache: Map<Expr, LaneValue> = new Map(),
  blockCache?: Map<Expr, LaneValue>,
): LaneValue {
  const cached = cache.get(expr);
  if (cached) return cached;
  if (blockCache !== undefined && isLaneFree(expr)) {
    let value = blockCache.get(expr);
    if (value === undefined) {
      value = evaluateNode(expr, env, cache, blockCache);
      blockCache.set(expr, value);
    }
    return value;
  }
  const result = evaluateNode(expr, env, cache, blockCache);
  cache.set(expr, result);
  return result;
}

function evaluateNode(
  expr: Expr,
  env: LaneEnvironment,
  cache: Map<Expr, LaneValue>,
  blockCache: Map<Expr, LaneValue> | undefined,
): LaneValue {
  switch (expr.op) {
    case 'const':
      return linear(expr.value);
    case 'sym':
      return symbolValue(expr.name, env);
    case 'opaque': {
      // A warp-uniform value stands as a symbol of its own: lanes may differ by multiples of it.
      const name = uniformSymbolName(expr);
      return name === null ? unknown(expr.reason, expr.indirect) : linear(0, new Map([[name, 1]]));
    }
    case 'cvta':
      return evaluateLane(expr.a, env, cache, blockCache);
    case 'neg': {
      const inner = evaluateLane(expr.a, env, cache, blockCache);
      return isUnknown(inner) ? inner : scale(inner, -1);
    }
    case 'not': {
      const inner = evaluateLane(expr.a, env, cache, blockCache);
      return isUnknown(inner) ? inner : addScaled(linear(-1), inner, -1);
    }
    case 'cmp':
    case 'pred':
      return unknown(PREDICATE_AS_VALUE);
    case 'carried':
      // Its induction compares the lanes of a warp: one lane alone cannot check it.
      return unknown(expr.reason);
    case 'select': {
      const outcome = conditionOutcome(expr.cond, (side) => evaluateLane(side, env, cache, blockCache));
      if (outcome === null) return unselected(expr, (side) => evaluateLane(side, env, cache, blockCache));
      return evaluateLane(outcome ? expr.a : expr.b, env, cache, blockCache);
    }
    default:
      return binary(expr.op, evaluateLane(expr.a, env, cache, blockCache), evaluateLane(expr.b, env, cache, blockCache), expr.bits);
  }
}

/** Whether `difference` (a - b) satisfies the comparison; null for comparisons that are not integer ones. */
export function compareDifference(cmp: string, difference: number): boolean | null {
  switch (cmp) {
    case 'eq':
      return difference === 0;
    case 'ne':
      return difference !== 0;
    case 'lt':
      return difference < 0;
    case 'le':
      return difference <= 0;
    case 'gt':
      return difference > 0;
    case 'ge':
      return difference >= 0;
    default:
      return null;
  }
}

/**
 * A select's condition in one lane, from the lane values of its compared operands
 * (`valueOf`); null when they differ by a runtime amount or cannot be followed.
 */
function conditionOutcome(cond: Expr, valueOf: (side: Expr) => LaneValue): boolean | null {
  switch (cond.op) {
    case 'const':
      return cond.value !== 0;
    case 'cmp': {
      const left = valueOf(cond.a);
      const right = valueOf(cond.b);
      if (isUnknown(left) || isUnknown(right)) return null;
      const difference = addScaled(left, right, -1);
      return difference.terms.size > 0 ? null : compareDifference(cond.cmp, difference.constant);
    }
    case 'pred':
      return combineOutcomes(
        cond.combine,
        cond.parts.map((part) => conditionOutcome(part, valueOf)),
      );
    default:
      return null;
  }
}

/** and / or / xor / not of predicate outcomes; null when one is not known. */
export function combineOutcomes(combine: string, parts: Array<boolean | null>): boolean | null {
  if (parts.some((part) => part === null)) return null;
  switch (combine) {
    case 'not':
      return !parts[0];
    case 'and':
      return parts.every(Boolean);
    case 'or':
      return parts.some(Boolean);
    case 'xor':
      return parts[0] !== parts[1];
    default:
      return null;
  }
}

/** A select whose condition is not known in a lane: its uniform stand-in, else unknown with the reason. */
function unselected(expr: Extract<Expr, { op: 'select' }>, valueOf: (side: Expr) => LaneValue): LaneValue {
  if (expr.fallback) return valueOf(expr.fallback);
  const left = valueOf(expr.a);
  const right = valueOf(expr.b);
  // Either side gives the same value: the condition does not matter.
  if (!isUnknown(left) && !isUnknown(right) && left.constant === right.constant && symbolicKey(left) === symbolicKey(right)) return left;
  return unknown(`${expr.reason}, its condition not known per lane`);
}

const PREDICATE_AS_VALUE = 'predicate used as a value';

/**
 * One node per distinct tree: a value depends only on a tree's structure, and the unrolled
 * copies of a site rebuild equal trees (each use of a register builds its own node), so the
 * warp evaluators key their memo by the canonical node and evaluate each distinct tree once.
 */
class ExprInterner {
  private readonly numbering = new ExprNumbering();
  /** The first node met with each number. */
  private readonly representatives: Expr[] = [];

  canonical(expr: Expr): Expr {
    return (this.representatives[this.numbering.id(expr)] ??= expr);
  }

  /** A number naming this tree (its canonical node), stable across the warps that share the interner. */
  idFor(expr: Expr): number {
    return this.numbering.id(expr);
  }
}

/** A carried value's uniform part H, from the header's value: `step` more each turn of loop `loop`. */
export interface CarriedStep {
  loop: number;
  step: number;
}

/** WarpEvaluator.carriedSteps, one map per block cache (as the interners). */
const carriedStepsByCache = new WeakMap<Map<Expr, LaneValue>, Map<string, CarriedStep>>();

/** One interner per block cache: the warps of one analysis (or of one sampled block) share it. */
const interners = new WeakMap<Map<Expr, LaneValue>, ExprInterner>();

/**
 * Evaluates expressions for all lanes of one warp at once: one memo entry per (expression,
 * warp) instead of one per lane, and subtrees without lane symbols once per block (through
 * the block cache, as evaluateLane). values(expr)[i] equals
 * evaluateLane(expr, envs[i], laneCache, blockCache) for every lane i.
 */
export class WarpEvaluator {
  // One exception to lane-by-lane equality: a division or remainder by a constant that the lanes
  // alone cannot resolve may be resolved for the whole warp (warpDivision).
  private readonly memo = new Map<Expr, LaneValue[]>();
  /** Carried values whose induction is being checked: inside the check they stand as entry + H. */
  private readonly assumed = new Set<number>();
  /** Memo entries made while an induction is being checked: dropped if it fails. */
  private assumptionLog: Expr[] | null = null;
  /** Never written: lane-free subtrees only use the block cache. */
  private readonly noLaneCache = new Map<Expr, LaneValue>();
  private readonly interner: ExprInterner;
  /** min / max nodes (canonical) taken as their lane-varying side: a clamp by a warp-uniform bound. */
  private readonly clamps = new Set<Expr>();
  /** usedClamp's answers by canonical node, made once clamps exist. */
  private clampUse: Map<Expr, boolean> | null = null;

  /**
   * Carried values found to move by a constant each turn of their loop (every latch is the
   * header's value + step), by the name of their uniform part H: shared by the warps of a block
   * shape, for the traffic footprint (H = step x iterations).
   */
  readonly carriedSteps: Map<string, CarriedStep>;

  constructor(
    readonly envs: LaneEnvironment[],
    private readonly blockCache: Map<Expr, LaneValue>,
  ) {
    let interner = interners.get(blockCache);
    if (interner === undefined) interners.set(blockCache, (interner = new ExprInterner()));
    this.interner = interner;
    let steps = carriedStepsByCache.get(blockCache);
    if (steps === undefined) carriedStepsByCache.set(blockCache, (steps = new Map<string, CarriedStep>()));
    this.carriedSteps = steps;
  }

  /**
   * Whether `expr`'s value was taken through a clamp (clampedSide): a min / max node in its tree
   * that this warp evaluated as its lane-varying side.
   */
  usedClamp(expr: Expr): boolean {
    if (this.clamps.size === 0) return false;
    const root = this.interner.canonical(expr);
    const memo = (this.clampUse ??= new Map<Expr, boolean>());
    let used = memo.get(root);
    if (used === undefined) {
      const seen = new Set<Expr>();
      const visit = (node: Expr): boolean => {
        if (seen.has(node)) return false;
        seen.add(node);
        if ((node.op === 'min' || node.op === 'max') && this.clamps.has(this.interner.canonical(node))) return true;
        return childrenOf(node).some(visit);
      };
      used = visit(expr);
      memo.set(root, used);
    }
    return used;
  }

  /**
   * min / max of a warp-uniform bound and a value that differs between lanes
   * (`x[min(C - 1, i + u * blockDim.x)]`, a row clamped to its last element): the lane-varying
   * side, whose lane differences the classification then measures. Lanes past the bound would
   * all read the bound, one address: the request touches no more sectors than the unclamped
   * addresses do, as many where no lane passes it. Exact whenever the bound is not reached in
   * the warp; the classification says it assumes that.
   */
  private clampedSide(left: LaneValue[], right: LaneValue[]): LaneValue[] | null {
    const leftUniform = identicalInEveryLane(left);
    if (leftUniform === identicalInEveryLane(right)) return null;
    const varying = leftUniform ? right : left;
    return varying.some(isUnknown) ? null : varying;
  }

  /** The node standing for every tree equal to `expr` (shared by the warps of one block cache). */
  canonical(expr: Expr): Expr {
    return this.interner.canonical(expr);
  }

  /** The value of `expr` in each lane (by position in the warp). */
  values(expr: Expr): LaneValue[] {
    const canonical = this.interner.canonical(expr);
    let values = this.memo.get(canonical);
    if (values === undefined) {
      values = this.compute(canonical);
      this.memo.set(canonical, values);
      this.assumptionLog?.push(canonical);
    }
    return values;
  }

  /**
   * A loop-carried value (CarriedExpr): entry + H in each lane, H a warp-uniform unknown named
   * after it, when its induction holds: assuming that form at the loop header, every latch's
   * value differs from the entry by the same amount in every lane. Several carried values that
   * depend on one another (an index and its direction) are assumed together. Unknown otherwise.
   */
  private carriedValues(expr: CarriedExpr): LaneValue[] {
    const entry = this.values(expr.entry);
    const unknownValue = entry.find(isUnknown);
    if (unknownValue) return entry.map(() => unknownValue);
    const hypothesisName = uniformName(`carried${expr.id}`, expr.label);
    const hypothesis = linear(0, new Map([[hypothesisName, 1]]));
    const assumedForm = () => entry.map((value) => addScaled(value as Linear, hypothesis, 1));
    if (this.assumed.has(expr.id)) return assumedForm();
    if (expr.latches === null) return entry.map(() => unknown(expr.reason));
    const outerLog = this.assumptionLog;
    const log: Expr[] = [];
    this.assumed.add(expr.id);
    this.assumptionLog = log;
    let holds = true;
    let failure: UnknownValue = unknown(expr.reason);
    // What each latch adds to the header's value where that is H + a constant (H grows by it each turn).
    const latchSteps: Array<number | null> = [];
    for (const latch of expr.latches) {
      const moved = laneDifferences(this.values(latch), entry);
      latchSteps.push(constantStepOf(moved[0], hypothesisName));
      if (!identicalInEveryLane(moved)) {
        // A latch value that cannot be followed (a pointer loaded in the loop) says why.
        const unfollowed = moved.find(isUnknown);
        if (unfollowed) failure = unknown(`${expr.label}: ${unfollowed.reason}`, unfollowed.indirect);
        holds = false;
        break;
      }
    }
    this.assumed.delete(expr.id);
    this.assumptionLog = outerLog;
    // Values computed under a failed assumption are not values: forget them.
    if (!holds) for (const key of log) this.memo.delete(key);
    else outerLog?.push(...log);
    const step = latchSteps[0];
    if (holds && step && latchSteps.every((other) => other === step)) this.carriedSteps.set(hypothesisName, { loop: expr.loop, step });
    return holds ? assumedForm() : entry.map(() => failure);
  }

  /**
   * A select whose condition is not known but is the same in every lane of the warp (its
   * compared values differ by the same amount in every lane: `last == end` with both
   * lane-strided), with sides a fixed amount D apart in every lane: the whole warp takes one
   * side, so lane l has b_l + D·s, s (0 or 1) a uniform unknown of its own. Null otherwise.
   */
  private warpChoice(expr: Extract<Expr, { op: 'select' }>, whenTrue: LaneValue[], whenFalse: LaneValue[]): LaneValue[] | null {
    if (!this.sameInEveryLane(expr.cond)) return null;
    const apart = laneDifferences(whenTrue, whenFalse);
    if (!identicalInEveryLane(apart)) return null;
    const id = this.interner.idFor(expr);
    const difference = apart[0] as Linear;
    if (isConstant(difference) && difference.constant === 0) return whenFalse;
    // A constant D moves by D·s. A symbolic D·s is one warp-uniform amount: it stands as one
    // symbol, times the gcd of D's constant and coefficients, so that a division or mask D's
    // terms allow still divides it. Multiplied out, choices nested in a loop doubled the terms
    // of the value carried around it at each turn (Rodinia rdwt97Kernel's mirrored indices:
    // thousands of terms of up to 11 factors, 2.2 GB for one variant's carving metrics).
    const [symbol, factor] = isConstant(difference)
      ? [uniformName(`select${id}`, `the choice of ${expr.reason}`), difference.constant]
      : [uniformName(`select${id}:amount`, `the amount the choice of ${expr.reason} adds`), commonFactor(difference)];
    const moved = linear(0, new Map([[symbol, factor]]));
    return whenFalse.map((b) => addScaled(b as Linear, moved, 1));
  }

  /** The condition's compared values differ by the same amount in every lane (so every lane decides alike). */
  private sameInEveryLane(cond: Expr): boolean {
    switch (cond.op) {
      case 'const':
        return true;
      case 'cmp':
        return identicalInEveryLane(laneDifferences(this.values(cond.a), this.values(cond.b)));
      case 'pred':
        return cond.parts.every((part) => this.sameInEveryLane(part));
      default:
        return false;
    }
  }

  private compute(expr: Expr): LaneValue[] {
    const envs = this.envs;
    const count = envs.length;
    const out = new Array<LaneValue>(count);
    if (isLaneFree(expr)) {
      const value = count === 0 ? null : evaluateLane(expr, envs[0], this.noLaneCache, this.blockCache);
      // A uniform value left unknown by a division (blockIndex / gridWidth) is taken node by node below,
      // where warpDivision can name the quotient.
      if (value === null || !isUnknown(value) || !(WARP_DIVISIBLE.test(value.reason) || WARP_UNIFORM_EXTREMUM.test(value.reason))) {
        for (let i = 0; i < count; i++) out[i] = value!;
        return out;
      }
    }
    switch (expr.op) {
      case 'sym':
        for (let i = 0; i < count; i++) out[i] = symbolValue(expr.name, envs[i]);
        return out;
      case 'cvta':
        return this.values(expr.a);
      case 'neg': {
        const inner = this.values(expr.a);
        for (let i = 0; i < count; i++) out[i] = isUnknown(inner[i]) ? inner[i] : scale(inner[i] as Linear, -1);
        return out;
      }
      case 'not': {
        const inner = this.values(expr.a);
        for (let i = 0; i < count; i++) out[i] = isUnknown(inner[i]) ? inner[i] : addScaled(linear(-1), inner[i] as Linear, -1);
        return out;
      }
      case 'cmp':
      case 'pred':
        for (let i = 0; i < count; i++) out[i] = unknown(PREDICATE_AS_VALUE);
        return out;
      case 'select': {
        const whenTrue = this.values(expr.a);
        const whenFalse = this.values(expr.b);
        let undecided = false;
        for (let i = 0; i < count; i++) {
          const valueOf = (side: Expr) => this.values(side)[i];
          const outcome = conditionOutcome(expr.cond, valueOf);
          undecided ||= outcome === null;
          out[i] = outcome === null ? unselected(expr, valueOf) : outcome ? whenTrue[i] : whenFalse[i];
        }
        // A uniform stand-in that resolves is kept; otherwise the warp may still take one side as a whole.
        if (undecided && (!expr.fallback || out.some(isUnknown))) return this.warpChoice(expr, whenTrue, whenFalse) ?? out;
        return out;
      }
      case 'carried':
        return this.carriedValues(expr);
      case 'const':
      case 'opaque':
        // Lane-free (handled above); kept for exhaustiveness.
        for (let i = 0; i < count; i++) out[i] = evaluateLane(expr, envs[i]);
        return out;
      default: {
        const left = this.values(expr.a);
        const right = this.values(expr.b);
        for (let i = 0; i < count; i++) out[i] = binary(expr.op, left[i], right[i], expr.bits);
        if (count > 0 && isUnknown(out[0]) && (expr.op === 'div' || expr.op === 'rem' || expr.op === 'shr')) {
          const divisor = constantOf(right[0]);
          const d = divisor === null ? null : expr.op === 'shr' ? 2 ** divisor : divisor;
          const whole = d === null ? null : warpDivision(expr.op === 'rem' ? 'rem' : 'div', left, right, d, this.interner.idFor(expr));
          if (whole) return whole;
        }
        if ((expr.op === 'min' || expr.op === 'max') && out.some(isUnknown)) {
          const clamped = this.clampedSide(left, right);
          if (clamped) {
            this.clamps.add(expr);
            return clamped;
          }
        }
        if (count > 1 && isUnknown(out[0]) && identicalInEveryLane(left) && identicalInEveryLane(right)) {
          // The same operation on the same values in every lane: one warp-uniform value, named.
          const named = linear(0, new Map([[uniformName(`same${this.interner.idFor(expr)}`, out[0].reason), 1]]));
          return out.map(() => named);
        }
        return out;
      }
    }
  }
}

/**
 * Division or remainder of S + c_l (S the warp's common runtime part, c_l each lane's
 * constant) by a constant d, which the lane-by-lane evaluation leaves unknown when S is not a
 * multiple of d (`idx / C` with idx = blockIdx.x * 256 + threadIdx.x). S is a multiple of
 * g = gcd(S's coefficients, d), so S mod d is one of 0, g, 2g, ... < d: when for every one of
 * them no two lanes fall on different sides of a multiple of d, the quotient is the same in
 * every lane (a new uniform value that ranges with S) and the remainder keeps the lanes'
 * differences (c_l plus a uniform multiple of g). Otherwise the lanes stay unknown.
 */
function warpDivision(op: 'div' | 'rem', left: LaneValue[], right: LaneValue[], d: number, id: number): LaneValue[] | null {
  if (!Number.isInteger(d) || d <= 0) return null;
  const first = left[0];
  if (isUnknown(first) || first.terms.size === 0) return null;
  const key = symbolicKey(first);
  let cmin = Infinity;
  let cmax = -Infinity;
  for (let i = 0; i < left.length; i++) {
    const value = left[i];
    if (isUnknown(value) || isUnknown(right[i]) || constantOf(right[i]) !== constantOf(right[0]) || symbolicKey(value) !== key) return null;
    if (!Number.isInteger(value.constant) || value.constant < 0) return null;
    cmin = Math.min(cmin, value.constant);
    cmax = Math.max(cmax, value.constant);
  }
  let g = d;
  for (const coefficient of first.terms.values()) {
    if (!Number.isInteger(coefficient)) return null;
    g = gcd(g, coefficient);
  }
  if (d / g > RESIDUE_LIMIT) return null;
  for (let r = 0; r < d; r += g) if (Math.floor((r + cmin) / d) !== Math.floor((r + cmax) / d)) return null;
  const range = `iter:d${id}`;
  if (op === 'div') {
    const quotient = linear(0, new Map([[range, 1]]));
    return left.map(() => quotient);
  }
  return left.map((value) => linear((value as Linear).constant, new Map([[range, g]])));
}

/** c where `moved` is H + c (H the named uniform value, c a constant); null otherwise. */
function constantStepOf(moved: LaneValue | undefined, hypothesisName: string): number | null {
  if (moved === undefined || isUnknown(moved) || moved.terms.size !== 1 || moved.terms.get(hypothesisName) !== 1) return null;
  return moved.constant;
}

/** a - b in each lane (unknown where either is). */
function laneDifferences(a: LaneValue[], b: LaneValue[]): LaneValue[] {
  return a.map((left, i) => {
    const right = b[i];
    return isUnknown(left) ? left : isUnknown(right) ? right : addScaled(left, right, -1);
  });
}

/** Every lane holds the same known value (same terms, same constant). */
function identicalInEveryLane(values: LaneValue[]): boolean {
  const first = values[0];
  if (first === undefined || isUnknown(first)) return false;
  const key = symbolicKey(first);
  for (let i = 1; i < values.length; i++) {
    const value = values[i];
    if (isUnknown(value) || value.constant !== first.constant || symbolicKey(value) !== key) return false;
  }
  return true;
}

const WARP_DIVISIBLE = /^(division|remainder) of a runtime value by /;
/** A min / max of warp-uniform runtime values: named as one uniform value node by node. */
const WARP_UNIFORM_EXTREMUM = /^(min|max) of a runtime value$/;

/** Residues of the common part checked at most (d / g). */
const RESIDUE_LIMIT = 4096;

// By terms map: lanes whose values differ only in the constant usually share one map.
const keys = new WeakMap<Map<string, number>, string>();

/** Key of the symbolic part, to test whether two lanes differ only by a constant. */
export function symbolicKey(value: Linear): string {
  const terms = value.terms;
  if (terms.size === 0) return '';
  let key = keys.get(terms);
  if (key === undefined) {
    key = [...terms.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([m, c]) => `${c}*${m}`)
      .join('+');
    keys.set(terms, key);
  }
  return key;
}
