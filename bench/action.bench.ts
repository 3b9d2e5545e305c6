// The Action's own overhead, apart from nvcc: change discovery over a large source tree
// (include graph + unit selection), and the committed-report path on the fixture artifacts
// (read PTX + ptxas logs, analyse, compare, render everything the gate publishes).
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { selectUnits } from '../src/discover/index.js';
import { readArtifactSide, pathMapper, renderGate } from '../src/pipeline/index.js';
import { compareReports } from '../src/analysis/compare/index.js';
import { defaultConfig } from '../src/config/load.js';
import type { BenchResult } from './run.js';

const fixtures = path.resolve(import.meta.dirname, '../test/fixtures/action');

function best(runs: number, body: () => void): number {
  let fastest = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    body();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

/** A tree shaped like a large CUDA library: 2,000 units, each including 5 of 1,000 headers, headers including 2 others. */
function largeTree(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let h = 0; h < 1000; h++)
    files[`include/lib/h${h}.cuh`] = `#pragma once\n#include "h${(h * 7 + 1) % 1000}.cuh"\n#include <lib/h${(h * 13 + 5) % 1000}.cuh>\n`;
  for (let u = 0; u < 2000; u++) {
    files[`src/u${u}.cu`] =
      Array.from({ length: 5 }, (_, i) => `#include "lib/h${(u * 31 + i * 97) % 1000}.cuh"`).join('\n') + '\n__global__ void k() {}\n';
  }
  return files;
}

export async function bench(): Promise<BenchResult[]> {
  const files = largeTree();
  const names = Object.keys(files);
  const discoverMs = best(5, () => {
    selectUnits({
      headFiles: names,
      baseFiles: names,
      readHead: (f) => files[f] ?? null,
      readBase: (f) => files[f] ?? null,
      sources: ['src/**/*.cu'],
      includeDirs: ['include'],
      changed: [{ path: 'include/lib/h500.cuh', status: 'modified', oldPath: null }],
    });
  });

  const config = defaultConfig(fixtures);
  const side = (name: 'base' | 'head') =>
    readArtifactSide({
      side: name,
      root: path.join(fixtures, name),
      commit: null,
      patterns: ['artifacts/*'],
      archs: ['sm_90'],
      config,
      mapper: pathMapper(path.join(fixtures, name), ['kernels/pressure.cu', 'kernels/reduce.cu', 'kernels/scale.cu', 'kernels/common.cuh']),
    });
  const gateMs = best(5, () => {
    const base = side('base');
    const head = side('head');
    const comparison = compareReports(base, head, config);
    renderGate({
      options: {
        workspace: fixtures,
        config,
        inputDiagnostics: [],
        archs: ['sm_90'],
        failOn: config.failOn,
        comment: 'changes',
        nvcc: 'none',
        artifacts: ['artifacts/*'],
        pullRequest: null,
        headSha: null,
        scope: 'changes',
        scratchDir: fixtures,
      },
      source: 'artifacts',
      nvcc: null,
      mergeBase: null,
      baseCommit: null,
      changedFiles: [],
      units: [],
      base,
      head,
      comparison,
      diagnostics: [],
      notes: [],
    });
  });
  return [
    {
      name: 'discover: 2,000 units x 1,000 headers, one header changed (include graph + selection, both sides)',
      value: discoverMs,
      unit: 'ms',
      target: { max: 500 },
    },
    { name: 'committed-report gate: 3+3 kernels read, analysed, compared, rendered', value: gateMs, unit: 'ms', target: { max: 1000 } },
  ];
}
