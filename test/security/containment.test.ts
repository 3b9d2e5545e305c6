// Paths stay inside the checkout, symlinks included: a unit that is a symlink to a file outside
// is not compiled, an include dir outside is not used; each says why, with its location.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { carveSpace } from '../../src/analysis/carving/index.js';
import { defaultConfig, loadConfigFile } from '../../src/config/load.js';
import { compileSide } from '../../src/pipeline/compile.js';
import { escapeReason, escapingIncludes, safeFolderName } from '../../src/discover/containment.js';
import { pathMapper } from '../../src/pipeline/paths.js';

const top = mkdtempSync(path.join(tmpdir(), 'carve-contain-'));
const root = path.join(top, 'repo');
const outside = path.join(top, 'secret.cu');
mkdirSync(path.join(root, 'src'), { recursive: true });
writeFileSync(outside, '__global__ void secret(int *p) { p[0] = 42; }\n');
symlinkSync(outside, path.join(root, 'src/leak.cu'));
symlinkSync(top, path.join(root, 'up'));
writeFileSync(path.join(root, 'src/ok.cu'), '__global__ void ok(int *p) { p[0] = 1; }\n');
// Units whose #include reads a file outside: absolute, relative through .., through a header
// of the workspace that is a symlink out, and through a header of the workspace that does.
const secretHeader = path.join(top, 'secret.h');
writeFileSync(secretHeader, '#define SECRET 42\n');
symlinkSync(secretHeader, path.join(root, 'src/linked.h'));
writeFileSync(
  path.join(root, 'src/abs.cu'),
  `// reads a file of the runner\n#include "${secretHeader}"\n__global__ void abs(int *p) { p[0] = SECRET; }\n`,
);
writeFileSync(path.join(root, 'src/angle.cu'), '#include </etc/hostname>\n__global__ void angle(int *p) { p[0] = 2; }\n');
writeFileSync(
  path.join(root, 'src/dotdot.cu'),
  `/* #include "/etc/passwd" in a comment is not an include */\n#include "../../secret.h"\n__global__ void dotdot(int *p) { p[0] = SECRET; }\n`,
);
writeFileSync(path.join(root, 'src/common.h'), '#pragma once\n#include "linked.h"\n');
writeFileSync(path.join(root, 'src/indirect.cu'), '#include "common.h"\n__global__ void indirect(int *p) { p[0] = SECRET; }\n');
afterAll(() => rmSync(top, { recursive: true, force: true }));

describe('escapeReason', () => {
  it('accepts paths inside and refuses .., absolute paths and symlinks out', () => {
    expect(escapeReason(root, 'src/ok.cu')).toBeNull();
    expect(escapeReason(root, 'src/missing/new.cu')).toBeNull();
    expect(escapeReason(root, '../../etc/passwd')).toBe('../../etc/passwd is outside the workspace');
    expect(escapeReason(root, '/etc')).toBe('/etc is outside the workspace');
    expect(escapeReason(root, 'src/leak.cu')).toBe(`src/leak.cu leads outside the workspace (to ${outside}, through a symlink)`);
    expect(escapeReason(root, 'up/secret.cu')).toBe(`up/secret.cu leads outside the workspace (to ${outside}, through a symlink)`);
  });

  it('gives shell-inert, distinct folder names', () => {
    expect(safeFolderName('src/ok.cu')).toBe('src__ok.cu');
    expect(safeFolderName('src/$(id).cu')).toMatch(/^src____id_\.cu-[0-9a-f]{12}$/);
    expect(safeFolderName('a b.cu')).not.toBe(safeFolderName('a_b.cu'));
  });
});

