import { describe, expect, it } from 'vitest';
import { parsePtxasLog } from '../../src/toolchain/index.js';
import { fixtureText } from './fixtures.js';

/** name -> [registers, staticShared, localBytes, stackFrame, spillStores, spillLoads, barriers, cmem[0]] */
function summary(text: string) {
  const { kernels } = parsePtxasLog(text);
  return Object.fromEntries(
    kernels.map((k) => {
      const r = k.resources;
      return [
        `${k.name}@${k.arch}${k.isEntry ? '' : ' (device)'}`,
        [
          r.registers,
          r.staticSharedBytes,
          r.localBytes,
          r.stackFrameBytes,
          r.spillStoreBytes,
          r.spillLoadBytes,
          r.barriers,
          r.constantBytes,
        ],
      ];
    }),
  );
}

describe('parsePtxasLog on nvcc 13 output', () => {
  it('reads every kernel of the sm_90 log with exact values', () => {
    const { kernels, diagnostics } = parsePtxasLog(fixtureText('kernels.sm_90.ptxas.log'), 'kernels.sm_90.ptxas.log');
    expect(diagnostics).toEqual([]);
    expect(summary(fixtureText('kernels.sm_90.ptxas.log'))).toEqual({
      '_ZN5carve8fixtures7warpSumEPKiPi@sm_90': [12, 0, 0, 0, 0, 0, 0, null],
      '_ZN5carve8fixtures8convolveEPKfPfi@sm_90': [32, 0, 0, 0, 0, 0, 0, null],
      '_ZN5carve8fixtures10smoothStepEfff@sm_90 (device)': [0, 0, 0, 0, 0, 0, 0, 0],
      '_ZN5carve8fixtures11blockReduceIdLi256EEEvPKT_PS2_i@sm_90': [14, 2048, 0, 0, 0, 0, 1, null],
      '_ZN5carve8fixtures11blockReduceIfLi128EEEvPKT_PS2_i@sm_90': [12, 512, 0, 0, 0, 0, 1, null],
      '_ZN5carve8fixtures10stackFrameEPKiPKfPf@sm_90': [32, 0, 256, 256, 0, 0, 0, null],
      '_ZN5carve8fixtures13namedBarriersEPf@sm_90': [12, 256, 0, 0, 0, 0, 2, null],
      '_ZN5carve8fixtures9transposeEPKfPfii@sm_90': [26, 4224, 0, 0, 0, 0, 1, null],
      '_ZN5carve8fixtures5saxpyEfPKfPfi@sm_90': [10, 0, 0, 0, 0, 0, 0, null],
      'plainC@sm_90': [10, 0, 0, 0, 0, 0, 0, null],
    });
    const transpose = kernels.find((k) => k.name === '_ZN5carve8fixtures9transposeEPKfPfii')!;
    expect(transpose.displayName).toBe('carve::fixtures::transpose(float const*, float*, int, int)');
    expect(transpose.resources.source).toBe('ptxas');
    // Launch bounds are not in a ptxas log: unknown, with the reason.
    expect(transpose.resources.maxThreadsPerBlock).toBeNull();
    expect(transpose.resources.nullReasons?.maxThreadsPerBlock).toMatch(/does not record launch bounds/);
    expect(transpose.resources.nullReasons?.constantBytes).toMatch(/cmem\[0\]/);
    const device = kernels.find((k) => !k.isEntry)!;
    expect(device.partial).toMatch(/device function/);
  });

  it('reads cmem[0] where ptxas prints it (sm_75)', () => {
    const rows = summary(fixtureText('kernels.sm_75.ptxas.log'));
    expect(rows['_ZN5carve8fixtures10stackFrameEPKiPKfPf@sm_75']).toEqual([64, 0, 256, 256, 0, 0, 0, 376]);
    expect(rows['_ZN5carve8fixtures5saxpyEfPKfPfi@sm_75']).toEqual([10, 0, 0, 0, 0, 0, 0, 380]);
    expect(rows['plainC@sm_75']).toEqual([8, 0, 0, 0, 0, 0, 0, 360]);
  });

  it('reads spills and the cumulative stack size (-maxrregcount=32)', () => {
    expect(summary(fixtureText('spill.sm_90.ptxas.log'))).toEqual({
      '_Z8pressurePK6float4PS_i@sm_90': [32, 0, 1808, 1808, 3680, 3944, 0, null],
    });
    expect(summary(fixtureText('spill.sm_80.ptxas.log'))).toEqual({
      '_Z8pressurePK6float4PS_i@sm_80': [32, 0, 1768, 1768, 3612, 3868, 0, 372],
    });
  });

  it('keeps a recursive device function apart from the kernel', () => {
    expect(summary(fixtureText('recursion.sm_90.ptxas.log'))).toEqual({
      '_Z9fibKernelPi@sm_90': [24, 0, 0, 0, 0, 0, 0, null],
      '_Z3fibi@sm_90 (device)': [0, 0, 24, 24, 20, 20, 0, 0],
    });
  });

  it('separates several archs in one log', () => {
    const { kernels, diagnostics } = parsePtxasLog(fixtureText('kernels.multi-arch.ptxas.log'));
    expect(diagnostics).toEqual([]);
    const entries = kernels.filter((k) => k.isEntry);
    expect(entries.filter((k) => k.arch === 'sm_75')).toHaveLength(9);
    expect(entries.filter((k) => k.arch === 'sm_90')).toHaveLength(9);
    const transpose = (arch: string) => entries.find((k) => k.arch === arch && k.name.includes('transpose'))!.resources;
    expect([transpose('sm_75').registers, transpose('sm_75').constantBytes]).toEqual([26, 376]);
    expect([transpose('sm_90').registers, transpose('sm_90').constantBytes]).toEqual([26, null]);
  });
});

