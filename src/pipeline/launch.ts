// The launch a kernel is analysed under: a configured block (by mangled name, demangled
// name, or a glob over the demangled name), else its __launch_bounds__, else the default
// block size — said so in the report, since findings then rest on an assumption.
import picomatch from 'picomatch';
import type { CarveConfig, KernelLaunchConfig } from '../config/types.js';
import type { KernelLaunch } from '../analysis/analyze.js';
import type { KernelResources } from '../model/types.js';

/** The launch analyzeModule takes for a kernel. */
export type LaunchChoice = KernelLaunch;

/** The config entry for a kernel: exact mangled, exact demangled (with or without parameters), then globs. */
export function kernelConfigFor(config: CarveConfig, name: string, displayName: string): KernelLaunchConfig | null {
  const entries = Object.entries(config.kernels ?? {});
  const bare = displayName.replace(/\(.*$/, '');
  const exact = entries.find(([key]) => key === name || key === displayName || key === bare);
  if (exact) return exact[1];
  const glob = entries.find(([key]) => /[*?[\]{}]/.test(key) && (picomatch.isMatch(bare, key) || picomatch.isMatch(displayName, key)));
  return glob ? glob[1] : null;
}

export function launchFor(config: CarveConfig, name: string, displayName: string, resources: KernelResources | null): LaunchChoice {
  const entry = kernelConfigFor(config, name, displayName);
  const shared = {
    dynamicSharedBytes: entry?.dynamicShared ?? 0,
    carveoutPercent: entry?.carveout ?? -1,
    ...(entry?.maxDynamicShared !== undefined ? { maxDynamicSharedBytes: entry.maxDynamicShared } : {}),
    ...(entry?.grid?.length ? { grid: [entry.grid[0], entry.grid[1] ?? 1, entry.grid[2] ?? 1] as [number, number, number] } : {}),
    ...(entry?.params ? { params: entry.params } : {}),
  };
  if (entry?.block?.length) {
    const [x, y = 1, z = 1] = entry.block;
    return { block: [x, y, z], blockSource: 'config', ...shared };
  }
  const bound = resources?.maxThreadsPerBlock ?? null;
  if (bound) return { block: [bound, 1, 1], blockSource: 'launch-bounds', ...shared };
  return {
    block: [config.defaultBlockSize, 1, 1],
    blockSource: 'default',
    ...shared,
    note: `no launch bounds and no block in the config: the report shows the occupancy sweep over block sizes, and findings use ${config.defaultBlockSize} threads`,
  };
}
