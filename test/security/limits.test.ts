// Bounded work on hostile inputs (issue 12, item 7): each case ends with an outcome or an error
// naming its location and the limit. Speed is measured in bench/limits.bench.ts, not here.
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeModule } from '../../src/analysis/analyze.js';
import { carveSpace } from '../../src/analysis/carving/index.js';
import { enumerateSpace } from '../../src/analysis/carving/space.js';
import type { CliIO } from '../../src/cli/command.js';
import { main } from '../../src/cli/main.js';
import { loadConfigFile, parseConfigText } from '../../src/config/load.js';
import { compileExpression } from '../../src/expr/index.js';
import { INPUT_LIMITS, overSizeLimit } from '../../src/limits.js';
import { readArtifactSide } from '../../src/pipeline/artifacts.js';
import { pathMapper } from '../../src/pipeline/paths.js';
import { parsePtxasLog } from '../../src/toolchain/index.js';
import { branchingPtx, nestedCallsPtx, ptxasLogOf } from '../fixtures/security/generate.js';

const dir = mkdtempSync(path.join(tmpdir(), 'carve-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const analyse = (ptxText: string) =>
  analyzeModule({
    ptxText,
    ptxFile: 'hostile.ptx',
    sourceFile: null,
    arch: 'sm_90',
    resources: [],
    launchFor: () => ({ block: [128, 1, 1], blockSource: 'config', dynamicSharedBytes: 0, carveoutPercent: 100 }),
    defines: {},
    loops: { assumedTripCount: 1, hints: {} },
  });

async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    cwd: dir,
    isTTY: false,
    env: process.env,
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

describe('space size is capped before enumeration', () => {
  const cube = (values: number) =>
    `spaces:\n  huge:\n    source: a.cu\n    kernel: k\n    parameters: { A: [${Array.from({ length: values }, (_, i) => i + 1).join(', ')}], B: [${Array.from({ length: values }, (_, i) => i + 1).join(', ')}], C: [${Array.from({ length: values }, (_, i) => i + 1).join(', ')}] }\n    launch: { block: [A], grid: [1] }\n`;

  it('1000^3 variants: an error at /spaces/huge/parameters, nothing enumerated', () => {
    const { config } = parseConfigText(cube(1000), 'carve.yml', '.');
    const result = enumerateSpace('huge', config.spaces.huge, config.defines, 'carve.yml', config.carving.maxSpaceSize);
    expect([result.total, result.variants.length, result.rejected.length]).toEqual([1e9, 0, 0]);
    expect(result.diagnostics).toEqual([
      {
        severity: 'error',
        stage: 'config',
        file: 'carve.yml',
        jsonPath: '/spaces/huge/parameters',
        message:
          "space 'huge' has 1,000,000,000 variants (A: 1000 x B: 1000 x C: 1000), over the limit of 100,000 (`carving.maxSpaceSize`): narrow the parameter lists or raise the limit",
      },
    ]);
  });

  it('the limit is configurable', () => {
    const { config } = parseConfigText(`${cube(3)}carving: { maxSpaceSize: 26 }\n`, 'carve.yml', '.');
    expect(config.carving.maxSpaceSize).toBe(26);
    expect(enumerateSpace('huge', config.spaces.huge, {}, 'carve.yml', 26).diagnostics.map((d) => d.message)).toEqual([
      "space 'huge' has 27 variants (A: 3 x B: 3 x C: 3), over the limit of 26 (`carving.maxSpaceSize`): narrow the parameter lists or raise the limit",
    ]);
    expect(enumerateSpace('huge', config.spaces.huge, {}, 'carve.yml', 27).variants).toHaveLength(27);
  });
});

describe('expression nesting', () => {
  it('100,000 parentheses: an error, no stack overflow', () => {
    expect(compileExpression(`${'('.repeat(100_000)}1${')'.repeat(100_000)}`, [])).toEqual({
      ok: false,
      column: 1,
      message: 'the expression is 200001 characters long; the limit is 10000',
    });
  });

  it('nesting beyond 200 levels is an error at the column where it passes the limit', () => {
    expect(compileExpression(`${'('.repeat(199)}1${')'.repeat(199)}`, []).ok).toBe(true);
    expect(compileExpression(`${'('.repeat(3000)}1${')'.repeat(3000)}`, [])).toEqual({
      ok: false,
      column: 201,
      message: 'the expression nests deeper than 200 levels (parentheses, unary operators, calls)',
    });
    expect(compileExpression(`${'-'.repeat(500)}1`, [])).toMatchObject({ ok: false, column: 201 });
  });

  it('carve carve: a deeply nested launch size is an error at its line:column in the config', async () => {
    const spaceDir = path.join(dir, 'deep');
    mkdirSync(spaceDir);
    const deep = `${'('.repeat(4000)}BLOCK${')'.repeat(4000)}`;
    writeFileSync(
      path.join(spaceDir, 'carve.yml'),
      `archs: [sm_90]\nspaces:\n  s:\n    source: a.cu\n    kernel: k\n    parameters: { BLOCK: [128, 256] }\n    launch:\n      block: ["${deep}"]\n      grid: [1]\n`,
    );
    const configFile = path.join(spaceDir, 'carve.yml');
    const { config } = loadConfigFile(configFile);
    const run = await carveSpace({ config, spaceName: 's', arch: 'sm_90', cacheDir: path.join(dir, 'cache'), configFile });
    expect(run.result).toBeNull();
    expect(run.diagnostics.map((d) => ({ line: d.line, column: d.column, jsonPath: d.jsonPath, message: d.message }))).toEqual([
      {
        line: 8,
        column: 216,
        jsonPath: '/spaces/s/launch/block/0',
        message: `/spaces/s/launch/block/0: the expression nests deeper than 200 levels (parentheses, unary operators, calls) at column 201 in '${'('.repeat(60)}... (8005 characters)'`,
      },
    ]);
  });
});

describe('PTX call fan-out and branches', () => {
  it('a 1.5 kB module of nested calls (each function calls the next twice, 25 levels) is analysed', () => {
    const text = nestedCallsPtx(25);
    expect(text.length).toBe(1555);
    const { kernels, diagnostics } = analyse(text);
    expect(diagnostics).toEqual([]);
    // k: call + ret; f1..f24: 2 calls + ret; f25: ret. Each level doubles: 2 + (2^25 - 1) * 2^1 ... = 2^26 - 1.
    expect(kernels.map((k) => [k.name, k.perThread?.instructions])).toEqual([['k', 2 ** 26 - 1]]);
  });

  it('a recursive call is cut, and the same callee reached again is counted the same', () => {
    const text = [
      '.version 8.0\n.target sm_90\n.address_size 64\n',
      '.func g()\n{\n\tcall.uni h, ();\n\tret;\n}\n',
      '.func h()\n{\n\tcall.uni g, ();\n\tadd.u32 %r1, %r1, 1;\n\tret;\n}\n',
      '.visible .entry k()\n{\n\t.reg .b32 %r<2>;\n\tcall.uni g, ();\n\tcall.uni h, ();\n\tret;\n}\n',
    ].join('\n');
    const { kernels } = analyse(text);
    // k: 3; g (from k): 2 + h's 3 with h's call to g cut; h (from k): 3 + g's 2 with g's call to h cut.
    expect(kernels[0].perThread?.instructions).toBe(3 + (2 + 3) + (3 + 2));
  });

  it('a kernel over the memory analysis budget keeps its mix and loops; the memory results are unknown, said at the kernel', () => {
    const { kernels } = analyse(branchingPtx(3000));
    expect(kernels[0].perThread?.instructions).toBe(9004);
    expect(kernels[0].accesses).toEqual([]);
    expect(kernels[0].diagnostics.filter((d) => d.severity === 'warning')).toEqual([
      {
        severity: 'warning',
        stage: 'analysis',
        kernel: 'k',
        file: 'hostile.ptx',
        line: 5,
        column: 10,
        message:
          'memory analysis skipped: 6001 basic blocks x 12007 statements = 72,054,007, over the limit of 20,000,000; coalescing, bank conflicts and divergence are unknown for this kernel',
      },
    ]);
  });

  it('1,000 branching labels are analysed (10,000 are in npm run bench -- limits)', () => {
    const { kernels, diagnostics } = analyse(branchingPtx(1000));
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // setp, bra, add per label + 4, less the one add each thread skips: `tid == i` is resolved
    // per thread over the default block of 256 (1,000 x 256 evaluations, under the 2^18 budget).
    expect(kernels[0].perThread?.instructions).toBe(3003);
  });
});

describe('input size caps', () => {
  it('the caps and their message', () => {
    expect(INPUT_LIMITS).toEqual({
      ptx: 256 * 2 ** 20,
      ptxasLog: 256 * 2 ** 20,
      report: 256 * 2 ** 20,
      config: 2 ** 20,
      markdown: 2 ** 20,
    });
    expect(overSizeLimit('ptx', INPUT_LIMITS.ptx)).toBeNull();
    expect(overSizeLimit('ptx', INPUT_LIMITS.ptx + 1)).toBe('the PTX module is 256 MiB, over the limit of 256 MiB: not read');
    expect(overSizeLimit('config', 3 * 2 ** 20)).toBe('the config file is 3 MiB, over the limit of 1 MiB: not read');
  });

  it('committed artifacts over their cap are errors naming the file; they are not read, the others are analysed', () => {
    const root = path.join(dir, 'artifacts');
    mkdirSync(root);
    for (const name of ['big.ptx', 'big.log', 'big.json']) {
      writeFileSync(path.join(root, name), '');
      truncateSync(path.join(root, name), 300 * 2 ** 20); // sparse: no disk used, never read
    }
    writeFileSync(path.join(root, 'small.ptx'), nestedCallsPtx(3));
    const { config } = parseConfigText('{}', 'carve.yml', '.');
    const side = readArtifactSide({
      side: 'head',
      root,
      commit: null,
      patterns: ['*'],
      archs: ['sm_90'],
      config,
      mapper: pathMapper(root, []),
    });
    expect(side.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.stage, d.file, d.message])).toEqual([
      ['report', 'big.json', 'the Carve report is 300 MiB, over the limit of 256 MiB: not read'],
      ['ptxas', 'big.log', 'the ptxas log is 300 MiB, over the limit of 256 MiB: not read'],
      ['ptx', 'big.ptx', 'the PTX module is 300 MiB, over the limit of 256 MiB: not read'],
    ]);
    expect(side.kernels.map((k) => k.name)).toEqual(['k']);
  });

  it('the CLI refuses an over-cap report, log or PTX with the file name and the limit (exit 2)', async () => {
    const big = path.join(dir, 'artifacts', 'big.json');
    const report = await cli(['report', big, '--out', path.join(dir, 'out')]);
    expect(report.code).toBe(2);
    expect(report.stderr).toContain(`${big}: the Carve report is 300 MiB, over the limit of 256 MiB: not read`);
    const resources = await cli(['resources', path.join(dir, 'artifacts', 'big.log')]);
    expect(resources.code).toBe(2);
    expect(resources.stderr).toContain('the ptxas log is 300 MiB, over the limit of 256 MiB: not read');
  });

  it('a config over 1 MiB is an error at line 1 and the defaults apply', () => {
    const file = path.join(dir, 'big.yml');
    writeFileSync(file, `# ${'x'.repeat(2 ** 20)}\n`);
    const loaded = loadConfigFile(file);
    expect(loaded.valid).toBe(false);
    expect(loaded.diagnostics).toEqual([
      {
        severity: 'error',
        stage: 'config',
        file,
        line: 1,
        column: 1,
        jsonPath: '',
        message: 'the config file is 1 MiB, over the limit of 1 MiB: not read',
      },
    ]);
    expect(loaded.config.carving.maxSpaceSize).toBe(100_000);
  });

  it('carve resources reads a log of 1,000 kernels (150,000 are in npm run bench -- limits)', () => {
    const parsed = parsePtxasLog(ptxasLogOf(1000), 'many.log');
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.kernels).toHaveLength(1000);
    expect(parsed.kernels[999]).toMatchObject({
      name: '_Z9kernel999PKfPfi',
      displayName: 'kernel999(float const*, float*, int)',
      arch: 'sm_90',
    });
    expect(parsed.kernels[999].resources).toMatchObject({ registers: 55, staticSharedBytes: 7168, barriers: 1, constantBytes: 368 });
  });
});
