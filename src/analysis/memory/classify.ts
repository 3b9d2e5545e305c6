// Per-site classification: evaluates the address of every lane of every warp of the block,
// then counts 32-byte sectors (global) or bank-conflict wavefronts (shared).
import type { AccessClass } from '../../model/types.js';
import { gcd, type Expr } from './expr.js';
import { isUnknown, symbolicKey, WarpEvaluator, type LaneEnvironment, type LaneValue, type Linear } from './linear.js';
import { monomialText } from './symbols.js';
import { idealSectors, idealSharedWavefronts, sectorsTouched, sharedWavefronts, uniqueBytes, SECTOR_BYTES } from './warp.js';

/**
 * One lane of one warp: its environment, and its warp's evaluator (shared by every site of
 * the kernel) with the lane's position in that warp.
 */
export interface Lane {
  env: LaneEnvironment;
  evaluator: WarpEvaluator;
  position: number;
}

/** Lanes of one warp evaluated together (blockCache: shared by every warp with the same block shape and block index). */
export function warpLanes(envs: LaneEnvironment[], blockCache: Map<Expr, LaneValue>): Lane[] {
  const evaluator = new WarpEvaluator(envs, blockCache);
  return envs.map((env, position) => ({ env, evaluator, position }));
}

/**
 * Stands for a value taken through a clamp (WarpEvaluator.clampedSide) where the value must be
 * exact: branch conditions, counts. Only addresses take the clamped side, and say so.
 */
const CLAMPED: LaneValue = { unknown: true, indirect: false, reason: 'a min / max by a warp-uniform bound that lanes may pass' };

/** The value of `expr` in one lane; `clamps`: a clamped min / max may stand as its lane-varying side (addresses). */
export function laneValue(expr: Expr, lane: Lane, clamps = false): LaneValue {
  const value = lane.evaluator.values(expr)[lane.position];
  return !clamps && lane.evaluator.usedClamp(expr) ? CLAMPED : value;
}

/** Whether some lane's value of `address` was taken through a clamped min / max. */
function usedClamp(address: Expr, warps: Lane[][]): boolean {
  const evaluators = new Set<Lane['evaluator']>();
  for (const warp of warps) for (const lane of warp) evaluators.add(lane.evaluator);
  for (const evaluator of evaluators) if (evaluator.usedClamp(address)) return true;
  return false;
}

/** What a classification through a clamp assumes (every lane within the bound: the sectors are an upper bound otherwise). */
const CLAMP_ASSUMPTION = 'no lane past its min / max bound (lanes past it read one address: fewer sectors)';
/** The same for a shared access, whose lanes at one address are one broadcast. */
const SHARED_CLAMP_ASSUMPTION = 'no lane past its min / max bound (lanes past it read one address: fewer wavefronts)';

export interface SiteResult {
  class: AccessClass | null;
  sectorsPerRequest: number | null;
  idealSectors: number | null;
  bankConflictWays: number | null;
  reason: string;
}

const CLASS_RANK: AccessClass[] = ['uniform', 'coalesced', 'misaligned', 'strided', 'uncoalesced'];
const round = (value: number) => Math.round(value * 1000) / 1000;

/** Symbols whose value runs over consecutive integers across blocks or iterations. */
function isRangingSymbol(monomial: string): boolean {
  // iter:N: loop N's iteration; iter:mS: the iterations of a lane-strided merge read at statement S (defs.ts).
  // iter:dN: a quotient or remainder of a ranging index, resolved for the whole warp (linear.ts).
  return /^(%ctaid\.[xyz]|iter:[md]?\d+)$/.test(monomial);
}

/** The text of the first loop-carried factor of a monomial ('%r56 carried around the loop at line 203'). */
function carriedText(monomial: string): string {
  const factor = monomial.split('*').find((name) => name.startsWith('u:carried'))!;
  return monomialText(factor);
}

