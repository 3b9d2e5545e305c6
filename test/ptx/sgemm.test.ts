// Hand-derivable checks on the tiled SGEMM instantiations of sgemm.cu (compile-time sizes):
//   global load bytes / thread = 4 (BM BK + BK BN) / threads * N / BK, flops = 2 TM TN N.
import { describe, expect, it } from 'vitest';
import { analyze, loadModule } from './helpers.js';

function tile(mangled: string) {
  const [BM, BN, BK, TM, TN, N, KU] = [...mangled.matchAll(/Li(\d+)E/g)].map((m) => Number(m[1]));
  return { BM, BN, BK, TM, TN, N, KU, threads: (BM / TM) * (BN / TN) };
}

describe.each(['sgemm.sm_90.ptx', 'sgemm.sm_80.ptx'])('tiled SGEMM (%s)', (fixture) => {
  const module = loadModule(fixture);
  const names = module.functions.map((f) => f.name);

  it('has the five instantiations (tile shapes and k-unroll factors)', () => {
    expect(names.map((n) => Object.values(tile(n)).join(','))).toEqual([
      '64,64,8,4,4,512,8,256',
      '64,64,8,4,4,512,1,256',
      '128,128,8,8,8,1024,2,256',
      '32,32,16,2,2,256,4,256',
      '16,16,16,1,1,4096,16,256',
    ]);
  });

  it.each(names)('%s: exact per-thread bytes, flops and regions', (name) => {
    const { BM, BN, BK, TM, TN, N, threads } = tile(name);
    const a = analyze(module, name);
    const tiles = N / BK;
    const loadsPerTile = (BM * BK + BK * BN) / threads;
    expect(a.perThread.globalLoadBytes).toBe(((4 * (BM * BK + BK * BN)) / threads) * tiles);
    expect(a.perThread.flops).toBe(2 * TM * TN * N);
    expect(a.perThread.globalStoreBytes).toBe(4 * TM * TN);
    expect(a.perThread.sharedStoreBytes).toBe(4 * loadsPerTile * tiles);
    expect(a.perThread.sharedLoadBytes).toBe(4 * (TM + TN) * N);
    expect(a.mix.dynamic.fp32).toBe(TM * TN * N);
    expect(a.mix.dynamic.barrier).toBe(2 * tiles);
    // Ryoo: each tile ends a region at 2 barriers and at every first use of a global load
    // (nvcc stores each loaded value to shared memory right after loading it), plus one.
    expect(a.regions).toBe(tiles * (loadsPerTile + 2) + 1);
    expect(a.perThread.unknownBranchesCountedTaken).toBe(false);
    expect(a.perThread.usesAssumedTripCounts).toBe(false);
    expect(a.loops[0].tripCount).toBe(tiles);
  });
});
