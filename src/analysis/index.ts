// Analysis of PTX kernels: the per-kernel report (analyze), memory access and divergence
// (memory), comparison / findings (compare) and optimization carving (carving) live in
// their own folders; import those through their index.
export { analyzeModule, type AnalyzeModuleInput, type KernelLaunch } from './analyze.js';
