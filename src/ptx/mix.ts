// Instruction mix (static and loop-weighted dynamic), Lim et al.'s intensities, Ryoo's
// multi-cycle weighted count, per-thread flops and bytes, and Ryoo's regions (dynamic
// intervals ended by the first use of a pending global/texture load result or by a
// barrier, plus one). Calls to device functions with a body add the callee's dynamic
// counts once per call.
import type { InstructionMix, InstructionMixCounts, PerThread, SassLineCount } from '../model/types.js';
import type { Instruction, Operand, PtxFunction, PtxModule } from './ast.js';
import { buildCfg, type Cfg } from './cfg.js';
import { dependentCycles } from './latency.js';
import { classify, type Classified, type Space } from './classify.js';
import { findLoops, statementWeights, type LoopInfo, type LoopOptions } from './loops.js';
import { functionFacts, type FunctionFacts } from './facts.js';
import {
  addCallee,
  emptyTally,
  estimateSassLines,
  sassTotal,
  sourceKey,
  tallyInstruction,
  type CopyMarker,
  type LineTally,
  type OwnLines,
  type SassLineEstimate,
} from './sass-estimate.js';

export interface InstructionAnalysis {
  mix: InstructionMix;
  perThread: PerThread;
  /** perThread.sassInstructions line by line, when a line table was given. */
  sassLineEstimates?: SassLineEstimate[];
  /** Ryoo's Regions: dynamic blocking instructions + 1. */
  regions: number;
}

export function emptyCounts(): InstructionMixCounts {
  return {
    fp32: 0,
    fp64: 0,
    fp16: 0,
    integer: 0,
    sfu: 0,
    tensor: 0,
    conversion: 0,
    move: 0,
    predicate: 0,
    control: 0,
    barrier: 0,
    atomic: 0,
    load: {},
    store: {},
    other: 0,
    total: 0,
  };
}

interface Totals {
  dynamic: InstructionMixCounts;
  weighted: number;
  flops: number;
  globalLoadBytes: number;
  globalStoreBytes: number;
  sharedLoadBytes: number;
  sharedStoreBytes: number;
  localLoadBytes: number;
  localStoreBytes: number;
  blocking: number;
  /** Batches of global loads a thread waits on in turn (see globalLoadBatch). */
  globalLoadBatches: number;
  /** Largest share of the threads reaching a block that loads from global memory (0 without such loads). */
  globalLoadReach: number;
  unknownBranches: boolean;
  assumed: boolean;
}

// Counts accumulate in a Float64Array by slot (category, or load/store x space): the inner
// loop then does no property lookups by computed key.
const CATEGORY_SLOTS = [
  'fp32',
  'fp64',
  'fp16',
  'integer',
  'sfu',
  'tensor',
  'conversion',
  'move',
  'predicate',
  'control',
  'barrier',
  'atomic',
  'other',
] as const;
const SPACE_SLOTS: Space[] = ['global', 'shared', 'local', 'const', 'param', 'tex', 'surf', 'generic'];
const LOAD_BASE = CATEGORY_SLOTS.length;
const STORE_BASE = LOAD_BASE + SPACE_SLOTS.length;
const SLOT_COUNT = STORE_BASE + SPACE_SLOTS.length;

function spaceSlot(space: Space | null): number {
  switch (space) {
    case 'global':
      return 0;
    case 'shared':
      return 1;
    case 'local':
      return 2;
    case 'const':
      return 3;
    case 'param':
      return 4;
    case 'tex':
      return 5;
    case 'surf':
      return 6;
    default:
      return 7;
  }
}

