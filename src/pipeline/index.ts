// The gate engine shared by the Action and the CLI: config -> discover -> build/load ->
// analyse -> compare -> render. Publishing stays with the caller.
export { runGate } from './gate.js';
export { launchFor, kernelConfigFor, type LaunchChoice } from './launch.js';
export { matchFiles, artifactKind, ptxTarget, ptxSourceFile, readArtifactSide, type ArtifactSideInput } from './artifacts.js';
export { compileSide, type CompileSideInput } from './compile.js';
export { pathMapper, mapFileFields, type PathMapper } from './paths.js';
export { renderGate, problemsMarkdown, clipBytes } from './render.js';
export { numericDefines } from './side.js';
export { timeSides, type TimeSidesInput } from './timing.js';
export { reportAtRevision, type RevisionReportOptions } from './revision.js';
export { Checkouts } from './checkouts.js';
export type { CommentPolicy, GateOptions, GateResult } from './types.js';
export { carveRevisions, carvePullRequest, touchedSpaces, type PrCarving, type RevisionCarvingInput } from './spaces.js';
