// Global traffic that carving predicts (globalTrafficBytes: the sectors every global access
// requests) against what Nsight Compute measured for the same variants on the GPU
// (device/carving/traffic.sh): the sectors the L1 served for global loads and stores, the sectors
// the L2 served, and the bytes DRAM moved. Where the L1 figure is far above DRAM, data is read
// again from cache, which the cycle estimate counts at DRAM bandwidth.
// Run: npx tsx scripts/carving/traffic-compare.ts [--json FILE] NCU_DIR METRICS.json...
//   NCU_DIR holds ncu-<space>.csv and ncu-<space>.variants for each space.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CarveShardOutput } from '../../src/analysis/carving/index.js';

interface Measured {
  l1Bytes: number;
  l2Bytes: number;
  dramBytes: number;
  ms: number;
}

/** One launch per variant, in manifest order: the CSV's IDs index the .variants list. */
function readNcu(dir: string, space: string): Map<string, Measured> {
  const variants = readFileSync(path.join(dir, `ncu-${space}.variants`), 'utf8')
    .trim()
    .split('\n');
  const byId = new Map<number, Record<string, number>>();
  for (const line of readFileSync(path.join(dir, `ncu-${space}.csv`), 'utf8').split('\n')) {
    if (!/^"\d+"/.test(line)) continue; // the harness's own JSON lines share stdout
    const cells = [...line.matchAll(/"([^"]*)"/g)].map((m) => m[1]);
    const id = Number(cells[0]);
    const values = byId.get(id) ?? {};
    values[cells[12]] = Number(cells[14].replace(/,/g, ''));
    byId.set(id, values);
  }
  const measured = new Map<string, Measured>();
  for (const [id, v] of byId) {
    measured.set(variants[id], {
      l1Bytes: 32 * (v['l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum'] + v['l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum']),
      l2Bytes: 32 * v['lts__t_sectors_srcunit_tex.sum'],
      dramBytes: v['dram__bytes_read.sum'] + v['dram__bytes_write.sum'],
      ms: v['gpu__time_duration.sum'] / 1e6,
    });
  }
  return measured;
}

/** Null for no values (JSON keeps it). */
const median = (xs: number[]): number | null => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : null;
};

const { values, positionals } = parseArgs({ allowPositionals: true, options: { json: { type: 'string' } } });
const [ncuDir, ...metricsFiles] = positionals;
if (!ncuDir || metricsFiles.length === 0) {
  console.error('usage: traffic-compare.ts [--json FILE] NCU_DIR METRICS.json...');
  process.exit(2);
}
const out: Record<string, unknown> = {};
const fixed = (x: number | null, digits: number) => (x === null ? 'none' : x.toFixed(digits));
const mb = (x: number | null) => (x === null ? '?' : (x / 1e6).toFixed(1));
for (const file of metricsFiles) {
  const shard = (JSON.parse(readFileSync(file, 'utf8')) as { shard: CarveShardOutput }).shard;
  const measured = readNcu(ncuDir, shard.space);
  const rows = shard.metrics
    .filter((m) => measured.has(m.id))
    .map((m) => ({ variant: m.id, predictedBytes: m.globalTrafficBytes, ...measured.get(m.id)! }));
  const known = rows.filter((r) => r.predictedBytes !== null);
  const summary = {
    variants: rows.length,
    predictedKnown: known.length,
    medianPredictedOverL1: median(known.map((r) => r.predictedBytes! / r.l1Bytes)),
    medianL1OverDram: median(rows.map((r) => r.l1Bytes / r.dramBytes)),
    medianL2OverDram: median(rows.map((r) => r.l2Bytes / r.dramBytes)),
  };
  out[shard.space] = { summary, rows };
  console.log(`## ${shard.space}\n`);
  console.log(
    '| variant | predicted sectors (MB) | L1 global sectors (MB) | L2 sectors (MB) | DRAM (MB) | L1 / DRAM | ms (one profiled launch) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.variant} | ${mb(r.predictedBytes)} | ${mb(r.l1Bytes)} | ${mb(r.l2Bytes)} | ${mb(r.dramBytes)} | ${(r.l1Bytes / r.dramBytes).toFixed(2)} | ${r.ms.toFixed(4)} |`,
    );
  console.log(
    `\n${summary.variants} variants (${summary.predictedKnown} with a predicted traffic): median predicted / L1 ${fixed(summary.medianPredictedOverL1, 3)}, L1 / DRAM ${fixed(summary.medianL1OverDram, 2)}, L2 / DRAM ${fixed(summary.medianL2OverDram, 2)}\n`,
  );
}
if (values.json) writeFileSync(values.json, JSON.stringify(out, null, 1) + '\n');
