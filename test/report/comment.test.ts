import { describe, expect, it } from 'vitest';
import { compareReports } from '../../src/analysis/compare/index.js';
import { defaultConfig } from '../../src/config/load.js';
import {
  COMMENT_MARKER,
  GITHUB_COMMENT_LIMIT,
  renderComment,
  renderSummary,
  SUMMARY_LIMIT,
  type CarveReport,
  type RenderContext,
} from '../../src/report/index.js';
import { loadReport } from '../compare/fixtures.js';

const config = defaultConfig();
const context: RenderContext = {
  failOn: config.failOn,
  repository: 'acme/kernels',
  sha: '0123456789abcdef0123456789abcdef01234567',
  baseSha: 'fedcba9876543210fedcba9876543210fedcba98',
  fullReportUrl: 'https://github.com/acme/kernels/actions/runs/42',
};

/** The fixture's kernels repeated under new names: a large but real comparison. */
function replicate(report: CarveReport, copies: number): CarveReport {
  const kernels = Array.from({ length: copies }, (_, i) =>
    report.kernels.map((k) => ({ ...k, name: `${k.name}_${i}`, displayName: `${k.displayName}_${i}` })),
  ).flat();
  return { ...report, kernels };
}

let hugeComparison: ReturnType<typeof compareReports> | null = null;
/** 1,200 kernels, computed once for the tests that need a huge comparison. */
function huge() {
  hugeComparison ??= compareReports(replicate(loadReport('base'), 400), replicate(loadReport('head'), 400), config);
  return hugeComparison;
}

describe('renderComment', () => {
  const comparison = compareReports(loadReport('base'), loadReport('head'), config);

  it('matches the reviewed snapshot (marker, summary, table, findings with links, mermaid curve, details)', async () => {
    const text = renderComment(comparison, context);
    expect(text.startsWith(`${COMMENT_MARKER}\n`)).toBe(true);
    await expect(text).toMatchFileSnapshot('__snapshots__/comment.md');
  });

  it('links findings to the line at the head commit', () => {
    const text = renderComment(comparison, context);
    expect(text).toContain(
      '[test/fixtures/reports/src/head/gather.cu:6](https://github.com/acme/kernels/blob/0123456789abcdef0123456789abcdef01234567/test/fixtures/reports/src/head/gather.cu#L6)',
    );
    // Absolute paths are made relative to the checkout; outside it they are not linked.
    const absolute = structuredClone(comparison);
    for (const f of absolute.findings) if (f.file) f.file = `/home/runner/work/kernels/${f.file}`;
    expect(renderComment(absolute, { ...context, repoRoot: '/home/runner/work/kernels' })).toContain(
      'blob/0123456789abcdef0123456789abcdef01234567/test/fixtures/reports/src/head/gather.cu#L6',
    );
    expect(renderComment(absolute, context)).not.toContain('gather.cu#L6');
  });

  it('charts only kernels whose occupancy changed', () => {
    const text = renderComment(comparison, context);
    expect(text.match(/```mermaid/g)).toHaveLength(1);
    expect(text).toContain('title "regtile (sm_90): occupancy % by block size, base (grey) and head (red)"');
    // In a collapsed section, with the legend naming the lines.
    expect(text).toContain(
      '<details><summary>Occupancy by block size (1 kernel)</summary>\n\nLegend: **grey** line = base, **red** line = head',
    );
    expect(text).toContain('%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "#8c959f, #cf222e"}}}}%%');
  });

  it('an unchanged PR gets a short all-clear comment', async () => {
    const same = compareReports(loadReport('head'), loadReport('head'), config);
    const text = renderComment(same, context);
    expect(text).toContain('### ✅ Carve: no performance findings');
    expect(text).toContain('No findings · 3 kernels on sm_90: 3 unchanged');
    expect(text).not.toContain('#### Findings');
    await expect(text).toMatchFileSnapshot('__snapshots__/comment-unchanged.md');
  });

  it('a huge comparison (1,200 kernels, 1,600 findings) groups repeated findings: every finding fits', () => {
    expect(huge().findings.length).toBe(400 * comparison.findings.length);
    const text = renderComment(huge(), context);
    expect(text.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(text.startsWith(COMMENT_MARKER)).toBe(true);
    // Details and table rows are shed (800 changed rows do not fit), every finding group stays.
    expect(text).not.toMatch(/more findings/);
    expect(text).toContain('_500 more changed kernels not shown._');
    // One entry per distinct finding, with its count and the first kernels named.
    expect(text.match(/^- (❌|⚠️|ℹ️) \*\*/gm)).toHaveLength(comparison.findings.length);
    expect(text).toContain(
      '- ❌ **cliff** **×400** · 400 kernels: `regtile_0`, `regtile_1`, `regtile_2`, `regtile_3`, `regtile_4`, and 395 more (sm_90): +16 registers',
    );
    // The 400 unchanged kernels are one line.
    expect(text).toContain('_400 unchanged kernels (same resources, occupancy and accesses): `steady_0`, `steady_1`');
    expect(text).not.toMatch(/\| unchanged \|/);
    // The headline still counts every finding.
    expect(text).toContain(`### ❌ Carve: ${400 * 3} findings fail the check`);
  });

  it('sheds sections to a budget and links the full report when even the grouped comment is too long', () => {
    const text = renderComment(huge(), { ...context, maxLength: 20_000 });
    expect(text.length).toBeLessThanOrEqual(20_000);
    expect(text).toContain("_This comment was shortened to fit GitHub's limit; the full report has everything._");
    expect(text).toContain('[full report](https://github.com/acme/kernels/actions/runs/42)');
    expect(text).toContain('more changed kernels not shown');
  });

  it('respects a smaller budget exactly', () => {
    for (const limit of [20_000, 5_000, 1_500])
      expect(renderComment(comparison, { ...context, maxLength: limit }).length).toBeLessThanOrEqual(limit);
  });
});

describe('renderSummary', () => {
  it('keeps everything for a comparison that fits, without the marker, under 1 MiB', () => {
    const comparison = compareReports(loadReport('base'), loadReport('head'), config);
    const summary = renderSummary(comparison, context);
    expect(summary.startsWith('### ❌ Carve: 3 findings fail the check')).toBe(true);
    expect(summary).not.toContain(COMMENT_MARKER);
    expect(summary).toContain('<details>');
    expect(Buffer.byteLength(renderSummary(huge(), context))).toBeLessThan(SUMMARY_LIMIT);
  });
});
