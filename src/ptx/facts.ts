// Per-function register facts shared by the value resolver, the address provenance and the
// region analysis: which registers each statement writes and reads. Computed per statement
// on first use (most statements are never asked about), for the lifetime of the facts object.
import type { PtxFunction } from './ast.js';
import { destinations } from './destinations.js';
import { sources } from './values.js';

export interface FunctionFacts {
  /** Registers written by fn.body[index] (empty for non-instructions). */
  destsAt(index: number): string[];
  /** Registers read by fn.body[index], guard included. */
  srcsAt(index: number): string[];
}

const EMPTY: string[] = [];

class Facts implements FunctionFacts {
  private readonly dests: Array<string[] | undefined>;
  private readonly srcs: Array<string[] | undefined>;
  constructor(private readonly fn: PtxFunction) {
    this.dests = new Array<string[] | undefined>(fn.body.length);
    this.srcs = new Array<string[] | undefined>(fn.body.length);
  }

  destsAt(index: number): string[] {
    let d = this.dests[index];
    if (d === undefined) {
      const s = this.fn.body[index];
      d = s.kind === 'instruction' ? destinations(s) : EMPTY;
      if (d.length === 0) d = EMPTY;
      this.dests[index] = d;
    }
    return d;
  }

  srcsAt(index: number): string[] {
    let r = this.srcs[index];
    if (r === undefined) {
      const s = this.fn.body[index];
      r = s.kind === 'instruction' ? sources(s, this.destsAt(index).length > 0) : EMPTY;
      this.srcs[index] = r;
    }
    return r;
  }
}

/**
 * Facts for one function; callers keep the object for as long as they analyse it. (No global
 * WeakMap cache: its entries, whose values point back at the function, kept every analysed
 * AST alive through young-generation GCs until the next full GC, which doubled the
 * analysis time of large corpora.)
 */
export function functionFacts(fn: PtxFunction): FunctionFacts {
  return new Facts(fn);
}
