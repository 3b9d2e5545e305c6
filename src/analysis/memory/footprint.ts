// What a launch's global accesses need from DRAM, as far as the addresses tell: the distinct
// bytes one block touches, the distinct bytes the whole launch touches, and the sectors the L2
// serves once a warp's re-reads of sectors it touched in the previous iterations of the same
// access are taken out (the L1 and the L2 keep those: softmax's one-thread-per-row loop reads
// each 32-byte sector 8 times for 8 floats). The cycle estimate turns these into DRAM bytes
// with the L2's capacity (carving/estimate.ts).
//
// Per site, the lanes of every warp are resolved to byte offsets from a warp-uniform part
// (classify.ts); the uniform part's loop iterations (iter:N) run over their trip counts and its
// block index (%ctaid) over the grid. Sites on the same array (same remaining uniform terms,
// same block-index coefficients) share their bytes: the three passes of a softmax over one row
// touch it once. A site whose addresses do not resolve this way (sampled blocks, a runtime
// stride, a loop without a count, a pointer a loop advances) is counted as streaming: each of its
// sectors read once per request, shared with no other request.
import type { TrafficFootprint } from '../../model/types.js';
import { isUnknown, symbolicKey, type Linear, type WarpEvaluator } from './linear.js';
import type { Lane } from './classify.js';
import { laneValues } from './classify.js';
import type { Expr } from './expr.js';
import { sectorsTouched, SECTOR_BYTES, WARP_SIZE } from './warp.js';

/** Trip counts by loop id: `mean` as the per-thread weights count it, `span` the iterations a warp issues. */
export type LoopTrips = Map<number, { mean: number; span: number }>;

interface ArrayBlock {
  intervals: Array<[number, number]>;
  distinctBytes: number;
  /** The sets of bytes strided groups cover (stridedSignature), each counted once. */
  stridedSets: Set<string>;
  ctaid: [number, number, number];
  loads: boolean;
}

/** The copies of one access: lane offsets per warp (all copies), the iterations' reach, requests. */
interface AccessGroup {
  array: string;
  ctaid: [number, number, number];
  width: number;
  low: number;
  high: number;
  iterations: number;
  /**
   * The one enclosing loop's step (bytes per iteration) and the iterations a warp issues, when
   * the address ranges over one loop: its iterations are then measured as separate requests
   * where the step is wider than the warp's offsets (a column walk, one row per iteration).
   */
  loopStep: { bytes: number; count: number } | null;
  warps: number[][];
  /** Sector requests of one block's warps over the iterations. */
  requestSectors: number;
  requestBytes: number;
  /** A load among the copies (an atomic reads too). */
  loads: boolean;
}

const CTAID = ['%ctaid.x', '%ctaid.y', '%ctaid.z'];

/** Collects the sites of one kernel; `summary()` gives its footprint. */
export class FootprintBuilder {
  private readonly groups = new Map<string, AccessGroup>();
  private readonly arrays = new Map<string, ArrayBlock>();
  private l2Bytes = 0;
  private streamingBytes = 0;
  private streamingSites = 0;
  private streamingReason: string | null = null;
  private unknown = false;

  /** Lanes of the block's warps, partial warps whole: a request's sectors serve a warp, however few
   * of its lanes the block fills (as metrics.ts counts the launch's traffic). */
  private readonly lanesPerBlock: number;

  constructor(
    private readonly trips: LoopTrips,
    private readonly grid: [number, number, number],
    threadsPerBlock: number,
  ) {
    this.lanesPerBlock = Math.ceil(threadsPerBlock / WARP_SIZE) * WARP_SIZE;
  }

  /** An access whose addresses are not followed (a warp-wide tile, a bulk copy): its sectors read once per request. */
  stream(weight: number, sectorsPerRequest: number | null, reason: string): void {
    if (weight === 0) return;
    if (sectorsPerRequest === null) this.unknown = true;
    else this.streaming(weight * this.lanesPerBlock * sectorsPerRequest, reason);
  }

  private streaming(bytes: number, reason: string): void {
    this.streamingSites++;
    this.streamingReason ??= reason;
    this.streamingBytes += bytes;
    this.l2Bytes += bytes;
  }