describe('escapingIncludes', () => {
  it('reports each #include of a file outside the workspace at its file and line', () => {
    const found = (unit: string) => escapingIncludes(root, unit).map((d) => `${d.file}:${d.line}: ${d.message}`);
    expect(found('src/ok.cu')).toEqual([]);
    expect(found('src/abs.cu')).toEqual([
      `src/abs.cu:2: #include "${secretHeader}" reads a file outside the workspace: the unit is not compiled`,
    ]);
    expect(found('src/angle.cu')).toEqual([
      'src/angle.cu:1: #include </etc/hostname> reads a file outside the workspace: the unit is not compiled',
    ]);
    expect(found('src/dotdot.cu')).toEqual([
      'src/dotdot.cu:2: #include "../../secret.h" reads a file outside the workspace: the unit is not compiled',
    ]);
    expect(found('src/indirect.cu')).toEqual([
      'src/common.h:2: #include "linked.h" reads a file outside the workspace (through a symlink): the unit is not compiled',
    ]);
  });
});

describe('compileSide', () => {
  it('does not compile a symlink out of the workspace nor use an include dir outside; the other unit is built', async () => {
    const config = { ...defaultConfig(root), include: ['../', 'src'] };
    const report = await compileSide({
      side: 'head',
      root,
      commit: null,
      units: ['src/leak.cu', 'src/ok.cu'],
      archs: ['sm_90'],
      config,
      nvcc: '/usr/local/cuda/bin/nvcc',
      outDir: path.join(top, 'out'),
      mapper: pathMapper(root, ['src/leak.cu', 'src/ok.cu']),
    });
    expect(report.kernels.map((k) => k.name)).toEqual(['_Z2okPi']);
    expect(report.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.jsonPath ?? d.file, d.message])).toEqual([
      ['/include/0', 'include dir ../ is outside the workspace: not used'],
      ['src/leak.cu', `src/leak.cu leads outside the workspace (to ${outside}, through a symlink): not compiled`],
    ]);
  }, 60_000);

  it('does not compile a unit whose #include reads a file outside; says where; the other unit is built', async () => {
    const units = ['src/abs.cu', 'src/indirect.cu', 'src/ok.cu'];
    const report = await compileSide({
      side: 'head',
      root,
      commit: null,
      units,
      archs: ['sm_90'],
      config: defaultConfig(root),
      nvcc: '/usr/local/cuda/bin/nvcc',
      outDir: path.join(top, 'out-includes'),
      mapper: pathMapper(root, [...units, 'src/common.h']),
    });
    expect(report.kernels.map((k) => k.name)).toEqual(['_Z2okPi']);
    expect(report.diagnostics.map((d) => [d.severity, `${d.file}:${d.line}`])).toEqual([
      ['error', 'src/abs.cu:2'],
      ['error', 'src/common.h:2'],
    ]);
  }, 60_000);
});

describe('a carving space whose source leaves the repository', () => {
  it('is a config error at /spaces/NAME/source with its line; nothing is built', async () => {
    mkdirSync(path.join(root, '.git'), { recursive: true });
    mkdirSync(path.join(root, '.github'), { recursive: true });
    const configFile = path.join(root, '.github', 'carve.yml');
    writeFileSync(
      configFile,
      'spaces:\n  leak:\n    source: ../../etc/passwd\n    kernel: k\n    parameters: { B: [32] }\n    launch: { block: [B], grid: [1] }\n  fine:\n    source: ../src/ok.cu\n    kernel: ok\n    parameters: { B: [32] }\n    launch: { block: [B], grid: [1] }\n',
    );
    const { config } = loadConfigFile(configFile);
    const run = await carveSpace({ config, spaceName: 'leak', arch: 'sm_90', cacheDir: path.join(top, 'cache'), configFile });
    expect(run.builds).toEqual([]);
    expect(run.diagnostics).toEqual([
      {
        severity: 'error',
        stage: 'config',
        file: configFile,
        jsonPath: '/spaces/leak/source',
        line: 3,
        column: 13,
        message: `/spaces/leak/source: '../../etc/passwd' resolves outside the repository (${root}): not built`,
      },
    ]);
    // A source inside, reached through .. from .github, is fine.
    const fine = await carveSpace({ config, spaceName: 'fine', arch: 'sm_90', cacheDir: path.join(top, 'cache'), configFile });
    expect(fine.builds.map((b) => [b.variant.id, b.ok])).toEqual([['B=32', true]]);
  }, 60_000);
});
