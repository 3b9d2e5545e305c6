// Untrusted input never becomes a command: nvcc runs its own steps through `sh -c`, so a -D
// value or a file name with $(...) ran commands before. Real nvcc, real files; each exploit
// names a marker file that must not appear.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeCommand } from '../../src/cli/commands/analyze.js';
import type { CliIO } from '../../src/cli/command.js';
import { compileCuda, findNvcc } from '../../src/toolchain/index.js';

const dir = mkdtempSync(path.join(tmpdir(), 'carve-inject-'));
const KERNEL = '#include "inc.h"\n__global__ void k(float *a) { a[0] = SCALE; }\n';
let nvcc = '';

beforeAll(async () => {
  const found = await findNvcc();
  if (!found) throw new Error('nvcc not found: these tests need the CUDA toolkit');
  nvcc = found.path;
  writeFileSync(path.join(dir, 'inc.h'), '#define SCALE 2.0f\n');
  writeFileSync(path.join(dir, 'k.cu'), KERNEL);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const marker = (name: string) => path.join(dir, name);

describe('defines never reach a shell', () => {
  it('a value with $(...) goes through a generated header: no command runs and the unit builds', async () => {
    const out = path.join(dir, 'out-define');
    const result = await compileCuda({
      source: path.join(dir, 'k.cu'),
      arch: 'sm_90',
      outDir: out,
      nvcc,
      defines: { Y: `$(touch ${marker('pwn-define')})`, N: 4 },
      cubin: false,
    });
    expect(existsSync(marker('pwn-define'))).toBe(false);
    expect(result.ok).toBe(true);
    expect(result.resources.map((r) => r.name)).toEqual(['_Z1kPf']);
    const include = result.command.indexOf('-include');
    expect(result.command.slice(4, include)).toEqual(['-DN=4']);
    expect(readFileSync(result.command[include + 1], 'utf8')).toContain(`#define Y $(touch ${marker('pwn-define')})`);
  }, 60_000);

  it('a name that is not an identifier and a value with a newline are refused with the reason', async () => {
    const result = await compileCuda({
      source: path.join(dir, 'k.cu'),
      arch: 'sm_90',
      outDir: path.join(dir, 'out-bad'),
      nvcc,
      defines: { 'A;touch x': 1, B: 'x\n#include "/etc/passwd"' },
    });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      "define name 'A;touch x' is not a C identifier ([A-Za-z_][A-Za-z0-9_]*)",
      'define B: value \'x\\n#include \\"/etc/passwd\\"\' cannot be one line of a header (newline, NUL or trailing backslash)',
    ]);
  });

  it("carve analyze -D 'Y=$(touch FILE)' creates no file", async () => {
    let stdout = '';
    const io: CliIO = { stdout: (t) => (stdout += t), stderr: () => undefined, cwd: dir, isTTY: false, env: process.env };
    const code = await analyzeCommand.run(['k.cu', '--json', '--arch', 'sm_90', '-D', `Y=$(touch ${marker('pwn-cli')})`], io);
    expect(existsSync(marker('pwn-cli'))).toBe(false);
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as { kernels: { name: string }[] }).kernels.map((k) => k.name)).toEqual(['_Z1kPf']);
  }, 60_000);
});