// Switches over the category strings (SPACE_SLOTS / CATEGORY_SLOTS order): no Map lookups per instruction.
function slotOf(c: Classified, space: Space | null): number {
  switch (c.category) {
    case 'load':
      return LOAD_BASE + spaceSlot(space);
    case 'store':
      return STORE_BASE + spaceSlot(space);
    case 'fp32':
      return 0;
    case 'fp64':
      return 1;
    case 'fp16':
      return 2;
    case 'integer':
      return 3;
    case 'sfu':
      return 4;
    case 'tensor':
      return 5;
    case 'conversion':
      return 6;
    case 'move':
      return 7;
    case 'predicate':
      return 8;
    case 'control':
      return 9;
    case 'barrier':
      return 10;
    case 'atomic':
      return 11;
    default:
      return 12;
  }
}

function countsFromTally(tally: number[]): InstructionMixCounts {
  // Named stores (CATEGORY_SLOTS order), not stores by a computed key.
  const counts: InstructionMixCounts = {
    fp32: tally[0],
    fp64: tally[1],
    fp16: tally[2],
    integer: tally[3],
    sfu: tally[4],
    tensor: tally[5],
    conversion: tally[6],
    move: tally[7],
    predicate: tally[8],
    control: tally[9],
    barrier: tally[10],
    atomic: tally[11],
    load: {},
    store: {},
    other: tally[12],
    total: 0,
  };
  let total = 0;
  for (let i = 0; i < CATEGORY_SLOTS.length; i++) total += tally[i];
  for (let i = 0; i < SPACE_SLOTS.length; i++) {
    const space = SPACE_SLOTS[i];
    if (tally[LOAD_BASE + i] > 0) counts.load[space] = tally[LOAD_BASE + i];
    if (tally[STORE_BASE + i] > 0) counts.store[space] = tally[STORE_BASE + i];
    total += tally[LOAD_BASE + i] + tally[STORE_BASE + i];
  }
  counts.total = total;
  return counts;
}

function addCounts(into: InstructionMixCounts, from: InstructionMixCounts, times: number): void {
  for (const key of [
    'fp32',
    'fp64',
    'fp16',
    'integer',
    'sfu',
    'tensor',
    'conversion',
    'move',
    'predicate',
    'control',
    'barrier',
    'atomic',
    'other',
    'total',
  ] as const) {
    into[key] += from[key] * times;
  }
  for (const [k, v] of Object.entries(from.load)) into.load[k] = (into.load[k] ?? 0) + v * times;
  for (const [k, v] of Object.entries(from.store)) into.store[k] = (into.store[k] ?? 0) + v * times;
}

function addTo(prov: Map<string, Set<Space>>, reg: string, space: Space): boolean {
  let set = prov.get(reg);
  if (!set) prov.set(reg, (set = new Set()));
  if (set.has(space)) return false;
  set.add(space);
  return true;
}

const PROVENANCE_OPS = new Set(['cvta', 'ld', 'mov', 'add', 'sub', 'mad', 'cvt', 'selp']);

/**
 * Address-space provenance of registers, flow-insensitive: which space a generic address
 * in a register can point to (cvta, kernel pointer parameters, shared/global symbols).
 */
