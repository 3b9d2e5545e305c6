// Per-thread executed SASS instructions, estimated from the cubin's line table: the SASS ptxas
// emitted for a source line runs as often, on average, as the PTX instructions of that line.
// So each line contributes sassCount(line) x (weighted PTX executions at the line / static PTX
// instructions at the line), callees included (their weights scaled by the calls' weights, as
// the mix counts them). SASS at a line no PTX instruction carries (prologue, epilogue) counts
// once per thread. Toolkit routines ptxas calls only for rare operands (`…slowpath`,
// `…mediumpath`: denormals, overflow, special values) count 0; other toolkit routines
// (`__cuda_sm20_div_u16`, `…div_s64`, `…div_rn_f64_full`) once per thread. A function's own code
// past its last EXIT (the fallback of a warp collective for a diverged warp) counts 0.
// Where ptxas unrolls a PTX loop again (a runtime-bound loop nvcc already unrolled by 4, a short
// inner loop fully), its copies raise the line's SASS count while each runs less often: the
// copies are counted by LDG / STG / LDS / STS against the loop's PTX global and shared loads and
// stores, and by FFMA against fma.rn.f32 (one each). A line ptxas turned whole into predicated
// code runs for every thread that reached its branch.
import path from 'node:path';
import type { SassLineCount } from '../model/types.js';
import type { SourceLocation } from './ast.js';

/** Per source line: PTX instructions of a function (static) and their executions per thread with callees (weighted). */
export interface LineTally {
  /** This function's own PTX instructions per line. */
  own: Map<string, number>;
  /** This function's own instructions of each copy marker per line (CopyMarker). */
  ownMarkers: Record<CopyMarker, Map<string, number>>;
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
  ownMarkers: emptyMarkers(),
  ownLoopWeights: new Map(),
  weighted: new Map(),
  weightedPredicated: new Map(),
  reachable: new Set([name]),
});

const emptyMarkers = (): Record<CopyMarker, Map<string, number>> => ({ memory: new Map(), fma: new Map(), contractible: new Map() });

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

/**
 * PTX instructions by which the copies of a loop are counted: 'memory' (a global or shared load
 * or store, one LDG / STG / LDS / STS), 'fma' (fma.rn.f32, one FFMA), and 'contractible' (an f32
 * mul / add / sub without a rounding mode, which ptxas may fuse into one more FFMA, so FFMA does
 * not count copies where there is one).
 */
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
  if (marker !== null) add(into.ownMarkers[marker], key, 1);
  let byLoop = into.ownLoopWeights.get(key);
  if (byLoop === undefined) into.ownLoopWeights.set(key, (byLoop = new Map<string, number>()));
  add(byLoop, loop, weight);
  if (weight !== 0) add(into.weighted, key, weight);
  if (weightPredicated !== 0) add(into.weightedPredicated, key, weightPredicated);
}

const RARE_TOOLKIT_ROUTINE = /slowpath|mediumpath/;
const TOOLKIT_ROUTINE = /^\$__internal_\d+_\$_/;

/**
 * Share of a line's SASS under a guard predicate from which the line counts as if-converted (an
 * `if` body ptxas predicated: 28 of 32 in cuda-samples' mergeHistogram256 reduction step, 4 of 7
 * in scan's uniformUpdate, whose unguarded rest computes the address; a line with selects and
 * guarded moves in llm.c's permute_kernel: 5 of 27).
 */
const IF_CONVERTED_SHARE = 0.5;

/** One line table entry's share of the estimate: its SASS instructions x executions per thread. */
export interface SassLineEstimate {
  file: string;
  line: number;
  /** The toolkit routine the entry belongs to, when it is one. */
  subroutine?: string;
  instructions: number;
  perThread: number;
}

/** Σ over the function's SASS lines of instructions x executions per PTX instruction at that line. */
export function estimateSassInstructions(
  lines: readonly SassLineCount[],
  tally: LineTally,
  ownOf: (name: string) => OwnLines | undefined,
): number {
  return sassTotal(estimateSassLines(lines, tally, ownOf));
}

/** The per-thread total of a line-by-line estimate. */
export const sassTotal = (estimates: readonly SassLineEstimate[]): number => estimates.reduce((sum, entry) => sum + entry.perThread, 0);

