// Branches whose outcome differs per thread but is known for each thread of a known launch:
// the bounds guard `if (i < n)` with i = blockIdx.x * blockDim.x + threadIdx.x and n given,
// `if (threadIdx.x < 7)`, `if (x < W && y < H)`. Every thread of the block (of the grid when
// the condition reads %ctaid) is evaluated; threads with the same outcomes take the same path,
// so the CFG is walked once per distinct outcome vector. The result is the exact fraction of
// the launch's threads that reaches each block, which weights per-thread instructions and
// bytes the way Nsight Compute averages them (over threads launched).
import type { Instruction } from './ast.js';
import { dominates, type Cfg } from './cfg.js';
import type { ValueResolver } from './values.js';

export interface GuardLaunch {
  block: [number, number, number] | null;
  grid: [number, number, number] | null;
}

export interface ThreadReach {
  /** Fraction of the threads enumerated that reaches each block (0..1). */
  fraction: number[];
  /** Blocks whose closing branch was resolved per thread. */
  resolvedBranches: number[];
  /** 'block': conditions read only %tid (and launch constants); 'grid': %ctaid too. */
  scope: 'block' | 'grid';
  block: [number, number, number];
  grid: [number, number, number];
  /** Outcome-vector index of each enumerated thread (block-major: ctaid linear index * blockThreads + tid linear index). */
  pathOfThread: Uint32Array;
  /** reached[path][block]: 1 when threads with that outcome vector reach the block. */
  reached: Uint8Array[];
}

/** Predicate evaluations (threads x branches) at most; larger launches keep the branches unknown. */
const EVALUATION_LIMIT = 1 << 18;
/** Distinct outcome vectors at most (each costs one CFG walk). */
const PATH_LIMIT = 4096;

const AXES = ['x', 'y', 'z'] as const;

interface Candidate {
  block: number;
  statement: number;
  register: string;
  negated: boolean;
  target: number;
  fallthrough: number;
  needsGrid: boolean;
}

/**
 * Per-thread reach of every block, or null when no undecided branch of a live block is known per
 * thread. `decidedNext[b]` is the successor liveBlocks chose for a branch decided by launch-wide
 * values (-1 otherwise); `live[b]` says whether b is reachable at all.
 */
export function threadReach(
  cfg: Cfg,
  resolver: ValueResolver,
  launch: GuardLaunch,
  live: readonly number[],
  decidedNext: readonly number[],
): ThreadReach | null {
  const block = launch.block;
  if (!block) return null;
  const candidates = findCandidates(cfg, resolver, launch, live, decidedNext);
  if (candidates.length === 0) return null;
  const blockThreads = block[0] * block[1] * block[2];
  // Keep the grid-dependent branches only when the whole grid fits the evaluation budget.
  let scope: 'block' | 'grid' = candidates.some((c) => c.needsGrid) ? 'grid' : 'block';
  const gridOf = (s: 'block' | 'grid'): [number, number, number] => (s === 'grid' ? launch.grid! : [1, 1, 1]);
  const threadsOf = (s: 'block' | 'grid') => blockThreads * gridOf(s).reduce((a, b) => a * b, 1);
  let used = candidates;
  if (scope === 'grid' && threadsOf('grid') * candidates.length > EVALUATION_LIMIT) {
    scope = 'block';
    used = candidates.filter((c) => !c.needsGrid);
  }
  const grid = gridOf(scope);
  const threads = threadsOf(scope);
  if (used.length === 0 || threads * used.length > EVALUATION_LIMIT) return null;

  const pathOfThread = new Uint32Array(threads);
  const pathIndex = new Map<string, number>();
  const outcomes: boolean[][] = [];
  const counts: number[] = [];
  const blocks = grid[0] * grid[1] * grid[2];
  try {
    for (let b = 0; b < blocks; b++) {
      if (scope === 'grid') {
        const ctaid = [b % grid[0], Math.floor(b / grid[0]) % grid[1], Math.floor(b / (grid[0] * grid[1]))];
        ctaid.forEach((v, i) => resolver.special.set(`%ctaid.${AXES[i]}`, v));
      }
      for (let t = 0; t < blockThreads; t++) {
        const tid = [t % block[0], Math.floor(t / block[0]) % block[1], Math.floor(t / (block[0] * block[1]))];
        tid.forEach((v, i) => resolver.special.set(`%tid.${AXES[i]}`, v));
        const taken: boolean[] = [];
        let key = '';
        for (const c of used) {
          const value = resolver.predicateRegister(c.register, c.block, c.statement);
          // Resolved for thread 0 of block 0 but not for this thread (a value out of range): give up on per-thread reach.
          if (value === null) return null;
          const isTaken = value !== c.negated;
          taken.push(isTaken);
          key += isTaken ? '1' : '0';
        }
        let index = pathIndex.get(key);
        if (index === undefined) {
          if (outcomes.length >= PATH_LIMIT) return null;
          index = outcomes.length;
          pathIndex.set(key, index);
          outcomes.push(taken);
          counts.push(0);
        }
        counts[index]++;
        pathOfThread[b * blockThreads + t] = index;
      }
    }
  } finally {
    for (const axis of AXES) {
      resolver.special.delete(`%tid.${axis}`);
      resolver.special.delete(`%ctaid.${axis}`);
    }
  }

  const candidateAt = new Map(used.map((c, i) => [c.block, i]));
  const reached = outcomes.map((taken) => walk(cfg, decidedNext, candidateAt, used, taken));
  const fraction = new Array<number>(cfg.blocks.length).fill(0);
  reached.forEach((r, path) => {
    for (let b = 0; b < r.length; b++) if (r[b]) fraction[b] += counts[path];
  });
  for (let b = 0; b < fraction.length; b++) fraction[b] /= threads;
  return { fraction, resolvedBranches: used.map((c) => c.block), scope, block, grid, pathOfThread, reached };
}