describe('file names never reach a shell', () => {
  it('a source named $(id>FILE).cu is compiled through a wrapper under a safe name', async () => {
    // A name holds no '/': the command would write pwn-name in nvcc's working folder.
    const evil = path.join(dir, '$(id>pwn-name).cu');
    writeFileSync(evil, KERNEL);
    const out = path.join(dir, 'out-name');
    const result = await compileCuda({ source: evil, arch: 'sm_90', outDir: out, nvcc });
    expect(existsSync(marker('pwn-name')) || existsSync(path.resolve('pwn-name'))).toBe(false);
    expect(result.ok).toBe(true);
    expect(result.resources.map((r) => r.name)).toEqual(['_Z1kPf']);
    expect(result.command.every((arg) => !arg.includes('$'))).toBe(true);
    expect(path.basename(result.ptxPath!)).toMatch(/^__id_.+-[0-9a-f]{12}\.sm_90\.ptx$/);
    // -lineinfo still names the real file (the wrapper holds no code).
    expect(result.ptx).toContain(`.file\t1 "${evil}"`);
  }, 60_000);

  it('a source name a header cannot hold (a double quote) is refused, not run', async () => {
    const evil = path.join(dir, 'a"b.cu');
    writeFileSync(evil, KERNEL);
    const result = await compileCuda({ source: evil, arch: 'sm_90', outDir: path.join(dir, 'out-quote'), nvcc });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toEqual([
      {
        severity: 'error',
        stage: 'build',
        file: evil,
        message: `source path '${evil.replace('"', '\\"')}' contains a quote or newline: not compiled`,
      },
    ]);
  });

  it('an include dir with shell characters is refused', async () => {
    const result = await compileCuda({
      source: path.join(dir, 'k.cu'),
      arch: 'sm_90',
      outDir: path.join(dir, 'out-inc'),
      nvcc,
      includeDirs: [`/tmp/$(touch ${marker('pwn-inc')})`],
    });
    expect(existsSync(marker('pwn-inc'))).toBe(false);
    expect(result.ok).toBe(false);
    expect(result.diagnostics[0].message).toMatch(/^argument '-I\/tmp\/\$\(touch .*\)' has characters nvcc would hand to a shell/);
  });
});

describe('flags from the config are allow-listed', () => {
  it('refuses options that pick an executable, run a program or smuggle a host-compiler wrapper', async () => {
    const flags = [
      '-ccbin=/tmp/evil',
      '--run',
      '-Xcompiler',
      `-wrapper,touch,${marker('pwn-flag')}`,
      '--options-file=/tmp/o',
      '-o',
      `-DX=$(touch ${marker('pwn-flag')})`,
    ];
    const result = await compileCuda({ source: path.join(dir, 'k.cu'), arch: 'sm_90', outDir: path.join(dir, 'out-flags'), nvcc, flags });
    expect(existsSync(marker('pwn-flag'))).toBe(false);
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => d.message.split(' ').slice(0, 2).join(' '))).toEqual([
      "flag '-ccbin=/tmp/evil'",
      "flag '--run'",
      "flag '-Xcompiler':",
      "flag '-Xcompiler':",
      "flag '-Xcompiler':",
      "flag '--options-file=/tmp/o'",
      "flag '-o'",
      "flag '-DX=$(touch",
    ]);
  });

  it('accepts ordinary code-generation flags and builds with them', async () => {
    const result = await compileCuda({
      source: path.join(dir, 'k.cu'),
      arch: 'sm_90',
      outDir: path.join(dir, 'out-ok'),
      nvcc,
      cubin: false,
      flags: ['-O3', '-Xptxas', '-v,-O3', '--use_fast_math', '-std=c++17', '-DEXTRA=1'],
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
  }, 60_000);
});

describe('children get no token', () => {
  it('nvcc (here a script that dumps its environment) sees neither GITHUB_TOKEN, INPUT_* nor ACTIONS_*', async () => {
    const token = 'ghs_KnownTokenValue0123456789';
    const fake = path.join(dir, 'fake-nvcc');
    const dump = path.join(dir, 'env.txt');
    writeFileSync(fake, `#!/bin/sh\nenv > '${dump}'\nexit 1\n`);
    chmodSync(fake, 0o755);
    const saved = { ...process.env };
    Object.assign(process.env, {
      GITHUB_TOKEN: token,
      'INPUT_GITHUB-TOKEN': token,
      ACTIONS_RUNTIME_TOKEN: 'runtime-secret-abcdef',
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-secret-abcdef',
      COPY_OF_TOKEN: token,
      CARVE_KEEP: 'kept',
    });
    try {
      const result = await compileCuda({ source: path.join(dir, 'k.cu'), arch: 'sm_90', outDir: path.join(dir, 'out-env'), nvcc: fake });
      expect(result.ok).toBe(false);
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    }
    const env = readFileSync(dump, 'utf8');
    expect(env).not.toContain(token);
    expect(env).not.toMatch(/^(INPUT_|ACTIONS_|GITHUB_TOKEN)/m);
    expect(env).not.toContain('secret-abcdef');
    expect(env).toMatch(/^CARVE_KEEP=kept$/m);
  });
});
