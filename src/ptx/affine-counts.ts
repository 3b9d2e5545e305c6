// Per-thread trip counts of a loop whose start is an affine form of the thread's indices
// (affine.ts): every thread's start is arithmetic, so a grid of millions of threads is counted
// without the value resolver. When the count is monotone in the start and the block's base moves
// by a fixed step from block to block, the sum over the grid's blocks is taken per run of equal
// counts (a grid-stride loop over a grid of 2^24 threads has a handful of distinct counts).
import type { Instruction } from './ast.js';
import { affineOperand, formRange, isConstant, rangeInType, sameForm, scale, type AffineForm, type AffineLaunch } from './affine.js';
import { coordinates, forEachThreadIndex, gridAlong, volume, type Dim3, type ThreadIndex } from './threads.js';
import { compare, isFloatType, toCompared, type ValueResolver } from './values.js';

/** Threads counted one by one at most (a grid beyond it is counted by runs of equal counts). */
const ENUMERATION_LIMIT = 1 << 24;
/** Evaluations of the count at most when summing by runs, as a share of the threads (enumeration is cheaper beyond). */
const RUN_EVALUATION_SHARE = 0.5;

/** -1: the count never grows as the start grows; +1: never shrinks; 0: neither is known. */
export type Direction = -1 | 0 | 1;

export interface StartByThread {
  form: AffineForm;
  /** A thread's trip count from its start (0 when it skips the loop), or null. */
  trips: (start: number) => number | null;
  direction: Direction;
}

export interface AffineCounts {
  sum: number;
  threadsIn: number;
  warpSum: number;
  warps: number;
  startMin: number;
  startMax: number;
}

/** Which threads reach the loop (guards.ts), by block of the grid and thread of the block. */
export interface Reaching {
  scope: 'block' | 'grid';
  reaches: (blockIndex: number, threadIndex: number) => boolean;
}

/** The ordering of a comparison `x OP k` in x: true for the smaller x (-1), for the larger (+1), or neither. */
export function comparisonDirection(op: string): Direction {
  if (['lt', 'le', 'lo', 'ls'].includes(op)) return -1;
  if (['gt', 'ge', 'hi', 'hs'].includes(op)) return 1;
  return 0;
}

/**
 * The branch before a loop (`@%p bra` around it) as a function of the thread's start, when its
 * predicate is `setp` of ±start + d against a launch constant: whether the thread enters, and in
 * which direction of the start the entering threads lie. Null when it is anything else.
 */
export function guardByStart(
  resolver: ValueResolver,
  launch: AffineLaunch,
  guard: { register: string; negated: boolean; statement: number; block: number; entersWhenTaken: boolean },
  start: AffineForm,
): { enters: (start: number) => boolean; direction: Direction } | null {
  const def = resolver.reachingIndex(guard.register, guard.block, guard.statement);
  if (def < 0) return null;
  const setp = resolver.cfg.fn.body[def] as Instruction;
  if (setp.mnemonic !== 'setp' || setp.guard || setp.operands.length !== 3 || setp.modifiers.length !== 2) return null;
  const [op, type] = setp.modifiers;
  if (isFloatType(type)) return null;
  const defBlock = resolver.cfg.blockOfStatement[def];
  const sides = setp.operands.slice(1).map((o) => affineOperand(resolver, launch, o, defBlock, def));
  if (!sides[0] || !sides[1]) return null;
  const constantSide = sides.findIndex((side) => isConstant(side!));
  if (constantSide < 0) return null;
  const threadSide = sides[1 - constantSide]!;
  const limit = sides[constantSide]!.constant;
  // The thread's side is ±start + d: the same coefficients, or all negated.
  const sign = [1, -1].find((σ) => sameForm({ ...threadSide, constant: 0 }, { ...scale(start, σ), constant: 0 }));
  if (sign === undefined) return null;
  // The compared value must hold in the comparison's type over the whole launch (no reinterpretation).
  const range = formRange(threadSide, launch);
  if (!range || !rangeInType(range, type) || !rangeInType([limit, limit], type)) return null;
  const offset = threadSide.constant - sign * start.constant;
  // Entering is the predicate's outcome, or its opposite when the branch skips the loop.
  const flip = guard.negated !== !guard.entersWhenTaken;
  const enters = (s: number): boolean => {
    const x = toCompared(sign * s + offset, type),
      k = toCompared(limit, type);
    const taken = constantSide === 1 ? compare(op, x, k) : compare(op, k, x);
    return taken !== flip;
  };
  let direction = comparisonDirection(op);
  if (constantSide === 0) direction = -direction as Direction;
  if (sign < 0) direction = -direction as Direction;
  if (flip) direction = -direction as Direction;
  return { enters, direction };
}

/**
 * Sum, mean inputs and warp maxima of the per-thread counts over the block (over the grid when
 * `grid` is given), the same figures threadCounts (loops.ts) gathers thread by thread; a string
 * says why they could not be had.
 */
