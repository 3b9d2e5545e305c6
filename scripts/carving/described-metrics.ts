// Static metrics of every variant of a described space from PTX and ptxas logs built elsewhere
// (device/carving/described.sh returns them as ptx-<space>.tar.xz: <space>/<index>.ptx and
// .ptxas), written as a carve shard output like test/fixtures/carving/*.metrics.json.
// Run: npx tsx scripts/carving/described-metrics.ts --ptx DIR --out FILE DESCRIPTION.json
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { checkDescribedSpace, describedSpaceConfig, variantKernel } from '../../src/analysis/carving/described-space.js';
import { analyzeBuild, carveOptionsFor, type CarveShardOutput } from '../../src/analysis/carving/pipeline.js';
import type { VariantBuild } from '../../src/analysis/carving/build.js';
import { enumerateSpace, parseShard, shardVariants } from '../../src/analysis/carving/space.js';
import { defaultConfig } from '../../src/config/load.js';
import { applyLaunchBounds, parsePtxasLog } from '../../src/toolchain/index.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { ptx: { type: 'string' }, out: { type: 'string' }, shard: { type: 'string' } },
});
if (!values.ptx || !values.out || positionals.length !== 1) {
  console.error('usage: described-metrics.ts --ptx DIR --out FILE DESCRIPTION.json');
  process.exit(2);
}
const file = positionals[0];
const name = path.basename(file, '.json');
const described = checkDescribedSpace(JSON.parse(readFileSync(file, 'utf8')), file);
const space = describedSpaceConfig(described, `${name}.cu`);
const baseConfig = { ...defaultConfig(values.ptx), spaces: { [name]: space } };
const shardSpec = values.shard ? parseShard(values.shard) : { index: 1, count: 1 };
if (!shardSpec) throw new Error(`--shard must be i/n with 1 <= i <= n, got '${values.shard}'`);
const enumeration = enumerateSpace(name, space);
const invalid = enumeration.diagnostics.find((d) => d.severity === 'error');
if (invalid) throw new Error(`${file}: ${invalid.message}`);
const arch = 'sm_90';
const shard: CarveShardOutput = {
  kind: 'carve-shard',
  space: name,
  arch,
  configHash: 'described',
  shard: shardSpec,
  enumerated: enumeration.variants.length,
  options: carveOptionsFor(space),
  metrics: [],
  diagnostics: [],
};
// A ptxas or nvcc diagnostic ('ptxas error   : ...', 'error: ...'), not a kernel named finalError.
const ERROR_LINE = /\b(error|fatal)\s*:/i;
// Shard k of n takes every n-th variant (as carve carve --shard does), so that the shards are even.
for (const variant of shardVariants(enumeration.variants, shardSpec)) {
  const ptxPath = path.join(values.ptx, name, `${variant.index}.ptx`);
  const logPath = path.join(values.ptx, name, `${variant.index}.ptxas`);
  const ptx = existsSync(ptxPath) ? readFileSync(ptxPath, 'utf8') : null;
  const log = existsSync(logPath) ? readFileSync(logPath, 'utf8') : '';
  const parsed = parsePtxasLog(log, logPath);
  const failed = ERROR_LINE.test(log) || ptx === null;
  if (ptx !== null) applyLaunchBounds(parsed.kernels, ptx);
  const build: VariantBuild = {
    variant,
    ok: !failed,
    cached: false,
    key: '',
    ptx: failed ? null : ptx,
    ptxPath,
    cubinPath: null,
    resources: parsed.kernels,
    diagnostics: parsed.diagnostics,
    error: failed ? (log.split('\n').find((line) => ERROR_LINE.test(line)) ?? 'no PTX') : null,
  };
  const { metrics } = analyzeBuild(build, { ...space, kernel: variantKernel(described, variant.parameters) }, baseConfig, arch);
  shard.metrics.push(metrics);
}
writeFileSync(
  values.out,
  JSON.stringify({
    command: `npx tsx scripts/carving/described-metrics.ts --ptx DIR --out ${values.out} ${file}`,
    origin: described.origin,
    nvcc: 'nvcc 13.0 (built on the GPU machine by device/carving/described.sh)',
    arch,
    shard,
  }) + '\n',
);
console.log(`${name}: ${shard.metrics.length} variants, ${shard.metrics.filter((m) => m.built).length} built`);
