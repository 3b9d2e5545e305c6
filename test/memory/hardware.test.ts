// The analysis against what an H100 measured for every site of the corpus
// (test/fixtures/memory/h100, produced by device/memory/run.sh; see its README.md).
// Global sites: predicted sectors per warp request == ncu's L2 theoretical sectors per
// executed instruction of that source line. Shared sites: predicted conflict degree ==
// ncu's 'L1 Conflicts Shared N-Way' (wavefronts per request) / the conflict-free wavefronts.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeMemory } from '../../src/analysis/memory/index.js';
import { idealSharedWavefronts } from '../../src/analysis/memory/warp.js';
import { parsePtx } from '../../src/ptx/parser.js';
import { buildCfg } from '../../src/ptx/cfg.js';
import { findLoops, statementWeights } from '../../src/ptx/loops.js';
import type { AccessReport } from '../../src/model/types.js';
import { measuredSites, metricsByLaunch, type MeasuredSite } from './ncu-csv.js';

const dir = new URL('../fixtures/memory/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, dir), 'utf8');
interface Launch {
  kernel: string;
  block: [number, number, number];
  grid: [number, number, number];
}
const launches = (JSON.parse(read('launches.json')) as { launches: Launch[] }).launches;

interface Row {
  launch: number;
  kernel: string;
  site: AccessReport;
  measured: MeasuredSite | null;
  measuredValue: number | null;
}
const rows: Row[] = [];
let measuredByLaunch: MeasuredSite[][] = [];

const OPERATION = { load: 'Load', store: 'Store', atomic: '' } as const;
const basename = (file: string | null) => (file ?? '').split('/').pop()!;

beforeAll(() => {
  const { module } = parsePtx(read('corpus.ptx'), 'corpus.ptx');
  const metrics = metricsByLaunch(read('h100/metrics.csv'));
  measuredByLaunch = launches.map((launch, index) => measuredSites(read(`h100/source/${index}-${launch.kernel}.csv`)));
  launches.forEach((launch, index) => {
    const fn = module.functions.find((f) => f.name === launch.kernel)!;
    const cfg = buildCfg(fn);
    const loops = findLoops(cfg);
    const { accesses } = analyzeMemory({ module, fn, cfg, loops, weights: statementWeights(cfg, loops), block: launch.block, defines: {} });
    // Sites inlined from toolkit headers are reported at the user's call line; ncu's source view
    // keeps the innermost (header) line, so measurements are matched by the instruction's own .loc.
    const rawSource = new Map(
      fn.body
        .map((s) => s as { text?: string; source?: { file: string | null; line: number } | null })
        .filter((s) => s.text && s.source)
        .map((s) => [s.text!, s.source!]),
    );
    for (const site of accesses) {
      const raw = rawSource.get(site.ptx) ?? { file: site.file, line: site.line };
      const sameLine = measuredByLaunch[index].filter((m) => m.file === basename(raw.file) && m.line === raw.line);
      const isCpAsync = site.ptx.startsWith('cp.async');
      const measured = isCpAsync
        ? (sameLine.find((m) => m.space === 'Global,Shared') ?? null)
        : (sameLine.find((m) => m.space === (site.space === 'global' ? 'Global' : 'Shared') && m.operation === OPERATION[site.kind]) ??
          null);
      let measuredValue: number | null = null;
      if (measured && site.space === 'shared') {
        const ways = new Set(measured.sharedWays);
        measuredValue = ways.size === 1 ? [...ways][0] / idealSharedWavefronts(32, site.bytesPerLane) : null;
      } else if (measured && isCpAsync) {
        // LDGSTS: the source view has no per-lane global sectors; the kernel's only global load is this one.
        const launchMetrics = metrics.get(index)!;
        measuredValue =
          launchMetrics.get('l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum')! /
          launchMetrics.get('l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum')!;
      } else if (measured) {
        measuredValue = Math.round(measured.sectorsPerRequest * 1000) / 1000;
      }
      rows.push({ launch: index, kernel: launch.kernel, site, measured, measuredValue });
    }
  });
});

describe('analysis vs H100 (ncu 2025.3.1)', () => {
  it('the device ran exactly the launches of launches.json', () => {
    const ran = read('h100/launches.txt')
      .trim()
      .split('\n')
      .map((line) => line.split(' ').slice(0, 4).join(' '));
    expect(ran).toEqual(launches.map((l, i) => `${i} ${l.kernel} grid=${l.grid.join(',')} block=${l.block.join(',')}`));
  });

  it('every site the analysis predicts has a measurement, and they agree exactly', () => {
    const predicted = rows.filter((row) => (row.site.space === 'global' ? row.site.sectorsPerRequest : row.site.bankConflictWays) !== null);
    const mismatches = predicted
      .map((row) => ({
        launch: row.launch,
        line: row.site.line,
        ptx: row.site.ptx,
        predicted: row.site.space === 'global' ? row.site.sectorsPerRequest : row.site.bankConflictWays,
        measured: row.measuredValue,
      }))
      .filter((entry) => entry.predicted !== entry.measured);
    expect(mismatches).toEqual([]);
    expect(predicted.length).toBe(rows.length - 2);
  });

  it('the global sites it cannot resolve are indirect or runtime, whatever the hardware did', () => {
    const unresolved = rows.filter((row) => row.site.space === 'global' && row.site.sectorsPerRequest === null);
    expect(unresolved.map((row) => [row.kernel, row.site.line, row.site.class, row.measuredValue])).toEqual([
      ['k12_gather', 84, 'indirect', 32],
      ['k13_scatter', 92, 'indirect', 32],
    ]);
  });

  it('no false alarm: no site the hardware shows coalesced is reported strided or uncoalesced', () => {
    const compared = rows.filter((row) => row.site.space === 'global' && row.measured && row.measured.space === 'Global');
    const notExcessive = compared.filter((row) => row.measured!.sectorsPerRequest === row.measured!.idealPerRequest);
    expect(notExcessive.length).toBeGreaterThan(60);
    for (const row of notExcessive) expect(['coalesced', 'uniform', 'indirect', 'runtime']).toContain(row.site.class);
    // and every site it calls strided or uncoalesced wastes sectors on the hardware.
    for (const row of compared.filter((r) => r.site.class === 'strided' || r.site.class === 'uncoalesced')) {
      expect(row.measured!.sectorsPerRequest).toBeGreaterThan(row.measured!.idealPerRequest);
    }
  });

  it('ideal sectors agree with ncu for every resolved global site', () => {
    const resolved = rows.filter(
      (row) => row.site.space === 'global' && row.site.idealSectors !== null && row.measured?.space === 'Global',
    );
    expect(
      resolved.filter((row) => row.site.idealSectors !== row.measured!.idealPerRequest).map((row) => [row.kernel, row.site.line]),
    ).toEqual([]);
  });
});