/**
 * Offsets (mod 32) the warp-uniform part of an address takes, each equally often, and the
 * alignment assumptions made for the rest. Base pointers are assumed 256-byte aligned
 * (cudaMalloc); %ctaid and loop iterations run over all residues; other runtime terms
 * (an int parameter times the element size) are assumed sector-aligned and said so.
 */
function uniformShifts(common: Linear, covered?: { monomial: string; unit: number }): { shifts: number[]; assumptions: string[] } {
  let shifts = [0];
  const assumptions: string[] = [];
  for (const [monomial, coefficient] of common.terms) {
    if (coefficient % SECTOR_BYTES === 0) continue;
    // A multiple of the stride's unit: sector-aligned under the stride's own condition.
    if (covered && monomial === covered.monomial && coefficient % covered.unit === 0) continue;
    if (isRangingSymbol(monomial)) {
      const period = SECTOR_BYTES / gcd(coefficient, SECTOR_BYTES);
      const next: number[] = [];
      for (const shift of shifts)
        for (let r = 0; r < period; r++) next.push((((shift + coefficient * r) % SECTOR_BYTES) + SECTOR_BYTES) % SECTOR_BYTES);
      shifts = next;
    } else if (coefficient === 1 && /^(param:|shared:|global:|var:)/.test(monomial)) {
      assumptions.push(`${monomialText(monomial)} 256-B aligned`);
    } else if (monomial.includes('u:carried')) {
      // The drift of a loop-carried value (carriedValues), whatever its terms: one assumption per loop value.
      assumptions.push(`${carriedText(monomial)} moved by multiples of 32 B`);
    } else {
      assumptions.push(`${coefficient}·${monomialText(monomial)} a multiple of 32 B`);
    }
  }
  return { shifts, assumptions };
}

/** The value of `address` in each lane of `warp` (not to be modified); `clamps` as for laneValue. */
export function laneValues(address: Expr, warp: Lane[], clamps = false): LaneValue[] {
  if (warp.length === 0) return [];
  const all = warp[0].evaluator.values(address);
  // The whole warp in lane order (most sites): its values as they are.
  let whole = all.length === warp.length;
  for (let l = 0; l < warp.length && whole; l++) whole = warp[l].position === l && warp[l].evaluator === warp[0].evaluator;
  if (!whole) return warp.map((lane) => laneValue(address, lane, clamps));
  return !clamps && warp[0].evaluator.usedClamp(address) ? all.map(() => CLAMPED) : all;
}

function strideText(offsets: number[]): string {
  if (offsets.length < 2) return 'one lane';
  const stride = offsets[1] - offsets[0];
  return offsets.every((offset, i) => i === 0 || offset - offsets[i - 1] === stride) ? `lane stride ${stride} B` : 'irregular lane offsets';
}

/**
 * Lanes whose addresses differ by integer multiples of one warp-uniform runtime value P (a
 * kernel parameter, a value loaded from a uniform address): lane l of warp w sits at
 * offsets[w][l] + coefficients[w][l]·P from the warp's common part.
 */
interface SymbolicStride {
  monomial: string;
  coefficients: number[][];
}

type Resolved = { offsets: number[][]; commons: Linear[]; stride: SymbolicStride | null };

