import { describe, expect, it } from 'vitest';
import { compareReports } from '../../src/analysis/compare/index.js';
import { defaultConfig } from '../../src/config/load.js';
import { reportSchemaErrors } from '../../src/report/validate.js';
import type { CarveConfig } from '../../src/config/types.js';
import { loadReport } from './fixtures.js';

const config = defaultConfig();
const withThresholds = (overrides: Partial<CarveConfig['thresholds']>): CarveConfig => ({
  ...config,
  thresholds: { ...config.thresholds, ...overrides },
});
const summary = (findings: ReturnType<typeof compareReports>['findings']) =>
  findings.map((f) => `${f.severity} ${f.kind} ${f.kernel} ${f.file?.split('/').pop() ?? '-'}:${f.line ?? '-'} ${f.title}`);

describe('compareReports on real nvcc 13 sm_90 reports', () => {
  const base = loadReport('base');
  const head = loadReport('head');

  it('fixtures are valid reports', () => {
    for (const name of ['base', 'head', 'head-broken'] as const) expect(reportSchemaErrors(loadReport(name))).toEqual([]);
  });

  it('pairs kernels by mangled name + arch; a kernel that only moved lines is unchanged', () => {
    const comparison = compareReports(base, head, config);
    expect(comparison.headOnly).toBe(false);
    expect(comparison.kernels.map((k) => `${k.name}@${k.arch}:${k.status}`)).toEqual([
      'regtile@sm_90:changed',
      'gather@sm_90:changed',
      'steady@sm_90:unchanged',
    ]);
    // steady's lines really moved (a comment line added above it in head).
    const steady = comparison.kernels[2];
    expect(steady.base!.accesses.map((a) => a.line)).toEqual([5, 5, 5]);
    expect(steady.head!.accesses.map((a) => a.line)).toEqual([6, 6, 6]);
  });

  it('finds the register cliff and the stride-32 load with their lines, and nothing for the unchanged kernel', () => {
    const comparison = compareReports(base, head, config);
    expect(summary(comparison.findings)).toEqual([
      'failure cliff regtile regtile.cu:- +16 registers → 4 → 3 blocks/SM (occupancy 50% → 37.5%)',
      'failure uncoalesced gather gather.cu:6 new uncoalesced global load at gather.cu:6: 32 sectors/request vs ideal 4',
      'warning uncoalesced regtile regtile.cu:16 worse strided global load at regtile.cu:16 (6 sites): 12 sectors/request vs ideal 2',
      'warning instructions regtile regtile.cu:- +32.5% dynamic instructions per thread (154 → 204)',
    ]);
    // gather's +10.5% instructions (19 -> 21) is above the percentage but below the floor of 32 instructions.
    const noFloor = compareReports(base, head, withThresholds({ instructionsGrowthMin: 2 }));
    expect(summary(noFloor.findings).filter((f) => f.includes('instructions gather'))).toEqual([
      'warning instructions gather gather.cu:- +10.5% dynamic instructions per thread (19 → 21)',
    ]);
    expect(
      compareReports(base, head, withThresholds({ instructionsGrowthMin: 3 })).findings.filter(
        (f) => f.kind === 'instructions' && f.kernel === 'gather',
      ),
    ).toEqual([]);
    const cliff = comparison.findings[0];
    expect(cliff.evidence).toMatchObject({
      registersBase: 64,
      registersHead: 80,
      blockSize: 256,
      blocksPerSMBase: 4,
      blocksPerSMHead: 3,
      warpsPerSMBase: 32,
      warpsPerSMHead: 24,
      cause: 'registers',
    });
    expect(cliff.remedy).toContain('`__launch_bounds__(256, 4)` or `-maxrregcount=64`');
    const gather = comparison.findings[1];
    expect(gather.evidence).toMatchObject({
      class: 'uncoalesced',
      sectorsPerRequest: 32,
      idealSectors: 4,
      dynamicWeight: 1,
      baseClass: 'coalesced',
      baseSectorsPerRequest: 4,
    });
    expect(gather.remedy).toContain('shared memory');
    expect(comparison.findings[2].remedy).toContain('structure-of-arrays');
    // The register growth is stated by the cliff; no separate "registers" finding.
    expect(comparison.findings.some((f) => f.kind === 'registers')).toBe(false);
  });

  it('is quiet when nothing changed: identical reports give zero findings', () => {
    for (const report of [base, head]) {
      const comparison = compareReports(report, structuredClone(report), config);
      expect(comparison.findings).toEqual([]);
      expect(comparison.kernels.every((k) => k.status === 'unchanged')).toBe(true);
    }
  });

  it('a build error present on both sides is still listed, as a warning marked alsoOnBase', () => {
    const broken = loadReport('head-broken');
    const comparison = compareReports(broken, structuredClone(broken), config);
    expect(comparison.kernels.every((k) => k.status === 'unchanged')).toBe(true);
    expect(
      comparison.findings.map((f) => [f.kind, f.severity, f.evidence.alsoOnBase, f.title.includes('(also on the base side)')]),
    ).toEqual([['build', 'warning', true, true]]);
  });

  it('head-only (no base): only absolute findings, marked head-only, every kernel added', () => {
    const comparison = compareReports(null, head, config);
    expect(comparison.headOnly).toBe(true);
    expect(comparison.kernels.map((k) => k.status)).toEqual(['added', 'added', 'added']);
    expect(summary(comparison.findings)).toEqual([
      'failure uncoalesced gather gather.cu:6 new uncoalesced global load at gather.cu:6: 32 sectors/request vs ideal 4',
      'warning uncoalesced regtile regtile.cu:14 new strided global load at regtile.cu:14 (8 sites): 2 sectors/request vs ideal 1',
      'warning uncoalesced regtile regtile.cu:16 new strided global load at regtile.cu:16 (6 sites): 12 sectors/request vs ideal 2',
    ]);
    expect(comparison.findings.every((f) => f.evidence.headOnly === true)).toBe(true);
  });

  it('a file that fails to build on the head side is a build finding with its line; the others are still compared', () => {
    const comparison = compareReports(base, loadReport('head-broken'), config);
    const build = comparison.findings.filter((f) => f.kind === 'build');
    expect(build.map((f) => [f.severity, f.file, f.line, f.title])).toEqual([
      ['failure', 'test/fixtures/reports/src/head/broken.cu', 4, 'build failed for broken.cu: identifier "undeclared_value" is undefined'],
    ]);
    expect(comparison.findings.filter((f) => f.kind === 'cliff' || f.kind === 'uncoalesced')).toHaveLength(3);
  });

  it('thresholds: uncoalescedMinWeight hides light sites, growth thresholds hide small growth', () => {
    const quiet = compareReports(base, head, withThresholds({ uncoalescedMinWeight: 2, instructionsGrowthPercent: 50 }));
    expect(quiet.findings.map((f) => f.kind)).toEqual(['cliff']);
  });

  it('registers headroom: the head kernel 0 registers from its next cliff is reported only when configured so and not already dropping', () => {
    // gather keeps 8 blocks/SM at 10 registers with headroom 22 (to 32 registers): within a threshold of 22, not of 21.
    const gatherHead = head.kernels.find((k) => k.name === 'gather')!;
    expect(gatherHead.cliffs!.registers).toEqual({ headroom: 22, blocksAfterDrop: 6, shedToGain: null, blocksAfterGain: null });
    const near = compareReports(base, head, withThresholds({ registerHeadroom: 22 })).findings.filter(
      (f) => f.kind === 'cliff' && f.kernel === 'gather',
    );
    expect(near.map((f) => f.title)).toEqual([]);
    // The base had the same headroom and blocks/SM: not new, so still quiet. Remove the base's cliffs and it becomes new.
    const baseWithoutCliffs = structuredClone(base);
    baseWithoutCliffs.kernels.find((k) => k.name === 'gather')!.cliffs = null;
    const fresh = compareReports(baseWithoutCliffs, head, withThresholds({ registerHeadroom: 22 })).findings.filter(
      (f) => f.kind === 'cliff' && f.kernel === 'gather',
    );
    expect(fresh.map((f) => [f.severity, f.title])).toEqual([['notice', '+23 registers → 8 → 6 blocks/SM (headroom 22 registers)']]);
    expect(
      compareReports(baseWithoutCliffs, head, withThresholds({ registerHeadroom: 21 })).findings.filter(
        (f) => f.kind === 'cliff' && f.kernel === 'gather',
      ),
    ).toEqual([]);
  });

  it('spills appearing are a failure; a removed kernel gives no finding', () => {
    const spilled = structuredClone(head);
    const kernel = spilled.kernels.find((k) => k.name === 'steady')!;
    kernel.resources = { ...kernel.resources!, spillStoreBytes: 24, spillLoadBytes: 16, localBytes: 40 };
    const spill = compareReports(base, spilled, config).findings.filter((f) => f.kind === 'spill');
    expect(spill.map((f) => [f.kernel, f.severity, f.title])).toEqual([
      ['steady', 'failure', 'spills: 0 → 24 B stores, 0 → 16 B loads per thread'],
    ]);
    const removed = structuredClone(head);
    removed.kernels = removed.kernels.filter((k) => k.name !== 'steady');
    const comparison = compareReports(base, removed, config);
    expect(comparison.kernels.find((k) => k.name === 'steady')!.status).toBe('removed');
    expect(comparison.findings.some((f) => f.kernel === 'steady')).toBe(false);
  });
});

describe('compareReports: shared-memory bank conflicts and divergence (real sm_90 reports)', () => {
  const base = loadReport('base-extra');
  const head = loadReport('head-extra');

  it('a dropped padding is a new 32-way bank conflict at the column read; a lane-dependent branch in a loop is one finding per line', () => {
    const comparison = compareReports(base, head, config);
    expect(summary(comparison.findings)).toEqual([
      'warning bank-conflict transpose transpose.cu:13 32-way bank conflict on shared load at transpose.cu:13 (base 1-way)',
      'warning divergence branchy branchy.cu:8 new divergent branch in a loop (depth 1) at branchy.cu:8 (16 branches)',
      'warning instructions branchy branchy.cu:- +101% dynamic instructions per thread (209 → 420)',
    ]);
    expect(comparison.findings[0].remedy).toContain('`[32][33]`');
    expect(comparison.findings[1].evidence).toMatchObject({ loopDepth: 1, dynamicWeight: 64, sites: 16 });
  });

  it('the reverse change (padding added back, branch removed) gives no bank-conflict or divergence finding', () => {
    const kinds = compareReports(head, base, config).findings.map((f) => f.kind);
    expect(kinds).toEqual([]);
  });
});