export function addressProvenance(module: PtxModule, fn: PtxFunction, facts: FunctionFacts = functionFacts(fn)): Map<string, Set<Space>> {
  const prov = new Map<string, Set<Space>>();
  const globalsSpace = new Map(module.globals.map((g) => [g.name, g.stateSpace]));
  for (const s of fn.body) if (s.kind === 'var') globalsSpace.set(s.name, s.stateSpace);
  const entryParams = new Set(fn.kind === 'entry' ? fn.params.map((p) => p.name) : []);
  // Only these can create or carry an address; everything else is skipped up front.
  const candidates: number[] = [];
  for (let i = 0; i < fn.body.length; i++) {
    const s = fn.body[i];
    if (s.kind === 'instruction' && PROVENANCE_OPS.has(s.mnemonic) && facts.destsAt(i).length === 1) candidates.push(i);
  }
  for (let pass = 0; pass < 8; pass++) {
    let changed = false;
    for (const index of candidates) {
      const ins = fn.body[index] as Instruction;
      const dest = facts.destsAt(index)[0];
      const m = ins.mnemonic;
      if (m === 'cvta') {
        const space = ins.modifiers.find((x) => x === 'global' || x === 'shared' || x === 'local' || x === 'const') as Space | undefined;
        if (space) changed = addTo(prov, dest, space) || changed;
        continue;
      }
      if (m === 'ld' && ins.modifiers[0] === 'param') {
        const addr = ins.operands[1];
        if (
          addr?.kind === 'address' &&
          addr.base?.kind === 'symbol' &&
          entryParams.has(addr.base.name) &&
          /64$/.test(ins.modifiers[ins.modifiers.length - 1] ?? '')
        ) {
          changed = addTo(prov, dest, 'global') || changed;
        }
        continue;
      }
      if (m === 'mov' || m === 'add' || m === 'sub' || m === 'mad' || m === 'cvt' || m === 'selp') {
        for (const op of ins.operands.slice(1)) {
          if (op.kind === 'symbol') {
            const space = globalsSpace.get(op.name);
            if (space === 'shared' || space === 'global' || space === 'const' || space === 'local')
              changed = addTo(prov, dest, space) || changed;
          } else if (op.kind === 'register') {
            if (op.name === '%SP' || op.name === '%SPL') changed = addTo(prov, dest, 'local') || changed;
            for (const space of prov.get(op.name) ?? []) changed = addTo(prov, dest, space) || changed;
          }
        }
      }
    }
    if (!changed) break;
  }
  return prov;
}

function addressRegister(ins: Instruction): string | null {
  for (const op of ins.operands) if (op.kind === 'address' && op.base?.kind === 'register') return op.base.name;
  return null;
}

/** The global loads of one basic block that ptxas can issue together, in program order so far. */
interface LoadBatch {
  open: boolean;
  /** A store, atomic, fence, barrier or call since the batch's first load: later loads cannot move above it. */
  ordered: boolean;
  /** The batch's load results and what the block computed from them: a load whose address reads one waits for the batch. */
  results: Set<string>;
}

function newLoadBatch(): LoadBatch {
  return { open: false, ordered: false, results: new Set() };
}

const ORDERING_CATEGORIES = new Set(['store', 'atomic', 'barrier']);
const FLOATING_CATEGORIES = new Set(['fp32', 'fp64', 'fp16', 'sfu', 'tensor']);

/**
 * Whether this instruction starts a new batch of global loads, the loads a warp has in flight
 * together before it waits for them (memory-level parallelism). ptxas issues a block's
 * independent loads early, ahead of the arithmetic that uses them, so a use does not end a
 * batch; a global or generic store (a later plain load may read what it wrote), an atomic, a
 * fence or barrier, a call, or a load whose address is computed from a result of the batch does. A
 * non-coherent load (`ld.global.nc`: read-only for the kernel's lifetime) moves above stores.
 * Each basic block starts afresh (a loop iteration's loads wait for the previous iteration's
 * branch).
 */
function globalLoadBatch(batch: LoadBatch, ins: Instruction, c: Classified, space: Classified['space'], dests: string[]): boolean {
  if (c.category === 'load' && c.longLatency && space !== 'local' && space !== 'shared' && space !== 'const' && space !== 'param') {
    const nonCoherent = ins.modifiers.includes('nc') || ins.mnemonic === 'ldu' || space === 'tex';
    const starts = !batch.open || (batch.ordered && !nonCoherent) || readsAny(ins, batch.results, dests.length > 0);
    if (starts) {
      batch.open = true;
      batch.ordered = false;
      batch.results.clear();
    }
    for (const d of dests) batch.results.add(d);
    return starts;
  }
  if (!batch.open) return false;
  if (ins.mnemonic === 'call' || (ORDERING_CATEGORIES.has(c.category) && space !== 'shared' && space !== 'local')) batch.ordered = true;
  // An address computed from a result (index arithmetic) depends on the batch too; floating-point
  // results feed no address (a cvt would), so most of an unrolled body's arithmetic is skipped.
  if (dests.length > 0 && !FLOATING_CATEGORIES.has(c.category) && readsAny(ins, batch.results, true))
    for (const d of dests) batch.results.add(d);
  return false;
}

