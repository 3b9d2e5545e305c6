// Reaching definitions over the CFG (PTX is not SSA: registers are reassigned in loops)
// and the symbolic value of a register at a statement, built from its definitions.
// A loop-carried `r = r + step` with an invariant uniform step becomes init + iter*step,
// so grid-stride and pointer-increment loops keep their per-lane coefficients.
import type { Instruction, Operand, PtxModule } from '../../ptx/ast.js';
import { closingBranch } from '../../ptx/cfg.js';
import {
  carriedExpr,
  constant,
  EXPANDED_SIZE_LIMIT,
  expandedSize,
  ExprNumbering,
  formatExpr,
  gcd,
  isUniformExpr,
  opaque,
  setCarriedLatches,
  symbol,
  type BinaryOp,
  type CarriedExpr,
  type CompareOp,
  type Expr,
} from './expr.js';
import type { MemoryCfg, MemoryLoop } from './types.js';

const NO_DESTINATION = new Set([
  'st',
  'red',
  'bra',
  'brx',
  'ret',
  'exit',
  'bar',
  'barrier',
  'membar',
  'fence',
  'cp',
  'prefetch',
  'prefetchu',
  'trap',
  'brkpt',
  'nanosleep',
  'pmevent',
  'call',
  'sust',
  'sured',
  'stmatrix',
  'wmma',
  'griddepcontrol',
]);

function registerNames(operand: Operand | undefined): string[] {
  if (!operand) return [];
  if (operand.kind === 'register') {
    // Most destinations are one register: no split and filter (both allocate) for those.
    const name = operand.name;
    if (!name.includes('|')) return name.length > 0 && name !== '_' ? [name] : [];
    return name.split('|').filter((part) => part.length > 0 && part !== '_');
  }
  if (operand.kind === 'vector') return operand.elements.flatMap(registerNames);
  return [];
}

export function definedRegisters(ins: Instruction): string[] {
  if (NO_DESTINATION.has(ins.mnemonic) || ins.opcode.startsWith('st.') || ins.opcode.startsWith('cp.')) return [];
  if (ins.mnemonic === 'ld' && ins.modifiers.includes('async')) return [];
  return registerNames(ins.operands[0]);
}

/**
 * Definition sets, interned: each distinct sorted set of statement indices has one id (0 is
 * the empty set), so per-block states are Int32Arrays of ids and equal sets are shared.
 */
class DefinitionSets {
  private readonly members: Int32Array[] = [new Int32Array(0)];
  private readonly ids = new Map<string, number>([['', 0]]);
  private readonly unions = new Map<number, number>();

  intern(sorted: Int32Array): number {
    // Typed-array join is slow; a concatenated key is not.
    let key = '';
    for (let i = 0; i < sorted.length; i++) key += `${sorted[i]},`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.members.length;
      this.members.push(sorted);
      this.ids.set(key, id);
    }
    return id;
  }

  get(id: number): Int32Array {
    return this.members[id];
  }

  union(a: number, b: number): number {
    if (a === b || b === 0) return a;
    if (a === 0) return b;
    if (a > b) [a, b] = [b, a];
    const key = a * 0x4000000 + b;
    let id = this.unions.get(key);
    if (id === undefined) {
      id = this.intern(mergeSorted(this.members[a], this.members[b]));
      this.unions.set(key, id);
    }
    return id;
  }
}

/** Pre- and post-order numbers of the dominator tree (idom; unreachable blocks, idom -1, get none). */
function dominatorTreeOrder(cfg: MemoryCfg): { pre: Int32Array; post: Int32Array } {
  const count = cfg.blocks.length;
  const children: number[][] = Array.from({ length: count }, () => []);
  const roots: number[] = [];
  for (let b = 0; b < count; b++) {
    const up = cfg.idom[b];
    if (up === -1) continue;
    if (up === b) roots.push(b);
    else children[up].push(b);
  }
  const pre = new Int32Array(count).fill(-1);
  const post = new Int32Array(count).fill(-1);
  let preCount = 0;
  let postCount = 0;
  for (const root of roots) {
    pre[root] = preCount++;
    const stack: Array<[number, number]> = [[root, 0]];
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const [block, next] = top;
      if (next < children[block].length) {
        top[1]++;
        const child = children[block][next];
        pre[child] = preCount++;
        stack.push([child, 0]);
      } else {
        post[block] = postCount++;
        stack.pop();
      }
    }
  }
  return { pre, post };
}

function mergeSorted(a: ArrayLike<number>, b: ArrayLike<number>): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0,
    j = 0,
    n = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i] <= b[j]) ? a[i++] : b[j++];
    if (n === 0 || out[n - 1] !== next) out[n++] = next;
  }
  return out.subarray(0, n);
}

/**
 * Reaching definitions per register, solved on demand. Every definition is listed once per
 * register (statement index, guarded or not); a query inside a block looks back through the
 * register's definitions in that block (a guarded definition may not execute: earlier ones
 * survive it) and, when none is unguarded, joins the definitions reaching the block's entry.
 * Those are solved per register, once, by a worklist over the blocks from the register's
 * defining blocks, with interned sets: linear in the function for each register queried.
 */
export class ReachingDefinitions {
  private readonly registerIds = new Map<string, number>();
  /** Per register id: the indices of the statements defining it, ascending, and whether each is guarded. */
  private readonly defIndices: number[][] = [];
  private readonly defGuarded: boolean[][] = [];
  /** Per register id: the definition set reaching each block's entry, once solved. */
  private readonly blockIn: Array<Int32Array | undefined> = [];
  private readonly sets = new DefinitionSets();
  /** Pre- and post-order numbers of each block in the dominator tree (O(1) dominance), built on first use. */
  private dominatorOrder: { pre: Int32Array; post: Int32Array } | null = null;

  constructor(private readonly cfg: MemoryCfg) {
    const body = cfg.fn.body;
    for (const block of cfg.blocks) {
      for (const index of block.statements) {
        const ins = body[index] as Instruction;
        for (const register of definedRegisters(ins)) {
          let id = this.registerIds.get(register);
          if (id === undefined) {
            id = this.defIndices.length;
            this.registerIds.set(register, id);
            this.defIndices.push([]);
            this.defGuarded.push([]);
          }
          const indices = this.defIndices[id];
          // A register named twice in one destination is one definition.
          if (indices.length > 0 && indices[indices.length - 1] === index) continue;
          indices.push(index);
          this.defGuarded[id].push(Boolean(ins.guard));
        }
      }
    }
    // Blocks are visited in list order; a statement index list is ascending within a block, not across blocks.
    for (let id = 0; id < this.defIndices.length; id++) this.sortDefinitions(id);
  }

