// Carving speed: (1) metrics + carving of 1,000 already-built variants (the sgemm space's
// cached builds analysed again, repeated to 1,000), target < 2 s; (2) a rebuild of the
// 318-variant sgemm space with a warm cache (hash, cache read, analysis, carving), target < 5 s.
// The first run fills .carve-cache (minutes of nvcc); the measurement is the warm run.
import { loadConfigFile } from '../src/config/load.js';
import { analyzeBuild, carve, carveSpace, carveOptionsFor } from '../src/analysis/carving/index.js';
import type { BenchResult } from './run.js';

export async function bench(): Promise<BenchResult[]> {
  const configFile = 'examples/spaces/carve.yml';
  const { config } = loadConfigFile(configFile);
  const options = { config, spaceName: 'sgemm', arch: 'sm_90', cacheDir: '.carve-cache', configFile };
  await carveSpace(options); // fill the cache if it is cold

  let started = performance.now();
  const warm = await carveSpace(options);
  const warmMs = performance.now() - started;
  if (!warm.builds.every((b) => b.cached)) throw new Error('cache was not warm');

  const space = config.spaces.sgemm;
  const builds = Array.from({ length: 1000 }, (_, i) => {
    const build = warm.builds[i % warm.builds.length];
    return { ...build, variant: { ...build.variant, index: i, id: `${build.variant.id}#${i}` } };
  });
  started = performance.now();
  const metrics = builds.map((build) => analyzeBuild(build, space, config, 'sm_90').metrics);
  const result = carve('sgemm', 'sm_90', metrics, carveOptionsFor(space));
  const carveMs = performance.now() - started;
  if (result.total !== 1000) throw new Error('expected 1000 variants');
  return [
    { name: 'analyse + carve 1,000 built variants', value: carveMs / 1000, unit: 's', target: { max: 2 } },
    { name: `rebuild ${warm.builds.length} variants with a warm cache`, value: warmMs / 1000, unit: 's', target: { max: 5 } },
  ];
}