  /**
   * One global access executed `weight` times per thread by the lanes of `warps`;
   * `sectorsPerRequest` as classified (null: unknown traffic, the footprint is then unknown);
   * `enclosing`: the ids of the loops it is in (whose iterations its address ranges over).
   */
  add(
    address: Expr,
    width: number,
    warps: Lane[][],
    weight: number,
    sectorsPerRequest: number | null,
    loads: boolean,
    enclosing: ReadonlySet<number>,
  ): void {
    if (weight === 0 || warps.length === 0) return;
    if (sectorsPerRequest === null) {
      this.unknown = true;
      return;
    }
    // As the launch's sector traffic counts it (metrics.ts): sectors per request x 32 B per warp of the block.
    const requestBytes = weight * this.lanesPerBlock * sectorsPerRequest;
    const perWarp: Linear[][] = [];
    for (const warp of warps) {
      const values = laneValues(address, warp, true);
      if (values.some(isUnknown)) return this.streaming(requestBytes, 'address not resolved per lane');
      perWarp.push(values as Linear[]);
    }
    // The uniform part: identical terms in every lane of a warp (else a runtime stride or a sampled
    // block index). Warps whose uniform parts differ (a thread-strided loop nvcc unrolled, whose
    // remainder turns differ from warp to warp) are measured apart, each with its share of the requests.
    const warpsByKey = new Map<string, number[]>();
    for (const [w, lanes] of perWarp.entries()) {
      const key = symbolicKey(lanes[0]);
      if (!lanes.every((lane) => symbolicKey(lane) === key)) return this.streaming(requestBytes, 'lanes differ by a runtime amount');
      const same = warpsByKey.get(key);
      if (same) same.push(w);
      else warpsByKey.set(key, [w]);
    }
    const carriedSteps = warps[0][0].evaluator.carriedSteps;
    let streamingBytes = 0;
    let streamingReason: string | null = null;
    for (const indices of warpsByKey.values()) {
      const share = (requestBytes * indices.length) / perWarp.length;
      const reason = this.addWarps(perWarp, indices, width, share, loads, enclosing, carriedSteps);
      if (reason === null) continue;
      streamingBytes += share;
      streamingReason ??= reason;
    }
    if (streamingReason !== null) this.streaming(streamingBytes, streamingReason);
  }