/** Resolves every lane to a constant byte offset (plus a multiple of one runtime value) from a warp-uniform part, or says why not. */
function resolveWarps(address: Expr, warps: Lane[][]): Resolved | { unresolved: SiteResult } {
  const offsets: number[][] = [];
  const commons: Linear[] = [];
  const coefficients: number[][] = [];
  let strideMonomial: string | null = null;
  for (const warp of warps) {
    const values = laneValues(address, warp, true);
    const unknownValue = values.find(isUnknown);
    if (unknownValue && isUnknown(unknownValue)) {
      const klass: AccessClass = unknownValue.indirect ? 'indirect' : 'runtime';
      return {
        unresolved: {
          class: klass,
          sectorsPerRequest: null,
          idealSectors: null,
          bankConflictWays: null,
          reason: `address not resolved: ${unknownValue.reason}`,
        },
      };
    }
    const linears = values as Linear[];
    const key = symbolicKey(linears[0]);
    const warpCoefficients = linears.map(() => 0);
    for (let l = 1; l < linears.length; l++) {
      if (symbolicKey(linears[l]) === key) continue;
      const difference = termDifference(linears[l].terms, linears[0].terms);
      const monomials = [...difference.keys()];
      const single =
        monomials.length === 1 &&
        (strideMonomial === null || strideMonomial === monomials[0]) &&
        Number.isInteger(difference.get(monomials[0]));
      if (!single) {
        return {
          unresolved: {
            class: 'runtime',
            sectorsPerRequest: null,
            idealSectors: null,
            bankConflictWays: null,
            reason: `lanes' addresses differ by a runtime amount that is not one multiple of a uniform value (${key || '0'} vs ${symbolicKey(linears[l]) || '0'})`,
          },
        };
      }
      strideMonomial = monomials[0];
      warpCoefficients[l] = difference.get(monomials[0])!;
    }
    offsets.push(linears.map((value) => value.constant));
    commons.push(linears[0]);
    coefficients.push(warpCoefficients);
  }
  return { offsets, commons, stride: strideMonomial === null ? null : { monomial: strideMonomial, coefficients } };
}

/** left - right, term by term, without the zero differences. */
function termDifference(left: Map<string, number>, right: Map<string, number>): Map<string, number> {
  const difference = new Map<string, number>();
  for (const [monomial, coefficient] of left)
    if (coefficient !== (right.get(monomial) ?? 0)) difference.set(monomial, coefficient - (right.get(monomial) ?? 0));
  for (const [monomial, coefficient] of right) if (!left.has(monomial)) difference.set(monomial, -coefficient);
  return difference;
}

function classifyWarp(offsets: number[], width: number, sectors: number, ideal: number): AccessClass {
  if (offsets.every((offset) => offset === offsets[0])) return 'uniform';
  if (sectors === ideal) return 'coalesced';
  const span = Math.max(...offsets) - Math.min(...offsets) + width;
  if (uniqueBytes(offsets, width) === span) return 'misaligned';
  return sectors >= offsets.length * Math.ceil(width / SECTOR_BYTES) ? 'uncoalesced' : 'strided';
}

/** mentions() results by symbol and tree: trees share subtrees (select chains), so each is walked once. */
const mentionMemo = new Map<string, WeakMap<Expr, boolean>>();

/**
 * Whether the tree mentions the symbol `name`. `walk`: the results of one walk through a carried
 * value, whose latches refer back to it (kept apart: inside it, the value being walked counts
 * for nothing, which holds for that walk only).
 */
function mentions(expr: Expr, name: string, walk?: Map<Expr, boolean>): boolean {
  let memo: WeakMap<Expr, boolean> | Map<Expr, boolean> | undefined = walk ?? mentionMemo.get(name);
  if (memo === undefined) mentionMemo.set(name, (memo = new WeakMap()));
  const known = memo.get(expr);
  if (known !== undefined) return known;
  const found = mentionsUncached(expr, name, walk);
  memo.set(expr, found);
  return found;
}

function mentionsUncached(expr: Expr, name: string, walk: Map<Expr, boolean> | undefined): boolean {
  switch (expr.op) {
    case 'const':
    case 'opaque':
      return false;
    case 'carried': {
      // Its latches decide whether its induction holds.
      const inner = walk ?? new Map<Expr, boolean>();
      inner.set(expr, false);
      return mentions(expr.entry, name, inner) || (expr.latches ?? []).some((latch) => mentions(latch, name, inner));
    }
    case 'sym':
      return expr.name === name;
    case 'neg':
    case 'not':
    case 'cvta':
      return mentions(expr.a, name, walk);
    case 'pred':
      return expr.parts.some((part) => mentions(part, name, walk));
    case 'select':
      return mentions(expr.cond, name, walk) || mentions(expr.a, name, walk) || mentions(expr.b, name, walk);
    default:
      return mentions(expr.a, name, walk) || mentions(expr.b, name, walk);
  }
}

