// The cubin line-table reader against NVIDIA's disassembler: nvdisasm -g -c run on the H100
// machine (device/sass/run.sh) over the committed cubins (scripts/fixtures/sass.sh) prints each
// SASS instruction under its `//## File "...", line N` annotation; counting them per line and
// subroutine must give the reader's counts, with the trailing padding (a BRA to itself, NOPs)
// set apart.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCuda, findNvcc, readSassLines } from '../../src/toolchain/index.js';
import { readElf } from '../../src/toolchain/elf.js';
import type { SassLineCount } from '../../src/model/types.js';
import { fixtureBytes as toolchainFixture } from './fixtures.js';
import { keyOf, readListing } from './nvdisasm-listing.js';

const DIR = path.resolve(import.meta.dirname, '../fixtures/sass');
const bytes = (name: string) => new Uint8Array(readFileSync(path.join(DIR, name)));

const asKeys = (lines: readonly SassLineCount[]) => new Map(lines.map((e) => [keyOf(e), e.instructions]));

describe('readSassLines against nvdisasm -g', () => {
  for (const arch of ['sm_75', 'sm_90']) {
    it(`${arch}: every kernel's SASS per source line and its padding`, () => {
      const table = readSassLines(bytes(`lines.${arch}.cubin`), `lines.${arch}.cubin`);
      const listing = readListing(readFileSync(path.join(DIR, `h100/lines.${arch}.nvdisasm.txt`), 'utf8'));
      expect(table.diagnostics).toEqual([]);
      expect([...table.functions.keys()].sort()).toEqual([...listing.counts.keys()].sort());
      for (const [name, lines] of table.functions) {
        expect(asKeys(lines), name).toEqual(listing.counts.get(name));
        expect(table.padding.get(name), name).toBe(listing.padding.get(name));
      }
    });

    it(`${arch}: the LDG and STG instructions of each source line`, () => {
      const table = readSassLines(bytes(`lines.${arch}.cubin`), `lines.${arch}.cubin`);
      const listing = readListing(readFileSync(path.join(DIR, `h100/lines.${arch}.nvdisasm.txt`), 'utf8'));
      let total = 0;
      for (const [name, lines] of table.functions) {
        const memory = new Map<string, number>();
        for (const e of lines) {
          if (e.globalMemory) memory.set(keyOf(e), e.globalMemory);
        }
        expect(memory, name).toEqual(listing.globalMemory.get(name));
        for (const n of memory.values()) total += n;
      }
      expect(total).toBe(12);
    });

    it(`${arch}: the instructions of each source line run under a guard predicate`, () => {
      const table = readSassLines(bytes(`lines.${arch}.cubin`), `lines.${arch}.cubin`);
      const listing = readListing(readFileSync(path.join(DIR, `h100/lines.${arch}.nvdisasm.txt`), 'utf8'));
      let total = 0;
      for (const [name, lines] of table.functions) {
        const guarded = new Map<string, number>();
        for (const e of lines) {
          if (e.predicated) guarded.set(keyOf(e), e.predicated);
        }
        expect(guarded, name).toEqual(listing.predicated.get(name));
        for (const n of guarded.values()) total += n;
      }
      expect(total).toBe(48);
    });
  }

  it('sm_90: exact counts, the inlined bf16 header line, the subroutines and the out-of-line code', () => {
    const { functions, padding } = readSassLines(bytes('lines.sm_90.cubin'));
    const of = (name: string) => Object.fromEntries(asKeys(functions.get(name)!));
    expect(of('_Z5loop8PfPKf')).toEqual({
      'lines.cu:14': 1,
      'lines.cu:15': 4,
      'lines.cu:18': 12,
      'lines.cu:19': 3,
      'lines.cu:21': 4,
      'lines.cu:22': 1,
    });
    expect(of('_Z7bf16sumPfPK13__nv_bfloat16')).toEqual({
      'lines.cu:33': 1,
      'lines.cu:34': 5,
      'lines.cu:35': 8,
      'cuda_bf16.hpp:585': 2,
      'lines.cu:36': 1,
    });
    expect(of('_Z5callsPfPKf')).toEqual({
      'lines.cu:27': 1,
      'lines.cu:28': 5,
      'lines.cu:29': 13,
      'lines.cu:30': 1,
      'lines.cu:25:$_Z5callsPfPKf$_Z4cubef': 5,
    });
    expect(of('_Z5scalePfPKffi')).toEqual({
      'lines.cu:5': 1,
      'lines.cu:6': 4,
      'lines.cu:7': 3,
      'lines.cu:8': 4,
      'lines.cu:9': 31,
      'lines.cu:11': 1,
      'lines.cu:11:$__internal_1_$__cuda_sm20_sqrt_rn_f32_slowpath': 22,
      'lines.cu:11:$__internal_2_$__cuda_sm3x_div_rn_noftz_f32_slowpath': 105,
    });
    // Past the last EXIT: the diverged-warp fallback of the five SHFL (line 449, and line 45's
    // adds between them) is out of line; the reciprocal's slow path is a subroutine.
    expect(of('_Z7warpsumPfPKfi')).toEqual({
      'lines.cu:41': 1,
      'lines.cu:42': 5,
      'lines.cu:43': 5,
      'lines.cu:44': 5,
      'sm_30_intrinsics.hpp:449': 5,
      'lines.cu:45': 6,
      'lines.cu:47': 17,
      'lines.cu:48': 1,
      'sm_30_intrinsics.hpp:449:cold': 31,
      'lines.cu:45:cold': 4,
      'sm_30_intrinsics.hpp:449:$__internal_0_$__cuda_sm20_rcp_rn_f32_slowpath': 52,
    });
    expect(Object.fromEntries(padding)).toEqual({
      _Z7warpsumPfPKfi: 12,
      _Z7bf16sumPfPK13__nv_bfloat16: 15,
      _Z5callsPfPKf: 15,
      _Z5loop8PfPKf: 15,
      _Z5scalePfPKffi: 13,
    });
  });
});

