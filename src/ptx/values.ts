// Constant values of registers at a program point, from their reaching definition:
// immediates, kernel parameters whose value is given, and integer arithmetic on those.
// PTX is not SSA, so a definition found up the dominator tree is only used when no other
// definition of the register can reach the point on another path.
import type { Instruction, Operand } from './ast.js';
import { closingBranch, dominates, type Cfg } from './cfg.js';
import { destinations, noteDestinations } from './destinations.js';

/** The last of the sorted `defs` inside the block's statement range and before `statement` (-1: block end); -1 if none. */
function lastDefinitionIn(defs: number[], stmts: number[], statement: number): number {
  if (stmts.length === 0) return -1;
  const lo = stmts[0];
  const limit = statement < 0 ? stmts[stmts.length - 1] + 1 : statement;
  // Binary search for the last definition before `limit` (a scan from the end was linear per
  // query: quadratic on a kernel whose register is written thousands of times).
  let low = 0;
  let high = defs.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (defs[mid] < limit) low = mid + 1;
    else high = mid;
  }
  const d = low > 0 ? defs[low - 1] : -1;
  return d >= lo ? d : -1;
}

const NO_DEFINITIONS: number[] = [];

/**
 * Definitions of the registers of a function. One pass records (statement, register) for
 * every destination, with no hashing; the first query groups those records by register in
 * one more pass (a scan per queried register was quadratic on unrolled kernels, where
 * thousands of registers are asked for).
 */
class Definitions {
  private lists: Map<string, number[]> | null = null;

  private readonly statements: number[];
  private readonly registers: string[];

  constructor(cfg: Cfg) {
    // buildCfg records them while it visits every instruction anyway.
    if (cfg.destinations !== undefined) {
      this.statements = cfg.destinations.statements;
      this.registers = cfg.destinations.registers;
      return;
    }
    this.statements = [];
    this.registers = [];
    // Blocks hold the instructions in ascending order, so no statement's kind is read.
    const body = cfg.fn.body;
    for (const block of cfg.blocks)
      for (const i of block.statements) noteDestinations(body[i] as Instruction, i, this.statements, this.registers);
  }

  /** Statement indexes writing the register, ascending, each once. */
  of(register: string): number[] {
    if (this.lists === null) {
      const lists = new Map<string, number[]>();
      const { registers, statements } = this;
      for (let e = 0; e < registers.length; e++) {
        const statement = statements[e];
        const list = lists.get(registers[e]);
        if (list === undefined) lists.set(registers[e], [statement]);
        else if (list[list.length - 1] !== statement) list.push(statement);
      }
      this.lists = lists;
    }
    return this.lists.get(register) ?? NO_DEFINITIONS;
  }
}

function collectRegisters(op: Operand, names: string[]): void {
  if (op.kind === 'register' || op.kind === 'negated-predicate') names.push(op.name);
  else if (op.kind === 'vector') for (const e of op.elements) collectRegisters(e, names);
  else if (op.kind === 'address' && op.base) collectRegisters(op.base, names);
}

/** Registers an instruction reads (guard included). */
export function sources(ins: Instruction, skipFirst = destinations(ins).length > 0): string[] {
  const names: string[] = [];
  if (ins.guard) names.push(ins.guard.register);
  const ops = ins.operands;
  for (let i = skipFirst ? 1 : 0; i < ops.length; i++) collectRegisters(ops[i], names);
  return names;
}

export type Resolved = { value: number; reason: null } | { value: null; reason: string };

export interface ValueOptions {
  /** Kernel parameter values by full PTX name (`k_param_2`), by `param_2`, or by index `2`; and -D defines. */
  values?: Record<string, number>;
}

const NEVER_ASSIGNED = -1;
/** Blocks walked back at most to decide whether a merge's predecessor is reached. */
const MERGE_HOPS = 8;
const NOT_ON_EVERY_PATH = -2;
const SEVERAL_PATHS = -3;

const unknown = (reason: string): Resolved => ({ value: null, reason });
const known = (value: number): Resolved => ({ value, reason: null });

/** Register definitions and constant resolution for one function. */
export class ValueResolver {
  /** register -> statement indexes (fn.body) that write it, ascending. */
  readonly defs: { get(register: string): number[] | undefined };

  /**
   * Loops counted so far (findLoops, in order): leaving one, its induction register holds its
   * last iteration's value at the header, for the thread being resolved.
   */
  readonly countedLoops: CountedLoop[] = [];

  /** Launch-known special registers ('%ntid.x' -> 256 with a known block); per-thread ones (%tid, %ctaid) are set while enumerating threads. */
  readonly special = new SpecialRegisters();

  /**
   * Thread indices every thread of the launch shares (%tid.y with blocks one thread tall,
   * %ctaid.y with a grid one block tall: 0): set for the whole analysis, and given back after
   * enumerating threads (threads.ts clearThread).
   */
  readonly launchWide = new Map<string, number>();