/** Instructions that use a pending load result or synchronise (Ryoo's region ends), per statement. */
function blockingStatements(cfg: Cfg, classes: Array<Classified | null>, facts: FunctionFacts): number[] {
  const body = cfg.fn.body;
  const blocking: number[] = new Array<number>(body.length).fill(0);
  // Without back edges one pass in reverse postorder sees every predecessor's final set, so
  // the confirming second pass is skipped (it would change nothing).
  const rpoIndex: number[] = new Array<number>(cfg.blocks.length).fill(-1);
  for (let i = 0; i < cfg.reversePostorder.length; i++) rpoIndex[cfg.reversePostorder[i]] = i;
  let acyclic = true;
  for (const b of cfg.reversePostorder) {
    for (const p of cfg.blocks[b].predecessors) if (rpoIndex[p] >= rpoIndex[b]) acyclic = false;
  }
  // Pending load results per block exit; a few registers at most, so plain arrays.
  const outSets: string[][] = cfg.blocks.map(() => []);
  let changed = true;
  for (let iteration = 0; changed && iteration < 50; iteration++) {
    if (iteration === 1 && acyclic) break;
    changed = false;
    for (const b of cfg.reversePostorder) {
      const pending: string[] = [];
      for (const p of cfg.blocks[b].predecessors) for (const r of outSets[p]) if (!pending.includes(r)) pending.push(r);
      for (const s of cfg.blocks[b].statements) {
        const c = classes[s]!;
        let blocks = c.blocking;
        if (!blocks && pending.length > 0) blocks = readsAny(body[s] as Instruction, pending, facts.destsAt(s).length > 0);
        if (blocks) {
          blocking[s] = 1;
          if (!c.blocking) pending.length = 0;
        }
        if (c.longLatency) {
          for (const d of facts.destsAt(s)) if (!pending.includes(d)) pending.push(d);
        } else if (pending.length > 0) deleteWritten(body[s] as Instruction, pending, facts.destsAt(s));
      }
      if (!sameSet(pending, outSets[b])) {
        outSets[b] = pending;
        changed = true;
      }
    }
  }
  return blocking;
}

/** Registers looked up by name: a few pending load results (an array), or a growing set. */
type Registers = readonly string[] | ReadonlySet<string>;

function holds(registers: Registers, name: string): boolean {
  return Array.isArray(registers) ? registers.includes(name) : (registers as ReadonlySet<string>).has(name);
}

/** Whether the instruction reads a register in `pending` (guard, sources; no allocation). */
function readsAny(ins: Instruction, pending: Registers, writes: boolean): boolean {
  if (ins.guard && holds(pending, ins.guard.register)) return true;
  const ops = ins.operands;
  // The first operand is read unless it is a destination (register or register vector).
  const first = ops[0];
  const skipFirst = first !== undefined && (first.kind === 'register' || first.kind === 'vector') && writes;
  for (let i = skipFirst ? 1 : 0; i < ops.length; i++) if (operandReads(ops[i], pending)) return true;
  return false;
}

function operandReads(op: Operand, pending: Registers): boolean {
  switch (op.kind) {
    case 'register':
    case 'negated-predicate':
      return holds(pending, op.name);
    case 'address':
      return op.base !== null && operandReads(op.base, pending);
    case 'vector':
      for (const e of op.elements) if (operandReads(e, pending)) return true;
      return false;
    default:
      return false;
  }
}

