// Cycles one warp needs for its own dependent instructions: an instruction waits until the
// instructions it reads have their results. Each basic block counts its longest dependence path
// per execution (its registers ready on entry), at least a cycle an instruction; a block that
// branches back to itself (a loop body) counts what each turn adds to the path, so the
// dependences one turn hands the next (an accumulator) are in it. Weighted by the blocks'
// executions per thread, the sum is a floor on a warp's time that no number of warps can lower:
// where an SM holds few warps (one-warp blocks, a launch of less than a wave) it, not the issue
// rate, bounds the time. Latencies are those of the H100 (Hopper) for the instruction classes the
// PTX shows; global and local loads count their L1-hit latency only (what the DRAM adds is the
// memory term's), so the figure is a lower bound.
import type { Instruction } from './ast.js';
import type { Cfg } from './cfg.js';
import { destinations } from './destinations.js';
import { sources } from './values.js';

/** Cycles from issue until a result can be read, by instruction class (Hopper). */
export const LATENCY = {
  /** Integer and single-precision arithmetic, compares, moves, conversions. */
  alu: 4,
  /** Double-precision arithmetic. */
  fp64: 8,
  /** Special functions (ex2, lg2, rsqrt, rcp.approx, sin, cos, tanh). */
  sfu: 18,
  /** Integer division and remainder (a routine of about 20 SASS instructions). */
  divide: 40,
  /** Shared-memory loads. */
  shared: 30,
  /** Global, local and constant loads that hit the L1. */
  memory: 33,
  /** Atomics and reductions whose result is read. */
  atomic: 100,
} as const;

const SFU = new Set(['ex2', 'lg2', 'rsqrt', 'sin', 'cos', 'tanh', 'sqrt']);

function latencyOf(ins: Instruction): number {
  const m = ins.mnemonic;
  if (m === 'ld' || m === 'ldu' || m === 'tex' || m === 'tld4') {
    return ins.modifiers.includes('shared') ? LATENCY.shared : LATENCY.memory;
  }
  if (m === 'atom') return ins.modifiers.includes('shared') ? LATENCY.shared : LATENCY.atomic;
  if (m === 'div' || m === 'rem') return ins.modifiers.some((mod) => mod.startsWith('f')) ? LATENCY.sfu : LATENCY.divide;
  if (SFU.has(m) || (m === 'rcp' && ins.modifiers.includes('approx'))) return LATENCY.sfu;
  if (ins.modifiers.includes('f64')) return LATENCY.fp64;
  return LATENCY.alu;
}

/**
 * The latest cycle a result of the block is ready when each instruction issues as soon as what it
 * reads is ready (`ready` holds each register's ready cycle, updated): ptxas reorders independent
 * instructions, so the PTX's order is not the SASS's; the longest dependence path is.
 */
function pass(instructions: readonly Instruction[], ready: Map<string, number>): number {
  let latest = 0;
  for (const ins of instructions) {
    const written = destinations(ins);
    let issue = 0;
    for (const name of sources(ins, written.length > 0)) issue = Math.max(issue, ready.get(name) ?? 0);
    const done = issue + latencyOf(ins);
    for (const name of written) ready.set(name, done);
    latest = Math.max(latest, done);
  }
  return latest;
}

/**
 * A block's cycles per execution: its longest dependence path, at least one cycle an
 * instruction; for a block that loops to itself, what a second pass reading the first's results
 * adds to the latest ready cycle (an accumulator's chain), at least one cycle an instruction. A
 * lower bound of a turn's recurrence: where the first pass's latest result is not on it (the
 * loop control's path longer than the carried chain's), the difference is less than the chain.
 */
export function blockCycles(instructions: readonly Instruction[], loopsToItself: boolean): number {
  const ready = new Map<string, number>();
  const first = pass(instructions, ready);
  if (!loopsToItself) return Math.max(first, instructions.length);
  return Math.max(pass(instructions, ready) - first, instructions.length);
}

/** Dependent-issue cycles per thread: Σ over blocks of executions x the block's cycles. */
export function dependentCycles(cfg: Cfg, weights: Float64Array): number {
  let total = 0;
  for (const block of cfg.blocks) {
    if (block.statements.length === 0) continue;
    const weight = weights[block.statements[0]];
    if (!(weight > 0)) continue;
    const instructions = block.statements.map((s) => cfg.fn.body[s] as Instruction);
    total += weight * blockCycles(instructions, block.successors.includes(block.id));
  }
  return total;
}