  /**
   * Results of evaluate by statement. Enumerating threads re-resolves the same registers for
   * every thread: a result that read no special register is valid for all of them, one that
   * did holds while the special registers are unchanged (their version).
   */
  private readonly memo = new Map<number, { result: Resolved; version: number; onlySpecial: boolean }>();
  /** Set while evaluating when a special register was read / a given loop value / the depth cap was hit. */
  private readSpecial = false;
  private readLoopValue = false;
  private hitDepthCap = false;

  constructor(
    readonly cfg: Cfg,
    private readonly options: ValueOptions = {},
  ) {
    this.defs = { get: (register: string) => this.definitionsOf(register) };
  }

  /** Definitions of every register, recorded in one pass on the first query. */
  private definitions: Definitions | null = null;
  private visited: Uint32Array | null = null;
  private readonly definitionAbove = new Map<string, Int32Array>();
  private visitStamp = 0;

  private definitionsOf(register: string): number[] {
    if (this.definitions === null) this.definitions = new Definitions(this.cfg);
    return this.definitions.of(register);
  }

  instruction(statement: number): Instruction {
    return this.cfg.fn.body[statement] as Instruction;
  }

  /** The statement defining `register` that reaches just before `statement` (or the block end when statement = -1), or null. */
  reachingDefinition(register: string, block: number, statement: number): { def: number | null; reason: string | null } {
    const def = this.reachingIndex(register, block, statement);
    return def >= 0 ? { def, reason: null } : { def: null, reason: unreachedReason(register, def) };
  }

  /** reachingDefinition as a number: the statement, or NEVER_ASSIGNED / NOT_ON_EVERY_PATH / SEVERAL_PATHS (no allocation). */
  reachingIndex(register: string, block: number, statement: number): number {
    const defs = this.definitionsOf(register);
    if (defs.length === 0) return NEVER_ASSIGNED;
    // A block's instructions are a contiguous range of fn.body indexes and defs are sorted,
    // so "the last definition in this block before the point" is a scan of defs, not of code.
    const first = lastDefinitionIn(defs, this.cfg.blocks[block].statements, statement);
    if (first !== -1) return first;
    // Up the dominator tree to the nearest block with a definition; accept it only if no other
    // one can sneak in.
    const b = this.dominatingDefinitionBlock(register, defs, block);
    if (b === -1) return NOT_ON_EVERY_PATH;
    const stmts = this.cfg.blocks[b].statements;
    const found = lastDefinitionIn(defs, stmts, -1);
    // Every definition in this one block (a register set once, like %tid.x's copy): none can
    // sneak in on another path, and the walk over the blocks between is not needed.
    if (defs[0] >= stmts[0] && defs[defs.length - 1] <= stmts[stmts.length - 1]) return found;
    return this.otherDefinitionBetween(defs, b, block) ? SEVERAL_PATHS : found;
  }

  /**
   * The nearest strict dominator of `block` holding a definition of the register (-1: none),
   * memoised per register along the walked path: one walk per query was linear in the tree's
   * depth, quadratic on a chain of thousands of blocks.
   */
  private dominatingDefinitionBlock(register: string, defs: number[], block: number): number {
    let memo = this.definitionAbove.get(register);
    if (!memo) {
      memo = new Int32Array(this.cfg.blocks.length).fill(-2);
      this.definitionAbove.set(register, memo);
    }
    const path: number[] = [];
    let b = block;
    let result: number;
    for (;;) {
      if (memo[b] !== -2) {
        result = memo[b];
        break;
      }
      path.push(b);
      const up = this.cfg.idom[b];
      if (up === -1 || up === b) {
        result = -1;
        break;
      }
      if (lastDefinitionIn(defs, this.cfg.blocks[up].statements, -1) !== -1) {
        result = up;
        break;
      }
      b = up;
    }
    for (const p of path) memo[p] = result;
    return result;
  }

  /** True when a definition of the register lies in a block on some path from `from` to `to` (excluding `from`). */
  private otherDefinitionBetween(defs: number[], from: number, to: number): boolean {
    // One visited array for every query, told apart by a stamp (one array per query cost
    // O(blocks) each: quadratic on a kernel of thousands of blocks).
    if (this.visited === null || this.visited.length !== this.cfg.blocks.length) this.visited = new Uint32Array(this.cfg.blocks.length);
    const seen = this.visited;
    const stamp = ++this.visitStamp;
    const work: number[] = [];
    for (const p of this.cfg.blocks[to].predecessors) if (p !== from) work.push(p);
    while (work.length > 0) {
      const b = work.pop()!;
      if (seen[b] === stamp) continue;
      seen[b] = stamp;
      if (lastDefinitionIn(defs, this.cfg.blocks[b].statements, -1) !== -1) return true;
      for (const p of this.cfg.blocks[b].predecessors) if (p !== from && seen[p] !== stamp) work.push(p);
    }
    return false;
  }

  /** Value of an operand just before `statement` (block end when -1) of `block`. */
  operand(op: Operand, block: number, statement: number, depth = 0): Resolved {
    if (op.kind === 'immediate') return Number.isFinite(op.value) ? known(op.value) : unknown(`literal ${op.text}`);
    if (op.kind === 'register') return this.register(op.name, block, statement, depth);
    return unknown(`operand ${op.kind === 'symbol' ? op.name : op.kind} is not a constant`);
  }

