// Pairs kernels of the base and head reports (file + mangled name + arch) and decides whether a
// pair changed. Positions (file, line, column) and the resources' provenance are left out
// of the comparison: a build in a worktree, a moved line or a cubin instead of a ptxas log
// is not a change of the kernel.
import type { CarveReport, KernelComparison, KernelReport } from '../../model/types.js';

export function kernelKey(kernel: Pick<KernelReport, 'name' | 'arch'>): string {
  return `${kernel.name}@${kernel.arch}`;
}

const POSITION_KEYS = new Set(['file', 'line', 'column', 'offset', 'diagnostics', 'source', 'nullReasons']);

/**
 * A canonical JSON of the kernel's analysis without positions, for "did it change". Reasons
 * quote source lines ("merges different definitions (line 121, ...)"): those numbers are
 * positions too, so a comment added above a kernel does not change it.
 */
export function kernelFingerprint(kernel: KernelReport): string {
  return JSON.stringify(kernel, (key, value: unknown) =>
    POSITION_KEYS.has(key) ? undefined : typeof value === 'string' ? value.replace(/\bline \d+/g, 'line #') : value,
  );
}

/**
 * The kernel's name without return type, template arguments and parameters
 * ("void ns::scale<float>(float*, int)" -> "ns::scale"): what stays when a parameter type
 * changes (float -> __nv_bfloat16 changes the mangled name, not the kernel).
 */
export function unmangledName(kernel: Pick<KernelReport, 'displayName'>): string {
  let depth = 0;
  let end = kernel.displayName.length;
  for (let i = 0; i < kernel.displayName.length; i++) {
    const c = kernel.displayName[i];
    if (c === '<') depth++;
    else if (c === '>') depth--;
    else if (c === '(' && depth === 0) {
      end = i;
      break;
    }
  }
  const head = kernel.displayName.slice(0, end).replace(/<.*>/, '').trim();
  // A template instance's demangled name starts with its return type ("void ").
  return head.slice(head.lastIndexOf(' ') + 1);
}

type Keyed = (kernel: KernelReport) => string;

/** Pairs the kernels whose key is unique among the unpaired ones on both sides. */
function pairUnique(
  base: KernelReport[],
  head: KernelReport[],
  key: Keyed,
  paired: Map<KernelReport, KernelReport>,
  used: Set<KernelReport>,
): void {
  const count = (list: KernelReport[]) => {
    const counts = new Map<string, KernelReport[]>();
    for (const k of list) counts.set(key(k), [...(counts.get(key(k)) ?? []), k]);
    return counts;
  };
  const baseByKey = count(base.filter((k) => !used.has(k)));
  const headByKey = count(head.filter((k) => !paired.has(k)));
  for (const [k, heads] of headByKey) {
    const bases = baseByKey.get(k);
    if (heads.length !== 1 || bases?.length !== 1) continue;
    paired.set(heads[0], bases[0]);
    used.add(bases[0]);
  }
}

/**
 * Pairs base and head kernels: by (file, mangled name, arch) first; then by (mangled name,
 * arch) where that is unique (a renamed file); then by (file, unmangled name, arch) where
 * unique (a changed parameter type). Two files defining the same kernel stay apart.
 */
export function pairKernels(base: CarveReport | null, head: CarveReport): KernelComparison[] {
  const baseKernels = base?.kernels ?? [];
  const paired = new Map<KernelReport, KernelReport>();
  const used = new Set<KernelReport>();
  const keys: Keyed[] = [(k) => `${k.file ?? ''}|${kernelKey(k)}`, kernelKey, (k) => `${k.file ?? ''}|${unmangledName(k)}@${k.arch}`];
  for (const key of keys) pairUnique(baseKernels, head.kernels, key, paired, used);
  const pairs: KernelComparison[] = [];
  for (const kernel of head.kernels) {
    const before = paired.get(kernel) ?? null;
    pairs.push({
      name: kernel.name,
      displayName: kernel.displayName,
      arch: kernel.arch,
      status:
        before === null
          ? 'added'
          : before.name === kernel.name && kernelFingerprint(before) === kernelFingerprint(kernel)
            ? 'unchanged'
            : 'changed',
      base: before,
      head: kernel,
    });
  }
  for (const kernel of baseKernels) {
    if (used.has(kernel)) continue;
    pairs.push({ name: kernel.name, displayName: kernel.displayName, arch: kernel.arch, status: 'removed', base: kernel, head: null });
  }
  return pairs;
}