/** Removes from `pending` the registers the instruction overwrites (`written`: its destinations, cached in the facts). */
function deleteWritten(ins: Instruction, pending: string[], written: string[]): void {
  const first = ins.operands[0];
  if (first === undefined) return;
  if (first.kind === 'register') {
    const at = pending.indexOf(first.name);
    if (at >= 0 && written.length > 0) pending.splice(at, 1);
  } else if (first.kind === 'vector') {
    if (first.elements.some((e) => e.kind === 'register' && pending.includes(e.name))) {
      for (const d of written) {
        const at = pending.indexOf(d);
        if (at >= 0) pending.splice(at, 1);
      }
    }
  }
}

function sameSet(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (const x of a) if (!b.includes(x)) return false;
  return true;
}

function loopControlBlocks(cfg: Cfg, loops: LoopInfo[]): Set<number> {
  const control = new Set<number>();
  for (const loop of loops) {
    const inLoop = new Set(loop.blocks);
    for (const b of loop.blocks) {
      if (cfg.blocks[b].successors.some((s) => !inLoop.has(s) || s === loop.header)) control.add(b);
    }
  }
  return control;
}

interface FunctionResult {
  static: InstructionMixCounts;
  totals: Totals;
  /** A recursive call was skipped below this function: its totals depend on the call stack, so they are not memoised. */
  cutRecursion: boolean;
  /** PTX instructions per source line, when the SASS estimate asked for them. */
  lines: LineTally | null;
}

/**
 * Per-module call context: callee summaries memoised by name, so a call graph where f1 calls f2
 * twice, f2 calls f3 twice, ... is walked once per function, not once per path (2^depth).
 */
interface CallContext {
  stack: Set<string>;
  summaries: Map<string, FunctionResult>;
  bodies: Map<string, PtxFunction>;
  /** Per-line tallies for the SASS estimate: each function's own static PTX per line, by name; null when not wanted. */
  ownLines: Map<string, OwnLines> | null;
}

function innermostLoops(cfg: Cfg, loops: readonly LoopInfo[]): string[] {
  const depth = new Array<number>(cfg.blocks.length).fill(-1);
  const loopOf = new Array<string>(cfg.blocks.length).fill('');
  for (const loop of loops)
    for (const block of loop.blocks)
      if (loop.depth > depth[block]) {
        depth[block] = loop.depth;
        loopOf[block] = String(loop.header);
      }
  return loopOf;
}

/**
 * What the SASS estimate counts a loop's copies by: a global or shared load or store (one LDG /
 * STG / LDS / STS each) or a single-precision fma (one FFMA); an f32 mul / add / sub ptxas may
 * fuse into an FFMA is marked too.
 */
function copyMarker(ins: Instruction, c: Classified): CopyMarker | null {
  if ((c.space === 'global' || c.space === 'shared') && (ins.mnemonic === 'ld' || ins.mnemonic === 'ldu' || ins.mnemonic === 'st'))
    return 'memory';
  if (ins.modifiers.includes('f32')) {
    if (ins.mnemonic === 'fma') return 'fma';
    const rounded = ins.modifiers.some((m) => m === 'rn' || m === 'rz' || m === 'rm' || m === 'rp');
    if ((ins.mnemonic === 'mul' || ins.mnemonic === 'add' || ins.mnemonic === 'sub') && !rounded) return 'contractible';
  }
  return null;
}

function callContext(module: PtxModule, root: string, lines: boolean): CallContext {
  const bodies = new Map<string, PtxFunction>();
  for (const f of module.functions) if (f.hasBody && !bodies.has(f.name)) bodies.set(f.name, f);
  // Set built by add, not from an array: construction from an iterable takes the slow generic path.
  const stack = new Set<string>();
  stack.add(root);
  return { stack, summaries: new Map(), bodies, ownLines: lines ? new Map() : null };
}

function calleeSummary(module: PtxModule, callee: PtxFunction, loopOptions: LoopOptions, context: CallContext): FunctionResult {
  const known = context.summaries.get(callee.name);
  if (known) return known;
  context.stack.add(callee.name);
  const calleeCfg = buildCfg(callee);
  const calleeLoops = findLoops(calleeCfg, loopOptions);
  const inner = analyzeFunction(module, callee, calleeCfg, calleeLoops, statementWeights(calleeCfg, calleeLoops), loopOptions, context);
  context.stack.delete(callee.name);
  if (!inner.cutRecursion) context.summaries.set(callee.name, inner);
  return inner;
}

