// Findings from resources and occupancy: cliffs (a dropped block/SM, or a small headroom to
// the next drop), spills, and growth of registers / shared memory / instructions per thread.
import type { Finding, KernelReport, OccupancyResult } from '../../model/types.js';
import type { Thresholds } from '../../config/types.js';
import { percent, plural, round, signed } from './format.js';
import { getArch } from '../../gpu/index.js';
import { growthRemedy, headroomRemedy, registerCliffRemedy, sharedCliffRemedy, spillRemedy } from './remedies.js';

type NewFinding = Omit<Finding, 'kernel' | 'displayName' | 'arch' | 'file' | 'line'>;

/** What the occupancy drop is blamed on, for the title ("+16 registers"). */
function dropCause(
  base: KernelReport,
  head: KernelReport,
  headOcc: OccupancyResult,
): { text: string; resource: 'registers' | 'sharedMemory' | 'block' | 'other' } {
  const registers = (head.resources?.registers ?? 0) - (base.resources?.registers ?? 0);
  const shared = headOcc.allocatedSharedBytesPerBlock - (base.occupancy?.allocatedSharedBytesPerBlock ?? 0);
  if (headOcc.limiter.includes('registers') && registers > 0) return { text: `${signed(registers)} registers`, resource: 'registers' };
  if (headOcc.limiter.includes('sharedMemory') && shared > 0)
    return { text: `${signed(shared)} B shared memory`, resource: 'sharedMemory' };
  if (base.occupancy && base.occupancy.blockSize !== headOcc.blockSize)
    return { text: `block ${base.occupancy.blockSize} → ${headOcc.blockSize} threads`, resource: 'block' };
  if (registers > 0) return { text: `${signed(registers)} registers`, resource: 'registers' };
  if (shared > 0) return { text: `${signed(shared)} B shared memory`, resource: 'sharedMemory' };
  return { text: 'resources changed', resource: 'other' };
}

/** Occupancy dropped between base and head (fewer active warps per SM). */
export function occupancyDrop(base: KernelReport, head: KernelReport): NewFinding | null {
  const baseOcc = base.occupancy;
  const headOcc = head.occupancy;
  if (!baseOcc || !headOcc || headOcc.activeWarpsPerSM >= baseOcc.activeWarpsPerSM) return null;
  const cause = dropCause(base, head, headOcc);
  // Blocks of different sizes do not compare: with a new block size the headline is warps.
  const blocks =
    baseOcc.blockSize === headOcc.blockSize
      ? `${baseOcc.activeBlocksPerSM} → ${headOcc.activeBlocksPerSM} blocks/SM`
      : `${baseOcc.activeWarpsPerSM} → ${headOcc.activeWarpsPerSM} active warps/SM`;
  const wanted = blocksRestoring(baseOcc, headOcc, head.arch);
  // The caps that gain one block over the head's; they are the remedy only when one block is what is wanted.
  const registerCap =
    head.resources && head.cliffs?.registers.shedToGain != null && head.cliffs.registers.blocksAfterGain === wanted
      ? head.resources.registers - head.cliffs.registers.shedToGain
      : null;
  const sharedCap =
    head.cliffs?.sharedMemory.shedToGain != null && head.cliffs.sharedMemory.blocksAfterGain === wanted
      ? headOcc.allocatedSharedBytesPerBlock - head.cliffs.sharedMemory.shedToGain
      : null;
  return {
    kind: 'cliff',
    severity: 'failure',
    title: `${cause.text} → ${blocks} (occupancy ${percent(baseOcc.occupancy)} → ${percent(headOcc.occupancy)})`,
    message:
      `At ${headOcc.blockSize} threads/block, active warps/SM fell from ${baseOcc.activeWarpsPerSM} to ${headOcc.activeWarpsPerSM}; ` +
      `registers/thread ${base.resources?.registers ?? '?'} → ${head.resources?.registers ?? '?'}, ` +
      `shared/block ${baseOcc.allocatedSharedBytesPerBlock} → ${headOcc.allocatedSharedBytesPerBlock} B (allocated); limiter now ${headOcc.limiter.join(', ')}.`,
    evidence: {
      blockSize: headOcc.blockSize,
      registersBase: base.resources?.registers ?? null,
      registersHead: head.resources?.registers ?? null,
      sharedBytesBase: baseOcc.allocatedSharedBytesPerBlock,
      sharedBytesHead: headOcc.allocatedSharedBytesPerBlock,
      blocksPerSMBase: baseOcc.activeBlocksPerSM,
      blocksPerSMHead: headOcc.activeBlocksPerSM,
      warpsPerSMBase: baseOcc.activeWarpsPerSM,
      warpsPerSMHead: headOcc.activeWarpsPerSM,
      occupancyBase: baseOcc.occupancy,
      occupancyHead: headOcc.occupancy,
      limiterHead: headOcc.limiter.join(','),
      cause: cause.resource,
    },
    remedy:
      cause.resource === 'sharedMemory'
        ? sharedCliffRemedy(wanted, sharedCap)
        : registerCliffRemedy(headOcc.blockSize, wanted, cause.resource === 'registers' ? registerCap : null),
  };
}

