// V8's optimising compilers (Maglev, TurboFan) pay for themselves only on long runs. One
// `carve analyze` of one module is over before they do: with the baseline compiler (Sparkplug)
// as the highest tier, the analysis of one 46-362 KB module took about half the CPU time and
// 13-25% less wall time. Up to 1 MiB the same holds in sum: on the 28 third-party modules of
// `npm run bench -- analysis` (five of 497-633 KB), a 1 MiB cap against 384 KiB took 35% less CPU
// and 22% less wall time, though a module with much work per byte (SGEMM_CUDA's runner.cu) may
// run slower in some runs (docs/performance.md, "The baseline tier up to 1 MiB"). Reports are the
// same either way: only how fast the same JavaScript runs changes. CARVE_JIT=optimizing keeps
// every tier.
import { setFlagsFromString } from 'node:v8';

/** PTX up to this size is analysed with the baseline tier when it is the whole run. */
export const BASELINE_TIER_MAX_PTX_BYTES = 1024 * 1024;

/**
 * A launch of more threads than this keeps the optimising tiers: loops counted thread by thread
 * over its grid run long (a grid-stride copy over 2,162,688 threads: 7.6 s of analysis with the
 * baseline tier alone, 1.4 s with every tier).
 */
export const BASELINE_TIER_MAX_LAUNCH_THREADS = 1 << 17;

let baselineOnly = false;

/**
 * Caps V8's tiers at the baseline compiler for a run that analyses `ptxBytes` of PTX in all,
 * when that is at most BASELINE_TIER_MAX_PTX_BYTES and CARVE_JIT is not `optimizing`. Call it
 * before the analysis first runs: the cap holds for the rest of the process (V8 does not take
 * it back). `launchThreads` is the largest launch given (block x grid threads; 0 when none).
 * Returns whether the cap is in force.
 */
export function preferBaselineTier(ptxBytes: number, env: NodeJS.ProcessEnv = process.env, launchThreads = 0): boolean {
  if (baselineOnly) return true;
  if (env.CARVE_JIT === 'optimizing' || ptxBytes > BASELINE_TIER_MAX_PTX_BYTES || launchThreads > BASELINE_TIER_MAX_LAUNCH_THREADS)
    return false;
  setFlagsFromString('--max-opt=1');
  baselineOnly = true;
  return true;
}
