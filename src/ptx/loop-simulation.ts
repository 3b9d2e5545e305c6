// Trip counts of loops whose exit test reads no induction with a constant step, when every value
// the test depends on is computed in the loop from constants and from the values it entered
// with: the slice is run iteration by iteration. nvcc rotates short constant loops this way
// (SGEMM_CUDA kernel 4 at BK = 2: `t = i + 1; i = 1; continue while t < 2`).
import type { Instruction, Operand } from './ast.js';
import { dominates, type Cfg } from './cfg.js';
import { destinations } from './destinations.js';
import { BINARY_MNEMONICS, binary, compare, destinationType, isFloatType, toCompared, wrapperOf, type ValueResolver } from './values.js';

/** Iterations run at most (as the per-iteration sequences of guards.ts). */
const ITERATION_LIMIT = 1 << 16;
/** Instructions in the slice at most: a longer dependence chain is not a rotated counter. */
const SLICE_LIMIT = 32;

export interface SimulatedLoop {
  trips: number;
  /** The slice and the entry values it starts from, for the loop's reason. */
  text: string;
}

const EVALUATED = new Set([...BINARY_MNEMONICS, 'mov', 'cvt', 'mad', 'neg', 'not', 'selp', 'setp']);

/**
 * Runs the instructions the exit predicate depends on, in their order in an iteration, until the
 * exit is taken: the tests run (one per iteration). A reason string where the slice is not
 * closed: a definition under a guard or on some paths only, a memory read, an entry value unknown.
 */
export function simulateExit(
  cfg: Cfg,
  resolver: ValueResolver,
  inLoop: ReadonlySet<number>,
  header: number,
  exitBlock: number,
  setpIndex: number,
  continueWhenTrue: boolean,
): SimulatedLoop | string {
  const latches = cfg.blocks[header].predecessors.filter((p) => inLoop.has(p));
  const everyIteration = (block: number): boolean => latches.every((latch) => dominates(cfg, block, latch));
  if (!everyIteration(exitBlock)) return 'the exit test is not reached in every iteration';
  const slice: number[] = [];
  const inSlice = new Set<number>();
  const invariant = new Map<string, number>();
  const work = [setpIndex];
  while (work.length > 0) {
    const statement = work.pop()!;
    if (inSlice.has(statement)) continue;
    const ins = resolver.instruction(statement);
    if (ins.guard) return `'${ins.text.trim()}' is predicated`;
    if (!EVALUATED.has(ins.mnemonic)) return `'${ins.text.trim()}' is not arithmetic on known values`;
    const type = ins.modifiers[ins.modifiers.length - 1] ?? '';
    if (isFloatType(type)) return `'${ins.text.trim()}' is floating-point`;
    if (!everyIteration(cfg.blockOfStatement[statement])) return `'${ins.text.trim()}' runs on some iterations' paths only`;
    inSlice.add(statement);
    slice.push(statement);
    if (slice.length > SLICE_LIMIT) return `the exit test depends on more than ${SLICE_LIMIT} instructions`;
    for (const operand of ins.operands.slice(destinations(ins).length)) {
      if (operand.kind === 'immediate') continue;
      if (operand.kind !== 'register') return `'${ins.text.trim()}' reads ${describe(operand)}`;
      const inside = (resolver.defs.get(operand.name) ?? []).filter((d) => inLoop.has(cfg.blockOfStatement[d]));
      if (inside.length > 1) return `${operand.name} is assigned ${inside.length} times in the loop`;
      if (inside.length === 1) {
        work.push(inside[0]);
        continue;
      }
      if (invariant.has(operand.name)) continue;
      const entering = enteringValue(cfg, resolver, inLoop, header, operand.name);
      if (typeof entering === 'string') return entering;
      invariant.set(operand.name, entering);
    }
  }
  // The blocks of the slice all dominate every latch: one chain, ordered by dominance.
  slice.sort((a, b) => {
    const blockA = cfg.blockOfStatement[a];
    const blockB = cfg.blockOfStatement[b];
    if (blockA === blockB) return a - b;
    return dominates(cfg, blockA, blockB) ? -1 : 1;
  });
  // Registers the slice assigns and reads before assigning in the first iteration start from their entry values.
  const state = new Map<string, number>(invariant);
  const assigned = new Set<string>();
  const entered: string[] = [];
  for (const statement of slice) {
    const ins = resolver.instruction(statement);
    const written = destinations(ins);
    for (const operand of ins.operands.slice(written.length)) {
      if (operand.kind !== 'register' || state.has(operand.name) || assigned.has(operand.name)) continue;
      const entering = enteringValue(cfg, resolver, inLoop, header, operand.name);
      if (typeof entering === 'string') return entering;
      state.set(operand.name, entering);
      entered.push(`${operand.name} = ${entering}`);
    }
    for (const register of written) assigned.add(register);
  }
  for (let tests = 1; tests <= ITERATION_LIMIT; tests++) {
    for (const statement of slice) {
      const ins = resolver.instruction(statement);
      const value = evaluateIn(ins, state);
      if (value === null) return `'${ins.text.trim()}' has no value in iteration ${tests}`;
      state.set(destinations(ins)[0], value);
      if (statement === setpIndex && (value !== 0) !== continueWhenTrue) {
        const steps = slice.map((s) => `'${resolver.instruction(s).text.trim()}'`).join('; ');
        return { trips: tests, text: `${entered.length ? `from ${entered.join(', ')}: ` : ''}${steps}` };
      }
    }
  }
  return `the exit is not taken within ${ITERATION_LIMIT} iterations`;
}

