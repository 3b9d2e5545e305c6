// Findings at individual instructions: new or worse uncoalesced/strided global accesses,
// new or worse shared-memory bank conflicts, and new divergent branches inside loops.
import type { AccessReport, DivergenceReport, Finding, KernelReport } from '../../model/types.js';
import type { Thresholds } from '../../config/types.js';
import { alignSites, siteOpcode } from './sites.js';
import { plural, round, where } from './format.js';
import { accessRemedy, bankConflictRemedy, divergenceRemedy, structureRemedy } from './remedies.js';

type NewFinding = Omit<Finding, 'kernel' | 'displayName' | 'arch'>;

const accessKey = (a: AccessReport): string => `${a.space}|${a.kind}|${siteOpcode(a.ptx)}`;

/** A global access the gate cares about: strided or one sector per lane, or an atomic on data-dependent addresses. */
export function isBadGlobalAccess(access: AccessReport): boolean {
  if (access.space !== 'global') return false;
  if (access.class === 'strided' || access.class === 'uncoalesced') return true;
  return access.kind === 'atomic' && access.class === 'indirect';
}

/** Sectors per request in excess of the ideal, the measure of "worse" (null when unknown). */
function excessRatio(access: AccessReport): number | null {
  if (access.sectorsPerRequest === null || access.idealSectors === null || access.idealSectors === 0) return null;
  return access.sectorsPerRequest / access.idealSectors;
}

function isWorseAccess(base: AccessReport, head: AccessReport): boolean {
  if (!isBadGlobalAccess(base)) return true;
  const before = excessRatio(base);
  const after = excessRatio(head);
  if (before !== null && after !== null) return after > before;
  return base.class !== head.class && head.class === 'uncoalesced';
}

interface FlaggedSite {
  access: AccessReport;
  base: AccessReport | null;
}

/**
 * Sites that share a source line, access kind and class become one finding: an unrolled
 * loop emits one instruction per iteration, but the reader fixes one line of code.
 */
function groupByLine(sites: FlaggedSite[]): FlaggedSite[][] {
  const groups = new Map<string, FlaggedSite[]>();
  for (const site of sites) {
    const a = site.access;
    const key = a.line === null ? `ptx:${groups.size}` : `${a.file}|${a.line}|${a.kind}|${a.class}`;
    const group = groups.get(key);
    if (group) group.push(site);
    else groups.set(key, [site]);
  }
  return [...groups.values()];
}

export function accessFindings(base: KernelReport | null, head: KernelReport, thresholds: Thresholds): NewFinding[] {
  const baseSites = base?.accesses ?? [];
  const match = alignSites(baseSites, head.accesses, accessKey);
  const uncoalesced: FlaggedSite[] = [];
  const conflicts: FlaggedSite[] = [];
  head.accesses.forEach((access, index) => {
    const counterpart = match[index] >= 0 ? baseSites[match[index]] : null;
    if (access.dynamicWeight < thresholds.uncoalescedMinWeight) return;
    if (isBadGlobalAccess(access) && (!counterpart || isWorseAccess(counterpart, access))) {
      uncoalesced.push({ access, base: counterpart });
    }
    if (access.space === 'shared' && access.bankConflictWays !== null && access.bankConflictWays > 1) {
      const before = counterpart?.bankConflictWays ?? null;
      if (!counterpart || before === null || before < access.bankConflictWays) conflicts.push({ access, base: counterpart });
    }
  });
  const structures = structureFields(uncoalesced.map((site) => site.access));
  return [
    ...groupByLine(uncoalesced).map((group) => uncoalescedFinding(group, base === null, structures)),
    ...groupByLine(conflicts).map((group) => bankConflictFinding(group, base === null)),
  ];
}

/** The group's worst site (most sectors per request, then heaviest). */
function worst(group: FlaggedSite[]): FlaggedSite {
  return group.reduce((a, b) =>
    (b.access.sectorsPerRequest ?? 0) > (a.access.sectorsPerRequest ?? 0) ||
    ((b.access.sectorsPerRequest ?? 0) === (a.access.sectorsPerRequest ?? 0) && b.access.dynamicWeight > a.access.dynamicWeight)
      ? b
      : a,
  );
}