  register(name: string, block: number, statement: number, depth = 0): Resolved {
    if (name.startsWith('%') && isSpecialRegister(name)) {
      this.readSpecial = true;
      const given = this.special.get(name.includes('.') ? name : `${name}.x`);
      if (given !== undefined) return known(given);
      return unknown(`${name} is a special register (differs per thread or launch)`);
    }
    if (depth > 24) {
      this.hitDepthCap = true;
      return unknown(`${name}: definition chain too deep`);
    }
    const def = this.reachingIndex(name, block, statement);
    if (def < 0) {
      // A loop induction merged at its header, given for one iteration while enumerating (guards.ts,
      // nested loops). Given or not, the result depends on the special map: memoised by its version.
      this.readSpecial = true;
      this.readLoopValue = true;
      return this.valueAtEntry(name, block, def, depth);
    }
    return this.evaluate(def, depth + 1);
  }

  /**
   * Results of valueAtEntry by register and block, valid for the same content of the special map
   * (its version), the same counted loops and the same live blocks: the merges of a select chain
   * are asked for again and again, each time walking the paths into the block.
   */
  private readonly entryMemo = new Map<string, { result: Resolved; version: number; loops: number; live: Cfg['live'] }>();

  /** The value of a register no definition in `block` reaches before the point (`def` says why): given, a loop's, or merged. */
  private valueAtEntry(name: string, block: number, def: number, depth: number): Resolved {
    const key = `${name}@${block}:${def}`;
    const cached = this.entryMemo.get(key);
    if (cached && cached.version === this.special.version && cached.loops === this.countedLoops.length && cached.live === this.cfg.live)
      return cached.result;
    const outerHitDepthCap = this.hitDepthCap;
    this.hitDepthCap = false;
    const result = this.valueAtEntryOnce(name, block, def, depth);
    // A result cut by the depth cap depends on the depth it was asked at: not reused.
    if (!this.hitDepthCap)
      this.entryMemo.set(key, { result, version: this.special.version, loops: this.countedLoops.length, live: this.cfg.live });
    this.hitDepthCap ||= outerHitDepthCap;
    return result;
  }

  private valueAtEntryOnce(name: string, block: number, def: number, depth: number): Resolved {
    const given = this.special.get(name);
    if (given !== undefined) return known(given);
    const iterated = this.atIteration(name, block, depth);
    if (iterated !== null) return known(iterated);
    // Definitions merged where the branches that lead here are decided (nvcc's unroll prologue:
    // `r = i`, `r = i + 1024`, ... chosen by the peel count): the one path taken gives the value.
    // (reachingIndex found no definition earlier in this block: the merge is at its entry.)
    if (def === SEVERAL_PATHS || def === NOT_ON_EVERY_PATH) {
      const merged = this.mergedValue(name, block, depth);
      if (merged !== null) return known(merged);
    }
    return unknown(unreachedReason(name, def));
  }

  /**
   * The value of `name` on entry to `block` when every predecessor edge's feasibility is decided
   * and the feasible ones agree; null otherwise (and always at a loop header: a back edge carries
   * the loop's own values).
   */
  private mergedValue(name: string, block: number, depth: number): number | null {
    if (depth > 24) {
      this.hitDepthCap = true;
      return null;
    }
    let value: number | null = null;
    for (const p of this.cfg.blocks[block].predecessors) {
      if (this.cfg.idom[p] === -1 && p !== this.cfg.entry) continue;
      // A block no thread reaches for the given values (findLoops sets `live`) sends nothing.
      if (this.cfg.live?.[p] === 0) continue;
      if (dominates(this.cfg, block, p)) return null;
      const leaving = this.countedLoops.find((loop) => loop.blocks.has(p) && !loop.blocks.has(block));
      const v = leaving ? this.valueLeaving(leaving, name, p, block, depth) : this.valueAlong(name, p, block, depth);
      if (v === NOT_TAKEN) continue;
      if (v === null || (value !== null && v !== value)) return null;
      value = v;
    }
    return value;
  }

  /** The value of `name` at the end of `from` when control goes on to `to`; NOT_TAKEN when it does not. */
  private valueAlong(name: string, from: number, to: number, depth: number): number | null | typeof NOT_TAKEN {
    const feasible = this.edgeFeasible(from, to, depth + 1, 0);
    if (feasible === null) return null;
    if (!feasible) return NOT_TAKEN;
    return this.register(name, from, -1, depth + 1).value;
  }

  /**
   * The value of `name` carried out of a counted loop by the edge `from` -> `to` (nvcc's unroll
   * prologue, then the unrolled body): the loop's induction at the header holds its last
   * iteration's value for the thread being resolved (an empty loop sends nothing out).
   */
  private valueLeaving(loop: CountedLoop, name: string, from: number, to: number, depth: number): number | null | typeof NOT_TAKEN {
    const values = loop.headerValues();
    if (values === null) return null;
    if (values.length === 0) return NOT_TAKEN;
    const given = this.special.get(loop.register);
    const iterationAt = iterationKey(loop.header);
    const givenIteration = this.special.get(iterationAt);
    this.special.set(loop.register, values[values.length - 1]);
    // Other inductions of the loop (the index an unrolled loop also advances) at that iteration.
    this.special.set(iterationAt, values.length - 1);
    try {
      const goes = this.branchGoesTo(from, to, depth + 1);
      if (goes === null || (goes === undefined && this.cfg.blocks[from].successors.length !== 1)) return null;
      if (goes === false) return NOT_TAKEN;
      return this.register(name, from, -1, depth + 1).value;
    } finally {
      if (given === undefined) this.special.delete(loop.register);
      else this.special.set(loop.register, given);
      if (givenIteration === undefined) this.special.delete(iterationAt);
      else this.special.set(iterationAt, givenIteration);
    }
  }