function analyzeFunction(
  module: PtxModule,
  fn: PtxFunction,
  cfg: Cfg,
  loops: LoopInfo[],
  weights: Float64Array,
  loopOptions: LoopOptions,
  context: CallContext,
): FunctionResult {
  const body = fn.body;
  const classes = new Array<Classified | null>(body.length).fill(null);
  const facts = functionFacts(fn);
  // Provenance only matters for generic (space-less) accesses; most kernels have none
  // (computed at the first one: it is flow-insensitive).
  let prov: Map<string, Set<Space>> | null = null;
  const control = loopControlBlocks(cfg, loops);
  const staticTally: number[] = new Array<number>(SLOT_COUNT).fill(0);
  const dynamicTally: number[] = new Array<number>(SLOT_COUNT).fill(0);
  const totals: Totals = {
    dynamic: emptyCounts(),
    weighted: 0,
    flops: 0,
    globalLoadBytes: 0,
    globalStoreBytes: 0,
    sharedLoadBytes: 0,
    sharedStoreBytes: 0,
    localLoadBytes: 0,
    localStoreBytes: 0,
    blocking: 0,
    globalLoadBatches: 0,
    globalLoadReach: 0,
    unknownBranches: false,
    assumed: loops.some((l) => (l.tripCount === null || l.upperBound === true) && (cfg.live?.[l.header] ?? 1) > 0),
  };
  const calleeCounts: Array<[InstructionMixCounts, number]> = [];
  const lines = context.ownLines ? emptyTally(fn.name) : null;
  context.ownLines?.set(fn.name, lines!);
  // The innermost loop of each block ('' outside loops), for the SASS estimate's copies per loop.
  const innermostLoop = lines ? innermostLoops(cfg, loops) : [];
  const armWeights = lines ? branchArmWeights(cfg, weights, innermostLoop) : [];
  // Callees' blocking counts by call statement (statement, count, ...), added in order below.
  const calleeBlocking: number[] = [];
  let cutRecursion = false;
  // One pass over the instructions, in program order (the CFG's blocks list them all):
  // classification and tallies together; blocking needs every class first, so its total
  // is added afterwards, in the same statement order.
  for (const block of cfg.blocks) {
    const batch = newLoadBatch();
    for (const s of block.statements) {
      const ins = body[s] as Instruction;
      const c = classify(ins);
      classes[s] = c;
      let space = c.space;
      if (space === 'generic') {
        prov ??= addressProvenance(module, fn, facts);
        const reg = addressRegister(ins);
        const spaces = reg ? prov.get(reg) : undefined;
        if (spaces && spaces.size === 1) space = [...spaces][0];
      }
      const w = weights[s];
      if (globalLoadBatch(batch, ins, c, space, facts.destsAt(s))) totals.globalLoadBatches += w;
      const slot = slotOf(c, space);
      staticTally[slot] += 1;
      if (lines) tallyInstruction(lines, sourceKey(ins.source), w, copyMarker(ins, c), innermostLoop[block.id], armWeights[block.id]);
      if (w === 0) continue;
      dynamicTally[slot] += w;
      totals.weighted += c.weight * w;
      totals.flops += c.flops * w;
      if (c.bytes > 0) {
        if (c.category === 'load' && space === 'global') {
          totals.globalLoadBytes += c.bytes * w;
          totals.globalLoadReach = Math.max(totals.globalLoadReach, cfg.live?.[block.id] ?? 1);
        }
        if (c.category === 'store' && space === 'global') totals.globalStoreBytes += c.bytes * w;
        if (c.category === 'load' && space === 'shared') totals.sharedLoadBytes += c.bytes * w;
        if (c.category === 'store' && space === 'shared') totals.sharedStoreBytes += c.bytes * w;
        if (c.category === 'load' && space === 'local') totals.localLoadBytes += c.bytes * w;
        if (c.category === 'store' && space === 'local') totals.localStoreBytes += c.bytes * w;
        // cp.async: global -> shared, the shared side is a store.
        if (ins.mnemonic === 'cp') totals.sharedStoreBytes += c.bytes * w;
      }
      if (ins.mnemonic === 'bra' && ins.guard) {
        const b = cfg.blockOfStatement[s];
        if (cfg.blocks[b].successors.length > 1 && !cfg.decided?.[b] && !control.has(b)) totals.unknownBranches = true;
      }
      if (ins.mnemonic === 'call') {
        const target = ins.operands.find((o) => o.kind === 'symbol');
        const callee = target && target.kind === 'symbol' ? context.bodies.get(target.name) : undefined;
        if (callee && context.stack.has(callee.name)) cutRecursion = true;
        if (callee && !context.stack.has(callee.name)) {
          const inner = calleeSummary(module, callee, loopOptions, context);
          cutRecursion ||= inner.cutRecursion;
          const t = inner.totals;
          calleeCounts.push([t.dynamic, w]);
          if (lines && inner.lines) addCallee(lines, inner.lines, w);
          totals.weighted += t.weighted * w;
          totals.flops += t.flops * w;
          totals.globalLoadBytes += t.globalLoadBytes * w;
          totals.globalStoreBytes += t.globalStoreBytes * w;
          totals.sharedLoadBytes += t.sharedLoadBytes * w;
          totals.sharedStoreBytes += t.sharedStoreBytes * w;
          totals.localLoadBytes += t.localLoadBytes * w;
          totals.localStoreBytes += t.localStoreBytes * w;
          totals.globalLoadBatches += t.globalLoadBatches * w;
          totals.globalLoadReach = Math.max(totals.globalLoadReach, (cfg.live?.[block.id] ?? 1) * t.globalLoadReach);
          calleeBlocking.push(s, t.blocking * w);
          totals.unknownBranches ||= t.unknownBranches;
          totals.assumed ||= t.assumed;
        }
      }
    }
  }
  const blocking = blockingStatements(cfg, classes, facts);
  let next = 0;
  for (let s = 0; s < body.length; s++) {
    const w = weights[s];
    if (classes[s] === null || w === 0) continue;
    if (blocking[s]) totals.blocking += w;
    if (next < calleeBlocking.length && calleeBlocking[next] === s) {
      totals.blocking += calleeBlocking[next + 1];
      next += 2;
    }
  }
  totals.dynamic = countsFromTally(dynamicTally);
  for (const [counts, times] of calleeCounts) addCounts(totals.dynamic, counts, times);
  return { static: countsFromTally(staticTally), totals, cutRecursion, lines };
}