export function countByAffineStart(start: StartByThread, block: Dim3, grid: Dim3 | null, reaching: Reaching | null): AffineCounts | string {
  const blockThreads = volume(block);
  const blocks = grid ? volume(grid) : 1;
  // The part of each thread's start its block does not change.
  const withinBlock = new Float64Array(blockThreads);
  for (let t = 0; t < blockThreads; t++) {
    const [x, y, z] = coordinates(t, block);
    withinBlock[t] = start.form.constant + start.form.tid[0] * x + start.form.tid[1] * y + start.form.tid[2] * z;
  }
  const blockStep = grid ? linearBlockStep(start.form.ctaid, grid) : 0;
  if (blocks > 1 && start.direction !== 0 && blockStep !== null && reaching?.scope !== 'grid') {
    const byRuns = countByRuns(start, withinBlock, blocks, blockStep, reaching);
    if (byRuns !== null) return byRuns;
  }
  return countEach(start, withinBlock, block, grid, reaching);
}

/** Every thread in turn (the start by arithmetic). */
function countEach(
  start: StartByThread,
  withinBlock: Float64Array,
  block: Dim3,
  grid: Dim3 | null,
  reaching: Reaching | null,
): AffineCounts | string {
  const { ctaid: c } = start.form;
  return countEachThread(
    block,
    grid,
    reaching,
    (thread, t) => withinBlock[t] + c[0] * thread.ctaid[0] + c[1] * thread.ctaid[1] + c[2] * thread.ctaid[2],
    (_thread, s) => start.trips(s),
  );
}

/** Visits every thread of a launch (threads.ts forEachThreadIndex, or forEachThread through the resolver). */
export type ThreadEnumeration = (visit: (blockIndex: number, threadIndex: number, thread: ThreadIndex) => boolean | void) => boolean;

/**
 * Every thread of the block (of the grid when given) in turn: `startAt` gives a thread's start (a
 * string: why it has none) and `tripsAt` its count, the indices set in `thread` (x fastest), the
 * threads visited by `enumerate`. Mean and warp maxima's inputs; a string says which thread had no
 * count.
 */
export function countEachThread(
  block: Dim3,
  grid: Dim3 | null,
  reaching: Reaching | null,
  startAt: (thread: ThreadIndex, threadIndex: number) => number | string,
  tripsAt: (thread: ThreadIndex, start: number) => number | null,
  enumerate: ThreadEnumeration = (visit) => forEachThreadIndex(block, grid, visit),
): AffineCounts | string {
  const blocks = grid ? volume(grid) : 1;
  const blockThreads = volume(block);
  if (blocks * blockThreads > ENUMERATION_LIMIT)
    return `${blocks * blockThreads} threads exceed the enumeration limit of ${ENUMERATION_LIMIT}`;
  const counts: AffineCounts = { sum: 0, threadsIn: 0, warpSum: 0, warps: 0, startMin: Infinity, startMax: -Infinity };
  let failure: string | null = null;
  let warpMax = 0,
    warpHasThread = false;
  enumerate((b, t, thread) => {
    if (!reaching || reaching.reaches(b, t)) {
      const s = startAt(thread, t);
      if (typeof s === 'string') {
        failure = s;
        return false;
      }
      const trips = tripsAt(thread, s);
      if (trips === null) {
        failure = `no count for a thread starting at ${s} (its bound is unknown or the loop does not terminate cleanly)`;
        return false;
      }
      if (s < counts.startMin) counts.startMin = s;
      if (s > counts.startMax) counts.startMax = s;
      counts.sum += trips;
      counts.threadsIn++;
      warpHasThread = true;
      if (trips > warpMax) warpMax = trips;
    }
    // A warp none of whose threads enters issues no iteration: it is not averaged in.
    if (t % 32 === 31 || t === blockThreads - 1) {
      if (warpHasThread) {
        counts.warpSum += warpMax;
        counts.warps++;
      }
      warpMax = 0;
      warpHasThread = false;
    }
  });
  if (failure !== null) return failure;
  return counts;
}

/**
 * countEachThread for a start and a count that read no %tid (`blockAxesRead`: the %ctaid axes
 * they read, indexAxisBit): every thread of a block shares its block's, so one evaluation per
 * distinct value of those axes stands for all the threads that share it, in the mean and in the
 * warp maxima alike (a row per block over 1024 x 48 blocks of 512 threads: 1,024 evaluations
 * for 25,165,824 threads). Every thread reaches the loop (no per-thread guard before it).
 */
