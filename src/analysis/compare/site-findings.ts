// Findings at individual instructions: new or worse uncoalesced/strided global accesses,
// new or worse shared-memory bank conflicts, and new divergent branches inside loops.
import type { AccessReport, DivergenceReport, Finding, KernelReport } from '../../report/types.js';
import type { Thresholds } from '../../config/types.js';
import { alignSites, siteOpcode } from './sites.js';
import { plural, round, where } from './format.js';
import { accessRemedy, bankConflictRemedy, divergenceRemedy } from './remedies.js';

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

export function accessFindings(base: KernelReport | null, head: KernelReport, thresholds: Thresholds): NewFinding[] {
  const findings: NewFinding[] = [];
  const baseSites = base?.accesses ?? [];
  const match = alignSites(baseSites, head.accesses, accessKey);
  head.accesses.forEach((access, index) => {
    const counterpart = match[index] >= 0 ? baseSites[match[index]] : null;
    if (isBadGlobalAccess(access) && access.dynamicWeight >= thresholds.uncoalescedMinWeight) {
      if (counterpart && !isWorseAccess(counterpart, access)) return;
      findings.push(uncoalescedFinding(access, counterpart, base === null));
    }
    if (access.space === 'shared' && access.bankConflictWays !== null && access.bankConflictWays > 1 && access.dynamicWeight >= thresholds.uncoalescedMinWeight) {
      const before = counterpart?.bankConflictWays ?? null;
      if (counterpart && before !== null && before >= access.bankConflictWays) return;
      findings.push(bankConflictFinding(access, before, base === null));
    }
  });
  return findings;
}

function uncoalescedFinding(access: AccessReport, base: AccessReport | null, headOnly: boolean): NewFinding {
  const sectors = access.sectorsPerRequest !== null && access.idealSectors !== null
    ? `${access.sectorsPerRequest} sectors/request vs ideal ${access.idealSectors}`
    : 'sectors/request unknown';
  const was = base ? ` (base: ${base.class ?? 'unknown'}${base.sectorsPerRequest !== null ? `, ${base.sectorsPerRequest} sectors` : ''})` : '';
  const label = access.kind === 'atomic' ? 'global atomic on data-dependent addresses' : `${access.class} global ${access.kind}`;
  return {
    kind: 'uncoalesced',
    severity: access.class === 'strided' ? 'warning' : 'failure',
    file: access.file,
    line: access.line,
    title: `${base ? 'worse' : 'new'} ${label} at ${where(access.file, access.line)}: ${sectors}`,
    message:
      `\`${access.ptx.trim()}\` runs ${round(access.dynamicWeight)} times per thread; ${access.reason}${was}.` +
      (headOnly ? ' (head-only report: no base to compare with.)' : ''),
    evidence: {
      class: access.class,
      kind: access.kind,
      sectorsPerRequest: access.sectorsPerRequest,
      idealSectors: access.idealSectors,
      bytesPerLane: access.bytesPerLane,
      dynamicWeight: access.dynamicWeight,
      ptx: access.ptx.trim(),
      baseClass: base?.class ?? null,
      baseSectorsPerRequest: base?.sectorsPerRequest ?? null,
      headOnly,
    },
    remedy: accessRemedy(access.class, access.kind, access.sectorsPerRequest),
  };
}

function bankConflictFinding(access: AccessReport, before: number | null, headOnly: boolean): NewFinding {
  const ways = access.bankConflictWays ?? 0;
  return {
    kind: 'bank-conflict',
    severity: 'warning',
    file: access.file,
    line: access.line,
    title: `${ways}-way bank conflict on shared ${access.kind} at ${where(access.file, access.line)}${before !== null ? ` (base ${before}-way)` : ''}`,
    message: `\`${access.ptx.trim()}\` runs ${round(access.dynamicWeight)} times per thread; each request is replayed ${plural(ways, 'time')}. ${access.reason}`.trim(),
    evidence: { bankConflictWays: ways, baseBankConflictWays: before, dynamicWeight: access.dynamicWeight, ptx: access.ptx.trim(), headOnly },
    remedy: bankConflictRemedy(ways),
  };
}

const branchKey = (d: DivergenceReport): string => `${siteOpcode(d.ptx)}|${d.loopDepth}`;

/** Thread-divergent branches inside loops that the base did not have. */
export function divergenceFindings(base: KernelReport, head: KernelReport): NewFinding[] {
  const findings: NewFinding[] = [];
  const match = alignSites(base.divergence, head.divergence, branchKey);
  head.divergence.forEach((branch, index) => {
    if (!branch.divergent || branch.loopDepth < 1) return;
    const counterpart = match[index] >= 0 ? base.divergence[match[index]] : null;
    if (counterpart?.divergent) return;
    findings.push({
      kind: 'divergence',
      severity: 'warning',
      file: branch.file,
      line: branch.line,
      title: `new divergent branch in a loop (depth ${branch.loopDepth}) at ${where(branch.file, branch.line)}`,
      message: `\`${branch.ptx.trim()}\` runs ${round(branch.dynamicWeight)} times per thread; ${branch.reason}`,
      evidence: { loopDepth: branch.loopDepth, dynamicWeight: branch.dynamicWeight, ptx: branch.ptx.trim() },
      remedy: divergenceRemedy(),
    });
  });
  return findings;
}
