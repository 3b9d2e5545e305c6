// Enumerating the threads of a known launch through the value resolver: %tid (and %ctaid for a
// grid) are set in its special-register map for each thread in turn and cleared afterwards.
// Per-thread loop counts (loops.ts) and per-thread branches (guards.ts) share it.
import type { ValueResolver } from './values.js';

export type Dim3 = [number, number, number];

/** A thread's indices for functions compiled over them (thread-function.ts), and a number that changes with the thread. */
export interface ThreadIndex {
  tid: Dim3;
  ctaid: Dim3;
  /** Compiled instructions keep their last value while it is unchanged (a value several others read is computed once per thread). */
  stamp: number;
}

const AXES = ['x', 'y', 'z'] as const;

const THREAD_INDEX_REGISTER = /^%(tid|ctaid)\.([xyz])$/;

/** `%tid.y` -> { of: 'tid', axis: 1 }; null for any other name (compiled functions and affine forms read these). */
export function threadIndexRegister(name: string): { of: 'tid' | 'ctaid'; axis: number } | null {
  const match = THREAD_INDEX_REGISTER.exec(name);
  return match ? { of: match[1] as 'tid' | 'ctaid', axis: AXES.indexOf(match[2] as 'x') } : null;
}

/** Coordinates of linear index `i` in a box of `shape` (x fastest). */
export function coordinates(i: number, shape: readonly number[]): Dim3 {
  return [i % shape[0], Math.floor(i / shape[0]) % shape[1], Math.floor(i / (shape[0] * shape[1]))];
}

export function volume(shape: readonly number[]): number {
  return shape[0] * shape[1] * shape[2];
}

/** Sets %tid (and %ctaid when given) in the resolver. */
export function setThread(resolver: ValueResolver, tid: readonly number[], ctaid: readonly number[] | null = null): void {
  tid.forEach((v, i) => resolver.special.set(`%tid.${AXES[i]}`, v));
  if (ctaid) setCtaid(resolver, ctaid);
}

function setCtaid(resolver: ValueResolver, ctaid: readonly number[]): void {
  ctaid.forEach((v, i) => resolver.special.set(`%ctaid.${AXES[i]}`, v));
}

/**
 * Calls `visit` for every thread of every block of `grid` with only %ctaid set in the resolver
 * (%tid unset, apart from the axes one thread long): what resolves there is the same for every
 * thread of the block. `atBlock(blockIndex)` runs once per block before its threads.
 */
export function forEachThreadByBlock(
  resolver: ValueResolver,
  block: readonly number[],
  grid: readonly number[],
  atBlock: (blockIndex: number) => void,
  visit: (blockIndex: number, threadIndex: number, thread: ThreadIndex) => boolean | void,
): boolean {
  try {
    return forEachThreadIndex(block, grid, (b, t, thread) => {
      if (t === 0) {
        setBlockOnly(resolver, thread.ctaid);
        atBlock(b);
      }
      return visit(b, t, thread);
    });
  } finally {
    clearThread(resolver);
  }
}

/** Sets %ctaid and leaves %tid unset (but for the launch-wide axes). */
export function setBlockOnly(resolver: ValueResolver, ctaid: readonly number[]): void {
  clearThread(resolver);
  setCtaid(resolver, ctaid);
}

export function clearThread(resolver: ValueResolver): void {
  for (const axis of AXES) {
    resolver.special.delete(`%tid.${axis}`);
    resolver.special.delete(`%ctaid.${axis}`);
  }
  setLaunchWide(resolver);
}

/** The indices every thread of the launch shares (ValueResolver.launchWide), set again. */
function setLaunchWide(resolver: ValueResolver): void {
  for (const [name, value] of resolver.launchWide) resolver.special.set(name, value);
}

/**
 * Sets what a known launch fixes for every thread: %ntid and %nctaid, and the thread indices of
 * an axis of the block (of the grid) one thread (block) long, 0 everywhere, so a branch on them
 * is decided for the launch.
 */
export function setLaunch(resolver: ValueResolver, block: readonly number[] | null, grid: readonly number[] | null): void {
  AXES.forEach((axis, i) => {
    if (block) resolver.special.set(`%ntid.${axis}`, block[i]);
    if (grid) resolver.special.set(`%nctaid.${axis}`, grid[i]);
    if (block && block[i] === 1) resolver.launchWide.set(`%tid.${axis}`, 0);
    if (grid && grid[i] === 1) resolver.launchWide.set(`%ctaid.${axis}`, 0);
  });
  setLaunchWide(resolver);
}

/**
 * Calls `visit(blockIndex, threadIndex)` for every thread of the block, or of every block of
 * `grid` (which then sets %ctaid too), with the indices set in the resolver; they are cleared at
 * the end. `visit` returns false to stop; the result says whether every thread was visited.
 */
