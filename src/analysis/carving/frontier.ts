// Base vs head carving of one space on a pull request: which survivors appeared or vanished,
// whether the configuration in use (`current`) is still on the frontier, and whether the
// predicted best changed. Pure: two CarveResults in, a comparison and its findings out.
import type { Finding, FrontierComparisonSummary, FrontierSideSummary } from '../../model/types.js';
import type { CarveResult, CarvedVariant } from './carve.js';

export type FrontierBest = NonNullable<FrontierSideSummary['best']>;
export type FrontierSide = FrontierSideSummary;
export type FrontierComparison = FrontierComparisonSummary;

/**
 * The survivor Carve would time first: the largest product of efficiency and utilization,
 * each normalised to the side's best built variant (Ryoo et al. rank survivors on both axes;
 * the product is one scalar that prefers neither). Ties go to product order.
 */
export function predictedBest(result: CarveResult): FrontierBest | null {
  let best: CarvedVariant | null = null;
  let bestScore = -Infinity;
  for (const v of result.survivors) {
    if (v.normalizedEfficiency === null || v.normalizedUtilization === null) continue;
    const score = v.normalizedEfficiency * v.normalizedUtilization;
    if (score > bestScore) {
      best = v;
      bestScore = score;
    }
  }
  return best && best.efficiency !== null && best.utilization !== null
    ? { id: best.id, efficiency: best.efficiency, utilization: best.utilization }
    : null;
}

function side(result: CarveResult | null): FrontierSide | null {
  if (!result) return null;
  return { total: result.total, survivors: result.survivors.map((v) => v.id), best: predictedBest(result), steps: result.steps };
}

export function compareFrontiers(
  space: string,
  arch: string,
  base: CarveResult | null,
  head: CarveResult | null,
  currentId: string | null,
): FrontierComparison {
  const baseSide = side(base);
  const headSide = side(head);
  const baseIds = new Set(baseSide?.survivors ?? []);
  const headIds = new Set(headSide?.survivors ?? []);
  const both = baseSide !== null && headSide !== null;
  const statusOf = (result: CarveResult | null, id: string) => result?.variants.find((v) => v.id === id)?.status ?? null;
  return {
    space,
    arch,
    base: baseSide,
    head: headSide,
    plots: [],
    added: both ? [...headIds].filter((id) => !baseIds.has(id)) : [],
    removed: both ? [...baseIds].filter((id) => !headIds.has(id)) : [],
    kept: both ? [...headIds].filter((id) => baseIds.has(id)) : [],
    current:
      currentId === null
        ? null
        : {
            id: currentId,
            onBase: base ? baseIds.has(currentId) : null,
            onHead: head ? headIds.has(currentId) : null,
            headStatus: statusOf(head, currentId),
          },
  };
}

/** A variant's carving status in words: 'pruned:coalescing' -> 'removed at the coalescing step'. */
function statusWords(status: string | null): string {
  if (status === null) return 'not built';
  const pruned = /^pruned:(.+)$/.exec(status);
  return pruned ? `removed at the ${pruned[1]} step` : status;
}

function ratio(a: number, b: number): string {
  return b === 0 ? 'n/a' : `${(a / b).toFixed(3)}x`;
}

/**
 * `frontier` findings: the configuration in use fell off head's frontier (it was a base
 * survivor), or the predicted best changed. Warnings: a moved frontier is a reason to
 * retune, not on its own a reason to block a merge (timing decides that).
 */
export function frontierFindings(comparison: FrontierComparison, sourceFile: string | null, kernel: string): Finding[] {
  const findings: Finding[] = [];
  const { base, head, current } = comparison;
  if (!base || !head) return findings;
  const common = {
    kind: 'frontier' as const,
    severity: 'warning' as const,
    kernel,
    displayName: kernel,
    arch: comparison.arch,
    file: sourceFile,
    line: null,
  };
  if (current && current.onBase === true && current.onHead === false) {
    findings.push({
      ...common,
      title: `space ${comparison.space}: current ${current.id} fell off the carving frontier (${statusWords(current.headStatus)})`,
      message: `The configuration in use survived carving on the base side but was ${statusWords(current.headStatus)} on head; ${head.survivors.length} of ${head.total} variants survive on head.`,
      evidence: {
        space: comparison.space,
        current: current.id,
        headStatus: current.headStatus,
        baseSurvivors: base.survivors.length,
        headSurvivors: head.survivors.length,
      },
      remedy: head.best
        ? `Retune the space (\`carve retune --space ${comparison.space}\`), or time head's predicted best ${head.best.id} against it.`
        : `Retune the space (\`carve retune --space ${comparison.space}\`).`,
    });
  }
  if (base.best && head.best && base.best.id !== head.best.id) {
    const headBestOnBase = base.survivors.includes(head.best.id);
    findings.push({
      ...common,
      title: `space ${comparison.space}: predicted best changed from ${base.best.id} to ${head.best.id}`,
      message: `Head's predicted best ${head.best.id} (efficiency ${ratio(head.best.efficiency, base.best.efficiency)} of base's best, utilization ${ratio(head.best.utilization, base.best.utilization)}) ${headBestOnBase ? 'was already a base survivor' : 'is new on the frontier'}.`,
      evidence: {
        space: comparison.space,
        baseBest: base.best.id,
        headBest: head.best.id,
        baseEfficiency: base.best.efficiency,
        headEfficiency: head.best.efficiency,
        baseUtilization: base.best.utilization,
        headUtilization: head.best.utilization,
      },
      remedy: `Time the survivors (\`carve carve --space ${comparison.space} --time\`) and set \`current\` to the fastest; head's predicted best is ${head.best.id}.`,
    });
  }
  return findings;
}
