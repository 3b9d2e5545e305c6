// V8's optimising compilers (Maglev, TurboFan) pay for themselves only on long runs. One
// `carve analyze` of one small module is over before they do: with the baseline compiler
// (Sparkplug) as the highest tier, the analysis of one 46-362 KB module took about half the CPU
// time and 13-25% less wall time. Larger modules with more work per byte (SGEMM_CUDA's
// runner.cu, 509 KB; Rodinia myocyte, 642 KB) took 8-13% more wall time at half the CPU, so the
// cap stops below them (docs/performance.md, "Shared work across unrolled copies, memoised
// merges, and the JIT tier of one module"). Reports are the same either way: only how fast the
// same JavaScript runs changes. CARVE_JIT=optimizing keeps every tier.
import { setFlagsFromString } from 'node:v8';

/** PTX up to this size is analysed with the baseline tier when it is the whole run. */
export const BASELINE_TIER_MAX_PTX_BYTES = 384 * 1024;

let baselineOnly = false;

/**
 * Caps V8's tiers at the baseline compiler for a run that analyses `ptxBytes` of PTX in all,
 * when that is at most BASELINE_TIER_MAX_PTX_BYTES and CARVE_JIT is not `optimizing`. Call it
 * before the analysis first runs: the cap holds for the rest of the process (V8 does not take
 * it back). Returns whether the cap is in force.
 */
export function preferBaselineTier(ptxBytes: number, env: NodeJS.ProcessEnv = process.env): boolean {
  if (baselineOnly) return true;
  if (env.CARVE_JIT === 'optimizing' || ptxBytes > BASELINE_TIER_MAX_PTX_BYTES) return false;
  setFlagsFromString('--max-opt=1');
  baselineOnly = true;
  return true;
}
