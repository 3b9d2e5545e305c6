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
// code runs for every thread that reached its branch. Where the cubin's branches give its loops,
// the kernel's lines are split by loop first (loopContextEstimates): a line's SASS in a loop
// runs as its PTX in the matching PTX loop does.
import path from 'node:path';
import type { SassLineCount } from '../model/types.js';
import type { SourceLocation } from './ast.js';

/** Per source line: PTX instructions of a function (static) and their executions per thread with callees (weighted). */
export interface LineTally {
  /** This function's own PTX instructions per line. */
  own: Map<string, number>;
  /** This function's own instructions of each copy marker per line (CopyMarker). */
  ownMarkers: Record<CopyMarker, Map<string, number>>;
  /** Per line, its own instructions by innermost loop ('' outside loops). */
  ownContexts: Map<string, Map<string, LineContext>>;
  /** This function's loops by key: the enclosing loop's key ('' for an outermost loop) and the
   * loop's trips per entry (null where not derived). */
  loopTree: Map<string, { parent: string; trips: number | null }>;
  /** Lines where a callee's instructions run (their executions are not split by loop). */
  calleeLines: Set<string>;
  /** Executions per thread per line, this function's and its callees' (scaled by the calls). */
  weighted: Map<string, number>;
  /** As `weighted`, with each instruction on one side of a branch counted as often as the branch:
   * what its SASS runs where ptxas turned the branch into predicated instructions, which every
   * thread that reached the branch executes (ncu counts them, predicate off or on). */
  weightedPredicated: Map<string, number>;
  /** Functions reached from this one (itself included), whose static instructions share the kernel's SASS. */
  reachable: Set<string>;
  /** The function's name. */
  name: string;
}

/** A line's own PTX instructions in one loop of a function: how many, their executions per
 * thread (plain, and as `weightedPredicated` counts them), and their copy markers. */
export interface LineContext {
  instructions: number;
  weighted: number;
  weightedPredicated: number;
  markers: Record<CopyMarker, number>;
}

