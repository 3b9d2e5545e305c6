// Per-thread executed SASS instructions, estimated from the cubin's line table: the SASS ptxas
// emitted for a source line runs as often, on average, as the PTX instructions of that line.
// So each line contributes sassCount(line) x (weighted PTX executions at the line / static PTX
// instructions at the line), callees included (their weights scaled by the calls' weights, as
// the mix counts them). SASS at a line no PTX instruction carries (prologue, epilogue) counts
// once per thread. Toolkit routines ptxas calls only for rare operands (`…slowpath`,
// `…mediumpath`: denormals, overflow, special values) count 0; other toolkit routines
// (`__cuda_sm20_div_u16`, `…div_s64`, `…div_rn_f64_full`) once per thread.
// Known limit: where ptxas unrolls a PTX loop again (a runtime-bound loop nvcc already unrolled
// by 4, a short inner loop fully), its copies raise the line's SASS count while each runs less
// often, and the estimate counts them too often.
import path from 'node:path';
import type { SassLineCount } from '../model/types.js';
import type { SourceLocation } from './ast.js';

/** Per source line: PTX instructions of a function (static) and their executions per thread with callees (weighted). */
export interface LineTally {
  /** This function's own PTX instructions per line. */
  own: Map<string, number>;
  /** Executions per thread per line, this function's and its callees' (scaled by the calls). */
  weighted: Map<string, number>;
  /** Functions reached from this one (itself included), whose static instructions share the kernel's SASS. */
  reachable: Set<string>;
}

export const emptyTally = (name: string): LineTally => ({ own: new Map(), weighted: new Map(), reachable: new Set([name]) });

/** The key a PTX `.loc` and a line-table row share: normalised file path and line. */
export const lineKey = (file: string, line: number): string => `${path.posix.normalize(file)}\0${line}`;

export function sourceKey(source: SourceLocation | null): string | null {
  return source?.file ? lineKey(source.file, source.line) : null;
}

const add = (into: Map<string, number>, key: string, value: number) => into.set(key, (into.get(key) ?? 0) + value);

/** Adds a callee's tally to the caller's for `times` calls per caller execution. */
export function addCallee(into: LineTally, callee: LineTally, times: number): void {
  for (const [key, value] of callee.weighted) add(into.weighted, key, value * times);
  for (const name of callee.reachable) into.reachable.add(name);
}

export function tallyInstruction(into: LineTally, key: string | null, weight: number): void {
  if (key === null) return;
  add(into.own, key, 1);
  if (weight !== 0) add(into.weighted, key, weight);
}

const RARE_TOOLKIT_ROUTINE = /slowpath|mediumpath/;
const TOOLKIT_ROUTINE = /^\$__internal_\d+_\$_/;

/** Σ over the function's SASS lines of instructions x executions per PTX instruction at that line. */
export function estimateSassInstructions(
  lines: readonly SassLineCount[],
  tally: LineTally,
  ownOf: (name: string) => Map<string, number> | undefined,
): number {
  const statics = new Map<string, number>();
  for (const name of tally.reachable) for (const [key, value] of ownOf(name) ?? []) add(statics, key, value);
  let total = 0;
  for (const entry of lines) {
    if (entry.subroutine !== undefined && TOOLKIT_ROUTINE.test(entry.subroutine)) {
      if (!RARE_TOOLKIT_ROUTINE.test(entry.subroutine)) total += entry.instructions;
      continue;
    }
    const key = lineKey(entry.file, entry.line);
    const count = statics.get(key) ?? 0;
    total += count > 0 ? (entry.instructions * (tally.weighted.get(key) ?? 0)) / count : entry.instructions;
  }
  return total;
}
