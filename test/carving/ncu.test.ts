// Static coalescing / bank-conflict verdicts of profiled transpose variants against Nsight
// Compute on the H100 (test/fixtures/carving/ncu.csv from device/carving/run.sh), as in [Tinetti].
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CarveShardOutput } from '../../src/analysis/carving/index.js';

function ncuMetrics(): Map<string, Record<string, number>> {
  const lines = readFileSync('test/fixtures/carving/ncu.csv', 'utf8').split('\n');
  const variants = lines
    .find((l) => l.startsWith('# profiled variants'))!
    .replace('# profiled variants in ID order: ', '')
    .split(' ; ');
  const rows = lines.filter((l) => l.startsWith('"')).map((l) => (l.match(/"([^"]*)"/g) ?? []).map((cell) => cell.slice(1, -1)));
  const header = rows[0];
  const out = new Map<string, Record<string, number>>();
  for (const row of rows.slice(1)) {
    const cell = (name: string) => row[header.indexOf(name)];
    const variant = variants[Number(cell('ID'))];
    const metrics = out.get(variant) ?? {};
    metrics[cell('Metric Name')] = Number(cell('Metric Value').replace(/,/g, ''));
    out.set(variant, metrics);
  }
  return out;
}

describe('transpose: static verdicts vs Nsight Compute', () => {
  const ncu = ncuMetrics();
  const metrics = new Map(
    (JSON.parse(readFileSync('test/fixtures/carving/transpose.metrics.json', 'utf8')) as { shard: CarveShardOutput }).shard.metrics.map(
      (m) => [m.id, m],
    ),
  );
  const profiled = [...ncu.keys()].filter((id) => id.startsWith('TX='));

  it('profiles the four 32x32 variants', () => {
    expect(profiled).toEqual([
      'TX=32,TY=32,ROWS=8,SMEM=0,PAD=0,ORDER=0',
      'TX=32,TY=32,ROWS=8,SMEM=0,PAD=0,ORDER=1',
      'TX=32,TY=32,ROWS=8,SMEM=1,PAD=0,ORDER=0',
      'TX=32,TY=32,ROWS=8,SMEM=1,PAD=1,ORDER=0',
    ]);
  });

  it('uncoalesced statically <=> more than the ideal 4 sectors per request measured', () => {
    for (const id of profiled) {
      const m = ncu.get(id)!;
      const loadSectors = m['l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum'] / m['l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum'];
      const storeSectors = m['l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum'] / m['l1tex__t_requests_pipe_lsu_mem_global_op_st.sum'];
      expect([id, metrics.get(id)!.coalescing]).toEqual([id, Math.max(loadSectors, storeSectors) > 4 ? 'uncoalesced' : 'coalesced']);
    }
  });

  // ncu's conflict counter also counts a few arbitration wavefronts on conflict-free code (PAD=1:
  // 0.035 per request), so 'conflicts' means more than one extra wavefront per two requests.
  it('bank conflicts statically <=> conflicts measured (> 0.5 extra wavefronts per shared request)', () => {
    for (const id of profiled.filter((v) => v.includes('SMEM=1'))) {
      const m = ncu.get(id)!;
      const conflicts =
        m['l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum'] + m['l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum'];
      const sharedRequests = 2 * m['l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum']; // one shared store and one load per global load
      expect([id, (metrics.get(id)!.bankConflictWays ?? 0) > 1]).toEqual([id, conflicts / sharedRequests > 0.5]);
    }
  });
});