/**
 * Blocks of the head's size that bring back the base's active warps, within what the SM can
 * hold (threads and blocks per SM): `__launch_bounds__(512, 6)` would ask for 3,072 threads
 * on a 2,048-thread SM.
 */
export function blocksRestoring(baseOcc: OccupancyResult, headOcc: OccupancyResult, arch: string): number {
  const wanted = Math.ceil(baseOcc.activeWarpsPerSM / headOcc.warpsPerBlock);
  let limit = wanted;
  try {
    const spec = getArch(arch);
    limit = Math.min(Math.floor(spec.maxThreadsPerSM / headOcc.blockSize), spec.maxBlocksPerSM);
  } catch {
    // An unknown arch has no limits to apply; its occupancy is not computed either.
  }
  return Math.max(1, Math.min(wanted, limit));
}

/**
 * The kernel sits close to a cliff: adding at most `threshold` registers (bytes of shared
 * memory) keeps its blocks/SM, one more loses one. Reported only when this is new or worse
 * than on the base side, so an untouched near-cliff kernel stays quiet.
 */
export function headroomFindings(base: KernelReport | null, head: KernelReport, thresholds: Thresholds): NewFinding[] {
  const findings: NewFinding[] = [];
  const occ = head.occupancy;
  if (!occ || !head.cliffs) return findings;
  const sides = [
    { resource: 'registers' as const, threshold: thresholds.registerHeadroom, unit: 'register', units: 'registers' },
    { resource: 'sharedMemory' as const, threshold: thresholds.sharedHeadroomBytes, unit: 'B', units: 'B' },
  ];
  for (const side of sides) {
    const cliff = head.cliffs[side.resource];
    if (cliff.headroom === null || cliff.blocksAfterDrop === null || cliff.headroom > side.threshold) continue;
    const baseCliff = base?.cliffs?.[side.resource];
    const wasAsClose =
      baseCliff &&
      baseCliff.headroom !== null &&
      baseCliff.headroom <= cliff.headroom &&
      base?.occupancy?.activeBlocksPerSM === occ.activeBlocksPerSM;
    if (wasAsClose) continue;
    const step = cliff.headroom + 1;
    const amount = side.resource === 'registers' ? plural(step, 'register') : `${step} B shared memory`;
    const left = side.resource === 'registers' ? plural(cliff.headroom, 'register') : `${cliff.headroom} B`;
    // A notice: blocks/SM did not change, so this predicts a cliff rather than reporting one;
    // it never fails the check, whatever fail-on lists.
    findings.push({
      kind: 'cliff',
      severity: 'notice',
      title: `+${amount} → ${occ.activeBlocksPerSM} → ${cliff.blocksAfterDrop} blocks/SM (headroom ${left})`,
      message:
        `At ${occ.blockSize} threads/block the kernel runs ${occ.activeBlocksPerSM} blocks/SM (occupancy ${percent(occ.occupancy)}); ` +
        `it can add ${left} before dropping to ${cliff.blocksAfterDrop} blocks/SM` +
        (baseCliff?.headroom != null ? ` (base headroom ${baseCliff.headroom} ${side.units}).` : '.'),
      evidence: {
        resource: side.resource,
        blockSize: occ.blockSize,
        headroom: cliff.headroom,
        headroomBase: baseCliff?.headroom ?? null,
        threshold: side.threshold,
        blocksPerSM: occ.activeBlocksPerSM,
        blocksAfterDrop: cliff.blocksAfterDrop,
        registersHead: head.resources?.registers ?? null,
      },
      remedy: headroomRemedy(side.resource),
    });
  }
  return findings;
}

/** Spill bytes per thread (stores + loads), or null when unknown (no resources, or a cubin that records no spills). */
function spillBytes(kernel: KernelReport | null): number | null {
  const r = kernel?.resources;
  if (!r || r.spillStoreBytes === null || r.spillLoadBytes === null) return null;
  return r.spillStoreBytes + r.spillLoadBytes;
}

