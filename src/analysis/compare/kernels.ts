// Pairs kernels of the base and head reports (mangled name + arch) and decides whether a
// pair changed. Positions (file, line, column) and the resources' provenance are left out
// of the comparison: a build in a worktree, a moved line or a cubin instead of a ptxas log
// is not a change of the kernel.
import type { CarveReport, KernelComparison, KernelReport } from '../../report/types.js';

export function kernelKey(kernel: Pick<KernelReport, 'name' | 'arch'>): string {
  return `${kernel.name}@${kernel.arch}`;
}

const POSITION_KEYS = new Set(['file', 'line', 'column', 'offset', 'diagnostics', 'source', 'nullReasons']);

/** A canonical JSON of the kernel's analysis without positions, for "did it change". */
export function kernelFingerprint(kernel: KernelReport): string {
  return JSON.stringify(kernel, (key, value: unknown) => (POSITION_KEYS.has(key) ? undefined : value));
}

export function pairKernels(base: CarveReport | null, head: CarveReport): KernelComparison[] {
  const baseByKey = new Map<string, KernelReport>();
  for (const kernel of base?.kernels ?? []) baseByKey.set(kernelKey(kernel), kernel);
  const pairs: KernelComparison[] = [];
  const matched = new Set<string>();
  for (const kernel of head.kernels) {
    const key = kernelKey(kernel);
    const before = baseByKey.get(key) ?? null;
    if (before) matched.add(key);
    pairs.push({
      name: kernel.name,
      displayName: kernel.displayName,
      arch: kernel.arch,
      status: before === null ? 'added' : kernelFingerprint(before) === kernelFingerprint(kernel) ? 'unchanged' : 'changed',
      base: before,
      head: kernel,
    });
  }
  for (const kernel of base?.kernels ?? []) {
    if (matched.has(kernelKey(kernel))) continue;
    pairs.push({ name: kernel.name, displayName: kernel.displayName, arch: kernel.arch, status: 'removed', base: kernel, head: null });
  }
  return pairs;
}
