// Per-thread executed SASS instructions, estimated from the cubin's line table: the SASS ptxas
// emitted for a source line runs as often, on average, as the PTX instructions of that line.
// So each line contributes sassCount(line) x (weighted PTX executions at the line / static PTX
// instructions at the line), callees included (their weights scaled by the calls' weights, as
// the mix counts them). SASS at a line no PTX instruction carries (prologue, epilogue) counts
// once per thread. Toolkit routines ptxas calls only for rare operands (`…slowpath`,
// `…mediumpath`: denormals, overflow, special values) count 0; other toolkit routines
// (`__cuda_sm20_div_u16`, `…div_s64`, `…div_rn_f64_full`) once per thread.
// Where ptxas unrolls a PTX loop again (a runtime-bound loop nvcc already unrolled by 4, a short
// inner loop fully), its copies raise the line's SASS count while each runs less often: the
// copies are counted by LDG / STG against the loop's PTX global loads and stores (one each).
import path from 'node:path';
import type { SassLineCount } from '../model/types.js';
import type { SourceLocation } from './ast.js';

/** Per source line: PTX instructions of a function (static) and their executions per thread with callees (weighted). */
export interface LineTally {
  /** This function's own PTX instructions per line. */
  own: Map<string, number>;
  /** This function's own global loads and stores (ld.global, st.global) per line. */
  ownGlobalMemory: Map<string, number>;
  /** Per line, the executions of its own instructions by innermost loop ('' outside loops). */
  ownLoopWeights: Map<string, Map<string, number>>;
  /** Executions per thread per line, this function's and its callees' (scaled by the calls). */
  weighted: Map<string, number>;
  /** As `weighted`, with each instruction on one side of a branch counted as often as the branch:
   * what its SASS runs where ptxas turned the branch into predicated instructions, which every
   * thread that reached the branch executes (ncu counts them, predicate off or on). */
  weightedPredicated: Map<string, number>;
  /** Functions reached from this one (itself included), whose static instructions share the kernel's SASS. */
  reachable: Set<string>;
}

export const emptyTally = (name: string): LineTally => ({
  own: new Map(),
  ownGlobalMemory: new Map(),
  ownLoopWeights: new Map(),
  weighted: new Map(),
  weightedPredicated: new Map(),
  reachable: new Set([name]),
});

/** The key a PTX `.loc` and a line-table row share: normalised file path and line. */
export const lineKey = (file: string, line: number): string => `${path.posix.normalize(file)}\0${line}`;

export function sourceKey(source: SourceLocation | null): string | null {
  return source?.file ? lineKey(source.file, source.line) : null;
}

const add = (into: Map<string, number>, key: string, value: number) => into.set(key, (into.get(key) ?? 0) + value);

/** Adds a callee's tally to the caller's for `times` calls per caller execution. */
export function addCallee(into: LineTally, callee: LineTally, times: number): void {
  for (const [key, value] of callee.weighted) add(into.weighted, key, value * times);
  for (const [key, value] of callee.weightedPredicated) add(into.weightedPredicated, key, value * times);
  for (const name of callee.reachable) into.reachable.add(name);
}

export function tallyInstruction(
  into: LineTally,
  key: string | null,
  weight: number,
  globalMemory = false,
  loop = '',
  weightPredicated = weight,
): void {
  if (key === null) return;
  add(into.own, key, 1);
  if (globalMemory) add(into.ownGlobalMemory, key, 1);
  let byLoop = into.ownLoopWeights.get(key);
  if (byLoop === undefined) into.ownLoopWeights.set(key, (byLoop = new Map<string, number>()));
  add(byLoop, loop, weight);
  if (weight !== 0) add(into.weighted, key, weight);
  if (weightPredicated !== 0) add(into.weightedPredicated, key, weightPredicated);
}

const RARE_TOOLKIT_ROUTINE = /slowpath|mediumpath/;
const TOOLKIT_ROUTINE = /^\$__internal_\d+_\$_/;

