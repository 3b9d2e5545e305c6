// The corpus tools (scripts/corpus-plan.ts, scripts/corpus-compare.ts) on the repository's own
// memory corpus: its nvcc 13 PTX (test/fixtures/memory/corpus.ptx), its source and the H100
// source-page listings of test/fixtures/memory/h100 (device/memory/run.sh).
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeModule } from '../../src/analysis/index.js';
import type { KernelReport } from '../../src/model/types.js';
import { baseName, planFile, pointeeFill, sourceSignature, tsvLine, type Manifest } from '../../scripts/corpus-plan.js';
import { demangledParameters } from '../../src/toolchain/demangle.js';
import { compareSites, setOf, type SiteRow } from '../../scripts/corpus-compare.js';
import { measuredSites } from '../memory/ncu-csv.js';

const dir = new URL('../fixtures/memory/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, dir), 'utf8');
const ptx = read('corpus.ptx');
const source = read('corpus.cu');

const manifest: Manifest = {
  sources: { own: { repository: 'carve', commit: '-', license: 'MIT', licenseFile: 'LICENSE', params: { pitch: 1024 } } },
  defaults: { block: [256, 1, 1], grid: [64, 1, 1], int: 7, float: 1, bufferBytes: 1 << 26, bufferOffset: 1 << 20, externShared: 49152 },
  files: [{ source: 'own', path: 'test/fixtures/memory/corpus.cu', kernels: { k18_block2d_pitch: { block: [8, 32], grid: [16, 8] } } }],
};
const readSource = (file: string) => (file.endsWith('/corpus.cu') ? source : null);

describe('corpus-plan', () => {
  it('takes the kernel name as written in the source from a demangled name', () => {
    expect(baseName('void reduce6<int, 512u, true>(int*, int*, unsigned int)')).toBe('reduce6');
    expect(
      baseName('void ns::sgemm2DBlocktiling<128, 128, 8, 8, 8>(int, int, int, float, float const*, float const*, float, float*)'),
    ).toBe('sgemm2DBlocktiling');
    expect(baseName('k02_offset1_f32')).toBe('k02_offset1_f32');
  });

  it('reads parameter names and pointer-ness from the signature above the first line of the body', () => {
    expect(sourceSignature(source, 148, 'k18_block2d_pitch')).toEqual([
      { name: 'in', pointer: true },
      { name: 'out', pointer: true },
      { name: 'pitch', pointer: false },
    ]);
    expect(sourceSignature(source, 22, 'no_such_kernel')).toBeNull();
  });

  it('fills the buffers of floating-point pointers by the demangled parameter types', () => {
    // void reduce4<int, 512u>(float const*, __nv_bfloat16*, vec4<double>::Type*, int*, unsigned int)
    const types = demangledParameters('_Z7reduce4IiLj512EEvPKfP13__nv_bfloat16PN4vec4IdE4TypeEPij')!;
    expect(types).toEqual(['float const*', '__nv_bfloat16*', 'vec4<double>::Type*', 'int*', 'unsigned int']);
    expect(types.map(pointeeFill)).toEqual(['f32', 'bf16', 'f64', 'zero', 'zero']);
    expect(['__half2 const*', 'float4*', 'float**', 'latLong*'].map(pointeeFill)).toEqual(['f16', 'f32', 'zero', 'zero']);
    expect(demangledParameters('k_no_signature') ?? []).toEqual([]);
  });

  it('plans every kernel: block and grid from the manifest, else the defaults; scalars by source name, else the default', () => {
    const launches = planFile(manifest, manifest.files[0], ptx, readSource, 100);
    expect(launches).toHaveLength(35);
    const k18 = launches.find((l) => l.kernel === 'k18_block2d_pitch')!;
    expect(k18.block).toEqual([8, 32, 1]);
    expect(k18.grid).toEqual([16, 8, 1]);
    expect(k18.signatureFound).toBe(true);
    // extern "C": no demangled parameter types, so the buffers are zero-filled.
    expect(k18.args).toEqual([
      { kind: 'ptr', name: 'in', fill: 'zero' },
      { kind: 'ptr', name: 'out', fill: 'zero' },
      { kind: 'int', name: 'pitch', ptxType: 'u32', value: 1024, from: 'source' },
    ]);
    expect(tsvLine(k18)).toBe(`${k18.id}\town__test__fixtures__memory__corpus.cu\tk18_block2d_pitch\t16,8,1\t8,32,1\t0\tp p u32:1024`);
    const k02 = launches.find((l) => l.kernel === 'k02_offset1_f32')!;
    expect([k02.id, k02.block, k02.grid, k02.dynamicShared, tsvLine(k02).split('\t')[6]]).toEqual([101, [256, 1, 1], [64, 1, 1], 0, 'p p']);
  });
});

describe('corpus-compare', () => {
  const launches = (JSON.parse(read('launches.json')) as { launches: Array<{ kernel: string; block: [number, number, number] }> }).launches;
  let rows: SiteRow[] = [];
  let reports: KernelReport[] = [];
  beforeAll(() => {
    // Each launch analysed at its own block, like the corpus (one module, blocks per kernel).
    reports = launches.map((launch) =>
      analyzeModule({
        ptxText: ptx,
        ptxFile: 'corpus.ptx',
        sourceFile: null,
        arch: 'sm_90',
        resources: [],
        launchFor: (name) => ({
          block: name === launch.kernel ? launch.block : null,
          blockSource: 'config',
          dynamicSharedBytes: 0,
          carveoutPercent: 100,
        }),
        defines: {},
        loops: { assumedTripCount: 1, hints: {} },
      }).kernels.find((k) => k.name === launch.kernel)!,
    );
    rows = launches.flatMap((launch, index) => {
      const measured = measuredSites(read(`h100/source/${index}-${launch.kernel}.csv`)).map((m) => ({
        file: m.file,
        line: m.line,
        space: m.space,
        operation: m.operation,
        accessBits: 0,
        sass: m.sass,
        executed: m.executed,
        threadExecuted: 0,
        predOnThreadExecuted: 0,
        requests: 0,
        sectors: m.sectorsPerRequest * m.executed,
        idealSectors: m.idealPerRequest * m.executed,
      }));
      return compareSites(index, launch.kernel, reports[index].accesses, measured);
    });
  });

  it('judges every definite global site of the memory corpus as agreeing with the H100, with no false alarm', () => {
    const count = (verdict: SiteRow['verdict']) => rows.filter((r) => r.verdict === verdict).length;
    expect(rows.length).toBe(reports.reduce((s, k) => s + k.accesses.filter((a) => a.space === 'global').length, 0));
    // 94 global sites; the analysis of this tree leaves 3 unresolved (two gathers, one pitch-strided
    // 2-D access), and every site it resolves is judged: none disagrees.
    expect({
      judged: count('agree') + count('not-definite'),
      disagree: count('disagree'),
      shared: count('shared-line'),
      noLine: count('no-measured-line'),
      notExecuted: count('not-executed'),
    }).toEqual({ judged: 92, disagree: 0, shared: 0, noLine: 2, notExecuted: 0 });
    // noLine 2: the atomicAdd (k28) and cp.async (k35) sites are attributed to the user's line
    // through .loc inlined_at, while ncu's source counters list them under the toolkit header.
    expect(rows.filter((r) => r.verdict === 'not-definite').map((r) => [r.kernel, r.class])).toEqual(
      expect.arrayContaining([
        ['k12_gather', 'indirect'],
        ['k13_scatter', 'indirect'],
      ]),
    );
    expect(rows.filter((r) => r.falseAlarm)).toEqual([]);
  });

  it('compares sectors over the ideal: a 4-byte load one element off is 1.25x on both sides', () => {
    const offset = rows.find((r) => r.kernel === 'k02_offset1_f32' && r.kind === 'load')!;
    expect([offset.class, offset.predictedExcess, offset.measuredExcess, offset.verdict]).toEqual(['misaligned', 1.25, 1.25, 'agree']);
  });

  it('splits files into development and validation by a fixed hash of the path', () => {
    expect(
      [
        'llm.c/dev/cuda/gelu_forward.cu',
        'SGEMM_CUDA/src/kernels/1_naive.cuh',
        'cuda-samples/Samples/6_Performance/transpose/transpose.cu',
      ].map((p) => setOf(p.split('/')[0], p.split('/').slice(1).join('/'))),
    ).toEqual(['validation', 'validation', 'development']); // sha1 first bytes 45, 183, 240
  });
});
