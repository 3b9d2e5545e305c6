// The memory analysis over the access-pattern corpus (test/fixtures/memory/corpus.cu, compiled
// by scripts/fixtures/memory.sh with nvcc 13 -arch=sm_90 -lineinfo), launched with the blocks
// of launches.json. Expected sectors per warp request are the closed forms ncu measured on
// H100 (research facts §3.2 / §4.3); bank-conflict degrees follow the 32-bank rule.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeMemory } from '../../src/analysis/memory/index.js';
import { parsePtx } from '../../src/ptx/parser.js';
import { buildCfg } from '../../src/ptx/cfg.js';
import { findLoops, statementWeights } from '../../src/ptx/loops.js';
import type { PtxModule } from '../../src/ptx/ast.js';
import type { AccessReport, DivergenceReport } from '../../src/model/types.js';

const dir = new URL('../fixtures/memory/', import.meta.url);
interface Launch {
  kernel: string;
  block: [number, number, number];
  grid: number[];
}
const launches = (JSON.parse(readFileSync(new URL('launches.json', dir), 'utf8')) as { launches: Launch[] }).launches;

let module: PtxModule;
const results = new Map<number, { accesses: AccessReport[]; divergence: DivergenceReport[] }>();

function analyzeLaunch(ptxModule: PtxModule, launch: Launch) {
  const fn = ptxModule.functions.find((f) => f.name === launch.kernel);
  if (!fn) throw new Error(`kernel ${launch.kernel} not in corpus.ptx`);
  const cfg = buildCfg(fn);
  const loops = findLoops(cfg);
  return analyzeMemory({ module: ptxModule, fn, cfg, loops, weights: statementWeights(cfg, loops), block: launch.block, defines: {} });
}

beforeAll(() => {
  const parsed = parsePtx(readFileSync(new URL('corpus.ptx', dir), 'utf8'), 'corpus.ptx');
  expect(parsed.errors).toEqual([]);
  module = parsed.module;
  launches.forEach((launch, index) => results.set(index, analyzeLaunch(module, launch)));
});

/** Per source line: the distinct "space kind class value" of its sites (unrolled loops repeat a site). */
function byLine(accesses: AccessReport[]): Record<number, string[]> {
  const lines: Record<number, string[]> = {};
  for (const a of accesses.filter((access) => access.file?.endsWith('corpus.cu'))) {
    const value = a.space === 'global' ? a.sectorsPerRequest : a.bankConflictWays;
    const text = `${a.space} ${a.kind} ${a.class ?? '-'} ${value ?? 'null'}`;
    const atLine = (lines[a.line!] ??= []);
    if (!atLine.includes(text)) atLine.push(text);
  }
  return lines;
}

// launch index -> line -> expected sites (global: sectors per request; shared: bank-conflict ways).
const EXPECTED: Record<number, Record<number, string[]>> = {
  0: { 17: ['global load coalesced 4'], 18: ['global store coalesced 4'] },
  1: { 23: ['global load misaligned 5'], 24: ['global store coalesced 4'] },
  2: { 29: ['global load strided 8'], 30: ['global store coalesced 4'] },
  3: { 35: ['global load strided 16'], 36: ['global store coalesced 4'] },
  4: { 41: ['global load uncoalesced 32'], 42: ['global store coalesced 4'] },
  5: { 47: ['global load strided 16'], 48: ['global store coalesced 4'] },
  6: { 53: ['global load strided 12'], 54: ['global store coalesced 4'] },
  7: { 59: ['global load uniform 1'], 60: ['global store coalesced 4'] },
  8: { 65: ['global load uniform 1'], 66: ['global store coalesced 4'] },
  9: { 71: ['global load uniform 1'], 72: ['global store coalesced 4'] },
  10: { 77: ['global load coalesced 4'], 78: ['global store coalesced 4'] },
  11: { 83: ['global load coalesced 4'], 84: ['global load indirect null'], 85: ['global store coalesced 4'] },
  12: { 90: ['global load coalesced 4'], 91: ['global load coalesced 4'], 92: ['global store indirect null'] },
  13: { 99: ['global load coalesced 4'], 100: ['global store uncoalesced 32'] },
  14: { 109: ['global load coalesced 4'], 110: ['shared store - 1'], 116: ['shared load - 1'], 117: ['global store coalesced 4'] },
  15: { 126: ['global load coalesced 4'], 127: ['shared store - 1'], 133: ['shared load - 32'], 134: ['global store coalesced 4'] },
  16: { 142: ['global load coalesced 4'], 143: ['global store coalesced 4'] },
  17: { 142: ['global load coalesced 4'], 143: ['global store coalesced 4'] },
  18: { 142: ['global load strided 8'], 143: ['global store strided 8'] },
  19: { 149: ['global load coalesced 4'], 150: ['global store coalesced 4'] },
  20: { 159: ['global load uncoalesced 32'], 161: ['global store coalesced 4'] },
  21: { 170: ['global load coalesced 4'], 172: ['global store coalesced 4'] },
  22: { 177: ['global load coalesced 1'], 178: ['global store coalesced 1'] },
  23: { 183: ['global load coalesced 2'], 184: ['global store coalesced 2'] },
  24: { 189: ['global load coalesced 8'], 190: ['global store coalesced 8'] },
  25: { 195: ['global load strided 16'], 196: ['global store coalesced 8'] },
  26: { 202: ['global load coalesced 16', 'global store coalesced 16'] },
  27: { 208: ['global load strided 16', 'global store coalesced 8'] },
  28: { 213: ['global load coalesced 4'], 214: ['global store uncoalesced 32'] },
  29: { 219: ['global atomic coalesced 4'] }, // the atomicAdd inlined from sm_20_atomic_functions.hpp, attributed to its call line
  30: { 224: ['global load coalesced 4'], 225: ['global store coalesced 4'] },
  31: { 234: ['global load uncoalesced 32'], 235: ['global store coalesced 4'] },
  32: { 240: ['global load coalesced 2'], 241: ['global store coalesced 4'] },
  33: {
    248: ['global load coalesced 4', 'shared store - 1'],
    249: ['shared store - 2'],
    251: ['shared load - 2'],
    252: ['shared load - 4'],
    253: ['shared load - 1'],
    254: ['global store coalesced 4'],
  },
  34: {
    262: ['global load coalesced 4', 'shared store - 1'],
    263: ['shared store - 1'],
    265: ['shared load - 1'],
    266: ['shared load - 4'],
    267: ['shared load - 2'],
    268: ['global store coalesced 4'],
  },
  35: { 276: ['global load strided 4.75'], 279: ['global store coalesced 4'] },
  36: { 286: ['global load coalesced 4', 'shared store - 1'], 290: ['shared load - 1', 'global store coalesced 4'] }, // the cp.async of __pipeline_memcpy_async at its call line
};

