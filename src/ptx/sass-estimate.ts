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
// copies are counted by LDG / STG / LDS / STS against the loop's PTX global and shared loads and
// stores (one each).
import path from 'node:path';
import type { SassLineCount } from '../model/types.js';
import type { SourceLocation } from './ast.js';

/** Per source line: PTX instructions of a function (static) and their executions per thread with callees (weighted). */
export interface LineTally {
  /** This function's own PTX instructions per line. */
  own: Map<string, number>;
  /** This function's own global and shared loads and stores (ld/st.global, ld/st.shared) per line. */
  ownMemory: Map<string, number>;
  /** This function's own single-precision fused multiply-adds (fma.rn.f32) per line. */
  ownFma: Map<string, number>;
  /** This function's own f32 mul / add / sub without a rounding mode per line: ptxas may fuse them into FFMA. */
  ownContractible: Map<string, number>;
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
  ownMemory: new Map(),
  ownFma: new Map(),
  ownContractible: new Map(),
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

/** PTX instructions ptxas turns into exactly one SASS instruction each, by which the copies of a
 * loop are counted ('contractible': an f32 mul / add ptxas may fuse into an FFMA, which makes
 * FFMA no such count for its loop). */
export type CopyMarker = 'memory' | 'fma' | 'contractible';

export function tallyInstruction(
  into: LineTally,
  key: string | null,
  weight: number,
  marker: CopyMarker | null = null,
  loop = '',
  weightPredicated = weight,
): void {
  if (key === null) return;
  add(into.own, key, 1);
  if (marker === 'memory') add(into.ownMemory, key, 1);
  if (marker === 'fma') add(into.ownFma, key, 1);
  if (marker === 'contractible') add(into.ownContractible, key, 1);
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
  ownOf: (name: string) => Pick<LineTally, 'own' | 'ownMemory' | 'ownFma' | 'ownContractible' | 'ownLoopWeights'> | undefined,
): number {
  const statics = new Map<string, number>();
  const staticMemory = new Map<string, number>();
  const staticFma = new Map<string, number>();
  const staticContractible = new Map<string, number>();
  // Each line belongs to the loop where most of its executions happen ('NAME:' outside loops).
  const loopWeights = new Map<string, Map<string, number>>();
  for (const name of tally.reachable) {
    const own = ownOf(name);
    for (const [key, value] of own?.own ?? []) add(statics, key, value);
    for (const [key, value] of own?.ownMemory ?? []) add(staticMemory, key, value);
    for (const [key, value] of own?.ownFma ?? []) add(staticFma, key, value);
    for (const [key, value] of own?.ownContractible ?? []) add(staticContractible, key, value);
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
  // Per loop: LDG / STG / LDS / STS over PTX global and shared loads and stores, FFMA over PTX
  // fma.rn.f32, of its lines (the PTX counted once per line).
  const loopCounts = new Map<string, MarkerCounts>();
  const counted = new Set<string>();
  for (const entry of lines) {
    const key = lineKey(entry.file, entry.line);
    const loop = loopOf.get(key);
    if (!loop || loop.endsWith(':')) continue;
    const counts = loopCounts.get(loop) ?? { sassMemory: 0, ptxMemory: 0, sassFma: 0, ptxFma: 0, contractible: 0 };
    counts.sassMemory += memoryAccesses(entry);
    counts.sassFma += entry.fma ?? 0;
    if (!counted.has(key)) {
      counts.ptxMemory += staticMemory.get(key) ?? 0;
      counts.ptxFma += staticFma.get(key) ?? 0;
      counts.contractible += staticContractible.get(key) ?? 0;
    }
    counted.add(key);
    loopCounts.set(loop, counts);
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
    // means that many copies, each running its share of the executions (shared loads and stores alike).
    // A line of a loop takes its loop's copies (the loop control and arithmetic are copied with the loads).
    // The larger of the two counts: ptxas may merge adjacent loads into one wider LDS / LDG (the
    // copies then look fewer), never one PTX load or fma into several.
    const loop = loopOf.get(key);
    const inLoop = loop && !loop.endsWith(':') ? loopCounts.get(loop) : undefined;
    const counts = inLoop ?? {
      sassMemory: memoryAccesses(entry),
      ptxMemory: staticMemory.get(key) ?? 0,
      sassFma: entry.fma ?? 0,
      ptxFma: staticFma.get(key) ?? 0,
      contractible: staticContractible.get(key) ?? 0,
    };
    const fmaCopies = counts.contractible === 0 ? ratio(counts.sassFma, counts.ptxFma) : 1;
    const copies = Math.max(1, ratio(counts.sassMemory, counts.ptxMemory), fmaCopies);
    // A line whose SASS is all predicated is one side of a branch ptxas turned into predication:
    // every thread that reached the branch runs it. (Some predicated instructions among others
    // are selects and guarded moves, which run as the PTX does.)
    const allPredicated = entry.predicated === entry.instructions;
    const executions = (allPredicated ? tally.weightedPredicated : tally.weighted).get(key) ?? 0;
    total += (entry.instructions * executions) / count / copies;
  }
  return total;
}

/** A line's global and shared loads and stores in SASS. */
function memoryAccesses(entry: SassLineCount): number {
  return (entry.globalMemory ?? 0) + (entry.sharedMemory ?? 0);
}

interface MarkerCounts {
  sassMemory: number;
  ptxMemory: number;
  sassFma: number;
  ptxFma: number;
  /** PTX f32 mul / add without a rounding mode: FFMA does not count copies where there are any. */
  contractible: number;
}

const ratio = (sass: number, ptx: number): number => (ptx > 0 ? sass / ptx : 1);