  /** At the header of a counted loop whose iteration is set (valueLeaving): the loop's own inductions at that iteration. */
  private atIteration(name: string, block: number, depth: number): number | null {
    // The innermost counted loop holding `block` whose iteration is given.
    let loop: CountedLoop | null = null;
    for (const l of this.countedLoops)
      if (l.blocks.has(block) && (loop === null || l.blocks.size < loop.blocks.size) && this.special.has(iterationKey(l.header))) loop = l;
    if (loop === null) return null;
    // Below the header, a register no path from the header redefines still holds its header value
    // (the join after an if in an unrolled copy); else the value was merged some other way.
    if (block !== loop.header && this.definedSinceHeader(name, loop, block)) return null;
    return loop.valueAt(name, this.special.get(iterationKey(loop.header))!, depth + 1);
  }

  private readonly sinceHeader = new Map<string, boolean>();

  /** Whether `name` is written in the header or on a path from it to `block` inside the loop. */
  private definedSinceHeader(name: string, loop: CountedLoop, block: number): boolean {
    const key = `${name}@${loop.header}:${block}`;
    let defined = this.sinceHeader.get(key);
    if (defined === undefined) {
      const defBlocks = new Set(this.definitionsOf(name).map((d) => this.cfg.blockOfStatement[d]));
      const seen = new Set<number>();
      const work = [...this.cfg.blocks[block].predecessors];
      defined = defBlocks.has(loop.header);
      while (!defined && work.length > 0) {
        const b = work.pop()!;
        if (seen.has(b) || !loop.blocks.has(b)) continue;
        seen.add(b);
        if (defBlocks.has(b)) defined = true;
        else if (b !== loop.header) work.push(...this.cfg.blocks[b].predecessors);
      }
      this.sinceHeader.set(key, defined);
    }
    return defined;
  }

  /**
   * Whether the conditional branch closing `from` goes to `to`, for the values given; null when
   * its predicate is not known, undefined when `from` does not end in one.
   */
  private branchGoesTo(from: number, to: number, depth: number): boolean | null | undefined {
    const branch = closingBranch(this.cfg, from);
    if (!branch) return undefined;
    const value = this.predicateRegister(branch.register, from, branch.statement, depth);
    return value === null ? null : (value !== branch.negated ? branch.target : branch.fallthrough) === to;
  }

  /**
   * Whether control can come from `from` to `to` here (its branch decided, and `from` reached);
   * null when not known. `merge`: the block whose value is asked for, reached by assumption.
   */
  private edgeFeasible(from: number, to: number, depth: number, hops: number, merge = to): boolean | null {
    if (hops > MERGE_HOPS) return null;
    const node = this.cfg.blocks[from];
    const goes = this.branchGoesTo(from, to, depth);
    if (goes === null) return null;
    if (goes === false) return false;
    // A block that dominates the merge is reached whenever the merge is. (Not any block that
    // dominates `to`: in nvcc's unroll prologue, the third peeled copy dominates the fourth, and
    // neither is reached when the first branch already jumps to the merge.)
    if (dominates(this.cfg, from, merge)) return true;
    let reached = false;
    for (const q of node.predecessors) {
      if (this.cfg.idom[q] === -1 && q !== this.cfg.entry) continue;
      if (dominates(this.cfg, from, q)) return null;
      const feasible = this.edgeFeasible(q, from, depth, hops + 1, merge);
      if (feasible === null) return null;
      reached ||= feasible;
    }
    return reached;
  }

  /** Value computed by the instruction at `statement`, from its operands' reaching values. */
  evaluate(statement: number, depth: number): Resolved {
    const cached = this.memo.get(statement);
    if (cached && (cached.version < 0 || cached.version === (cached.onlySpecial ? this.special.specialVersion : this.special.version))) {
      if (cached.version >= 0) this.readSpecial = true;
      if (cached.version >= 0 && !cached.onlySpecial) this.readLoopValue = true;
      return cached.result;
    }
    const outerReadSpecial = this.readSpecial;
    const outerReadLoopValue = this.readLoopValue;
    const outerHitDepthCap = this.hitDepthCap;
    this.readSpecial = false;
    this.readLoopValue = false;
    this.hitDepthCap = false;
    const result = this.evaluateOnce(statement, depth);
    // A result cut by the depth cap depends on the depth it was asked at: not reused.
    if (!this.hitDepthCap) {
      const onlySpecial = this.readSpecial && !this.readLoopValue;
      const version = !this.readSpecial ? -1 : onlySpecial ? this.special.specialVersion : this.special.version;
      this.memo.set(statement, { result, version, onlySpecial });
    }
    this.readSpecial ||= outerReadSpecial;
    this.readLoopValue ||= outerReadLoopValue;
    this.hitDepthCap ||= outerHitDepthCap;
    return result;
  }