export const emptyTally = (name: string): LineTally => ({
  own: new Map(),
  ownMarkers: emptyMarkers(),
  ownContexts: new Map(),
  loopTree: new Map(),
  calleeLines: new Set(),
  name,
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
  for (const [key, value] of callee.weighted) {
    add(into.weighted, key, value * times);
    into.calleeLines.add(key);
  }
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
  let byLoop = into.ownContexts.get(key);
  if (byLoop === undefined) into.ownContexts.set(key, (byLoop = new Map<string, LineContext>()));
  let context = byLoop.get(loop);
  if (context === undefined)
    byLoop.set(loop, (context = { instructions: 0, weighted: 0, weightedPredicated: 0, markers: { memory: 0, fma: 0, contractible: 0 } }));
  context.instructions++;
  context.weighted += weight;
  context.weightedPredicated += weightPredicated;
  if (marker !== null) context.markers[marker]++;
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
    for (const [key, byLoop] of own?.ownContexts ?? []) {
      let merged = loopWeights.get(key);
      if (merged === undefined) loopWeights.set(key, (merged = new Map<string, number>()));
      for (const [loop, context] of byLoop) add(merged, `${name}:${loop}`, context.weighted);
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
  const byLoops = loopContextEstimates(lines, tally);
  for (const entry of lines) {
    if (entry.outOfLine) {
      push(entry, 0);
      continue;
    }
    const matched = byLoops.get(entry);
    if (matched !== undefined) {
      push(entry, matched);
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
export type OwnLines = Pick<LineTally, 'own' | 'ownMarkers' | 'ownContexts'>;

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

/** The root of a function's loop tree, on both sides: code outside every loop. */
const OUTSIDE = '';

/**
 * Where the cubin says which SASS loop each instruction lies in (SassLineCount.loops), the
 * kernel's own lines are estimated loop by loop. Each SASS loop is matched to a PTX loop below
 * its parent's match: the one whose source lines it shares most (Jaccard of the line sets), less
 * a penalty where it has fewer global / shared loads and stores than the PTX loop (ptxas copies
 * a body, never drops a load) and a small one for a size far from the PTX loop's (nvcc's loop
 * unrolled by 4 and its remainder carry the same lines). A line's SASS in a loop then runs as
 * often as its PTX instructions in that loop and in the loops ptxas unrolled whole into it (PTX
 * loops no SASS loop matches), per PTX instruction and per copy ptxas made. SASS at a line whose
 * PTX lies only in other loops is ptxas's own set-up of a loop it unrolled (trip checks, the
 * jump into the remainder), outside the loop: counted 0. So the remainder code nvcc emits at a
 * loop's line (run 0 to 3 times) is not weighted like the loop body, as one ratio per line
 * weighs it. Entries this cannot place (a callee's line, a SASS loop that matches none) are left
 * to the per-line estimate.
 */
function loopContextEstimates(lines: readonly SassLineCount[], tally: LineTally): Map<SassLineCount, number> {
  const out = new Map<SassLineCount, number>();
  const own = tally.ownContexts;
  if (!lines.some((entry) => entry.loops?.length)) return out;
  // SASS loop tree and the lines of each loop, nested loops included.
  const sassParent = new Map<string, string>();
  const sassLines = new Map<string, Set<string>>([[OUTSIDE, new Set()]]);
  const contextOf = (entry: SassLineCount) => (entry.loops?.length ? String(entry.loops[entry.loops.length - 1]) : OUTSIDE);
  const placeable = lines.filter((entry) => entry.subroutine === undefined && !entry.outOfLine);
  for (const entry of placeable) {
    const key = lineKey(entry.file, entry.line);
    const path = [OUTSIDE, ...(entry.loops ?? []).map(String)];
    for (let i = 0; i < path.length; i++) {
      if (i > 0) sassParent.set(path[i], path[i - 1]);
      let set = sassLines.get(path[i]);
      if (set === undefined) sassLines.set(path[i], (set = new Set()));
      set.add(key);
    }
  }
  // PTX loop tree and the lines of each loop, nested loops included.
  const ptxChildren = new Map<string, string[]>([[OUTSIDE, []]]);
  for (const [loop, { parent }] of tally.loopTree) {
    if (!ptxChildren.has(parent)) ptxChildren.set(parent, []);
    ptxChildren.get(parent)!.push(loop);
    if (!ptxChildren.has(loop)) ptxChildren.set(loop, []);
  }
  const ptxLines = new Map<string, Set<string>>([...ptxChildren.keys()].map((loop) => [loop, new Set<string>()]));
  for (const [key, byLoop] of own)
    for (const loop of byLoop.keys())
      for (let at: string | undefined = loop; at !== undefined; at = at === OUTSIDE ? undefined : tally.loopTree.get(at)?.parent)
        ptxLines.get(at)?.add(key);
  const descendants = (loop: string): string[] => (ptxChildren.get(loop) ?? []).flatMap((child) => [child, ...descendants(child)]);
  const depthOf = (loop: string): number => (loop === OUTSIDE ? 0 : 1 + depthOf(tally.loopTree.get(loop)?.parent ?? OUTSIDE));
  // Loads and stores and instructions of each loop's own code, for the fit beside the lines.
  const sassMemory = new Map<string, number>();
  const sassSize = new Map<string, number>();
  for (const entry of placeable) {
    add(sassMemory, contextOf(entry), (entry.globalMemory ?? 0) + (entry.sharedMemory ?? 0));
    add(sassSize, contextOf(entry), entry.instructions);
  }
  const ptxMemory = new Map<string, number>();
  const ptxSize = new Map<string, number>();
  for (const byLoop of own.values())
    for (const [loop, context] of byLoop) {
      add(ptxMemory, loop, context.markers.memory);
      add(ptxSize, loop, context.instructions);
    }
  const fit = (sass: string, ptx: string): number => {
    const have = sassMemory.get(sass) ?? 0;
    const want = ptxMemory.get(ptx) ?? 0;
    const impossible = want > 0 && have < want ? 0.5 : 0;
    return -impossible - 0.05 * Math.abs(Math.log2((sassSize.get(sass) ?? 1) / (ptxSize.get(ptx) ?? 1)));
  };
  // Match top-down: each SASS loop to the best PTX loop below its parent's match.
  const match = new Map<string, string>([[OUTSIDE, OUTSIDE]]);
  const sassChildren = new Map<string, string[]>();
  for (const [loop, parent] of sassParent) sassChildren.set(parent, [...(sassChildren.get(parent) ?? []), loop]);
  const visit = (sass: string) => {
    const ptx = match.get(sass)!;
    for (const child of sassChildren.get(sass) ?? []) {
      const childLines = sassLines.get(child)!;
      let best: string | null = null;
      let bestScore = 0;
      for (const candidate of descendants(ptx)) {
        const candidateLines = ptxLines.get(candidate)!;
        let shared = 0;
        for (const key of childLines) if (candidateLines.has(key)) shared++;
        if (shared === 0) continue;
        const score = shared / (childLines.size + candidateLines.size - shared) + fit(child, candidate);
        if (best === null || score > bestScore || (score === bestScore && depthOf(candidate) < depthOf(best))) {
          best = candidate;
          bestScore = score;
        }
      }
      if (best === null) continue;
      match.set(child, best);
      visit(child);
    }
  };
  visit(OUTSIDE);
  // The PTX loops each matched SASS loop stands for: its match and the loops below it no SASS loop matches.
  const matchedPtx = new Set(match.values());
  const absorbed = (loop: string): string[] => [
    loop,
    ...(ptxChildren.get(loop) ?? []).filter((child) => !matchedPtx.has(child)).flatMap((child) => absorbed(child)),
  ];
  const absorbedOf = new Map([...match].map(([sass, ptx]) => [sass, new Set(absorbed(ptx))]));
  // Per (SASS loop, dominant PTX loop) group: copies ptxas made, by markers as in the per-line estimate.
  interface Placed {
    entry: SassLineCount;
    group: string;
    instructions: number;
    executions: number;
    executionsPredicated: number;
  }
  const placed: Placed[] = [];
  const lineMemory = (key: string): number => {
    let memory = 0;
    for (const context of own.get(key)?.values() ?? []) memory += context.markers.memory;
    return memory;
  };
  const unplaced: SassLineCount[] = [];
  const groups = new Map<string, MarkerCounts>();
  const countedLines = new Set<string>();
  for (const entry of placeable) {
    const sass = contextOf(entry);
    const loops = absorbedOf.get(sass);
    const key = lineKey(entry.file, entry.line);
    if (loops === undefined || tally.calleeLines.has(key)) continue;
    let instructions = 0;
    let executions = 0;
    let executionsPredicated = 0;
    let dominant: string | null = null;
    let dominantWeight = -1;
    const ptxMarkers = { memory: 0, fma: 0, contractible: 0 };
    for (const [loop, context] of own.get(key) ?? []) {
      if (!loops.has(loop)) continue;
      instructions += context.instructions;
      executions += context.weighted;
      executionsPredicated += context.weightedPredicated;
      for (const marker of COPY_MARKERS) ptxMarkers[marker] += context.markers[marker];
      if (context.weighted > dominantWeight) {
        dominant = loop;
        dominantWeight = context.weighted;
      }
    }
    // A block of SASS loads at a line whose PTX loads all lie in other loops: copies of a loop's
    // body ptxas placed outside it (a step of its unrolling, 8 bodies after a loop of 16), which
    // run at most once per entry of the loop, like its set-up.
    const sassLoads = (entry.globalMemory ?? 0) + (entry.sharedMemory ?? 0);
    const copiedBody = entry.memoryBlock === true && sassLoads > 0 && ptxMarkers.memory === 0 && lineMemory(key) > 0;
    if (instructions === 0 || dominant === null || copiedBody) {
      if (own.has(key)) unplaced.push(entry);
      continue;
    }
    // Code outside PTX loops is not copied as a whole: its copies are counted line by line.
    const group = dominant === OUTSIDE ? `${sass}\0\0${key}` : `${sass}\0${dominant}`;
    const lineCounted = `${group}\0${key}`;
    const counts: MarkerCounts = {
      sassMemory: (entry.globalMemory ?? 0) + (entry.sharedMemory ?? 0),
      sassFma: entry.fma ?? 0,
      ptxMemory: countedLines.has(lineCounted) ? 0 : ptxMarkers.memory,
      ptxFma: countedLines.has(lineCounted) ? 0 : ptxMarkers.fma,
      contractible: countedLines.has(lineCounted) ? 0 : ptxMarkers.contractible,
    };
    countedLines.add(lineCounted);
    const sum = groups.get(group);
    groups.set(group, sum ? addCounts(sum, counts) : counts);
    placed.push({ entry, group, instructions, executions, executionsPredicated });
  }
  const copiesOf = (group: string): number => {
    const counts = groups.get(group);
    if (counts === undefined) return 1;
    const fmaCopies = counts.contractible === 0 ? ratio(counts.sassFma, counts.ptxFma) : 1;
    return Math.max(1, ratio(counts.sassMemory, counts.ptxMemory), fmaCopies);
  };
  // Several SASS loops for one PTX loop: ptxas unrolled it again and split off a remainder (the
  // loop with the most copies runs floor(trips / copies) times an entry, the others the rest of
  // the trips), or copied an enclosing loop's body (equal copies share the trips). Without a trip
  // count the remainder is counted 0.
  const share = new Map<string, number>();
  const byPtx = new Map<string, string[]>();
  for (const [sass, ptx] of match) if (sass !== OUTSIDE) byPtx.set(ptx, [...(byPtx.get(ptx) ?? []), sass]);
  for (const [ptx, sassLoops] of byPtx) {
    const copies = sassLoops.map((sass) => copiesOf(`${sass}\0${ptx}`));
    const most = Math.max(...copies);
    const trips = tally.loopTree.get(ptx)?.trips ?? null;
    const mains = copies.filter((c) => c === most).length;
    const main = trips === null || trips <= 0 || mains === sassLoops.length ? 1 : (Math.floor(trips / most) * most) / trips;
    sassLoops.forEach((sass, i) => share.set(sass, copies[i] === most ? main / mains : (1 - main) / (sassLoops.length - mains)));
  }
  for (const { entry, group, instructions, executions, executionsPredicated } of placed) {
    const copies = copiesOf(group);
    const ifConverted = (entry.predicated ?? 0) >= IF_CONVERTED_SHARE * entry.instructions;
    const loopShare = share.get(contextOf(entry)) ?? 1;
    out.set(entry, (entry.instructions * (ifConverted ? executionsPredicated : executions) * loopShare) / instructions / copies);
  }
  // SASS at a line whose PTX lies only in other loops: ptxas's own set-up of a loop it unrolled or
  // split (trip checks, the jump into the remainder), before the loop, in its parent; it runs once
  // per entry of the loop, not per turn: counted 0. (Per turn of the enclosing loop, or left to the
  // per-line ratio: 81 and 83 of the 95 development kernels within 10% of ncu, against 84.)
  for (const entry of unplaced) out.set(entry, 0);
  return out;
}