/** Blocks sampled along one axis of a known grid, and per axis when two are sampled. */
const SAMPLES_ONE_AXIS = 16;
const SAMPLES_TWO_AXES = 6;

/** `count` block indices spread evenly over 0..size-1, both ends included (all of them when size ≤ count). */
function spreadIndices(size: number, count: number): number[] {
  if (size <= count) return Array.from({ length: size }, (_, i) => i);
  return Array.from({ length: count }, (_, i) => Math.round((i * (size - 1)) / (count - 1)));
}

/**
 * Resolves the lanes symbolically; when a division, mask or select of a %ctaid-dependent
 * value blocks that, evaluates the warps of sample blocks instead: with the grid known,
 * blocks spread evenly over it (its edges included: image borders, blocks past the data);
 * else ctaid.x and ctaid.y in 0..3, for the axes the address uses.
 */
function resolveOrSample(
  address: Expr,
  warps: Lane[][],
  grid: [number, number, number] | null,
): { resolved: ReturnType<typeof resolveWarps>; warps: Lane[][]; note: string } {
  const resolved = resolveWarps(address, warps);
  if (!('unresolved' in resolved) || resolved.unresolved.class !== 'runtime') return { resolved, warps, note: '' };
  const usesX = mentions(address, '%ctaid.x');
  const usesY = mentions(address, '%ctaid.y');
  if (!usesX && !usesY) return { resolved, warps, note: '' };
  const perAxis = usesX && usesY ? SAMPLES_TWO_AXES : SAMPLES_ONE_AXIS;
  const axisSamples = (used: boolean, size: number | undefined) =>
    !used ? [0] : size === undefined ? [0, 1, 2, 3] : spreadIndices(size, perAxis);
  const xs = axisSamples(usesX, grid?.[0]);
  const ys = axisSamples(usesY, grid?.[1]);
  const sampled = sampledWarps(warps, xs, ys);
  const retried = resolveWarps(address, sampled);
  if ('unresolved' in retried) return { resolved, warps, note: '' };
  const axisText = (name: string, used: boolean, indices: number[], size: number | undefined) =>
    !used
      ? null
      : size === undefined
        ? `${name} in 0..3`
        : indices.length === size
          ? `${name} all ${size}`
          : `${name} ${indices.length} of ${size} evenly spread`;
  const axes = [axisText('ctaid.x', usesX, xs, grid?.[0]), axisText('ctaid.y', usesY, ys, grid?.[1])].filter(Boolean).join(', ');
  return { resolved: retried, warps: sampled, note: `; averaged over blocks ${axes}` };
}

interface GlobalMeasure {
  klass: AccessClass;
  sectors: number;
  ideal: number;
  assumptions: Set<string>;
}

/** Sectors per request (mean over warps) and the worst warp's class, for lanes at `offsets` from each warp's common part. */
function measureGlobal(
  offsetsPerWarp: number[][],
  commons: Linear[],
  width: number,
  covered?: { monomial: string; unit: number },
  weights?: number[],
): GlobalMeasure {
  let sectorTotal = 0;
  let idealTotal = 0;
  let worst = 0;
  const assumptions = new Set<string>();
  offsetsPerWarp.forEach((offsets, w) => {
    const { shifts, assumptions: made } = uniformShifts(commons[w], covered);
    made.forEach((a) => assumptions.add(a));
    let warpSectors = 0;
    for (const shift of shifts) warpSectors += sectorsTouched(offsets, width, shift);
    warpSectors /= shifts.length;
    const warpIdeal = idealSectors(offsets, width);
    const weight = weights?.[w] ?? 1;
    sectorTotal += warpSectors * weight;
    idealTotal += warpIdeal * weight;
    worst = Math.max(worst, CLASS_RANK.indexOf(classifyWarp(offsets, width, warpSectors, warpIdeal)));
  });
  const count = Math.max(1, weights ? weights.reduce((sum, weight) => sum + weight, 0) : offsetsPerWarp.length);
  return { klass: CLASS_RANK[worst], sectors: round(sectorTotal / count), ideal: round(idealTotal / count), assumptions };
}