  private evaluateOnce(statement: number, depth: number): Resolved {
    const ins = this.instruction(statement);
    const block = this.cfg.blockOfStatement[statement];
    const ops = ins.operands;

    if (ins.guard) return unknown(`${destinations(ins)[0]} is assigned under a predicate`);
    const type = ins.modifiers[ins.modifiers.length - 1] ?? '';
    if (BINARY_MNEMONICS.has(ins.mnemonic)) {
      if (isFloatType(type)) return unknown(`${destinations(ins)[0]} is a floating-point value`);
      const a = this.argument(ops, 1, block, statement, depth);
      if (a.value === null) return a;
      const b = this.argument(ops, 2, block, statement, depth);
      if (b.value === null) return b;
      const value = known(binary(ins.mnemonic, ins.modifiers, a.value, b.value));
      return ins.modifiers[0] === 'wide' ? value : wrap(value, type);
    }
    switch (ins.mnemonic) {
      case 'mov':
      case 'cvt': {
        if (ops[1]?.kind === 'symbol') return unknown(`${destinations(ins)[0]} holds the address of ${ops[1].name}`);
        // cvt.DST.SRC: wrap to the destination type.
        return wrap(this.argument(ops, 1, block, statement, depth), destinationType(ins));
      }
      case 'ld': {
        const read = parameterRead(ins);
        if (read) return this.parameter(read.name, read.offset);
        return unknown(`${destinations(ins)[0]} is loaded from memory`);
      }
      case 'mad': {
        const a = this.argument(ops, 1, block, statement, depth),
          b = this.argument(ops, 2, block, statement, depth),
          c = this.argument(ops, 3, block, statement, depth);
        if (a.value === null) return a;
        if (b.value === null) return b;
        if (c.value === null) return c;
        if (ins.modifiers[0] === 'wide') return known(wideProduct(a.value, b.value, type) + c.value);
        return wrap(known(a.value * b.value + c.value), type);
      }
      case 'neg': {
        const a = this.argument(ops, 1, block, statement, depth);
        return a.value === null ? a : wrap(known(-a.value), type);
      }
      case 'not': {
        const a = this.argument(ops, 1, block, statement, depth);
        return a.value === null ? a : wrap(known(~a.value), type);
      }
      case 'selp': {
        const p = this.predicate(ops[3], block, statement, depth);
        if (p === null) return unknown(`${destinations(ins)[0]} is selected by an unknown predicate`);
        return wrap(this.argument(ops, p ? 1 : 2, block, statement, depth), type);
      }
      default:
        return unknown(`${destinations(ins)[0] ?? 'value'} comes from ${ins.opcode}`);
    }
  }

  private argument(ops: Operand[], i: number, block: number, statement: number, depth: number): Resolved {
    return ops[i] ? this.operand(ops[i], block, statement, depth) : unknown('missing operand');
  }

  /** A kernel parameter's value, if given. */
  parameter(symbol: string, offset: number): Resolved {
    if (offset !== 0) return unknown(`parameter ${symbol}+${offset} (part of an aggregate)`);
    const values = this.options.values ?? {};
    const index = this.cfg.fn.params.findIndex((p) => p.name === symbol);
    const candidates = [symbol];
    if (index >= 0) candidates.push(`param_${index}`, String(index));
    for (const key of candidates) if (Object.prototype.hasOwnProperty.call(values, key)) return known(values[key]);
    return unknown(`kernel parameter ${symbol} (value not given; pass it as a define or loop hint)`);
  }

  /** Value of a predicate operand (register or negated) if constant; null otherwise. */
  predicate(op: Operand | undefined, block: number, statement: number, depth = 0): boolean | null {
    if (!op) return null;
    if (op.kind === 'negated-predicate') {
      const v = this.predicateRegister(op.name, block, statement, depth);
      return v === null ? null : !v;
    }
    if (op.kind === 'register') return this.predicateRegister(op.name, block, statement, depth);
    if (op.kind === 'immediate') return op.value !== 0;
    return null;
  }