describe('readSassLines on a fresh nvcc build', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'carve-sass-'));
  let cubin: Uint8Array;
  beforeAll(async () => {
    const nvcc = await findNvcc();
    if (!nvcc) throw new Error('nvcc not found (PATH, $CUDA_HOME, /usr/local/cuda/bin): these tests need the CUDA toolkit');
    const result = await compileCuda({ source: path.join(DIR, 'lines.cu'), arch: 'sm_90', outDir, nvcc: nvcc.path });
    expect(result.ok).toBe(true);
    cubin = new Uint8Array(readFileSync(result.cubinPath!));
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('the compile path cubin (PTX with .loc, then ptxas) has the committed fixture counts', () => {
    const fresh = readSassLines(cubin);
    const committed = readSassLines(bytes('lines.sm_90.cubin'));
    expect(fresh.diagnostics).toEqual([]);
    expect(new Map([...fresh.functions].map(([k, v]) => [k, asKeys(v)]))).toEqual(
      new Map([...committed.functions].map(([k, v]) => [k, asKeys(v)])),
    );
  });
});

describe('readSassLines on bad input', () => {
  const good = bytes('lines.sm_90.cubin');
  const elf = readElf(good);
  const debugLine = elf.sections.find((s) => s.name === '.debug_line')!;
  const rela = elf.sections.find((s) => s.name === '.rela.debug_line')!;
  const patched = (edit: (view: DataView) => void) => {
    const copy = good.slice();
    edit(new DataView(copy.buffer));
    return copy;
  };

  it('a truncated file: not a readable cubin, with the offset', () => {
    const { functions, diagnostics } = readSassLines(good.slice(0, 100), 'cut.cubin');
    expect(functions.size).toBe(0);
    expect(diagnostics).toEqual([
      {
        severity: 'warning',
        stage: 'cubin',
        message: 'not a readable cubin: section header table at byte 22960 runs past the end of the file (100 bytes)',
        file: 'cut.cubin',
        offset: 100,
      },
    ]);
  });

  it('an arch before sm_70 is refused (no fixed 16-byte instructions)', () => {
    const { functions, diagnostics } = readSassLines(patched((v) => v.setUint8(49, 60)));
    expect(functions.size).toBe(0);
    expect(diagnostics.map((d) => [d.message, d.offset])).toEqual([
      ['sm_60 cubin: SASS instructions have a fixed 16-byte size only from sm_70 on, line counts not read', 48],
    ]);
  });

  it('an unsupported DWARF version is named at its byte', () => {
    const { functions, diagnostics } = readSassLines(patched((v) => v.setUint16(debugLine.offset + 4, 7, true)));
    expect(functions.size).toBe(0);
    expect(diagnostics.map((d) => [d.message, d.offset])).toEqual([
      ['.debug_line: DWARF line-table version 7 is not supported (2-4)', debugLine.offset + 4],
    ]);
  });

  it('a unit length past the section end', () => {
    const { diagnostics } = readSassLines(patched((v) => v.setUint32(debugLine.offset, 0xfff000, true)));
    expect(diagnostics.map((d) => [d.message, d.offset])).toEqual([
      [`.debug_line: line-table unit of ${0xfff000} bytes runs past the end of .debug_line`, debugLine.offset],
    ]);
  });

  it('sequences without their relocation: one warning each, at its set_address', () => {
    // Point the relocation section at another section: no set_address is relocated any more.
    const { functions, diagnostics } = readSassLines(patched((v) => v.setUint32(rela.headerOffset + 44, 1, true)));
    expect(functions.size).toBe(0);
    expect(diagnostics.map((d) => d.message)).toEqual(
      Array(5).fill('line-table sequence whose address is not relocated against a .text section'),
    );
    expect(diagnostics.every((d) => d.offset! > debugLine.offset && d.offset! < debugLine.offset + debugLine.size)).toBe(true);
  });

  it('a cubin built without line info: a note, no counts', () => {
    const { functions, diagnostics } = readSassLines(toolchainFixture('kernels.sm_90.cubin'));
    expect(functions.size).toBe(0);
    expect(diagnostics.map((d) => [d.severity, d.message])).toEqual([
      ['note', 'no .debug_line section (build with -lineinfo): SASS per line unknown'],
    ]);
  });

  it('random bytes over the line table never throw', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(debugLine.size - 1), fc.nat(255)), { minLength: 1, maxLength: 8 }), (edits) => {
        const copy = patched((v) => edits.forEach(([at, value]) => v.setUint8(debugLine.offset + at, value)));
        const table = readSassLines(copy);
        for (const lines of table.functions.values()) for (const e of lines) expect(Number.isInteger(e.instructions)).toBe(true);
      }),
      { numRuns: 300, seed: 10 },
    );
  });
});