/** Spills appeared or grew; with no base, any spill (an absolute finding). */
export function spillFinding(base: KernelReport | null, head: KernelReport): NewFinding | null {
  const headSpill = spillBytes(head);
  if (headSpill === null || headSpill === 0 || !head.resources) return null;
  const baseSpill = spillBytes(base);
  if (baseSpill !== null && headSpill <= baseSpill) return null;
  const r = head.resources;
  const b = baseSpill !== null ? (base?.resources ?? null) : null;
  const stores = b ? `${b.spillStoreBytes} → ${r.spillStoreBytes}` : `${r.spillStoreBytes}`;
  const loads = b ? `${b.spillLoadBytes} → ${r.spillLoadBytes}` : `${r.spillLoadBytes}`;
  return {
    kind: 'spill',
    severity: 'failure',
    title: `${baseSpill ? 'spills grew' : 'spills'}: ${stores} B stores, ${loads} B loads per thread`,
    message:
      `ptxas spills registers to local memory at ${r.registers} registers/thread (local ${r.localBytes} B/thread, stack frame ${r.stackFrameBytes} B)` +
      (base?.resources && baseSpill === null ? '; the base side does not record spills.' : '.'),
    evidence: {
      spillStoreBytesBase: b?.spillStoreBytes ?? null,
      spillStoreBytesHead: r.spillStoreBytes,
      spillLoadBytesBase: b?.spillLoadBytes ?? null,
      spillLoadBytesHead: r.spillLoadBytes,
      registersHead: r.registers,
      localBytesHead: r.localBytes,
    },
    remedy: spillRemedy(),
  };
}

function growthPercent(before: number, after: number): number | null {
  if (after <= before) return null;
  return before === 0 ? Infinity : ((after - before) / before) * 100;
}

/** Registers, shared memory or dynamic instructions per thread grew beyond their thresholds. */
export function growthFindings(base: KernelReport, head: KernelReport, thresholds: Thresholds, skip: ReadonlySet<string>): NewFinding[] {
  const findings: NewFinding[] = [];
  const checks: Array<{
    kind: 'registers' | 'shared' | 'instructions';
    before: number | null;
    after: number | null;
    limit: number;
    floor: number;
    label: string;
    unit: string;
  }> = [
    {
      kind: 'registers',
      before: base.resources?.registers ?? null,
      after: head.resources?.registers ?? null,
      limit: thresholds.registersGrowthPercent,
      floor: thresholds.registersGrowthMin,
      label: 'registers per thread',
      unit: '',
    },
    {
      kind: 'shared',
      before: base.resources?.staticSharedBytes ?? null,
      after: head.resources?.staticSharedBytes ?? null,
      limit: thresholds.sharedGrowthPercent,
      floor: thresholds.sharedGrowthMinBytes,
      label: 'static shared memory per block',
      unit: ' B',
    },
    {
      kind: 'instructions',
      before: base.perThread?.instructions ?? null,
      after: head.perThread?.instructions ?? null,
      limit: thresholds.instructionsGrowthPercent,
      floor: thresholds.instructionsGrowthMin,
      label: 'dynamic instructions per thread',
      unit: '',
    },
  ];
  for (const check of checks) {
    if (skip.has(check.kind) || check.before === null || check.after === null) continue;
    const growth = growthPercent(check.before, check.after);
    // Both the percentage and the absolute floor: +20% of 10 registers is 2 registers, noise.
    if (growth === null || growth <= check.limit || check.after - check.before < check.floor) continue;
    const growthText = Number.isFinite(growth) ? `+${round(growth, 1)}%` : 'new';
    const assumed = check.kind === 'instructions' && head.perThread?.usesAssumedTripCounts ? ' Some loops use assumed trip counts.' : '';
    findings.push({
      kind: check.kind,
      severity: 'warning',
      title: `${growthText} ${check.label} (${round(check.before)} → ${round(check.after)}${check.unit})`,
      message: `${check.label[0].toUpperCase()}${check.label.slice(1)} grew by ${growthText} (${round(check.after - check.before)}${check.unit}), above the ${check.limit}% threshold and the floor of ${check.floor}${check.unit}.${assumed}`,
      evidence: {
        before: check.before,
        after: check.after,
        growthPercent: Number.isFinite(growth) ? round(growth, 2) : null,
        thresholdPercent: check.limit,
        floor: check.floor,
      },
      remedy: growthRemedy(check.kind),
    });
  }
  return findings;
}