  predicateRegister(name: string, block: number, statement: number, depth = 0): boolean | null {
    if (depth > 24) {
      this.hitDepthCap = true;
      return null;
    }
    const def = this.reachingIndex(name, block, statement);
    if (def < 0) return null;
    const ins = this.instruction(def);
    if (ins.guard) return null;
    const defBlock = this.cfg.blockOfStatement[def];
    const ops = ins.operands;
    if (ins.mnemonic === 'setp' && ops.length === 3 && ops[0].kind === 'register') {
      const type = ins.modifiers[ins.modifiers.length - 1] ?? '';
      if (isFloatType(type)) return null;
      const a = this.operand(ops[1], defBlock, def, depth + 1);
      const b = this.operand(ops[2], defBlock, def, depth + 1);
      if (a.value === null || b.value === null) return null;
      return compare(ins.modifiers[0], toCompared(a.value, type), toCompared(b.value, type));
    }
    if (ins.mnemonic === 'mov' && ins.modifiers[0] === 'pred') return this.predicate(ops[1], defBlock, def, depth + 1);
    if (ins.mnemonic === 'not' && ins.modifiers[0] === 'pred') {
      const v = this.predicate(ops[1], defBlock, def, depth + 1);
      return v === null ? null : !v;
    }
    if ((ins.mnemonic === 'and' || ins.mnemonic === 'or' || ins.mnemonic === 'xor') && ins.modifiers[0] === 'pred') {
      const a = this.predicate(ops[1], defBlock, def, depth + 1);
      const b = this.predicate(ops[2], defBlock, def, depth + 1);
      if (ins.mnemonic === 'and' && (a === false || b === false)) return false;
      if (ins.mnemonic === 'or' && (a === true || b === true)) return true;
      if (a === null || b === null) return null;
      return ins.mnemonic === 'and' ? a && b : ins.mnemonic === 'or' ? a || b : a !== b;
    }
    return null;
  }
}

/** Why no single definition of `register` reaches a point (reachingIndex's negative codes). */
function unreachedReason(register: string, code: number): string {
  if (code === NEVER_ASSIGNED) return `${register} is never assigned`;
  if (code === SEVERAL_PATHS) return `${register} is assigned on several paths`;
  return `${register} has no definition on every path`;
}

/** A counted loop (findLoops): its blocks, its tested induction and that register's header values. */
export interface CountedLoop {
  header: number;
  blocks: ReadonlySet<number>;
  register: string;
  /** Header values of `register` in each iteration for the thread whose %tid / %ctaid are set (null: not known). */
  headerValues: () => number[] | null;
  /** The value at the header in `iteration` of any register the loop advances once per iteration by a fixed step; null for others. */
  valueAt: (register: string, iteration: number, depth: number) => number | null;
  /**
   * Keeps the values registers enter the loop with (valueAt's start) until the returned release
   * is called: for one thread's sweep over the iterations, where only the loop's own values change.
   */
  holdEntering: () => () => void;
}

const NOT_TAKEN = Symbol('edge not taken');

const iterationKeys: string[] = [];

/** The special-map key giving a counted loop's iteration (its header block): made once per header. */
export function iterationKey(header: number): string {
  return (iterationKeys[header] ??= `@iteration:${header}`);
}

/**
 * Special register values, with a version the resolver's memo checks. The version names the
 * map's content: setting the same values again (thread 0 probed for one branch after another,
 * with the thread cleared in between) gives back the same version, so what was resolved for
 * that thread stays memoised. PTX special registers (%tid, %ctaid, %ntid...) alone have
 * `specialVersion`: a result that read only those stays valid while another iteration of a
 * loop is given (a loop register or `@iteration:` key), so enumerating (thread, iteration)
 * pairs re-resolves only what the iteration changes.
 */
class SpecialRegisters extends Map<string, number> {
  private changed = true;
  /** The keys in order, and the special registers among them: sorted again only when a key comes or goes. */
  private keysChanged = true;
  private sortedKeys: string[] = [];
  private sortedSpecialKeys: string[] = [];
  private current = 0;
  private currentSpecial = 0;
  /** Version by content (its entries in key order); special registers' content apart. */
  private readonly versions = new VersionTable();
  private readonly specialVersions = new VersionTable();

  get version(): number {
    this.name();
    return this.current;
  }

  get specialVersion(): number {
    this.name();
    return this.currentSpecial;
  }

  override set(key: string, value: number): this {
    if (!super.has(key)) this.changed = this.keysChanged = true;
    else if (super.get(key) !== value) this.changed = true;
    return super.set(key, value);
  }
  override delete(key: string): boolean {
    const deleted = super.delete(key);
    if (deleted) this.changed = this.keysChanged = true;
    return deleted;
  }
  override clear(): void {
    this.changed = this.keysChanged = true;
    super.clear();
  }

  private name(): void {
    if (!this.changed) return;
    this.changed = false;
    if (this.keysChanged) {
      this.keysChanged = false;
      this.sortedKeys = [...super.keys()].sort();
      this.sortedSpecialKeys = this.sortedKeys.filter(isSpecialRegister);
    }
    this.current = this.versions.of(this.sortedKeys, this);
    this.currentSpecial = this.specialVersions.of(this.sortedSpecialKeys, this);
  }
}

/** Contents remembered at most (enumerating a grid sets up to 2^18 thread indices). */
const VERSIONS_KEPT = 4096;

/**
 * A node of VersionTable's trie: the content so far. Its children by the next key's value; the
 * next key is nearly always the same one (the contents of one map in key order), so it is kept
 * beside them, and a content with another next key goes to `other`.
 */
interface VersionNode {
  key?: string;
  byValue?: Map<number, VersionNode>;
  other?: Map<string, Map<number, VersionNode>>;
  version?: number;
}

/**
 * A number per content (the values of `keys`, in that order), kept in a trie of keys and values
 * so that naming a content builds no string. Numbers only grow: when the table is full it forgets
 * every content, so a content met again gets a new number (its memo entries are recomputed,
 * never confused).
 */