/** The estimate line by line (for checking it against a per-line profile). */
export function estimateSassLines(
  lines: readonly SassLineCount[],
  tally: LineTally,
  ownOf: (name: string) => OwnLines | undefined,
): SassLineEstimate[] {
  const statics = new Map<string, number>();
  const staticMarkers = emptyMarkers();
  // Each line belongs to the loop where most of its executions happen ('NAME:' outside loops).
  const loopWeights = new Map<string, Map<string, number>>();
  for (const name of tally.reachable) {
    const own = ownOf(name);
    for (const [key, value] of own?.own ?? []) add(statics, key, value);
    for (const marker of COPY_MARKERS) for (const [key, value] of own?.ownMarkers[marker] ?? []) add(staticMarkers[marker], key, value);
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
  const lineCounts = (entry: SassLineCount, key: string, withPtx: boolean): MarkerCounts => ({
    sassMemory: (entry.globalMemory ?? 0) + (entry.sharedMemory ?? 0),
    sassFma: entry.fma ?? 0,
    ptxMemory: withPtx ? (staticMarkers.memory.get(key) ?? 0) : 0,
    ptxFma: withPtx ? (staticMarkers.fma.get(key) ?? 0) : 0,
    contractible: withPtx ? (staticMarkers.contractible.get(key) ?? 0) : 0,
  });
  const loopCounts = new Map<string, MarkerCounts>();
  const counted = new Set<string>();
  for (const entry of lines) {
    const key = lineKey(entry.file, entry.line);
    const loop = loopOf.get(key);
    if (!loop || loop.endsWith(':')) continue;
    const line = lineCounts(entry, key, !counted.has(key));
    counted.add(key);
    const sum = loopCounts.get(loop);
    loopCounts.set(loop, sum ? addCounts(sum, line) : line);
  }
  const estimates: SassLineEstimate[] = [];
  const push = (entry: SassLineCount, perThread: number) =>
    estimates.push({
      file: entry.file,
      line: entry.line,
      ...(entry.subroutine !== undefined ? { subroutine: entry.subroutine } : {}),
      instructions: entry.instructions,
      perThread,
    });
  for (const entry of lines) {
    if (entry.outOfLine) {
      push(entry, 0);
      continue;
    }
    if (entry.subroutine !== undefined && TOOLKIT_ROUTINE.test(entry.subroutine)) {
      push(entry, RARE_TOOLKIT_ROUTINE.test(entry.subroutine) ? 0 : entry.instructions);
      continue;
    }
    const key = lineKey(entry.file, entry.line);
    const count = statics.get(key) ?? 0;
    if (count === 0) {
      push(entry, entry.instructions);
      continue;
    }
    // Copies ptxas made of the line's code (a loop unrolled again, a short loop unrolled whole):
    // each global or shared load or store is one LDG / STG / LDS / STS and each fma.rn.f32 one
    // FFMA, so more of them than the PTX has means that many copies, each running its share of
    // the executions. A line of a loop takes its loop's copies (the loop control and arithmetic
    // are copied with the loads). The larger of the two counts: ptxas may merge adjacent loads
    // into one wider LDS / LDG (the copies then look fewer), never one PTX load or fma into several.
    const loop = loopOf.get(key);
    const inLoop = loop && !loop.endsWith(':') ? loopCounts.get(loop) : undefined;
    const counts = inLoop ?? lineCounts(entry, key, true);
    const fmaCopies = counts.contractible === 0 ? ratio(counts.sassFma, counts.ptxFma) : 1;
    const copies = Math.max(1, ratio(counts.sassMemory, counts.ptxMemory), fmaCopies);
    // A line whose SASS is (nearly) all predicated is one side of a branch ptxas turned into
    // predication: every thread that reached the branch runs it, the few unguarded instructions
    // (address arithmetic ptxas computes ahead) too. (A few predicated instructions among others
    // are selects and guarded moves, which run as the PTX does.)
    const ifConverted = (entry.predicated ?? 0) >= IF_CONVERTED_SHARE * entry.instructions;
    const executions = (ifConverted ? tally.weightedPredicated : tally.weighted).get(key) ?? 0;
    push(entry, (entry.instructions * executions) / count / copies);
  }
  return estimates;
}

/** The per-function tallies the estimate reads for every function a kernel reaches. */
export type OwnLines = Pick<LineTally, 'own' | 'ownMarkers' | 'ownLoopWeights'>;

const COPY_MARKERS: CopyMarker[] = ['memory', 'fma', 'contractible'];

/** SASS loads and stores and FFMA, PTX loads and stores, fma.rn.f32 and fusable mul / add, of some lines. */
interface MarkerCounts {
  sassMemory: number;
  ptxMemory: number;
  sassFma: number;
  ptxFma: number;
  /** PTX f32 mul / add without a rounding mode: FFMA does not count copies where there are any. */
  contractible: number;
}

const ratio = (sass: number, ptx: number): number => (ptx > 0 ? sass / ptx : 1);

function addCounts(a: MarkerCounts, b: MarkerCounts): MarkerCounts {
  return {
    sassMemory: a.sassMemory + b.sassMemory,
    ptxMemory: a.ptxMemory + b.ptxMemory,
    sassFma: a.sassFma + b.sassFma,
    ptxFma: a.ptxFma + b.ptxFma,
    contractible: a.contractible + b.contractible,
  };
}
