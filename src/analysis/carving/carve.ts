// Optimization carving ([Ryoo08]): threshold carving removes variants that fail a
// must-have while others pass it; tradeoff carving keeps the Pareto set on (efficiency,
// utilization), optionally with a retention band; variants with indistinguishable metrics
// are merged into one representative. Pure: metrics in, survivors and step counts out.
import { getArch } from '../../gpu/index.js';
import type { VariantMetrics } from './metrics.js';

export type CarveObjective = 'ryoo' | 'ryoo+traffic';

export interface CarveOptions {
  objective: CarveObjective;
  /** Keep variants within this fraction of the frontier on both axes (0 = frontier only). */
  band: number;
  /** Relative difference on every axis under which two variants count as indistinguishable. */
  mergeTolerance: number;
  /** ryoo+traffic: keep variants moving at most (1 + this) x the least global traffic. */
  trafficTolerance: number;
  /**
   * Weighted coalescing: an uncoalesced variant is removed only when its excess global sectors
   * are more than this share of its global traffic (where the metrics carry that share; where
   * they do not, any strided site executed often enough removes it, as in the paper).
   */
  excessSectorShare?: number;
  /**
   * With excessSectorShare: an uncoalesced variant is removed only when its global sectors are
   * also more than this many times the least of any variant alive (the L2's read bandwidth over
   * the DRAM's: within it, the excess is served from the L2 in the time the leanest variant's
   * traffic takes from DRAM). Undefined: the share alone decides.
   */
  excessTrafficFactor?: number;
  /**
   * Weighted local memory: a variant is removed when its local-memory traffic is more than this
   * share of its memory traffic (where known; otherwise when it has a stack frame or spills).
   * Undefined: the paper's spill step only.
   */
  localMemoryShare?: number;
  /** Merge only variants whose launch geometry (block, grid) is also the same. */
  keepGeometryTies?: boolean;
  /**
   * Merge only variants whose memory traffic also agrees within mergeTolerance: global sectors and
   * shared-memory wavefronts, where the metrics carry them. Equal instruction counts do not make
   * equal variants: SGEMM_CUDA kernel 6 at TM=8,TN=4 and TM=4,TN=8 (BK=16, 128 x 128 tiles) differ
   * by one PTX instruction per thread, and by 1.5x in shared wavefronts and 0.49 vs 0.71 ms.
   */
  keepTrafficTies?: boolean;
  /**
   * Tail effect of the grid on the SMs (arch flagship's SM count): efficiency is multiplied by
   * waves / ceil(waves), waves = blocks / (SMs x blocks per SM), so a grid that leaves the last
   * wave mostly empty ranks below one that fills it.
   */
  waves?: boolean;
}

/** Ryoo et al. as published: binary coalescing and spill steps, (efficiency, utilization) frontier. */
export const PAPER_CARVE_OPTIONS: CarveOptions = { objective: 'ryoo', band: 0, mergeTolerance: 1e-3, trafficTolerance: 0.05 };

/**
 * The H100's L2 read bandwidth over its DRAM's, measured (device/carving/l2-bandwidth: float4
 * loads past the L1, median of three runs): 7,257 GB/s from a 24 MiB buffer read 64 times in a
 * launch, 3,051 GB/s from 1 GiB. Used for every arch, as the other H100 measurements.
 */
export const L2_OVER_DRAM_BANDWIDTH = 7256.6 / 3051.2;

/**
 * The default: weighted memory filters, the tail effect and geometry-aware merging, chosen on
 * the development spaces (docs/carving-spaces.md): 10% excess sectors lies between the
 * uncoalesced GEMM variants (1% on sgemm, 3% on SGEMM_CUDA kernel 5: kept) and transpose's
 * strided variants (60% and 78%: removed).
 */
export const DEFAULT_CARVE_OPTIONS: CarveOptions = {
  ...PAPER_CARVE_OPTIONS,
  excessSectorShare: 0.1,
  excessTrafficFactor: L2_OVER_DRAM_BANDWIDTH,
  localMemoryShare: 0.1,
  keepGeometryTies: true,
  keepTrafficTies: true,
  waves: true,
};

export interface CarveStep {
  name: 'build' | 'launch' | 'coalescing' | 'spills' | 'local-memory' | 'bank-conflicts' | 'traffic' | 'pareto' | 'merge';
  before: number;
  after: number;
  /** Why the step removed what it removed (or why it removed nothing). */
  note: string;
}

export type VariantStatus = 'survivor' | 'failed' | `pruned:${CarveStep['name']}` | 'merged';

