// `carve carve --time` with the default carving and the timed refinement stage ran on an H200
// from the shipped bundle (device/carve-cli/results-timed-stage, command in its COMMAND.txt;
// the H100 run before it, of the code before the block-size tie-break, found the same sgemm best
// and transpose ROWS=4, 98.5% of the exhaustive best).
// The carving there must equal the carving here of the same variants' static metrics; the
// stage's first round (the model's first) does not depend on any timing, so it must equal the
// replay on the recorded every-variant timings (test/fixtures/carving); the later rounds follow
// the GPU run's own medians, so replaying the stage on those gives the same rounds and best. How
// close that best is to the exhaustive best is measured on the recorded timings.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { carve, DEFAULT_CARVE_OPTIONS, refineByTiming, type CarveShardOutput } from '../../src/analysis/carving/index.js';
import { median, parseTimingOutput, recordedTimer } from '../../src/timing/index.js';

interface DeviceRun {
  total: number;
  survivors: Array<{ parameters: Record<string, number> }>;
  steps: Array<{ name: string; before: number; after: number }>;
  timings: Array<{ variant: string; medianMs: number; n: number }>;
  refinement: {
    budget: number;
    timed: number;
    rounds: Array<{ round: number; center: string | null; timed: string[] }>;
    best: { variant: string };
  };
}

const id = (parameters: Record<string, number | string>) =>
  Object.entries(parameters)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');

describe.each([
  ['sgemm', 'BM=64,BN=128,BK=8,TM=8,TN=8', 15, 1],
  ['transpose', 'TX=64,TY=64,ROWS=8,SMEM=1,PAD=1,ORDER=0', 8, 1],
])('timed stage on the GPU: %s', (space, best, budget, ofExhaustiveBest) => {
  const device = JSON.parse(readFileSync(`device/carve-cli/results-timed-stage/carve-time-${space}.json`, 'utf8')) as DeviceRun;
  const fixture = JSON.parse(readFileSync(`test/fixtures/carving/${space}.metrics.json`, 'utf8')) as { shard: CarveShardOutput };
  const { objective, band } = fixture.shard.options;
  const local = carve(space, 'sm_90', fixture.shard.metrics, { ...DEFAULT_CARVE_OPTIONS, objective, band });

  it('carved the same survivors as the static metrics here', () => {
    expect(device.total).toBe(fixture.shard.metrics.length);
    expect(device.steps.map((s) => `${s.name} ${s.before}->${s.after}`)).toEqual(
      local.steps.map((s) => `${s.name} ${s.before}->${s.after}`),
    );
    expect(device.survivors.map((s) => id(s.parameters)).sort()).toEqual(local.survivors.map((s) => id(s.parameters)).sort());
  });

  it('timed its budget, 50 samples each; its first round is the replay of the recorded timings, its later rounds follow from its own medians', async () => {
    expect([device.refinement.budget, device.refinement.timed, device.timings.length]).toEqual([budget, budget, budget]);
    expect(device.timings.every((t) => t.n === 50)).toBe(true);
    const records = parseTimingOutput(readFileSync(`test/fixtures/carving/${space}.timings.jsonl`, 'utf8')).records;
    const replay = await refineByTiming(local, recordedTimer(records, space), { budgetShare: 0.05 });
    expect(device.refinement.rounds[0].timed).toEqual(replay.rounds[0].timed);

    const own = parseTimingOutput(
      device.timings.map((t) => JSON.stringify({ space, variant: t.variant, status: 'ok', samplesMs: [t.medianMs] })).join('\n'),
    ).records;
    const rerun = await refineByTiming(local, recordedTimer(own, space), { budgetShare: 0.05 });
    expect(rerun.rounds.map((r) => [r.center, r.timed])).toEqual(device.refinement.rounds.map((r) => [r.center, r.timed]));
    expect([device.refinement.best.variant, rerun.best?.variant]).toEqual([best, best]);

    const recorded = new Map(records.filter((r) => r.status === 'ok').map((r) => [r.variant, median(r.samplesMs)]));
    const exhaustiveBest = Math.min(...recorded.values());
    expect(Number((exhaustiveBest / recorded.get(best)!).toFixed(3))).toBe(ofExhaustiveBest);
  });
});
