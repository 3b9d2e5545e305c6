import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/command.js';
import { compareReports } from '../../src/analysis/compare/index.js';
import { defaultConfig } from '../../src/config/load.js';
import { COMMENT_MARKER } from '../../src/report/index.js';
import { loadReport, REPORTS_DIR } from '../compare/fixtures.js';

async function carve(argv: string[], cwd = path.resolve(REPORTS_DIR, '../../..')) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd, isTTY: false, env: {} };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

const BASE = 'test/fixtures/reports/base.json';
const HEAD = 'test/fixtures/reports/head.json';

describe('carve compare', () => {
  it('prints the findings and exits 1 when a kind is in fail-on (default config: cliff, uncoalesced, ...)', async () => {
    const run = await carve(['compare', BASE, HEAD]);
    expect(run.code).toBe(1);
    expect(run.stdout.split('\n').filter((l) => /^(FAIL|WARN|NOTE) /.test(l))).toEqual([
      'FAIL cliff regtile (sm_90) regtile.cu: +16 registers → 4 → 3 blocks/SM (occupancy 50% → 37.5%)',
      'FAIL uncoalesced gather (sm_90) gather.cu:6: new uncoalesced global load at gather.cu:6: 32 sectors/request vs ideal 4',
      'FAIL uncoalesced regtile (sm_90) regtile.cu:16: worse strided global load at regtile.cu:16 (6 sites): 12 sectors/request vs ideal 2',
      'WARN instructions regtile (sm_90) regtile.cu: +32.5% dynamic instructions per thread (154 → 204)',
    ]);
    expect(run.stdout.trim().split('\n').pop()).toBe('4 findings (3 failing) in 3 kernels: 2 changed, 0 added, 0 removed, 1 unchanged');
  });

  it('--json prints exactly the Comparison the engine computes; --fail-on decides the exit code', async () => {
    const run = await carve(['compare', BASE, HEAD, '--json', '--fail-on', 'spill,regression']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(compareReports(loadReport('base'), loadReport('head'), defaultConfig()));
  });

  it('identical reports: no findings, exit 0', async () => {
    const run = await carve(['compare', HEAD, HEAD]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('0 findings (0 failing) in 3 kernels: 0 changed, 0 added, 0 removed, 3 unchanged\n');
  });

  it('writes the comment, summary and SARIF files; BASE none is head-only', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'carve-cli-'));
    const run = await carve([
      'compare',
      'none',
      path.resolve(HEAD),
      '--comment-out',
      path.join(dir, 'c.md'),
      '--summary-out',
      path.join(dir, 's.md'),
      '--sarif',
      path.join(dir, 'r.sarif'),
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('(head-only)');
    expect(readFileSync(path.join(dir, 'c.md'), 'utf8').startsWith(COMMENT_MARKER)).toBe(true);
    expect(readFileSync(path.join(dir, 's.md'), 'utf8')).toContain('(head-only: no base report to compare with)');
    expect(JSON.parse(readFileSync(path.join(dir, 'r.sarif'), 'utf8')).runs[0].results).toHaveLength(3);
  });

  it('bad input exits 2 with the location: missing file, invalid JSON (line:column), not a report (JSON path), unknown kind', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'carve-cli-'));
    writeFileSync(path.join(dir, 'bad.json'), '{\n  "schemaVersion": 1,\n  oops\n}');
    writeFileSync(
      path.join(dir, 'wrong.json'),
      JSON.stringify({ schemaVersion: 1, tool: { name: 'carve', version: '0' }, archs: [], kernels: [{ name: 3 }], diagnostics: [] }),
    );
    const missing = await carve(['compare', path.join(dir, 'nope.json'), HEAD]);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('nope.json: cannot read (ENOENT)')]);
    const invalid = await carve(['compare', path.join(dir, 'bad.json'), HEAD]);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/bad\.json:3:3: invalid JSON/);
    const wrong = await carve(['compare', path.join(dir, 'wrong.json'), HEAD]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('/kernels/0');
    const kind = await carve(['compare', BASE, HEAD, '--fail-on', 'cliff,slowness']);
    expect([kind.code, kind.stderr]).toEqual([2, expect.stringContaining('unknown finding kind(s) slowness')]);
    const args = await carve(['compare', BASE]);
    expect(args.code).toBe(2);
  });
});

describe('carve report', () => {
  it('writes report.html and report.md', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'carve-report-'));
    const run = await carve(['report', BASE, HEAD, '--out', dir, '--markdown', '--carving', 'test/fixtures/reports/carving-regtile.json']);
    expect(run.code).toBe(0);
    const html = readFileSync(path.join(dir, 'report.html'), 'utf8');
    expect(html.match(/<svg /g)).toHaveLength(3 * 3 * 2 + 1);
    expect(readFileSync(path.join(dir, 'report.md'), 'utf8')).toContain('## Carving: regtile-tile-n · sm_90');
    const bad = await carve(['report', BASE, '--out', dir, '--carving', HEAD]);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('expected {variants: [...]}')]);
    expect((await carve(['report', BASE])).code).toBe(2);
  });
});

describe('carve report --comparison', () => {
  it('adds the frontier comparison of a pull request (H100 run of the slow head) to the HTML and markdown', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'carve-report-frontiers-'));
    const run = await carve(['report', HEAD, '--out', out, '--markdown', '--comparison', 'test/fixtures/frontier/h100/slow.json']);
    expect(run.code).toBe(0);
    const markdown = readFileSync(path.join(out, 'report.md'), 'utf8');
    expect(markdown).toContain('## Carving frontiers');
    expect(markdown).toContain('| `tile` | sm_90 | 2/12 | 2/12 |');
    expect(markdown).toContain(
      'timed in 5 interleaved rounds (survivors and current): fastest on base `BLOCK=64,ITEMS=4` 0.01614 ms, on head `BLOCK=64,ITEMS=2` 0.04136 ms · head/base 2.562×',
    );
    const html = readFileSync(path.join(out, 'report.html'), 'utf8');
    expect(html).toContain('<h2>Carving frontiers (base → head)</h2>');
    expect(html).toContain('<td>tile</td><td>sm_90</td><td>2/12</td><td>2/12</td>');
    expect(html).toContain('<td>2.562× (p = 0.0)</td>');
  });

  it('a comparison that is not an object is an input error naming the file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'carve-report-bad-'));
    writeFileSync(path.join(dir, 'c.json'), '[1]');
    const run = await carve(['report', path.resolve(HEAD), '--out', path.join(dir, 'out'), '--comparison', 'c.json'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('c.json: expected a comparison object');
  });
});
