// Comparison and rendering speed on a large PR: the fixture reports' kernels repeated 400
// times (1,200 kernels, 2,000 findings), as a monorepo-wide change would give.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchResult } from './run.js';
import { compareReports } from '../src/analysis/compare/index.js';
import { defaultConfig } from '../src/config/load.js';
import { renderComment, toAnnotations, toSarif } from '../src/report/index.js';
import type { CarveReport } from '../src/model/types.js';

const dir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../test/fixtures/reports');

function replicated(name: string, copies: number): CarveReport {
  const report = JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as CarveReport;
  return {
    ...report,
    kernels: Array.from({ length: copies }, (_, i) => report.kernels.map((k) => ({ ...k, name: `${k.name}_${i}` }))).flat(),
  };
}

function best(runs: number, fn: () => void): number {
  let fastest = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

export async function bench(): Promise<BenchResult[]> {
  const config = defaultConfig();
  const base = replicated('base', 400);
  const head = replicated('head', 400);
  const comparison = compareReports(base, head, config);
  const context = { failOn: config.failOn, repository: 'o/r', sha: 'f'.repeat(40) };
  return [
    { name: 'compareReports, 1,200 kernels', value: best(3, () => compareReports(base, head, config)), unit: 'ms', target: { max: 2000 } },
    {
      name: 'renderComment (truncated to 65,536), 2,000 findings',
      value: best(3, () => renderComment(comparison, context)),
      unit: 'ms',
      target: { max: 2000 },
    },
    {
      name: 'toAnnotations + toSarif, 2,000 findings',
      value: best(3, () => {
        toAnnotations(comparison, config.failOn);
        toSarif(comparison, { failOn: config.failOn, toolVersion: '0' });
      }),
      unit: 'ms',
    },
    {
      name: 'read + compareReports, the 3-kernel fixture',
      value: best(20, () => compareReports(replicated('base', 1), replicated('head', 1), config)),
      unit: 'ms',
      target: { max: 50 },
    },
  ];
}
