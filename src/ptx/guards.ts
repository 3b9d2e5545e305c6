// Branches whose outcome differs per thread but is known for each thread of a known launch:
// the bounds guard `if (i < n)` with i = blockIdx.x * blockDim.x + threadIdx.x and n given,
// `if (threadIdx.x < 7)`, `if (x < W && y < H)`. Every thread of the block (of the grid when
// the condition reads %ctaid) is evaluated; threads with the same outcomes take the same path,
// so the CFG is walked once per distinct outcome vector. The result is the exact fraction of
// the launch's threads that reaches each block, which weights per-thread instructions and
// bytes the way Nsight Compute averages them (over threads launched).
import { closingBranch, dominates, type Cfg, type ClosingBranch } from './cfg.js';
import { ThreadCompiler } from './thread-function.js';
import { blockAxesNeeded, forEachBlockValue, forEachThread, forEachThreadIndex, scopeFor, volume, type ThreadIndex } from './threads.js';
import { iterationKey, type CountedLoop, type ValueResolver } from './values.js';

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
  pathOfThread: Uint16Array;
  /** reached[path][block]: 1 when threads with that outcome vector reach the block. */
  reached: Uint8Array[];
}

/** Predicate evaluations (threads x branches) at most through the resolver; larger launches keep the branches unknown. */
const EVALUATION_LIMIT = 1 << 18;
/** The same for predicates compiled as functions of the thread (thread-function.ts): a few operations each. */
const COMPILED_EVALUATION_LIMIT = 1 << 24;
/** Distinct outcome vectors at most (each costs one CFG walk). */
const PATH_LIMIT = 4096;

interface Candidate extends ClosingBranch {
  block: number;
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
  const blockThreads = volume(block);
  // Keep the grid-dependent branches only when the whole grid fits the evaluation budget.
  let scope: 'block' | 'grid' = candidates.some((c) => c.needsGrid) ? 'grid' : 'block';
  const gridOf = (s: 'block' | 'grid'): [number, number, number] => (s === 'grid' ? launch.grid! : [1, 1, 1]);
  const threadsOf = (s: 'block' | 'grid') => blockThreads * volume(gridOf(s));
  // Predicates compiled as functions of the thread are evaluated without the resolver: a larger launch fits.
  const compiler = new ThreadCompiler(resolver, []);
  const compiledAll = candidates.map((c) => compiler.predicate(c.register, c.block, c.statement));
  const compiled = compiledAll.every((p) => p !== null) ? compiledAll : null;
  const limit = compiled ? COMPILED_EVALUATION_LIMIT : EVALUATION_LIMIT;
  let used = candidates;
  let usedCompiled = compiled;
  if (scope === 'grid' && threadsOf('grid') * candidates.length > limit) {
    scope = 'block';
    used = candidates.filter((c) => !c.needsGrid);
    usedCompiled = compiled && compiled.filter((_, i) => !candidates[i].needsGrid);
  }
  const grid = gridOf(scope);
  const threads = threadsOf(scope);
  if (used.length === 0 || threads * used.length > limit) return null;

