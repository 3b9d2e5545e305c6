import { describe, expect, it } from 'vitest';
import { loadConfigFile, parseConfigText } from '../../src/config/load.js';
import { enumerateSpace, parseShard, shardVariants } from '../../src/analysis/carving/space.js';

describe('variant spaces', () => {
  const { config } = loadConfigFile('examples/spaces/carve.yml');

  it('enumerates the example spaces with constraints and geometry', () => {
    const sgemm = enumerateSpace('sgemm', config.spaces.sgemm, config.defines);
    expect(sgemm.diagnostics).toEqual([]);
    expect([sgemm.total, sgemm.variants.length, sgemm.excludedByConstraints, sgemm.rejected.length]).toEqual([432, 318, 114, 0]);
    const v = sgemm.variants.find((x) => x.id === 'BM=128,BN=64,BK=16,TM=8,TN=4')!;
    expect(v.block).toEqual([256, 1, 1]);
    expect(v.grid).toEqual([32, 16, 1]);
    expect(v.defines).toEqual({ N: 2048, BM: 128, BN: 64, BK: 16, TM: 8, TN: 4 });
    expect(v.arguments[2]).toEqual({ kind: 'buffer', type: 'float32', count: 2048 * 2048, init: 'zero' });
    const transpose = enumerateSpace('transpose', config.spaces.transpose, config.defines);
    expect([transpose.total, transpose.variants.length]).toEqual([432, 160]);
  });

  it('points at the bad expression with its JSON path and column', () => {
    const text = `spaces:\n  mm:\n    source: a.cu\n    kernel: k\n    parameters: { BM: [32, 64] }\n    constraints: ["BM > 0", "BM * (BQ + 1) < 10"]\n    launch: { block: ["BM"], grid: ["N / BM +"] }\n`;
    const { config: bad } = parseConfigText(text, 'carve.yml', '.');
    const result = enumerateSpace('mm', bad.spaces.mm, { N: 1024 }, 'carve.yml');
    expect(result.variants).toEqual([]);
    expect(result.diagnostics.map((d) => [d.jsonPath, d.column, d.severity])).toEqual([
      ['/spaces/mm/constraints/1', 7, 'error'],
      ['/spaces/mm/launch/grid/0', 9, 'error'],
    ]);
    expect(result.diagnostics[0].message).toBe(
      "/spaces/mm/constraints/1: unknown name 'BQ' (known: BM, N) at column 7 in 'BM * (BQ + 1) < 10'",
    );
  });

  it('rejects variants whose launch is not a positive integer, keeping the others', () => {
    const { config: odd } = parseConfigText(
      `spaces:\n  s:\n    source: a.cu\n    kernel: k\n    parameters: { T: [0, 32, 64] }\n    launch: { block: ["T"], grid: ["1000 / max(T, 1)"] }\n`,
      'c.yml',
      '.',
    );
    const result = enumerateSpace('s', odd.spaces.s);
    expect(result.variants.map((v) => v.id)).toEqual(['T=32', 'T=64']);
    expect(result.rejected).toEqual([{ id: 'T=0', index: 0, parameters: { T: 0 }, reason: 'block[0] = 0 is not a positive integer' }]);
  });

  it('shards deterministically and disjointly', () => {
    const all = enumerateSpace('sgemm', config.spaces.sgemm, config.defines).variants;
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShard('0/3')).toBeNull();
    expect(parseShard('4/3')).toBeNull();
    const shards = [1, 2, 3].map((index) => shardVariants(all, { index, count: 3 }));
    expect(shards.map((s) => s.length)).toEqual([106, 106, 106]);
    expect(
      shards
        .flat()
        .map((v) => v.index)
        .sort((a, b) => a - b),
    ).toEqual(all.map((v) => v.index));
  });
});
