// A space whose kernel has a loop the code does not count (an escape-time loop: the exit depends
// on the data): carving ranks its variants on the assumed count and says so in a note.
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfigFile } from '../../src/config/load.js';
import { carveSpace } from '../../src/analysis/carving/index.js';
import { requireNvcc } from '../helpers/tools.js';

const SPACE = `archs: [sm_90]
spaces:
  escape:
    source: escape.cu
    kernel: escape
    parameters: { BLOCK: [128, 256] }
    defines: { N: 65536 }
    launch: { block: [BLOCK], grid: ["N / BLOCK"] }
    arguments:
      - { buffer: float32, count: N }
      - { buffer: int32, count: N }
      - { int: N }
`;

describe('a space whose loop counts rest on an assumption (nvcc)', () => {
  beforeAll(async () => {
    await requireNvcc();
  });

  it('notes how many variants rest on assumed loop counts and names the first loop', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'carve-escape-'));
    copyFileSync('test/fixtures/carving/escape.cu', path.join(dir, 'escape.cu'));
    const file = path.join(dir, 'carve.yml');
    writeFileSync(file, SPACE);
    const { config } = loadConfigFile(file);
    const run = await carveSpace({ config, spaceName: 'escape', arch: 'sm_90', cacheDir: path.join(dir, 'cache'), configFile: file });
    expect(run.result?.total).toBe(2);
    expect(run.diagnostics.filter((d) => d.severity === 'note').map((d) => [d.stage, d.file, d.message])).toEqual([
      [
        'analysis',
        'escape.cu',
        "2 of 2 variants: instructions, bytes and cycle estimates rest on loop trip counts the code does not give (BLOCK=128: 1 loop; the first at escape.cu:8: exit predicate comes from 'and.pred', not a simple comparison; assumed 1 (default)); the space's arguments or loops.hints can give them",
      ],
    ]);
  });
});