/** Lim et al. eqs. 14-17 with calls_n = 1, over a mix. */
export function intensities(counts: InstructionMixCounts): InstructionMix['intensities'] {
  const total = counts.total;
  if (total === 0) return { fl: 0, mem: 0, ctrl: 0, reg: 0 };
  const sum = (m: Record<string, number>) => Object.values(m).reduce((a, b) => a + b, 0);
  // op_fp + op_int + op_simd + op_conv (SFU and tensor ops are floating-point work).
  const fl = counts.fp32 + counts.fp64 + counts.fp16 + counts.sfu + counts.tensor + counts.integer + counts.conversion;
  // op_ldst + op_tex + op_surf (atomics are loads/stores too).
  const mem = sum(counts.load) + sum(counts.store) + counts.atomic;
  // op_ctrl + op_move + op_pred (barriers are control).
  const ctrl = counts.control + counts.barrier + counts.move + counts.predicate;
  // op_reg: register-only instructions, i.e. neither memory nor control flow.
  const reg = total - mem - counts.control - counts.barrier;
  return { fl: fl / total, mem: mem / total, ctrl: ctrl / total, reg: reg / total };
}

/** Mix, per-thread estimates and regions of one function (weights from statementWeights); with
 * the function's SASS per source line (cubin line table), also the executed SASS estimate. */
