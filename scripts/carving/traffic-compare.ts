// Global traffic that carving predicts (globalTrafficBytes: the sectors every global access
// requests) against what Nsight Compute measured for the same variants on the GPU
// (device/carving/traffic.sh): the sectors the L1 served for global loads and stores, the sectors
// the L2 served, and the bytes DRAM moved. Where the L1 figure is far above DRAM, data is read
// again from cache. The DRAM estimate (estimate.ts, dramBytesEstimate: the launch's distinct bytes
// and the re-reads the L2 cannot hold, from the metrics' traffic footprint) is compared with DRAM.
// Nsight Compute counts DRAM writes made during the kernel only: stores that fit in the L2 stay
// there, dirty, and are not counted, while the estimate counts every distinct byte stored.
// Where the profile also holds the shared-memory wavefronts and the warp instructions executed
// (traffic.sh with CARVE_NCU_EXTRA_METRICS), the static shared wavefronts (sharedWavefrontsPerWarp
// x warps) and PTX instructions (instructions x warps) are compared with them too.
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
  /** Shared-memory wavefronts (loads + stores) and SASS warp instructions executed, where profiled. */
  sharedWavefronts?: number;
  warpInstructions?: number;
}

const SHARED_LD = 'l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum';
const SHARED_ST = 'l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum';
const WARP_INSTRUCTIONS = 'smsp__inst_executed.sum';

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
    const ms = v['gpu__time_duration.sum'] / 1e6;
    // A launch that failed (out of resources) is listed without values.
    if (!Number.isFinite(ms)) continue;
    measured.set(variants[id], {
      l1Bytes: 32 * (v['l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum'] + v['l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum']),
      l2Bytes: 32 * v['lts__t_sectors_srcunit_tex.sum'],
      dramBytes: v['dram__bytes_read.sum'] + v['dram__bytes_write.sum'],
      ms,
      ...(SHARED_LD in v && SHARED_ST in v ? { sharedWavefronts: v[SHARED_LD] + v[SHARED_ST] } : {}),
      ...(WARP_INSTRUCTIONS in v ? { warpInstructions: v[WARP_INSTRUCTIONS] } : {}),
    });
  }
  return measured;
}

/** Null for no values (JSON keeps it). */
const median = (xs: number[]): number | null => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : null;
};

const quantile = (xs: number[], p: number): number | null => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(p * (s.length - 1))] : null;
};

/** Static count over measured, for the variants with both; null when nothing was profiled. */
function countComparison(pairs: Array<[number | null, number | undefined]>) {
  const ratios = pairs.filter(([p, m]) => p !== null && m !== undefined && m > 0).map(([p, m]) => p! / m!);
  if (!ratios.length) return null;
  return {
    compared: ratios.length,
    median: median(ratios),
    p10: quantile(ratios, 0.1),
    p90: quantile(ratios, 0.9),
    within10: ratios.filter((r) => Math.abs(r - 1) <= 0.1).length,
  };
}

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
    .map((m) => {
      const warps = m.warpsPerBlock * m.grid[0] * m.grid[1] * m.grid[2];
      return {
        variant: m.id,
        predictedBytes: m.globalTrafficBytes,
        dramEstimateBytes: dramBytesEstimate(m, shard.arch, l2Bytes),
        predictedSharedWavefronts: m.sharedWavefrontsPerWarp === undefined ? null : m.sharedWavefrontsPerWarp * warps,
        predictedWarpInstructions: m.instructions === null ? null : m.instructions * warps,
        ...measured.get(m.id)!,
      };
    });
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
  const shared = countComparison(rows.map((r) => [r.predictedSharedWavefronts, r.sharedWavefronts]));
  const instructions = countComparison(rows.map((r) => [r.predictedWarpInstructions, r.warpInstructions]));
  // Only where profiled, so that the comparisons of earlier profiles stay as they were.
  if (shared) Object.assign(summary, { sharedWavefronts: shared });
  if (instructions) Object.assign(summary, { ptxOverSassInstructions: instructions });
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
  const counts = [
    shared &&
      `shared wavefronts, static / ncu for ${shared.compared}: median ${fixed(shared.median, 3)} (10th-90th percentile ${fixed(shared.p10, 3)}-${fixed(shared.p90, 3)}), within 10% ${shared.within10}`,
    instructions &&
      `PTX instructions / SASS warp instructions executed for ${instructions.compared}: median ${fixed(instructions.median, 3)} (${fixed(instructions.p10, 3)}-${fixed(instructions.p90, 3)}), within 10% ${instructions.within10}`,
  ].filter(Boolean);
  console.log(
    `\n${summary.variants} variants (${summary.predictedKnown} with a predicted traffic): median predicted / L1 ${fixed(summary.medianPredictedOverL1, 3)}, L1 / DRAM ${fixed(summary.medianL1OverDram, 2)}, L2 / DRAM ${fixed(summary.medianL2OverDram, 2)}; DRAM estimate for ${summary.dramEstimated}: median estimate / DRAM ${fixed(summary.medianDramEstimateOverDram, 3)}, within 25% ${summary.dramEstimateWithin25} (sector traffic: ${summary.sectorsWithin25})${counts.map((c) => `; ${c}`).join('')}\n`,
  );
}
if (values.json) writeFileSync(values.json, JSON.stringify(out, null, 1) + '\n');