  private sortDefinitions(id: number): void {
    const indices = this.defIndices[id];
    let sorted = true;
    for (let i = 1; i < indices.length && sorted; i++) sorted = indices[i - 1] < indices[i];
    if (sorted) return;
    const order = indices.map((_, i) => i).sort((a, b) => indices[a] - indices[b]);
    const guarded = this.defGuarded[id];
    this.defIndices[id] = order.map((i) => indices[i]);
    this.defGuarded[id] = order.map((i) => guarded[i]);
  }

  /** Definition sets of register `id` at every block entry (least fixpoint over the CFG). */
  private solve(id: number): Int32Array {
    const solved = this.blockIn[id];
    if (solved) return solved;
    const { blocks, blockOfStatement } = this.cfg;
    const indices = this.defIndices[id];
    const guarded = this.defGuarded[id];
    // Per defining block: whether it kills what enters, and the set it generates.
    const kills = new Map<number, boolean>();
    const gens = new Map<number, number>();
    for (let k = 0; k < indices.length;) {
      const block = blockOfStatement[indices[k]];
      let end = k;
      while (end < indices.length && blockOfStatement[indices[end]] === block) end++;
      let first = end - 1;
      while (first > k && guarded[first]) first--;
      kills.set(block, !guarded[first]);
      gens.set(block, this.sets.intern(Int32Array.from(indices.slice(first, end))));
      k = end;
    }
    const entry = new Int32Array(blocks.length);
    const exit = new Int32Array(blocks.length);
    const queued = new Uint8Array(blocks.length);
    const worklist: number[] = [];
    gens.forEach((_, block) => {
      worklist.push(block);
      queued[block] = 1;
    });
    // Indexed loops: the baseline compiler allocates an iterator result per for-of step.
    while (worklist.length > 0) {
      const block = worklist.pop()!;
      queued[block] = 0;
      let incoming = 0;
      const predecessors = blocks[block].predecessors;
      for (let p = 0; p < predecessors.length; p++) incoming = this.sets.union(incoming, exit[predecessors[p]]);
      entry[block] = incoming;
      const gen = gens.get(block);
      const outgoing = gen === undefined ? incoming : kills.get(block) ? gen : this.sets.union(incoming, gen);
      if (outgoing === exit[block]) continue;
      exit[block] = outgoing;
      const successors = blocks[block].successors;
      for (let s = 0; s < successors.length; s++) {
        const successor = successors[s];
        if (!queued[successor]) {
          queued[successor] = 1;
          worklist.push(successor);
        }
      }
    }
    this.blockIn[id] = entry;
    return entry;
  }

  /** Definitions of `register` that reach the entry of `block`, ascending. */
  atEntry(block: number, register: string): number[] {
    const id = this.registerIds.get(register);
    if (id === undefined) return [];
    return this.soleDefinitionDominating(id, block) ? [this.defIndices[id][0]] : Array.from(this.sets.get(this.solve(id)[block]));
  }

  /**
   * Whether register `id` has one definition, in a block that strictly dominates `block`: then
   * every path to `block` passes it and nothing redefines it, so it alone reaches the entry (the
   * common case of nvcc's single-assignment registers), without solving the register's sets.
   */
  private soleDefinitionDominating(id: number, block: number): boolean {
    const indices = this.defIndices[id];
    if (indices.length !== 1) return false;
    const defBlock = this.cfg.blockOfStatement[indices[0]];
    return defBlock !== block && this.dominates(defBlock, block);
  }

  /** Whether block `a` dominates block `b` (O(1) through the dominator tree's numbering; unreachable blocks dominate nothing). */
  dominates(a: number, b: number): boolean {
    if (a < 0 || b < 0 || this.cfg.idom[a] === -1 || this.cfg.idom[b] === -1) return false;
    const { pre, post } = (this.dominatorOrder ??= dominatorTreeOrder(this.cfg));
    return pre[a] <= pre[b] && post[b] <= post[a];
  }

  /** Definitions of `register` that reach the statement at `index` (before it executes), ascending. */
  at(index: number, register: string): number[] {
    const blockId = this.cfg.blockOfStatement[index];
    if (blockId < 0) return [];
    const id = this.registerIds.get(register);
    if (id === undefined) return [];
    const indices = this.defIndices[id];
    const guarded = this.defGuarded[id];
    // The last definition before `index`.
    let low = 0;
    let high = indices.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (indices[middle] < index) low = middle + 1;
      else high = middle;
    }
    const local: number[] = [];
    for (let k = low - 1; k >= 0 && this.cfg.blockOfStatement[indices[k]] === blockId; k--) {
      local.push(indices[k]);
      if (!guarded[k]) return local.reverse();
    }
    local.reverse();
    if (local.length === 0 && this.soleDefinitionDominating(id, blockId)) return [indices[0]];
    const entering = this.sets.get(this.solve(id)[blockId]);
    return local.length === 0 ? Array.from(entering) : Array.from(mergeSorted(entering, local));
  }
}