  const pathOfThread = new Uint16Array(threads);
  const pathIndex = new Map<string, number>();
  const outcomes: boolean[][] = [];
  const counts: number[] = [];
  const enumerate = (visit: (b: number, t: number, thread: ThreadIndex | null) => boolean | void) =>
    usedCompiled
      ? forEachThreadIndex(block, scope === 'grid' ? grid : null, visit)
      : forEachThread(resolver, block, scope === 'grid' ? grid : null, (b, t) => visit(b, t, null));
  const complete = enumerate((b, t, thread) => {
    const taken: boolean[] = [];
    let key = '';
    for (let i = 0; i < used.length; i++) {
      const c = used[i];
      const value = thread ? usedCompiled![i](thread) : resolver.predicateRegister(c.register, c.block, c.statement);
      // Resolved for thread 0 of block 0 but not for this thread (a value out of range): give up on per-thread reach.
      if (value === null) return false;
      const isTaken = value !== c.negated;
      taken.push(isTaken);
      key += isTaken ? '1' : '0';
    }
    let index = pathIndex.get(key);
    if (index === undefined) {
      if (outcomes.length >= PATH_LIMIT) return false;
      index = outcomes.length;
      pathIndex.set(key, index);
      outcomes.push(taken);
      counts.push(0);
    }
    counts[index]++;
    pathOfThread[b * blockThreads + t] = index;
  });
  if (!complete) return null;

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
  for (const b of cfg.reversePostorder) {
    const branch = live[b] && decidedNext[b] < 0 ? closingBranch(cfg, b) : null;
    if (!branch) continue;
    const scope = scopeFor(resolver, launch.grid, () => resolver.predicateRegister(branch.register, b, branch.statement) !== null);
    if (scope !== null) candidates.push({ ...branch, block: b, needsGrid: scope === 'grid' });
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
  const blockThreads = volume(reach.block);
  const b = reach.scope === 'grid' ? blockIndex : 0;
  return reach.reached[reach.pathOfThread[b * blockThreads + threadIndex]][block] === 1;
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
  inductions: readonly CountedLoop[],
  reach: ThreadReach | null,
  decidedNext: readonly number[],
  /** Loops whose trip count takes the branch before them (`guard`) into account: that branch's share does not scale them. */
  guardedLoops: ReadonlyArray<{ guard: number; blocks: ReadonlySet<number> }> = [],
): { scale: number[]; resolvedBranches: number[]; scope: 'block' | 'grid'; threads: number } | null {
  const block = launch.block;
  if (!block || inductions.length === 0) return null;
  // Innermost counted loop of each block (smallest body).
  const innermost = new Map<number, CountedLoop>();
  for (const loop of [...inductions].sort((a, b) => b.blocks.size - a.blocks.size)) for (const b of loop.blocks) innermost.set(b, loop);
  const scale = new Array<number>(cfg.blocks.length).fill(1);
  const resolvedBranches: number[] = [];
  const resolved = new Set(reach?.resolvedBranches ?? []);
  let budget = LOOP_EVALUATION_LIMIT;
  let usedScope: 'block' | 'grid' = 'block';
  let usedThreads = 0;
  // Sides of branches resolved so far, entered only through their branch: a later branch they
  // dominate is reached only by the pairs that take them, and its share is among those (nvcc's
  // remainder after an unrolled loop: `r > 0`, then `r > 1` inside, then `r > 2`).
  const sides: Array<{ loop: CountedLoop; successor: number; whenTaken: boolean; taken: () => boolean | null }> = [];
  for (const b of cfg.reversePostorder) {
    const loop = innermost.get(b);
    const branch = loop && decidedNext[b] < 0 && !resolved.has(b) ? closingBranch(cfg, b) : null;
    if (!loop || !branch) continue;
    // if / if-else inside the body only: loop exits and back edges are the trip count's business.
    if (cfg.blocks[b].successors.some((s) => s === loop.header || !loop.blocks.has(s))) continue;
    const taken = (): boolean | null => {
      const value = resolver.predicateRegister(branch.register, b, branch.statement);
      return value === null ? null : value !== branch.negated;
    };
    // The iteration too: other registers the loop advances by a fixed step (an unrolled loop's
    // index beside its count-down) resolve from it (values.ts atIteration).
    const iterationAt = iterationKey(loop.header);
    const setIteration = (value: number, iteration: number) => {
      resolver.special.set(loop.register, value);
      resolver.special.set(iterationAt, iteration);
    };
    const clearIteration = () => {
      resolver.special.delete(loop.register);
      resolver.special.delete(iterationAt);
    };
    const probe = () => {
      const values = loop.headerValues();
      if (!values || values.length === 0) return false;
      setIteration(values[0], 0);
      const outcome = taken();
      clearIteration();
      return outcome !== null;
    };
    // Where nothing the outcome reads is the thread's and every thread reaches the loop: once per
    // block, and only per value of the %ctaid axes read (threads.ts blockAxesNeeded).
    const allReach = !reach || reach.fraction[loop.header] === 1;
    const blockAxes = allReach && launch.grid ? blockAxesNeeded(resolver, launch.grid, probe) : null;
    const byBlock = blockAxes !== null && blockAxes !== 0;
    let scope = byBlock ? 'grid' : scopeFor(resolver, launch.grid, probe);
    if (scope === null) continue;
    // Threads kept from the loop by a grid-level guard are known only per block of the grid.
    if (reach?.scope === 'grid' && reach.fraction[loop.header] < 1) scope = 'grid';
    const conditions = sides.filter((side) => side.loop === loop && dominates(cfg, side.successor, b));
    // Whether the pair reaches the branch (null: unknown).
    const reaches = (): boolean | null => {
      for (const side of conditions) {
        const outcome = side.taken();
        if (outcome === null) return null;
        if (outcome !== side.whenTaken) return false;
      }
      return true;
    };
    let takenCount = 0;
    let total = 0;
    // One thread's iterations (a block's, standing for `weight` threads): false when some outcome
    // is unknown or the budget is spent.
    const sweep = (values: number[], weight: number): boolean => {
      // Decided without the iteration (`p || i >= n` with p true): the same in every iteration.
      const always = conditions.length ? null : taken();
      if (always !== null) {
        if (always) takenCount += values.length * weight;
        total += values.length * weight;
        return (budget -= 1) >= 0;
      }
      if ((budget -= values.length) < 0) return false;
      for (const [iteration, v] of values.entries()) {
        setIteration(v, iteration);
        const reached = reaches();
        if (reached === null) return false;
        if (!reached) continue;
        const outcome = taken();
        if (outcome === null) return false;
        if (outcome) takenCount += weight;
        total += weight;
      }
      return true;
    };
    const sweepHere = (weight: number): boolean => {
      clearIteration();
      const values = loop.headerValues();
      if (values === null) return false;
      // Only this loop's own values change within the sweep: what other registers enter it with holds.
      const release = loop.holdEntering();
      try {
        return sweep(values, weight);
      } finally {
        release();
      }
    };
    const complete = byBlock
      ? forEachBlockValue(resolver, launch.grid!, blockAxes, (blocks) => sweepHere(blocks * volume(block)))
      : forEachThread(resolver, block, scope === 'grid' ? launch.grid : null, (g, t) => {
          if (reach && !reachesFrom(reach, scope, g, t, loop.header)) return;
          return sweepHere(1);
        });
    clearIteration();
    if (!complete || total === 0) continue;
    const counted = guardedLoops.filter((guarded) => guarded.guard === b);
    for (const [successor, share] of [
      [branch.target, takenCount / total],
      [branch.fallthrough, 1 - takenCount / total],
    ] as const) {
      // A side entered only through this branch: everything it dominates in the loop runs that share of the time.
      if (cfg.blocks[successor].predecessors.length !== 1) continue;
      for (const inner of loop.blocks)
        if (dominates(cfg, successor, inner) && !counted.some((guarded) => guarded.blocks.has(inner))) scale[inner] *= share;
      sides.push({ loop, successor, whenTaken: successor === branch.target, taken });
    }
    resolvedBranches.push(b);
    if (scope === 'grid') usedScope = 'grid';
    usedThreads = Math.max(usedThreads, volume(block) * (scope === 'grid' ? volume(launch.grid!) : 1));
  }
  return resolvedBranches.length ? { scale, resolvedBranches, scope: usedScope, threads: usedThreads } : null;
}

/** Whether thread t of block g reaches `block` (a block-scoped enumeration reaches here only when every block does). */
export function reachesFrom(reach: ThreadReach, scope: 'block' | 'grid', g: number, t: number, block: number): boolean {
  if (reach.scope === 'grid' && scope === 'block') return true;
  return threadReaches(reach, reach.scope === 'grid' ? g : 0, t, block);
}