class VersionTable {
  private root: VersionNode = {};
  private size = 0;
  private next = 0;

  of(keys: readonly string[], values: ReadonlyMap<string, number>): number {
    let node = this.root;
    // Indexed: called once per thread and iteration enumerated (for-of allocates an iterator in the baseline tier).
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      const value = values.get(key)!;
      let byValue: Map<number, VersionNode> | undefined;
      if (node.key === undefined) {
        node.key = key;
        byValue = node.byValue = new Map();
      } else if (node.key === key) byValue = node.byValue!;
      else {
        node.other ??= new Map();
        byValue = node.other.get(key);
        if (byValue === undefined) node.other.set(key, (byValue = new Map<number, VersionNode>()));
      }
      let child = byValue.get(value);
      if (child === undefined) byValue.set(value, (child = {}));
      node = child;
    }
    if (node.version === undefined) {
      if (this.size >= VERSIONS_KEPT) {
        // Forget every content, then name this one in the fresh table.
        this.root = {};
        this.size = 0;
        return this.of(keys, values);
      }
      this.size++;
      node.version = this.next++;
    }
    return node.version;
  }
}

const SPECIAL_REGISTER =
  /^%(tid|ntid|ctaid|nctaid|laneid|warpid|nwarpid|smid|nsmid|gridid|lanemask_\w+|clock|clock64|globaltimer\w*|dynamic_smem_size|total_smem_size|cluster\w*|nclusterid|is_explicit_cluster|envreg\d+|pm\d+|aggr_smem_size|reserved_smem\w*)(\.[xyz])?$/;

const specialByName = new Map<string, boolean>();

function isSpecialRegister(name: string): boolean {
  let special = specialByName.get(name);
  if (special === undefined) specialByName.set(name, (special = SPECIAL_REGISTER.test(name)));
  return special;
}

const TYPE_NAME = /^[subf]\d+$/;

export function isFloatType(type: string): boolean {
  return type.startsWith('f') || type.startsWith('bf') || type === 'tf32' || type === 'e4m3' || type === 'e5m2';
}

const bitsByType = new Map<string, number>();

function bitsOf(type: string): number {
  // Called for every value of every enumerated thread: the regex runs once per type name.
  let bits = bitsByType.get(type);
  if (bits === undefined) {
    const m = /(\d+)$/.exec(type);
    bits = m ? Number(m[1]) : 64;
    bitsByType.set(type, bits);
  }
  return bits;
}

/** Wraps a value to the width and signedness of a PTX integer type. */
function wrap(r: Resolved, type: string): Resolved {
  if (r.value === null) return r;
  const wrapper = wrapperOf(type);
  return wrapper === keepValue ? r : known(wrapper(r.value));
}

/** The identity: how a register of a 64-bit, floating-point or predicate type holds a value. */
export const keepValue = (value: number): number => value;
const toUnsigned32 = (value: number): number => value >>> 0;
const toSigned32 = (value: number): number => value | 0;

/**
 * How a value is held in a register of a PTX type: 32-bit integers wrap (unsigned or signed),
 * every other type keeps the value. One of three shared functions, so thread-function.ts chooses
 * it once per compiled instruction.
 */
export function wrapperOf(type: string): (value: number) => number {
  if (isFloatType(type) || type === 'pred' || bitsOf(type) !== 32) return keepValue;
  return type.startsWith('u') ? toUnsigned32 : toSigned32;
}

/** The type names of a cvt's modifiers, destination first (cvt.DST.SRC); either may be missing. */
export function cvtTypes(ins: Instruction): string[] {
  return ins.modifiers.filter((m) => TYPE_NAME.test(m));
}

/** The type a cvt (or mov) writes: cvt.DST.SRC names the destination first. */
export function destinationType(ins: Instruction): string {
  const type = ins.modifiers[ins.modifiers.length - 1] ?? '';
  return ins.mnemonic === 'cvt' ? (cvtTypes(ins)[0] ?? type) : type;
}

function toCompared(value: number, type: string): number {
  if (type.startsWith('u') && bitsOf(type) === 32) return value >>> 0;
  if (type.startsWith('u') && value < 0) return value + 2 ** 64;
  return value;
}

/** The two-operand integer instructions `binary` evaluates (the resolver and thread-function.ts alike). */
export const BINARY_MNEMONICS: ReadonlySet<string> = new Set([
  'add',
  'sub',
  'mul',
  'shl',
  'shr',
  'and',
  'or',
  'xor',
  'div',
  'rem',
  'min',
  'max',
]);

/**
 * A 32-bit source operand as its type reads it: nvcc writes the magic multiplier of a division
 * by a constant as a signed immediate (`mul.wide.u32 %rd4, %r3, -1431655765` for 0xAAAAAAAB,
 * a division by 96), which the unsigned multiply reads as 2,863,311,531.
 */
function asSource(value: number, type: string): number {
  const bits = bitsOf(type);
  if (bits > 32) return value;
  const range = 2 ** bits;
  const unsigned = ((value % range) + range) % range;
  return type.startsWith('s') && unsigned >= range / 2 ? unsigned - range : unsigned;
}