export interface CarvedVariant extends VariantMetrics {
  status: VariantStatus;
  /** On the (efficiency, utilization) frontier of the variants that passed threshold carving. */
  onFrontier: boolean;
  /** Axes normalised to the largest value among the built variants (Fig. 4 of [Ryoo08]). */
  normalizedEfficiency: number | null;
  normalizedUtilization: number | null;
  /** For a survivor: ids of the variants merged into it; for a merged one: its representative. */
  mergedWith: string[];
  /** Why a threshold step removed it, with its numbers; null when it was not removed by one. */
  prunedBecause?: string | null;
}

export interface CarveResult {
  space: string;
  arch: string;
  objective: CarveObjective;
  band: number;
  total: number;
  survivors: CarvedVariant[];
  steps: CarveStep[];
  /** Every variant in product order, with its status. */
  variants: CarvedVariant[];
}

type Axis = (v: VariantMetrics) => number;

/** Indices of the points no other point dominates (maximising every axis), with a band. */
export function paretoSet<T>(points: T[], axes: Array<(p: T) => number>, band = 0): Set<number> {
  const kept = new Set<number>();
  const grow = 1 + band;
  const values = points.map((point) => axes.map((axis) => axis(point)));
  for (let i = 0; i < points.length; i++) {
    const p = values[i];
    let dominated = false;
    for (let j = 0; j < points.length && !dominated; j++) {
      if (i === j) continue;
      const q = values[j];
      // q dominates p by the band: at least (1+band) times p on every axis, and strictly better somewhere.
      let allAtLeast = true;
      let someBetter = false;
      for (let a = 0; a < p.length; a++) {
        const needed = p[a] >= 0 ? p[a] * grow : p[a] / grow;
        if (q[a] < needed) {
          allAtLeast = false;
          break;
        }
        if (q[a] > needed) someBetter = true;
      }
      dominated = allAtLeast && someBetter;
    }
    if (!dominated) kept.add(i);
  }
  return kept;
}

function percent(share: number): string {
  return `${Number((share * 100).toFixed(1))}%`;
}

/** SMs of the arch's flagship part (132 for sm_90, the H100 SXM); null when the arch is unknown. */
export function smCount(arch: string): number | null {
  try {
    return getArch(arch).flagship.sms;
  } catch {
    return null;
  }
}

/** blocks / (SMs x blocks per SM): the launch's work in full waves; null when blocks per SM is unknown or 0. */
export function wavesOf(v: Pick<VariantMetrics, 'grid' | 'activeBlocksPerSM'>, sms: number): number | null {
  if (!v.activeBlocksPerSM || v.activeBlocksPerSM <= 0) return null;
  return (v.grid[0] * v.grid[1] * v.grid[2]) / (sms * v.activeBlocksPerSM);
}

/**
 * waves / ceil(waves) (wavesOf): 1 when the last wave is full; 133 blocks of one block per SM on
 * 132 SMs take two waves for 1.008 waves of work (0.504).
 */
export function tailFactor(v: Pick<VariantMetrics, 'grid' | 'activeBlocksPerSM'>, sms: number): number {
  const waves = wavesOf(v, sms);
  return waves === null ? 1 : waves / Math.ceil(waves);
}

function close(a: number, b: number, tolerance: number): boolean {
  return Math.abs(a - b) <= tolerance * Math.max(Math.abs(a), Math.abs(b));
}

/**
 * Whether two variants' memory traffic lets the merge step join them: under `ryoo+traffic` their
 * global traffic is equal; with keepTrafficTies, global sectors and shared wavefronts agree within
 * the tolerance (a metric one of them lacks does not separate them).
 */
function trafficTies(a: CarvedVariant, b: CarvedVariant, options: CarveOptions): boolean {
  if (options.objective === 'ryoo+traffic' && (a.globalTrafficBytes ?? -1) !== (b.globalTrafficBytes ?? -1)) return false;
  if (!options.keepTrafficTies) return true;
  const agree = (x: number | null | undefined, y: number | null | undefined) =>
    x === null || x === undefined || y === null || y === undefined || close(x, y, options.mergeTolerance);
  return agree(a.globalTrafficBytes, b.globalTrafficBytes) && agree(a.sharedWavefrontsPerWarp, b.sharedWavefrontsPerWarp);
}