/** PTX text on one line with single spaces (nvcc separates operands with tabs). */
function compact(ptx: string): string {
  return ptx.trim().replace(/\s+/g, ' ');
}

function times(weight: number): string {
  const rounded = round(weight);
  return `${rounded} ${rounded === 1 ? 'time' : 'times'}`;
}

/** Base register, immediate offset and lane stride of a global access ("ld.global.f32 %f2, [%rd4+12]", "lane stride 128 B"). */
function siteLayout(access: AccessReport): { base: string; offset: number; stride: number } | null {
  const address = access.ptx.match(/\[\s*(%\w+)\s*(?:\+\s*(-?\d+))?\s*\]/);
  const stride = access.reason.match(/lane stride (-?\d+) B/);
  if (!address || !stride) return null;
  return { base: address[1], offset: Number(address[2] ?? 0), stride: Number(stride[1]) };
}

interface StructureAccess {
  fields: number;
  stride: number;
}

/**
 * Sites where lanes read several fields of consecutive structures: the same base register and
 * lane stride (the structure size), different offsets within one stride (the fields). The
 * array-of-structures layout: each field is a strided access of its own.
 */
function structureFields(sites: readonly AccessReport[]): Map<AccessReport, StructureAccess> {
  const groups = new Map<string, Array<{ access: AccessReport; offset: number; stride: number }>>();
  for (const access of sites) {
    const layout = siteLayout(access);
    if (!layout || Math.abs(layout.stride) <= access.bytesPerLane) continue;
    const key = `${layout.base}|${layout.stride}`;
    groups.set(key, [...(groups.get(key) ?? []), { access, ...layout }]);
  }
  const out = new Map<AccessReport, StructureAccess>();
  for (const group of groups.values()) {
    const offsets = new Set(group.map((g) => g.offset));
    const span = Math.max(...offsets) - Math.min(...offsets);
    if (offsets.size < 2 || span >= Math.abs(group[0].stride)) continue;
    for (const g of group) out.set(g.access, { fields: offsets.size, stride: Math.abs(g.stride) });
  }
  return out;
}

function uncoalescedFinding(
  group: FlaggedSite[],
  headOnly: boolean,
  structures: ReadonlyMap<AccessReport, StructureAccess> = new Map(),
): NewFinding {
  const { access } = worst(group);
  const structure = group.map((site) => structures.get(site.access)).find((found) => found !== undefined) ?? null;
  // "worse" when some site on the line was already bad on the base side; its base numbers are the evidence.
  const base = group.map((site) => site.base).find((b): b is AccessReport => b !== null && isBadGlobalAccess(b)) ?? worst(group).base;
  const weight = group.reduce((sum, site) => sum + site.access.dynamicWeight, 0);
  const sectors =
    access.sectorsPerRequest !== null && access.idealSectors !== null
      ? `${access.sectorsPerRequest} sectors/request vs ideal ${access.idealSectors}`
      : 'sectors/request unknown';
  const was = base
    ? ` (base: ${base.class ?? 'unknown'}${base.sectorsPerRequest !== null ? `, ${base.sectorsPerRequest} sectors` : ''})`
    : '';
  const label = access.kind === 'atomic' ? 'global atomic on data-dependent addresses' : `${access.class} global ${access.kind}`;
  const sites = group.length > 1 ? ` (${group.length} sites)` : '';
  const others = group.length > 1 ? ` and ${plural(group.length - 1, 'more site')} on this line` : '';
  return {
    kind: 'uncoalesced',
    severity: access.class === 'strided' ? 'warning' : 'failure',
    file: access.file,
    line: access.line,
    title: `${base && isBadGlobalAccess(base) ? 'worse' : 'new'} ${label} at ${where(access.file, access.line)}${sites}: ${sectors}`,
    message:
      `\`${compact(access.ptx)}\`${others} ${group.length > 1 ? `run ${times(weight)} per thread in total` : `runs ${times(weight)} per thread`}; ${access.reason}${was}.` +
      (headOnly ? ' (head-only report: no base to compare with.)' : ''),
    evidence: {
      class: access.class,
      kind: access.kind,
      sectorsPerRequest: access.sectorsPerRequest,
      idealSectors: access.idealSectors,
      bytesPerLane: access.bytesPerLane,
      dynamicWeight: round(weight, 4),
      sites: group.length,
      ptx: compact(access.ptx),
      baseClass: base?.class ?? null,
      baseSectorsPerRequest: base?.sectorsPerRequest ?? null,
      headOnly,
    },
    remedy: structure
      ? structureRemedy(structure.fields, structure.stride)
      : accessRemedy(access.class, access.kind, access.sectorsPerRequest),
  };
}

