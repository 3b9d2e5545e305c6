// Timing regressions from real H100 samples (test/fixtures/reports/timings-h100.csv, made by
// device/compare/run.sh: 40 CUDA-event samples per kernel and side, base/head interleaved).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareReports } from '../../src/analysis/compare/index.js';
import { defaultConfig } from '../../src/config/load.js';
import { compareTimings } from '../../src/timing/stats.js';
import { conclusionFor } from '../../src/report/index.js';
import type { CarveConfig } from '../../src/config/types.js';
import { loadReport, REPORTS_DIR } from './fixtures.js';

const config = defaultConfig();

function samples(): Map<string, { base: number[]; head: number[] }> {
  const rows = readFileSync(path.join(REPORTS_DIR, 'timings-h100.csv'), 'utf8').trim().split('\n').slice(1);
  const byKernel = new Map<string, { base: number[]; head: number[] }>();
  for (const row of rows) {
    const [kernel, side, , ms] = row.split(',');
    const entry = byKernel.get(kernel) ?? { base: [], head: [] };
    entry[side as 'base' | 'head'].push(Number(ms));
    byKernel.set(kernel, entry);
  }
  return byKernel;
}

function timings(cfg: CarveConfig) {
  return [...samples()].map(([kernel, s]) => compareTimings(s.base, s.head, cfg.thresholds.timingAlpha, { kernel, arch: 'sm_90' }));
}

describe('timing regressions on H100 measurements', () => {
  it('has 40 samples per kernel and side', () => {
    expect([...samples()].map(([k, s]) => [k, s.base.length, s.head.length])).toEqual([
      ['gather', 40, 40],
      ['steady', 40, 40],
      ['regtile', 40, 40],
    ]);
  });

  it('stride-32 gather and the register-cliff regtile regress; the unchanged steady kernel is only a notice', () => {
    const measured = timings(config);
    const comparison = compareReports(loadReport('base'), loadReport('head'), config, measured);
    const regressions = comparison.findings.filter((f) => f.kind === 'regression');
    expect(regressions.map((f) => [f.kernel, f.severity])).toEqual([
      ['regtile', 'failure'],
      ['gather', 'failure'],
      ['steady', 'notice'],
    ]);
    for (const finding of regressions) {
      const t = measured.find((m) => m.kernel === finding.kernel)!;
      // Both thresholds hold, and the finding states the measured ratio, CI and p.
      expect(t.pValue).toBeLessThan(config.thresholds.timingAlpha);
      expect((t.ratio - 1) * 100).toBeGreaterThanOrEqual(config.thresholds.timingMinSlowdownPercent);
      expect(finding.evidence).toMatchObject({
        ratio: t.ratio,
        ratioCiLow: t.ratioCiLow,
        ratioCiHigh: t.ratioCiHigh,
        pValue: t.pValue,
        baseSamples: 40,
        headSamples: 40,
      });
      expect(finding.title).toMatch(/^\d+(\.\d+)?× slower \(\+\d+(\.\d+)?%, CI \d+(\.\d+)?–\d+(\.\d+)?×, p = /);
    }
    const gather = measured.find((m) => m.kernel === 'gather')!;
    expect(gather.ratio).toBeGreaterThan(3); // 4 -> 32 sectors per request: ~3.6x on the H100
    expect(regressions[2].message).toContain('identical on both sides');
    // The notice does not fail the check even with regression in fail-on.
    const steadyOnly = compareReports(
      loadReport('base'),
      loadReport('head'),
      config,
      measured.filter((m) => m.kernel === 'steady'),
    );
    expect(conclusionFor({ ...steadyOnly, findings: steadyOnly.findings.filter((f) => f.kind === 'regression') }, ['regression'])).toBe(
      'success',
    );
  });

  it('no finding without both thresholds: a practical threshold above the slowdown, or alpha below p, silences it', () => {
    const measured = timings(config);
    const steady = measured.find((m) => m.kernel === 'steady')!;
    const slowdown = (steady.ratio - 1) * 100;
    const practical = { ...config, thresholds: { ...config.thresholds, timingMinSlowdownPercent: slowdown + 0.1 } };
    expect(
      compareReports(loadReport('base'), loadReport('head'), practical, [steady]).findings.filter((f) => f.kind === 'regression'),
    ).toEqual([]);
    const strict = { ...config, thresholds: { ...config.thresholds, timingAlpha: steady.pValue } };
    expect(
      compareReports(loadReport('base'), loadReport('head'), strict, [steady]).findings.filter((f) => f.kind === 'regression'),
    ).toEqual([]);
    // The same kernel timed against itself (base samples on both sides) is no regression.
    const s = samples().get('gather')!;
    const self = compareTimings(s.base, s.base, config.thresholds.timingAlpha, { kernel: 'gather', arch: 'sm_90' });
    expect(compareReports(loadReport('base'), loadReport('head'), config, [self]).findings.filter((f) => f.kind === 'regression')).toEqual(
      [],
    );
  });
});
