// Natural loops (back edges u->h with h dominating u), their nesting, and trip counts of
// counted loops: an induction register with a constant start and a constant step, tested
// against a bound that is an immediate, a define or a kernel parameter whose value is given.
// Anything else is reported unknown with its reason; an assumed count (loop hint keyed by
// source file:line, else the configured default) is then used for weighting and marked so.
import type { Instruction, Operand, SourceLocation } from './ast.js';
import { closingBranch, dominates, type Cfg } from './cfg.js';
import { newFloat64Array } from './typed.js';
import { loopBranchScale, reachesFrom, threadReach, threadReaches, type ThreadReach } from './guards.js';
import { affineRegister, formAt, formRange, needsGrid as formNeedsGrid, sameForm, type AffineForm } from './affine.js';
import {
  comparisonDirection,
  countByAffineStart,
  countEachBlock,
  countEachThread,
  guardByStart,
  type AffineCounts,
  type Direction,
  type Reaching,
  type StartByThread,
} from './affine-counts.js';
import { oncePerThread, ThreadCompiler, type LoopByThread, type ThreadValue } from './thread-function.js';
import {
  BLOCK_INDEX_AXES,
  blockAxesNeeded,
  clearThread,
  forEachBlockValue,
  forEachThread,
  forEachThreadByBlock,
  gridAlong,
  indexAxisBit,
  scopeFor,
  setBlockOnly,
  setLaunch,
  THREAD_INDEX_AXES,
  volume,
  type Dim3,
  type ThreadIndex,
} from './threads.js';
import { inlineChains, userLocation } from './user-location.js';
import { simulateExit } from './loop-simulation.js';
import { ValueResolver, bitsOf, compare, isFloatType, iterationKey, parameterRead, type CountedLoop } from './values.js';

export interface LoopInfo {
  id: number;
  header: number;
  blocks: number[];
  /** 1 for an outermost loop. */
  depth: number;
  parentId: number | null;
  tripCount: number | null;
  tripCountReason: string;
  assumedTripCount: number | null;
  source: SourceLocation | null;
  inductionRegister: string | null;
  unrollFactor?: number;
  /** Thread-dependent loops (start from threadIdx): mean over the block's warps of each warp's largest lane count (the iterations a warp issues). */
  warpTripCount?: number;
  /** The count is that of the counted exit; other exits (break, return) whose outcome is not known may leave earlier. */
  upperBound?: boolean;
  /** The hints key assumedTripCount came from. */
  hint?: string;
}

export interface LoopOptions {
  /** Values of defines and kernel parameters (full PTX name, `param_N` or index). */
  defines?: Record<string, number>;
  /** Trip count assumed where none can be derived (default 1). */
  assumedTripCount?: number;
  /** 'file:line' or 'basename:line' -> trips. */
  hints?: Record<string, number>;
  /** Known launch: thread-strided loops are counted per thread with the block, grid-stride loops with the grid too. */
  block?: [number, number, number] | null;
  grid?: [number, number, number] | null;
  /** The module's inlined-location chains (PtxModule.inlineCalls), so loop lines leave toolkit headers. */
  inlineCalls?: Map<string, SourceLocation>;
}

/** A reason naming %tid or %ctaid: the value differs per thread, and is read per thread at a known launch. */
const THREAD_DEPENDENT = /%(tid|ctaid)\b/;
/** A start merged from several paths (values.ts unreachedReason), which a thread's values may decide. */
const MERGED_START = /is assigned on several paths|has no definition on every path/;

/** Threads enumerated at most when a loop's start depends on the thread (block x grid for grid-stride loops). */
const THREAD_LIMIT = 1 << 20;

const SIMULATION_LIMIT = 1_000_000;
/** Iterations listed at most per thread for branches that depend on the induction (guards.ts). */
const SEQUENCE_LIMIT = 1 << 16;

export function findLoops(cfg: Cfg, options: LoopOptions = {}): LoopInfo[] {
  const resolver = new ValueResolver(cfg, { values: options.defines });
  const launch = { block: options.block ?? null, grid: options.grid ?? null };
  setLaunch(resolver, launch.block, launch.grid);
  const loops = naturalLoops(cfg);
  const chains = options.inlineCalls ?? inlineChains(cfg.fn);
  const { live, decidedNext } = liveBlocks(cfg, resolver);
  cfg.live = live;
  // Branches known per thread (bounds guards) weight the blocks by the share of threads reaching them.
  const reach = threadReach(cfg, resolver, launch, live, decidedNext);
  if (reach) {
    cfg.live = reach.fraction;
    for (const b of reach.resolvedBranches) cfg.decided![b] = 1;
    cfg.threadGuards = { branches: reach.resolvedBranches.length, scope: reach.scope, threads: reach.pathOfThread.length };
  }
  // Loops counted per thread by functions of the thread (a later loop may start where one stopped).
  const byThread: LoopByThread[] = [];
  for (const loop of loops) {
    const counted = tripCount(cfg, resolver, loop, launch, reach, decidedNext, resolver.countedLoops, byThread);
    if (counted.headerValues && counted.inductionRegister && cfg.live[loop.header]) {
      // For loops inside it (their start or bound), branches on its index, and a later loop
      // starting where this one stops (the unrolled body after nvcc's remainder prologue).
      const blocks = new Set(loop.blocks);
      let entering: Map<string, number> | null = null;
      resolver.countedLoops.push({
        header: loop.header,
        blocks,
        register: counted.inductionRegister,
        headerValues: counted.headerValues,
        valueAt: (register, iteration, depth) => inductionAt(cfg, resolver, loop.header, blocks, register, iteration, depth, entering),
        holdEntering: () => {
          entering = new Map();
          return () => (entering = null);
        },
      });
    }
    loop.tripCount = counted.tripCount;
    loop.tripCountReason = counted.reason;
    loop.inductionRegister = counted.inductionRegister;
    if (counted.warpTripCount !== undefined) loop.warpTripCount = counted.warpTripCount;
    if (counted.upperBound) loop.upperBound = true;
    loop.source = userLocation(counted.source ?? firstSource(cfg, loop.header), chains);
    if (!cfg.live[loop.header]) {
      loop.tripCountReason = `never entered for the given values (${loop.tripCountReason})`;
      // A loop the given values skip runs 0 times: nothing rests on an assumption there.
      if (loop.tripCount === null) loop.tripCount = 0;
    }
    if (loop.tripCount === null) {
      const hint = hintFor(loop.source, options.hints ?? {});
      if (hint !== null) {
        loop.assumedTripCount = hint.trips;
        loop.hint = hint.key;
        loop.tripCountReason += `; assumed ${hint.trips} from loop hint '${hint.key}'`;
      } else {
        loop.assumedTripCount = options.assumedTripCount ?? 1;
        loop.tripCountReason += `; assumed ${loop.assumedTripCount} (default)`;
      }
    }
  }
  // Branches inside a counted loop whose outcome follows from the thread and the iteration (`if (tid < s)`).
  // A loop's count already holds the 0 turns of the pairs its guard turns away: that branch does not scale it again.
  const guardedLoops = loops.flatMap((loop) => {
    const guard = loop.tripCount !== null ? bypassGuard(cfg, loop.header) : null;
    return guard ? [{ guard: guard.block, blocks: new Set(loop.blocks) }] : [];
  });
  const inLoop = loopBranchScale(cfg, resolver, launch, resolver.countedLoops, reach, decidedNext, guardedLoops);
  if (inLoop) {
    cfg.branchScale = inLoop.scale;
    for (const b of inLoop.resolvedBranches) cfg.decided![b] = 1;
    if (inLoop.resolvedBranches.length)
      cfg.threadGuards = {
        branches: (cfg.threadGuards?.branches ?? 0) + inLoop.resolvedBranches.length,
        scope: cfg.threadGuards?.scope === 'grid' || inLoop.scope === 'grid' ? 'grid' : 'block',
        threads: Math.max(cfg.threadGuards?.threads ?? 0, inLoop.threads),
      };
  }
  return loops;
}

/** Executions per thread of each fn.body statement (0 for non-instructions and dead code). */
export function statementWeights(cfg: Cfg, loops: LoopInfo[]): Float64Array {
  const blockWeight: number[] = new Array<number>(cfg.blocks.length).fill(0);
  for (const b of cfg.reversePostorder) blockWeight[b] = (cfg.live ? cfg.live[b] : 1) * (cfg.branchScale?.[b] ?? 1);
  for (const loop of loops) {
    const trips = loop.tripCount ?? loop.assumedTripCount ?? 1;
    for (const b of loop.blocks) blockWeight[b] *= trips;
  }
  const weights = newFloat64Array(cfg.fn.body.length);
  for (const block of cfg.blocks) for (const s of block.statements) weights[s] = blockWeight[block.id];
  return weights;
}

