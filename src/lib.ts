// The package's library entry (`import … from 'carve'`): the engine the Action and the CLI
// share, with no side effect on import. src/index.ts is the Action's entry and runs it.
export { runGate, reportAtRevision, type GateOptions, type GateResult } from './pipeline/index.js';
export { analyzeModule, type AnalyzeModuleInput, type KernelLaunch } from './analysis/index.js';
export { compareReports } from './analysis/compare/index.js';
export { defaultConfig, loadConfigFile, parseConfigText, type ConfigResult } from './config/load.js';
export type { CarveConfig } from './config/types.js';
export { computeOccupancy, computeCliffs, occupancyCurve, getArch, KNOWN_ARCHS } from './gpu/index.js';
export { parsePtx } from './ptx/index.js';
export { compileCuda, findNvcc, parsePtxasLog, readCubin } from './toolchain/index.js';
export { renderComment, renderSummary, renderHtmlReport, renderMarkdownReport, toSarif, reportSchemaErrors } from './report/index.js';
export type * from './model/types.js';
export { main as runCli } from './cli/main.js';
export { VERSION } from './version.js';
