import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeModule, type AnalyzeModuleInput, type KernelLaunch } from '../../src/analysis/index.js';
import type { CarveReport } from '../../src/model/types.js';
import { reportSchemaErrors } from '../../src/report/validate.js';
import { parsePtxasLog } from '../../src/toolchain/index.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/ptx');
const read = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

function input(name: string, overrides: Partial<AnalyzeModuleInput> = {}): AnalyzeModuleInput {
  const log = parsePtxasLog(read(`${name}.sm_90.ptxas.txt`), `${name}.sm_90.ptxas.txt`);
  return {
    ptxText: read(`${name}.sm_90.ptx`),
    ptxFile: `${name}.sm_90.ptx`,
    sourceFile: `${name}.cu`,
    arch: 'sm_90',
    resources: log.kernels,
    launchFor: (): KernelLaunch => ({ block: null, blockSource: null, dynamicSharedBytes: 0, carveoutPercent: -1 }),
    defines: {},
    loops: { assumedTripCount: 1, hints: {} },
    ...overrides,
  };
}

const asReport = (kernels: CarveReport['kernels'], diagnostics: CarveReport['diagnostics']): CarveReport => ({
  schemaVersion: 1,
  tool: { name: 'carve', version: 'test' },
  archs: ['sm_90'],
  kernels,
  diagnostics,
});

describe('analyzeModule', () => {
  it.each(['loops', 'sgemm', 'kernels'])('produces a schema-valid report for every kernel of %s.cu', (name) => {
    const result = analyzeModule(input(name));
    expect(reportSchemaErrors(asReport(result.kernels, result.diagnostics))).toEqual([]);
    expect(result.kernels.length).toBeGreaterThan(0);
    for (const k of result.kernels) {
      expect(k.resources).not.toBeNull();
      expect(k.perThread).not.toBeNull();
      expect(k.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    }
  });

  it('analyses only the entries onlyKernels accepts and names the others', () => {
    const all = analyzeModule(input('loops'));
    const asked: string[] = [];
    const one = analyzeModule(
      input('loops', {
        onlyKernels: (name) => {
          asked.push(name);
          return name === 'nested';
        },
      }),
    );
    expect(asked).toEqual(all.kernels.map((k) => k.name));
    expect(one.kernels.map((k) => k.name)).toEqual(['nested']);
    expect(one.kernels[0]).toEqual(all.kernels.find((k) => k.name === 'nested'));
    expect(one.leftOut).toEqual(all.kernels.filter((k) => k.name !== 'nested').map((k) => k.displayName));
    expect(all.leftOut).toBeUndefined();
  });

  it('takes the block from the launch, else the launch bounds, else sweeps block sizes', () => {
    const cli = analyzeModule(
      input('loops', { launchFor: () => ({ block: [128, 1, 1], blockSource: 'cli', dynamicSharedBytes: 0, carveoutPercent: -1 }) }),
    );
    const rolled = cli.kernels.find((k) => k.name === 'rolled64')!;
    expect(rolled.launch).toEqual({ block: [128, 1, 1], blockSource: 'cli' });
    expect(rolled.occupancy?.blockSize).toBe(128);
    const none = analyzeModule(input('loops'));
    const tree = none.kernels.find((k) => k.name === 'tree_reduce')!;
    expect(tree.launch.block).toEqual([256, 1, 1]);
    expect(tree.launch.blockSource).toBe('launch-bounds');
    expect(tree.occupancy?.blockSize).toBe(256);
    const sweep = none.kernels.find((k) => k.name === 'rolled64')!;
    expect(sweep.launch.block).toBeNull();
    expect(sweep.occupancy).toBeNull();
    expect(sweep.launch.note).toMatch(/sweep/);
    expect(sweep.cliffs!.curve.length).toBeGreaterThan(0);
  });

  it('lists loops with file, line, depth and trip count (null with a reason when unknown)', () => {
    const result = analyzeModule(input('loops', { loops: { assumedTripCount: 2, hints: { 'loops.cu:66': 5 } } }));
    const nested = result.kernels.find((k) => k.name === 'nested')!;
    expect(nested.loops.map((l) => [path.basename(l.file!), l.line, l.depth, l.tripCount])).toEqual([
      ['loops.cu', 33, 1, 8],
      ['loops.cu', 35, 2, 12],
      ['loops.cu', 40, 1, 48],
    ]);
    const param = result.kernels.find((k) => k.name === 'param_bound')!;
    expect(param.loops[0]).toMatchObject({ tripCount: null, assumedTripCount: 2 });
    expect(param.perThread!.usesAssumedTripCounts).toBe(true);
    const data = result.kernels.find((k) => k.name === 'data_dependent')!;
    expect(data.loops[0].assumedTripCount).toBe(5);
    const given = analyzeModule(input('loops', { defines: { param_bound_param_2: 10 } }));
    expect(given.kernels.find((k) => k.name === 'param_bound')!.loops[0].tripCount).toBe(10);
  });

  it('gives a malformed kernel its diagnostics with line:column and still analyses the others', () => {
    const lines = read('loops.sm_90.ptx').split('\n');
    const at = lines.findIndex((l) => l.includes('ld.global.nc.f32 \t%f7, [%rd12+128];'));
    lines[at] = '\tld.global.nc.f32 \t%f7, [%rd12+128;';
    const result = analyzeModule(input('loops', { ptxText: lines.join('\n') }));
    expect(result.kernels).toHaveLength(7);
    const broken = result.kernels.find((k) => k.name === 'unroll4')!;
    expect(broken.perThread).toBeNull();
    expect(broken.diagnostics[0]).toMatchObject({
      severity: 'error',
      stage: 'ptx',
      file: 'loops.sm_90.ptx',
      line: at + 1,
      column: lines[at].indexOf(';') + 1,
      kernel: 'unroll4',
    });
    for (const k of result.kernels.filter((k) => k.name !== 'unroll4')) expect(k.perThread).not.toBeNull();
    expect(reportSchemaErrors(asReport(result.kernels, result.diagnostics))).toEqual([]);
  });

  it('reports a branch to a missing label for that kernel only', () => {
    const text = read('loops.sm_90.ptx').replace('@%p1 bra \t$L__BB0_1;', '@%p1 bra \t$L__BB0_99;');
    const result = analyzeModule(input('loops', { ptxText: text }));
    const rolled = result.kernels.find((k) => k.name === 'rolled64')!;
    expect(rolled.diagnostics.map((d) => d.message)).toContain("branch to unknown label '$L__BB0_99'");
    expect(rolled.perThread).toBeNull();
    expect(result.kernels.find((k) => k.name === 'unroll4')!.perThread!.instructions).toBeGreaterThan(0);
  });

  it('notes missing resources instead of guessing occupancy', () => {
    const result = analyzeModule(input('loops', { resources: [] }));
    const k = result.kernels[0];
    expect(k.resources).toBeNull();
    expect(k.occupancy).toBeNull();
    expect(k.diagnostics[0].message).toMatch(/no resource usage/);
    expect(k.perThread!.instructions).toBe(462);
  });
});
