// Speed of the memory analysis: all 37 launches of the access-pattern corpus (parse once).
import { readFileSync } from 'node:fs';
import type { BenchResult } from './run.js';
import { analyzeMemory } from '../src/analysis/memory/index.js';
import { parsePtx } from '../src/ptx/parser.js';
import { buildCfg } from '../src/ptx/cfg.js';
import { findLoops, statementWeights } from '../src/ptx/loops.js';

export async function bench(): Promise<BenchResult[]> {
  const dir = new URL('../test/fixtures/memory/', import.meta.url);
  const { module } = parsePtx(readFileSync(new URL('corpus.ptx', dir), 'utf8'), 'corpus.ptx');
  const launches = (
    JSON.parse(readFileSync(new URL('launches.json', dir), 'utf8')) as {
      launches: Array<{ kernel: string; block: [number, number, number] }>;
    }
  ).launches;
  const prepared = launches.map((launch) => {
    const fn = module.functions.find((f) => f.name === launch.kernel)!;
    const cfg = buildCfg(fn);
    const loops = findLoops(cfg);
    return { fn, cfg, loops, weights: statementWeights(cfg, loops), block: launch.block };
  });
  const rounds = 20;
  let sites = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  for (let round = 0; round < rounds; round++) {
    for (const p of prepared) sites += analyzeMemory({ module, ...p, defines: {} }).accesses.length;
  }
  const perCorpus = (performance.now() - start) / rounds;
  const cpu = process.cpuUsage(cpuStart);
  // CPU time too: on a shared 2-core machine wall time mostly measures the neighbours.
  const cpuPerCorpus = (cpu.user + cpu.system) / 1000 / rounds;
  return [
    { name: 'analyzeMemory, 37 corpus launches', value: perCorpus, unit: 'ms', target: { max: 500 } },
    { name: 'analyzeMemory, 37 corpus launches (CPU time)', value: cpuPerCorpus, unit: 'ms' },
    { name: 'per access site', value: perCorpus / (sites / rounds), unit: 'ms' },
  ];
}