export function forEachThread(
  resolver: ValueResolver,
  block: readonly number[],
  grid: readonly number[] | null,
  visit: (blockIndex: number, threadIndex: number, thread: ThreadIndex) => boolean | void,
): boolean {
  try {
    return forEachThreadIndex(block, grid, (b, t, thread) => {
      // %ctaid once per block: each change of the map costs the resolver's memo its thread-dependent entries.
      setThread(resolver, thread.tid, t === 0 && grid ? thread.ctaid : null);
      return visit(b, t, thread);
    });
  } finally {
    clearThread(resolver);
  }
}

/** Bit of a thread index in a mask of the indices a value reads: %tid.x/y/z 0-2, %ctaid.x/y/z 3-5. */
export function indexAxisBit(of: 'tid' | 'ctaid', axis: number): number {
  return 1 << ((of === 'ctaid' ? 3 : 0) + axis);
}

/** The %tid bits of such a mask. */
export const THREAD_INDEX_AXES = 0b000111;
/** The %ctaid bits of such a mask. */
export const BLOCK_INDEX_AXES = 0b111000;

/** The grid along the %ctaid axes of `axes`, 1 along the others: the distinct block-index values a value reading those axes takes. */
export function gridAlong(grid: readonly number[], axes: number): Dim3 {
  return [0, 1, 2].map((axis) => (axes & indexAxisBit('ctaid', axis) ? grid[axis] : 1)) as Dim3;
}

/** Sets the %ctaid axes of `axes` and leaves every other index unset. */
function setBlockAxes(resolver: ValueResolver, ctaid: readonly number[], axes: number): void {
  clearThread(resolver);
  ctaid.forEach((v, i) => {
    if (axes & indexAxisBit('ctaid', i)) resolver.special.set(`%ctaid.${AXES[i]}`, v);
  });
}

/**
 * The %ctaid axes (BLOCK_INDEX_AXES bits) `probe` needs, found at block 0 with %tid unset, or set
 * to thread 0 where `atThread` (a value that is the thread's, not the block's): null when it does
 * not resolve there. An axis the grid spans with one block is never needed.
 */
export function blockAxesNeeded(resolver: ValueResolver, grid: readonly number[], probe: () => boolean, atThread = false): number | null {
  let axes = BLOCK_INDEX_AXES;
  const setAt = (withAxes: number) => {
    setBlockAxes(resolver, [0, 0, 0], withAxes);
    if (atThread) setThread(resolver, [0, 0, 0]);
  };
  try {
    setAt(axes);
    if (!probe()) return null;
    for (let axis = 0; axis < 3; axis++) {
      const without = axes & ~indexAxisBit('ctaid', axis);
      setAt(without);
      if (grid[axis] === 1 || probe()) axes = without;
    }
    return axes;
  } finally {
    clearThread(resolver);
  }
}

/**
 * Calls `visit(weight)` once per distinct value of the grid's %ctaid axes in `axes`, with those
 * set in the resolver and every other index unset; `weight` is the number of blocks that share
 * the value. False when `visit` stopped.
 */
export function forEachBlockValue(
  resolver: ValueResolver,
  grid: readonly number[],
  axes: number,
  visit: (weight: number) => boolean,
): boolean {
  const shape = gridAlong(grid, axes);
  const values = volume(shape);
  const weight = volume(grid) / values;
  try {
    for (let b = 0; b < values; b++) {
      setBlockAxes(resolver, coordinates(b, shape), axes);
      if (!visit(weight)) return false;
    }
    return true;
  } finally {
    clearThread(resolver);
  }
}

/**
 * Where `probe` resolves: 'block' with %tid alone (thread 0), 'grid' when it needs %ctaid too
 * (block 0; only with a known grid), else null. Thread 0 of block 0 stands for every thread: the
 * shape of a condition does not depend on the values.
 */
export function scopeFor(resolver: ValueResolver, grid: readonly number[] | null, probe: () => boolean): 'block' | 'grid' | null {
  try {
    setThread(resolver, [0, 0, 0]);
    if (probe()) return 'block';
    if (!grid) return null;
    setThread(resolver, [0, 0, 0], [0, 0, 0]);
    return probe() ? 'grid' : null;
  } finally {
    clearThread(resolver);
  }
}

/**
 * Calls `visit(blockIndex, threadIndex, thread)` for every thread of the block, or of every block
 * of `grid`, with the indices set in `thread` (and its stamp moved on); no resolver involved.
 * `visit` returns false to stop; the result says whether every thread was visited.
 */
export function forEachThreadIndex(
  block: readonly number[],
  grid: readonly number[] | null,
  visit: (blockIndex: number, threadIndex: number, thread: ThreadIndex) => boolean | void,
): boolean {
  const blocks = grid ? volume(grid) : 1;
  const blockThreads = volume(block);
  const thread: ThreadIndex = { tid: [0, 0, 0], ctaid: [0, 0, 0], stamp: 0 };
  for (let b = 0; b < blocks; b++) {
    if (grid) thread.ctaid = coordinates(b, grid);
    for (let t = 0; t < blockThreads; t++) {
      thread.tid = coordinates(t, block);
      thread.stamp++;
      if (visit(b, t, thread) === false) return false;
    }
  }
  return true;
}