describe('parsePtxasLog on older nvcc and other build systems (external logs)', () => {
  it('strips MSBuild prefixes and reads cumulative stack, cmem[2] and non-entry functions (CUDA 9)', () => {
    const { kernels, diagnostics } = parsePtxasLog(fixtureText('external/ccminer-pr36.sm_50.ptxas.log'));
    expect(diagnostics).toEqual([]);
    const entries = kernels.filter((k) => k.isEntry);
    expect(
      entries.map((k) => [
        k.resources.registers,
        k.resources.localBytes,
        k.resources.stackFrameBytes,
        k.resources.spillStoreBytes,
        k.resources.spillLoadBytes,
        k.resources.staticSharedBytes,
        k.resources.constantBytes,
        k.resources.barriers,
      ]),
    ).toEqual([
      [255, 312, 296, 176, 312, 8192, 324, null],
      [55, 168, 144, 0, 0, 41480, 324, null],
    ]);
    expect(entries[0].resources.nullReasons?.barriers).toMatch(/no barrier count/);
    expect(kernels.filter((k) => !k.isEntry).map((k) => [k.displayName, k.resources.stackFrameBytes])).toEqual([
      ['_INTERNAL_28_cuda_equi_compute_30_cpp1_ii_1f510c1d::__shfl_sync(unsigned int, int, int, int)', 0],
      ['cudaMalloc', 8],
    ]);
    expect(entries[0].displayName).toBe('void digit_last_wdc<9u, 1248u, 9, 2u, packer_cantor, 64u, 8u, 4u>(equi<9u, 1248u>*)');
  });

  it('reads the CUDA 11 sm_80 form without barriers, with textures', () => {
    const { kernels, diagnostics } = parsePtxasLog(fixtureText('external/cudaminer-issue163.sm_80.ptxas.log'));
    expect(diagnostics).toEqual([]);
    expect(
      kernels.map((k) => [
        k.arch,
        k.resources.registers,
        k.resources.stackFrameBytes,
        k.resources.spillStoreBytes,
        k.resources.spillLoadBytes,
        k.resources.constantBytes,
        k.resources.barriers,
      ]),
    ).toEqual([
      ['sm_80', 64, 176, 428, 432, 368, null],
      ['sm_80', 64, 176, 452, 456, 368, null],
      ['sm_80', 64, 160, 384, 384, 372, null],
    ]);
  });

  it('reads sm_90a CUTLASS kernels (CUDA 13) and the sm_70 form', () => {
    const cutlass = parsePtxasLog(fixtureText('external/magiattention-issue191.sm_90a.ptxas.log'));
    expect(cutlass.diagnostics).toEqual([]);
    expect(cutlass.kernels.map((k) => [k.arch, k.resources.registers, k.resources.barriers, k.resources.staticSharedBytes])).toEqual([
      ['sm_90a', 44, 0, 0],
      ['sm_90a', 224, 1, 9216],
    ]);
    expect(cutlass.kernels[0].displayName).toBe(
      'void cutlass::device_kernel<flash::FlashAttnFwdPostprocess<float, 256u, 192u, false, (flash::SinkLayout)1, cutlass::arch::Sm90> >(flash::FlashAttnFwdPostprocess<float, 256u, 192u, false, (flash::SinkLayout)1, cutlass::arch::Sm90>::Params)',
    );
    const smfft = parsePtxasLog(fixtureText('external/smfft-issue1.sm_70.ptxas.log'));
    expect(smfft.kernels.map((k) => [k.resources.registers, k.resources.staticSharedBytes, k.resources.constantBytes])).toEqual([
      [32, 33792, 368],
      [32, 33792, 368],
    ]);
  });
});

