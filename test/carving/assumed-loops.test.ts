// A space whose kernel has a loop the code does not count (an escape-time loop: the exit depends
// on the data): carving ranks its variants on the assumed count and says so in a note.
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfigFile } from '../../src/config/load.js';
import { carveSpace } from '../../src/analysis/carving/index.js';
import { requireNvcc } from '../helpers/tools.js';

const SPACE = (extra = '') => `archs: [sm_90]
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
${extra}`;

describe('a space whose loop counts rest on an assumption (nvcc)', () => {
  beforeAll(async () => {
    await requireNvcc();
  });

  const carveWith = async (extra = '') => {
    const dir = mkdtempSync(path.join(tmpdir(), 'carve-escape-'));
    copyFileSync('test/fixtures/carving/escape.cu', path.join(dir, 'escape.cu'));
    const file = path.join(dir, 'carve.yml');
    writeFileSync(file, SPACE(extra));
    const { config } = loadConfigFile(file);
    return carveSpace({ config, spaceName: 'escape', arch: 'sm_90', cacheDir: path.join(dir, 'cache'), configFile: file });
  };

  it('notes how many variants rest on assumed loop counts and names the first loop', async () => {
    const run = await carveWith();
    expect(run.result?.total).toBe(2);
    expect(run.diagnostics.filter((d) => d.severity === 'note').map((d) => [d.stage, d.file, d.message])).toEqual([
      [
        'analysis',
        'escape.cu',
        "2 of 2 variants: instructions, bytes and cycle estimates rest on loop trip counts the code does not give (BLOCK=128: 1 loop; the first at escape.cu:8: exit predicate comes from 'and.pred', not a simple comparison; assumed 1 (default)); the space's arguments or loopTrips can give them",
      ],
    ]);
  });

  it("takes the space's loopTrips per variant, as expressions of its parameters", async () => {
    const run = await carveWith('    loopTrips: { "escape.cu:8": "BLOCK / 8" }\n');
    const metrics = run.shard.metrics;
    expect(metrics.map((m) => [m.id, m.assumedLoops])).toEqual([
      [
        'BLOCK=128',
        "1 loop; the first at escape.cu:8: exit predicate comes from 'and.pred', not a simple comparison; assumed 16 from loop hint 'escape.cu:8'",
      ],
      [
        'BLOCK=256',
        "1 loop; the first at escape.cu:8: exit predicate comes from 'and.pred', not a simple comparison; assumed 32 from loop hint 'escape.cu:8'",
      ],
    ]);
    // Twice the trips, more instructions per thread: the count reaches the estimate.
    expect(metrics[1].instructions!).toBeGreaterThan(metrics[0].instructions!);
    expect(run.diagnostics.filter((d) => d.severity === 'warning')).toEqual([]);
  });

  it('warns of a loopTrips key at which no loop takes its count (a wrong line)', async () => {
    const run = await carveWith('    loopTrips: { "escape.cu:9": "BLOCK / 8" }\n');
    expect(run.diagnostics.filter((d) => d.severity === 'warning').map((d) => [d.jsonPath, d.line, d.message])).toEqual([
      [
        '/spaces/escape/loopTrips/escape.cu:9',
        13,
        "/spaces/escape/loopTrips/escape.cu:9: no variant has a loop at 'escape.cu:9' whose count the analysis cannot derive, so it gives no count (BLOCK=128: 1 loop; the first at escape.cu:8: exit predicate comes from 'and.pred', not a simple comparison; assumed 1 (default))",
      ],
    ]);
  });

  it('names a loopTrips expression that does not compile by its JSON path', async () => {
    const run = await carveWith('    loopTrips: { "escape.cu:8": "BLOCK / " }\n');
    expect(run.result).toBeNull();
    expect(run.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.jsonPath, d.message])).toEqual([
      [
        '/spaces/escape/loopTrips/escape.cu:8',
        "/spaces/escape/loopTrips/escape.cu:8: expected a number, name or '(' but found the end of the expression at column 9 in 'BLOCK / '",
      ],
    ]);
  });
});