/** Undecided two-way branches of live blocks whose predicate resolves once %tid (and %ctaid) are given. */
function findCandidates(
  cfg: Cfg,
  resolver: ValueResolver,
  launch: GuardLaunch,
  live: readonly number[],
  decidedNext: readonly number[],
): Candidate[] {
  const candidates: Candidate[] = [];
  const set = (name: string, values: readonly number[]) => values.forEach((v, i) => resolver.special.set(`%${name}.${AXES[i]}`, v));
  const clear = (name: string) => AXES.forEach((a) => resolver.special.delete(`%${name}.${a}`));
  try {
    for (const b of cfg.reversePostorder) {
      const node = cfg.blocks[b];
      if (!live[b] || decidedNext[b] >= 0 || node.successors.length !== 2) continue;
      const statement = node.statements[node.statements.length - 1];
      const last = statement === undefined ? null : (cfg.fn.body[statement] as Instruction);
      if (!last || last.mnemonic !== 'bra' || !last.guard) continue;
      const fallthrough = b + 1;
      const target = node.successors.find((s) => s !== fallthrough) ?? node.successors[0];
      const resolves = () => resolver.predicateRegister(last.guard!.register, b, statement) !== null;
      // Thread 0 of block 0 stands for every thread: the condition's shape does not depend on the values.
      set('tid', [0, 0, 0]);
      clear('ctaid');
      let needsGrid = false;
      if (!resolves()) {
        if (!launch.grid) continue;
        set('ctaid', [0, 0, 0]);
        if (!resolves()) continue;
        needsGrid = true;
      }
      candidates.push({ block: b, statement, register: last.guard.register, negated: last.guard.negated, target, fallthrough, needsGrid });
    }
  } finally {
    clear('tid');
    clear('ctaid');
  }
  return candidates;
}

/** Blocks reached from the entry by threads with these outcomes; other undecided branches go both ways. */
function walk(cfg: Cfg, decidedNext: readonly number[], candidateAt: Map<number, number>, used: Candidate[], taken: boolean[]): Uint8Array {
  const reached = new Uint8Array(cfg.blocks.length);
  const work = [cfg.entry];
  while (work.length > 0) {
    const b = work.pop()!;
    if (reached[b]) continue;
    reached[b] = 1;
    const c = candidateAt.get(b);
    const next =
      decidedNext[b] >= 0
        ? [decidedNext[b]]
        : c !== undefined
          ? [taken[c] ? used[c].target : used[c].fallthrough]
          : cfg.blocks[b].successors;
    for (const s of next) if (!reached[s]) work.push(s);
  }
  return reached;
}

/** Whether the thread (linear block index, linear thread index) reaches `block`. */
export function threadReaches(reach: ThreadReach, blockIndex: number, threadIndex: number, block: number): boolean {
  const blockThreads = reach.block[0] * reach.block[1] * reach.block[2];
  const b = reach.scope === 'grid' ? blockIndex : 0;
  return reach.reached[reach.pathOfThread[b * blockThreads + threadIndex]][block] === 1;
}

/** A counted loop's induction, for branches inside it that depend on the iteration. */
export interface LoopInduction {
  header: number;
  blocks: number[];
  register: string;
  /** Header values of `register` for the thread whose %tid / %ctaid are set in the resolver. */
  headerValues: () => number[] | null;
}

/** Thread x iteration evaluations at most, over all in-loop branches. */
const LOOP_EVALUATION_LIMIT = 1 << 20;

/**
 * Branches inside a counted loop whose predicate resolves once the thread's indices and the
 * loop's induction value are given (`if (tid < s)` in a tree reduction): the share of
 * (thread, iteration) pairs that take each side scales the blocks that side dominates.
 */