export function carve(space: string, arch: string, all: VariantMetrics[], options: CarveOptions = DEFAULT_CARVE_OPTIONS): CarveResult {
  // Product order makes the result independent of build order and shard merging.
  const ordered = [...all].sort((a, b) => a.index - b.index);
  const maxEfficiency = Math.max(0, ...ordered.map((v) => v.efficiency ?? 0));
  const maxUtilization = Math.max(0, ...ordered.map((v) => v.utilization ?? 0));
  const carved: CarvedVariant[] = ordered.map((v) => ({
    ...v,
    status: 'survivor',
    onFrontier: false,
    mergedWith: [],
    normalizedEfficiency: v.efficiency === null || maxEfficiency === 0 ? null : v.efficiency / maxEfficiency,
    normalizedUtilization: v.utilization === null ? null : maxUtilization === 0 ? 0 : v.utilization / maxUtilization,
  }));
  const steps: CarveStep[] = [];
  let alive = carved;

  const threshold = (
    name: CarveStep['name'],
    fails: (v: CarvedVariant) => boolean,
    what: string,
    always = false,
    why?: (v: CarvedVariant) => string,
  ) => {
    const passing = alive.filter((v) => !fails(v));
    const before = alive.length;
    if (passing.length === 0 && !always) {
      steps.push({ name, before, after: before, note: `no variant is free of ${what}: nothing removed` });
      return;
    }
    for (const v of alive) {
      if (!fails(v)) continue;
      v.status = `pruned:${name}`;
      v.prunedBecause = why ? why(v) : what;
    }
    alive = passing;
    steps.push({
      name,
      before,
      after: alive.length,
      note: before === alive.length ? `no variant has ${what}` : `removed ${before - alive.length} with ${what}`,
    });
  };

  threshold('build', (v) => !v.built, 'a failed build', true);
  threshold('launch', (v) => v.canLaunch === false, 'a launch that cannot run (0 blocks/SM or block above launch bounds)', true);
  // Weighted where the metrics carry the excess share: a strided epilogue store executed once
  // per thread is a negligible share of a GEMM's traffic and must not remove the variant.
  const share = options.excessSectorShare;
  // Where some sites' sectors are unknown, the least share they allow: removed only when the
  // excess is material whatever those sites move (Rodinia lavaMD's and streamcluster's
  // data-indexed sites beside a per-request uncoalesced loader).
  const shareOf = (v: VariantMetrics): { value: number; atLeast: boolean } | null =>
    share === undefined
      ? null
      : typeof v.excessSectorShare === 'number'
        ? { value: v.excessSectorShare, atLeast: false }
        : typeof v.excessSectorShareAtLeast === 'number'
          ? { value: v.excessSectorShareAtLeast, atLeast: true }
          : null;
  // And where a variant alive moves far fewer sectors: excess sectors of lines already fetched are
  // served by the L2, at trafficFactor x the DRAM's bandwidth, so up to that many times the
  // leanest variant's sectors cost it no more time (Rodinia hotspot's halo rows: 24 MB of sectors
  // against 21 MB at block 32, and the fastest).
  const factor = options.excessTrafficFactor;
  const known = alive.filter((v) => v.globalTrafficBytes !== null && v.globalTrafficBytes > 0).map((v) => v.globalTrafficBytes as number);
  const leastTraffic = known.length ? Math.min(...known) : null;
  const costsTime = (v: VariantMetrics) =>
    factor === undefined || leastTraffic === null || v.globalTrafficBytes === null || v.globalTrafficBytes > factor * leastTraffic;
  threshold(
    'coalescing',
    (v) => {
      if (v.coalescing !== 'uncoalesced') return false;
      const known = shareOf(v);
      return known === null || (known.value > (share as number) && costsTime(v));
    },
    share === undefined
      ? 'strided or uncoalesced global access'
      : `strided or uncoalesced global access (above ${percent(share)} excess sectors where the share is known)`,
    false,
    (v) => {
      const known = shareOf(v);
      if (known === null) return `${v.coalescingEvidence}${share === undefined ? '' : ' (excess-sector share unknown)'}`;
      const bound = known.atLeast ? 'at least ' : '';
      const unknownSites = known.atLeast ? '; some sites move an unknown number of sectors, counted at 32 a request' : '';
      const traffic =
        factor !== undefined && leastTraffic !== null && v.globalTrafficBytes !== null
          ? `, ${(v.globalTrafficBytes / leastTraffic).toFixed(2)}x the least traffic of a variant (above ${factor.toFixed(2)}x)`
          : '';
      return `${bound}${percent(known.value)} of its global sectors are excess (above ${percent(share as number)}${unknownSites})${traffic}: ${v.coalescingEvidence}`;
    },
  );
  if (options.localMemoryShare === undefined) {
    threshold('spills', (v) => v.spills === true, 'register spills');
  } else {
    // Local memory (a thread-private array indexed at run time, or spills) is off-chip traffic
    // per thread; on the development spaces such variants run 1.28x to 25x slower than the
    // best. Weighed by its share of the memory traffic where the metrics know it.
    const limit = options.localMemoryShare;
    const local = (v: VariantMetrics) => (v.localBytes ?? 0) > 0 || v.spills === true;
    const known = (v: VariantMetrics) => v.localTrafficShare !== undefined && v.localTrafficShare !== null;
    threshold(
      'local-memory',
      (v) => local(v) && (!known(v) || (v.localTrafficShare as number) > limit),
      `local memory (above ${percent(limit)} of the memory traffic, or a stack frame or spills where that share is unknown)`,
      false,
      (v) =>
        known(v)
          ? `${percent(v.localTrafficShare as number)} of its memory traffic is local memory (above ${percent(limit)}; ${v.localBytes ?? '?'} bytes per thread)`
          : `${v.localBytes ?? '?'} bytes of local memory per thread${v.spills === true ? ' (spills or a run-time indexed array)' : ''}; its share of the traffic is unknown`,
    );
  }
  if (options.objective === 'ryoo+traffic') {
    threshold(
      'bank-conflicts',
      (v) => (v.bankConflictWays ?? 1) > 1,
      'shared-memory bank conflicts',
      false,
      (v) =>
        `${v.bankConflictWays}-way shared-memory bank conflicts${v.bankConflictUnknown ? ` or more (unknown degree: ${v.bankConflictUnknown})` : ''}`,
    );
    const known = alive.map((v) => v.globalTrafficBytes).filter((t): t is number => t !== null && t > 0);
    const least = known.length ? Math.min(...known) : null;
    if (least === null)
      steps.push({
        name: 'traffic',
        before: alive.length,
        after: alive.length,
        note: 'global traffic unknown for every variant: nothing removed',
      });
    else
      threshold(
        'traffic',
        (v) => v.globalTrafficBytes !== null && v.globalTrafficBytes > least * (1 + options.trafficTolerance),
        `global traffic above ${(1 + options.trafficTolerance).toFixed(2)} x the least (${least} B)`,
        false,
        (v) =>
          `${v.globalTrafficBytes} B of global traffic, ${((v.globalTrafficBytes as number) / least).toFixed(2)} x the least (${least} B)`,
      );
  }

  // Tradeoff carving: variants without metrics cannot be placed; they stay (unknown is not bad).
  const placed = alive.filter((v) => v.efficiency !== null && v.utilization !== null);
  const unplaced = alive.filter((v) => v.efficiency === null || v.utilization === null);
  const sms = options.waves ? smCount(arch) : null;
  const axes: Axis[] = [(v) => (v.efficiency as number) * (sms ? tailFactor(v, sms) : 1), (v) => v.utilization as number];
  for (const i of paretoSet(placed, axes)) placed[i].onFrontier = true;
  const keptIndices =
    options.band > 0 ? paretoSet(placed, axes, options.band) : new Set([...placed.keys()].filter((i) => placed[i].onFrontier));
  const before = alive.length;
  for (const [i, v] of placed.entries()) if (!keptIndices.has(i)) v.status = 'pruned:pareto';
  alive = [...placed.filter((_, i) => keptIndices.has(i)), ...unplaced].sort((a, b) => a.index - b.index);
  steps.push({
    name: 'pareto',
    before,
    after: alive.length,
    note:
      `kept the (efficiency${sms ? ` x tail effect on ${sms} SMs` : ''}, utilization) frontier${options.band > 0 ? ` and variants within ${options.band * 100}% of it` : ''}` +
      (unplaced.length ? `; ${unplaced.length} without metrics kept unranked` : ''),
  });

  // Merge indistinguishable survivors (Ryoo's MRI-FHD clusters): the first in product order represents them.
  const beforeMerge = alive.length;
  const representatives: CarvedVariant[] = [];
  for (const v of alive) {
    const twin =
      v.efficiency === null
        ? undefined
        : representatives.find(
            (r) =>
              r.efficiency !== null &&
              r.utilization !== null &&
              v.utilization !== null &&
              close(r.efficiency, v.efficiency as number, options.mergeTolerance) &&
              close(r.utilization, v.utilization, options.mergeTolerance) &&
              // Same metrics, different launch (BM=128,BN=64 vs BM=64,BN=128): not twins, both stay.
              (!options.keepGeometryTies || (r.block.join('x') === v.block.join('x') && r.grid.join('x') === v.grid.join('x'))) &&
              trafficTies(r, v, options),
          );
    if (twin) {
      v.status = 'merged';
      v.mergedWith = [twin.id];
      twin.mergedWith.push(v.id);
    } else representatives.push(v);
  }
  alive = representatives;
  steps.push({
    name: 'merge',
    before: beforeMerge,
    after: alive.length,
    note: `merged variants whose metrics differ by at most ${options.mergeTolerance * 100}%${options.keepTrafficTies ? ' (global sectors and shared wavefronts included)' : ''}${options.keepGeometryTies ? ' and whose launch geometry is the same' : ''}`,
  });

  return { space, arch, objective: options.objective, band: options.band, total: all.length, survivors: alive, steps, variants: carved };
}