  /** The warps `indices` of one access, whose lanes share one uniform part; the reason when they stream, else null. */
  private addWarps(
    perWarp: readonly Linear[][],
    indices: readonly number[],
    width: number,
    requestBytes: number,
    loads: boolean,
    enclosing: ReadonlySet<number>,
    carriedSteps: WarpEvaluator['carriedSteps'],
  ): string | null {
    const first = perWarp[indices[0]][0];
    const common = first.terms;
    const commonKey = symbolicKey(first);
    let low = 0;
    let high = 0;
    let iterations = 1;
    const steps: Array<{ bytes: number; count: number }> = [];
    const ctaid: [number, number, number] = [0, 0, 0];
    const arrayTerms: string[] = [];
    for (const [term, termCoefficient] of common) {
      const { monomial, coefficient } = gridSizesApplied(term, termCoefficient, this.grid);
      if (monomial === '') {
        low += coefficient;
        high += coefficient;
        continue;
      }
      const axis = CTAID.indexOf(monomial);
      if (axis >= 0) {
        ctaid[axis] = coefficient;
        continue;
      }
      // A value that moves by a fixed amount each turn of a counted loop: its index (iter:N, at
      // turn k: k), or a carried value that moves by a constant (CarriedStep, H = step x turns run).
      const carried = monomial.startsWith('u:carried') ? carriedSteps.get(monomial) : undefined;
      const index = carried ? null : /^iter:(\d+)$/.exec(monomial);
      const moving = carried
        ? { loop: carried.loop, perTurn: coefficient * carried.step, turnsBefore: 0 }
        : index
          ? { loop: Number(index[1]), perTurn: coefficient, turnsBefore: 1 }
          : null;
      if (moving) {
        const counted = this.trips.get(moving.loop);
        if (counted === undefined) return `loop ${moving.loop} has no trip count`;
        if (!enclosing.has(moving.loop)) {
          // Read after the loop (nvcc's remainder loop after the unrolled body): the value its last
          // turn left. An index stands at its last turn (the step added once more is a constant of
          // the address); a carried value has had every turn's latch added.
          low += moving.perTurn * (counted.mean - moving.turnsBefore);
          high += moving.perTurn * (counted.mean - moving.turnsBefore);
          continue;
        }
        const reach = moving.perTurn * (counted.span - 1);
        if (reach < 0) low += reach;
        else high += reach;
        iterations *= counted.mean;
        if (counted.span > 1) steps.push({ bytes: Math.abs(moving.perTurn), count: counted.span });
        continue;
      }
      if (monomial.includes('iter:') || monomial.includes('%ctaid')) return `${monomial} does not range over a known count`;
      // A pointer a loop moves (A += BK: a carried value, or a register merged from the loop's
      // latch): the classifier knows it moves the warp as one, not how far. A uniform value
      // outside every loop (an offset loaded once) stays a fixed part of the array's identity.
      if (monomial.includes('u:carried') || (monomial.includes('u:') && enclosing.size > 0))
        return 'a warp-uniform value the loop may change moves the address';
      arrayTerms.push(`${coefficient}*${monomial}`);
    }
    // Copies of one access (nvcc's unrolled copies: the same terms, other constant offsets) share
    // their sectors: they are measured together. A site with the same terms that ranges otherwise
    // over its loops (read after the loop, at the index's last value) is an access of its own.
    const groupKey = `${commonKey}|${width}|${low}|${high}|${iterations}`;
    let group = this.groups.get(groupKey);
    if (group === undefined) {
      const key = `${arrayTerms.sort().join('+')}|${ctaid.join(',')}`;
      this.groups.set(
        groupKey,
        (group = {
          array: key,
          ctaid,
          width,
          low,
          high,
          iterations,
          loopStep: steps.length === 1 ? steps[0] : null,
          warps: [],
          requestSectors: 0,
          requestBytes: 0,
          loads,
        }),
      );
    }
    group.loads ||= loads;
    for (const w of indices) {
      const offsets = perWarp[w].map((lane) => lane.constant);
      group.requestSectors += sectorsTouched(offsets, width) * iterations;
      (group.warps[w] ??= []).push(...offsets);
    }
    group.requestBytes += requestBytes;
    return null;
  }

  /** Per group: the sectors its warps touch over the iterations against those they request, and its bytes on its array. */
  private measureGroups(): void {
    for (const group of this.groups.values()) {
      let minOffset = Infinity;
      let maxOffset = -Infinity;
      for (const offsets of group.warps) {
        if (offsets === undefined) continue;
        for (const offset of offsets) {
          minOffset = Math.min(minOffset, offset);
          maxOffset = Math.max(maxOffset, offset);
        }
      }
      // A loop step at least as wide as the warps' offsets: each iteration touches sectors of its
      // own (a column walk reads one row a turn), and the bytes between are not touched.
      const strided = group.loopStep !== null && group.loopStep.bytes >= maxOffset + group.width - minOffset ? group.loopStep : null;
      let distinctSectors = 0;
      for (const offsets of group.warps) {
        if (offsets === undefined) continue;
        distinctSectors += strided
          ? mergedSectors(offsets.map((offset) => [offset, offset + group.width])) * strided.count
          : mergedSectors(offsets.map((offset) => [offset + group.low, offset + group.high + group.width]));
      }
      const first = minOffset + group.low;
      const last = maxOffset + group.high + group.width;
      const reuse = Math.min(1, distinctSectors / Math.max(1e-9, group.requestSectors));
      this.l2Bytes += group.requestBytes * reuse;
      let array = this.arrays.get(group.array);
      if (array === undefined)
        this.arrays.set(
          group.array,
          (array = { intervals: [], distinctBytes: 0, stridedSets: new Set(), ctaid: group.ctaid, loads: false }),
        );
      array.loads ||= group.loads;
      array.intervals.push([first, last]);
      // Passes over the same strided set (a column read, then written) touch its bytes once.
      const signature = strided ? stridedSignature(group, strided) : null;
      if (signature !== null && array.stridedSets.has(signature)) continue;
      if (signature !== null) array.stridedSets.add(signature);
      array.distinctBytes += Math.min(distinctSectors * SECTOR_BYTES, group.requestBytes * reuse);
    }
    this.groups.clear();
  }

