// The retune proposal: from the timed survivors' ranking and the samples of the space's
// `current` parameters, change (faster by both the statistical and the practical threshold),
// keep, or undecided (with the reason). Pure: the engine (retune.ts) carves and times.
import type { CarveStep } from '../analysis/carving/index.js';
import { compareTimings, type TimingStats } from '../timing/stats.js';

export interface RetuneVariantTiming extends TimingStats {
  variant: string;
  rank: number;
}

export interface RetuneSpaceResult {
  space: string;
  arch: string;
  kernel: string;
  total: number;
  steps: CarveStep[];
  survivors: Array<{
    id: string;
    parameters: Record<string, number | string>;
    registers: number | null;
    activeBlocksPerSM: number | null;
    occupancy: number | null;
    normalizedEfficiency: number | null;
    normalizedUtilization: number | null;
  }>;
  /** The space's `current` parameters and what carving made of them; null when not configured. */
  current: { id: string; parameters: Record<string, number | string>; status: string } | null;
  timing: {
    source: 'given' | 'command' | 'harness' | 'off';
    ranking: RetuneVariantTiming[];
    /** The timed refinement stage: its budget, what it timed, in how many rounds, its notes (e.g. a clamped budget). */
    refinement?: { budget: number; timed: number; rounds: number; notes: string[]; gpuSeconds: number } | null;
  };
  /** The fastest timed survivor. */
  best: RetuneVariantTiming | null;
  /** best vs current: ratio of medians (best / current) with its CI and the Mann-Whitney p-value. */
  versusCurrent: { ratio: number; ratioCiLow: number; ratioCiHigh: number; pValue: number; speedupPercent: number } | null;
  proposal: { action: 'change' | 'keep' | 'undecided'; parameters: Record<string, number | string> | null; reason: string };
}

/** Picks the proposal from the ranking of the timed survivors and the current configuration's samples. */
export function decideProposal(
  ranking: RetuneVariantTiming[],
  survivorIds: string[],
  samples: Map<string, number[]>,
  current: RetuneSpaceResult['current'],
  parametersOf: (id: string) => Record<string, number | string> | null,
  thresholds: { timingAlpha: number; timingMinSlowdownPercent: number },
): Pick<RetuneSpaceResult, 'best' | 'versusCurrent' | 'proposal'> {
  const best = ranking.find((r) => survivorIds.includes(r.variant)) ?? null;
  if (!best) {
    return {
      best: null,
      versusCurrent: null,
      proposal: {
        action: 'undecided',
        parameters: null,
        reason:
          ranking.length || !survivorIds.length
            ? 'no survivor was timed'
            : 'not timed: the survivors are ranked by the static metrics only',
      },
    };
  }
  if (!current) {
    return {
      best,
      versusCurrent: null,
      proposal: {
        action: 'undecided',
        parameters: parametersOf(best.variant),
        reason: `the space sets no \`current\` parameters to compare with; the fastest variant timed is ${best.variant}`,
      },
    };
  }
  if (best.variant === current.id) {
    return {
      best,
      versusCurrent: null,
      proposal: { action: 'keep', parameters: current.parameters, reason: 'the current parameters are the fastest variant timed' },
    };
  }
  const currentSamples = samples.get(current.id);
  if (!currentSamples?.length) {
    return {
      best,
      versusCurrent: null,
      proposal: {
        action: 'undecided',
        parameters: parametersOf(best.variant),
        reason: `the current parameters (${current.id}) were not timed (${current.status}); the fastest variant timed is ${best.variant}`,
      },
    };
  }
  const test = compareTimings(currentSamples, samples.get(best.variant)!, thresholds.timingAlpha, { kernel: best.variant, seed: 1 });
  const speedupPercent = (1 - test.ratio) * 100;
  const versusCurrent = {
    ratio: test.ratio,
    ratioCiLow: test.ratioCiLow,
    ratioCiHigh: test.ratioCiHigh,
    pValue: test.pValue,
    speedupPercent,
  };
  const significant = test.pValue < thresholds.timingAlpha && test.ratioCiHigh < 1;
  const practical = speedupPercent >= thresholds.timingMinSlowdownPercent;
  if (significant && practical) {
    return {
      best,
      versusCurrent,
      proposal: {
        action: 'change',
        parameters: parametersOf(best.variant),
        reason: `${best.variant} is ${speedupPercent.toFixed(1)}% faster than the current ${current.id} (median ratio ${test.ratio.toFixed(3)}, CI [${test.ratioCiLow.toFixed(3)}, ${test.ratioCiHigh.toFixed(3)}], p=${test.pValue.toPrecision(2)})`,
      },
    };
  }
  if (test.pValue < thresholds.timingAlpha && test.ratioCiLow > 1) {
    return {
      best,
      versusCurrent,
      proposal: {
        action: 'keep',
        parameters: current.parameters,
        reason: `the current ${current.id} (${current.status}) is ${(-speedupPercent).toFixed(1)}% faster than the fastest variant timed ${best.variant} (median ratio ${test.ratio.toFixed(3)}, CI [${test.ratioCiLow.toFixed(3)}, ${test.ratioCiHigh.toFixed(3)}], p=${test.pValue.toPrecision(2)})`,
      },
    };
  }
  const why = !significant
    ? `not significant at alpha ${thresholds.timingAlpha} (p=${test.pValue.toPrecision(2)}, ratio CI [${test.ratioCiLow.toFixed(3)}, ${test.ratioCiHigh.toFixed(3)}])`
    : `below the practical threshold of ${thresholds.timingMinSlowdownPercent}%`;
  return {
    best,
    versusCurrent,
    proposal: {
      action: 'keep',
      parameters: current.parameters,
      reason: `the fastest variant timed ${best.variant} differs from the current ${current.id} by ${speedupPercent.toFixed(1)}%: ${why}`,
    },
  };
}
