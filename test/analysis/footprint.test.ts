// Traffic footprints (src/analysis/memory/footprint.ts) of kernels compiled with nvcc from
// test/fixtures/model/footprint.cu, against closed forms: a warp's re-reads of the sectors it
// touched in earlier iterations taken out of the L2's requests, bytes shared by the copies and
// passes of one block, and by neighbouring blocks.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeModule, type KernelLaunch } from '../../src/analysis/analyze.js';
import type { KernelReport } from '../../src/model/types.js';
import { requireNvcc } from '../helpers/tools.js';

const SOURCE = path.resolve(import.meta.dirname, '../fixtures/model/footprint.cu');
let nvcc = '';

const LAUNCHES: Record<string, Pick<KernelLaunch, 'block' | 'grid' | 'params'>> = {
  // 128 rows of 1024 floats, a row per thread.
  row_per_thread: { block: [32, 1, 1], grid: [4, 1, 1], params: { rows: 128, c: 1024 } },
  shared_vector: { block: [256, 1, 1], grid: [64, 1, 1] },
  three_point: { block: [256, 1, 1], grid: [64, 1, 1] },
  // 64 rows of 1024 floats, the first 128 columns walked.
  column_walk: { block: [32, 1, 1], grid: [4, 1, 1], params: { rows: 64, width: 1024 } },
  two_inputs: { block: [256, 1, 1], grid: [64, 1, 1] },
  // 4096 floats over 4 blocks of 128 threads: 8 iterations each.
  grid_stride_sum: { block: [128, 1, 1], grid: [4, 1, 1], params: { n: 4096 } },
  // 64 blocks of 16 threads, a float4 each.
  narrow_copy: { block: [16, 1, 1], grid: [64, 1, 1] },
};

