import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeCommand } from '../../src/cli/commands/analyze.js';
import type { CliIO } from '../../src/cli/command.js';
import type { CarveReport } from '../../src/model/types.js';
import { reportSchemaErrors } from '../../src/report/validate.js';
import { requireNvcc } from '../helpers/tools.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/ptx');

async function run(argv: string[], cwd = FIXTURES) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd, isTTY: false, env: process.env };
  const code = await analyzeCommand.run(argv, io);
  return { code, stdout, stderr };
}

describe('carve analyze on PTX', () => {
  it('prints a schema-valid CarveReport with --json', async () => {
    const { code, stdout } = await run(['loops.sm_90.ptx', '--json', '-D', 'param_bound_param_2=12', '--hint', 'loops.cu:66=3']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as CarveReport;
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.archs).toEqual(['sm_90']);
    expect(report.kernels.map((k) => k.name)).toEqual([
      'rolled64',
      'unroll4',
      'nested',
      'param_bound',
      'param_unroll4',
      'data_dependent',
      'tree_reduce',
    ]);
    expect(report.kernels.find((k) => k.name === 'param_bound')!.loops[0].tripCount).toBe(12);
    expect(report.kernels.find((k) => k.name === 'data_dependent')!.loops[0].assumedTripCount).toBe(3);
    expect(report.kernels.find((k) => k.name === 'data_dependent')!.loops[0].hint).toBe('loops.cu:66');
    expect(report.diagnostics.filter((d) => d.severity === 'warning')).toEqual([]);
    // Launch bounds come from the PTX (.maxntid), since ptxas -v does not print them.
    const tree = report.kernels.find((k) => k.name === 'tree_reduce')!;
    expect(tree.resources?.maxThreadsPerBlock).toBe(256);
    expect(tree.occupancy?.blockSize).toBe(256);
  });

  it('warns of a --hint at which no loop takes its count', async () => {
    const { code, stdout } = await run(['loops.sm_90.ptx', '--json', '--hint', 'loops.cu:67=3']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as CarveReport;
    expect(report.diagnostics.filter((d) => d.severity === 'warning').map((d) => d.message)).toEqual([
      '--hint loops.cu:67=3: no loop whose count the analysis cannot derive is at loops.cu:67, so it gives no count',
    ]);
  });

  it('prints a table with loops at --block', async () => {
    const { code, stdout } = await run(['loops.sm_90.ptx', '--block', '64']);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toMatch(/^kernel\s+arch\s+regs\s+block\s+occupancy\s+instr\/thread/);
    expect(stdout).toMatch(/^rolled64\s+sm_90\s+\S+\s+64x1x1\s+.*\s462\s/m);
    expect(stdout).toContain('loop loops.cu:11: 64 trips');
  });

  it('rejects bad flags as usage errors', async () => {
    await expect(run(['loops.sm_90.ptx', '--block', '0x2'])).rejects.toThrow(/--block/);
    await expect(run([])).rejects.toThrow(/FILE/);
  });
});

describe('carve analyze on .cu (nvcc)', () => {
  let dir: string;
  beforeAll(async () => {
    await requireNvcc();
    dir = mkdtempSync(path.join(tmpdir(), 'carve-analyze-test-'));
    writeFileSync(path.join(dir, 'broken.cu'), '__global__ void k(float* x) { x[0] = undefined_name; }\n');
    writeFileSync(
      path.join(dir, 'good.cu'),
      '#ifndef N\n#define N 4\n#endif\n__global__ void scale(float* x) {\n#pragma unroll 1\n  for (int i = 0; i < N; i++) x[threadIdx.x + 32 * i] *= 2.0f;\n}\n',
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports the nvcc failure of one file and still analyses the other', async () => {
    const { code, stdout } = await run(['broken.cu', 'good.cu', '-D', 'N=20', '--json'], dir);
    expect(code).toBe(2);
    const report = JSON.parse(stdout) as CarveReport;
    expect(reportSchemaErrors(report)).toEqual([]);
    const errors = report.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.some((d) => d.stage === 'build' && /broken\.cu$/.test(d.file ?? '') && d.line === 1)).toBe(true);
    expect(report.kernels).toHaveLength(1);
    const scale = report.kernels[0];
    expect(scale.file).toBe('good.cu');
    expect(scale.resources?.registers).toBeGreaterThan(0);
    expect(scale.loops.map((l) => [l.line, l.tripCount])).toEqual([[6, 20]]);
    expect(scale.perThread?.globalLoadBytes).toBe(4 * 20);
  });

  it('reads the cubin ptxas wrote for the SASS estimate: JSON field and table column', async () => {
    const { code, stdout } = await run(['good.cu', '-D', 'N=20', '--json'], dir);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as CarveReport;
    expect(reportSchemaErrors(report)).toEqual([]);
    // The cubin's line table: line 4 one SASS instruction, line 6 (the loop) 12, line 7 one. Line 6
    // has 12 PTX instructions, 3 before the loop and 9 in it (20 trips): 12 x (3 + 9 x 20) / 12.
    expect(report.kernels[0].perThread?.sassInstructions).toBe(1 + (12 * (3 + 9 * 20)) / 12 + 1);
    const table = await run(['good.cu', '-D', 'N=20', '--block', '64'], dir);
    expect(table.stdout.split('\n')[0]).toMatch(/instr\/thread\s+sass\/thread\s+flops/);
    expect(table.stdout).toMatch(/^scale\(float\*\)\s+sm_90\s+\S+\s+64x1x1\s+.*\s185\s+185\s+20\s/m);
  });
});