function naturalLoops(cfg: Cfg): LoopInfo[] {
  const byHeader = new Map<number, Set<number>>();
  // A dominator comes before the blocks it dominates in reverse postorder: only edges going
  // back in that order can be back edges, so the dominator walk runs for those alone.
  const rpoIndex: number[] = new Array<number>(cfg.blocks.length).fill(-1);
  for (let i = 0; i < cfg.reversePostorder.length; i++) rpoIndex[cfg.reversePostorder[i]] = i;
  for (const u of cfg.reversePostorder) {
    for (const h of cfg.blocks[u].successors) {
      if (rpoIndex[h] > rpoIndex[u] || !dominates(cfg, h, u)) continue;
      let body = byHeader.get(h);
      if (!body) byHeader.set(h, (body = new Set([h])));
      const work = [u];
      while (work.length > 0) {
        const b = work.pop()!;
        if (body.has(b)) continue;
        body.add(b);
        for (const p of cfg.blocks[b].predecessors) if (cfg.idom[p] !== -1) work.push(p);
      }
    }
  }
  const loops: LoopInfo[] = [...byHeader.entries()]
    .map(([header, body]) => ({ header, blocks: [...body].sort((a, b) => a - b) }))
    .sort((a, b) => b.blocks.length - a.blocks.length || a.header - b.header)
    .map((l, id) => ({
      id,
      header: l.header,
      blocks: l.blocks,
      depth: 1,
      parentId: null,
      tripCount: null,
      tripCountReason: '',
      assumedTripCount: null,
      source: null,
      inductionRegister: null,
    }));
  // Parent = the smallest enclosing loop (loops are sorted largest first).
  for (const loop of loops) {
    for (let j = loops.length - 1; j >= 0; j--) {
      const other = loops[j];
      if (other !== loop && other.blocks.length > loop.blocks.length && other.blocks.includes(loop.header)) {
        loop.parentId = other.id;
        break;
      }
    }
  }
  for (const loop of loops) {
    let depth = 1;
    for (let p = loop.parentId; p !== null; p = loops[p].parentId) depth++;
    loop.depth = depth;
  }
  // Report in program order (by header), renumbering ids so loops[id] is that loop.
  const ordered = [...loops].sort((a, b) => a.header - b.header);
  const newId = new Map(ordered.map((l, i) => [l.id, i]));
  for (const l of ordered) {
    l.id = newId.get(l.id)!;
    l.parentId = l.parentId === null ? null : newId.get(l.parentId)!;
  }
  return ordered;
}

/** Blocks reachable from the entry when branches with a known outcome are folded; the successor chosen at each folded branch (-1 elsewhere). */
function liveBlocks(cfg: Cfg, resolver: ValueResolver): { live: number[]; decidedNext: number[] } {
  const live: number[] = new Array<number>(cfg.blocks.length).fill(0);
  const decided: number[] = new Array<number>(cfg.blocks.length).fill(0);
  const decidedNext: number[] = new Array<number>(cfg.blocks.length).fill(-1);
  cfg.decided = decided;
  const work = [cfg.entry];
  while (work.length > 0) {
    const b = work.pop()!;
    if (live[b]) continue;
    live[b] = 1;
    let successors = cfg.blocks[b].successors;
    const branch = closingBranch(cfg, b);
    if (branch) {
      const value = resolver.predicateRegister(branch.register, b, branch.statement);
      if (value !== null) {
        decided[b] = 1;
        successors = [value !== branch.negated ? branch.target : branch.fallthrough];
        decidedNext[b] = successors[0];
      }
    }
    for (const s of successors) if (!live[s]) work.push(s);
  }
  return { live, decidedNext };
}

function firstSource(cfg: Cfg, block: number): SourceLocation | null {
  for (const s of cfg.blocks[block].statements) {
    const src = (cfg.fn.body[s] as Instruction).source;
    if (src) return src;
  }
  return null;
}

function hintFor(source: SourceLocation | null, hints: Record<string, number>): { key: string; trips: number } | null {
  if (!source) return null;
  const file = source.file ?? '';
  const base = file.split('/').pop() ?? file;
  for (const key of [`${file}:${source.line}`, `${base}:${source.line}`]) {
    if (Object.prototype.hasOwnProperty.call(hints, key)) return { key, trips: hints[key] };
  }
  // Also accept hints keyed by a path suffix (e.g. "src/kernels.cu:42").
  for (const key of Object.keys(hints)) {
    const colon = key.lastIndexOf(':');
    if (Number(key.slice(colon + 1)) === source.line && file.endsWith('/' + key.slice(0, colon))) return { key, trips: hints[key] };
  }
  return null;
}

interface Counted {
  tripCount: number | null;
  reason: string;
  inductionRegister: string | null;
  source: SourceLocation | null;
  warpTripCount?: number;
  upperBound?: boolean;
  /** The induction register's value at the header in each iteration, for the thread whose indices are set in the resolver. */
  headerValues?: () => number[] | null;
}

type Launch = { block: [number, number, number] | null; grid: [number, number, number] | null };

interface Induction {
  register: string;
  update: number;
  op: string;
  step: number;
  type: string;
}

const NEGATE: Record<string, string> = {
  eq: 'ne',
  ne: 'eq',
  lt: 'ge',
  ge: 'lt',
  le: 'gt',
  gt: 'le',
  lo: 'hs',
  hs: 'lo',
  ls: 'hi',
  hi: 'ls',
};
const SWAP: Record<string, string> = { eq: 'eq', ne: 'ne', lt: 'gt', gt: 'lt', le: 'ge', ge: 'le', lo: 'hi', hi: 'lo', ls: 'hs', hs: 'ls' };