export function analyzeInstructions(
  module: PtxModule,
  fn: PtxFunction,
  cfg: Cfg,
  loops: LoopInfo[],
  weights: Float64Array,
  loopOptions: LoopOptions = {},
  sassLines?: readonly SassLineCount[],
): InstructionAnalysis {
  const context = callContext(module, fn.name, sassLines !== undefined);
  const { static: staticCounts, totals, lines } = analyzeFunction(module, fn, cfg, loops, weights, loopOptions, context);
  const sassLineEstimates = sassLines && lines ? estimateSassLines(sassLines, lines, (name) => context.ownLines?.get(name)) : undefined;
  return {
    mix: { static: staticCounts, dynamic: totals.dynamic, weightedDynamic: totals.weighted, intensities: intensities(totals.dynamic) },
    perThread: {
      instructions: totals.dynamic.total,
      flops: totals.flops,
      globalLoadBytes: totals.globalLoadBytes,
      globalStoreBytes: totals.globalStoreBytes,
      sharedLoadBytes: totals.sharedLoadBytes,
      sharedStoreBytes: totals.sharedStoreBytes,
      localLoadBytes: totals.localLoadBytes,
      localStoreBytes: totals.localStoreBytes,
      globalLoadBatches: totals.globalLoadBatches,
      // Only where a bounds check leaves threads idle: absent means every thread loads.
      ...(totals.globalLoadBytes > 0 && totals.globalLoadReach < 1 ? { globalLoadThreadShare: totals.globalLoadReach } : {}),
      ...(sassLineEstimates ? { sassInstructions: sassTotal(sassLineEstimates) } : {}),
      dependentCycles: dependentCycles(cfg, weights),
      unknownBranchesCountedTaken: totals.unknownBranches,
      usesAssumedTripCounts: totals.assumed,
    },
    regions: totals.blocking + 1,
    ...(sassLineEstimates ? { sassLineEstimates } : {}),
  };
}

/**
 * PTX instructions of the longest `if` side ptxas is taken to turn into predicated code. A longer
 * side stays a branch, and a predicated line inside it comes from a select of its own (cuda-samples
 * BlackScholes: the ~200-instruction body of `if (opt < optN / 2)`, run by 1 thread in 16, holds
 * `if (d > 0) cnd = 1 - cnd`, which ptxas predicates; counted for every thread, its estimate was
 * 1.15x ncu's). On the development kernels any limit from 16 to 64 gives the same estimates but
 * BlackScholes' and Rodinia dwt's (within 3%); 8 moves 7 kernels' estimates down, 3 of them by
 * a third (reduction `reduce1`, Rodinia pathfinder, the transpose sample's copySharedMem).
 */
export const MAX_IF_CONVERTED_ARM = 32;

/**
 * Per block, how often its instructions run per thread if ptxas turns the branch above it into
 * predicated code: a block of at most MAX_IF_CONVERTED_ARM instructions entered only from a
 * two-way branch in the same loop (one side of an `if`) then runs as often as the branch's block,
 * in every thread that reached it; any other block, its own weight.
 */
function branchArmWeights(cfg: Cfg, weights: Float64Array, innermostLoop: readonly string[]): number[] {
  return cfg.blocks.map((block) => {
    const own = block.statements.length ? weights[block.statements[0]] : 0;
    if (block.predecessors.length !== 1 || block.statements.length > MAX_IF_CONVERTED_ARM) return own;
    const branch = cfg.blocks[block.predecessors[0]];
    if (branch.successors.length !== 2 || innermostLoop[branch.id] !== innermostLoop[block.id] || !branch.statements.length) return own;
    return Math.max(own, weights[branch.statements[branch.statements.length - 1]]);
  });
}