function describe(operand: Operand): string {
  if (operand.kind === 'symbol') return `the address of ${operand.name}`;
  return operand.kind === 'address' ? 'memory' : `an operand of kind ${operand.kind}`;
}

/** The value `register` holds on every edge into the header, or why there is none. */
function enteringValue(cfg: Cfg, resolver: ValueResolver, inLoop: ReadonlySet<number>, header: number, register: string): number | string {
  let value: number | null = null;
  for (const p of cfg.blocks[header].predecessors) {
    if (inLoop.has(p) || cfg.idom[p] === -1) continue;
    const entering = resolver.register(register, p, -1);
    if (entering.value === null) return `${register} enters the loop unknown: ${entering.reason}`;
    if (value !== null && value !== entering.value) return `${register} enters the loop with different values`;
    value = entering.value;
  }
  return value ?? 'the loop has no entry edge';
}

/** One instruction of the slice on the current values (predicates as 1 / 0). */
function evaluateIn(ins: Instruction, state: ReadonlyMap<string, number>): number | null {
  const operands = ins.operands;
  const read = (i: number): number | null => {
    const operand = operands[i];
    if (!operand) return null;
    if (operand.kind === 'immediate') return operand.value;
    if (operand.kind === 'register') return state.get(operand.name) ?? null;
    return null;
  };
  const type = ins.modifiers[ins.modifiers.length - 1] ?? '';
  const held = (value: number): number | null => (Number.isFinite(value) ? wrapperOf(type)(value) : null);
  if (BINARY_MNEMONICS.has(ins.mnemonic)) {
    const a = read(1);
    const b = read(2);
    if (a === null || b === null) return null;
    const value = binary(ins.mnemonic, ins.modifiers, a, b);
    return ins.modifiers[0] === 'wide' ? value : held(value);
  }
  switch (ins.mnemonic) {
    case 'mov':
    case 'cvt': {
      const a = read(1);
      if (a === null) return null;
      return Number.isFinite(a) ? wrapperOf(destinationType(ins))(a) : null;
    }
    case 'mad': {
      const a = read(1);
      const b = read(2);
      const c = read(3);
      if (a === null || b === null || c === null) return null;
      return ins.modifiers[0] === 'wide' ? a * b + c : held(a * b + c);
    }
    case 'neg': {
      const a = read(1);
      return a === null ? null : held(-a);
    }
    case 'not': {
      const a = read(1);
      return a === null ? null : held(~a);
    }
    case 'selp': {
      const p = read(3);
      if (p === null) return null;
      return read(p !== 0 ? 1 : 2);
    }
    case 'setp': {
      if (operands.length !== 3 || ins.modifiers.length !== 2) return null;
      const a = read(1);
      const b = read(2);
      if (a === null || b === null) return null;
      const outcome = compare(ins.modifiers[0], toCompared(a, type), toCompared(b, type));
      return outcome === null ? null : outcome ? 1 : 0;
    }
    default:
      return null;
  }
}