function tripCount(
  cfg: Cfg,
  resolver: ValueResolver,
  loop: LoopInfo,
  launch: Launch,
  reach: ThreadReach | null,
  decidedNext: readonly number[],
  enclosing: readonly CountedLoop[],
  loopsByThread: LoopByThread[],
): Counted {
  // The counted loops around this one (outermost first), whose indices may set this one's start or bound.
  const chain = enclosing
    .filter((outer) => outer.header !== loop.header && outer.blocks.has(loop.header))
    .sort((a, b) => b.blocks.size - a.blocks.size);
  const parent = chain.length ? chain[chain.length - 1] : null;
  const inLoop = new Set(loop.blocks);
  const body = cfg.fn.body;
  const exits = loop.blocks.filter((b) => cfg.blocks[b].successors.some((s) => !inLoop.has(s)));
  const none = (reason: string, source: SourceLocation | null = null): Counted => ({
    tripCount: null,
    reason,
    inductionRegister: null,
    source,
  });
  if (exits.length === 0) return none('no exit edge (infinite loop or exits only by return)');
  // Prefer the exit that is also a latch (bottom-tested loop, as nvcc emits them).
  const latchExits = exits.filter((b) => cfg.blocks[b].successors.includes(loop.header));
  const exit = latchExits[0] ?? exits[0];
  // Other exits whose branch the given values do not decide (a data-dependent break): the count is an upper bound.
  const otherExits = exits.filter((b) => b !== exit && (decidedNext[b] < 0 || !inLoop.has(decidedNext[b]))).length;
  const boundText = otherExits > 0 ? ` (upper bound: ${otherExits} other exit${otherExits > 1 ? 's' : ''})` : '';
  const upper = otherExits > 0 ? { upperBound: true } : {};
  const block = cfg.blocks[exit];
  const branchIndex = block.statements[block.statements.length - 1];
  const branch = body[branchIndex] as Instruction;
  const source = branch.source;
  if (branch.mnemonic !== 'bra' || !branch.guard) return none(`loop exit is '${branch.opcode}', not a conditional branch`, source);
  const fallthrough = exit + 1;
  const target = block.successors.find((s) => s !== fallthrough) ?? fallthrough;
  const takenContinues = inLoop.has(target);
  if (takenContinues === inLoop.has(fallthrough)) return none('both sides of the exit branch stay in (or leave) the loop', source);
  const continueWhenTrue = takenContinues !== branch.guard.negated;

  const { def: setpIndex } = resolver.reachingDefinition(branch.guard.register, exit, branchIndex);
  if (setpIndex === null || !inLoop.has(cfg.blockOfStatement[setpIndex]))
    return none(`exit predicate ${branch.guard.register} is not computed in the loop`, source);
  const setp = body[setpIndex] as Instruction;
  const setpSource = setp.source ?? source;
  if (setp.mnemonic !== 'setp' || setp.operands.length !== 3 || setp.modifiers.length !== 2) {
    return none(`exit predicate comes from '${setp.opcode}', not a simple comparison`, setpSource);
  }
  const type = setp.modifiers[1];
  if (isFloatType(type)) return none('floating-point loop condition', setpSource);
  let cmp = continueWhenTrue ? setp.modifiers[0] : NEGATE[setp.modifiers[0]];
  if (!cmp) return none(`comparison '${setp.modifiers[0]}' not understood`, setpSource);

  const setpBlock = cfg.blockOfStatement[setpIndex];
  let tested = linked(cfg, resolver, inLoop, setp.operands[1], setpBlock, setpIndex);
  let boundOperand = setp.operands[2];
  if (!tested) {
    tested = linked(cfg, resolver, inLoop, setp.operands[2], setpBlock, setpIndex);
    boundOperand = setp.operands[1];
    cmp = SWAP[cmp];
  }
  if (!tested) {
    // A counter reset by a constant (a rotated short loop): its slice runs from the entry values.
    const simulate = () => simulateExit(cfg, resolver, inLoop, loop.header, exit, setpIndex, continueWhenTrue);
    const simulated = simulate();
    const testText = `continue while ${setp.operands[0].kind === 'register' ? setp.operands[0].name : 'the test'} is ${continueWhenTrue}`;
    if (typeof simulated !== 'string')
      return {
        tripCount: simulated.trips,
        reason: `simulated: ${simulated.text}; ${testText}${boundText}`,
        inductionRegister: null,
        source: setpSource,
        ...upper,
      };
    // Entry values the block index sets (a persistent loop over tiles from blockIdx.x, step
    // gridDim.x, left when a tile index derived from it passes the end): the slice runs once per block.
    const byBlock = /%ctaid\b/.test(simulated) ? simulatedPerBlock(resolver, launch, reach, loop.header, simulate) : null;
    if (byBlock)
      return {
        tripCount: byBlock.mean,
        warpTripCount: byBlock.warpMax,
        reason: `simulated once per block over grid ${launch.grid!.join('x')} of blocks ${launch.block!.join('x')}: block 0 ${byBlock.text}; ${testText}; mean ${round(byBlock.mean)}, warp max ${round(byBlock.warpMax)} (mean over warps)${boundText}`,
        inductionRegister: null,
        source: setpSource,
        ...upper,
      };
    const regs = setp.operands
      .slice(1)
      .filter((o): o is Extract<Operand, { kind: 'register' }> => o.kind === 'register')
      .map((o) => o.name);
    const offsetReason = regs.map((r) => unresolvedOffset(cfg, resolver, inLoop, r)).find((r) => r !== null);
    if (offsetReason) return none(`bound unknown: ${offsetReason}`, setpSource);
    const why = regs
      .map((r) => describeInLoop(cfg, resolver, inLoop, r))
      .filter(Boolean)
      .join('; ');
    return none(`exit condition '${setp.text.trim()}' has no induction variable with a constant step${why ? ` (${why})` : ''}`, setpSource);
  }
  const iv = tested.induction;
  if (
    boundOperand.kind === 'register' &&
    (resolver.defs.get(boundOperand.name) ?? []).some(
      (d) => inLoop.has(cfg.blockOfStatement[d]) && !isParameterLoad(body[d] as Instruction),
    )
  ) {
    return { ...none(`bound ${boundOperand.name} changes inside the loop`, setpSource), inductionRegister: iv.register };
  }
  const bound = resolver.operand(boundOperand, setpBlock, setpIndex);
  // A bound that depends on the thread (`t2 <= t` with t from blockIdx) is read per thread below.
  const boundPerThread = (bound.value === null && THREAD_DEPENDENT.test(bound.reason ?? '')) || tested.offsetPerThread !== undefined;
  // A bound from the enclosing loop's index (vectorBase + elementN) is tried per outer iteration below.
  const boundUnknown = bound.value === null && !boundPerThread;
  if (boundUnknown && !parent) return { ...none(`bound unknown: ${bound.reason}`, setpSource), inductionRegister: iv.register };
  // `mov r, t` at the header (t = r + step at the latch): r takes t's value at the top of each
  // iteration, so it starts at the value t enters with and the test reads it before any step.
  const updateIns = body[iv.update] as Instruction;
  const copiedFrom = updateIns.mnemonic === 'mov' && updateIns.operands[1]?.kind === 'register' ? updateIns.operands[1].name : null;
  // (At the header's top: the temporary is set later in the iteration, not just above the copy as in a one-block loop.)
  const copiedAtHeader =
    copiedFrom !== null &&
    cfg.blockOfStatement[iv.update] === loop.header &&
    (resolver.defs.get(copiedFrom) ?? []).every(
      (d) => !inLoop.has(cfg.blockOfStatement[d]) || cfg.blockOfStatement[d] !== loop.header || d > iv.update,
    )
      ? copiedFrom
      : null;
  const startRegister = copiedAtHeader ?? iv.register;
  // Start value: equal on every edge entering the header from outside.
  const startValue = (): { value: number | null; reason: string } => {
    let start: number | null = null;
    for (const p of entryEdges(cfg, loop.header, inLoop)) {
      const r = resolver.register(startRegister, p, -1);
      if (r.value === null) return { value: null, reason: `start of ${iv.register} unknown: ${r.reason}` };
      if (start !== null && start !== r.value) return { value: null, reason: `${iv.register} enters the loop with different values` };
      start = r.value;
    }
    return start === null ? { value: null, reason: 'loop has no entry edge' } : { value: start, reason: '' };
  };

  // Is the tested value computed after this iteration's update?
  const updateBlock = cfg.blockOfStatement[iv.update];
  const testBlock = cfg.blockOfStatement[tested.at];
  const after =
    tested.next === true ||
    (copiedAtHeader === null && (updateBlock === testBlock ? iv.update < tested.at : dominates(cfg, updateBlock, testBlock)));
  const unsigned = type.startsWith('u') || ['lo', 'ls', 'hi', 'hs'].includes(cmp);
  let first = startValue();
  let startPerThread = first.value === null && THREAD_DEPENDENT.test(first.reason);
  if (first.value === null && !startPerThread && launch.block && MERGED_START.test(first.reason)) {
    // Merged on paths the thread decides (an unroll prologue's trips): per thread when thread 0 resolves it.
    const scope = scopeFor(resolver, launch.grid, () => startValue().value !== null);
    if (scope) {
      startPerThread = true;
      first = { value: null, reason: `${first.reason}, known per thread (${scope === 'grid' ? '%ctaid' : '%tid'})` };
    }
  }
  const guard = bypassGuard(cfg, loop.header);
  const loopTest: LoopTest = { iv, cmp, after, unsigned, bits: bitsOf(type) };
  const tripsFrom = (start: number): number | null => {
    const limit = bound.value ?? resolver.operand(boundOperand, setpBlock, setpIndex).value;
    const offset = tested.offsetPerThread ? tested.offsetPerThread() : tested.offset;
    if (limit === null || offset === null) return null;
    const taken = guard ? resolver.predicateRegister(guard.register, guard.block, guard.statement) : null;
    return tripsOnEntry(loopTest, guard && taken !== null ? entersOn(guard, taken) : null, start, offset, limit);
  };
  let perThreadFailure: string | null = null;
  if (!boundUnknown && (startPerThread || (boundPerThread && first.value !== null))) {
    const entered = reach && reach.fraction[loop.header] < 1 ? { reach, header: loop.header } : null;
    const why = [
      startPerThread ? first.reason : '',
      bound.value === null ? `bound: ${bound.reason}` : '',
      tested.offsetReason ? `tested offset: ${tested.offsetReason}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    // A bound the thread's indices set (`t2 <= t`) is compiled too (thread-function.ts), read where the loop tests it.
    const boundAt =
      bound.value === null && boundOperand.kind === 'register'
        ? { register: boundOperand.name, block: setpBlock, statement: setpIndex }
        : null;
    const offsetAt = tested.offsetPerThread ? (tested.offsetAt ?? null) : null;
    const pure =
      (bound.value !== null || boundAt) && (!tested.offsetPerThread || offsetAt)
        ? { test: loopTest, offset: tested.offset, offsetAt, limit: bound.value, boundAt }
        : null;
    const affine =
      startPerThread && pure && bound.value !== null && !offsetAt
        ? startByThread(resolver, launch, loop, inLoop, startRegister, guard, pure)
        : null;
    const compiled = !affine && pure ? compiledByThread(resolver, loop, inLoop, startRegister, guard, pure, loopsByThread) : null;
    const perThread = threadCounts(resolver, launch, why, entered, startValue, tripsFrom, affine, compiled);
    if (typeof perThread !== 'string') {
      const byThread = compiled ?? (affine && affineTrips(affine));
      if (byThread)
        loopsByThread.push({
          header: loop.header,
          blocks: inLoop,
          trips: oncePerThread((thread) => byThread.trips(thread)),
          indexAxesRead: byThread.indexAxesRead,
        });
    }
    // Inside a loop, a start no thread index alone gives may come from the enclosing loops'
    // indices too: counted per outer iteration below.
    if (typeof perThread === 'string' && !parent) return { ...none(`${why}; ${perThread}`, setpSource), inductionRegister: iv.register };
    if (typeof perThread === 'string') perThreadFailure = `${why}; ${perThread}`;
    else {
      const startText = startPerThread
        ? `starts per ${perThread.perBlock ? 'block' : 'thread'} (${perThread.startText})`
        : `= ${first.value}`;
      const text = `${iv.register} ${startText}; ${iv.register} ${describeStep(iv)}; continue while ${iv.register} ${cmp} ${boundPerThread ? 'a per-thread bound' : bound.value}`;
      return {
        tripCount: perThread.mean,
        warpTripCount: perThread.warpMax,
        inductionRegister: iv.register,
        headerValues: () => {
          const start = startValue().value;
          const trips = start === null ? null : tripsFrom(start);
          return start === null || trips === null ? null : headerSequence(iv, start, trips, bitsOf(type), unsigned);
        },
        source: setpSource,
        reason: `counted per thread over ${perThread.threads} threads (${perThread.scope}${entered ? ', those that reach the loop' : ''}): ${text}; mean ${round(perThread.mean)}, warp max ${round(perThread.warpMax)} (mean over warps); ${guard ? 'threads the branch before the loop turns away skip it' : 'threads whose start fails the test skip the loop'}${boundText}`,
        ...upper,
      };
    }
  }
  if (parent && (boundUnknown || first.value === null || perThreadFailure !== null)) {
    // A thread the branch before the loop turns away (nvcc's guard of an unrolled body its peeled
    // copies finished) has no start to read: it runs 0 turns.
    const turnedAway = (): boolean => {
      const taken = guard ? resolver.predicateRegister(guard.register, guard.block, guard.statement) : null;
      return guard !== null && taken !== null && !entersOn(guard, taken);
    };
    // With the enclosing loops' indices alone first; where that does not count the loop, with
    // their other inductions and the guard too (a start merged on the peeled copies' paths), whose
    // pairs cost more (about 20 µs each on cuda-samples scalarProd): fewer of them.
    const direct = nestedCounts(resolver, launch, reach, chain, startValue, tripsFrom, null);
    const extended = 'reason' in direct ? nestedCounts(resolver, launch, reach, chain, startValue, tripsFrom, { turnedAway }) : direct;
    // Where neither counts it, the first attempt says why, unless the second found too many pairs.
    const nested = !('reason' in extended) || extended.tooMany ? extended : direct;
    const why = perThreadFailure ?? (boundUnknown ? `bound unknown: ${bound.reason}` : first.reason);
    if ('reason' in nested) return { ...none(`${why}; ${nested.reason}`, setpSource), inductionRegister: iv.register };
    return {
      tripCount: nested.mean,
      inductionRegister: iv.register,
      source: setpSource,
      reason: `counted per iteration of the enclosing loop${chain.length > 1 ? 's' : ''} (${chain.map((c) => c.register).join(', ')}) over ${nested.contexts} (thread, iteration) pairs (${nested.scope}): ${iv.register} ${describeStep(iv)}; continue while ${iv.register} ${cmp} ${bound.value ?? 'a bound from the enclosing loop'}; mean ${round(nested.mean)}${boundText}`,
      ...upper,
    };
  }
  if (first.value === null) return { ...none(first.reason, setpSource), inductionRegister: iv.register };
  if (bound.value === null || tested.offsetPerThread)
    return { ...none(`bound unknown: ${bound.reason ?? tested.offsetReason}`, setpSource), inductionRegister: iv.register };
  const start = first.value;
  const trips = countTrips(iv, start, after, tested.offset, cmp, bound.value, unsigned, bitsOf(type));
  const loopText = `${iv.register} = ${start}; ${iv.register} ${describeStep(iv)}; continue while ${tested.offset ? `${iv.register}${tested.offset > 0 ? '+' : ''}${tested.offset}` : iv.register} ${cmp} ${bound.value}`;
  if (trips === null)
    return {
      tripCount: null,
      reason: `counted loop does not terminate cleanly (${loopText})`,
      inductionRegister: iv.register,
      source: setpSource,
    };
  const reason = `counted: ${loopText}${boundText}`;
  const values = headerSequence(iv, start, trips, bitsOf(type), unsigned);
  return { tripCount: trips, reason, inductionRegister: iv.register, source: setpSource, headerValues: () => values, ...upper };
}

/**
 * The nearest branch above the loop (on its dominator chain) with one side that leads into it
 * and one that bypasses it: the guard nvcc puts before a bottom-tested loop.
 */
function bypassGuard(
  cfg: Cfg,
  header: number,
): { register: string; negated: boolean; statement: number; block: number; entersWhenTaken: boolean } | null {
  let block = cfg.idom[header];
  for (let steps = 0; steps < 8 && block >= 0; steps++) {
    const branch = closingBranch(cfg, block);
    if (branch) {
      const targetEnters = dominates(cfg, branch.target, header);
      // The other side must lead away: a side that reaches the loop by another way (the loads
      // before llm.c matmul_forward_kernel4's inner loop, skipped or run, then the loop) is no guard.
      const away = targetEnters ? branch.fallthrough : branch.target;
      if (targetEnters !== dominates(cfg, branch.fallthrough, header) && !reachesAvoiding(cfg, away, header, block))
        return { register: branch.register, negated: branch.negated, statement: branch.statement, block, entersWhenTaken: targetEnters };
    }
    if (cfg.idom[block] === block) break;
    block = cfg.idom[block];
  }
  return null;
}

/** Whether `from` reaches `target` along successors without passing through `avoid`. */
function reachesAvoiding(cfg: Cfg, from: number, target: number, avoid: number): boolean {
  const seen = new Set<number>([avoid]);
  const stack = [from];
  while (stack.length > 0) {
    const block = stack.pop()!;
    if (block === target) return true;
    if (seen.has(block)) continue;
    seen.add(block);
    for (const next of cfg.blocks[block].successors) if (!seen.has(next)) stack.push(next);
  }
  return false;
}

/** start, start (op) step, ...: the induction's value at the header in each of `trips` iterations. */
function headerSequence(iv: Induction, start: number, trips: number, bits: number, unsigned: boolean): number[] | null {
  if (trips > SEQUENCE_LIMIT) return null;
  const values: number[] = [];
  let v = start;
  for (let k = 0; k < trips; k++) {
    values.push(v);
    v = applyStep(iv, v, bits, unsigned);
  }
  return values;
}

interface Linked {
  induction: Induction;
  offset: number;
  /** Statement computing the tested value. */
  at: number;
  /** The tested value is the induction's next value (`t = s << 1; test t; s = t`): after the update. */
  next?: boolean;
  offsetPerThread?: () => number | null;
  /** Where offsetPerThread reads its register, and its sign (a compiled function of the thread reads it there too). */
  offsetAt?: RegisterAt & { sign: number };
  offsetReason?: string;
}

/**
 * The temporary of a copy-latch induction (`t = s << 1; setp t < n; mov s, t`): nvcc tests the
 * next value before copying it back, so the test reads the induction after its update.
 */
function nextValueOf(cfg: Cfg, resolver: ValueResolver, inLoop: ReadonlySet<number>, temporary: string): Linked | null {
  const defs = (resolver.defs.get(temporary) ?? []).filter((d) => inLoop.has(cfg.blockOfStatement[d]));
  if (defs.length !== 1) return null;
  const def = resolver.instruction(defs[0]);
  const source = def.operands[1];
  if (def.operands.length !== 3 || source?.kind !== 'register') return null;
  const iv = induction(cfg, resolver, inLoop, source.name);
  if (!iv) return null;
  const copy = resolver.instruction(iv.update);
  if (copy.mnemonic !== 'mov' || copy.operands[1]?.kind !== 'register' || copy.operands[1].name !== temporary) return null;
  return { induction: iv, offset: 0, at: defs[0], next: true };
}

/**
 * `register` at the loop header in `iteration` (0 = the first), when it is an induction the
 * loop updates once per iteration (its update on every path around the loop): its entry value
 * stepped that many times.
 */
function inductionAt(
  cfg: Cfg,
  resolver: ValueResolver,
  header: number,
  inLoop: ReadonlySet<number>,
  register: string,
  iteration: number,
  depth: number,
  enteringHeld: Map<string, number> | null = null,
): number | null {
  const iv = induction(cfg, resolver, inLoop, register);
  if (!iv || iteration > SEQUENCE_LIMIT) return null;
  const updateBlock = cfg.blockOfStatement[iv.update];
  for (const latch of cfg.blocks[header].predecessors) if (inLoop.has(latch) && !dominates(cfg, updateBlock, latch)) return null;
  let value: number | null = enteringHeld?.get(register) ?? null;
  if (value === null) {
    for (const p of cfg.blocks[header].predecessors) {
      if (inLoop.has(p) || cfg.idom[p] === -1) continue;
      const entering = resolver.register(register, p, -1, depth).value;
      if (entering === null || (value !== null && entering !== value)) return null;
      value = entering;
    }
    if (value === null) return null;
    enteringHeld?.set(register, value);
  }
  const bits = bitsOf(iv.type);
  const unsigned = iv.type.startsWith('u');
  for (let k = 0; k < iteration; k++) value = applyStep(iv, value, bits, unsigned);
  return value;
}

/** An operand that is an induction register, or induction register + loop-invariant constant. */
function linked(cfg: Cfg, resolver: ValueResolver, inLoop: ReadonlySet<number>, op: Operand, block: number, at: number): Linked | null {
  if (op.kind !== 'register') return null;
  const direct = induction(cfg, resolver, inLoop, op.name);
  if (direct) return { induction: direct, offset: 0, at };
  const next = nextValueOf(cfg, resolver, inLoop, op.name);
  if (next) return next;
  const defs = (resolver.defs.get(op.name) ?? []).filter((d) => inLoop.has(cfg.blockOfStatement[d]));
  if (defs.length !== 1) return null;
  const def = resolver.instruction(defs[0]);
  if ((def.mnemonic !== 'add' && def.mnemonic !== 'sub') || def.operands.length !== 3 || def.guard) return null;
  const defBlock = cfg.blockOfStatement[defs[0]];
  for (const [ivSide, otherSide] of def.mnemonic === 'add'
    ? [
        [1, 2],
        [2, 1],
      ]
    : [[1, 2]]) {
    const ivOp = def.operands[ivSide];
    if (ivOp.kind !== 'register') continue;
    const ind = induction(cfg, resolver, inLoop, ivOp.name);
    if (!ind) continue;
    const other = def.operands[otherSide];
    if (other.kind === 'register' && inLoopDefined(cfg, resolver, inLoop, other.name)) continue;
    const value = resolver.operand(other, defBlock, defs[0]);
    const sign = def.mnemonic === 'add' ? 1 : -1;
    // `i - limit` with the limit from the thread's indices: read per thread by the caller.
    if (value.value === null && THREAD_DEPENDENT.test(value.reason ?? ''))
      return {
        induction: ind,
        offset: 0,
        at: defs[0],
        offsetReason: value.reason ?? '',
        ...(other.kind === 'register' ? { offsetAt: { register: other.name, block: defBlock, statement: defs[0], sign } } : {}),
        offsetPerThread: () => {
          const v = resolver.operand(other, defBlock, defs[0]).value;
          return v === null ? null : sign * v;
        },
      };
    if (value.value === null) continue;
    return { induction: ind, offset: sign * value.value, at: defs[0] };
  }
  void block;
  return null;
}

/** Why `register = iv + x` could not be used: x is loop-invariant but unknown (e.g. a parameter). */
function unresolvedOffset(cfg: Cfg, resolver: ValueResolver, inLoop: ReadonlySet<number>, register: string): string | null {
  const defs = (resolver.defs.get(register) ?? []).filter((d) => inLoop.has(cfg.blockOfStatement[d]));
  if (defs.length !== 1) return null;
  const def = resolver.instruction(defs[0]);
  if ((def.mnemonic !== 'add' && def.mnemonic !== 'sub') || def.operands.length !== 3) return null;
  for (const [ivSide, otherSide] of [
    [1, 2],
    [2, 1],
  ]) {
    const ivOp = def.operands[ivSide];
    if (ivOp.kind !== 'register' || !induction(cfg, resolver, inLoop, ivOp.name)) continue;
    const value = resolver.operand(def.operands[otherSide], cfg.blockOfStatement[defs[0]], defs[0]);
    if (value.value === null) return value.reason;
  }
  return null;
}

/**
 * Inductions whose step is a literal, by loop and register: they hold for every thread, and the
 * per-thread, per-iteration evaluation of in-loop branches (guards.ts) asks for them each time.
 */
const literalInductions = new WeakMap<ReadonlySet<number>, Map<string, Induction | null>>();

/** A register updated exactly once in the loop as r = r (+|-|>>|<<|*|/) constant. */
function induction(cfg: Cfg, resolver: ValueResolver, inLoop: ReadonlySet<number>, register: string): Induction | null {
  let byRegister = literalInductions.get(inLoop);
  if (byRegister === undefined) literalInductions.set(inLoop, (byRegister = new Map<string, Induction | null>()));
  const known = byRegister.get(register);
  if (known !== undefined) return known;
  const { result, literal } = inductionUncached(cfg, resolver, inLoop, register);
  if (literal) byRegister.set(register, result);
  return result;
}

function inductionUncached(
  cfg: Cfg,
  resolver: ValueResolver,
  inLoop: ReadonlySet<number>,
  register: string,
): { result: Induction | null; literal: boolean } {
  // Not an induction by its instructions alone: the same for every thread.
  const none = { result: null, literal: true };
  const defs = (resolver.defs.get(register) ?? []).filter((d) => inLoop.has(cfg.blockOfStatement[d]));
  if (defs.length !== 1) return none;
  let def = resolver.instruction(defs[0]);
  // `shr t, r, 1; ...; mov r, t`: nvcc keeps the next value in a temporary and copies it back at the latch;
  // r changes at the copy, by the temporary's operation.
  const copied = def.mnemonic === 'mov' && !def.guard && def.operands[1]?.kind === 'register' ? def.operands[1].name : null;
  if (copied !== null) {
    const tempDefs = (resolver.defs.get(copied) ?? []).filter((d) => inLoop.has(cfg.blockOfStatement[d]));
    if (tempDefs.length !== 1) return none;
    def = resolver.instruction(tempDefs[0]);
  }
  if (def.guard || def.operands.length !== 3) return none;
  let [, a, b] = def.operands;
  let op = def.mnemonic;
  const halved = signedHalving(cfg, resolver, inLoop, def, register);
  if (halved) [op, a, b] = ['div', { kind: 'register', name: register }, halved];
  if (!['add', 'sub', 'shr', 'shl', 'mul', 'div'].includes(op)) return none;
  if (op === 'mul' && def.modifiers[0] !== 'lo') return none;
  let stepOperand: Operand | null = null;
  if (a.kind === 'register' && a.name === register) stepOperand = b;
  else if (op === 'add' && b.kind === 'register' && b.name === register) stepOperand = a;
  if (!stepOperand) {
    // `t1 = r + 16; t2 = t1 + 16; ...; r = t3 + 16`: a 4x unrolled body's index, advanced once per copy.
    const chained = copied === null ? addChainStep(cfg, resolver, inLoop, defs[0], register) : null;
    if (chained === null) return none;
    return {
      result: { register, update: defs[0], op: 'add', step: chained.step, type: def.modifiers[def.modifiers.length - 1] ?? 's32' },
      // A step read from a register holds for this launch only: not kept across launches.
      literal: chained.literal,
    };
  }
  if (stepOperand.kind === 'register' && variesInLoop(cfg, resolver, inLoop, stepOperand.name)) return none;
  const step = resolver.operand(stepOperand, cfg.blockOfStatement[defs[0]], defs[0]);
  if (step.value === null) return { result: null, literal: false };
  const result = { register, update: defs[0], op, step: step.value, type: def.modifiers[def.modifiers.length - 1] ?? 's32' };
  return { result, literal: stepOperand.kind === 'immediate' && !halved };
}

/** Registers followed at most through a chain of constant adds (addChainStep). */
const ADD_CHAIN_LIMIT = 32;

/**
 * The total step when `def` adds (or subtracts) a constant to a register that is itself
 * `register` plus constants through a chain of temporaries, each defined once in the loop,
 * unguarded, in a block on every path to `def`; null otherwise. An amount may also be a register
 * the loop does not set whose value the launch gives (`i + %ntid.x` per unrolled copy): the step
 * then holds for this launch only (literal false).
 */
function addChainStep(
  cfg: Cfg,
  resolver: ValueResolver,
  inLoop: ReadonlySet<number>,
  update: number,
  register: string,
): { step: number; literal: boolean } | null {
  let total = 0;
  let literal = true;
  let statement = update;
  for (let hop = 0; hop < ADD_CHAIN_LIMIT; hop++) {
    const ins = resolver.instruction(statement);
    if (ins.guard || ins.operands.length !== 3 || (ins.mnemonic !== 'add' && ins.mnemonic !== 'sub')) return null;
    const [, a, b] = ins.operands;
    let from: string;
    let amount: number;
    if (a.kind === 'register' && b.kind === 'immediate') [from, amount] = [a.name, ins.mnemonic === 'add' ? b.value : -b.value];
    else if (ins.mnemonic === 'add' && a.kind === 'immediate' && b.kind === 'register') [from, amount] = [b.name, a.value];
    else if (a.kind === 'register' && b.kind === 'register') {
      // `i + %ntid.x` per copy of a thread-strided body nvcc unrolled: a loop-invariant amount known at the launch.
      const sides: Array<[string, string]> =
        ins.mnemonic === 'add'
          ? [
              [a.name, b.name],
              [b.name, a.name],
            ]
          : [[a.name, b.name]];
      const found = sides
        .map(([chain, other]) => ({ chain, value: invariantValue(cfg, resolver, inLoop, other, statement) }))
        .find((side) => side.value !== null && (side.chain === register || inLoopDefined(cfg, resolver, inLoop, side.chain)));
      if (!found) return null;
      [from, amount] = [found.chain, ins.mnemonic === 'add' ? found.value! : -found.value!];
      literal = false;
    } else return null;
    total += amount;
    if (from === register) return hop === 0 ? null : { step: total, literal };
    const defs = (resolver.defs.get(from) ?? []).filter((d) => inLoop.has(cfg.blockOfStatement[d]));
    if (defs.length !== 1) return null;
    // Defined before its use in the same iteration (a later definition would be last iteration's value).
    const [defBlock, useBlock] = [cfg.blockOfStatement[defs[0]], cfg.blockOfStatement[statement]];
    if (!dominates(cfg, defBlock, useBlock) || (defBlock === useBlock && defs[0] > statement)) return null;
    statement = defs[0];
  }
  return null;
}

/** The value of a register no instruction of the loop sets (or only sets to a launch constant), at `statement`; null when unknown. */
function invariantValue(
  cfg: Cfg,
  resolver: ValueResolver,
  inLoop: ReadonlySet<number>,
  register: string,
  statement: number,
): number | null {
  if (variesInLoop(cfg, resolver, inLoop, register)) return null;
  return resolver.operand({ kind: 'register', name: register }, cfg.blockOfStatement[statement], statement).value;
}

/** Whether an instruction of the loop sets the register to something other than a launch constant. */
function variesInLoop(cfg: Cfg, resolver: ValueResolver, inLoop: ReadonlySet<number>, register: string): boolean {
  return (resolver.defs.get(register) ?? []).some((d) => inLoop.has(cfg.blockOfStatement[d]) && !isLaunchConstant(resolver.instruction(d)));
}

function inLoopDefined(cfg: Cfg, resolver: ValueResolver, inLoop: ReadonlySet<number>, register: string): boolean {
  return (resolver.defs.get(register) ?? []).some((d) => inLoop.has(cfg.blockOfStatement[d]));
}

/**
 * Signed division by 2 as nvcc writes it, `shr.u32 s, r, 31; add u, r, s; shr.s32 t, u, 1`
 * (rounding toward zero): the divisor 2 as an operand, or null when `def` is not that idiom on `register`.
 */
function signedHalving(cfg: Cfg, resolver: ValueResolver, inLoop: ReadonlySet<number>, def: Instruction, register: string): Operand | null {
  const [, sum, amount] = def.operands;
  if (def.mnemonic !== 'shr' || sum?.kind !== 'register' || amount?.kind !== 'immediate' || amount.value !== 1) return null;
  const only = (name: string) => {
    const defs = (resolver.defs.get(name) ?? []).filter((d) => inLoop.has(cfg.blockOfStatement[d]));
    return defs.length === 1 ? resolver.instruction(defs[0]) : null;
  };
  const add = only(sum.name);
  if (!add || add.mnemonic !== 'add' || add.guard || add.operands.length !== 3) return null;
  const [, x, y] = add.operands;
  const signOf = (operand: Operand | undefined, other: Operand | undefined) => {
    if (operand?.kind !== 'register' || other?.kind !== 'register' || other.name !== register) return false;
    const sign = only(operand.name);
    const [, source, shift] = sign?.operands ?? [];
    return (
      sign?.mnemonic === 'shr' &&
      source?.kind === 'register' &&
      source.name === register &&
      shift?.kind === 'immediate' &&
      shift.value === 31
    );
  };
  if (!signOf(y, x) && !signOf(x, y)) return null;
  return { kind: 'immediate', value: 2, text: '2' };
}

function describeStep(iv: Induction): string {
  switch (iv.op) {
    case 'add':
      return iv.step >= 0 ? `+= ${iv.step}` : `-= ${-iv.step}`;
    case 'sub':
      return `-= ${iv.step}`;
    case 'shr':
      return `>>= ${iv.step}`;
    case 'shl':
      return `<<= ${iv.step}`;
    case 'mul':
      return `*= ${iv.step}`;
    default:
      return `/= ${iv.step}`;
  }
}

function describeInLoop(cfg: Cfg, resolver: ValueResolver, inLoop: ReadonlySet<number>, register: string): string {
  const defs = (resolver.defs.get(register) ?? []).filter((d) => inLoop.has(cfg.blockOfStatement[d]));
  if (defs.length === 0) return '';
  const ins = resolver.instruction(defs[0]);
  if (ins.mnemonic === 'ld' || ins.mnemonic === 'ldu' || ins.mnemonic === 'atom') return `${register} is loaded from memory in the loop`;
  return `${register} is set by '${ins.text.trim()}'`;
}

function applyStep(iv: Induction, v: number, bits: number, unsigned: boolean): number {
  let r: number;
  switch (iv.op) {
    case 'add':
      r = v + iv.step;
      break;
    case 'sub':
      r = v - iv.step;
      break;
    case 'shr':
      r =
        unsigned || iv.type.startsWith('u') || iv.type.startsWith('b')
          ? Math.floor((bits === 32 ? v >>> 0 : v) / 2 ** iv.step)
          : Math.floor(v / 2 ** iv.step);
      break;
    case 'shl':
      r = v * 2 ** iv.step;
      break;
    case 'mul':
      r = v * iv.step;
      break;
    default:
      r = iv.step === 0 ? NaN : Math.trunc(v / iv.step);
  }
  if (bits === 32) r = unsigned ? r >>> 0 : r | 0;
  return r;
}

/** Number of times the loop test runs (= header executions of a bottom-tested loop). */
function countTrips(
  iv: Induction,
  start: number,
  after: boolean,
  offset: number,
  cmp: string,
  bound: number,
  unsigned: boolean,
  bits: number,
): number | null {
  const norm = (v: number) => (unsigned && bits === 32 ? v >>> 0 : v);
  const b = norm(bound);
  const linear = iv.op === 'add' || iv.op === 'sub';
  const step = iv.op === 'sub' ? -iv.step : iv.step;
  const first = (after ? applyStep(iv, start, bits, unsigned) : start) + offset;
  const v1 = norm(bits === 32 ? (unsigned ? first >>> 0 : first | 0) : first);
  if (compare(cmp, v1, b) === false) return 1;
  if (linear && !(unsigned && bits === 32)) {
    switch (cmp) {
      case 'lt':
      case 'lo':
        return step > 0 ? Math.ceil((b - v1) / step) + 1 : null;
      case 'le':
      case 'ls':
        return step > 0 ? Math.floor((b - v1) / step) + 2 : null;
      case 'gt':
      case 'hi':
        return step < 0 ? Math.ceil((v1 - b) / -step) + 1 : null;
      case 'ge':
      case 'hs':
        return step < 0 ? Math.floor((v1 - b) / -step) + 2 : null;
      case 'ne': {
        if (step === 0 || (b - v1) % step !== 0 || (b - v1) / step < 0) return null;
        return (b - v1) / step + 1;
      }
      case 'eq':
        return step === 0 ? null : 2;
      default:
        return null;
    }
  }
  // Non-linear steps (halving, doubling) and unsigned wrap: simulate.
  let v = after ? applyStep(iv, start, bits, unsigned) : start;
  for (let k = 1; k <= SIMULATION_LIMIT; k++) {
    const tested = norm(bits === 32 ? (unsigned ? (v + offset) >>> 0 : (v + offset) | 0) : v + offset);
    if (compare(cmp, tested, b) === false) return k;
    v = applyStep(iv, v, bits, unsigned);
    if (!Number.isFinite(v)) return null;
  }
  return null;
}

const round = (v: number): string => String(Math.round(v * 1000) / 1000);

interface ThreadCounts {
  mean: number;
  warpMax: number;
  threads: number;
  scope: string;
  startText: string;
  /** The start and count were resolved once per block (%ctaid alone decides them). */
  perBlock?: boolean;
}

/** A loop's exit test, all tripsOnEntry needs besides the start, offset and bound. */
interface LoopTest {
  iv: Induction;
  cmp: string;
  after: boolean;
  unsigned: boolean;
  bits: number;
}

/** Whether the branch before the loop (bypassGuard) lets a thread in, given its predicate's value. */
function entersOn(guard: NonNullable<ReturnType<typeof bypassGuard>>, taken: boolean): boolean {
  return (taken !== guard.negated) === guard.entersWhenTaken;
}

/**
 * A thread's trip count from its start: 0 when the branch before the loop turns it away; when that
 * branch's outcome is not known (`enters` null), 0 when the start already fails the loop's test
 * (nvcc guards a for loop before its bottom-tested body); else countTrips. A thread let in runs a
 * bottom-tested body at least once (an unrolled body's test is not its guard's: `i < 0` after
 * `n - i >= 384`).
 */
function tripsOnEntry(test: LoopTest, enters: boolean | null, start: number, offset: number, limit: number): number | null {
  const { iv, cmp, after, unsigned, bits } = test;
  if (enters === false) return 0;
  if (enters === null) {
    const norm = (v: number) => (unsigned && bits === 32 ? v >>> 0 : v);
    if (compare(cmp, norm(start + offset), norm(limit)) === false) return 0;
  }
  return countTrips(iv, start, after, offset, cmp, limit, unsigned, bits);
}

/** The header's predecessors outside the loop (the edges that enter it). */
function entryEdges(cfg: Cfg, header: number, inLoop: ReadonlySet<number>): number[] {
  return cfg.blocks[header].predecessors.filter((p) => !inLoop.has(p) && cfg.idom[p] !== -1);
}

/** A register read just before `statement` of `block`. */
interface RegisterAt {
  register: string;
  block: number;
  statement: number;
}

interface PureCount {
  test: LoopTest;
  offset: number;
  /** The bound, when the same for every thread (null when boundAt gives it per thread). */
  limit: number | null;
  /** Where the bound is read when it depends on the thread. */
  boundAt?: RegisterAt | null;
  /** Where the tested value's offset from the induction is read when it depends on the thread (Linked.offsetAt). */
  offsetAt?: (RegisterAt & { sign: number }) | null;
}

/**
 * The loop's start as an affine form of the thread's indices and its trip count as a function of
 * that start alone (tripsFrom without the resolver), with the direction in which the count moves as
 * the start grows; null when the start is not affine on every entry or the branch before the loop
 * is not a comparison of the start with a launch constant.
 */
function startByThread(
  resolver: ValueResolver,
  launch: Launch,
  loop: LoopInfo,
  inLoop: ReadonlySet<number>,
  startRegister: string,
  guard: ReturnType<typeof bypassGuard>,
  count: PureCount,
): StartByThread | null {
  if (!launch.block) return null;
  const affineLaunch = { block: launch.block, grid: launch.grid };
  let form: AffineForm | null = null;
  for (const p of entryEdges(resolver.cfg, loop.header, inLoop)) {
    const entry = affineRegister(resolver, affineLaunch, startRegister, p, -1);
    if (!entry || (form && !sameForm(form, entry))) return null;
    form = entry;
  }
  if (!form) return null;
  const range = formRange(form, affineLaunch);
  const { test, offset, limit } = count;
  const { iv, cmp, unsigned, bits } = test;
  if (limit === null) return null;
  // As in tripsFrom: a known branch before the loop decides entry, else the start's first test does.
  let enters: ((start: number) => boolean) | null = null;
  let entryDirection: Direction = comparisonDirection(cmp);
  if (guard) {
    const taken = resolver.predicateRegister(guard.register, guard.block, guard.statement);
    if (taken !== null) {
      const always = entersOn(guard, taken);
      enters = () => always;
    } else {
      const byStart = guardByStart(resolver, affineLaunch, guard, form);
      if (!byStart) return null;
      enters = byStart.enters;
      entryDirection = byStart.direction;
    }
  }
  const trips = (start: number): number | null => tripsOnEntry(test, enters ? enters(start) : null, start, offset, limit);
  // Monotone where no value wraps: a linear step tested against a bound it moves towards.
  const stepSign = iv.op === 'add' ? Math.sign(iv.step) : iv.op === 'sub' ? -Math.sign(iv.step) : 0;
  const tested = comparisonDirection(cmp);
  let direction: Direction = stepSign !== 0 && stepSign === -tested ? tested : 0;
  const span = Math.abs(iv.step) + Math.abs(offset);
  const low = unsigned || bits !== 32 ? 0 : -(2 ** 31);
  const high = bits === 32 ? 2 ** 31 : Number.MAX_SAFE_INTEGER;
  const inRange = (v: number) => v - span >= low && v + span < high;
  if (!range || !inRange(range[0]) || !inRange(range[1]) || !inRange(limit) || (bits !== 32 && bits !== 64)) direction = 0;
  if (entryDirection !== direction) direction = 0;
  return { form, trips, direction };
}

/** A loop's start and trip count as compiled functions of the thread (thread-function.ts). */
interface CompiledByThread {
  start: (thread: ThreadIndex) => number | null;
  /** The thread's count; the start given when known (threadCounts), else worked out. */
  trips: (thread: ThreadIndex, start?: number) => number | null;
  /** The thread indices the start and the count read (threads.ts indexAxisBit). */
  indexAxesRead: number;
}

function affineTrips(affine: StartByThread): { trips: ThreadValue; indexAxesRead: number } {
  let indexAxesRead = 0;
  for (let axis = 0; axis < 3; axis++) {
    if (affine.form.tid[axis] !== 0) indexAxesRead |= indexAxisBit('tid', axis);
    if (affine.form.ctaid[axis] !== 0) indexAxesRead |= indexAxisBit('ctaid', axis);
  }
  return { trips: (thread) => affine.trips(formAt(affine.form, thread.tid, thread.ctaid)), indexAxesRead };
}

/**
 * tripsFrom as functions of the thread: the start register on every entry edge and the branch
 * before the loop compiled, the count from countTrips. Null when either does not compile.
 */
function compiledByThread(
  resolver: ValueResolver,
  loop: LoopInfo,
  inLoop: ReadonlySet<number>,
  startRegister: string,
  guard: ReturnType<typeof bypassGuard>,
  count: PureCount,
  loopsByThread: readonly LoopByThread[],
): CompiledByThread | null {
  const compiler = new ThreadCompiler(resolver, loopsByThread);
  const entries: ThreadValue[] = [];
  for (const p of entryEdges(resolver.cfg, loop.header, inLoop)) {
    const entry = compiler.register(startRegister, p, -1);
    if (!entry) return null;
    entries.push(entry);
  }
  if (entries.length === 0) return null;
  const taken = guard ? resolver.predicateRegister(guard.register, guard.block, guard.statement) : null;
  const guardByThread = guard && taken === null ? compiler.predicate(guard.register, guard.block, guard.statement) : null;
  if (guard && taken === null && !guardByThread) return null;
  const { test, offset: sharedOffset, offsetAt, limit: sharedLimit, boundAt } = count;
  const boundByThread = boundAt ? compiler.register(boundAt.register, boundAt.block, boundAt.statement) : null;
  if (boundAt && !boundByThread) return null;
  const offsetByThread = offsetAt ? compiler.register(offsetAt.register, offsetAt.block, offsetAt.statement) : null;
  if (offsetAt && !offsetByThread) return null;
  const start = (thread: ThreadIndex): number | null => {
    let value: number | null = null;
    for (const entry of entries) {
      const v = entry(thread);
      // Unknown, or different on two entries: no start (startValue's cases).
      if (v === null || (value !== null && v !== value)) return null;
      value = v;
    }
    return value;
  };
  const trips = (thread: ThreadIndex, known?: number): number | null => {
    const s = known ?? start(thread);
    if (s === null) return null;
    const limit = boundByThread ? boundByThread(thread) : sharedLimit;
    const offsetValue = offsetByThread ? offsetByThread(thread) : sharedOffset;
    if (limit === null || offsetValue === null) return null;
    const offset = offsetAt ? offsetAt.sign * offsetValue : offsetValue;
    // As in tripsFrom: the branch before the loop when its outcome is known, else the start's first test.
    const outcome = guard ? (taken ?? guardByThread!(thread)) : null;
    return tripsOnEntry(test, guard && outcome !== null ? entersOn(guard, outcome) : null, s, offset, limit);
  };
  return { start, trips, indexAxesRead: compiler.indexAxesRead };
}

/** Per-thread trip counts of a loop whose start depends on %tid (and %ctaid): every thread of the block
 * (of the grid when %ctaid is involved) is enumerated; a string says why it could not be. */
function threadCounts(
  resolver: ValueResolver,
  launch: Launch,
  reason: string,
  entered: { reach: ThreadReach; header: number } | null,
  startValue: () => { value: number | null; reason: string },
  tripsFrom: (start: number) => number | null,
  byThread: StartByThread | null,
  compiled: CompiledByThread | null,
): ThreadCounts | string {
  const block = launch.block;
  if (!block) return "the start depends on the thread and the block is unknown (give --block or the config's kernels.NAME.block)";
  // Threads that a per-thread guard keeps from the loop are left out: the header's weight already counts them (guards.ts).
  const needsGrid =
    /%ctaid\b/.test(reason) ||
    entered?.reach.scope === 'grid' ||
    (byThread !== null && formNeedsGrid(byThread.form)) ||
    (compiled !== null && (compiled.indexAxesRead & BLOCK_INDEX_AXES) !== 0);
  if (needsGrid && !launch.grid)
    return "the start depends on the block index and the grid is unknown (give the config's kernels.NAME.grid or --grid)";
  const grid = needsGrid ? launch.grid! : [1, 1, 1];
  const blockThreads = volume(block);
  const blocks = volume(grid);
  const scope = needsGrid ? `grid ${grid.join('x')} of blocks ${block.join('x')}` : `block ${block.join('x')}`;
  const gridOrNull = needsGrid ? launch.grid! : null;
  const reaching = reachingOf(entered);
  const threads = blockThreads * blocks;
  // Through the value resolver, too many threads to resolve one by one: once per block where
  // %ctaid alone decides the start and the count (an unroll prologue taken per block).
  const perBlock = !byThread && !compiled && threads > THREAD_LIMIT;
  let counts: AffineCounts | string;
  if (byThread) counts = countByAffineStart(byThread, block, gridOrNull, reaching);
  else if (compiled) {
    const startAt = (thread: ThreadIndex) =>
      compiled.start(thread) ?? 'per-thread start unknown: the compiled start gives none (or two entries differ)';
    // Without %tid the count is the block's: once per block (per value of the %ctaid axes read).
    counts =
      (compiled.indexAxesRead & THREAD_INDEX_AXES) === 0 && !reaching
        ? countEachBlock(block, gridOrNull, compiled.indexAxesRead, startAt, compiled.trips)
        : countEachThread(block, gridOrNull, reaching, startAt, compiled.trips);
  } else if (perBlock)
    counts =
      (gridOrNull && countByBlock(resolver, block, gridOrNull, reaching, startValue, tripsFrom)) ||
      `${threads} threads exceed the enumeration limit of ${THREAD_LIMIT}`;
  else {
    // Through the value resolver, thread by thread: the slowest way, so the fewest threads.
    counts = countEachThread(
      block,
      gridOrNull,
      reaching,
      () => {
        const start = startValue();
        return start.value ?? `per-thread start unknown: ${start.reason}`;
      },
      (_thread, start) => tripsFrom(start),
      (visit) => forEachThread(resolver, block, gridOrNull, visit),
    );
  }
  if (typeof counts === 'string') return counts;
  if (counts.threadsIn === 0) return { ...meanCounts(counts), threads, scope, startText: 'no thread enters' };
  return { ...meanCounts(counts), threads, scope, startText: `${counts.startMin}..${counts.startMax}`, perBlock };
}

/** The threads a guard before the loop lets reach it (guards.ts), as the per-thread counts take them; null: every thread. */
function reachingOf(entered: { reach: ThreadReach; header: number } | null): Reaching | null {
  return entered ? { scope: entered.reach.scope, reaches: (b, t) => threadReaches(entered.reach, b, t, entered.header) } : null;
}

/** Mean trips a thread that enters and the mean over warps of each warp's largest (0 and 0 where none enters). */
function meanCounts(counts: AffineCounts): { mean: number; warpMax: number } {
  return counts.threadsIn === 0 ? { mean: 0, warpMax: 0 } : { mean: counts.sum / counts.threadsIn, warpMax: counts.warpSum / counts.warps };
}

/** Iterations the per-block simulation runs in all, over every block of the grid, at most. */
const SIMULATED_ITERATIONS_LIMIT = 1 << 20;

/**
 * A loop whose exit slice (loop-simulation.ts) enters with values the block index sets, run once
 * per block with %tid unset; null without a launch, where block 0's slice needs %tid too, or past
 * SIMULATED_ITERATIONS_LIMIT iterations in all.
 */
function simulatedPerBlock(
  resolver: ValueResolver,
  launch: Launch,
  reach: ThreadReach | null,
  header: number,
  simulate: () => ReturnType<typeof simulateExit>,
): { mean: number; warpMax: number; text: string } | null {
  if (!launch.block || !launch.grid) return null;
  let text: string | null = null;
  let iterations = 0;
  const trips = (): number | null => {
    const simulated = simulate();
    if (typeof simulated === 'string') return null;
    text ??= simulated.text;
    iterations += simulated.trips;
    return iterations > SIMULATED_ITERATIONS_LIMIT ? null : simulated.trips;
  };
  const reaching = reachingOf(reach && reach.fraction[header] < 1 ? { reach, header } : null);
  const counts = countByBlock(resolver, launch.block, launch.grid, reaching, () => ({ value: 0, reason: '' }), trips);
  if (counts === null || typeof counts === 'string' || text === null) return null;
  return { ...meanCounts(counts), text };
}

/**
 * Per-thread counts with the start and the count resolved once per block, %tid unset: null when
 * block 0's do not resolve so (they need %tid), a string when a later block's do not.
 */
function countByBlock(
  resolver: ValueResolver,
  block: Dim3,
  grid: Dim3,
  reaching: Reaching | null,
  startValue: () => { value: number | null; reason: string },
  tripsFrom: (start: number) => number | null,
): AffineCounts | string | null {
  let start: number | string = '';
  let trips: number | null = null;
  const atBlock = () => {
    const s = startValue();
    start = s.value ?? `per-block start unknown: ${s.reason}`;
    trips = s.value === null ? null : tripsFrom(s.value);
  };
  try {
    setBlockOnly(resolver, [0, 0, 0]);
    atBlock();
  } finally {
    clearThread(resolver);
  }
  if (typeof start === 'string' || trips === null) return null;
  return countEachThread(
    block,
    grid,
    reaching,
    () => start,
    () => trips,
    (visit) => forEachThreadByBlock(resolver, block, grid, atBlock, visit),
  );
}

/** (thread, outer iteration) pairs evaluated at most for one nested loop. */
const NESTED_LIMIT = 1 << 20;
/** The same when every induction of the enclosing loops and the guard are given (`Extended`). */
const EXTENDED_NESTED_LIMIT = 1 << 16;

/** Why a count per (thread, outer iteration) failed; `tooMany`: for the number of pairs. */
interface NestedFailure {
  reason: string;
  tooMany: boolean;
}

const failed = (reason: string, tooMany = false): NestedFailure => ({ reason, tooMany });

/** What a count per (thread, outer iteration) gives besides the enclosing loops' indices. */
interface Extended {
  /** Whether the branch before the loop turns the thread away (it then runs 0 turns). */
  turnedAway: () => boolean;
}

/**
 * Trip counts of a loop whose start or bound comes from the enclosing loop's index
 * (`for (pos = vectorBase + iAccum; pos < vectorEnd; ...)` inside `for (vec = ...)`): for every
 * thread of the block (of the grid when needed) and every iteration of the enclosing loop, the
 * enclosing index is given to the resolver and this loop counted; the mean is over those pairs.
 */
function nestedCounts(
  resolver: ValueResolver,
  launch: Launch,
  reach: ThreadReach | null,
  chain: readonly CountedLoop[],
  startValue: () => { value: number | null; reason: string },
  tripsFrom: (start: number) => number | null,
  extended: Extended | null,
): { mean: number; contexts: number; scope: string } | NestedFailure {
  const limit = extended ? EXTENDED_NESTED_LIMIT : NESTED_LIMIT;
  const turnedAway = () => extended !== null && extended.turnedAway();
  const block = launch.block;
  if (!block) return failed('the enclosing loops are counted per thread and the block is unknown');
  const forget = (outer: CountedLoop) => {
    resolver.special.delete(outer.register);
    resolver.special.delete(iterationKey(outer.header));
  };
  const clearChain = () => chain.forEach(forget);
  // Visits every iteration of the chain (outermost first) for the thread set in the resolver;
  // false when a count is missing. `first` stops after the first iteration of each level.
  let sum = 0;
  let contexts = 0;
  // Pairs counted (a block's pair stands for its threads' where no %tid is read) and evaluated.
  let weight = 1;
  let evaluations = 0;
  let failure = '';
  // The enclosing loops' trip counts for the first thread (the probe), to see the cost before paying it.
  const firstTrips: number[] = [];
  const visit = (level: number, first: boolean): boolean => {
    if (level === chain.length) {
      const away = turnedAway();
      const start = away ? null : startValue().value;
      const trips = away ? 0 : start === null ? null : tripsFrom(start);
      if (trips === null) return false;
      sum += trips * weight;
      contexts += weight;
      return ++evaluations <= limit || ((failure = `more than ${limit} (thread, iteration) pairs`), false);
    }
    const outer = chain[level];
    chain.slice(level).forEach(forget);
    const values = outer.headerValues();
    if (values === null) return false;
    if (first) firstTrips[level] = values.length;
    for (const [iteration, v] of (first ? values.slice(0, 1) : values).entries()) {
      resolver.special.set(outer.register, v);
      // The loop's other inductions at this iteration (scalarProd's middle loop also counts its
      // turns in a register of its own, from which nvcc computes the inner loop's peel count).
      if (extended) resolver.special.set(iterationKey(outer.header), iteration);
      if (!visit(level + 1, first)) return false;
    }
    return true;
  };
  const probe = () => {
    const counted = visit(0, true);
    clearChain();
    return counted;
  };
  // Every pair of an enumeration of `units` (threads, or block-index values standing for `each`
  // threads): as many pairs as the first thread's iterations for every unit, far more than the
  // limit not enumerated only to fail.
  const countOver = (
    units: number,
    unit: string,
    each: number,
    scope: string,
    enumerate: (visitUnit: () => boolean) => boolean,
  ): { mean: number; contexts: number; scope: string } | NestedFailure => {
    const expected = firstTrips.reduce((product, trips) => product * trips, units);
    if (extended && expected > 2 * limit) return failed(`about ${expected} (${unit}, iteration) pairs, more than ${limit}`, true);
    sum = 0;
    contexts = 0;
    evaluations = 0;
    weight = each;
    const complete = enumerate(() => visit(0, false));
    clearChain();
    if (!complete) return failure ? failed(failure, true) : failed('no count for some iteration of the enclosing loops');
    return { mean: contexts === 0 ? 0 : sum / contexts, contexts, scope };
  };
  // Every thread reaches the enclosing loops and nothing read is the thread's: once per block,
  // and only per value of the %ctaid axes read (llm.c's row per block, 1024 x 48 blocks of 512
  // threads: 1,024 values, each standing for 24,576 threads).
  const allReach = !reach || reach.fraction[chain[0].header] === 1;
  const blockAxes = allReach && launch.grid ? blockAxesNeeded(resolver, launch.grid, probe) : null;
  // (Without any %ctaid the count is the launch's: the enumeration of one block below gives it.)
  if (blockAxes !== null && blockAxes !== 0) {
    const grid = launch.grid!;
    const values = volume(gridAlong(grid, blockAxes));
    return countOver(
      values,
      'block',
      (volume(block) * volume(grid)) / values,
      `grid ${grid.join('x')} of blocks ${block.join('x')}, once per block`,
      (visitUnit) => forEachBlockValue(resolver, grid, blockAxes, visitUnit),
    );
  }
  const probed = scopeFor(resolver, launch.grid, probe);
  if (probed === null)
    return failed(
      launch.grid
        ? "not resolved by the enclosing loops' indices either"
        : 'it depends on the enclosing loops, which are not counted for a thread without the grid',
    );
  // Threads kept from the loops by a grid-level guard are known only per block of the grid.
  const scopeName = probed === 'grid' || (reach?.scope === 'grid' && reach.fraction[chain[0].header] < 1) ? 'grid' : 'block';
  const grid = scopeName === 'grid' ? launch.grid! : null;
  // Every thread reaches the loops and only some %ctaid axes are read: the threads of one block per
  // value of those axes, each standing for the blocks that share it (llm.c attention_backward's
  // kernel 8: rows by blockIdx.x, the same for each of 48 heads by blockIdx.y).
  const axes = grid && allReach ? blockAxesNeeded(resolver, grid, probe, true) : null;
  if (grid && axes !== null && volume(gridAlong(grid, axes)) < volume(grid)) {
    const values = gridAlong(grid, axes);
    return countOver(
      volume(block) * volume(values),
      'thread',
      volume(grid) / volume(values),
      `grid ${grid.join('x')} of blocks ${block.join('x')}, per thread of ${volume(values)} values of the block axes read`,
      (visitUnit) => forEachThread(resolver, block, values, () => visitUnit()),
    );
  }
  return countOver(
    volume(block) * (grid ? volume(grid) : 1),
    'thread',
    1,
    grid ? `grid ${grid.join('x')} of blocks ${block.join('x')}` : `block ${block.join('x')}`,
    (visitUnit) =>
      forEachThread(resolver, block, grid, (b, t) => {
        if (reach && !reachesFrom(reach, scopeName, b, t, chain[0].header)) return;
        return visitUnit();
      }),
  );
}

/**
 * `ld.param r, [name]` unguarded: a kernel parameter read again inside the loop (nvcc reloads
 * parameters under register pressure). Parameters do not change while the kernel runs: the same
 * value in every iteration.
 */
function isParameterLoad(ins: Instruction): boolean {
  return !ins.guard && parameterRead(ins) !== null;
}

/**
 * A definition that gives the same value in every iteration: a kernel parameter read again, or
 * a launch shape copied again (`mov r, %nctaid.x` at a grid-stride loop's latch: nvcc re-reads
 * what it did not keep in a register).
 */
function isLaunchConstant(ins: Instruction): boolean {
  if (isParameterLoad(ins)) return true;
  const source = ins.operands[1];
  return (
    !ins.guard &&
    ins.mnemonic === 'mov' &&
    ins.operands.length === 2 &&
    source?.kind === 'register' &&
    /^%n(tid|ctaid)\.[xyz]$/.test(source.name)
  );
}
