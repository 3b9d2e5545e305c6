// Branch divergence: a conditional branch whose predicate differs between lanes of a warp.
// Predicates are evaluated per lane like addresses. A comparison whose lanes differ only
// by a constant against a runtime bound (`i < n`) splits at most the one warp straddling
// the bound: reported as not divergent, with that reason.
import { isUniformExpr, type Expr } from './expr.js';
import { combineOutcomes, compareDifference, isUnknown, symbolicKey, type Linear } from './linear.js';
import { laneValue, laneValues, type Lane } from './classify.js';

type Comparison = Extract<Expr, { op: 'cmp' }>;
const differences = new WeakMap<Comparison, Expr>();

/**
 * a - b of a comparison, one tree per comparison so its lane values are evaluated once.
 * `lane`: any lane, to find the uniform subtrees the lane evaluation cannot follow.
 */
function differenceOf(expr: Comparison, lane: Lane): Expr {
  let difference = differences.get(expr);
  if (difference === undefined) {
    const copies = new Map<Expr, Expr>();
    difference = { op: 'sub', a: uniformAsSymbols(expr.a, lane, copies), b: uniformAsSymbols(expr.b, lane, copies) };
    differences.set(expr, difference);
  }
  return difference;
}

const uniformSymbols = new WeakMap<Expr, Expr>();
let nextUniform = 0;

/**
 * The tree with every warp-uniform subtree the lane evaluation cannot follow (a bound loaded
 * from memory, a runtime value halved, a merge of uniform values) as a runtime symbol of its
 * own: for a branch only the difference between lanes matters, and a uniform value is the
 * same in every lane of a warp. `copies`: the result for each node already rewritten, so a
 * subtree shared by many parents (select chains) is rewritten once and stays shared.
 */
function uniformAsSymbols(expr: Expr, lane: Lane, copies: Map<Expr, Expr>): Expr {
  if (expr.op === 'const' || expr.op === 'sym') return expr;
  let copy = copies.get(expr);
  if (copy === undefined) {
    copy = rewriteUniforms(expr, lane, copies);
    copies.set(expr, copy);
  }
  return copy;
}

function rewriteUniforms(expr: Expr, lane: Lane, copies: Map<Expr, Expr>): Expr {
  if (isUniformExpr(expr)) {
    if (!isUnknown(laneValue(expr, lane))) return expr;
    let named = uniformSymbols.get(expr);
    if (!named) {
      named = { op: 'sym', name: `uniform#${nextUniform++}` };
      uniformSymbols.set(expr, named);
    }
    return named;
  }
  switch (expr.op) {
    case 'const':
    case 'sym':
    case 'opaque':
    case 'carried':
      return expr;
    case 'neg':
    case 'not':
    case 'cvta':
      return { ...expr, a: uniformAsSymbols(expr.a, lane, copies) };
    case 'pred':
      return { ...expr, parts: expr.parts.map((part) => uniformAsSymbols(part, lane, copies)) };
    case 'select':
      return {
        ...expr,
        cond: uniformAsSymbols(expr.cond, lane, copies),
        a: uniformAsSymbols(expr.a, lane, copies),
        b: uniformAsSymbols(expr.b, lane, copies),
      };
    default:
      return { ...expr, a: uniformAsSymbols(expr.a, lane, copies), b: uniformAsSymbols(expr.b, lane, copies) };
  }
}

export type PredicateStatus = 'uniform' | 'bound' | 'divergent';

const RANK: PredicateStatus[] = ['uniform', 'bound', 'divergent'];

/** `unresolved`: divergent only because a lane's value could not be followed (not shown to differ within a warp). */
export interface PredicateResult {
  status: PredicateStatus;
  reason: string;
  unresolved?: boolean;
}

