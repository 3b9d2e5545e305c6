// The frontier timing decision on measurements from an H100 (test/fixtures/frontier/h100,
// made by device/frontier/run.sh): recomputed from the recorded samples, it must give the
// recorded verdicts: no regression in 10 of 10 A/A runs, none for either loader change (head's
// fastest variant is `current`; the column loader's carving pruned it), and a regression for the
// slow head.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { frontierTimingVerdict } from '../../src/pipeline/space-timing.js';
import { defaultConfig } from '../../src/config/load.js';
import type { Finding, PrCarvingSummary } from '../../src/model/types.js';

const DIR = path.resolve(import.meta.dirname, '../fixtures/frontier/h100');
const load = (name: string) =>
  JSON.parse(readFileSync(path.join(DIR, `${name}.json`), 'utf8')) as { carving: PrCarvingSummary; findings: Finding[] };
const thresholds = defaultConfig(DIR).thresholds;

function recompute(name: string) {
  const recorded = load(name);
  const frontier = recorded.carving.frontiers[0];
  const timing = frontier.timing!;
  const verdict = frontierTimingVerdict({
    space: frontier.space,
    kernel: 'tile_sum',
    arch: frontier.arch,
    file: 'kernels/tile.cu',
    thresholds,
    rounds: timing.rounds,
    samplesPerRound: timing.samplesPerRound,
    variants: timing.variants.map((v) => ({ side: v.side, id: v.id, survivor: v.survivor, samplesMs: v.samplesMs, error: v.error })),
  });
  return { recorded, timing, verdict };
}

describe('frontier timing verdicts on H100 measurements', () => {
  const aa = Array.from({ length: 10 }, (_, i) => `aa-${i + 1}`);

  it('recomputes every recorded summary and finding exactly', () => {
    for (const name of ['scenario', 'column', 'slow', ...aa]) {
      const { recorded, timing, verdict } = recompute(name);
      expect(verdict.timing, name).toEqual(timing);
      expect(verdict.findings, name).toEqual(recorded.findings.filter((f) => f.kind === 'regression'));
    }
  });

  it('A/A: no regression in 10 of 10 runs; head/base ratios within 0.98-1.05', () => {
    const ratios = aa
      .map((name) => recompute(name))
      .map(({ verdict }) => {
        expect(verdict.findings).toEqual([]);
        return verdict.timing.ratio!;
      });
    expect(Math.min(...ratios)).toBeGreaterThan(0.98);
    expect(Math.max(...ratios)).toBeLessThan(1.05);
  });

  it('the per-thread contiguous loader: carving keeps BLOCK=64,ITEMS=4 on head (its sectors within the L2 factor), both fastest, no regression', () => {
    const { verdict } = recompute('scenario');
    expect([verdict.timing.baseBest!.id, verdict.timing.headBest!.id]).toEqual(['BLOCK=64,ITEMS=4', 'BLOCK=64,ITEMS=4']);
    expect(verdict.timing.variants.find((v) => v.side === 'head' && v.id === 'BLOCK=64,ITEMS=4')!.survivor).toBe(true);
    expect(verdict.findings).toEqual([]);
  });

  it("the column loader: carving prunes BLOCK=64,ITEMS=4 on head (more than 2.38x the least sectors), yet it is head's fastest and as fast as base's: no regression", () => {
    const { recorded, verdict } = recompute('column');
    expect(recorded.carving.frontiers[0].current).toMatchObject({ id: 'BLOCK=64,ITEMS=4', onHead: false, headStatus: 'pruned:coalescing' });
    expect([verdict.timing.baseBest!.id, verdict.timing.headBest!.id]).toEqual(['BLOCK=64,ITEMS=4', 'BLOCK=64,ITEMS=4']);
    expect(verdict.timing.variants.find((v) => v.side === 'head' && v.id === 'BLOCK=64,ITEMS=4')!.survivor).toBe(false);
    expect(verdict.timing.ratio!).toBeLessThan(1);
    expect(verdict.findings).toEqual([]);
  });

  it('the slow head: a failing regression, 2.56x', () => {
    const { verdict } = recompute('slow');
    expect(verdict.findings).toHaveLength(1);
    expect(verdict.findings[0]).toMatchObject({
      kind: 'regression',
      severity: 'failure',
      evidence: { baseBest: 'BLOCK=64,ITEMS=4', headBest: 'BLOCK=64,ITEMS=2' },
    });
    expect(verdict.timing.ratio!.toFixed(2)).toBe('2.56');
  });
});
