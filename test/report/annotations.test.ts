import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compareReports } from '../../src/analysis/compare/index.js';
import { defaultConfig } from '../../src/config/load.js';
import { batchAnnotations, conclusionFor, FINDING_KINDS, toAnnotations, toSarif } from '../../src/report/index.js';
import { loadReport } from '../compare/fixtures.js';

// No instructions floor: gather's +2 instructions (19 -> 21) stays a finding to render.
const config = { ...defaultConfig(), thresholds: { ...defaultConfig().thresholds, instructionsGrowthMin: 0 } };
const comparison = compareReports(loadReport('base'), loadReport('head'), config);

describe('toAnnotations', () => {
  it("one annotation per finding at its line; findings without a line sit on the kernel's first analysed line", () => {
    const annotations = toAnnotations(comparison, config.failOn);
    expect(annotations.map((a) => [a.path, a.start_line, a.end_line, a.annotation_level, a.title])).toEqual([
      ['test/fixtures/reports/src/head/regtile.cu', 11, 11, 'failure', 'Carve cliff: regtile (sm_90)'],
      ['test/fixtures/reports/src/head/gather.cu', 6, 6, 'failure', 'Carve uncoalesced: gather (sm_90)'],
      ['test/fixtures/reports/src/head/regtile.cu', 16, 16, 'failure', 'Carve uncoalesced: regtile (sm_90)'],
      ['test/fixtures/reports/src/head/regtile.cu', 11, 11, 'warning', 'Carve instructions: regtile (sm_90)'],
      ['test/fixtures/reports/src/head/gather.cu', 5, 5, 'warning', 'Carve instructions: gather (sm_90)'],
    ]);
    expect(annotations[0].message.split('\n')[0]).toBe('+16 registers → 4 → 3 blocks/SM (occupancy 50% → 37.5%)');
    expect(JSON.parse(annotations[0].raw_details!)).toEqual(comparison.findings[0].evidence);
  });

  it('levels follow fail-on: kinds outside it are warnings, notices never fail', () => {
    expect(toAnnotations(comparison, ['spill']).map((a) => a.annotation_level)).toEqual([
      'warning',
      'warning',
      'warning',
      'warning',
      'warning',
    ]);
  });

  it('batches in requests of at most 50', () => {
    const many = Array.from({ length: 23 }, () => toAnnotations(comparison, config.failOn)).flat();
    expect(many).toHaveLength(115);
    expect(batchAnnotations(many).map((b) => b.length)).toEqual([50, 50, 15]);
    expect(batchAnnotations([])).toEqual([]);
    expect(batchAnnotations(many).flat()).toEqual(many);
  });
});

describe('conclusionFor', () => {
  it('fails when a finding kind is in fail-on, succeeds otherwise', () => {
    expect(conclusionFor(comparison, config.failOn)).toBe('failure');
    expect(conclusionFor(comparison, ['spill', 'regression'])).toBe('success');
    expect(conclusionFor(comparison, ['instructions'])).toBe('failure');
    expect(conclusionFor(compareReports(loadReport('head'), loadReport('head'), config), config.failOn)).toBe('success');
  });
});

describe('toSarif', () => {
  const sarif = toSarif(comparison, { failOn: config.failOn, toolVersion: '0.1.0' }) as any;

  it('has the SARIF 2.1.0 required structure', () => {
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(sarif.runs).toHaveLength(1);
    const run = sarif.runs[0];
    expect(run.tool.driver.name).toBe('carve');
    const ruleIds = run.tool.driver.rules.map((r: any) => r.id);
    expect(ruleIds).toEqual(FINDING_KINDS.map((k) => `carve/${k}`));
    expect(new Set(ruleIds).size).toBe(ruleIds.length);
    for (const rule of run.tool.driver.rules) expect(rule.shortDescription.text.length).toBeGreaterThan(0);
    expect(run.results).toHaveLength(comparison.findings.length);
    for (const result of run.results) {
      expect(run.tool.driver.rules[result.ruleIndex].id).toBe(result.ruleId);
      expect(['error', 'warning', 'note']).toContain(result.level);
      expect(result.message.text.length).toBeGreaterThan(0);
      for (const location of result.locations) {
        expect(location.physicalLocation.artifactLocation.uri).toMatch(/^test\/fixtures\/reports\/src\/head\/\w+\.cu$/);
        expect(location.physicalLocation.region.startLine).toBeGreaterThanOrEqual(1);
      }
      expect(result.partialFingerprints['carveFinding/v1']).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("maps findings to rules, levels and lines; findings without a line sit on the kernel's first analysed line, as annotations do", () => {
    expect(sarif.runs[0].results.map((r: any) => [r.ruleId, r.level, r.locations[0]?.physicalLocation.region?.startLine ?? null])).toEqual([
      ['carve/cliff', 'error', 11],
      ['carve/uncoalesced', 'error', 6],
      ['carve/uncoalesced', 'error', 16],
      ['carve/instructions', 'warning', 11],
      ['carve/instructions', 'warning', 5],
    ]);
    expect(sarif.runs[0].results.map((r: any) => r.locations[0].physicalLocation.region.startLine)).toEqual(
      toAnnotations(comparison, config.failOn).map((a) => a.start_line),
    );
  });

  it("gives a cliff (no line of its own) its kernel's file and line: the exact result", () => {
    // regtile.cu's first analysed line is 11, the `for (int p ...)` loop of the kernel.
    const cliff = comparison.findings[0];
    const key = `cliff|regtile|sm_90|test/fixtures/reports/src/head/regtile.cu|`;
    expect(sarif.runs[0].results[0]).toEqual({
      ruleId: 'carve/cliff',
      ruleIndex: 0,
      level: 'error',
      message: { text: `regtile (sm_90): ${cliff.title}. ${cliff.message} Remedy: ${cliff.remedy}` },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'test/fixtures/reports/src/head/regtile.cu', uriBaseId: '%SRCROOT%' },
            region: { startLine: 11 },
          },
        },
      ],
      partialFingerprints: { 'carveFinding/v1': createHash('sha256').update(key).digest('hex') },
      properties: {
        kernel: 'regtile',
        arch: 'sm_90',
        evidence: {
          blockSize: 256,
          registersBase: 64,
          registersHead: 80,
          sharedBytesBase: 1024,
          sharedBytesHead: 1024,
          blocksPerSMBase: 4,
          blocksPerSMHead: 3,
          warpsPerSMBase: 32,
          warpsPerSMHead: 24,
          occupancyBase: 0.5,
          occupancyHead: 0.375,
          limiterHead: 'registers',
          cause: 'registers',
        },
      },
    });
    expect(cliff.title).toBe('+16 registers → 4 → 3 blocks/SM (occupancy 50% → 37.5%)');
    expect(readFileSync(path.resolve(import.meta.dirname, '../fixtures/reports/src/head/regtile.cu'), 'utf8').split('\n')[10]).toBe(
      '    for (int p = 0; p < k; ++p) {',
    );
  });
});