export function loopBranchScale(
  cfg: Cfg,
  resolver: ValueResolver,
  launch: GuardLaunch,
  inductions: readonly LoopInduction[],
  reach: ThreadReach | null,
  decidedNext: readonly number[],
): { scale: number[]; resolvedBranches: number[]; scope: 'block' | 'grid'; threads: number } | null {
  const block = launch.block;
  if (!block || inductions.length === 0) return null;
  // Innermost counted loop of each block (smallest body).
  const innermost = new Map<number, LoopInduction>();
  for (const loop of [...inductions].sort((a, b) => b.blocks.length - a.blocks.length)) for (const b of loop.blocks) innermost.set(b, loop);
  const scale = new Array<number>(cfg.blocks.length).fill(1);
  const resolvedBranches: number[] = [];
  const resolved = new Set(reach?.resolvedBranches ?? []);
  const blockThreads = block[0] * block[1] * block[2];
  let budget = LOOP_EVALUATION_LIMIT;
  let usedScope: 'block' | 'grid' = 'block';
  let usedThreads = 0;
  for (const b of cfg.reversePostorder) {
    const loop = innermost.get(b);
    const node = cfg.blocks[b];
    if (!loop || decidedNext[b] >= 0 || resolved.has(b) || node.successors.length !== 2) continue;
    // if / if-else inside the body only: loop exits and back edges are the trip count's business.
    if (node.successors.some((s) => s === loop.header || !loop.blocks.includes(s))) continue;
    const statement = node.statements[node.statements.length - 1];
    const last = statement === undefined ? null : (cfg.fn.body[statement] as Instruction);
    if (!last || last.mnemonic !== 'bra' || !last.guard) continue;
    const guard = last.guard;
    let scope = scopeFor(resolver, launch, () => {
      const values = loop.headerValues();
      if (!values || values.length === 0) return null;
      resolver.special.set(loop.register, values[0]);
      return resolver.predicateRegister(guard.register, b, statement);
    });
    if (scope === null) continue;
    // Threads kept from the loop by a grid-level guard are known only per block of the grid.
    if (reach?.scope === 'grid' && reach.fraction[loop.header] < 1) scope = 'grid';
    const grid: [number, number, number] = scope === 'grid' ? launch.grid! : [1, 1, 1];
    const blocks = grid[0] * grid[1] * grid[2];
    let taken = 0;
    let total = 0;
    let complete = true;
    try {
      enumerate: for (let g = 0; g < blocks; g++) {
        if (scope === 'grid')
          setAxes(resolver, 'ctaid', [g % grid[0], Math.floor(g / grid[0]) % grid[1], Math.floor(g / (grid[0] * grid[1]))]);
        for (let t = 0; t < blockThreads; t++) {
          setAxes(resolver, 'tid', [t % block[0], Math.floor(t / block[0]) % block[1], Math.floor(t / (block[0] * block[1]))]);
          if (reach && !reachesFrom(reach, scope, g, t, loop.header)) continue;
          resolver.special.delete(loop.register);
          const values = loop.headerValues();
          if (values === null || (budget -= values.length) < 0) {
            complete = false;
            break enumerate;
          }
          for (const v of values) {
            resolver.special.set(loop.register, v);
            const value = resolver.predicateRegister(guard.register, b, statement);
            if (value === null) {
              complete = false;
              break enumerate;
            }
            if (value !== guard.negated) taken++;
            total++;
          }
        }
      }
    } finally {
      resolver.special.delete(loop.register);
      clearAxes(resolver);
    }
    if (!complete || total === 0) continue;
    const fallthrough = b + 1;
    const target = node.successors.find((s) => s !== fallthrough) ?? node.successors[0];
    for (const [successor, share] of [
      [target, taken / total],
      [fallthrough, 1 - taken / total],
    ] as const) {
      // A side entered only through this branch: everything it dominates in the loop runs that share of the time.
      if (cfg.blocks[successor].predecessors.length !== 1) continue;
      for (const inner of loop.blocks) if (dominates(cfg, successor, inner)) scale[inner] *= share;
    }
    resolvedBranches.push(b);
    if (scope === 'grid') usedScope = 'grid';
    usedThreads = Math.max(usedThreads, blockThreads * blocks);
  }
  return resolvedBranches.length ? { scale, resolvedBranches, scope: usedScope, threads: usedThreads } : null;
}

/** 'block' when `probe` resolves with %tid alone, 'grid' when it needs %ctaid too (grid known), else null. */
function scopeFor(resolver: ValueResolver, launch: GuardLaunch, probe: () => boolean | null): 'block' | 'grid' | null {
  try {
    setAxes(resolver, 'tid', [0, 0, 0]);
    if (probe() !== null) return 'block';
    if (!launch.grid) return null;
    setAxes(resolver, 'ctaid', [0, 0, 0]);
    return probe() !== null ? 'grid' : null;
  } finally {
    clearAxes(resolver);
  }
}

function setAxes(resolver: ValueResolver, name: 'tid' | 'ctaid', values: readonly number[]): void {
  values.forEach((v, i) => resolver.special.set(`%${name}.${AXES[i]}`, v));
}

function clearAxes(resolver: ValueResolver): void {
  for (const axis of AXES) {
    resolver.special.delete(`%tid.${axis}`);
    resolver.special.delete(`%ctaid.${axis}`);
  }
}

/** Whether thread t of block g reaches `block` (a block-scoped enumeration reaches here only when every block does). */
function reachesFrom(reach: ThreadReach, scope: 'block' | 'grid', g: number, t: number, block: number): boolean {
  if (reach.scope === 'grid' && scope === 'block') return true;
  return threadReaches(reach, reach.scope === 'grid' ? g : 0, t, block);
}
