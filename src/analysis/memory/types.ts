// Inputs of the memory analysis: the parts of src/ptx's `Cfg`, `BasicBlock` and `LoopInfo` it
// reads (picked from those types, so the PTX front-end's values fit as they are).
import type { PtxFunction, PtxModule } from '../../ptx/ast.js';
import type { BasicBlock, Cfg, LoopInfo } from '../../ptx/index.js';

export type MemoryBasicBlock = Pick<BasicBlock, 'id' | 'label' | 'statements' | 'successors' | 'predecessors'>;

export type MemoryCfg = Pick<Cfg, 'fn' | 'entry' | 'blockOfStatement' | 'idom'> & { blocks: MemoryBasicBlock[] };

export type MemoryLoop = Pick<LoopInfo, 'id' | 'header' | 'blocks' | 'depth' | 'parentId' | 'tripCount' | 'source' | 'warpTripCount'>;

export interface MemoryInput {
  module: PtxModule;
  fn: PtxFunction;
  cfg: MemoryCfg;
  loops: MemoryLoop[];
  /** Executions per thread of each fn.body statement. */
  weights: Float64Array;
  /** Launch block shape; null = unknown (the analysis then assumes a 1-D block and says so). */
  block: [number, number, number] | null;
  /** Launch grid when known: addresses resolved only per block are then sampled across it. */
  grid?: [number, number, number] | null;
  /** Kernel parameter values (also read from `defines` by PTX name, `param_N` or index `N`). */
  defines: Record<string, number>;
  /** Known kernel parameter values: 0-based parameter index -> value (--param, config, carving arguments). */
  paramValues?: Record<number, number>;
  /** Work out the launch's traffic footprint (footprint.ts): carving's cycle estimate uses it. */
  footprints?: boolean;
}
