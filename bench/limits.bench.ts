// Hostile inputs of issue 12 (item 7), timed once each on this machine: a 1000^3 space refused
// before enumeration, 100,000 nested parentheses, a 1.5 kB PTX whose 25 device functions each
// call the next twice, a kernel with 10,000 branching labels (and 1,000 / 2,000 / 4,000 to show
// the growth), and `carve resources` on a ptxas log of 150,000 kernels (the CLI in a child node
// process, as shipped modules run). test/security/limits.test.ts asserts the outcomes; only
// the times are here.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analyzeModule } from '../src/analysis/analyze.js';
import { enumerateSpace } from '../src/analysis/carving/space.js';
import { parseConfigText } from '../src/config/load.js';
import { compileExpression } from '../src/expr/index.js';
import { branchingPtx, nestedCallsPtx, ptxasLogOf } from '../test/fixtures/security/generate.js';
import type { BenchResult } from './run.js';

function once(body: () => void): number {
  const start = performance.now();
  body();
  return performance.now() - start;
}

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

export async function bench(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const values = Array.from({ length: 1000 }, (_, i) => i + 1).join(', ');
  const { config } = parseConfigText(
    `spaces:\n  huge:\n    source: a.cu\n    kernel: k\n    parameters: { A: [${values}], B: [${values}], C: [${values}] }\n    launch: { block: [A], grid: [1] }\n`,
    'carve.yml',
    '.',
  );
  results.push({
    name: '1000^3 space refused (enumerateSpace)',
    value: once(() => enumerateSpace('huge', config.spaces.huge)),
    unit: 'ms',
    target: { max: 100 },
  });
  const parens = `${'('.repeat(100_000)}1${')'.repeat(100_000)}`;
  results.push({
    name: '100,000 nested parentheses refused',
    value: once(() => compileExpression(parens, [])),
    unit: 'ms',
    target: { max: 100 },
  });
  const deep = `${'('.repeat(5_000)}1${')'.repeat(5_000)}`;
  results.push({
    name: '5,000 nested parentheses refused at depth 200',
    value: once(() => compileExpression(deep, [])),
    unit: 'ms',
    target: { max: 100 },
  });
  results.push({
    name: 'nested calls, 25 levels (1.5 kB PTX), analyzeModule',
    value: once(() => analyse(nestedCallsPtx(25))),
    unit: 'ms',
    target: { max: 1000 },
  });
  for (const labels of [1_000, 2_000, 4_000, 10_000]) {
    const text = branchingPtx(labels);
    results.push({
      name: `${labels} branching labels, analyzeModule`,
      value: once(() => analyse(text)),
      unit: 'ms',
      ...(labels === 10_000 ? { target: { max: 3000 } } : {}),
    });
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'carve-bench-limits-'));
  try {
    const log = path.join(dir, 'kernels.log');
    writeFileSync(log, ptxasLogOf(150_000));
    const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
    const ms = once(() =>
      execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'src/cli/bin.ts'), 'resources', log], {
        cwd: root,
        maxBuffer: 512 * 1024 * 1024,
        stdio: ['ignore', 'ignore', 'pipe'],
      }),
    );
    results.push({ name: 'carve resources, 150,000-kernel ptxas log (child process, table)', value: ms, unit: 'ms' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
