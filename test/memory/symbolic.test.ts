// Closed-form patterns of test/fixtures/memory/symbolic.cu (nvcc 13 -arch=sm_90 -lineinfo, by
// scripts/fixtures/memory.sh): strides that are multiples of a kernel parameter or of a value
// loaded from a warp-uniform address, 2-D blocks narrower than a warp, wmma fragments,
// cp.async (per lane and bulk), read-only vector loads. Expected sectors per warp request
// follow the 32-byte sector rule: lanes 4·s B apart touch one sector each once s ≥ 8.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeMemory } from '../../src/analysis/memory/index.js';
import { parsePtx } from '../../src/ptx/parser.js';
import { buildCfg } from '../../src/ptx/cfg.js';
import { findLoops, statementWeights } from '../../src/ptx/loops.js';
import type { PtxModule } from '../../src/ptx/ast.js';
import type { AccessReport } from '../../src/model/types.js';

const dir = new URL('../fixtures/memory/', import.meta.url);
let module: PtxModule;

beforeAll(() => {
  const parsed = parsePtx(readFileSync(new URL('symbolic.ptx', dir), 'utf8'), 'symbolic.ptx');
  expect(parsed.errors).toEqual([]);
  module = parsed.module;
});

function analyze(
  kernel: string,
  block: [number, number, number],
  defines: Record<string, number> = {},
  params?: Map<number, number>,
): AccessReport[] {
  const fn = module.functions.find((f) => f.name === kernel)!;
  const cfg = buildCfg(fn);
  const loops = findLoops(cfg);
  return analyzeMemory({
    module,
    fn,
    cfg,
    loops,
    weights: statementWeights(cfg, loops),
    block,
    defines,
    ...(params ? { paramValues: Object.fromEntries(params) } : {}),
  }).accesses;
}

/** "line space kind class sectors" of each global site written in symbolic.cu. */
const summary = (accesses: AccessReport[]) =>
  accesses
    .filter((a) => a.file?.endsWith('symbolic.cu'))
    .map((a) => `${a.line} ${a.space} ${a.kind} ${a.class} ${a.space === 'global' ? a.sectorsPerRequest : a.bankConflictWays}`);

describe('a stride that is a kernel parameter: in[i * s]', () => {
  it('unknown s: uncoalesced, 32 sectors for s ≥ 8, coalesced at s = 1', () => {
    const [load, store] = analyze('s01_param_stride', [256, 1, 1]);
    expect([load.class, load.sectorsPerRequest, load.idealSectors]).toEqual(['uncoalesced', 32, 4]);
    expect(load.reason).toBe(
      'uncoalesced: lanes param_2·4 B apart, 4 B per lane: 32 sectors per warp request vs 4 ideal for param_2 ≥ 8; ' +
        '4 sectors (coalesced) at param_2 = 1 (block 256x1x1, 8 warps, all lanes active); assumes param_0 256-B aligned',
    );
    expect([store.class, store.sectorsPerRequest]).toEqual(['coalesced', 4]);
  });

  it.each([
    [1, 'coalesced', 4],
    [2, 'strided', 8],
    [4, 'strided', 16],
    [8, 'uncoalesced', 32],
    [64, 'uncoalesced', 32],
  ] as const)('s = %i given as a define: %s, %i sectors', (s, klass, sectors) => {
    const [load] = analyze('s01_param_stride', [256, 1, 1], { param_2: s });
    expect([load.class, load.sectorsPerRequest]).toEqual([klass, sectors]);
  });

  it('a value given by index (the params map) wins over the symbol, by PTX name in defines too', () => {
    expect(analyze('s01_param_stride', [256, 1, 1], {}, new Map([[2, 2]]))[0].sectorsPerRequest).toBe(8);
    expect(analyze('s01_param_stride', [256, 1, 1], { s01_param_stride_param_2: 4 })[0].sectorsPerRequest).toBe(16);
    expect(analyze('s01_param_stride', [256, 1, 1], { 2: 1 })[0].class).toBe('coalesced');
  });
});

