// Per-function register facts computed once and shared by the value resolver, the address
// provenance and the region analysis: which registers each statement writes and reads.
import type { Instruction, PtxFunction } from './ast.js';
import { destinations, sources } from './values.js';

export interface FunctionFacts {
  /** Registers written by each fn.body statement (empty for non-instructions). */
  dests: string[][];
  /** Registers read by each fn.body statement, guard included. */
  srcs: string[][];
}

const EMPTY: string[] = [];
const cache = new WeakMap<PtxFunction, FunctionFacts>();

export function functionFacts(fn: PtxFunction): FunctionFacts {
  let facts = cache.get(fn);
  if (facts === undefined) {
    const n = fn.body.length;
    const dests: string[][] = new Array(n);
    const srcs: string[][] = new Array(n);
    for (let i = 0; i < n; i++) {
      const s = fn.body[i];
      if (s.kind === 'instruction') {
        const d = destinations(s as Instruction);
        dests[i] = d.length === 0 ? EMPTY : d;
        srcs[i] = sources(s as Instruction, d.length > 0);
      } else {
        dests[i] = EMPTY;
        srcs[i] = EMPTY;
      }
    }
    facts = { dests, srcs };
    cache.set(fn, facts);
  }
  return facts;
}
