// Local memory that appeared or grew: a per-thread array indexed at run time (or a big
// struct) that ptxas could not keep in registers lives in local memory, DRAM through L1,
// like spills. Evidence: ptxas's stack frame (resources) and the PTX's ld.local / st.local
// bytes per thread (trip-weighted); ptxas may still keep PTX local arrays in registers, so
// the stack frame decides when it is known.
import type { Finding, KernelReport, LocalAccessReport } from '../../model/types.js';
import { localMemoryRemedy } from './remedies.js';

type NewFinding = Omit<Finding, 'kernel' | 'displayName' | 'arch' | 'file' | 'line'> & { file?: string | null; line?: number | null };

/** ld.local + st.local bytes per thread from the PTX (0 when the report predates the field). */
function localTraffic(kernel: KernelReport | null): { loads: number; stores: number } {
  return { loads: kernel?.perThread?.localLoadBytes ?? 0, stores: kernel?.perThread?.localStoreBytes ?? 0 };
}

/** The load moving the most local bytes per thread (the indexed read is what puts an array in local memory), else the heaviest store. */
function heaviestSite(kernel: KernelReport): LocalAccessReport | null {
  let best: LocalAccessReport | null = null;
  const rank = (site: LocalAccessReport) => [site.kind === 'load' ? 1 : 0, site.bytesPerLane * site.dynamicWeight];
  for (const site of kernel.localAccesses ?? []) {
    if (site.line === null) continue;
    if (!best) {
      best = site;
      continue;
    }
    const [kind, bytes] = rank(site);
    const [bestKind, bestBytes] = rank(best);
    if (kind > bestKind || (kind === bestKind && bytes > bestBytes)) best = site;
  }
  return best;
}

export function localMemoryFinding(base: KernelReport | null, head: KernelReport): NewFinding | null {
  const headFrame = head.resources?.stackFrameBytes ?? null;
  const baseFrame = base?.resources ? base.resources.stackFrameBytes : null;
  const headTraffic = localTraffic(head);
  const baseTraffic = localTraffic(base);
  const headBytes = headTraffic.loads + headTraffic.stores;
  const baseBytes = baseTraffic.loads + baseTraffic.stores;
  const frameGrew = headFrame !== null && headFrame > (baseFrame ?? 0);
  // Without a stack frame figure, the PTX's local traffic alone.
  const trafficGrew = headBytes > (base ? baseBytes : 0) && (headFrame === null || headFrame > 0);
  if (!frameGrew && !trafficGrew) return null;
  const site = heaviestSite(head);
  const frameText =
    headFrame === null ? 'stack frame unknown' : `stack frame ${baseFrame !== null && base ? `${baseFrame} → ` : ''}${headFrame} B/thread`;
  const trafficText = `${base ? `${baseTraffic.stores} → ` : ''}${headTraffic.stores} B stored, ${base ? `${baseTraffic.loads} → ` : ''}${headTraffic.loads} B loaded per thread`;
  const where = site
    ? ` (heaviest: ${site.kind === 'load' ? 'ld' : 'st'}.local at line ${site.line}, ${site.bytesPerLane} B x ${site.dynamicWeight} per thread)`
    : '';
  return {
    kind: 'spill',
    // A frame with no local traffic in this kernel (a call's frame) is worth a look, not a failure.
    severity: headBytes > 0 ? 'failure' : 'warning',
    title: `local memory ${base && (baseFrame ?? 0) + baseBytes > 0 ? 'grew' : 'appeared'}: ${frameText}, ${trafficText}`,
    message:
      `Per-thread data lives in local memory (DRAM through L1, like spills): ${trafficText} in the PTX (ld.local / st.local, trip-weighted)${where}; ` +
      `${frameText}${headFrame === null ? '' : ' (ptxas)'}.`,
    evidence: {
      localMemory: true,
      stackFrameBytesBase: baseFrame,
      stackFrameBytesHead: headFrame,
      localLoadBytesBase: base ? baseTraffic.loads : null,
      localLoadBytesHead: headTraffic.loads,
      localStoreBytesBase: base ? baseTraffic.stores : null,
      localStoreBytesHead: headTraffic.stores,
    },
    remedy: localMemoryRemedy(),
    ...(site ? { file: site.file, line: site.line } : {}),
  };
}
