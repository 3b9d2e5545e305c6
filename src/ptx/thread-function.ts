// A register's value as a compiled function of the thread's indices: the instructions that compute
// it, evaluated with the value resolver's own arithmetic (binary and compare specialised per
// instruction, wrapperOf), once per thread without the resolver's per-thread memo. Enumerating a
// grid of a million threads through the resolver cost tens of microseconds a thread (every memo
// entry that read %tid is stale at the next thread); a compiled function costs a few operations.
// Anything the resolver would not resolve for a thread (a load from memory, a value merged on paths
// the thread decides in another way) gives null, and the caller enumerates through the resolver as
// before.
//
// One merge is understood: a register that a counted loop advances by a launch constant each
// iteration, read after the loop (nvcc's remainder loop, then the 4x-unrolled body starting where
// it stopped): its value there is the value it entered with + the thread's trips x the step.
import type { Instruction, Operand } from './ast.js';
import { dominates } from './cfg.js';
import { BLOCK_INDEX_AXES, indexAxisBit, threadIndexRegister, type ThreadIndex } from './threads.js';
import {
  BINARY_MNEMONICS,
  binaryOperator,
  destinationType,
  integerComparator,
  isFloatType,
  keepValue,
  wideProduct,
  wrapperOf,
  type ValueResolver,
} from './values.js';

export type ThreadValue = (thread: ThreadIndex) => number | null;
export type ThreadPredicate = (thread: ThreadIndex) => boolean | null;

/** A loop counted per thread by a compiled function (findLoops registers them in order). */
export interface LoopByThread {
  header: number;
  blocks: ReadonlySet<number>;
  /** Exit-test executions of a thread (0 when it skips the loop). */
  trips: ThreadValue;
  /** The thread indices `trips` reads (threads.ts indexAxisBit). */
  indexAxesRead: number;
}

const DEPTH_LIMIT = 24;
/** Operations compiled at most for one query: a function of the thread that large is no shortcut. */
const NODE_LIMIT = 4096;

export class ThreadCompiler {
  private readonly byStatement = new Map<number, ThreadValue | null>();
  private nodes = 0;
  /** The thread indices the functions compiled so far read (indexAxisBit): %ctaid needs the grid; without %tid a value is the block's. */
  indexAxesRead = 0;

  get readsBlockIndex(): boolean {
    return (this.indexAxesRead & BLOCK_INDEX_AXES) !== 0;
  }

  constructor(
    private readonly resolver: ValueResolver,
    private readonly loops: readonly LoopByThread[],
  ) {}

  /** The value of `name` just before `statement` of `block` (block end when -1) for a thread, or null when it cannot be compiled. */
  register(name: string, block: number, statement: number, depth = 0): ThreadValue | null {
    const index = threadIndexRegister(name);
    if (index) {
      const given = this.resolver.special.get(name);
      if (given !== undefined) return () => given;
      const { axis } = index;
      this.indexAxesRead |= indexAxisBit(index.of, axis);
      if (index.of === 'ctaid') return (thread) => thread.ctaid[axis];
      return (thread) => thread.tid[axis];
    }
    const resolved = this.resolver.register(name, block, statement);
    if (resolved.value !== null) {
      const value = resolved.value;
      return () => value;
    }
    if (depth > DEPTH_LIMIT || ++this.nodes > NODE_LIMIT) return null;
    const def = this.resolver.reachingIndex(name, block, statement);
    return def >= 0 ? this.statement(def, depth + 1) : this.afterLoop(name, block, depth + 1);
  }

  private operand(op: Operand | undefined, block: number, statement: number, depth: number): ThreadValue | null {
    if (!op) return null;
    if (op.kind === 'immediate') {
      const value = op.value;
      return Number.isFinite(value) ? () => value : null;
    }
    return op.kind === 'register' ? this.register(op.name, block, statement, depth) : null;
  }

  /** The instruction at `statement` as a function of the thread (ValueResolver.evaluateOnce's cases). */
  private statement(statement: number, depth: number): ThreadValue | null {
    if (this.byStatement.has(statement)) return this.byStatement.get(statement)!;
    const compiled = this.compileStatement(statement, depth);
    const memoized = compiled && oncePerThread(compiled);
    this.byStatement.set(statement, memoized);
    return memoized;
  }

