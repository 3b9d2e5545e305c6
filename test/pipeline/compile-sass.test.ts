// The compile path reads the cubin ptxas already writes for a unit (no further nvcc run) and
// hands its line table to the analysis: perThread.sassInstructions of a real nvcc 13 build.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/load.js';
import { compileSide } from '../../src/pipeline/compile.js';
import { pathMapper } from '../../src/pipeline/paths.js';
import { requireNvcc } from '../helpers/tools.js';

const top = mkdtempSync(path.join(tmpdir(), 'carve-compile-sass-'));
afterAll(() => rmSync(top, { recursive: true, force: true }));

describe('compileSide with the cubin line table', () => {
  it('gives every kernel of lines.cu its SASS estimate', async () => {
    const nvcc = await requireNvcc();
    const root = path.join(top, 'repo');
    mkdirSync(path.join(root, 'src'), { recursive: true });
    copyFileSync(path.resolve(import.meta.dirname, '../fixtures/sass/lines.cu'), path.join(root, 'src/lines.cu'));
    const report = await compileSide({
      side: 'head',
      root,
      commit: null,
      units: ['src/lines.cu'],
      archs: ['sm_90'],
      config: defaultConfig(root),
      nvcc: nvcc.path,
      outDir: path.join(top, 'out'),
      mapper: pathMapper(root, ['src/lines.cu']),
    });
    const sass = Object.fromEntries(report.kernels.map((k) => [k.name, k.perThread?.sassInstructions]));
    // The values test/ptx/sass-estimate.test.ts derives from the committed build of the same file.
    expect(sass).toEqual({
      _Z5scalePfPKffi: 44,
      _Z5loop8PfPKf: 1 + 4 + (12 * 37) / 9 + 3 * 8 + 4 + 1,
      _Z5callsPfPKf: 30,
      _Z7bf16sumPfPK13__nv_bfloat16: 17,
      _Z7warpsumPfPKfi: 45,
    });
    expect(report.diagnostics).toEqual([]);
  }, 60_000);
});
