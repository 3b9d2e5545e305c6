// Toolchain: the nvcc driver, ptxas log parser, cubin (ELF) reader, demangler, include graph.
export type { ResourceRecord } from './types.js';
export { DEVICE_FUNCTION_NOTE } from './types.js';
export { parsePtxasLog } from './ptxas-log.js';
export { readCubin, cubinSmVersion } from './cubin.js';
export { readSassLines, readSassLinesFile, type SassLineTable } from './sass-lines.js';
export { demangle, demangledParameters } from './demangle.js';
export { compileCuda, findNvcc, parseNvccDiagnostics, type CompileRequest, type CompileResult } from './nvcc.js';
export { childEnv } from './child-env.js';
export { checkFlags, defineArgs, unitFor, SHELL_INERT } from './nvcc-args.js';
export { includeGraph } from './includes.js';
export { launchBoundsFromPtx, type PtxLaunchBounds } from './launch-bounds.js';
export { applyLaunchBounds, assemblePtx } from './ptxas.js';