function analyse(footprints: boolean): Map<string, KernelReport> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carve-footprint-'));
  const ptxFile = path.join(dir, 'footprint.ptx');
  execFileSync(nvcc, ['-arch=sm_90', '-lineinfo', '-ptx', '-o', ptxFile, SOURCE]);
  const { kernels, diagnostics } = analyzeModule({
    ptxText: readFileSync(ptxFile, 'utf8'),
    ptxFile,
    sourceFile: SOURCE,
    sourceText: readFileSync(SOURCE, 'utf8'),
    arch: 'sm_90',
    resources: [],
    defines: {},
    loops: { assumedTripCount: 1, hints: {} },
    footprints,
    launchFor: (_name, displayName) => {
      const launch = LAUNCHES[displayName.replace(/\(.*$/, '')];
      return { blockSource: 'cli', dynamicSharedBytes: 0, carveoutPercent: -1, ...launch };
    },
  });
  expect(diagnostics).toEqual([]);
  return new Map(kernels.map((k) => [k.displayName.replace(/\(.*$/, ''), k]));
}

describe('traffic footprints of real kernels (nvcc)', () => {
  let kernels: Map<string, KernelReport>;
  beforeAll(async () => {
    nvcc = (await requireNvcc()).path;
    kernels = analyse(true);
  });

  it('takes a warp re-reading its own sectors out of the L2 requests: a row per thread, two passes', () => {
    const k = kernels.get('row_per_thread')!;
    // Requests of 32 sectors (32 rows) per warp; each sector is read by 8 iterations.
    const rowSectors = 1024 / 8;
    // Pass 1: x[0], the 4x-unrolled x[1..1020] and the remainder x[1021..1023] (the row's last
    // sector); pass 2: the row again and the output row. Sectors per lane, 32 lanes, 32 B each.
    const l2Sectors = 1 + rowSectors + 1 + rowSectors + rowSectors;
    expect(k.trafficFootprint).toEqual({
      l2BytesPerBlock: l2Sectors * 32 * 32,
      // The block's 32 input rows and 32 output rows, 4 KB each.
      blockFootprintBytes: 2 * 32 * 4096,
      launchFootprintBytes: 2 * 128 * 4096,
      loadedBytesPerBlock: 32 * 4096,
      sharedLoadedBytes: 0,
      streamingSites: 0,
      streamingReason: null,
    });
  });

  it('counts bytes every block reads at the same address once for the launch', () => {
    expect(kernels.get('shared_vector')!.trafficFootprint).toEqual({
      l2BytesPerBlock: 3 * 1024,
      blockFootprintBytes: 3 * 1024,
      // in and out: 64 blocks x 1 KB; w: 1 KB for all of them.
      launchFootprintBytes: 2 * 64 * 1024 + 1024,
      loadedBytesPerBlock: 1024,
      sharedLoadedBytes: 1024,
      streamingSites: 0,
      streamingReason: null,
    });
  });

  it("shares a stencil's neighbouring elements between the copies of one block and between blocks", () => {
    const k = kernels.get('three_point')!;
    // Element i = 256 b + t + 1: in[i-1..i+1] spans 258 floats from a sector boundary (33
    // sectors), out[i] 256 floats from 4 B past one (33 sectors).
    expect(k.trafficFootprint).toMatchObject({ blockFootprintBytes: 2 * 33 * 32, loadedBytesPerBlock: 33 * 32 });
    // The launch: in[0 .. 64·256+1] and out[1 .. 64·256], 2049 sectors each, not 64 x 33.
    expect(k.trafficFootprint!.launchFootprintBytes).toBe(2 * 2049 * 32);
    // The three loads request more sectors than the warp touches: fewer reach the L2.
    const requested = k.accesses.filter((a) => a.space === 'global').reduce((sum, a) => sum + a.sectorsPerRequest! * 256, 0);
    expect(k.trafficFootprint!.l2BytesPerBlock).toBeLessThan(requested);
  });

  it('measures a column walk row by row, and its second pass over the same bytes once', () => {
    // Each warp reads 128 B (4 sectors) of each of the 64 rows, 4 KB apart: 8 KB per block, not
    // the 252 KB from its first row to its last. Pass 1 requests them once; pass 2 loads and
    // stores them (half its requests find the sectors the load brought).
    expect(kernels.get('column_walk')!.trafficFootprint).toEqual({
      l2BytesPerBlock: 2 * 64 * 128,
      blockFootprintBytes: 64 * 128,
      launchFootprintBytes: 4 * 64 * 128,
      loadedBytesPerBlock: 64 * 128,
      sharedLoadedBytes: 0,
      streamingSites: 0,
      streamingReason: null,
    });
  });

  it("takes the largest array a block loads as what the L2 keeps for it, not the arrays' sum", () => {
    expect(kernels.get('two_inputs')!.trafficFootprint).toEqual({
      l2BytesPerBlock: 3 * 1024,
      blockFootprintBytes: 3 * 1024,
      launchFootprintBytes: 3 * 64 * 1024,
      loadedBytesPerBlock: 1024,
      sharedLoadedBytes: 0,
      streamingSites: 0,
      streamingReason: null,
    });
  });

  it('counts a block narrower than a warp by the bytes its threads touch', () => {
    // 16 threads x 16 B loaded and stored: 256 B each way a block, 64 blocks apart by 256 B. The
    // requests, as the launch's traffic counts them, are a warp's (8 sectors each way); before,
    // the block's 16 threads took a share of them, and the bytes a block touches were capped at
    // half (a block of 2^k threads below a warp: 2^k / 32 of them).
    expect(kernels.get('narrow_copy')!.trafficFootprint).toEqual({
      l2BytesPerBlock: 512,
      blockFootprintBytes: 512,
      launchFootprintBytes: 64 * 512,
      loadedBytesPerBlock: 256,
      sharedLoadedBytes: 0,
      streamingSites: 0,
      streamingReason: null,
    });
  });

  it("ranges a grid-stride loop's iterations over the grid's width", () => {
    // A block reads 512 B per iteration, 2 KB apart, 8 times: 4 KB; the four blocks together
    // read all 16 KB of the input once, and write 512 B each.
    expect(kernels.get('grid_stride_sum')!.trafficFootprint).toEqual({
      l2BytesPerBlock: 8 * 512 + 512,
      blockFootprintBytes: 8 * 512 + 512,
      launchFootprintBytes: 4096 * 4 + 4 * 512,
      loadedBytesPerBlock: 8 * 512,
      sharedLoadedBytes: 0,
      streamingSites: 0,
      streamingReason: null,
    });
  });

  it('is worked out only when asked for', () => {
    expect([...analyse(false).values()].map((k) => k.trafficFootprint)).toEqual(Array.from({ length: 7 }, () => undefined));
  });
});