describe('memory corpus', () => {
  it('covers every launch of launches.json', () => {
    expect(Object.keys(EXPECTED).map(Number)).toEqual(launches.map((_, i) => i));
  });

  it.each(launches.map((launch, index) => [index, launch.kernel, launch.block.join('x')] as const))(
    'launch %i: %s with block %s',
    (index) => {
      expect(byLine(results.get(index)!.accesses)).toEqual(EXPECTED[index]);
    },
  );

  it('the atomicAdd (inlined from the CUDA header) is a coalesced global atomic at the calling line 219', () => {
    const sites = results.get(29)!.accesses;
    expect(sites.map((a) => [a.space, a.kind, a.class, a.sectorsPerRequest, a.ptx.split(/\s+/)[0]])).toEqual([
      ['global', 'atomic', 'coalesced', 4, 'atom.global.add.f32'],
    ]);
  });

  it('cp.async reports its global source and shared target', () => {
    const sites = results.get(36)!.accesses.filter((a) => a.ptx.startsWith('cp.async'));
    expect(sites.map((a) => [a.space, a.kind, a.class, a.sectorsPerRequest, a.bankConflictWays])).toEqual([
      ['global', 'load', 'coalesced', 4, null],
      ['shared', 'store', null, null, 1],
    ]);
  });

  it('weights sites by loop trip counts', () => {
    const rows = results.get(20)!.accesses.find((a) => a.line === 159)!;
    const cols = results.get(21)!.accesses.find((a) => a.line === 170)!;
    expect([rows.dynamicWeight, cols.dynamicWeight]).toEqual([64, 64]);
  });

  it('unresolved addresses are indirect or runtime with a reason, never coalesced by default', () => {
    const unresolved = [...results.values()].flatMap((r) => r.accesses).filter((a) => a.sectorsPerRequest === null && a.space === 'global');
    expect(unresolved.length).toBe(2);
    for (const access of unresolved) {
      expect(['indirect', 'runtime']).toContain(access.class);
      expect(access.reason.length).toBeGreaterThan(10);
    }
    expect(results.get(11)!.accesses[1].reason).toBe('address not resolved: %r5 loaded from memory (ld.global.u32 at line 83)');
  });
});

describe('divergence', () => {
  const summary = (index: number) => results.get(index)!.divergence.map((d) => `${d.line} ${d.divergent} ${d.loopDepth}`);

  it('a per-thread if inside a loop diverges; block-uniform branches and loop exits do not', () => {
    expect(summary(35)).toEqual(['275 false 0', '276 true 1', '275 false 1', '276 true 1', '275 false 1', '279 false 0']);
    expect(results.get(35)!.divergence[1].reason).toBe('lanes of a warp take different directions (eq on the thread index)');
  });

  it('a grid-stride bound check is not reported as divergent', () => {
    const branches = results.get(30)!.divergence;
    expect(branches.map((d) => d.divergent)).toEqual([false, false]);
    expect(branches[0].reason).toBe('thread-dependent bound check: only the warp straddling the runtime bound diverges');
  });

  it('counted loops branch uniformly', () => {
    expect(summary(20)).toEqual(['158 false 1']);
  });
});

describe('symbolic strides in the corpus', () => {
  it('rows a pitch parameter apart (8x32 block) are coalesced once the pitch is at least 8 floats', () => {
    const site = results.get(19)!.accesses.find((a) => a.line === 149)!;
    expect(site.reason).toBe(
      'coalesced: lane groups param_2·4 B apart, 4 B per lane: 4 sectors per warp request vs 4 ideal for param_2 ≥ 8 (a multiple of 8); 2 sectors (coalesced) at param_2 = 1 (block 8x32x1, 8 warps, all lanes active); assumes param_0 256-B aligned',
    );
  });
});
