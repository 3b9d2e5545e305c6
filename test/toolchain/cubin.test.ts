import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cubinSmVersion, parsePtxasLog, readCubin } from '../../src/toolchain/index.js';
import { ARCHS, fixtureBytes, fixtureText } from './fixtures.js';

const CUBINS = [...ARCHS.map((a) => `kernels.${a}`), 'spill.sm_80', 'spill.sm_90', 'recursion.sm_90'];
// Fields both readers carry (the cubin has no spills; ptxas 13 omits cmem[0] on sm_90+).
const SHARED_FIELDS = ['registers', 'staticSharedBytes', 'localBytes', 'stackFrameBytes', 'barriers', 'constantBytes'] as const;

describe('readCubin', () => {
  it('reads the sm_90 cubin with exact values', () => {
    const { arch, kernels, diagnostics } = readCubin(fixtureBytes('kernels.sm_90.cubin'), 'kernels.sm_90.cubin');
    expect(diagnostics).toEqual([]);
    expect(arch).toBe('sm_90');
    expect(
      Object.fromEntries(
        kernels.map((k) => {
          const r = k.resources;
          return [
            k.displayName,
            [
              r.registers,
              r.staticSharedBytes,
              r.localBytes,
              r.stackFrameBytes,
              r.barriers,
              r.constantBytes,
              r.maxThreadsPerBlock,
              k.isEntry,
            ],
          ];
        }),
      ),
    ).toEqual({
      'carve::fixtures::warpSum(int const*, int*)': [12, 0, 0, 0, 0, 544, null, true],
      'carve::fixtures::convolve(float const*, float*, int)': [32, 0, 0, 0, 0, 548, null, true],
      'void carve::fixtures::blockReduce<double, 256>(double const*, double*, int)': [14, 2048, 0, 0, 1, 548, null, true],
      'void carve::fixtures::blockReduce<float, 128>(float const*, float*, int)': [12, 512, 0, 0, 1, 548, null, true],
      'carve::fixtures::stackFrame(int const*, float const*, float*)': [32, 0, 256, 256, 0, 552, null, true],
      'carve::fixtures::namedBarriers(float*)': [12, 256, 0, 0, 2, 536, 128, true],
      'carve::fixtures::transpose(float const*, float*, int, int)': [26, 4224, 0, 0, 1, 552, 256, true],
      'carve::fixtures::saxpy(float, float const*, float*, int)': [10, 0, 0, 0, 0, 556, null, true],
      plainC: [10, 0, 0, 0, 0, 536, null, true],
    });
    const transpose = kernels.find((k) => k.name === '_ZN5carve8fixtures9transposeEPKfPfii')!.resources;
    expect(transpose.spillStoreBytes).toBeNull();
    expect(transpose.nullReasons?.spillStoreBytes).toMatch(/does not record spills/);
    expect(transpose.minBlocksPerSM).toBeNull();
    expect(transpose.nullReasons?.minBlocksPerSM).toMatch(/minimum blocks per SM/);
    expect(transpose.source).toBe('cubin');
  });

  it.each(ARCHS)('reads the arch of the %s cubin from the ELF flags', (arch) => {
    expect(readCubin(fixtureBytes(`kernels.${arch}.cubin`)).arch).toBe(arch);
  });

  it.each(CUBINS)('agrees with the ptxas log on %s wherever both carry a value', (base) => {
    const cubin = readCubin(fixtureBytes(`${base}.cubin`));
    const log = parsePtxasLog(fixtureText(`${base}.ptxas.log`));
    expect(cubin.diagnostics).toEqual([]);
    const entries = log.kernels.filter((k) => k.isEntry);
    expect(cubin.kernels.map((k) => k.name).sort()).toEqual(entries.map((k) => k.name).sort());
    for (const fromCubin of cubin.kernels) {
      const fromLog = entries.find((k) => k.name === fromCubin.name)!;
      expect(fromCubin.arch).toBe(fromLog.arch);
      for (const field of SHARED_FIELDS) {
        if (fromLog.resources[field] === null) continue;
        expect({ kernel: fromCubin.name, field, value: fromCubin.resources[field] }).toEqual({
          kernel: fromCubin.name,
          field,
          value: fromLog.resources[field],
        });
      }
    }
  });

  it('reads the spill kernel stack (cubin) where ptxas prints the same frame', () => {
    const [pressure] = readCubin(fixtureBytes('spill.sm_90.cubin')).kernels;
    expect([pressure.resources.registers, pressure.resources.stackFrameBytes, pressure.resources.localBytes]).toEqual([32, 1808, 1808]);
  });
});

