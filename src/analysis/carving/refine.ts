// The timed refinement stage (`carve carve --time`, `carve retune`): static carving cannot
// guarantee the best (on SGEMM_CUDA kernel 5 the frontier misses it), so within a budget of
// timings (default 5% of the space) it times the survivors the model ranks first (a quarter of
// the budget), then the model's first among every variant that passed the threshold steps (up
// to half), taken in turn from each count of resident warps per SM, then, in rounds of halving
// size, the variants nearest the measured best in the parameter space (ties: the model's rank),
// re-centring on each round's best. The model is the static cycle estimate (estimate.ts) with a
// bank-conflict penalty. The timer is injected: the harness on a GPU, or recorded timings for
// offline evaluation and tests.
import type { Diagnostic } from '../../model/types.js';
import { median, timingStats, type TimingStats } from '../../timing/stats.js';
import type { Timer } from '../../timing/timers.js';
import type { CarveResult, CarvedVariant } from './carve.js';
import { estimateCycles } from './estimate.js';
import type { ParameterValue } from './space.js';

/** Exponent of the bank-conflict penalty in the timed stage's ranking (0.25 to 1 all find k5's best; the middle). */
export const DEFAULT_BANK_CONFLICT_PENALTY = 0.5;

/**
 * Estimates closer than this share rank as tied in the timed stage's order (modelRanks): about
 * the estimate's own error on the copies its DRAM curve and block starts were fitted to (root
 * mean square of the log 5.7% and 4.7%). Chosen on the development spaces among 0.2% to 10%
 * (docs/carving-spaces.md).
 */
export const DEFAULT_ESTIMATE_TIE_SHARE = 0.05;

/** Share of the space the timed stage may time by default (the issue's 5%: at least 95% pruned). */
export const DEFAULT_TIMING_BUDGET = 0.05;

export interface RefineOptions {
  /** Share of the space's variants that may be timed (0 < share <= 1). */
  budgetShare: number;
  /** A count instead of the share (the CLI's --budget N); clamped to the space size. */
  budgetCount?: number;
  /** Share of the budget the first round may take before the search around the measured best (default 0.5). */
  survivorShare?: number;
  /**
   * Share of the budget kept for the static survivors in the first round (default 0.25, and at
   * least one slot of the first round left over); the rest of the first round goes to the
   * model's first among all variants that passed the threshold steps (SGEMM_CUDA kernel 10's
   * best is 6th there and not on the frontier; at a budget of one or two, llm.c softmax's best,
   * version 7 at block 1024, is the model's first and not on the frontier).
   */
  frontierShare?: number;
  /** Exponent of the bank-conflict penalty in the ranking (default DEFAULT_BANK_CONFLICT_PENALTY). */
  bankConflictPenalty?: number;
  /** Estimates within this share of each other rank as tied (default DEFAULT_ESTIMATE_TIE_SHARE); see modelRanks. */
  estimateTieShare?: number;
  /** The space's parameter lists, for distances (default: each parameter's values in sorted order). */
  parameterLists?: Record<string, ParameterValue[]>;
  seed?: number;
}

export interface RefinedTiming extends TimingStats {
  variant: string;
  rank: number;
  /** survivor: a static-carving survivor; ranked: among the model's first; nearest: found around the measured best. */
  source: 'survivor' | 'ranked' | 'nearest';
  round: number;
}

export interface RefinementRound {
  round: number;
  /** The measured best the round searched around (null for the survivors' round). */
  center: string | null;
  timed: string[];
}

export interface Refinement {
  /** Variants the budget allows (after clamping). */
  budget: number;
  /** Variants timed (failed timings included: they used the budget). */
  timedCount: number;
  notes: string[];
  rounds: RefinementRound[];
  /** Timed variants with samples, fastest first. */
  ranking: RefinedTiming[];
  best: RefinedTiming | null;
  /** Sum of every timed sample, milliseconds (what the stage cost on the GPU, launches only). */
  gpuMs: number;
  /** The samples of every variant timed successfully. */
  samples: Map<string, number[]>;
  diagnostics: Diagnostic[];
}

/** The number of variants a budget allows: share x space size (at least 1), or a count clamped to the size. */
export function resolveBudget(
  total: number,
  options: Pick<RefineOptions, 'budgetShare' | 'budgetCount'>,
): { budget: number; notes: string[] } {
  const notes: string[] = [];
  let budget = options.budgetCount ?? Math.max(1, Math.floor(options.budgetShare * total));
  if (budget > total) {
    notes.push(`timing budget ${budget} is above the space size (${total} variants): clamped to ${total}`);
    budget = total;
  }
  return { budget, notes };
}

