import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderHtmlReport, renderMarkdownReport, type CarvingInput, type ReleaseReportInput } from '../../src/report/index.js';
import { getArch } from '../../src/gpu/index.js';
import { loadReport, REPORTS_DIR } from '../compare/fixtures.js';
import { loadPage, openChromium, type PageRun } from './chromium.js';

/** The rendered page and its screenshot (report.png) land here for a look. */
const OUT = path.join(tmpdir(), 'carve-report-test');

const input: ReleaseReportInput = {
  title: 'Carve release report (fixtures)',
  reports: [loadReport('head')],
  carving: [JSON.parse(readFileSync(path.join(REPORTS_DIR, 'carving-regtile.json'), 'utf8')) as CarvingInput],
};

describe('renderHtmlReport', () => {
  const html = renderHtmlReport(input);

  it('is self-contained: inline SVG only, no scripts, no external assets', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\b(src|href)\s*=/i);
    expect(html).not.toMatch(/url\(/i);
    // 3 kernels x (occupancy + mix + roofline) + 1 carving scatter.
    expect(html.match(/<svg /g)).toHaveLength(10);
  });

  it("draws the roofline from the arch's sourced peaks and the carving frontier", () => {
    expect(html).toContain('Roofline position (H100 SXM5 80GB HBM3)');
    // The peaks are the arch table's (src/gpu), with what is unverified said on the chart.
    const h100 = getArch('sm_90').flagship;
    expect(h100.dramBandwidthGBs).toBe(3352);
    expect(Math.round(h100.peakFp32Gflops!)).toBe(66908);
    expect(html).toContain(`3352 GB/s, 66908 GFLOP/s FP32${h100.unverified.length ? `; unverified: ${h100.unverified.join(', ')}` : ''}`);
    expect(html).toContain('6 variants, 4 survivors, 4 on the frontier.');
    expect(html).toContain('<title>TILE_N=6</title>');
  });

  it('says so when an arch has no sourced peak FLOP/s', () => {
    const sm100 = structuredClone(input.reports[0]);
    for (const k of sm100.kernels) k.arch = 'sm_100';
    const text = renderHtmlReport({ ...input, reports: [sm100], carving: [] });
    expect(text).toContain('no sourced peak FLOP/s: compute roof not drawn');
  });

  it('markdown version carries the same numbers', () => {
    const md = renderMarkdownReport(input);
    expect(md).toContain('| `regtile` | sm_90 | 16×16×1 | 80        | 0          | 37.5% (3 blk)');
    const unverified = getArch('sm_90').flagship.unverified;
    expect(md).toContain(
      `- sm_90: H100 SXM5 80GB HBM3, 3352 GB/s, 66908 GFLOP/s FP32${unverified.length ? ` (unverified: ${unverified.join(', ')})` : ''}`,
    );
    expect(md).toContain('## Carving: regtile-tile-n · sm_90');
  });
});

describe('HTML report in headless Chromium', () => {
  let page: PageRun;
  let broken: PageRun;

  beforeAll(async () => {
    const chromium = await openChromium();
    mkdirSync(OUT, { recursive: true });
    writeFileSync(path.join(OUT, 'report.html'), renderHtmlReport(input));
    // A control page: the same check must see its errors, or it could never fail.
    writeFileSync(
      path.join(OUT, 'broken.html'),
      '<!DOCTYPE html><html><body><img src="missing.png"><svg><path d="M 0 0 L x"/></svg></body></html>',
    );
    page = await loadPage(chromium, `file://${path.join(OUT, 'report.html')}`, [
      'document.querySelectorAll("svg").length',
      'document.body.scrollHeight',
      'document.title',
    ]);
    broken = await loadPage(chromium, `file://${path.join(OUT, 'broken.html')}`, []);
    writeFileSync(path.join(OUT, 'report.png'), page.screenshotPng);
  });

  it('renders without console errors, and a screenshot is taken', () => {
    expect(page.errors).toEqual([]);
    expect(page.values).toEqual([10, expect.any(Number), 'Carve release report (fixtures)']);
    expect(page.values[1] as number).toBeGreaterThan(1000);
    // A PNG: signature and a non-trivial size.
    expect(page.screenshotPng.subarray(1, 4).toString()).toBe('PNG');
    expect(page.screenshotPng.length).toBeGreaterThan(20_000);
  });

  it('the console check does see errors on a broken page', () => {
    expect(broken.errors.join('\n')).toMatch(/missing\.png|ERR_FILE_NOT_FOUND|attribute d/);
  });
});
