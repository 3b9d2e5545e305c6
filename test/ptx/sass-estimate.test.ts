// perThread.sassInstructions: SASS per source line (the cubin's line table) x PTX executions per
// PTX instruction at that line. Checked in closed form on test/fixtures/sass/lines.cu against
// what its SASS listing (nvdisasm -g on the H100 machine) executes, and on the ptx fixtures
// against ncu's executed thread instructions measured on an H100 (device/ptx-inst/run.sh).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeModule, type AnalyzeModuleInput } from '../../src/analysis/index.js';
import { readSassLines } from '../../src/toolchain/index.js';
import { findNvcc } from '../../src/toolchain/nvcc.js';
import {
  analyzeInstructions,
  buildCfg,
  findLoops,
  MAX_IF_CONVERTED_ARM,
  parsePtx,
  statementWeights,
  type SassLineEstimate,
} from '../../src/ptx/index.js';
import { emptyTally, estimateSassInstructions, lineKey, tallyInstruction } from '../../src/ptx/sass-estimate.js';
import type { SassLineCount } from '../../src/model/types.js';
import { launchArguments, measurements } from './h100.js';
import { metricsByLaunch } from '../memory/ncu-csv.js';
import { keyOf, readListing } from '../toolchain/nvdisasm-listing.js';

const SASS = path.resolve(import.meta.dirname, '../fixtures/sass');
const PTX = path.resolve(import.meta.dirname, '../fixtures/ptx');

/** The analysis input of one PTX text at block 256 (sm_90), with `extra` (defines, SASS lines, callbacks). */
function moduleInput(ptxText: string, ptxFile: string, extra: Partial<AnalyzeModuleInput> = {}): AnalyzeModuleInput {
  return {
    ptxText,
    ptxFile,
    sourceFile: null,
    arch: 'sm_90',
    resources: [],
    launchFor: () => ({ block: [256, 1, 1], blockSource: 'config', dynamicSharedBytes: 0, carveoutPercent: 100 }),
    defines: {},
    loops: { assumedTripCount: 1, hints: {} },
    ...extra,
  };
}

function analyse(sassLines?: AnalyzeModuleInput['sassLines'], onSassLineEstimates?: AnalyzeModuleInput['onSassLineEstimates']) {
  const input = moduleInput(readFileSync(path.join(SASS, 'lines.sm_90.ptx'), 'utf8'), 'lines.sm_90.ptx', {
    ...(sassLines ? { sassLines } : {}),
    ...(onSassLineEstimates ? { onSassLineEstimates } : {}),
  });
  return new Map(analyzeModule(input).kernels.map((k) => [k.name, k.perThread]));
}

