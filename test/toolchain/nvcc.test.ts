import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCuda, findNvcc, parseNvccDiagnostics, parsePtxasLog, readCubin, type CompileResult } from '../../src/toolchain/index.js';
import { fixture, fixtureText } from './fixtures.js';

const outDir = mkdtempSync(path.join(tmpdir(), 'carve-nvcc-'));
let kernels: CompileResult;
let broken: CompileResult;

// One real nvcc run per translation unit for the whole file. A missing nvcc fails loudly.
beforeAll(async () => {
  const nvcc = await findNvcc();
  if (!nvcc) throw new Error('nvcc not found (PATH, $CUDA_HOME, /usr/local/cuda/bin): these tests need the CUDA toolkit');
  [kernels, broken] = await Promise.all([
    compileCuda({ source: fixture('kernels.cu'), arch: 'sm_90', outDir, defines: { CARVE_UNUSED: 1 } }),
    compileCuda({ source: fixture('broken.cu'), arch: 'sm_80', outDir }),
  ]);
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('findNvcc', () => {
  it('finds nvcc and reads its version', async () => {
    const nvcc = await findNvcc();
    const release = /V([\d.]+)/.exec(fixtureText('nvcc-version.txt'))![1];
    expect(nvcc?.version).toBe(release);
  });

  it('uses a working hint, and falls back past a broken one', async () => {
    expect((await findNvcc('/usr/local/cuda/bin/nvcc'))?.path).toBe('/usr/local/cuda/bin/nvcc');
    const fallback = await findNvcc('/nonexistent/nvcc');
    expect(fallback?.path).not.toBe('/nonexistent/nvcc');
    expect(fallback?.version).toBe(/V([\d.]+)/.exec(fixtureText('nvcc-version.txt'))![1]);
  });
});

describe('compileCuda', () => {
  it('builds PTX with line info and a cubin, with the same resources as the committed fixtures', () => {
    expect(kernels.ok).toBe(true);
    expect(kernels.diagnostics).toEqual([]);
    expect(kernels.command.slice(1)).toEqual([
      '-arch=sm_90',
      '-lineinfo',
      '-ptx',
      '-DCARVE_UNUSED=1',
      '-o',
      path.join(outDir, 'kernels.sm_90.ptx'),
      fixture('kernels.cu'),
    ]);
    expect(kernels.ptx).toMatch(/\.loc\s+\d+ \d+ \d+/);
    expect(kernels.cubinPath).toBe(path.join(outDir, 'kernels.sm_90.cubin'));
    const expected = parsePtxasLog(fixtureText('kernels.sm_90.ptxas.log')).kernels;
    expect(
      kernels.resources.map((k) => [
        k.name,
        k.isEntry,
        k.resources.registers,
        k.resources.staticSharedBytes,
        k.resources.barriers,
        k.resources.stackFrameBytes,
      ]),
    ).toEqual(
      expected.map((k) => [
        k.name,
        k.isEntry,
        k.resources.registers,
        k.resources.staticSharedBytes,
        k.resources.barriers,
        k.resources.stackFrameBytes,
      ]),
    );
  });

  it('fills launch bounds from the PTX (.maxntid / .minnctapersm), which ptxas does not print', () => {
    const bounds = Object.fromEntries(
      kernels.resources.filter((k) => k.isEntry).map((k) => [k.name, [k.resources.maxThreadsPerBlock, k.resources.minBlocksPerSM]]),
    );
    expect(bounds['_ZN5carve8fixtures9transposeEPKfPfii']).toEqual([256, 2]);
    expect(bounds['_ZN5carve8fixtures13namedBarriersEPf']).toEqual([128, null]);
    expect(bounds['_ZN5carve8fixtures5saxpyEfPKfPfi']).toEqual([null, null]);
    const saxpy = kernels.resources.find((k) => k.name === '_ZN5carve8fixtures5saxpyEfPKfPfi')!;
    expect(saxpy.resources.nullReasons?.maxThreadsPerBlock).toBeUndefined();
  });

  it('writes a cubin the cubin reader agrees with', async () => {
    const { readFile } = await import('node:fs/promises');
    const cubin = readCubin(new Uint8Array(await readFile(kernels.cubinPath!)));
    expect(cubin.arch).toBe('sm_90');
    const transpose = cubin.kernels.find((k) => k.name === '_ZN5carve8fixtures9transposeEPKfPfii')!;
    expect([transpose.resources.registers, transpose.resources.staticSharedBytes, transpose.resources.maxThreadsPerBlock]).toEqual([
      26, 4224, 256,
    ]);
  });

  it('reports compile errors with file:line and does not throw', () => {
    expect(broken.ok).toBe(false);
    expect(broken.ptx).toBeNull();
    expect(broken.resources).toEqual([]);
    expect(broken.diagnostics).toEqual([
      { severity: 'error', stage: 'build', message: 'identifier "undefinedName" is undefined', file: fixture('broken.cu'), line: 3 },
      {
        severity: 'error',
        stage: 'build',
        message: 'a value of type "const char *" cannot be used to initialize an entity of type "int"',
        file: fixture('broken.cu'),
        line: 4,
      },
    ]);
  });

  it('reports a missing nvcc as a diagnostic', async () => {
    const result = await compileCuda({ source: fixture('kernels.cu'), arch: 'sm_90', outDir, nvcc: '/nonexistent/nvcc' });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toEqual([
      { severity: 'error', stage: 'build', message: expect.stringMatching(/ENOENT/), file: fixture('kernels.cu') },
    ]);
  });
});

describe('parseNvccDiagnostics', () => {
  it('reads nvcc front-end, host compiler and tool messages', () => {
    const stderr = [
      'demangle.cu(19): error: no operator "+" matches these operands',
      '            operand types are: const outer::inner::Vec<int> + outer::inner::Vec<int>',
      './reduction.cu(131): warning #550-D: variable "K_shared" was set but never used',
      "host.cpp:12:5: error: expected ';' before '}' token",
      "nvcc fatal   : Unsupported gpu architecture 'compute_42'",
      "ptxas error   : Entry function 'k' uses too much shared data (0x10000 bytes, 0xc000 max)",
      'ptxas info    : Used 8 registers',
    ].join('\n');
    expect(parseNvccDiagnostics(stderr)).toEqual([
      { severity: 'error', stage: 'build', message: 'no operator "+" matches these operands', file: 'demangle.cu', line: 19 },
      { severity: 'warning', stage: 'build', message: 'variable "K_shared" was set but never used', file: './reduction.cu', line: 131 },
      { severity: 'error', stage: 'build', message: "expected ';' before '}' token", file: 'host.cpp', line: 12, column: 5 },
      { severity: 'error', stage: 'build', message: "nvcc: Unsupported gpu architecture 'compute_42'" },
      { severity: 'error', stage: 'ptxas', message: "ptxas: Entry function 'k' uses too much shared data (0x10000 bytes, 0xc000 max)" },
    ]);
  });
});
