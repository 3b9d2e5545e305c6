// Joins the outputs of described-metrics.ts --shard I/N (one per core, e.g. on the GPU machine)
// into the file one unsharded run writes: metrics in variant order, shard 1 of 1.
// Run: npx tsx scripts/carving/described-metrics-merge.ts --out FILE [--command TEXT] SHARD.json...
//   --command: how the shards were made, recorded in FILE (else the shards' own command).
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { mergeShards, type CarveShardOutput } from '../../src/analysis/carving/pipeline.js';

interface DescribedMetricsFile {
  command: string;
  shard: CarveShardOutput;
  [key: string]: unknown;
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' }, command: { type: 'string' } } });
if (!values.out || positionals.length === 0) {
  console.error('usage: described-metrics-merge.ts --out FILE [--command TEXT] SHARD.json...');
  process.exit(2);
}
const files = positionals.map((file) => JSON.parse(readFileSync(file, 'utf8')) as DescribedMetricsFile);
const first = files[0];
// The checks of `carve merge`: one space, arch and config, every shard once.
const merged = mergeShards(files.map((file) => file.shard));
if (!merged.ok) throw new Error(merged.reason);
const metrics = [...merged.shard.metrics].sort((a, b) => a.index - b.index);
const command =
  values.command ??
  first.command.replace(/ --out \S+/, ` --shard I/${files.length} --out SHARD_I.json`) +
    ` (I = 1..${files.length}), then npx tsx scripts/carving/described-metrics-merge.ts --out ${values.out} SHARD_*.json`;
writeFileSync(values.out, JSON.stringify({ ...first, command, shard: { ...merged.shard, metrics } }) + '\n');
console.log(`${first.shard.space}: ${metrics.length} of ${first.shard.enumerated} variants from ${files.length} shards`);
