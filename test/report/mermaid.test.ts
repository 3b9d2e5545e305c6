// The occupancy chart plots only block sizes both sides evaluated: a size missing from the
// base curve is left off the axis, never drawn as a base occupancy of 0%.
import { describe, expect, it } from 'vitest';
import { compareReports } from '../../src/analysis/compare/index.js';
import { defaultConfig } from '../../src/config/load.js';
import { occupancyMermaid } from '../../src/report/mermaid.js';
import { loadReport } from '../compare/fixtures.js';

describe('occupancyMermaid', () => {
  const comparison = compareReports(loadReport('base'), loadReport('head'), defaultConfig());
  const regtile = comparison.kernels.find((k) => k.name === 'regtile')!;

  it('plots base (grey) then head (red) over the block sizes of both curves', () => {
    const chart = occupancyMermaid(regtile)!;
    expect(chart).toContain('x-axis "threads per block" [32, 64, 96, 128, 160, 192, 224, 256]');
    expect(chart.match(/^ {2}line /gm)).toHaveLength(2);
  });

  it('leaves out block sizes the base curve lacks instead of plotting 0%', () => {
    const pair = structuredClone(regtile);
    pair.base!.cliffs!.curve = pair.base!.cliffs!.curve.filter((p) => p.blockSize >= 128);
    const chart = occupancyMermaid(pair)!;
    expect(chart).toContain('x-axis "threads per block" [128, 160, 192, 224, 256]');
    expect(chart).toContain('  line [50, 46.9, 46.9, 43.8, 50]');
    expect(chart).not.toMatch(/line \[0[,\]]/);
  });

  it('a head-only chart has one red line', () => {
    const pair = { ...structuredClone(regtile), base: null };
    const chart = occupancyMermaid(pair)!;
    expect(chart).toContain('"plotColorPalette": "#cf222e"');
    expect(chart.match(/^ {2}line /gm)).toHaveLength(1);
  });
});