/** Threshold searches longer than this report the limit only ("for large P"). */
const MAX_STRIDE_STEPS = 64;
/** Values checked one by one (beyond the sector-aligned multiples) only up to this bound. */
const MAX_STRIDE_VALUES = 64;

/**
 * The class of lanes P·c apart, as P grows: once P·gcd(c) is a multiple of 32 B and the lane
 * groups no longer share sectors, the class and sectors stop changing. Reports that limit,
 * the smallest value (a multiple of the step that keeps P·gcd sector-aligned) from which it
 * holds, and the exact figures at P = 1.
 */
function classifySymbolicStride(
  resolved: Resolved,
  stride: SymbolicStride,
  width: number,
  blockText: string,
  note: string,
  clamped: boolean,
): SiteResult {
  const all = stride.coefficients.flat().filter((c) => c !== 0);
  const unit = all.reduce((g, c) => gcd(g, c), 0);
  const covered = { monomial: stride.monomial, unit };
  // Warps with the same lane offsets, coefficients and uniform part's shifts measure alike at
  // every value: each value is measured once per distinct warp (the full warps of a 1-D block are one).
  const groups = new Map<string, { warp: number; count: number }>();
  resolved.offsets.forEach((offsets, w) => {
    const { shifts, assumptions } = uniformShifts(resolved.commons[w], covered);
    const key = `${offsets.join(',')}|${stride.coefficients[w].join(',')}|${shifts.join(',')}|${assumptions.join(',')}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { warp: w, count: 1 });
  });
  const representatives = [...groups.values()];
  const commons = representatives.map(({ warp }) => resolved.commons[warp]);
  const weights = representatives.map(({ count }) => count);
  const at = (value: number) =>
    representatives.map(({ warp }) => resolved.offsets[warp].map((offset, l) => offset + stride.coefficients[warp][l] * value));
  const measureAt = (value: number) => measureGlobal(at(value), commons, width, covered, weights);
  const step = SECTOR_BYTES / gcd(unit, SECTOR_BYTES);
  const span = Math.max(...resolved.offsets.map((offsets) => Math.max(...offsets) - Math.min(...offsets))) + width;
  const large = step * Math.max(1, Math.ceil((span + SECTOR_BYTES) / (unit * step)));
  const limit = measureAt(large);
  const same = (m: GlobalMeasure) => m.klass === limit.klass && m.sectors === limit.sectors;
  let threshold: number | null = null;
  if (large / step <= MAX_STRIDE_STEPS) {
    threshold = large;
    for (let value = large - step; value >= step && same(measureAt(value)); value -= step) threshold = value;
  }
  // The condition needs no "multiple of" when every value from the threshold on gives the limit.
  let everyValue = step === 1;
  if (!everyValue && threshold !== null && large + step <= MAX_STRIDE_VALUES) {
    everyValue = true;
    for (let value = threshold; value < large + step && everyValue; value++) everyValue = same(measureAt(value));
  }
  const name = monomialText(stride.monomial);
  const arithmetic = stride.coefficients.every((lanes) => lanes.every((c, l) => c === l * (lanes[1] ?? 0)));
  const apart = arithmetic ? `lanes ${name}·${stride.coefficients[0][1]} B apart` : `lane groups ${name}·${unit} B apart`;
  const condition = threshold === null ? `for large ${name}` : `for ${name} ≥ ${threshold}${everyValue ? '' : ` (a multiple of ${step})`}`;
  const one = measureAt(1);
  const atOne = same(one) ? '' : `; ${one.sectors} sectors (${one.klass}) at ${name} = 1`;
  if (clamped) limit.assumptions.add(CLAMP_ASSUMPTION);
  const assumed = limit.assumptions.size ? `; assumes ${[...limit.assumptions].join(', ')}` : '';
  return {
    class: limit.klass,
    sectorsPerRequest: limit.sectors,
    idealSectors: limit.ideal,
    bankConflictWays: null,
    reason: `${limit.klass}: ${apart}, ${width} B per lane: ${limit.sectors} sectors per warp request vs ${limit.ideal} ideal ${condition}${atOne} (${blockText}${note})${assumed}`,
  };
}

/**
 * The lanes of `warps` in each sampled block, by lanes and samples: every site of a kernel
 * samples the same blocks, and sharing the lanes shares their evaluators' memo of common
 * subtrees (dwt2d's thousands of boundary-dependent sites were rebuilding them per site).
 */
const sampledLanes = new WeakMap<Lane[][], Map<string, Lane[][]>>();

function sampledWarps(warps: Lane[][], xs: number[], ys: number[]): Lane[][] {
  let bySamples = sampledLanes.get(warps);
  if (bySamples === undefined) sampledLanes.set(warps, (bySamples = new Map<string, Lane[][]>()));
  const key = `${xs.join(',')}|${ys.join(',')}`;
  let sampled = bySamples.get(key);
  if (sampled === undefined) {
    const samples = ys.flatMap((y) => xs.map((x): [number, number, number] => [x, y, 0]));
    sampled = samples.flatMap((ctaid) => {
      const blockCache = new Map<Expr, LaneValue>();
      return warps.map((warp) =>
        warpLanes(
          warp.map((lane) => ({ ...lane.env, ctaid })),
          blockCache,
        ),
      );
    });
    bySamples.set(key, sampled);
  }
  return sampled;
}

/**
 * Results by lanes, canonical address and the rest of the arguments: a result depends only on
 * those, and unrolled code repeats a site's address (a stencil re-reads its shared tile for
 * every plane), so each distinct one is classified once. An address that is another one plus a
 * constant byte offset (`[%rd6+16]`, the unrolled copies of one load) is keyed by that other
 * address and the offset modulo 128 B: every lane moves by the same amount, so sectors (32 B),
 * banks (32 words of 4 B), lane strides and the reasons' texts come out the same.
 */
const siteResults = new WeakMap<Lane[][], WeakMap<Expr, Map<string, SiteResult>>>();

/** Offsets congruent modulo this classify alike: a multiple of the sector (32 B) and of the bank row (128 B). */
const OFFSET_PERIOD = 128;

/** The address without its constant addends (add/sub of a `const`, nested), and their sum. */
function constantOffset(address: Expr): { base: Expr; offset: number } {
  let base = address;
  let offset = 0;
  for (;;) {
    if ((base.op === 'add' || base.op === 'sub') && base.b.op === 'const' && Number.isInteger(base.b.value)) {
      offset += base.op === 'add' ? base.b.value : -base.b.value;
      base = base.a;
    } else if (base.op === 'add' && base.a.op === 'const' && Number.isInteger(base.a.value)) {
      offset += base.a.value;
      base = base.b;
    } else return { base, offset };
  }
}

function memoised(
  address: Expr,
  width: number,
  laneWarps: Lane[][],
  blockText: string,
  space: string,
  classify: () => SiteResult,
): SiteResult {
  const evaluator = laneWarps[0]?.[0]?.evaluator;
  if (evaluator === undefined) return classify();
  const { base, offset } = constantOffset(evaluator.canonical(address));
  const canonical = evaluator.canonical(base);
  let byAddress = siteResults.get(laneWarps);
  if (byAddress === undefined) siteResults.set(laneWarps, (byAddress = new WeakMap()));
  let byRest = byAddress.get(canonical);
  if (byRest === undefined) byAddress.set(canonical, (byRest = new Map<string, SiteResult>()));
  const key = `${space} ${width} ${blockText} +${((offset % OFFSET_PERIOD) + OFFSET_PERIOD) % OFFSET_PERIOD}`;
  let result = byRest.get(key);
  if (result === undefined) byRest.set(key, (result = classify()));
  return result;
}

/**
 * The class of a global access (sectors) or a shared one (bank conflicts). `grid`: the launch
 * grid when known (sampled blocks spread over it); the same for every site of a kernel.
 */
export function classifyAccess(
  space: 'global' | 'shared',
  address: Expr,
  width: number,
  laneWarps: Lane[][],
  blockText: string,
  grid: [number, number, number] | null = null,
): SiteResult {
  const once = space === 'global' ? classifyGlobalOnce : classifySharedOnce;
  return memoised(address, width, laneWarps, blockText, space, () => once(address, width, laneWarps, blockText, grid));
}

function classifyGlobalOnce(
  address: Expr,
  width: number,
  laneWarps: Lane[][],
  blockText: string,
  grid: [number, number, number] | null,
): SiteResult {
  const { resolved, warps, note } = resolveOrSample(address, laneWarps, grid);
  if ('unresolved' in resolved) return resolved.unresolved;
  const clamped = usedClamp(address, warps);
  if (resolved.stride) return classifySymbolicStride(resolved, resolved.stride, width, blockText, note, clamped);
  const { klass, sectors, ideal, assumptions } = measureGlobal(resolved.offsets, resolved.commons, width);
  if (clamped) assumptions.add(CLAMP_ASSUMPTION);
  const assumed = assumptions.size ? `; assumes ${[...assumptions].join(', ')}` : '';
  return {
    class: klass,
    sectorsPerRequest: sectors,
    idealSectors: ideal,
    bankConflictWays: null,
    reason: `${klass}: ${strideText(resolved.offsets[0])}, ${width} B per lane: ${sectors} sectors per warp request vs ${ideal} ideal (${blockText}${note})${assumed}`,
  };
}

function classifySharedOnce(
  address: Expr,
  width: number,
  laneWarps: Lane[][],
  blockText: string,
  grid: [number, number, number] | null,
): SiteResult {
  const { resolved, warps, note } = resolveOrSample(address, laneWarps, grid);
  if ('unresolved' in resolved) return resolved.unresolved;
  if (resolved.stride) {
    return {
      class: 'runtime',
      sectorsPerRequest: null,
      idealSectors: null,
      bankConflictWays: null,
      reason: `lanes' shared addresses differ by multiples of ${monomialText(resolved.stride.monomial)} (a runtime value): bank conflicts depend on it`,
    };
  }
  let wavefronts = 0;
  let ideal = 0;
  resolved.offsets.forEach((offsets) => {
    wavefronts += sharedWavefronts(offsets, width);
    ideal += idealSharedWavefronts(offsets.length, width);
  });
  const ways = round(wavefronts / ideal);
  const conflict = ways === 1 ? 'no bank conflict' : `${ways}-way bank conflict`;
  return {
    class: null,
    sectorsPerRequest: null,
    idealSectors: null,
    bankConflictWays: ways,
    reason: `${conflict}: ${strideText(resolved.offsets[0])}, ${width} B per lane, ${round(wavefronts / warps.length)} wavefronts per request vs ${round(ideal / warps.length)} ideal (${blockText}${note}; assumes the shared variable starts on a 128-B boundary${usedClamp(address, warps) ? `, ${SHARED_CLAMP_ASSUMPTION}` : ''})`,
  };
}
