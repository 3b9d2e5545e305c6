// What the timing harness runs for each built variant: its cubin, the kernel's symbol in it,
// the launch geometry and arguments. Shared by `carve carve --time` and retune.
import type { HarnessEntry } from '../../timing/index.js';
import type { VariantBuild } from './build.js';

/** Harness entries for the variants `ids` that built to a cubin; others are left out. */
export function harnessEntries(
  ids: readonly string[],
  builds: readonly VariantBuild[],
  kernel: string,
  timing: { warmup: number; samples: number },
  space: string,
): HarnessEntry[] {
  const byId = new Map(builds.map((b) => [b.variant.id, b]));
  const entries: HarnessEntry[] = [];
  for (const id of ids) {
    const build = byId.get(id);
    if (!build?.ok || !build.cubinPath) continue;
    // The space names the kernel as written in the source; the cubin holds its mangled symbol.
    const symbol =
      build.resources.find(
        (r) =>
          r.isEntry &&
          (r.name === kernel ||
            r.displayName === kernel ||
            r.displayName.startsWith(`${kernel}(`) ||
            r.displayName.startsWith(`${kernel}<`)),
      )?.name ?? kernel;
    entries.push({
      space,
      id,
      cubin: build.cubinPath,
      kernel: symbol,
      grid: build.variant.grid,
      block: build.variant.block,
      dynamicSharedBytes: build.variant.dynamicSharedBytes,
      arguments: build.variant.arguments,
      warmup: timing.warmup,
      samples: timing.samples,
    });
  }
  return entries;
}