describe('older cubin layouts (ELF ABI version 7, CUDA 12 and before)', () => {
  it('reads the SM from the low byte of e_flags there', () => {
    // EF_CUDA_SM(80) | EF_CUDA_VIRTUAL_SM(80) << 16 | EF_CUDA_TEXMODE_UNIFIED | EF_CUDA_64BIT_ADDRESS
    expect(cubinSmVersion({ abiVersion: 7, flags: 0x500550 })).toBe(80);
    expect(cubinSmVersion({ abiVersion: 8, flags: 0x6005904 })).toBe(89);
    const bytes = fixtureBytes('kernels.sm_80.cubin').slice();
    bytes[8] = 7; // ABI version
    new DataView(bytes.buffer).setUint32(48, 0x500550, true);
    expect(readCubin(bytes).arch).toBe('sm_80');
  });

  it('falls back to the register count in the .text section header (sh_info >> 24)', () => {
    const bytes = fixtureBytes('kernels.sm_80.cubin').slice();
    // Hide the module-wide .nv.info (EIATTR_REGCOUNT) by renaming it in .shstrtab.
    const names = new TextDecoder('latin1').decode(bytes);
    const at = names.indexOf('\0.nv.info\0') + 1;
    bytes[at + 8] = 'X'.charCodeAt(0);
    const { kernels: withoutInfo, diagnostics } = readCubin(bytes);
    expect(diagnostics).toHaveLength(9);
    expect(diagnostics[0].message).toMatch(
      /no EIATTR_FRAME_SIZE record for '_ZN5carve8fixtures7warpSumEPKiPi' in .nv.info: stack frame taken as 0/,
    );
    const original = readCubin(fixtureBytes('kernels.sm_80.cubin')).kernels;
    expect(withoutInfo.map((k) => k.resources.registers)).toEqual(original.map((k) => k.resources.registers));
    expect(withoutInfo.map((k) => k.resources.registers)).toEqual([14, 32, 14, 10, 32, 12, 28, 10, 8]);
    // The rename did hide .nv.info: the stack frame (only recorded there) is gone.
    const stack = (ks: typeof original) => ks.find((k) => k.name.includes('stackFrame'))!.resources.stackFrameBytes;
    expect([stack(original), stack(withoutInfo)]).toEqual([256, 0]);
  });
});

describe('readCubin on bad input', () => {
  it('rejects non-ELF input at byte 0', () => {
    const result = readCubin(new TextEncoder().encode('ptxas info : Used 1 registers'), 'log.txt');
    expect(result).toEqual({
      arch: null,
      kernels: [],
      diagnostics: [
        {
          severity: 'error',
          stage: 'cubin',
          message: 'not a readable cubin: not an ELF file (missing \\x7fELF magic)',
          file: 'log.txt',
          offset: 0,
        },
      ],
    });
  });

  it('rejects a 32-bit ELF at the class byte', () => {
    const bytes = fixtureBytes('kernels.sm_90.cubin').slice();
    bytes[4] = 1;
    expect(readCubin(bytes).diagnostics).toEqual([
      {
        severity: 'error',
        stage: 'cubin',
        message: 'not a readable cubin: not a 64-bit ELF file (cubins are ELF64)',
        file: undefined,
        offset: 4,
      },
    ]);
  });

  it('reports a truncated cubin with the offset where the file ends', () => {
    const bytes = fixtureBytes('kernels.sm_90.cubin').slice(0, 1000);
    const { kernels, diagnostics } = readCubin(bytes, 'cut.cubin');
    expect(kernels).toEqual([]);
    expect(diagnostics).toEqual([
      {
        severity: 'error',
        stage: 'cubin',
        message: expect.stringMatching(/section header table at byte 29880 runs past the end of the file \(1000 bytes\)/),
        file: 'cut.cubin',
        offset: 1000,
      },
    ]);
  });

  it('keeps the other kernels when one .nv.info.<kernel> section is corrupt', () => {
    const bytes = fixtureBytes('kernels.sm_90.cubin').slice();
    // .nv.info._ZN5carve8fixtures7warpSumEPKiPi starts at 0x212c (readelf): break its first record's format byte.
    bytes[0x212c] = 9;
    const { kernels, diagnostics } = readCubin(bytes, 'corrupt.cubin');
    expect(kernels).toHaveLength(8);
    expect(diagnostics).toEqual([
      {
        severity: 'error',
        stage: 'cubin',
        message: '.nv.info._ZN5carve8fixtures7warpSumEPKiPi: unknown .nv.info record format 9 at byte 8492',
        file: 'corrupt.cubin',
        offset: 0x212c,
        kernel: '_ZN5carve8fixtures7warpSumEPKiPi',
      },
    ]);
  });

  it('never throws on random truncations and byte corruptions of a real cubin', () => {
    const original = fixtureBytes('kernels.sm_80.cubin');
    fc.assert(
      fc.property(
        fc.nat({ max: original.length }),
        fc.array(fc.tuple(fc.nat({ max: original.length - 1 }), fc.integer({ min: 0, max: 255 })), { maxLength: 16 }),
        (length, edits) => {
          const bytes = original.slice(0, Math.max(length, 0));
          for (const [at, value] of edits) if (at < bytes.length) bytes[at] = value;
          const result = readCubin(bytes);
          // Every problem is a located diagnostic, never an exception.
          for (const d of result.diagnostics) expect(d.offset === undefined || (d.offset >= 0 && d.offset <= bytes.length)).toBe(true);
        },
      ),
      { numRuns: 400, seed: 20260101 },
    );
  });
});
