import { writeFileSync, mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIO } from '../../src/cli/command.js';
import { main } from '../../src/cli/main.js';
import { FIXTURES, fixture } from './fixtures.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'carve-resources-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function carve(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd: FIXTURES, isTTY: false, env: {} };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

describe('carve resources', () => {
  it('prints a table from a cubin', async () => {
    const { code, stdout, stderr } = await carve('resources', 'kernels.sm_90.cubin');
    expect([code, stderr]).toEqual([0, '']);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0].split(/\s{2,}/)).toEqual([
      'kernel',
      'arch',
      'regs',
      'shared',
      'local/stack',
      'spills st/ld',
      'barriers',
      'cmem[0]',
      'launch bounds',
    ]);
    expect(lines.find((l) => l.startsWith('carve::fixtures::transpose'))!.split(/\s{2,}/)).toEqual([
      'carve::fixtures::transpose(float const*, float*, int, int)',
      'sm_90',
      '26',
      '4224',
      '0/0',
      '?/?',
      '1',
      '552',
      '256, ?',
    ]);
    expect(lines).toHaveLength(10);
  });

  it('prints a table from a ptxas log, device functions marked', async () => {
    const { code, stdout } = await carve('resources', 'spill.sm_90.ptxas.log');
    expect(code).toBe(0);
    expect(
      stdout
        .trimEnd()
        .split('\n')[1]
        .split(/\s{2,}/),
    ).toEqual(['pressure(float4 const*, float4*, int)', 'sm_90', '32', '0', '1808/1808', '3680/3944', '0', '?', '?']);
    const recursion = await carve('resources', 'recursion.sm_90.ptxas.log');
    expect(recursion.stdout).toContain('fib(int) (device fn)');
  });

  it('prints JSON with nulls and their reasons', async () => {
    const { code, stdout } = await carve('resources', fixture('kernels.sm_80.cubin'), '--json');
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect([json.kind, json.arch, json.kernels.length, json.diagnostics]).toEqual(['cubin', 'sm_80', 9, []]);
    const saxpy = json.kernels.find((k: { name: string }) => k.name === '_ZN5carve8fixtures5saxpyEfPKfPfi');
    expect(saxpy.resources).toMatchObject({
      registers: 10,
      constantBytes: 380,
      spillStoreBytes: null,
      maxThreadsPerBlock: null,
      source: 'cubin',
    });
  });

  it('exits 2 with the byte offset for a truncated cubin', async () => {
    const cut = path.join(scratch, 'cut.cubin');
    writeFileSync(cut, readFileSync(fixture('kernels.sm_90.cubin')).subarray(0, 200));
    const { code, stdout, stderr } = await carve('resources', cut);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toBe(
      `${cut}@200: error: not a readable cubin: section header table at byte 29880 runs past the end of the file (200 bytes)\n`,
    );
  });

  it('exits 2 with the line for text that is not ptxas output', async () => {
    const junk = path.join(scratch, 'junk.log');
    writeFileSync(junk, 'make: *** [all] Error 1\n');
    const { code, stderr } = await carve('resources', junk);
    expect(code).toBe(2);
    expect(stderr).toMatch(new RegExp(`^${junk.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:1: error: no ptxas output found`));
  });

  it('exits 2 for a missing file and for a missing argument', async () => {
    expect((await carve('resources', 'nope.cubin')).code).toBe(2);
    const usage = await carve('resources');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('expected exactly one FILE');
  });
});