const ARITHMETIC: Record<string, BinaryOp> = {
  add: 'add',
  sub: 'sub',
  div: 'div',
  rem: 'rem',
  and: 'and',
  or: 'or',
  xor: 'xor',
  shl: 'shl',
  shr: 'shr',
  min: 'min',
  max: 'max',
};
const COMPARISONS = new Set(['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'lo', 'ls', 'hi', 'hs']);

const FLOAT_TYPES = new Set(['f16', 'f16x2', 'bf16', 'bf16x2', 'f32', 'f64', 'tf32']);

function isFloatType(ins: Instruction): boolean {
  return ins.modifiers.some((m) => FLOAT_TYPES.has(m));
}

function compareOp(modifier: string): CompareOp {
  const unsigned: Record<string, CompareOp> = { lo: 'lt', ls: 'le', hi: 'gt', hs: 'ge' };
  return unsigned[modifier] ?? (modifier as CompareOp);
}

export interface LineOf {
  (index: number): number | null;
}

/** Builds the symbolic value of registers at statements of one function. */
export class ValueBuilder {
  private readonly reaching: ReachingDefinitions;
  private memo = new Map<string, Expr>();
  private inProgress = new Set<string>();
  /** Memo keys set by the outermost resolution under way (outermost()). */
  private resolvedNow: string[] | null = null;
  /** Carried values (carriedMerge) by loop header and register; in the map from before their latches are built. */
  private readonly carried = new Map<string, CarriedExpr>();
  /** Structural equality of the values built here (merges that agree on every path). */
  private readonly numbering = new ExprNumbering();
  private readonly sharedNames: Set<string>;
  private readonly globalNames: Set<string>;
  private readonly blockLoops: MemoryLoop[][];

  /** `parameterValue(name)`: the known value of a kernel parameter (by its PTX name), else undefined: it stays a symbol. */
  constructor(
    module: PtxModule,
    private readonly cfg: MemoryCfg,
    loops: MemoryLoop[],
    private readonly parameterValue: (name: string) => number | undefined = () => undefined,
  ) {
    this.reaching = new ReachingDefinitions(cfg);
    const variables = [...module.globals, ...cfg.fn.body.filter((s) => s.kind === 'var')];
    this.sharedNames = new Set(
      variables.filter((v) => v.kind === 'var' && v.stateSpace === 'shared').map((v) => (v as { name: string }).name),
    );
    this.globalNames = new Set(
      variables.filter((v) => v.kind === 'var' && v.stateSpace === 'global').map((v) => (v as { name: string }).name),
    );
    // Loops containing each block, innermost first.
    this.blockLoops = cfg.blocks.map((block) => loops.filter((loop) => loop.blocks.includes(block.id)).sort((a, b) => b.depth - a.depth));
  }

  private instruction(index: number): Instruction {
    return this.cfg.fn.body[index] as Instruction;
  }

  private lineOf(index: number): string {
    const line = this.instruction(index).source?.line;
    return line ? `line ${line}` : `PTX line ${this.instruction(index).position.line}`;
  }

  /** The value of an operand as read by the statement at `index`. */
  operand(operand: Operand | undefined, index: number): Expr {
    if (!operand) return opaque(false, false, 'missing operand');
    switch (operand.kind) {
      case 'immediate':
        return constant(operand.value);
      case 'register': {
        if (
          operand.name.startsWith('%') &&
          operand.name.includes('.') &&
          /^%(n?tid|n?ctaid|nclusterid|clusterid|cluster_n?ctaid)\./.test(operand.name)
        ) {
          return symbol(operand.name);
        }
        if (operand.name === '%laneid') return symbol('%laneid');
        if (/^%(warpid|smid|nsmid|gridid|clock|clock64|globaltimer|lanemask_)/.test(operand.name)) {
          return opaque(
            operand.name.startsWith('%lanemask') ? false : operand.name !== '%warpid',
            false,
            `special register ${operand.name}`,
            operand.name,
            operand.name,
          );
        }
        return this.register(operand.name, index);
      }
      case 'symbol':
        return this.variableAddress(operand.name);
      case 'address': {
        const base = operand.base ? this.operand(operand.base, index) : constant(0);
        return operand.offset === 0 ? base : { op: 'add', a: base, b: constant(operand.offset) };
      }
      default:
        return opaque(false, false, `operand ${operand.kind}`);
    }
  }

  private variableAddress(name: string): Expr {
    if (this.sharedNames.has(name)) return symbol(`shared:${name}`);
    if (this.globalNames.has(name)) return symbol(`global:${name}`);
    return symbol(`var:${name}`);
  }

  /** The value of `register` just before the statement at `index`. */
  register(register: string, index: number): Expr {
    const key = `${index}:${register}`;
    const memoised = this.memo.get(key);
    if (memoised) return memoised;
    if (this.inProgress.has(key)) return opaque(false, false, `cyclic definition of ${register}`);
    if (this.inProgress.size === 0) return this.outermost(register, index, key);
    return this.resolve(register, index, key);
  }

  private resolve(register: string, index: number, key: string): Expr {
    this.inProgress.add(key);
    const value = this.registerUncached(register, index);
    this.inProgress.delete(key);
    this.memo.set(key, value);
    this.resolvedNow?.push(key);
    return value;
  }

  /**
   * A value asked for from outside any resolution. Values resolved before a carried node was
   * made for a loop they depend on may hold a cyclic definition where the node now stands: when
   * the resolution made one, everything it memoised is forgotten and it runs again (the nodes
   * stay, so each run makes fewer).
   */
  private outermost(register: string, index: number, key: string): Expr {
    const enclosing = this.resolvedNow;
    try {
      for (let run = 0; ; run++) {
        const nodesBefore = this.carried.size;
        const resolved: string[] = [];
        this.resolvedNow = resolved;
        const value = this.resolve(register, index, key);
        if (this.carried.size === nodesBefore || run >= MAX_CARRIED_RERUNS) {
          enclosing?.push(...resolved);
          return value;
        }
        for (const stale of resolved) this.memo.delete(stale);
      }
    } finally {
      this.resolvedNow = enclosing;
    }
  }

  private registerUncached(register: string, index: number): Expr {
    const defs = this.reaching.at(index, register);
    if (defs.length === 0) return opaque(false, false, `${register} has no reaching definition`);
    if (defs.length === 1) return this.definition(defs[0], register);
    // Only worth finding the loop before any other work when a carried node may exist for it.
    const early = this.carried.size > 0 ? this.headerMerge(register, index, defs) : undefined;
    const known = early && this.carried.get(early.key);
    if (known) return known;
    const induction = this.induction(register, index, defs);
    if (induction) return induction;
    const values = defs.map((def) => this.definition(def, register));
    if (values.every((value) => this.numbering.same(value, values[0]))) return values[0];
    const lines = defs.map((def) => this.lineOf(def)).join(', ');
    if (this.loopCarried(index, defs, values)) {
      const offset = laneOffsetMerge(register, values, lines, `iter:m${index}`);
      if (offset) return offset;
      // Updated each iteration only from loop-carried and uniform values (stride /= 2): uniform.
      if (values.every(uniformApartFromCycles))
        return opaque(
          true,
          false,
          `${register} merges different definitions (${lines})`,
          `${register}@${defs.join(',')}`,
          `${register} (merged at ${lines})`,
        );
    }
    const merged = opaque(
      values.every(isUniformExpr),
      false,
      `${register} merges different definitions (${lines})`,
      `${register}@${defs.join(',')}`,
      `${register} (merged at ${lines})`,
    );
    const carriedAt = () =>
      this.carriedMerge(early === undefined ? this.headerMerge(register, index, defs) : early, register, index, lines, merged);
    return this.gatedMerge(register, index, defs, lines, merged) ?? carriedAt() ?? merged;
  }

  /**
   * The loop whose header's merge of `register` reaches `index` unchanged (the definitions
   * reaching `index` are those reaching the header, some inside the loop, some outside).
   */
  private headerMerge(register: string, index: number, defs: readonly number[]): { loop: MemoryLoop; key: string } | null {
    const { blockOfStatement } = this.cfg;
    for (const loop of this.blockLoops[blockOfStatement[index]] ?? []) {
      const inside = defs.filter((def) => loop.blocks.includes(blockOfStatement[def])).length;
      if (inside === 0 || inside === defs.length) continue;
      const atHeader = this.reaching.atEntry(loop.header, register);
      if (atHeader.length !== defs.length || atHeader.some((def, i) => def !== defs[i])) return null;
      return { loop, key: `${loop.header}:${register}` };
    }
    return null;
  }

  /**
   * A loop-carried register no closed form fits: a CarriedExpr, its value at the header as
   * `entry + H` (H warp-uniform) where that holds by induction, which the warp evaluation
   * checks. Its latch values are built afresh, with every use of the header's value in the
   * loop standing for the node itself (values built before it saw a cyclic definition there);
   * they replace the memoised ones. Null when the entry value differs between the ways in.
   */
  private carriedMerge(
    header: { loop: MemoryLoop; key: string } | null,
    register: string,
    index: number,
    lines: string,
    standIn: Expr,
  ): Expr | null {
    if (!header) return null;
    const known = this.carried.get(header.key);
    if (known) return known;
    const { loop } = header;
    const predecessors = this.cfg.blocks[loop.header].predecessors;
    const ways = predecessors.filter((p) => !loop.blocks.includes(p));
    const entries = ways.map((p) => this.exitValue(register, p));
    let entry = entries[0];
    if (!entry || entries.some((value) => !value || !this.numbering.same(value, entry!))) {
      // Entered on several paths with different values: the select of the branches before the loop.
      entry = this.joinValue(register, loop.header, lines, standIn, ways.length);
      if (!entry) return null;
    }
    const where = this.lineOf(this.cfg.blocks[loop.header].statements[0] ?? index);
    const node = carriedExpr(
      this.carried.size,
      entry,
      `${register} carried around the loop at ${where} (${lines}), not the same offset from its entry value in every lane`,
      `${register} carried around the loop at ${where}`,
      loop.id,
    );
    this.carried.set(header.key, node);
    const outerMemo = this.memo;
    const outerProgress = this.inProgress;
    this.memo = new Map();
    this.inProgress = new Set();
    const latches: Expr[] = [];
    try {
      for (const latch of predecessors.filter((p) => loop.blocks.includes(p))) {
        const value = this.exitValue(register, latch);
        if (!value) {
          setCarriedLatches(node, null);
          return node;
        }
        latches.push(value);
      }
      setCarriedLatches(node, latches);
    } finally {
      const rebuilt = this.memo;
      this.memo = outerMemo;
      this.inProgress = outerProgress;
      for (const [key, value] of rebuilt) {
        outerMemo.set(key, value);
        this.resolvedNow?.push(key);
      }
    }
    return node;
  }

  /**
   * A merge where an if/else (or a chain of them) joins: the value as a select on the branch
   * conditions, `c ? v1 : v2`, resolved per lane where the conditions are known. The join is
   * the nearest block dominating the use whose entry sees the same definitions; every block
   * between its immediate dominator and it must have a single predecessor (no other way in).
   */
  private gatedMerge(register: string, index: number, defs: readonly number[], lines: string, standIn: Expr): Expr | null {
    const { blocks, idom } = this.cfg;
    const wanted = defs.join(',');
    let join = this.cfg.blockOfStatement[index];
    for (let step = 0; step < MAX_JOIN_SEARCH; step++) {
      if (
        blocks[join].predecessors.length >= 2 &&
        this.reaching.atEntry(join, register).join(',') === wanted &&
        !this.invariantIn(join, defs)
      ) {
        return this.joinValue(register, join, lines, standIn, blocks[join].predecessors.length);
      }
      const up = idom[join];
      if (up < 0 || up === join) return null;
      join = up;
    }
    return null;
  }

  /** `block` heads a loop none of `defs` is in: the value is the one the loop was entered with. */
  private invariantIn(block: number, defs: readonly number[]): boolean {
    const loop = this.blockLoops[block]?.find((candidate) => candidate.header === block);
    return loop !== undefined && defs.every((def) => !loop.blocks.includes(this.cfg.blockOfStatement[def]));
  }

  /**
   * The value of `register` entering `join`, walked from its immediate dominator: a select on
   * the branches between, where every one of `predecessors` (a count) is reached that way.
   */
  private joinValue(register: string, join: number, lines: string, standIn: Expr, predecessors: number): Expr | null {
    const dominator = this.cfg.idom[join];
    if (dominator < 0 || dominator === join) return null;
    const walk: JoinWalk = {
      register,
      join,
      reached: new Set<number>(),
      reason: `${register} merged where branches join (${lines})`,
      standIn,
      walked: new Map(),
    };
    const value = this.arriving(walk, dominator, 0);
    return value && value !== DEAD_END && walk.reached.size === predecessors ? value : null;
  }

  /**
   * The value of `register` flowing into `join` from `from`'s exit, over every path from
   * `from` to `join`: a branch gives a select on its predicate; a block entered from
   * elsewhere too (an inner if/else joining first) continues with that block's own merged
   * value, which holds however it was reached. A path that ends (ret, exit) never reaches
   * the join: DEAD_END, and the branch leading to it picks the other side. The predecessors
   * of `join` met are added to `reached`.
   */
  private arriving(walk: JoinWalk, from: number, depth: number): Expr | typeof DEAD_END | null {
    if (depth > MAX_JOIN_SEARCH) return null;
    // Paths that rejoin reach the same blocks: each block is walked once (the walk is per join).
    if (walk.walked.has(from)) return walk.walked.get(from)!;
    // A path back into a block being walked is a loop: lanes leave it by another edge, walked already.
    walk.walked.set(from, DEAD_END);
    const value = this.arrivingFrom(walk, from, depth);
    walk.walked.set(from, value);
    return value;
  }

  private arrivingFrom(walk: JoinWalk, from: number, depth: number): Expr | typeof DEAD_END | null {
    const successors = this.cfg.blocks[from].successors;
    const along = (next: number): Expr | typeof DEAD_END | null => {
      if (next === walk.join) return this.reachJoin(walk, from);
      return this.acrossLoop(walk, from, next, depth) ?? this.arriving(walk, next, depth + 1);
    };
    if (successors.length === 0) return DEAD_END;
    if (successors.length === 1) return along(successors[0]);
    const branch = closingBranch(this.cfg, from);
    if (!branch) return null;
    const whenTaken = along(branch.target);
    const whenNotTaken = whenTaken && along(branch.fallthrough);
    if (!whenTaken || !whenNotTaken) return null;
    if (whenTaken === DEAD_END) return whenNotTaken;
    if (whenNotTaken === DEAD_END || this.numbering.same(whenTaken, whenNotTaken)) return whenTaken;
    const predicate = this.register(branch.register, branch.statement);
    const taken: Expr = branch.negated ? { op: 'pred', combine: 'not', parts: [predicate] } : predicate;
    return selectOf(taken, whenTaken, whenNotTaken, walk.reason, walk.standIn);
  }

  /**
   * A walk entering a loop at `header` (from `from`, outside it) that the join is not in goes on
   * from the loop's one exit: the value leaving it is the exit block's (the loop's own updates
   * are in it, an induction read after the loop included), whatever the body's branches did.
   * Walking the body instead takes a step per if of an unrolled body (FDTD3d's stencil loop
   * unrolled 9 times: 36 ifs, past the search depth, and its remainder loop's addresses were
   * left unresolved). Undefined where this does not apply (several exits, not a header); where
   * it applies but the value is not found (null), the caller walks the body as before.
   */
  private acrossLoop(walk: JoinWalk, from: number, header: number, depth: number): Expr | typeof DEAD_END | null | undefined {
    const loop = this.blockLoops[header]?.find((candidate) => candidate.header === header);
    if (!loop || loop.blocks.includes(from) || loop.blocks.includes(walk.join)) return undefined;
    let exit: { block: number; next: number } | null = null;
    for (const block of loop.blocks) {
      for (const next of this.cfg.blocks[block].successors) {
        if (loop.blocks.includes(next)) continue;
        if (exit) return undefined;
        exit = { block, next };
      }
    }
    if (!exit) return DEAD_END;
    return exit.next === walk.join ? this.reachJoin(walk, exit.block) : this.arriving(walk, exit.next, depth + 1);
  }

  /** The walk reaches its join from `from`: the value `from` leaves with. */
  private reachJoin(walk: JoinWalk, from: number): Expr | null {
    walk.reached.add(from);
    return this.exitValue(walk.register, from);
  }

  /** The value of `register` when the block's last statement has run; null for a guarded definition there. */
  private exitValue(register: string, block: number): Expr | null {
    const statements = this.cfg.blocks[block].statements;
    const last = statements[statements.length - 1];
    if (last === undefined) {
      const entering = this.reaching.atEntry(block, register);
      return entering.length === 1 ? this.definition(entering[0], register) : null;
    }
    if (definedRegisters(this.instruction(last)).includes(register)) {
      return this.instruction(last).guard ? null : this.definition(last, register);
    }
    return this.register(register, last);
  }

  /**
   * True when the merge is a loop-carried value: one entry value (every definition outside the
   * innermost loop around the use is the same) and updates only in the loop's header or latch
   * blocks, which run once per iteration in every lane still in the loop. A definition inside
   * an `if` of the body could be skipped by some lanes, and is not one of these.
   */
  private loopCarried(index: number, defs: readonly number[], values: readonly Expr[]): boolean {
    const loop = this.blockLoops[this.cfg.blockOfStatement[index]]?.[0];
    if (!loop) return false;
    let entry: Expr | null = null;
    let updates = 0;
    for (let i = 0; i < defs.length; i++) {
      const block = this.cfg.blockOfStatement[defs[i]];
      const onceEachIteration = this.inHeaderOrLatch(block);
      if (loop.blocks.includes(block)) {
        if (!onceEachIteration) return false;
        updates++;
      } else if (!onceEachIteration) {
        // The entry value; a preceding loop's exit value (an unrolled loop's remainder) may join it.
        if (entry && !this.numbering.same(entry, values[i])) return false;
        entry = values[i];
      }
    }
    return updates > 0;
  }

  /** The block is its innermost loop's header or a latch (branches back to the header). */
  private inHeaderOrLatch(block: number): boolean {
    const inner = this.blockLoops[block]?.[0];
    return inner !== undefined && (block === inner.header || this.cfg.blocks[block].successors.includes(inner.header));
  }

  /** init + iter*step for `register` updated once per iteration of a loop around `index`. */
  private induction(register: string, index: number, defs: number[]): Expr | null {
    const useBlock = this.cfg.blockOfStatement[index];
    for (const loop of this.blockLoops[useBlock] ?? []) {
      const inside = defs.filter((def) => loop.blocks.includes(this.cfg.blockOfStatement[def]));
      const outside = defs.filter((def) => !inside.includes(def));
      if (inside.length !== 1 || outside.length === 0) continue;
      const update = this.instruction(inside[0]);
      if ((update.mnemonic !== 'add' && update.mnemonic !== 'sub') || update.guard || isFloatType(update)) continue;
      const [, first, second] = update.operands;
      const selfFirst = first?.kind === 'register' && first.name === register;
      const selfSecond = update.mnemonic === 'add' && second?.kind === 'register' && second.name === register;
      let iterations: Expr | null;
      if (selfFirst || selfSecond) {
        const step = this.invariantStep(selfFirst ? second : first, inside[0], loop);
        iterations = step && { op: 'mul', a: symbol(`iter:${loop.id}`), b: step };
      } else {
        iterations = update.mnemonic === 'add' ? this.chainedIterations(register, inside[0], loop) : null;
      }
      if (iterations === null) continue;
      const inits = outside.map((def) => this.definition(def, register));
      if (!inits.every((init) => this.numbering.same(init, inits[0]))) continue;
      return { op: selfFirst || selfSecond ? update.mnemonic : 'add', a: inits[0], b: iterations };
    }
    return null;
  }

  /** A step operand invariant in `loop` (an immediate, or defined outside it) and uniform; null otherwise. */
  private invariantStep(operand: Operand | undefined, index: number, loop: MemoryLoop): Expr | null {
    if (operand?.kind === 'register') {
      const stepDefs = this.reaching.at(index, operand.name);
      if (stepDefs.some((def) => loop.blocks.includes(this.cfg.blockOfStatement[def]))) return null;
    }
    const step = this.operand(operand, index);
    return isUniformExpr(step) ? step : null;
  }

  /**
   * `iter·step` for an update that reaches `register` through a chain of adds (nvcc's unrolled
   * thread-strided loop: `r65 = r170 + ntid; r67 = r65 + ntid; ...; r170 = r77 + ntid`): each
   * link adds an invariant uniform step to the previous one, the first to `register` itself, and
   * runs on every iteration before the update. Equal steps are counted (`(iter·ntid)·8`, the form
   * summands() splits into a multiple of one step); null when the chain is anything else.
   */
  private chainedIterations(register: string, updateIndex: number, loop: MemoryLoop): Expr | null {
    let index = updateIndex;
    const steps: Expr[] = [];
    for (let link = 0; link < MAX_STEP_CHAIN; link++) {
      const ins = this.instruction(index);
      if (ins.mnemonic !== 'add' || ins.guard || isFloatType(ins)) return null;
      const [, first, second] = ins.operands;
      const chained = [first, second].map((operand) => {
        if (operand?.kind !== 'register') return null;
        // The register's only definition inside the loop is the update, after this link: it reads the header's value.
        if (operand.name === register) return 'self';
        const defs = this.reaching.at(index, operand.name);
        if (defs.length !== 1 || !loop.blocks.includes(this.cfg.blockOfStatement[defs[0]])) return null;
        // Run on every iteration before this link: earlier in its block, or in a block dominating it.
        const defBlock = this.cfg.blockOfStatement[defs[0]];
        const linkBlock = this.cfg.blockOfStatement[index];
        return defBlock === linkBlock ? (defs[0] < index ? defs[0] : null) : this.reaching.dominates(defBlock, linkBlock) ? defs[0] : null;
      });
      const position = chained[0] !== null ? 0 : chained[1] !== null ? 1 : -1;
      if (position < 0 || chained[1 - position] !== null) return null;
      const step = this.invariantStep(position === 0 ? second : first, index, loop);
      if (step === null) return null;
      steps.push(step);
      const next = chained[position];
      if (next === 'self') return chainIterations(symbol(`iter:${loop.id}`), steps);
      index = next as number;
    }
    return null;
  }

  /** The value the definition at `index` gives `register`. */
  definition(index: number, register: string): Expr {
    const ins = this.instruction(index);
    const source = (position: number) => this.operand(ins.operands[position], index);
    const allUniform = () => ins.operands.slice(1).every((operand) => isUniformExpr(this.operand(operand, index)));
    const where = this.lineOf(index);
    const { mnemonic, modifiers } = ins;
    // A .wide product's 32-bit immediate as its type reads it: nvcc writes a division's magic
    // multiplier as a signed immediate (`mul.wide.u32 %rd4, %r3, -1431655765`: 0xAAAAAAAB, / 96).
    const factor = (position: number): Expr => {
      const operand = ins.operands[position];
      const type = modifiers[modifiers.length - 1] ?? '';
      if (!modifiers.includes('wide') || operand?.kind !== 'immediate' || !/^[us]32$/.test(type)) return source(position);
      return constant(type.startsWith('u') ? operand.value >>> 0 : operand.value | 0);
    };
    if (ins.operands[0]?.kind === 'vector' || (ins.operands[0]?.kind === 'register' && ins.operands[0].name.includes('|'))) {
      if (mnemonic === 'ld' || mnemonic === 'ldu') return this.loaded(ins, index, register);
      if (mnemonic === 'setp') return this.comparison(ins, index, register);
      return opaque(allUniform(), false, `${ins.opcode} at ${where}`, `${index}:${register}`, `${register} (${ins.opcode} at ${where})`);
    }
    switch (mnemonic) {
      case 'mov':
      case 'cvt':
        return source(1);
      case 'cvta': {
        const space =
          modifiers.find((m) => m === 'global' || m === 'shared' || m === 'local' || m === 'const' || m.startsWith('shared')) ?? 'generic';
        return { op: 'cvta', space: space.startsWith('shared') ? 'shared' : space, toGeneric: !modifiers.includes('to'), a: source(1) };
      }
      case 'ld':
      case 'ldu':
      case 'atom':
        return this.loaded(ins, index, register);
      case 'setp':
        return this.comparison(ins, index, register);
      case 'selp': {
        const [whenTrue, whenFalse] = [source(1), source(2)];
        if (this.numbering.same(whenTrue, whenFalse)) return whenTrue;
        const condition = source(3);
        const standIn = opaque(
          isUniformExpr(whenTrue) && isUniformExpr(whenFalse) && isUniformExpr(condition),
          false,
          `selp at ${where}`,
          `${index}:${register}`,
          `${register} (selp at ${where})`,
        );
        return selectOf(condition, whenTrue, whenFalse, `selp at ${where}`, standIn);
      }
      case 'abs': {
        if (isFloatType(ins)) break;
        // |x| = x < 0 ? -x : x, chosen per lane where x is known.
        const value = source(1);
        const standIn = opaque(
          isUniformExpr(value),
          false,
          `${ins.opcode} at ${where}`,
          `${index}:${register}`,
          `${register} (${ins.opcode} at ${where})`,
        );
        return selectOf(
          { op: 'cmp', cmp: 'lt', a: value, b: constant(0) },
          { op: 'neg', a: value },
          value,
          `${ins.opcode} at ${where}`,
          standIn,
        );
      }
      case 'not':
        if (modifiers.includes('pred')) return { op: 'pred', combine: 'not', parts: [source(1)] };
        return { op: 'not', a: source(1) };
      case 'neg':
        return isFloatType(ins)
          ? opaque(allUniform(), false, `${ins.opcode} at ${where}`, `${index}:${register}`, `${register} (${ins.opcode} at ${where})`)
          : { op: 'neg', a: source(1) };
      case 'mul':
      case 'mul24':
        if (isFloatType(ins) || modifiers.includes('hi')) break;
        return { op: 'mul', a: factor(1), b: factor(2) };
      case 'mad':
      case 'mad24':
        if (isFloatType(ins) || modifiers.includes('hi')) break;
        return { op: 'add', a: { op: 'mul', a: factor(1), b: factor(2) }, b: source(3) };
      default: {
        if (modifiers.includes('pred') && (mnemonic === 'and' || mnemonic === 'or' || mnemonic === 'xor')) {
          return { op: 'pred', combine: mnemonic, parts: [source(1), source(2)] };
        }
        const op = ARITHMETIC[mnemonic];
        if (op && !isFloatType(ins)) {
          const bits = Number(modifiers.map((m) => /^[bsu](\d+)$/.exec(m)?.[1]).find(Boolean) ?? 0) || undefined;
          return { op, a: source(1), b: source(2), bits };
        }
      }
    }
    return opaque(allUniform(), false, `${ins.opcode} at ${where}`, `${index}:${register}`, `${register} (${ins.opcode} at ${where})`);
  }

  private loaded(ins: Instruction, index: number, register: string): Expr {
    const addressOperand = ins.operands.find((operand) => operand.kind === 'address');
    if (ins.modifiers.includes('param') && addressOperand?.kind === 'address' && addressOperand.base?.kind === 'symbol') {
      const offset = addressOperand.offset ? `+${addressOperand.offset}` : '';
      const known = offset ? undefined : this.parameterValue(addressOperand.base.name);
      return known !== undefined ? constant(known) : symbol(`param:${addressOperand.base.name}${offset}`);
    }
    const address = addressOperand ? this.operand(addressOperand, index) : opaque(false, false, 'no address');
    // A value read from a warp-uniform address is the same for every lane; atomics return per-lane values.
    const uniform = ins.mnemonic !== 'atom' && isUniformExpr(address);
    return opaque(
      uniform,
      true,
      `${register} loaded from memory (${ins.opcode} at ${this.lineOf(index)})`,
      `${index}:${register}`,
      `${register} (loaded at ${this.lineOf(index)})`,
    );
  }

  private comparison(ins: Instruction, index: number, register: string): Expr {
    const destination = ins.operands[0];
    const names = destination ? registerNames(destination) : [];
    const cmpModifier = ins.modifiers.find((m) => COMPARISONS.has(m));
    if (isFloatType(ins) || !cmpModifier) {
      const parts = ins.operands.slice(1).map((operand) => this.operand(operand, index));
      return opaque(
        parts.every(isUniformExpr),
        parts.some((p) => p.op === 'opaque' && p.indirect),
        `${ins.opcode} at ${this.lineOf(index)}`,
      );
    }
    const compared: Expr = {
      op: 'cmp',
      cmp: compareOp(cmpModifier),
      a: this.operand(ins.operands[1], index),
      b: this.operand(ins.operands[2], index),
    };
    // `setp.lt.s32 %p|%q, a, b`: the second destination is the complement.
    return names.length > 1 && names[1] === register ? { op: 'pred', combine: 'not', parts: [compared] } : compared;
  }
}

/** A path that ends before reaching the join being resolved. */
const DEAD_END = Symbol('dead end');

/** One search for the value of `register` where branches join at `join` (ValueBuilder.gatedMerge). */
interface JoinWalk {
  register: string;
  join: number;
  /** Predecessors of `join` reached so far. */
  reached: Set<number>;
  /** Reason of the selects built (their condition unknown in a lane). */
  reason: string;
  /** What the merge stands as when the selects grow too large. */
  standIn: Expr;
  /** Value per block already walked (DEAD_END while being walked). */
  walked: Map<number, Expr | typeof DEAD_END | null>;
}

/** iter times the sum of `steps`: a constant, a count of one repeated step, or their sum as it is. */
function chainIterations(iterations: Expr, steps: readonly Expr[]): Expr {
  if (steps.every((step) => step.op === 'const')) {
    return { op: 'mul', a: iterations, b: { op: 'const', value: steps.reduce((sum, step) => sum + (step as { value: number }).value, 0) } };
  }
  const first = formatExpr(steps[0]);
  if (steps.every((step) => formatExpr(step) === first)) {
    const once: Expr = { op: 'mul', a: iterations, b: steps[0] };
    return steps.length === 1 ? once : { op: 'mul', a: once, b: { op: 'const', value: steps.length } };
  }
  return { op: 'mul', a: iterations, b: steps.slice(1).reduce<Expr>((sum, step) => ({ op: 'add', a: sum, b: step }), steps[0]) };
}

/** Links of an update's add chain followed at most (chainedIterations): a 64-way unrolled body. */
const MAX_STEP_CHAIN = 64;

/** Runs of one outermost resolution at most (each run after the first made a carried node). */
const MAX_CARRIED_RERUNS = 64;

/** Blocks walked up the dominator tree (and along branch arms) looking for where a merge joins. */
const MAX_JOIN_SEARCH = 32;

/**
 * `cond ? whenTrue : whenFalse`, or the opaque `standIn` once the tree would grow past the
 * size every walk of it can afford (chains of selects share subtrees). A uniform stand-in
 * is what the select evaluates to where its condition is not known.
 */
function selectOf(cond: Expr, whenTrue: Expr, whenFalse: Expr, reason: string, standIn: Expr): Expr {
  if (1 + expandedSize(cond) + expandedSize(whenTrue) + expandedSize(whenFalse) > EXPANDED_SIZE_LIMIT) return standIn;
  const uniform = standIn.op === 'opaque' && standIn.uniform;
  return { op: 'select', cond, a: whenTrue, b: whenFalse, reason, ...(uniform ? { fallback: standIn } : {}) };
}

interface Term {
  expr: Expr;
  coefficient: number;
}

/**
 * The value of a tree of constants (`512 mul 512`: parameter values the launch gave, put in
 * where the kernel multiplied them), so that a merge sees `iter·(512·512)·4` as a multiple of
 * the iteration symbol and not as a term of its own. Null when a leaf is not a constant or the
 * value is not an exact integer. (Sums of constants need no folding: summands adds them up.)
 */
function foldedConstant(expr: Expr): number | null {
  let value: number | null;
  switch (expr.op) {
    case 'const':
      return expr.value;
    case 'add':
    case 'sub':
    case 'mul': {
      const a = foldedConstant(expr.a);
      const b = a === null ? null : foldedConstant(expr.b);
      if (a === null || b === null) return null;
      value = expr.op === 'add' ? a + b : expr.op === 'sub' ? a - b : a * b;
      break;
    }
    case 'shl': {
      const a = foldedConstant(expr.a);
      const b = a === null ? null : foldedConstant(expr.b);
      if (a === null || b === null || b < 0 || b > 30) return null;
      value = a * 2 ** b;
      break;
    }
    default:
      return null;
  }
  return Number.isSafeInteger(value) ? value : null;
}

/** A product's constant side (either operand, folded) and the other side; null when neither is constant. */
function constantFactor(expr: Extract<Expr, { op: BinaryOp }>): { value: number; other: Expr } | null {
  const right = foldedConstant(expr.b);
  if (right !== null) return { value: right, other: expr.a };
  const left = foldedConstant(expr.a);
  return left === null ? null : { value: left, other: expr.b };
}

/** The summands of an add/sub tree, with constant factors (x*4, x<<2) folded into coefficients. */
function summands(expr: Expr, coefficient: number, out: Term[]): Term[] {
  const factor = expr.op === 'mul' ? constantFactor(expr) : null;
  if (expr.op === 'add' || expr.op === 'sub') {
    summands(expr.a, coefficient, out);
    summands(expr.b, expr.op === 'sub' ? -coefficient : coefficient, out);
  } else if (expr.op === 'neg') {
    summands(expr.a, -coefficient, out);
  } else if (factor !== null) {
    summands(factor.other, coefficient * factor.value, out);
  } else if (expr.op === 'shl' && expr.b.op === 'const' && expr.b.value < 31) {
    summands(expr.a, coefficient * 2 ** expr.b.value, out);
  } else {
    out.push({ expr, coefficient });
  }
  return out;
}

/**
 * A merge whose definitions share their lane-dependent part and differ only by warp-uniform
 * terms: the lane-strided loop `for (i = tid; i < n; i += stride)` (unrolled, with a
 * remainder loop) merges `tid`, `i + 4*stride`, `i + stride`. An update that adds uniform
 * terms to the register itself (a cyclic definition) keeps the lane part. The result is that
 * lane part plus the first definition's uniform part plus a uniform rest: when every update
 * and every other entry differs from it by a constant (a known stride), the rest is
 * `g·iter` with g their greatest common divisor and iter ranging over the iterations (so
 * alignment is exact); when they all differ from it by multiples of one runtime step S
 * (`i += blockDim.x`: updates by S or 4·S, an entry from the unrolled loop by S·(iter + 1)),
 * the rest is `g·S·iter`, exact once the launch gives S; else one uniform unknown. Lanes of a
 * warp still differ by known amounts.
 */
function laneOffsetMerge(register: string, values: readonly Expr[], lines: string, rangeName: string): Expr | null {
  let key: string | null = null;
  let lanePart: Term[] = [];
  let uniformKey: string | null = null;
  let uniformPart: Term[] = [];
  let uniformConstant = 0;
  // Constant amounts the merged value moves by (updates, other entries); null once one is not constant.
  let moves: number[] | null = [];
  // The runtime step S every other amount is a multiple of, and those multiples (null once one is not).
  const steps: { step: { key: string; expr: Expr } | null; multiples: number[] | null } = { step: null, multiples: [] };
  const addStepMultiples = (terms: readonly Term[]) => {
    for (const term of terms) {
      const multiple = stepMultiple(term);
      if (!multiple || (steps.step !== null && steps.step.key !== multiple.key)) {
        steps.multiples = null;
        return;
      }
      steps.step = multiple;
      steps.multiples?.push(term.coefficient);
    }
  };
  for (const value of values) {
    const terms = summands(value, 1, []);
    const selfTerms = terms.filter((t) => isCycle(t.expr));
    const laneTerms = terms.filter((t) => !selfTerms.includes(t) && !isUniformExpr(t.expr));
    const uniformTerms = terms.filter((t) => !selfTerms.includes(t) && !laneTerms.includes(t));
    const constantSum = uniformTerms.reduce((sum, t) => sum + (t.expr.op === 'const' ? t.coefficient * t.expr.value : 0), 0);
    // Another loop's iterations (iter:N times c, an inner induction) move the value by multiples of c.
    const iterationTerms = uniformTerms.filter((t) => isIterationSymbol(t.expr));
    const symbolicTerms = uniformTerms.filter((t) => t.expr.op !== 'const' && !iterationTerms.includes(t));
    for (const t of iterationTerms) moves?.push(t.coefficient);
    if (iterationTerms.length) steps.multiples = null;
    if (selfTerms.length) {
      if (selfTerms.length > 1 || selfTerms[0].coefficient !== 1 || laneTerms.length) return null;
      if (symbolicTerms.length) moves = null;
      else moves?.push(constantSum);
      if (constantSum !== 0) steps.multiples = null;
      else addStepMultiples(symbolicTerms);
      continue;
    }
    const termKey = termsKey(laneTerms);
    const symbolicKey = termsKey(symbolicTerms);
    if (key === null) {
      key = termKey;
      lanePart = laneTerms;
      uniformKey = symbolicKey;
      uniformPart = uniformTerms;
      uniformConstant = constantSum;
    } else if (termKey !== key) {
      return null;
    } else if (symbolicKey !== uniformKey) {
      moves = null;
      if (constantSum !== uniformConstant) steps.multiples = null;
      else addStepMultiples(termDifference(symbolicTerms, uniformPart));
    } else {
      moves?.push(constantSum - uniformConstant);
      if (constantSum !== uniformConstant) steps.multiples = null;
    }
  }
  if (key === null || !lanePart.length || lanePart.some((t) => t.expr.op === 'opaque')) return null;
  const lane = sumOf(lanePart);
  const stride = moves === null ? 0 : moves.reduce((g, m) => gcd(g, m), 0);
  const { step, multiples } = steps;
  const stepStride = step && multiples ? multiples.reduce((g, m) => gcd(g, m), 0) : 0;
  if (stride === 0 && (step === null || stepStride === 0))
    return { op: 'add', a: lane, b: opaque(true, false, `${register} merges definitions that differ by warp-uniform terms (${lines})`) };
  const rest: Expr =
    stride !== 0 || step === null
      ? { op: 'mul', a: symbol(rangeName), b: { op: 'const', value: stride } }
      : { op: 'mul', a: { op: 'mul', a: symbol(rangeName), b: step.expr }, b: { op: 'const', value: stepStride } };
  return { op: 'add', a: uniformPart.length ? { op: 'add', a: lane, b: sumOf(uniformPart) } : lane, b: rest };
}

/** A loop's iteration count (`iter:N`), which a merge's rest ranges over. */
function isIterationSymbol(expr: Expr): boolean {
  return expr.op === 'sym' && expr.name.startsWith('iter:');
}

/** A term c·S or c·iter·S (iter a loop's iterations: any whole multiple of S), as S; null when it is neither. */
function stepMultiple(term: Term): { key: string; expr: Expr } | null {
  let expr = term.expr;
  if (expr.op === 'mul' && isIterationSymbol(expr.a)) expr = expr.b;
  else if (expr.op === 'mul' && isIterationSymbol(expr.b)) expr = expr.a;
  if (expr.op === 'const' || isIterationSymbol(expr) || !Number.isInteger(term.coefficient)) return null;
  return { key: formatExpr(expr), expr };
}

/** The terms of `left - right`, matched by their text; zero sums dropped. */
function termDifference(left: readonly Term[], right: readonly Term[]): Term[] {
  const byKey = new Map<string, Term>();
  const add = (terms: readonly Term[], sign: number) => {
    for (const t of terms) {
      if (t.expr.op === 'const') continue;
      const k = formatExpr(t.expr);
      const found = byKey.get(k);
      byKey.set(k, { expr: t.expr, coefficient: (found?.coefficient ?? 0) + sign * t.coefficient });
    }
  };
  add(left, 1);
  add(right, -1);
  return [...byKey.values()].filter((t) => t.coefficient !== 0);
}

function termsKey(terms: readonly Term[]): string {
  return terms
    .map((t) => `${t.coefficient}*${formatExpr(t.expr)}`)
    .sort()
    .join(' + ');
}

function sumOf(terms: readonly Term[]): Expr {
  return terms
    .map((t): Expr => (t.coefficient === 1 ? t.expr : { op: 'mul', a: t.expr, b: { op: 'const', value: t.coefficient } }))
    .reduce((sum, term): Expr => ({ op: 'add', a: sum, b: term }));
}

/** The value of a register of the loop-carried cycle being resolved (defs.ts's cyclic definition). */
function isCycle(expr: Expr): boolean {
  return expr.op === 'opaque' && !expr.uniform && expr.reason.startsWith('cyclic definition of ');
}

/** isUniformExpr, counting the loop-carried values of the cycle being resolved as uniform. */
function uniformApartFromCycles(expr: Expr): boolean {
  switch (expr.op) {
    case 'const':
      return true;
    case 'sym':
      return isUniformExpr(expr);
    case 'opaque':
      return expr.uniform || isCycle(expr);
    case 'carried':
      return false;
    case 'neg':
    case 'not':
    case 'cvta':
      return uniformApartFromCycles(expr.a);
    case 'pred':
      return expr.parts.every(uniformApartFromCycles);
    case 'select':
      return uniformApartFromCycles(expr.cond) && uniformApartFromCycles(expr.a) && uniformApartFromCycles(expr.b);
    default:
      return uniformApartFromCycles(expr.a) && uniformApartFromCycles(expr.b);
  }
}