/** Σ over the function's SASS lines of instructions x executions per PTX instruction at that line. */
export function estimateSassInstructions(
  lines: readonly SassLineCount[],
  tally: LineTally,
  ownOf: (name: string) => Pick<LineTally, 'own' | 'ownGlobalMemory' | 'ownLoopWeights'> | undefined,
): number {
  const statics = new Map<string, number>();
  const staticGlobalMemory = new Map<string, number>();
  // Each line belongs to the loop where most of its executions happen ('NAME:' outside loops).
  const loopWeights = new Map<string, Map<string, number>>();
  for (const name of tally.reachable) {
    const own = ownOf(name);
    for (const [key, value] of own?.own ?? []) add(statics, key, value);
    for (const [key, value] of own?.ownGlobalMemory ?? []) add(staticGlobalMemory, key, value);
    for (const [key, byLoop] of own?.ownLoopWeights ?? []) {
      let merged = loopWeights.get(key);
      if (merged === undefined) loopWeights.set(key, (merged = new Map<string, number>()));
      for (const [loop, weight] of byLoop) add(merged, `${name}:${loop}`, weight);
    }
  }
  const loopOf = new Map<string, string>();
  for (const [key, byLoop] of loopWeights) {
    let best: string | null = null;
    for (const [loop, weight] of byLoop) if (best === null || weight > byLoop.get(best)!) best = loop;
    if (best !== null) loopOf.set(key, best);
  }
  // Per loop: LDG / STG over PTX global loads and stores of its lines, counted once per line.
  const loopMemory = new Map<string, { sass: number; ptx: number }>();
  const counted = new Set<string>();
  for (const entry of lines) {
    const key = lineKey(entry.file, entry.line);
    const loop = loopOf.get(key);
    if (!loop || loop.endsWith(':')) continue;
    const memory = loopMemory.get(loop) ?? { sass: 0, ptx: 0 };
    memory.sass += entry.globalMemory ?? 0;
    if (!counted.has(key)) memory.ptx += staticGlobalMemory.get(key) ?? 0;
    counted.add(key);
    loopMemory.set(loop, memory);
  }
  let total = 0;
  for (const entry of lines) {
    if (entry.subroutine !== undefined && TOOLKIT_ROUTINE.test(entry.subroutine)) {
      if (!RARE_TOOLKIT_ROUTINE.test(entry.subroutine)) total += entry.instructions;
      continue;
    }
    const key = lineKey(entry.file, entry.line);
    const count = statics.get(key) ?? 0;
    if (count === 0) {
      total += entry.instructions;
      continue;
    }
    // Copies ptxas made of the line's code (a loop unrolled again, a short loop unrolled
    // whole): each global load or store is one LDG / STG, so more of them than the PTX has
    // means that many copies, each running its share of the executions.
    // A line of a loop takes its loop's copies (the loop control and arithmetic are copied with the loads).
    const loop = loopOf.get(key);
    const inLoop = loop && !loop.endsWith(':') ? loopMemory.get(loop) : undefined;
    const [sassMemory, ptxMemory] =
      inLoop && inLoop.ptx > 0 ? [inLoop.sass, inLoop.ptx] : [entry.globalMemory ?? 0, staticGlobalMemory.get(key) ?? 0];
    const copies = ptxMemory > 0 && sassMemory > ptxMemory ? sassMemory / ptxMemory : 1;
    // A line whose SASS is all predicated is one side of a branch ptxas turned into predication:
    // every thread that reached the branch runs it. (Some predicated instructions among others
    // are selects and guarded moves, which run as the PTX does.)
    const allPredicated = entry.predicated === entry.instructions;
    const executions = (allPredicated ? tally.weightedPredicated : tally.weighted).get(key) ?? 0;
    total += (entry.instructions * executions) / count / copies;
  }
  return total;
}
