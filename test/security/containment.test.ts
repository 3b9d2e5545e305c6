// Paths stay inside the checkout, symlinks included: a unit that is a symlink to a file outside
// is not compiled, an include dir outside is not used; each says why, with its location.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/load.js';
import { compileSide } from '../../src/pipeline/compile.js';
import { escapeReason, safeFolderName } from '../../src/pipeline/containment.js';
import { pathMapper } from '../../src/pipeline/paths.js';

const top = mkdtempSync(path.join(tmpdir(), 'carve-contain-'));
const root = path.join(top, 'repo');
const outside = path.join(top, 'secret.cu');
mkdirSync(path.join(root, 'src'), { recursive: true });
writeFileSync(outside, '__global__ void secret(int *p) { p[0] = 42; }\n');
symlinkSync(outside, path.join(root, 'src/leak.cu'));
symlinkSync(top, path.join(root, 'up'));
writeFileSync(path.join(root, 'src/ok.cu'), '__global__ void ok(int *p) { p[0] = 1; }\n');
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

describe('compileSide', () => {
  it('does not compile a symlink out of the workspace nor use an include dir outside; the other unit is built', async () => {
    const config = { ...defaultConfig(root), include: ['../', 'src'] };
    const report = await compileSide({
      side: 'head', root, commit: null, units: ['src/leak.cu', 'src/ok.cu'], archs: ['sm_90'], config, nvcc: '/usr/local/cuda/bin/nvcc',
      outDir: path.join(top, 'out'), mapper: pathMapper(root, ['src/leak.cu', 'src/ok.cu']),
    });
    expect(report.kernels.map((k) => k.name)).toEqual(['_Z2okPi']);
    expect(report.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.jsonPath ?? d.file, d.message])).toEqual([
      ['/include/0', 'include dir ../ is outside the workspace: not used'],
      ['src/leak.cu', `src/leak.cu leads outside the workspace (to ${outside}, through a symlink): not compiled`],
    ]);
  }, 60_000);
});
