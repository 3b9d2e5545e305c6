// The retune proposal (pure: ranking and samples in, decision out) on the H100 samples of the
// transpose space committed in test/fixtures/carving/transpose.timings.jsonl.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultConfig } from '../../src/config/load.js';
import { decideProposal, type RetuneSpaceResult } from '../../src/pipeline/retune-proposal.js';
import { rankTimings } from '../../src/timing/index.js';

const TIMINGS = path.resolve(import.meta.dirname, '../fixtures/carving/transpose.timings.jsonl');
const records = readFileSync(TIMINGS, 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('{'))
  .map((l) => JSON.parse(l))
  .filter((r) => r.status === 'ok');
const medianOf = (id: string): number => records.find((r) => r.variant === id).medianMs;
const thresholds = defaultConfig().thresholds;

// The fastest variant measured, the second fastest (0.3% slower) and the slowest (7x slower).
const FAST = 'TX=64,TY=64,ROWS=8,SMEM=1,PAD=1,ORDER=0';
const SECOND = 'TX=16,TY=32,ROWS=8,SMEM=0,PAD=0,ORDER=1';
const SLOW = 'TX=64,TY=64,ROWS=1,SMEM=0,PAD=0,ORDER=0';
const parametersOf = (id: string) =>
  Object.fromEntries(
    id
      .split(',')
      .map((kv) => kv.split('='))
      .map(([k, v]) => [k, Number(v)]),
  );

function decide(
  timed: string[],
  survivors: string[],
  current: string | null,
  limits: { timingAlpha: number; timingMinSlowdownPercent: number } = thresholds,
) {
  const chosen = records.filter((r) => timed.includes(r.variant));
  const ranking = rankTimings(chosen, { seed: 1 }).map((r) => ({ variant: r.variant, rank: r.rank, ...r.stats }));
  const samples = new Map<string, number[]>(chosen.map((r) => [r.variant, r.samplesMs]));
  const info: RetuneSpaceResult['current'] = current ? { id: current, parameters: parametersOf(current), status: 'survivor' } : null;
  return decideProposal(ranking, survivors, samples, info, parametersOf, limits);
}

describe('decideProposal', () => {
  it('proposes the fastest variant timed when it beats current by both thresholds', () => {
    const result = decide([FAST, SLOW], [FAST], SLOW);
    expect(result.best?.variant).toBe(FAST);
    expect(result.best?.medianMs).toBe(medianOf(FAST));
    expect(result.versusCurrent?.ratio).toBe(medianOf(FAST) / medianOf(SLOW));
    expect(result.versusCurrent?.pValue).toBeLessThan(thresholds.timingAlpha);
    expect(result.proposal).toEqual({
      action: 'change',
      parameters: { TX: 64, TY: 64, ROWS: 8, SMEM: 1, PAD: 1, ORDER: 0 },
      reason: `${FAST} is 86.1% faster than the current ${SLOW} (median ratio 0.139, CI [0.139, 0.140], p=3.1e-8)`,
    });
  });

  it('keeps current when the survivor is 0.3% faster: not significant at the default alpha, below the practical threshold at alpha 0.05', () => {
    const result = decide([FAST, SECOND], [FAST], SECOND);
    expect(result.versusCurrent?.ratio).toBe(medianOf(FAST) / medianOf(SECOND));
    expect(thresholds).toMatchObject({ timingAlpha: 0.01, timingMinSlowdownPercent: 3 });
    expect(result.proposal).toEqual({
      action: 'keep',
      parameters: parametersOf(SECOND),
      reason: `the fastest variant timed ${FAST} differs from the current ${SECOND} by 0.3%: not significant at alpha 0.01 (p=0.0045, ratio CI [0.991, 1.000])`,
    });
    const looser = decide([FAST, SECOND], [FAST], SECOND, { timingAlpha: 0.05, timingMinSlowdownPercent: 3 });
    expect(looser.proposal.reason).toBe(
      `the fastest variant timed ${FAST} differs from the current ${SECOND} by 0.3%: below the practical threshold of 3%`,
    );
  });

  it('keeps current when it is faster than every survivor', () => {
    const result = decide([FAST, SLOW], [SLOW], FAST);
    expect(result.best?.variant).toBe(SLOW);
    expect(result.proposal.action).toBe('keep');
    expect(result.proposal.parameters).toEqual(parametersOf(FAST));
    expect(result.proposal.reason).toMatch(
      new RegExp(`^the current ${FAST} \\(survivor\\) is 618\\.2% faster than the fastest variant timed ${SLOW} \\(median ratio 7\\.182,`),
    );
  });

  it('keeps current when it is itself the fastest variant timed, and is undecided without current or its samples', () => {
    expect(decide([FAST, SLOW], [FAST, SLOW], FAST).proposal).toEqual({
      action: 'keep',
      parameters: parametersOf(FAST),
      reason: 'the current parameters are the fastest variant timed',
    });
    expect(decide([FAST], [FAST], null).proposal).toEqual({
      action: 'undecided',
      parameters: parametersOf(FAST),
      reason: `the space sets no \`current\` parameters to compare with; the fastest variant timed is ${FAST}`,
    });
    expect(decide([FAST], [FAST], SLOW).proposal).toEqual({
      action: 'undecided',
      parameters: parametersOf(FAST),
      reason: `the current parameters (${SLOW}) were not timed (survivor); the fastest variant timed is ${FAST}`,
    });
  });

  it('is undecided when no survivor was timed, naming why', () => {
    expect(decide([SLOW], [FAST], SLOW)).toEqual({
      best: null,
      versusCurrent: null,
      proposal: { action: 'undecided', parameters: null, reason: 'no survivor was timed' },
    });
    expect(decide([], [FAST], SLOW).proposal.reason).toBe('not timed: the survivors are ranked by the static metrics only');
    expect(decide([], [], SLOW).proposal.reason).toBe('no survivor was timed');
  });
});
