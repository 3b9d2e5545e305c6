// Small things users hit, through the CLI entry point (real nvcc / ptxas where a command
// builds): --fail-on none, analyze's exit code on error diagnostics, config expression
// errors at their line and column, an overflowing block size, and file names with spaces
// and non-ASCII characters.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/command.js';
import type { CarveReport } from '../../src/model/types.js';
import { decodePtxString } from '../../src/ptx/parser.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

async function carve(argv: string[], cwd = ROOT) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd, isTTY: false, env: {} };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

describe('carve compare --fail-on none', () => {
  it('reports every finding and fails on none, like the Action input', async () => {
    const run = await carve(['compare', 'test/fixtures/reports/base.json', 'test/fixtures/reports/head.json', '--fail-on', 'none']);
    expect(run.stdout).toContain('4 findings (0 failing) in 3 kernels');
    expect(run.stdout).not.toMatch(/^FAIL /m);
    expect(run.code).toBe(0);
  });
});

describe('carve compare: a side with nothing to compare', () => {
  it('a head report with no kernels and a build error fails (exit 1) with the error on stderr', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'carve-empty-side-'));
    const head = JSON.parse(readFileSync(path.join(ROOT, 'test/fixtures/reports/head.json'), 'utf8')) as CarveReport;
    head.kernels = [];
    head.diagnostics = [
      { severity: 'error', stage: 'build', file: 'kernels/gather.cu', line: 3, message: 'layout.cuh: No such file or directory' },
    ];
    writeFileSync(path.join(dir, 'head.json'), JSON.stringify(head));
    const run = await carve(['compare', path.join(ROOT, 'test/fixtures/reports/base.json'), 'head.json'], dir);
    expect(run.stderr).toContain(
      'carve compare: error: the head side has no kernels: every unit failed to build (1 error; first: kernels/gather.cu:3: layout.cuh: No such file or directory)',
    );
    expect(run.stdout).toContain('build failed for gather.cu: layout.cuh: No such file or directory');
    expect(run.code).toBe(1);
  });
});

describe('carve analyze', () => {
  it('exits 2 when a diagnostic is an error (ptxas rejects an instruction), with the report still printed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'carve-bad-ptx-'));
    const ptx = readFileSync(path.join(ROOT, 'test/fixtures/ptx/loops.sm_90.ptx'), 'utf8').replace(
      /\tret;/,
      '\tfrobnicate.u32 %r1, %r2;\n\tret;',
    );
    writeFileSync(path.join(dir, 'bad.ptx'), ptx);
    const run = await carve(['analyze', 'bad.ptx', '--arch', 'sm_90', '--json'], dir);
    const report = JSON.parse(run.stdout) as CarveReport;
    expect(report.kernels.length).toBeGreaterThan(0);
    expect(report.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual(['Ptx assembly aborted due to errors']);
    expect(report.diagnostics.some((d) => /Not a name of any known instruction: 'frobnicate'/.test(d.message))).toBe(true);
    expect(run.code).toBe(2);
  });

  it('shows a file with spaces and non-ASCII characters as written (PTX .file octal escapes decoded)', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'carve-names-')), 'dir with space');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'kérnel ü.cu'), '__global__ void k(const float* x, float* y) { y[threadIdx.x] = x[threadIdx.x * 32]; }\n');
    const run = await carve(['analyze', 'kérnel ü.cu', '--arch', 'sm_90', '--json'], dir);
    const [kernel] = (JSON.parse(run.stdout) as CarveReport).kernels;
    expect(kernel.file).toBe('kérnel ü.cu');
    expect(new Set(kernel.accesses.map((a) => path.basename(a.file!)))).toEqual(new Set(['kérnel ü.cu']));
    expect(run.code).toBe(0);
  });

  it('decodes PTX string escapes byte-wise as UTF-8', () => {
    expect(decodePtxString('/tmp/dir with space/k\\303\\251rnel \\303\\274.cu')).toBe('/tmp/dir with space/kérnel ü.cu');
    expect(decodePtxString('a\\"b\\\\c')).toBe('a"b\\c');
    expect(decodePtxString('plain.cu')).toBe('plain.cu');
  });
});

describe('carve carve: config expression errors', () => {
  function spaceConfig(edit: (text: string) => string): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'carve-space-'));
    cpSync(path.join(ROOT, 'examples/spaces'), dir, { recursive: true });
    const file = path.join(dir, 'carve.yml');
    writeFileSync(file, edit(readFileSync(file, 'utf8')));
    return dir;
  }

  it('a syntax error is reported at its line and column in the config file', async () => {
    const dir = spaceConfig((text) => text.replace('"4 * BK * (BM + BN) <= 49152"', '"4 * BK * (BM + BN) <= 49152 +"'));
    const run = await carve(['carve', '--config', 'carve.yml', '--space', 'sgemm'], dir);
    // Line 17: `      - "4 * BK * (BM + BN) <= 49152 +"`; the expression's column 30 (its end) is file column 39.
    expect(run.stderr).toContain(
      "carve.yml:17:39: /spaces/sgemm/constraints/2: expected a number, name or '(' but found the end of the expression at column 30",
    );
    expect(run.code).toBe(2);
  });

  it('pow(2, 1e308) as a block size is an error naming the launch, not "0 of 0 variants kept"', async () => {
    const dir = spaceConfig((text) => text.replace('block: ["(BM / TM) * (BN / TN)"]', 'block: ["pow(2, 1e308)"]'));
    const run = await carve(['carve', '--config', 'carve.yml', '--space', 'sgemm'], dir);
    expect(run.stderr).toContain(
      "/spaces/sgemm/launch: every one of the 318 variants that pass the constraints has an unusable launch or argument (first, BM=32,BN=32,BK=8,TM=1,TN=1: block[0] = 'pow(2, 1e308)': pow() gives Infinity, not a finite number)",
    );
    expect(run.stdout).not.toContain('0 of 0 variants kept');
    expect(run.code).toBe(2);
  });
});
