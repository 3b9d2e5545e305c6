// Inputs of the memory analysis. The CFG and loop shapes are the parts of src/ptx's `Cfg`
// and `LoopInfo` this module reads (structural, so the PTX front-end's types fit as they are).
import type { PtxFunction, PtxModule, SourceLocation } from '../../ptx/ast.js';

export interface MemoryBasicBlock {
  id: number;
  label: string | null;
  /** Indexes into fn.body (instructions only). */
  statements: number[];
  successors: number[];
  predecessors: number[];
}

export interface MemoryCfg {
  fn: PtxFunction;
  blocks: MemoryBasicBlock[];
  entry: number;
  /** Block of each fn.body statement; -1 for non-instructions. */
  blockOfStatement: Int32Array;
}

export interface MemoryLoop {
  id: number;
  header: number;
  blocks: number[];
  depth: number;
  parentId: number | null;
  tripCount: number | null;
  source: SourceLocation | null;
}

export interface MemoryInput {
  module: PtxModule;
  fn: PtxFunction;
  cfg: MemoryCfg;
  loops: MemoryLoop[];
  /** Executions per thread of each fn.body statement. */
  weights: Float64Array;
  /** Launch block shape; null = unknown (the analysis then assumes a 1-D block and says so). */
  block: [number, number, number] | null;
  defines: Record<string, number>;
}