function comparisonStatus(expr: Extract<Expr, { op: 'cmp' }>, warps: Lane[][]): PredicateResult {
  if (isUniformExpr(expr.a) && isUniformExpr(expr.b)) return { status: 'uniform', reason: 'warp-uniform predicate' };
  if (!warps[0]?.length) return { status: 'uniform', reason: 'warp-uniform predicate' };
  const difference = differenceOf(expr, warps[0][0]);
  let status: PredicateStatus = 'uniform';
  for (const warp of warps) {
    const values = laneValues(difference, warp);
    const unknownValue = values.find(isUnknown);
    if (unknownValue && isUnknown(unknownValue)) {
      return { status: 'divergent', reason: `predicate depends on the lane through ${unknownValue.reason}`, unresolved: true };
    }
    const linears = values as Linear[];
    const key = symbolicKey(linears[0]);
    if (linears.some((value) => symbolicKey(value) !== key)) {
      return { status: 'divergent', reason: 'lanes compare against different runtime values' };
    }
    if (key === '') {
      const outcomes = new Set(linears.map((value) => compareDifference(expr.cmp, value.constant)));
      if (outcomes.size > 1)
        return { status: 'divergent', reason: `lanes of a warp take different directions (${expr.cmp} on the thread index)` };
    } else if (new Set(linears.map((value) => value.constant)).size > 1) {
      status = 'bound';
    }
  }
  return status === 'bound'
    ? { status, reason: 'thread-dependent bound check: only the warp straddling the runtime bound diverges' }
    : { status, reason: 'warp-uniform predicate' };
}

/** Results by lanes and canonical predicate: a branch's predicate is classified for lane reachability and again for its report. */
const statuses = new WeakMap<Lane[][], WeakMap<Expr, PredicateResult>>();

export function predicateStatus(expr: Expr, warps: Lane[][]): PredicateResult {
  const evaluator = warps[0]?.[0]?.evaluator;
  if (evaluator === undefined) return predicateStatusOnce(expr, warps);
  const canonical = evaluator.canonical(expr);
  let byPredicate = statuses.get(warps);
  if (byPredicate === undefined) statuses.set(warps, (byPredicate = new WeakMap<Expr, PredicateResult>()));
  let result = byPredicate.get(canonical);
  if (result === undefined) byPredicate.set(canonical, (result = predicateStatusOnce(expr, warps)));
  return result;
}

function predicateStatusOnce(expr: Expr, warps: Lane[][]): PredicateResult {
  if (isUniformExpr(expr)) return { status: 'uniform', reason: 'warp-uniform predicate' };
  switch (expr.op) {
    case 'cmp':
      return comparisonStatus(expr, warps);
    case 'pred': {
      let worst: PredicateResult = { status: 'uniform', reason: 'warp-uniform predicate' };
      for (const part of expr.parts) {
        const result = predicateStatus(part, warps);
        if (RANK.indexOf(result.status) > RANK.indexOf(worst.status)) worst = result;
      }
      return worst;
    }
    case 'opaque':
      return expr.uniform
        ? { status: 'uniform', reason: `warp-uniform predicate (${expr.reason})` }
        : { status: 'divergent', reason: `predicate varies per lane: ${expr.reason}` };
    default:
      return { status: 'divergent', reason: 'predicate not resolved' };
  }
}

/** The predicate's value in one lane, or null when it depends on runtime values. */
export function laneOutcome(expr: Expr, lane: Lane): boolean | null {
  switch (expr.op) {
    case 'const':
      return expr.value !== 0;
    case 'cmp': {
      const difference = laneValue(differenceOf(expr, lane), lane);
      return isUnknown(difference) || difference.terms.size > 0 ? null : compareDifference(expr.cmp, difference.constant);
    }
    case 'pred':
      return combineOutcomes(
        expr.combine,
        expr.parts.map((part) => laneOutcome(part, lane)),
      );
    default:
      return null;
  }
}

/**
 * The lanes of each warp a guard `@%p` / `@!%p` leaves active, when every lane's outcome is
 * known; otherwise null (all lanes are assumed active).
 */
export function activeLanes(guard: Expr, negated: boolean, warps: Lane[][]): Lane[][] | null {
  if (isUniformExpr(guard)) return null;
  const active: Lane[][] = [];
  for (const warp of warps) {
    const kept: Lane[] = [];
    for (const lane of warp) {
      const outcome = laneOutcome(guard, lane);
      if (outcome === null) return null;
      if (outcome !== negated) kept.push(lane);
    }
    if (kept.length) active.push(kept);
  }
  return active;
}