  private compileStatement(statement: number, depth: number): ThreadValue | null {
    const ins = this.resolver.instruction(statement);
    if (ins.guard) return null;
    const block = this.resolver.cfg.blockOfStatement[statement];
    const ops = ins.operands;
    const type = ins.modifiers[ins.modifiers.length - 1] ?? '';
    const arg = (i: number) => this.operand(ops[i], block, statement, depth);
    if (BINARY_MNEMONICS.has(ins.mnemonic)) {
      if (isFloatType(type)) return null;
      const a = arg(1),
        b = arg(2);
      if (!a || !b) return null;
      const { mnemonic, modifiers } = ins;
      const wrap = modifiers[0] === 'wide' ? keepValue : wrapperOf(type);
      const operator = binaryOperator(mnemonic, modifiers);
      return (thread) => {
        const x = a(thread);
        if (x === null) return null;
        const y = b(thread);
        if (y === null) return null;
        return wrap(operator(x, y));
      };
    }
    switch (ins.mnemonic) {
      case 'mov':
      case 'cvt': {
        if (ops[1]?.kind === 'symbol') return null;
        const a = arg(1);
        const wrap = wrapperOf(destinationType(ins));
        return (
          a &&
          ((thread) => {
            const v = a(thread);
            return v === null ? null : wrap(v);
          })
        );
      }
      case 'mad': {
        const a = arg(1),
          b = arg(2),
          c = arg(3);
        if (!a || !b || !c) return null;
        if (ins.modifiers[0] === 'wide')
          return (thread) => {
            const x = a(thread),
              y = b(thread),
              z = c(thread);
            return x === null || y === null || z === null ? null : wideProduct(x, y, type) + z;
          };
        const wrap = wrapperOf(type);
        return (thread) => {
          const x = a(thread),
            y = b(thread),
            z = c(thread);
          if (x === null || y === null || z === null) return null;
          return wrap(x * y + z);
        };
      }
      case 'neg':
      case 'not': {
        const a = arg(1);
        const negate = ins.mnemonic === 'neg';
        const wrap = wrapperOf(type);
        return (
          a &&
          ((thread) => {
            const v = a(thread);
            return v === null ? null : wrap(negate ? -v : ~v);
          })
        );
      }
      case 'selp': {
        const p = this.predicateOperand(ops[3], block, statement, depth);
        const a = arg(1),
          b = arg(2);
        if (!p || !a || !b) return null;
        const wrap = wrapperOf(type);
        return (thread) => {
          const chosen = p(thread);
          if (chosen === null) return null;
          const v = (chosen ? a : b)(thread);
          return v === null ? null : wrap(v);
        };
      }
      default:
        // Loads (a kernel parameter is resolved above as a constant), and everything the resolver does not evaluate.
        return null;
    }
  }

  private predicateOperand(op: Operand | undefined, block: number, statement: number, depth: number): ThreadPredicate | null {
    if (!op) return null;
    if (op.kind === 'immediate') {
      const value = op.value !== 0;
      return () => value;
    }
    if (op.kind === 'negated-predicate') {
      const p = this.predicate(op.name, block, statement, depth);
      return p && negation(p);
    }
    return op.kind === 'register' ? this.predicate(op.name, block, statement, depth) : null;
  }

  /** A predicate register as a function of the thread (ValueResolver.predicateRegister's cases). */
  predicate(name: string, block: number, statement: number, depth = 0): ThreadPredicate | null {
    const constant = this.resolver.predicateRegister(name, block, statement);
    if (constant !== null) return () => constant;
    if (depth > DEPTH_LIMIT || ++this.nodes > NODE_LIMIT) return null;
    const def = this.resolver.reachingIndex(name, block, statement);
    if (def < 0) return null;
    const ins = this.resolver.instruction(def);
    if (ins.guard) return null;
    const defBlock = this.resolver.cfg.blockOfStatement[def];
    const ops = ins.operands;
    if (ins.mnemonic === 'setp' && ops.length === 3 && ops[0].kind === 'register') {
      const type = ins.modifiers[ins.modifiers.length - 1] ?? '';
      if (isFloatType(type)) return null;
      const a = this.operand(ops[1], defBlock, def, depth + 1),
        b = this.operand(ops[2], defBlock, def, depth + 1);
      if (!a || !b) return null;
      const comparator = integerComparator(ins.modifiers[0], type);
      return (thread) => {
        const x = a(thread),
          y = b(thread);
        return x === null || y === null ? null : comparator(x, y);
      };
    }
    if (ins.modifiers[0] !== 'pred') return null;
    if (ins.mnemonic === 'mov') return this.predicateOperand(ops[1], defBlock, def, depth + 1);
    if (ins.mnemonic === 'not') {
      const p = this.predicateOperand(ops[1], defBlock, def, depth + 1);
      return p && negation(p);
    }
    if (ins.mnemonic === 'and' || ins.mnemonic === 'or' || ins.mnemonic === 'xor') {
      const a = this.predicateOperand(ops[1], defBlock, def, depth + 1),
        b = this.predicateOperand(ops[2], defBlock, def, depth + 1);
      if (!a || !b) return null;
      const mnemonic = ins.mnemonic;
      return (thread) => {
        const x = a(thread),
          y = b(thread);
        if (mnemonic === 'and' && (x === false || y === false)) return false;
        if (mnemonic === 'or' && (x === true || y === true)) return true;
        if (x === null || y === null) return null;
        return mnemonic === 'and' ? x && y : mnemonic === 'or' ? x || y : x !== y;
      };
    }
    return null;
  }