describe('parsePtxasLog on bad input', () => {
  it('reports text without ptxas output instead of inventing kernels', () => {
    const { kernels, diagnostics } = parsePtxasLog('hello\nworld\n', 'x.log');
    expect(kernels).toEqual([]);
    expect(diagnostics).toEqual([
      { severity: 'error', stage: 'ptxas', message: expect.stringMatching(/no ptxas output/), file: 'x.log', line: 1 },
    ]);
  });

  it('reports an unreadable Used line with its line and column and keeps the other kernels', () => {
    const text = [
      "ptxas info    : Compiling entry function 'a' for 'sm_90'",
      'ptxas info    : Used many registers, used 0 barriers',
      "ptxas info    : Compiling entry function 'b' for 'sm_90'",
      'ptxas info    : Used 8 registers, used 0 barriers, 12 bytes frobs',
    ].join('\n');
    const { kernels, diagnostics } = parsePtxasLog(text, 'bad.log');
    expect(kernels.map((k) => [k.name, k.resources.registers])).toEqual([['b', 8]]);
    expect(diagnostics).toEqual([
      { severity: 'error', stage: 'ptxas', message: "cannot read the register count 'many'", file: 'bad.log', line: 2, column: 17 },
      {
        severity: 'warning',
        stage: 'ptxas',
        message: "unrecognised resource item '12 bytes frobs' (ignored)",
        file: 'bad.log',
        line: 4,
        column: 17,
      },
    ]);
  });

  it('reports an entry without a Used line, a garbled frame line and ptxas errors', () => {
    const text = [
      "ptxas info    : Compiling entry function 'a' for 'sm_80'",
      'ptxas info    : Function properties for a',
      '    x bytes stack frame, 0 bytes spill stores, 0 bytes spill loads',
      "ptxas error   : Entry function 'a' uses too much shared data (0x10000 bytes, 0xc000 max)",
    ].join('\n');
    const { kernels, diagnostics } = parsePtxasLog(text, 'e.log');
    expect(kernels).toEqual([]);
    expect(diagnostics.map((d) => [d.severity, d.line, d.message])).toEqual([
      ['error', 3, "cannot read stack frame line 'x bytes stack frame, 0 bytes spill stores, 0 bytes spill loads'"],
      ['error', 4, "Entry function 'a' uses too much shared data (0x10000 bytes, 0xc000 max)"],
      ['error', 1, "no 'Used N registers' line for entry 'a'"],
    ]);
  });
});