function bankConflictFinding(group: FlaggedSite[], headOnly: boolean): NewFinding {
  const site = group.reduce((a, b) => ((b.access.bankConflictWays ?? 0) > (a.access.bankConflictWays ?? 0) ? b : a));
  const { access } = site;
  const ways = access.bankConflictWays ?? 0;
  const before = site.base?.bankConflictWays ?? null;
  const weight = group.reduce((sum, s) => sum + s.access.dynamicWeight, 0);
  const sites = group.length > 1 ? ` (${group.length} sites)` : '';
  return {
    kind: 'bank-conflict',
    severity: 'warning',
    file: access.file,
    line: access.line,
    title: `${ways}-way bank conflict on shared ${access.kind} at ${where(access.file, access.line)}${sites}${before !== null ? ` (base ${before}-way)` : ''}`,
    message:
      `\`${compact(access.ptx)}\` runs ${times(weight)} per thread${group.length > 1 ? ' (all sites on this line)' : ''}; each request is split into ${ways} serialized bank accesses. ${access.reason}`.trim(),
    evidence: {
      bankConflictWays: ways,
      baseBankConflictWays: before,
      dynamicWeight: round(weight, 4),
      sites: group.length,
      ptx: compact(access.ptx),
      headOnly,
    },
    remedy: bankConflictRemedy(ways),
  };
}

const branchKey = (d: DivergenceReport): string => `${siteOpcode(d.ptx)}|${d.loopDepth}`;

/** Thread-divergent branches inside loops that the base did not have, one finding per source line. */
export function divergenceFindings(base: KernelReport, head: KernelReport): NewFinding[] {
  const match = alignSites(base.divergence, head.divergence, branchKey);
  const groups = new Map<string, DivergenceReport[]>();
  head.divergence.forEach((branch, index) => {
    // Only a predicate shown to differ within a warp: not one whose lane values are unresolved.
    if (!branch.divergent || branch.unresolved || branch.loopDepth < 1) return;
    const counterpart = match[index] >= 0 ? base.divergence[match[index]] : null;
    if (counterpart?.divergent) return;
    const key = branch.line === null ? `ptx:${index}` : `${branch.file}|${branch.line}`;
    groups.set(key, [...(groups.get(key) ?? []), branch]);
  });
  return [...groups.values()].map((group) => {
    const branch = group[0];
    const weight = group.reduce((sum, b) => sum + b.dynamicWeight, 0);
    const depth = Math.max(...group.map((b) => b.loopDepth));
    const sites = group.length > 1 ? ` (${group.length} branches)` : '';
    return {
      kind: 'divergence' as const,
      severity: 'warning' as const,
      file: branch.file,
      line: branch.line,
      title: `new divergent branch in a loop (depth ${depth}) at ${where(branch.file, branch.line)}${sites}`,
      message: `\`${compact(branch.ptx)}\`${group.length > 1 ? ` and ${plural(group.length - 1, 'more branch', 'more branches')} on this line run ${times(weight)} per thread in total` : ` runs ${times(weight)} per thread`}; ${branch.reason}`,
      evidence: { loopDepth: depth, dynamicWeight: round(weight, 4), sites: group.length, ptx: compact(branch.ptx) },
      remedy: divergenceRemedy(),
    };
  });
}
