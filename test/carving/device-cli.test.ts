// `carve carve --time` ran on an H100 from the shipped bundle (device/carve-cli). The carving
// there must equal the carving here of the same variants' static metrics (the fixture made
// with nvcc 13 on this machine) with the carving that run used (the paper's, the default then),
// and every survivor must have been timed by the harness.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { carve, PAPER_CARVE_OPTIONS, type CarveShardOutput } from '../../src/analysis/carving/index.js';

interface DeviceRun {
  space: string;
  total: number;
  survivors: Array<{ parameters: Record<string, number> }>;
  steps: Array<{ name: string; before: number; after: number }>;
  timings: Array<{ variant: string; rank: number; medianMs: number; ciLowMs: number; ciHighMs: number; n: number }>;
}

const id = (parameters: Record<string, number | string>) =>
  Object.entries(parameters)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');

describe.each(['sgemm', 'transpose'])('carve carve --time on the H100: %s', (space) => {
  const device = JSON.parse(readFileSync(`device/carve-cli/results/carve-time-${space}.json`, 'utf8')) as DeviceRun;
  const fixture = JSON.parse(readFileSync(`test/fixtures/carving/${space}.metrics.json`, 'utf8')) as { shard: CarveShardOutput };

  it('carved the same survivors as the static metrics here', () => {
    const { objective, band } = fixture.shard.options;
    const local = carve(space, 'sm_90', fixture.shard.metrics, { ...PAPER_CARVE_OPTIONS, objective, band });
    expect(device.total).toBe(fixture.shard.metrics.length);
    expect(device.steps.map((s) => `${s.name} ${s.before}->${s.after}`)).toEqual(
      local.steps.map((s) => `${s.name} ${s.before}->${s.after}`),
    );
    expect(device.survivors.map((s) => id(s.parameters)).sort()).toEqual(local.survivors.map((s) => id(s.parameters)).sort());
  });

  it('timed every survivor with 50 samples and ranked them by median', () => {
    expect(device.timings.map((t) => t.variant).sort()).toEqual(device.survivors.map((s) => id(s.parameters)).sort());
    expect(device.timings.every((t) => t.n === 50 && t.ciLowMs <= t.medianMs && t.medianMs <= t.ciHighMs)).toBe(true);
    const byRank = [...device.timings].sort((a, b) => a.rank - b.rank);
    for (let i = 1; i < byRank.length; i++) expect(byRank[i].medianMs).toBeGreaterThanOrEqual(byRank[i - 1].medianMs);
  });
});
