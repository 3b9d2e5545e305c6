// Carving against exhaustive H100 timings (test/fixtures/carving/*.timings.jsonl, made by
// device/carving/run.sh) and the static metrics of every variant (*.metrics.json, made by
// scripts/fixtures/carving-metrics.ts with nvcc 13). Table 5 of [Ryoo08] for these spaces.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { carve, evaluateCarving, PAPER_CARVE_OPTIONS, type CarveShardOutput } from '../../src/analysis/carving/index.js';
import { median, parseTimingOutput, type TimingRecord } from '../../src/timing/index.js';

function load(space: string) {
  const fixture = JSON.parse(readFileSync(`test/fixtures/carving/${space}.metrics.json`, 'utf8')) as { shard: CarveShardOutput };
  const records = parseTimingOutput(readFileSync(`test/fixtures/carving/${space}.timings.jsonl`, 'utf8')).records;
  const timings = new Map(records.map((r) => [r.variant, median(r.samplesMs)]));
  return { metrics: fixture.shard.metrics, options: fixture.shard.options, records, timings };
}

// Values as the fixtures give them with the default (weighted) carving; recomputed with the
// same code after the fixtures were regenerated (scripts/fixtures/carving-metrics.ts).
const EXPECTED: Record<string, { steps: string[]; evaluation: Record<string, number | string>; paper: Array<number | string> }> = {
  sgemm: {
    steps: ['build 318->318', 'launch 318->318', 'coalescing 318->318', 'local-memory 318->317', 'pareto 317->18', 'merge 18->14'],
    evaluation: {
      variants: 318,
      kept: 14,
      prunedPercent: 95.59748427672956,
      bestMs: 0.507776,
      bestId: 'BM=64,BN=128,BK=8,TM=8,TN=8',
      bestKeptMs: 0.507776,
      bestKeptId: 'BM=64,BN=128,BK=8,TM=8,TN=8',
      keptRelativeToBest: 1,
      randomSampleExpectedBestMs: 0.68119511925307,
      randomRelativeToBest: 0.7454193162111555,
      sampleSizeFor90: 88,
      sampleSizeFor95: 154,
    },
    paper: [12, 'BM=64,BN=128,BK=8,TM=8,TN=8', 1],
  },
  transpose: {
    steps: [
      'build 160->160',
      'launch 160->160',
      'coalescing 160->80',
      'local-memory 80->80',
      'bank-conflicts 80->20',
      'traffic 20->20',
      'pareto 20->8',
      'merge 8->8',
    ],
    evaluation: {
      variants: 160,
      kept: 8,
      prunedPercent: 95,
      bestMs: 0.1904,
      bestId: 'TX=64,TY=64,ROWS=8,SMEM=1,PAD=1,ORDER=0',
      bestKeptMs: 0.193376,
      bestKeptId: 'TX=64,TY=64,ROWS=4,SMEM=1,PAD=1,ORDER=0',
      keptRelativeToBest: 0.9846102929008772,
      randomSampleExpectedBestMs: 0.2024239787239717,
      randomRelativeToBest: 0.9406000277251355,
      sampleSizeFor90: 6,
      sampleSizeFor95: 10,
    },
    paper: [4, 'TX=64,TY=64,ROWS=2,SMEM=1,PAD=1,ORDER=0', 0.9759],
  },
};

describe.each(['sgemm', 'transpose'])('%s: static analysis and carving vs the H100', (space) => {
  const { metrics, options, records, timings } = load(space);
  const byId = new Map(metrics.map((m) => [m.id, m]));

  it('every variant was built and timed', () => {
    expect(records.length).toBe(metrics.length);
    expect(records.every((r: TimingRecord) => r.status === 'ok' && byId.get(r.variant)?.built)).toBe(true);
  });

  it("registers and blocks/SM equal the driver's for every variant", () => {
    const registerMismatches = records.filter((r) => r.registers !== byId.get(r.variant)!.registers).map((r) => r.variant);
    const occupancyMismatches = records.filter((r) => r.activeBlocksPerSM !== byId.get(r.variant)!.activeBlocksPerSM).map((r) => r.variant);
    expect(registerMismatches).toEqual([]);
    expect(occupancyMismatches).toEqual([]);
  });

  it('carving keeps few variants and one near the best (Table 5 of [Ryoo08])', () => {
    const result = carve(space, 'sm_90', metrics, options);
    expect(result.steps.map((s) => `${s.name} ${s.before}->${s.after}`)).toEqual(EXPECTED[space].steps);
    const evaluation = evaluateCarving(
      timings,
      result.survivors.map((s) => s.id),
    );
    expect(evaluation).toEqual(EXPECTED[space].evaluation);
  });

  it("the paper's method unchanged (objective ryoo, no band)", () => {
    const result = carve(space, 'sm_90', metrics, { ...PAPER_CARVE_OPTIONS, objective: 'ryoo', band: 0 });
    const evaluation = evaluateCarving(
      timings,
      result.survivors.map((s) => s.id),
    );
    expect([evaluation.kept, evaluation.bestKeptId, Number(evaluation.keptRelativeToBest.toFixed(4))]).toEqual(EXPECTED[space].paper);
  });
});