/**
 * The model's rank key (higher first): 1 / the estimated cycles on the arch (estimate.ts), the
 * cycles multiplied by (worst bank-conflict degree) ^ bankConflictPenalty. A penalty, not a
 * removal: the best sgemm and k9 variants have 8-way conflicts; on k5, TM=16,TN=8 (2-way) runs
 * 1.7x faster than TM=8,TN=16 (4-way) at the same instruction count. Where the estimate is
 * unknown (no SM count for the arch), efficiency stands in.
 */
export function modelScore(v: CarvedVariant, arch: string, bankConflictPenalty = DEFAULT_BANK_CONFLICT_PENALTY): number {
  if (v.efficiency === null) return -Infinity;
  const penalty = Math.pow(Math.max(1, v.bankConflictWays ?? 1), bankConflictPenalty);
  const estimate = estimateCycles(v, arch);
  return estimate ? 1 / (estimate.cycles * penalty) : v.efficiency / penalty;
}

/**
 * What the model's ranking of these variants cannot see, said once: variants whose global
 * traffic is unknown are ranked by the bytes their threads request (a lower bound) or by issue
 * time alone, variants without an estimate by efficiency, and those whose instructions and bytes
 * rest on trip counts the code does not give (a data-dependent loop) are named.
 */
function rankingGaps(variants: CarvedVariant[], arch: string): string | null {
  let requestedOnly = 0;
  let issueOnly = 0;
  let noEstimate = 0;
  for (const v of variants) {
    const estimate = estimateCycles(v, arch);
    if (estimate === null) noEstimate++;
    else if (estimate.memoryFrom === 'requested bytes') requestedOnly++;
    else if (estimate.memoryCyclesPerWave === null) issueOnly++;
  }
  const parts: string[] = [];
  const unknownTraffic = "their global traffic is unknown: a global site's sectors per request are unknown";
  if (requestedOnly > 0)
    parts.push(`${requestedOnly} by the bytes their threads request, a lower bound of their traffic (${unknownTraffic})`);
  if (issueOnly > 0) parts.push(`${issueOnly} by instructions alone (${unknownTraffic})`);
  if (noEstimate > 0) parts.push(`${noEstimate} by efficiency (no cycle estimate: instructions, blocks per SM or the SM count unknown)`);
  const assumed = variants.filter((v) => v.assumedLoops !== undefined);
  if (assumed.length > 0)
    parts.push(
      `${assumed.length} by instructions and bytes that rest on loop trip counts the code does not give (${assumed[0].id}: ${assumed[0].assumedLoops})`,
    );
  return parts.length ? `of the ${variants.length} variants that passed threshold carving, the model ranks ${parts.join(' and ')}` : null;
}

/**
 * Share of the built variants past threshold carving whose loops run on assumed counts above
 * which the timed stage's first round goes to the static survivors only. Chosen on the
 * development spaces (docs/carving-spaces.md): over the 29 of 112 whose variants rest on assumed
 * counts, the survivors held a variant within 2% of the best in 19, the timed stage found one in 13
 * (the cycle estimate, from the same counts, ranks variants the frontier had removed first); any
 * share from 0 to 0.99 gave the same development figures.
 */
export const ASSUMED_LOOPS_SURVIVORS_FIRST = 0.5;

/** Whether most of these built variants (those that passed threshold carving) rest on assumed loop counts. */
function restsOnAssumedLoops(built: readonly CarvedVariant[]): boolean {
  return built.length > 0 && built.filter((v) => v.assumedLoops !== undefined).length / built.length > ASSUMED_LOOPS_SURVIVORS_FIRST;
}

function valueLists(variants: CarvedVariant[], given?: Record<string, ParameterValue[]>): Record<string, ParameterValue[]> {
  if (given) return given;
  const lists: Record<string, ParameterValue[]> = {};
  for (const v of variants) {
    for (const [name, value] of Object.entries(v.parameters)) {
      const list = (lists[name] ??= []);
      if (!list.includes(value)) list.push(value);
    }
  }
  for (const list of Object.values(lists)) {
    if (list.every((x) => typeof x === 'number')) list.sort((a, b) => Number(a) - Number(b));
  }
  return lists;
}

/** Steps between two variants in the parameter space: sum over parameters of the distance of their positions in the value list. */
export function parameterDistance(a: CarvedVariant, b: CarvedVariant, lists: Record<string, ParameterValue[]>): number {
  let distance = 0;
  for (const [name, list] of Object.entries(lists)) {
    const i = list.indexOf(a.parameters[name]);
    const j = list.indexOf(b.parameters[name]);
    distance += i < 0 || j < 0 ? list.length : Math.abs(i - j);
  }
  return distance;
}

