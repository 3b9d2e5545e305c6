import { describe, expect, it } from 'vitest';
import { parseConfigText, defaultConfig } from '../../src/config/load.js';

describe('config loader', () => {
  it('fills schema defaults', () => {
    const config = defaultConfig('/repo');
    expect(config.archs).toEqual(['sm_90']);
    expect(config.failOn).toEqual(['cliff', 'uncoalesced', 'regression', 'spill']);
    expect(config.thresholds.registerHeadroom).toBe(2);
    expect(config.loops).toEqual({ assumedTripCount: 1, hints: {} });
    expect(config.baseDir).toBe('/repo');
  });

  it('reports an unknown key with its JSON path and YAML line', () => {
    const text = 'archs: [sm_90]\nthresholds:\n  registerHeadroom: 4\n  bogus: 1\n';
    const result = parseConfigText(text, 'carve.yml', '.');
    expect(result.valid).toBe(false);
    expect(result.diagnostics).toEqual([expect.objectContaining({ jsonPath: '/thresholds/bogus', line: 4, column: 3, file: 'carve.yml' })]);
  });

  it('reports a bad value inside a space with its JSON path', () => {
    const text = [
      'spaces:',
      '  sgemm:',
      '    source: sgemm.cu',
      '    kernel: sgemm',
      '    parameters: { BM: [32, 64] }',
      '    launch: { block: [256], grid: [1] }',
      '    band: 3',
    ].join('\n');
    const result = parseConfigText(text, 'carve.yml', '.');
    expect(result.diagnostics.map((d) => [d.jsonPath, d.line])).toEqual([['/spaces/sgemm/band', 7]]);
    // The defaults stand in so the rest of the gate still runs.
    expect(result.config.archs).toEqual(['sm_90']);
  });

  it('reports YAML syntax errors with line and column, never throws', () => {
    const result = parseConfigText('archs: [sm_90\nfoo: : :', 'carve.yml', '.');
    expect(result.valid).toBe(false);
    expect(result.diagnostics[0].line).toBeGreaterThan(0);
  });

  it('rejects a non-mapping document', () => {
    const result = parseConfigText('- a\n- b\n', 'carve.yml', '.');
    expect(result.diagnostics[0].message).toMatch(/must be a mapping/);
  });
});