describe('a stride loaded from a warp-uniform address: s = idx[0]; in[i * s]', () => {
  it('the loaded value is a uniform symbol, not indirect', () => {
    expect(summary(analyze('s02_loaded_stride', [256, 1, 1]))).toEqual([
      '15 global load uniform 1',
      '17 global load uncoalesced 32',
      '17 global store coalesced 4',
    ]);
    const load = analyze('s02_loaded_stride', [256, 1, 1])[1];
    expect(load.reason).toBe(
      'uncoalesced: lanes %r1 (loaded at line 15)·4 B apart, 4 B per lane: 32 sectors per warp request vs 4 ideal for %r1 (loaded at line 15) ≥ 8; ' +
        '4 sectors (coalesced) at %r1 (loaded at line 15) = 1 (block 256x1x1, 8 warps, all lanes active); assumes param_0 256-B aligned',
    );
  });
});

describe('2-D tiles with blocks narrower than a warp: A[row * wA + col]', () => {
  it('16x16: two rows of 16 lanes per warp, 2 + 2 sectors: coalesced for wA ≥ 16', () => {
    const sites = analyze('s03_tile_rows', [16, 16, 1]);
    expect(summary(sites)).toEqual(['25 global load coalesced 4', '25 global store coalesced 4']);
    expect(sites[0].reason).toContain(
      'lane groups param_2·4 B apart, 4 B per lane: 4 sectors per warp request vs 4 ideal for param_2 ≥ 16 (a multiple of 8)',
    );
  });

  it('8x32: four rows of 8 lanes per warp, one sector each: coalesced for wA ≥ 8', () => {
    const sites = analyze('s03_tile_rows', [8, 32, 1]);
    expect(summary(sites)).toEqual(['25 global load coalesced 4', '25 global store coalesced 4']);
    expect(sites[0].reason).toContain('4 sectors per warp request vs 4 ideal for param_2 ≥ 8 (a multiple of 8)');
  });

  it('wA given: exact sectors (wA = 1024 coalesced; wA = 4: rows overlap, 80 B in 3 sectors)', () => {
    expect(summary(analyze('s03_tile_rows', [16, 16, 1], { param_2: 1024 }))).toEqual([
      '25 global load coalesced 4',
      '25 global store coalesced 4',
    ]);
    expect(summary(analyze('s03_tile_rows', [8, 32, 1], { param_2: 4 }))).toEqual([
      '25 global load coalesced 3',
      '25 global store coalesced 3',
    ]);
  });
});

describe('coverage: wmma, cp.async, bulk copies, read-only vector loads', () => {
  it('wmma.load / wmma.store are global sites: 16 rows of one fragment row each', () => {
    const sites = analyze('s05_wmma', [32, 1, 1]).filter((a) => a.ptx.startsWith('wmma'));
    expect(sites.map((a) => [a.kind, a.class, a.sectorsPerRequest, a.idealSectors, a.bytesPerLane])).toEqual([
      ['load', 'coalesced', 16, 16, 16], // a: 16 x 16 half, row-major, ld 64: 16 rows of 32 B
      ['load', 'coalesced', 16, 16, 16], // b: col-major, 16 columns of 32 B
      ['store', 'coalesced', 32, 32, 32], // d: 16 x 16 float: 16 rows of 64 B
    ]);
    expect(sites[0].reason).toBe(
      'coalesced: wmma fragment, 16 rows of 32 B, rows 128 B apart: 16 sectors per warp request vs 16 ideal (the fragment pointer is 256-bit aligned, as wmma requires)',
    );
  });

  it('cp.async (16 B per lane) and cp.async.bulk (4 KiB from one thread)', () => {
    const sites = analyze('s06_cp_async', [256, 1, 1]).filter((a) => a.ptx.startsWith('cp.async'));
    expect(sites.map((a) => [a.space, a.kind, a.class, a.sectorsPerRequest, a.bankConflictWays, a.bytesPerLane])).toEqual([
      ['global', 'load', 'coalesced', 16, null, 16],
      ['shared', 'store', null, null, 1, 16],
      ['global', 'load', 'coalesced', 128, null, 4096],
    ]);
    expect(sites[2].line).toBe(65);
  });

  it('__ldg of a float4: ld.global.nc.v4, 16 B per lane, 16 sectors', () => {
    const [load] = analyze('s07_nc_vector', [256, 1, 1]);
    expect([load.ptx.split(/\s+/)[0], load.class, load.sectorsPerRequest, load.bytesPerLane]).toEqual([
      'ld.global.nc.v4.f32',
      'coalesced',
      16,
      16,
    ]);
  });
});