/**
 * The first `count` of `ordered` (the model's order), taken in turn from each count of resident
 * warps per SM (blocks per SM x warps per block; counts in the order of their first variant): the
 * model's first with 8 resident warps, then its first with 16, ..., then the second of each. The
 * estimate issues 4 warp instructions per cycle however few warps are resident, where SGEMM_CUDA
 * kernel 10's one block of 8 warps per SM issues about 2.4 (0.59 ms against 0.43 ms for two
 * blocks); a timing per count lets the measurement choose the count and the search around it
 * the rest. On the development spaces at a 5% budget, this rule alone: kernel 10 87.3% -> 100%
 * of the best, Kernel Tuner's expdist 92.4% -> 97.7%, no space lower.
 */
export function byResidentWarps<T extends Pick<CarvedVariant, 'activeBlocksPerSM' | 'warpsPerBlock'>>(ordered: T[], count: number): T[] {
  const groups = new Map<number, T[]>();
  for (const v of ordered) {
    const residentWarps = (v.activeBlocksPerSM ?? 0) * v.warpsPerBlock;
    const group = groups.get(residentWarps);
    if (group) group.push(v);
    else groups.set(residentWarps, [v]);
  }
  const longest = Math.max(0, ...[...groups.values()].map((group) => group.length));
  const taken: T[] = [];
  for (let depth = 0; depth < longest && taken.length < count; depth++)
    for (const group of groups.values()) if (depth < group.length) taken.push(group[depth]);
  return taken.slice(0, count);
}

/**
 * Whether a variant's block size lies outside 128-256 threads (1) or inside (0): among variants
 * the estimate cannot tell apart, the timed stage starts inside the range the CUDA C++ Best
 * Practices Guide ("Thread and Block Heuristics") gives as a good first one to try; outside it
 * the guide prefers no size, and the estimate decides (a distance from the range in doublings took
 * Rodinia hotspot's 29 x 29 before its 31 x 31 block at a 2.7% higher estimate). (Ryoo's
 * utilization, the next key after the estimate, prefers the most resident blocks: 32 blocks of 64
 * threads an SM, which ran 15-22% slower than 16 of 128 at equal estimates in llm.c gelu_forward,
 * encoder_forward and cuda-samples scan.)
 */
export function blockSizeOutsideGuideRange(v: Pick<CarvedVariant, 'block'>): number {
  const threads = v.block[0] * v.block[1] * v.block[2];
  return threads < 128 || threads > 256 ? 1 : 0;
}

/**
 * The model's order of the variants (rank 0 first): by the estimate, where estimates within
 * `tieShare` of the best not yet ranked count as one (the estimate does not resolve them), then
 * inside each such group block sizes inside the guide's range first (blockSizeOutsideGuideRange),
 * then the estimate, then Ryoo's utilization, then the space's order.
 */
export function modelRanks(variants: CarvedVariant[], arch: string, bankConflictPenalty: number, tieShare: number): Map<string, number> {
  const scores = new Map(variants.map((v) => [v.id, modelScore(v, arch, bankConflictPenalty)]));
  const byScore = [...variants].sort((a, b) => scores.get(b.id)! - scores.get(a.id)! || a.index - b.index);
  const ordered: CarvedVariant[] = [];
  for (let start = 0; start < byScore.length;) {
    // Scores are 1 / cycles: a group holds the variants within tieShare of the first one's cycles.
    const floor = scores.get(byScore[start].id)! / (1 + tieShare);
    let end = start + 1;
    while (end < byScore.length && scores.get(byScore[end].id)! >= floor) end++;
    const group = byScore
      .slice(start, end)
      .sort(
        (a, b) =>
          blockSizeOutsideGuideRange(a) - blockSizeOutsideGuideRange(b) ||
          scores.get(b.id)! - scores.get(a.id)! ||
          (b.utilization ?? 0) - (a.utilization ?? 0) ||
          a.index - b.index,
      );
    ordered.push(...group);
    start = end;
  }
  return new Map(ordered.map((v, rank) => [v.id, rank]));
}

