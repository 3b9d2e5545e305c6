// Comparison of two Carve reports: kernels paired by mangled name + arch, findings with
// evidence, size and remedy.
export { compareReports } from './compare.js';
export { pairKernels, kernelKey, kernelFingerprint } from './kernels.js';
export { alignSites, siteOpcode, normalizedPtx } from './sites.js';
export { isBadGlobalAccess } from './site-findings.js';
export type { TimingComparisonInput, TimingStatsInput } from './types.js';
export { regressionFinding } from './other-findings.js';
export { sideCoverageErrors, type SideCoverageInput } from './coverage.js';
