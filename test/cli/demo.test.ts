// `carve demo` runs the whole gate on examples/demo: from the committed artifacts, and
// compiled by nvcc; both must give the same findings (the README's first command).
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/command.js';
import type { Finding } from '../../src/model/types.js';
import { requireNvcc } from '../helpers/tools.js';

async function runDemo(args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    cwd: process.cwd(),
    isTTY: false,
    env: process.env,
  };
  const out = mkdtempSync(path.join(tmpdir(), 'carve-demo-test-'));
  const code = await main(['demo', ...args, '--out', out], io);
  return { code, stdout, stderr, out };
}

function summarize(findings: Finding[]) {
  return findings.map((f) => `${f.kind} ${f.kernel} ${f.file}:${f.line ?? '-'} ${f.title}`).sort();
}

describe('carve demo', () => {
  it('finds the register cliff and the uncoalesced AoS access from the committed artifacts, and nothing on saxpy', async () => {
    const { code, stdout, out } = await runDemo(['--artifacts', '--json']);
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result.source).toBe('artifacts');
    expect(result.conclusion).toBe('failure');
    const findings = result.findings as Finding[];
    const cliff = findings.find((f) => f.kind === 'cliff');
    expect(cliff).toMatchObject({
      kernel: 'tile_gemm',
      file: 'kernels/tile_gemm.cu',
      title: '+16 registers → 4 → 3 blocks/SM (occupancy 50% → 37.5%)',
    });
    const advance = findings.filter((f) => f.kernel === 'advance');
    // x, y, z of the 128-byte Particle record: a load pair and a store per line, each one
    // sector per lane against 4 when the base read separate arrays.
    expect(advance.map((f) => [f.line, f.evidence.kind, f.evidence.sectorsPerRequest, f.evidence.baseSectorsPerRequest])).toEqual([
      [14, 'load', 32, 4],
      [14, 'store', 32, 4],
      [15, 'load', 32, 4],
      [15, 'store', 32, 4],
      [16, 'load', 32, 4],
      [16, 'store', 32, 4],
    ]);
    expect(findings.filter((f) => f.kernel === 'saxpy')).toEqual([]);
    for (const file of ['report.html', 'report.md', 'comment.md', 'base.json', 'head.json'])
      expect(existsSync(path.join(out, file))).toBe(true);
    expect(readFileSync(path.join(out, 'comment.md'), 'utf8')).toContain('<!-- carve:pr-comment -->');
    // The HTML report holds both sides, each kernel labelled with its side.
    const html = readFileSync(path.join(out, 'report.html'), 'utf8');
    expect(html).toContain('<h2><code>tile_gemm</code> · sm_90 · head</h2>');
    expect(html).toContain('<h2><code>tile_gemm</code> · sm_90 · base</h2>');
  });

  it('gives the same findings when it compiles both sides with nvcc', async () => {
    await requireNvcc();
    const fromArtifacts = JSON.parse((await runDemo(['--artifacts', '--json'])).stdout);
    const compiled = await runDemo(['--compile', '--json']);
    expect(compiled.code, compiled.stderr).toBe(0);
    const fromCompile = JSON.parse(compiled.stdout);
    expect(fromCompile.source).toBe('compile');
    expect(summarize(fromCompile.findings)).toEqual(summarize(fromArtifacts.findings));
  });

  it('prints the PR comment and where the reports went', async () => {
    const { code, stdout } = await runDemo(['--artifacts']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^<!-- carve:pr-comment -->/);
    expect(stdout).toContain('Conclusion: failure');
    expect(stdout).toContain('report.html');
  });

  it('rejects --artifacts with --compile', async () => {
    const { code, stderr } = await runDemo(['--artifacts', '--compile']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/exclude each other/);
  });
});