export function countEachBlock(
  block: Dim3,
  grid: Dim3 | null,
  blockAxesRead: number,
  startAt: (thread: ThreadIndex) => number | string,
  tripsAt: (thread: ThreadIndex, start: number) => number | null,
): AffineCounts | string {
  const shape: Dim3 = grid ? gridAlong(grid, blockAxesRead) : [1, 1, 1];
  const evaluations = volume(shape);
  if (evaluations > ENUMERATION_LIMIT) return `${evaluations} blocks exceed the enumeration limit of ${ENUMERATION_LIMIT}`;
  const blockThreads = volume(block);
  const warpsPerBlock = Math.ceil(blockThreads / 32);
  const blocksEach = (grid ? volume(grid) : 1) / evaluations;
  const counts: AffineCounts = { sum: 0, threadsIn: 0, warpSum: 0, warps: 0, startMin: Infinity, startMax: -Infinity };
  const thread: ThreadIndex = { tid: [0, 0, 0], ctaid: [0, 0, 0], stamp: 0 };
  for (let b = 0; b < evaluations; b++) {
    thread.ctaid = coordinates(b, shape);
    thread.stamp++;
    const s = startAt(thread);
    if (typeof s === 'string') return s;
    const trips = tripsAt(thread, s);
    if (trips === null) return `no count for a block starting at ${s} (its bound is unknown or the loop does not terminate cleanly)`;
    if (s < counts.startMin) counts.startMin = s;
    if (s > counts.startMax) counts.startMax = s;
    counts.sum += trips * blockThreads * blocksEach;
    counts.threadsIn += blockThreads * blocksEach;
    counts.warpSum += trips * warpsPerBlock * blocksEach;
    counts.warps += warpsPerBlock * blocksEach;
  }
  return counts;
}

/**
 * By runs of equal counts along the grid: for each thread of the block (each warp), the counts of
 * that thread in blocks 0, 1, 2, ... are monotone (the start moves by `blockStep` per block), so
 * equal counts form runs found by bisection. Null when the runs are too many to be worth it.
 */
function countByRuns(
  start: StartByThread,
  withinBlock: Float64Array,
  blocks: number,
  blockStep: number,
  reaching: Reaching | null,
): AffineCounts | null {
  const blockThreads = withinBlock.length;
  const budget = { evaluations: Math.ceil(blocks * blockThreads * RUN_EVALUATION_SHARE) };
  const counts: AffineCounts = { sum: 0, threadsIn: 0, warpSum: 0, warps: 0, startMin: Infinity, startMax: -Infinity };
  const lastBase = blockStep * (blocks - 1);
  for (let warpStart = 0; warpStart < blockThreads; warpStart += 32) {
    let low = Infinity,
      high = -Infinity;
    for (let t = warpStart; t < Math.min(warpStart + 32, blockThreads); t++) {
      if (reaching && !reaching.reaches(0, t)) continue;
      const own = withinBlock[t];
      const sum = runSum((b) => start.trips(own + blockStep * b), blocks, budget);
      if (sum === null) return null;
      counts.sum += sum;
      counts.threadsIn += blocks;
      low = Math.min(low, own);
      high = Math.max(high, own);
    }
    if (low > high) continue;
    counts.startMin = Math.min(counts.startMin, low + Math.min(0, lastBase));
    counts.startMax = Math.max(counts.startMax, high + Math.max(0, lastBase));
    // With the count monotone in the start, a warp's largest is that of its lowest or its highest start.
    const warpSum = runSum(
      (b) => {
        const atLow = start.trips(low + blockStep * b),
          atHigh = start.trips(high + blockStep * b);
        return atLow === null || atHigh === null ? null : Math.max(atLow, atHigh);
      },
      blocks,
      budget,
    );
    if (warpSum === null) return null;
    counts.warpSum += warpSum;
    counts.warps += blocks;
  }
  return counts;
}

/**
 * Σ count(i) for i in [0, n) where count is monotone in i: each run of equal values is found by
 * doubling then bisection. Null when a count is missing or the budget runs out.
 */
export function runSum(count: (i: number) => number | null, n: number, budget: { evaluations: number }): number | null {
  let total = 0;
  const at = (i: number): number | null => (--budget.evaluations < 0 ? null : count(i));
  for (let first = 0; first < n;) {
    const value = at(first);
    if (value === null) return null;
    let last = first; // count(last) === value
    let beyond = n; // the first index known to differ, or n
    for (let step = 1; last + step < n; step *= 2) {
      const probe = at(last + step);
      if (probe === null) return null;
      if (probe !== value) {
        beyond = last + step;
        break;
      }
      last += step;
    }
    while (beyond - last > 1) {
      const middle = Math.floor((last + beyond) / 2);
      const probe = at(middle);
      if (probe === null) return null;
      if (probe === value) last = middle;
      else beyond = middle;
    }
    total += value * (last - first + 1);
    first = last + 1;
  }
  return total;
}

/**
 * The step of the block's part of the start from one block to the next in the grid's linear order
 * (x fastest), or null when it is not one step (a form like blockIdx.x * gridDim.y + blockIdx.y).
 */
function linearBlockStep(ctaid: Dim3, grid: Dim3): number | null {
  let step: number | null = null;
  let stride = 1;
  for (let axis = 0; axis < 3; axis++) {
    if (grid[axis] > 1) {
      if (step === null) step = ctaid[axis] / stride;
      else if (ctaid[axis] !== step * stride) return null;
    }
    stride *= grid[axis];
  }
  return step ?? 0;
}