export async function refineByTiming(result: CarveResult, timer: Timer, options: RefineOptions): Promise<Refinement> {
  const { budget, notes } = resolveBudget(result.total, options);
  const penalty = options.bankConflictPenalty ?? DEFAULT_BANK_CONFLICT_PENALTY;
  const rankOf = modelRanks(result.variants, result.arch, penalty, options.estimateTieShare ?? DEFAULT_ESTIMATE_TIE_SHARE);
  const byModel = (a: CarvedVariant, b: CarvedVariant) => rankOf.get(a.id)! - rankOf.get(b.id)!;
  // The search stays among variants that passed threshold carving (a variant removed for
  // uncoalesced access or local memory is not a neighbour worth a timing).
  const eligible = result.variants.filter((v) => v.status === 'survivor' || v.status === 'merged' || v.status === 'pruned:pareto');
  if (eligible.length < budget)
    notes.push(`${eligible.length} variants passed threshold carving, fewer than the budget of ${budget}: all of them are timed`);
  const builtEligible = eligible.filter((v) => v.built);
  const rankedBlind = rankingGaps(builtEligible, result.arch);
  if (rankedBlind) notes.push(rankedBlind);
  const lists = valueLists(result.variants, options.parameterLists);
  const samples = new Map<string, number[]>();
  const sourceOf = new Map<string, { source: RefinedTiming['source']; round: number }>();
  const attempted = new Set<string>();
  const rounds: RefinementRound[] = [];
  const diagnostics: Diagnostic[] = [];

  const timeRound = async (batch: Array<{ id: string; source: RefinedTiming['source'] }>, center: string | null) => {
    const round = rounds.length + 1;
    const ids = batch.map((b) => b.id);
    for (const { id, source } of batch) {
      attempted.add(id);
      sourceOf.set(id, { source, round });
    }
    const timed = await timer(ids);
    diagnostics.push(...timed.diagnostics);
    for (const record of timed.records) {
      if (record.status === 'ok' && record.samplesMs.length && attempted.has(record.variant)) samples.set(record.variant, record.samplesMs);
    }
    rounds.push({ round, center, timed: ids });
  };
  const measuredBest = (): string | null => {
    let best: string | null = null;
    let bestMs = Infinity;
    for (const [id, s] of samples) {
      const ms = median(s);
      if (ms < bestMs) {
        best = id;
        bestMs = ms;
      }
    }
    return best;
  };

  const survivors = [...result.survivors].filter((v) => v.built).sort(byModel);
  const firstBudget = Math.min(budget, Math.max(1, Math.ceil(budget * (options.survivorShare ?? 0.5))));
  // The model's first among every variant that passed the threshold steps always gets a slot (at
  // a budget of one or two, the frontier's first would take the whole first round), unless most
  // of their estimates rest on assumed loop counts: the survivors then take the first round.
  const survivorsFirst = restsOnAssumedLoops(builtEligible);
  const frontierBudget = survivorsFirst ? firstBudget : Math.min(firstBudget - 1, Math.ceil(budget * (options.frontierShare ?? 0.25)));
  const fromFrontier = survivors.slice(0, frontierBudget);
  const taken = new Set(fromFrontier.map((v) => v.id));
  const ranked = byResidentWarps(builtEligible.filter((v) => !taken.has(v.id)).sort(byModel), firstBudget - fromFrontier.length);
  if (survivors.length > fromFrontier.length)
    notes.push(
      `${survivors.length} ${survivors.length === 1 ? 'survivor' : 'survivors'}, ${fromFrontier.length ? `${fromFrontier.length} timed (the model's first${survivorsFirst ? '; most estimates rest on assumed loop counts, so the survivors take the first round' : ''})` : 'none timed first'}; ${ranked.length} more of the model's first among the variants that passed threshold carving, then the rest of the budget searches around the measured best`,
    );
  const first = [
    ...fromFrontier.map((v) => ({ id: v.id, source: 'survivor' as const })),
    ...ranked.map((v) => ({ id: v.id, source: 'ranked' as const })),
  ];
  if (first.length) await timeRound(first, null);

  let batch = Math.ceil((budget - attempted.size) / 2);
  while (attempted.size < budget) {
    const centerId = measuredBest();
    const center = centerId ? (eligible.find((v) => v.id === centerId) ?? result.variants.find((v) => v.id === centerId)) : undefined;
    const candidates = eligible.filter((v) => !attempted.has(v.id));
    if (!candidates.length) break;
    const ordered = center
      ? candidates
          .map((v) => ({ v, d: parameterDistance(v, center, lists) }))
          .sort((a, b) => a.d - b.d || byModel(a.v, b.v))
          .map((x) => x.v)
      : candidates.sort(byModel);
    const take = ordered.slice(0, Math.max(1, Math.min(batch, budget - attempted.size)));
    await timeRound(
      take.map((v) => ({ id: v.id, source: 'nearest' as const })),
      centerId,
    );
    batch = Math.max(1, Math.floor(batch / 2));
  }

  const ranking = [...samples.entries()]
    .map(([variant, s]) => ({
      variant,
      ...timingStats(s, { seed: options.seed ?? 1 }),
      ...(sourceOf.get(variant) as { source: RefinedTiming['source']; round: number }),
    }))
    .sort((a, b) => a.medianMs - b.medianMs || a.variant.localeCompare(b.variant))
    .map((t, i) => ({ ...t, rank: i + 1 }));
  const gpuMs = [...samples.values()].reduce((sum, s) => sum + s.reduce((a, b) => a + b, 0), 0);
  return { budget, timedCount: attempted.size, notes, rounds, ranking, best: ranking[0] ?? null, gpuMs, samples, diagnostics };
}
