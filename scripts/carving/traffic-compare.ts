// Global traffic that carving predicts (globalTrafficBytes: the sectors every global access
// requests) against what Nsight Compute measured for the same variants on the GPU
// (device/carving/traffic.sh): the sectors the L1 served for global loads and stores, the sectors
// the L2 served, and the bytes DRAM moved. Where the L1 figure is far above DRAM, data is read
// again from cache. The DRAM estimate (estimate.ts, dramBytesEstimate: the launch's distinct bytes
// and the re-reads the L2 cannot hold, from the metrics' traffic footprint) is compared with DRAM.
// Nsight Compute counts DRAM writes made during the kernel only: stores that fit in the L2 stay
// there, dirty, and are not counted, while the estimate counts every distinct byte stored.
// Run: npx tsx scripts/carving/traffic-compare.ts [--json FILE] [--l2-mb MB] NCU_DIR METRICS.json...
//   --l2-mb: the measured card's L2 where it is not the arch's flagship part (H200: 60).
//   NCU_DIR holds ncu-<space>.csv and ncu-<space>.variants for each space.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dramBytesEstimate, type CarveShardOutput } from '../../src/analysis/carving/index.js';

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

const { values, positionals } = parseArgs({ allowPositionals: true, options: { json: { type: 'string' }, 'l2-mb': { type: 'string' } } });
const l2Bytes = values['l2-mb'] ? Number(values['l2-mb']) * 1024 * 1024 : undefined;
const within25 = (ratio: number) => Math.abs(ratio - 1) <= 0.25;
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
    .map((m) => ({
      variant: m.id,
      predictedBytes: m.globalTrafficBytes,
      dramEstimateBytes: dramBytesEstimate(m, shard.arch, l2Bytes),
      ...measured.get(m.id)!,
    }));
  const known = rows.filter((r) => r.predictedBytes !== null);
  const estimated = rows.filter((r) => r.dramEstimateBytes !== null);
  const summary = {
    variants: rows.length,
    predictedKnown: known.length,
    medianPredictedOverL1: median(known.map((r) => r.predictedBytes! / r.l1Bytes)),
    medianL1OverDram: median(rows.map((r) => r.l1Bytes / r.dramBytes)),
    medianL2OverDram: median(rows.map((r) => r.l2Bytes / r.dramBytes)),
    dramEstimated: estimated.length,
    medianDramEstimateOverDram: median(estimated.map((r) => r.dramEstimateBytes! / r.dramBytes)),
    dramEstimateWithin25: estimated.filter((r) => within25(r.dramEstimateBytes! / r.dramBytes)).length,
    /** The same variants' sector traffic (what the estimate used before) within 25% of DRAM. */
    sectorsWithin25: estimated.filter((r) => within25(r.predictedBytes! / r.dramBytes)).length,
  };
  out[shard.space] = { summary, rows };
  console.log(`## ${shard.space}\n`);
  console.log(
    '| variant | predicted sectors (MB) | L1 global sectors (MB) | L2 sectors (MB) | DRAM (MB) | L1 / DRAM | DRAM estimate (MB) | estimate / DRAM | ms (one profiled launch) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.variant} | ${mb(r.predictedBytes)} | ${mb(r.l1Bytes)} | ${mb(r.l2Bytes)} | ${mb(r.dramBytes)} | ${(r.l1Bytes / r.dramBytes).toFixed(2)} | ${mb(r.dramEstimateBytes)} | ${r.dramEstimateBytes === null ? '?' : (r.dramEstimateBytes / r.dramBytes).toFixed(2)} | ${r.ms.toFixed(4)} |`,
    );
  console.log(
    `\n${summary.variants} variants (${summary.predictedKnown} with a predicted traffic): median predicted / L1 ${fixed(summary.medianPredictedOverL1, 3)}, L1 / DRAM ${fixed(summary.medianL1OverDram, 2)}, L2 / DRAM ${fixed(summary.medianL2OverDram, 2)}; DRAM estimate for ${summary.dramEstimated}: median estimate / DRAM ${fixed(summary.medianDramEstimateOverDram, 3)}, within 25% ${summary.dramEstimateWithin25} (sector traffic: ${summary.sectorsWithin25})\n`,
  );
}
if (values.json) writeFileSync(values.json, JSON.stringify(out, null, 1) + '\n');
