// Carving speed. (1) Carving 1,000 already-built and analysed variants (the sgemm space's
// static metrics, repeated to 1,000 with distinct identities): threshold steps, Pareto set,
// merging; target < 2 s. (2) A rebuild of the 318-variant sgemm space with a warm cache
// (content hashes, cached builds and cached per-variant analyses, carving); target < 5 s.
// (3) For the record: a cold analysis (analyzeModule) of 8 sgemm variants, per variant.
// The first run fills .carve-cache (minutes of nvcc and analysis); the measurements are warm.
import { readFileSync } from 'node:fs';
import { loadConfigFile } from '../src/config/load.js';
import { analyzeBuild, carve, carveSpace, carveOptionsFor, type CarveShardOutput } from '../src/analysis/carving/index.js';
import type { BenchResult } from './run.js';

export async function bench(): Promise<BenchResult[]> {
  const configFile = 'examples/spaces/carve.yml';
  const { config } = loadConfigFile(configFile);
  const space = config.spaces.sgemm;

  const fixture = JSON.parse(readFileSync('test/fixtures/carving/sgemm.metrics.json', 'utf8')) as { shard: CarveShardOutput };
  const metrics = Array.from({ length: 1000 }, (_, i) => {
    const m = fixture.shard.metrics[i % fixture.shard.metrics.length];
    return { ...m, index: i, id: `${m.id}#${i}` };
  });
  let started = performance.now();
  const carved = carve('sgemm', 'sm_90', metrics, carveOptionsFor(space));
  const carveSeconds = (performance.now() - started) / 1000;
  if (carved.total !== 1000) throw new Error('expected 1000 variants');

  const options = { config, spaceName: 'sgemm', arch: 'sm_90', cacheDir: '.carve-cache', configFile };
  await carveSpace(options); // fill the cache if it is cold
  started = performance.now();
  const warm = await carveSpace(options);
  const warmSeconds = (performance.now() - started) / 1000;
  if (!warm.builds.every((b) => b.cached)) throw new Error('cache was not warm');

  const sample = warm.builds.filter((_, i) => i % 40 === 0);
  started = performance.now();
  for (const build of sample) analyzeBuild(build, space, config, 'sm_90');
  const analysisSeconds = (performance.now() - started) / 1000 / sample.length;

  return [
    { name: 'carve 1,000 built and analysed variants', value: carveSeconds, unit: 's', target: { max: 2 } },
    { name: `rebuild ${warm.builds.length} variants with a warm cache`, value: warmSeconds, unit: 's', target: { max: 5 } },
    { name: `cold analyzeModule per sgemm variant (mean of ${sample.length})`, value: analysisSeconds, unit: 's' },
  ];
}