/** `mul.wide` / `mad.wide`: the full product of two 32-bit (or 16-bit) sources read as their type, exact beyond 2^53 up to the double's precision. */
export function wideProduct(a: number, b: number, type: string): number {
  const x = asSource(a, type),
    y = asSource(b, type);
  const product = x * y;
  return Number.isSafeInteger(product) ? product : Number(BigInt(x) * BigInt(y));
}

export function binary(mnemonic: string, modifiers: readonly string[], a: number, b: number): number {
  const type = modifiers[modifiers.length - 1] ?? '';
  const is32 = bitsOf(type) <= 32;
  switch (mnemonic) {
    case 'add':
      return a + b;
    case 'sub':
      return a - b;
    case 'mul':
      if (modifiers[0] === 'hi')
        return is32 ? Number((BigInt(asSource(a, type)) * BigInt(asSource(b, type))) >> 32n) : Number((BigInt(a) * BigInt(b)) >> 64n);
      if (modifiers[0] === 'wide') return wideProduct(a, b, type);
      return is32 ? Math.imul(a, b) : a * b;
    case 'shl':
      return is32 ? a << b : a * 2 ** b;
    case 'shr':
      return type.startsWith('s') ? (is32 ? a >> b : Math.floor(a / 2 ** b)) : is32 ? (a >>> 0) >>> b : Math.floor(a / 2 ** b);
    case 'and':
      return is32 ? a & b : Number(BigInt(a) & BigInt(b));
    case 'or':
      return is32 ? a | b : Number(BigInt(a) | BigInt(b));
    case 'xor':
      return is32 ? a ^ b : Number(BigInt(a) ^ BigInt(b));
    case 'div':
      return b === 0 ? NaN : Math.trunc(a / b);
    case 'rem':
      return b === 0 ? NaN : a % b;
    case 'min':
      return Math.min(a, b);
    case 'max':
      return Math.max(a, b);
    default:
      return NaN;
  }
}

/**
 * `binary` for one instruction's mnemonic and modifiers, its width and case chosen once: the
 * per-thread evaluation (thread-function.ts) runs it for every thread of a launch.
 */
export function binaryOperator(mnemonic: string, modifiers: readonly string[]): (a: number, b: number) => number {
  const type = modifiers[modifiers.length - 1] ?? '';
  const is32 = bitsOf(type) <= 32;
  const signed = type.startsWith('s');
  switch (mnemonic) {
    case 'add':
      return (a, b) => a + b;
    case 'sub':
      return (a, b) => a - b;
    case 'mul':
      if (modifiers[0] === 'hi' || modifiers[0] === 'wide') break;
      return is32 ? Math.imul : (a, b) => a * b;
    case 'shl':
      return is32 ? (a, b) => a << b : (a, b) => a * 2 ** b;
    case 'shr':
      if (!is32) return (a, b) => Math.floor(a / 2 ** b);
      return signed ? (a, b) => a >> b : (a, b) => (a >>> 0) >>> b;
    case 'and':
      if (is32) return (a, b) => a & b;
      break;
    case 'or':
      if (is32) return (a, b) => a | b;
      break;
    case 'xor':
      if (is32) return (a, b) => a ^ b;
      break;
    case 'min':
      return Math.min;
    case 'max':
      return Math.max;
  }
  return (a, b) => binary(mnemonic, modifiers, a, b);
}

/** `compare` of two integers read as `type` (toCompared), the case chosen once per instruction. */
export function integerComparator(op: string, type: string): (a: number, b: number) => boolean | null {
  const test = COMPARISONS.get(op);
  if (!test) return () => null;
  if (!type.startsWith('u')) return test;
  if (bitsOf(type) === 32) return (a, b) => test(a >>> 0, b >>> 0);
  return (a, b) => test(toCompared(a, type), toCompared(b, type));
}

/** PTX setp's integer comparisons by name (lo/ls/hi/hs: the unsigned spellings). */
const COMPARISONS = new Map<string, (a: number, b: number) => boolean>([
  ['eq', (a, b) => a === b],
  ['ne', (a, b) => a !== b],
  ['lt', (a, b) => a < b],
  ['lo', (a, b) => a < b],
  ['le', (a, b) => a <= b],
  ['ls', (a, b) => a <= b],
  ['gt', (a, b) => a > b],
  ['hi', (a, b) => a > b],
  ['ge', (a, b) => a >= b],
  ['hs', (a, b) => a >= b],
]);

/** PTX setp comparison on integers (signed/unsigned already applied). */
export function compare(op: string, a: number, b: number): boolean | null {
  const test = COMPARISONS.get(op);
  return test ? test(a, b) : null;
}

export { toCompared, bitsOf };

/** `ld.param r, [name+offset]`: the kernel parameter it reads (the same value wherever it runs); null for any other instruction. */
export function parameterRead(ins: Instruction): { name: string; offset: number } | null {
  const address = ins.operands[1];
  if (ins.mnemonic !== 'ld' || ins.modifiers[0] !== 'param' || address?.kind !== 'address' || address.base?.kind !== 'symbol') return null;
  return { name: address.base.name, offset: address.offset };
}
