// PTX front-end: parser, CFG + dominators, loops with trip counts, instruction mix,
// per-thread estimates and Ryoo's regions.
export type * from './ast.js';
export { parsePtx, immediateValue } from './parser.js';
export { buildCfg, closingBranch, dominates, type BasicBlock, type Cfg } from './cfg.js';
export { findLoops, statementWeights, type LoopInfo, type LoopOptions } from './loops.js';
export { ValueResolver, sources, type Resolved } from './values.js';
export { destinations } from './destinations.js';
export { classify, type Category, type Classified, type Space } from './classify.js';
export { analyzeInstructions, addressProvenance, emptyCounts, intensities, MAX_IF_CONVERTED_ARM, type InstructionAnalysis } from './mix.js';
export type { SassLineEstimate } from './sass-estimate.js';