  /**
   * A register no single definition reaches at `block`: compiled when its definitions are one
   * before a loop counted per thread (dominating the loop and `block`) and that loop's one update
   * `r = r ± c` (c a launch constant), run once in every iteration: its value after the loop is
   * the entry value + trips x c, on the path through the loop and on the one around it (0 trips).
   */
  private afterLoop(name: string, block: number, depth: number): ThreadValue | null {
    const { cfg } = this.resolver;
    // Definitions on some path into `block` (a later loop's own update is not).
    const reaching = blocksReaching(this.resolver, block);
    const defs = (this.resolver.defs.get(name) ?? []).filter((d) => reaching.has(cfg.blockOfStatement[d]));
    const loop = this.loops.find((l) => !l.blocks.has(block) && defs.some((d) => l.blocks.has(cfg.blockOfStatement[d])));
    if (!loop) return null;
    const inside = defs.filter((d) => loop.blocks.has(cfg.blockOfStatement[d]));
    const outside = defs.filter((d) => !loop.blocks.has(cfg.blockOfStatement[d]));
    if (inside.length !== 1 || outside.length !== 1) return null;
    const entryBlock = cfg.blockOfStatement[outside[0]];
    if (!dominates(cfg, entryBlock, loop.header) || !dominates(cfg, entryBlock, block)) return null;
    // Not around an enclosing loop: from `block` back to the loop the value would carry over.
    if (blocksReaching(this.resolver, loop.header).has(block)) return null;
    const step = loopStep(this.resolver, inside[0], name);
    if (step === null || !onceEveryIteration(this.resolver, loop, inside[0])) return null;
    const entry = this.statement(outside[0], depth + 1);
    if (!entry) return null;
    const { trips } = loop;
    this.indexAxesRead |= loop.indexAxesRead;
    const wrap = wrapperOf(step.type);
    return (thread) => {
      const start = entry(thread);
      if (start === null) return null;
      const count = trips(thread);
      return count === null ? null : wrap(start + count * step.value);
    };
  }
}

/** `r = r + c` or `r = r - c` (either order for add) with c a launch constant: the step and type; else null. */
function loopStep(resolver: ValueResolver, statement: number, name: string): { value: number; type: string } | null {
  const ins: Instruction = resolver.instruction(statement);
  if (ins.guard || (ins.mnemonic !== 'add' && ins.mnemonic !== 'sub') || ins.modifiers[0] === 'wide') return null;
  const type = ins.modifiers[ins.modifiers.length - 1] ?? '';
  if (isFloatType(type)) return null;
  const [, a, b] = ins.operands;
  const block = resolver.cfg.blockOfStatement[statement];
  const isSelf = (op: Operand | undefined) => op?.kind === 'register' && op.name === name;
  const other = isSelf(a) ? b : ins.mnemonic === 'add' && isSelf(b) ? a : null;
  if (!other) return null;
  const step = resolver.operand(other, block, statement);
  if (step.value === null) return null;
  return { value: ins.mnemonic === 'sub' ? -step.value : step.value, type };
}

/**
 * Whether the update runs exactly once per exit test: the loop has one exit block, the update's
 * block dominates it, and in that block the update comes before the branch.
 */
function onceEveryIteration(resolver: ValueResolver, loop: LoopByThread, statement: number): boolean {
  const { cfg } = resolver;
  const exits = [...loop.blocks].filter((b) => cfg.blocks[b].successors.some((s) => !loop.blocks.has(s)));
  if (exits.length !== 1) return false;
  const updateBlock = cfg.blockOfStatement[statement];
  if (!dominates(cfg, updateBlock, exits[0])) return false;
  // Once per iteration: neither the update nor the exit test sits in a loop inside this one.
  if (inInnerCycle(resolver, loop, updateBlock) || inInnerCycle(resolver, loop, exits[0])) return false;
  const exitStatements = cfg.blocks[exits[0]].statements;
  return updateBlock !== exits[0] || statement < exitStatements[exitStatements.length - 1];
}

/** Whether `block` lies on a cycle of the loop's blocks that does not pass its header (an inner loop). */
function inInnerCycle(resolver: ValueResolver, loop: LoopByThread, block: number): boolean {
  if (block === loop.header) return false;
  const seen = new Set<number>();
  const work = [...resolver.cfg.blocks[block].successors];
  while (work.length > 0) {
    const b = work.pop()!;
    if (b === block) return true;
    if (seen.has(b) || b === loop.header || !loop.blocks.has(b)) continue;
    seen.add(b);
    work.push(...resolver.cfg.blocks[b].successors);
  }
  return false;
}

/** The blocks with a path to `block` (itself included when it lies on a cycle). */
function blocksReaching(resolver: ValueResolver, block: number): Set<number> {
  const seen = new Set<number>();
  const work = [...resolver.cfg.blocks[block].predecessors];
  while (work.length > 0) {
    const b = work.pop()!;
    if (seen.has(b)) continue;
    seen.add(b);
    work.push(...resolver.cfg.blocks[b].predecessors);
  }
  return seen;
}

/** The function, its value kept for the thread whose stamp it was computed for. */
export function oncePerThread<T>(compute: (thread: ThreadIndex) => T): (thread: ThreadIndex) => T {
  let stamp = -1;
  let value!: T;
  return (thread) => {
    if (thread.stamp !== stamp) {
      value = compute(thread);
      stamp = thread.stamp;
    }
    return value;
  };
}

function negation(p: ThreadPredicate): ThreadPredicate {
  return (thread) => {
    const v = p(thread);
    return v === null ? null : !v;
  };
}