  summary(): TrafficFootprint | null {
    if (this.unknown) return null;
    this.measureGroups();
    const blocks = this.grid[0] * this.grid[1] * this.grid[2];
    let blockBytes = this.streamingBytes;
    let launchBytes = this.streamingBytes * blocks;
    let privateLoaded = 0;
    let sharedLoaded = 0;
    for (const array of this.arrays.values()) {
      const span = mergedSectors(array.intervals) * SECTOR_BYTES;
      const touched = Math.min(span, array.distinctBytes);
      blockBytes += touched;
      if (array.loads && array.ctaid.every((coefficient) => coefficient === 0)) sharedLoaded += touched;
      else if (array.loads) privateLoaded = Math.max(privateLoaded, touched);
      // Blocks at one address share its bytes (a weight vector); blocks shifted along the grid touch
      // at most the extent from the first block's start to the last one's end (rows of a matrix,
      // a stencil's overlapping halos, a grid-stride loop's interleaved blocks).
      const shift = array.ctaid.reduce((sum, coefficient, axis) => sum + Math.abs(coefficient) * (this.grid[axis] - 1), 0);
      launchBytes += shift === 0 ? touched : Math.min(touched * blocks, Math.ceil((span + shift) / SECTOR_BYTES) * SECTOR_BYTES);
    }
    return {
      l2BytesPerBlock: this.l2Bytes,
      blockFootprintBytes: blockBytes,
      launchFootprintBytes: launchBytes,
      loadedBytesPerBlock: privateLoaded,
      sharedLoadedBytes: sharedLoaded,
      streamingSites: this.streamingSites,
      streamingReason: this.streamingReason,
    };
  }
}

/** What a strided group's bytes are: its warps' offsets, where its iterations start, its step and count. */
function stridedSignature(group: AccessGroup, strided: { bytes: number; count: number }): string {
  const offsets = group.warps.map((lanes) => (lanes === undefined ? '' : [...new Set(lanes)].sort((a, b) => a - b).join(',')));
  return `${offsets.join(';')}|${group.low}|${strided.bytes}|${strided.count}|${group.width}`;
}

const NCTAID = /^%nctaid\.([xyz])$/;

/**
 * A monomial with the grid's sizes put in for %nctaid (the launch is known): a grid-stride
 * loop's `iter:3*%nctaid.x` (step blockDim.x x gridDim.x) becomes iter:3 with the grid's width in
 * its coefficient. An empty monomial is a constant.
 */
function gridSizesApplied(
  monomial: string,
  coefficient: number,
  grid: [number, number, number],
): { monomial: string; coefficient: number } {
  if (!monomial.includes('%nctaid')) return { monomial, coefficient };
  const kept: string[] = [];
  for (const factor of monomial.split('*')) {
    const axis = NCTAID.exec(factor);
    if (axis) coefficient *= grid['xyz'.indexOf(axis[1])];
    else kept.push(factor);
  }
  return { monomial: kept.join('*'), coefficient };
}

/** Sectors covered by the union of byte intervals [start, end). */
function mergedSectors(intervals: Array<[number, number]>): number {
  const sorted = intervals
    .map(([start, end]): [number, number] => [Math.floor(start / SECTOR_BYTES), Math.ceil(end / SECTOR_BYTES)])
    .sort((a, b) => a[0] - b[0]);
  let sectors = 0;
  let coveredTo = -Infinity;
  for (const [start, end] of sorted) {
    if (end <= coveredTo) continue;
    sectors += end - Math.max(start, coveredTo);
    coveredTo = end;
  }
  return sectors;
}