/** Instructions nvdisasm lists in one function between two addresses (inclusive start, exclusive end). */
function listed(name: string, from: number, to: number): number {
  const listing = readFileSync(path.join(SASS, 'h100/lines.sm_90.nvdisasm.txt'), 'utf8');
  const section = listing.split(/^\/\/-+ \.text\./m).find((c) => c.startsWith(name))!;
  return [...section.matchAll(/\/\*([0-9a-f]{4})\*\//g)].map((m) => parseInt(m[1], 16)).filter((a) => a >= from && a < to).length;
}

describe('perThread.sassInstructions on lines.cu', () => {
  const table = readSassLines(new Uint8Array(readFileSync(path.join(SASS, 'lines.sm_90.cubin'))));
  const perThread = analyse(table.functions);

  it('a loop of 8 trips: each line weighted by its PTX executions per PTX instruction', () => {
    // PTX per line (static / executions): 14: 2/2, 15: 6/6, 18: 9/(5 + 4x8), 19: 2/(2x8), 21: 3/3,
    // 22: 1/1; SASS per line: 1, 4, 12, 3, 4, 1.
    expect(perThread.get('_Z5loop8PfPKf')?.sassInstructions).toBeCloseTo(1 + 4 + (12 * 37) / 9 + 3 * 8 + 4 + 1, 10);
    // What the SASS executes: 12 instructions before the loop (0x00-0xb0), its 8 (0xc0-0x130) 8
    // times, 5 after: 81; the estimate (83.3) gives line 18's set-up the loop's weight too.
    const executed = listed('_Z5loop8PfPKf', 0, 0xc0) + 8 * listed('_Z5loop8PfPKf', 0xc0, 0x140) + listed('_Z5loop8PfPKf', 0x140, 0x190);
    expect(executed).toBe(81);
    expect(Math.abs(perThread.get('_Z5loop8PfPKf')!.sassInstructions! / executed - 1)).toBeLessThan(0.03);
  });

  it('straight-line code and an inlined bf16 header line: every SASS instruction once', () => {
    expect(perThread.get('_Z7bf16sumPfPK13__nv_bfloat16')?.sassInstructions).toBe(listed('_Z7bf16sum', 0, 0x110));
    expect(perThread.get('_Z7bf16sumPfPK13__nv_bfloat16')?.sassInstructions).toBe(17);
  });

  it('a .func ptxas kept out of line: its SASS once per call', () => {
    // 20 instructions of the kernel (0x00-0x130) and cube's 5 (0x140-0x180), called twice.
    expect(perThread.get('_Z5callsPfPKf')?.sassInstructions).toBe(
      listed('_Z5callsPfPKf', 0, 0x140) + 2 * listed('_Z5callsPfPKf', 0x140, 0x190),
    );
    expect(perThread.get('_Z5callsPfPKf')?.sassInstructions).toBe(30);
  });

  it('sqrt and division: the fast paths counted, the toolkit slow paths not', () => {
    expect(perThread.get('_Z5scalePfPKffi')?.sassInstructions).toBe(1 + 4 + 3 + 4 + 31 + 1);
  });

  it("a warp collective's fallback for a diverged warp, past the last EXIT: not counted", () => {
    // The straight path is every instruction up to the EXIT at 0x2c0 (the branch on the unknown
    // n weighs 1): 45. Past it, the BRA.DIV fallback (WARPSYNC.COLLECTIVE copies of the five
    // SHFL, 35 instructions) and the reciprocal's slow path (52) run only in rare cases.
    expect(perThread.get('_Z7warpsumPfPKfi')?.sassInstructions).toBe(listed('_Z7warpsumPfPKfi', 0, 0x2d0));
    expect(perThread.get('_Z7warpsumPfPKfi')?.sassInstructions).toBe(45);
    expect(listed('_Z7warpsumPfPKfi', 0x2d0, 0x10000)).toBe(35 + 52 + 12);
  });

  it('line by line: the loop of 8 trips per source line, summing to the total', () => {
    const byKernel = new Map<string, SassLineEstimate[]>();
    analyse(table.functions, (name, lines) => byKernel.set(name, [...lines]));
    const loop8 = byKernel.get('_Z5loop8PfPKf')!;
    // The closed form of the test above, one term per line.
    expect(loop8.map((e) => [e.line, e.instructions, e.perThread])).toEqual([
      [14, 1, 1],
      [15, 4, 4],
      [18, 12, (12 * 37) / 9],
      [19, 3, 24],
      [21, 4, 4],
      [22, 1, 1],
    ]);
    expect(loop8.reduce((sum, e) => sum + e.perThread, 0)).toBe(perThread.get('_Z5loop8PfPKf')?.sassInstructions);
  });

  it('without a line table the field is absent, not guessed', () => {
    for (const p of analyse().values()) expect(p).not.toHaveProperty('sassInstructions');
    const onlyLoop = analyse(new Map([['_Z5loop8PfPKf', table.functions.get('_Z5loop8PfPKf')!]]));
    expect([...onlyLoop].filter(([, p]) => p?.sassInstructions !== undefined).map(([k]) => k)).toEqual(['_Z5loop8PfPKf']);
  });
});

describe("nvcc's unrolled loop and its remainder, split again by ptxas (colsum.cu)", () => {
  // colsum.cu sums a column over `rows` rows: nvcc unrolls the loop by 4 and adds a remainder
  // loop; ptxas unrolls nvcc's loop by 4 again (16 LDG a turn), then steps 8 rows in straight
  // code and 4 in a loop of one nvcc body, and keeps nvcc's remainder loop (1 LDG). Built here as
  // the compile path builds a unit, from the repository root as device/sass/colsum.sh built the
  // cubin ncu measured (test/fixtures/sass/h200: NVIDIA H200, the same sm_90 SASS as an H100).
  // The estimate's known miss: it has one ratio per source line, and this loop is one line. (A
  // loop-by-loop estimate from the cubin's branches came within 2% here from 4 rows up, and
  // took the development corpus from 80 to 84 of 95 kernels within 10%, but the validation
  // corpus from 93 to 85 of 135: not kept, see docs/corpus.md.)
  const outDir = mkdtempSync(path.join(tmpdir(), 'carve-sass-colsum-'));
  const ROOT = path.resolve(import.meta.dirname, '../..');
  let ptxText = '';
  let cubinSha = '';
  let lines: SassLineCount[] = [];
  let padding = 0;
  beforeAll(async () => {
    const nvcc = await findNvcc();
    if (!nvcc) throw new Error('nvcc not found (PATH, $CUDA_HOME, /usr/local/cuda/bin): these tests need the CUDA toolkit');
    const ptx = path.join(outDir, 'colsum.ptx');
    const cubin = path.join(outDir, 'colsum.cubin');
    execFileSync(nvcc.path, ['-arch=sm_90', '-lineinfo', '-ptx', '-o', ptx, 'test/fixtures/sass/colsum.cu'], { cwd: ROOT });
    execFileSync(nvcc.path, ['-arch=sm_90', '-cubin', '-o', cubin, ptx]);
    ptxText = readFileSync(ptx, 'utf8');
    cubinSha = createHash('sha256').update(readFileSync(cubin)).digest('hex');
    const table = readSassLines(new Uint8Array(readFileSync(cubin)));
    lines = table.functions.get('_Z6colsumPfPKfii')!;
    padding = table.padding.get('_Z6colsumPfPKfii')!;
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  /** The estimate line by line at `rows` (one block of 256 threads). */
  function lineEstimates(rows: number): readonly SassLineEstimate[] {
    let estimates: readonly SassLineEstimate[] = [];
    const input = moduleInput(ptxText, 'colsum.ptx', {
      sassLines: new Map([['_Z6colsumPfPKfii', lines]]),
      onSassLineEstimates: (_name, e) => (estimates = e),
      launchFor: () => ({ block: [256, 1, 1], blockSource: 'config', dynamicSharedBytes: 0, carveoutPercent: 100, params: { rows } }),
      sourceText: readFileSync(path.join(SASS, 'colsum.cu'), 'utf8'),
    });
    analyzeModule(input);
    return estimates;
  }
  const total = (rows: number) => lineEstimates(rows).reduce((sum, e) => sum + e.perThread, 0);

  /** ncu's executed SASS thread instructions per thread, by row count, in launch order. */
  function measured(): Map<number, number> {
    const rows = readFileSync(path.join(SASS, 'h200/colsum.kernels.txt'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => Number(/i:(\d+) i:256$/.exec(line)![1]));
    const byLaunch = metricsByLaunch(readFileSync(path.join(SASS, 'h200/colsum.ncu.csv'), 'utf8'));
    return new Map(
      [...byLaunch.values()].map((m, i) => [rows[i], m.get('smsp__thread_inst_executed.sum')! / m.get('launch__thread_count')!]),
    );
  }

  it('the SASS built here is the SASS measured: per source line as nvdisasm listed the measured cubin', () => {
    // The cubin's bytes hold the source's absolute path (the PTX's .file), so its SHA-256 matches
    // the measured one (h200/colsum.cubin.sha256) only in a checkout at the same path.
    const name = '_Z6colsumPfPKfii';
    const listing = readListing(readFileSync(path.join(SASS, 'h200/colsum.nvdisasm.txt'), 'utf8'));
    const built = new Map<number, { instructions: number; global: number }>();
    for (const e of lines) {
      const counts = built.get(e.line) ?? { instructions: 0, global: 0 };
      built.set(e.line, { instructions: counts.instructions + e.instructions, global: counts.global + (e.globalMemory ?? 0) });
    }
    expect(new Map(lines.map((e) => [keyOf(e), e.instructions]))).toEqual(listing.counts.get(name));
    expect(new Map(lines.filter((e) => e.globalMemory).map((e) => [keyOf(e), e.globalMemory]))).toEqual(listing.globalMemory.get(name));
    // The padding after the EXIT (a BRA to itself, NOPs), set apart by both.
    expect(padding).toBe(listing.padding.get(name));
    expect(built.get(4)).toEqual({ instructions: 135, global: 29 });
    expect(cubinSha).toMatch(/^[0-9a-f]{64}$/);
  });

  it("one ratio per line: the loop line's 135 SASS instructions weighted as its PTX, per copy", () => {
    // Line 4 in SASS: ptxas's 16-row loop (53), its 8-row step (28), its 4-row loop (16), nvcc's
    // remainder loop (6) and the set-up (32); 29 LDG against the PTX's 5 loads (5.8 copies). Line
    // 4 in PTX: 21 set-up instructions (17 run at 64 rows), 16 in nvcc's loop (16 turns), 6 in its
    // remainder (none).
    expect(lineEstimates(64).find((e) => e.line === 4)!.perThread).toBeCloseTo((135 * (17 + 16 * 16)) / 43 / (29 / 5), 10);
    expect(total(64)).toBeCloseTo(10 + (135 * (17 + 16 * 16)) / 43 / (29 / 5), 10);
  });

  it("against ncu: 53% to 67% of what the SASS executes (the whole line divided by ptxas's 5.8 copies)", () => {
    const byRows = measured();
    expect([...byRows]).toEqual([
      [1, 32],
      [3, 44],
      [4, 53],
      [16, 91],
      [64, 250],
      [67, 272],
    ]);
    const ratios = [...byRows].map(([rows, m]) => Math.round((total(rows) / m) * 100) / 100);
    expect(ratios).toEqual([0.67, 0.63, 0.53, 0.59, 0.63, 0.62]);
  });
});

describe('copies ptxas makes of a loop', () => {
  it("each copy runs its share: the loop's LDG and STG against its PTX global loads and stores", () => {
    // Line 10, a loop body: 4 PTX instructions, 2 of them global loads, 64 executions each;
    // ptxas made 4 copies: 24 SASS with 8 LDG. Line 11, the loop's control: 3 PTX executed 64
    // times, 9 SASS and no load: its loop's copies apply to it too. Line 12: outside loops.
    const tally = emptyTally('k');
    for (let i = 0; i < 4; i++) tallyInstruction(tally, lineKey('a.cu', 10), 64, i < 2 ? 'memory' : null, '5');
    for (let i = 0; i < 3; i++) tallyInstruction(tally, lineKey('a.cu', 11), 64, null, '5');
    for (let i = 0; i < 2; i++) tallyInstruction(tally, lineKey('a.cu', 12), 1, null, '');
    const lines = [
      { file: 'a.cu', line: 10, instructions: 24, globalMemory: 8 },
      { file: 'a.cu', line: 11, instructions: 9 },
      { file: 'a.cu', line: 12, instructions: 3 },
    ];
    expect(estimateSassInstructions(lines, tally, () => tally)).toBe((24 * 64) / 4 + (9 * 64) / 4 + 3);
    // Without copies (as many LDG as PTX loads) every SASS instruction runs as often as its PTX.
    const once = lines.map((e) => (e.line === 10 ? { ...e, instructions: 6, globalMemory: 2 } : e));
    expect(estimateSassInstructions(once, tally, () => tally)).toBe(6 * 64 + 9 * 64 + 3);
  });

  it('shared loads merged into wider LDS: the copies counted by FFMA, unless an f32 mul or add could have fused', () => {
    // Line 30, an inner loop of 4 trips: 16 fma.rn.f32 and 18 ld.shared; ptxas unrolled it whole
    // (4 copies): 64 FFMA, and the row loads merged into 24 LDS (so LDS alone says 1.33 copies).
    const tally = emptyTally('k');
    for (let i = 0; i < 16; i++) tallyInstruction(tally, lineKey('a.cu', 30), 512, 'fma', '7');
    for (let i = 0; i < 18; i++) tallyInstruction(tally, lineKey('a.cu', 30), 512, 'memory', '7');
    const lines = [{ file: 'a.cu', line: 30, instructions: 88, sharedMemory: 24, fma: 64 }];
    expect(estimateSassInstructions(lines, tally, () => tally)).toBe((88 * 512 * 34) / 34 / 4);
    // An add.f32 on the loop's lines: ptxas may have fused it into one more FFMA, FFMA counts nothing.
    tallyInstruction(tally, lineKey('a.cu', 30), 512, 'contractible', '7');
    expect(estimateSassInstructions(lines, tally, () => tally)).toBe((88 * 512 * 35) / 35 / (24 / 18));
  });
});

describe('a branch ptxas turned into predicated code', () => {
  it('a line whose SASS is all predicated runs for every thread that reached the branch', () => {
    // Line 20, one side of a branch 32 threads of 256 take (weight 1/8, the branch's block 1):
    // 3 PTX instructions. Line 21, a guarded move among others: 2 PTX at weight 1/8.
    const tally = emptyTally('k');
    for (let i = 0; i < 3; i++) tallyInstruction(tally, lineKey('a.cu', 20), 1 / 8, null, '', 1);
    for (let i = 0; i < 2; i++) tallyInstruction(tally, lineKey('a.cu', 21), 1 / 8, null, '', 1);
    const lines = [
      { file: 'a.cu', line: 20, instructions: 4, predicated: 4 },
      { file: 'a.cu', line: 21, instructions: 4, predicated: 1 },
    ];
    expect(estimateSassInstructions(lines, tally, () => tally)).toBe(4 + 4 / 8);
    // Behind a real branch (no predicate on its SASS) the line runs as often as its PTX.
    const branched = lines.map((e) => ({ ...e, predicated: 0 }));
    expect(estimateSassInstructions(branched, tally, () => tally)).toBe(4 / 8 + 4 / 8);
  });

  it('a line with half of its SASS predicated counts as if-converted, one with less does not', () => {
    // mergeHistogram256's reduction step: 28 of its 32 SASS predicated; scan's uniformUpdate: 4
    // of 7, the rest address arithmetic.
    const tally = emptyTally('k');
    for (let i = 0; i < 3; i++) tallyInstruction(tally, lineKey('a.cu', 20), 1 / 8, null, '', 1);
    const mostly = [{ file: 'a.cu', line: 20, instructions: 4, predicated: 3 }];
    expect(estimateSassInstructions(mostly, tally, () => tally)).toBe(4);
    const half = [{ file: 'a.cu', line: 20, instructions: 4, predicated: 2 }];
    expect(estimateSassInstructions(half, tally, () => tally)).toBe(4);
    const some = [{ file: 'a.cu', line: 20, instructions: 4, predicated: 1 }];
    expect(estimateSassInstructions(some, tally, () => tally)).toBe(4 / 8);
  });
});

describe('if-conversion only of short branch sides', () => {
  // `if (tid < n) { line 10: ARM additions; line 11: a select; line 12: a store }` at block 256 and
  // n = 32: the side runs in 1 thread of 8. Line 11's SASS is all predicated (the select).
  const ptx = (arm: number) => `.version 8.0
.target sm_90
.address_size 64
.file 1 "arm.cu"
.visible .entry k(.param .u64 k_param_0, .param .u32 k_param_1)
{
  .reg .pred %p<3>;
  .reg .b32 %r<4>;
  .reg .f32 %f<${arm + 4}>;
  .reg .b64 %rd<3>;
  .loc 1 5 1
  mov.u32 %r1, %tid.x;
  ld.param.u32 %r2, [k_param_1];
  setp.ge.u32 %p1, %r1, %r2;
  @%p1 bra $L__DONE;
  .loc 1 10 1
  cvt.rn.f32.u32 %f1, %r1;
${Array.from({ length: arm }, (_, i) => `  add.f32 %f${i + 2}, %f${i + 1}, 0f3F800000;`).join('\n')}
  .loc 1 11 1
  setp.gt.f32 %p2, %f${arm + 1}, 0f42000000;
  selp.f32 %f${arm + 2}, %f${arm + 1}, %f1, %p2;
  .loc 1 12 1
  ld.param.u64 %rd1, [k_param_0];
  cvta.to.global.u64 %rd2, %rd1;
  st.global.f32 [%rd2], %f${arm + 2};
$L__DONE:
  .loc 1 14 1
  ret;
}
`;
  const lineEleven = (arm: number): number => {
    let estimates: readonly SassLineEstimate[] = [];
    analyzeModule(
      moduleInput(ptx(arm), 'arm.ptx', {
        defines: { k_param_1: 32 },
        sassLines: new Map([['k', [{ file: 'arm.cu', line: 11, instructions: 2, predicated: 2 }]]]),
        onSassLineEstimates: (_, lines) => (estimates = lines),
      }),
    );
    return estimates.find((e) => e.line === 11)!.perThread;
  };

  it(`a side of at most ${MAX_IF_CONVERTED_ARM} PTX instructions: its predicated line runs for every thread that reached the branch`, () => {
    // 4 additions + cvt + 2 + 3 = 10 instructions in the side.
    expect(lineEleven(4)).toBe(2);
  });

  it('a longer side stays a branch: its predicated line (a select) runs as often as its PTX, 1 thread in 8', () => {
    // 40 additions: 46 instructions. Before the limit, BlackScholes' guarded body counted its selects for every thread.
    expect(lineEleven(40)).toBe(2 / 8);
    expect(MAX_IF_CONVERTED_ARM).toBe(32);
  });
});

describe('perThread.sassInstructions against ncu on the H100 (ptx fixtures)', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'carve-sass-est-'));
  const estimates = new Map<string, { estimate: number; ptx: number; measured: number; lineTotal: number }>();
  const memoryOf = new Map<string, number>();
  /** Per kernel: [LDS + STS, FFMA, instructions under a guard predicate] as the reader counted them. */
  const kindsOf = new Map<string, [number, number, number]>();
  beforeAll(async () => {
    const nvcc = await findNvcc();
    if (!nvcc) throw new Error('nvcc not found (PATH, $CUDA_HOME, /usr/local/cuda/bin): these tests need the CUDA toolkit');
    const measured = measurements();
    const args = launchArguments();
    for (const name of ['loops', 'sgemm', 'kernels']) {
      // The cubin the H100 ran: ptxas on the committed PTX (device/ptx-inst/run.sh), here through nvcc.
      const cubin = path.join(outDir, `${name}.cubin`);
      execFileSync(nvcc.path, ['-arch=sm_90', '-cubin', '-o', cubin, path.join(PTX, `${name}.sm_90.ptx`)]);
      const table = readSassLines(new Uint8Array(readFileSync(cubin)));
      const { module } = parsePtx(readFileSync(path.join(PTX, `${name}.sm_90.ptx`), 'utf8'));
      for (const fn of module.functions) {
        const metrics = measured.get(fn.name);
        if (!metrics) continue;
        const options = { defines: args.get(fn.name) ?? {} };
        const cfg = buildCfg(fn);
        const loops = findLoops(cfg, options);
        const lines = table.functions.get(fn.name)!;
        memoryOf.set(
          fn.name,
          lines.reduce((sum, e) => sum + (e.globalMemory ?? 0), 0),
        );
        kindsOf.set(fn.name, [
          lines.reduce((sum, e) => sum + (e.sharedMemory ?? 0), 0),
          lines.reduce((sum, e) => sum + (e.fma ?? 0), 0),
          lines.reduce((sum, e) => sum + (e.predicated ?? 0), 0),
        ]);
        const a = analyzeInstructions(module, fn, cfg, loops, statementWeights(cfg, loops), options, lines);
        estimates.set(fn.name, {
          estimate: a.perThread.sassInstructions!,
          ptx: a.perThread.instructions,
          measured: metrics['smsp__thread_inst_executed.sum'] / metrics['launch__thread_count'],
          lineTotal: lines.reduce((s, e) => s + e.instructions, 0) + table.padding.get(fn.name)!,
        });
      }
    }
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('the cubin built here is the one measured: instructions per kernel as cuobjdump listed them there', () => {
    const listings = ['loops', 'sgemm', 'kernels'].map((n) =>
      readFileSync(path.resolve(PTX, `../../../device/ptx-inst/results/${n}.sass.txt`), 'utf8'),
    );
    const listedCount = new Map<string, number>();
    for (const chunk of listings
      .join('\n')
      .split(/Function : /)
      .slice(1))
      listedCount.set(chunk.split(/\s/)[0], [...chunk.matchAll(/^\s+\/\*[0-9a-f]{4}\*\//gm)].length);
    expect(estimates.size).toBe(21);
    for (const [name, e] of estimates) expect(e.lineTotal, name).toBe(listedCount.get(name));
  });

  it('LDG and STG per kernel as cuobjdump listed them there', () => {
    const listings = ['loops', 'sgemm', 'kernels'].map((n) =>
      readFileSync(path.resolve(PTX, `../../../device/ptx-inst/results/${n}.sass.txt`), 'utf8'),
    );
    const listedMemory = new Map<string, number>();
    for (const chunk of listings
      .join('\n')
      .split(/Function : /)
      .slice(1))
      listedMemory.set(chunk.split(/\s/)[0], [...chunk.matchAll(/^\s+\/\*[0-9a-f]{4}\*\/\s+(@!?P\w+\s+)?(LDG|STG)\b/gm)].length);
    expect([...estimates.keys()].map((name) => [name, memoryOf.get(name)])).toEqual(
      [...estimates.keys()].map((name) => [name, listedMemory.get(name)]),
    );
  });

  it('LDS and STS, FFMA and guarded instructions per kernel as cuobjdump listed them there', () => {
    const listings = ['loops', 'sgemm', 'kernels'].map((n) =>
      readFileSync(path.resolve(PTX, `../../../device/ptx-inst/results/${n}.sass.txt`), 'utf8'),
    );
    const listed = new Map<string, [number, number, number]>();
    for (const chunk of listings
      .join('\n')
      .split(/Function : /)
      .slice(1)) {
      // The padding after the last EXIT (a BRA to itself, NOPs) is never guarded, never LDS or FFMA.
      const count = (pattern: RegExp) => [...chunk.matchAll(pattern)].length;
      listed.set(chunk.split(/\s/)[0], [
        count(/^\s+\/\*[0-9a-f]{4}\*\/\s+(@!?P\w+\s+)?(LDS|STS)\b/gm),
        count(/^\s+\/\*[0-9a-f]{4}\*\/\s+(@!?P\w+\s+)?FFMA\b/gm),
        count(/^\s+\/\*[0-9a-f]{4}\*\/\s+@!?P[0-6]\s/gm),
      ]);
    }
    expect([...estimates.keys()].map((name) => [name, kindsOf.get(name)])).toEqual(
      [...estimates.keys()].map((name) => [name, listed.get(name)]),
    );
  });

  it('a rolled loop of 64 trips (rolled64): 547 against 526 measured', () => {
    expect(estimates.get('rolled64')!.measured).toBe(526);
    expect(estimates.get('rolled64')!.estimate).toBeCloseTo(547, 10);
  });

  it('within 10% of ncu on 17 of 21 kernels (the PTX count: 3 of 21)', () => {
    const within = (x: number, m: number) => Math.abs(x - m) <= 0.1 * m;
    const off = [...estimates].filter(([, e]) => !within(e.estimate, e.measured)).map(([k]) => k);
    expect(off).toEqual(['poly_fp64', 'scale_float4', 'warp_reduce', 'wmma_gemm']);
    expect([...estimates.values()].filter((e) => within(e.ptx, e.measured))).toHaveLength(3);
  });
});
