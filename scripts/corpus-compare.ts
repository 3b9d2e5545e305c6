// Compares the static analysis (analyzeModule, the library API) with Nsight Compute
// measurements of a kernel corpus (device/corpus/run.sh), kernel by kernel, at the launches
// and parameter values the device used (bench/corpus/launches.json).
//
// Usage: npx tsx scripts/corpus-compare.ts MANIFEST LAUNCHES.json BUILD_DIR MEASURED.jsonl OUT.json
//   BUILD_DIR: PTX from device/corpus/build.py (same sources and flags as on the device).
// Kernels are split into a development and a validation set by a fixed hash of the source
// file's path (sha1 of "source/path", first byte even = development); figures are given for each.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeModule, type AnalyzeModuleInput } from '../src/analysis/index.js';
import { readSassLines } from '../src/toolchain/sass-lines.js';
import type { AccessReport, KernelReport } from '../src/model/types.js';
import type { Manifest, PlannedLaunch } from './corpus-plan.js';

interface MeasuredSite {
  file: string;
  line: number;
  space: string;
  operation: string;
  accessBits: number;
  sass: string[];
  executed: number;
  threadExecuted: number;
  predOnThreadExecuted: number;
  requests: number;
  sectors: number;
  idealSectors: number;
}
interface Measured {
  id: number;
  kernel: string;
  status: string;
  reason?: string;
  metrics?: Record<string, number>;
  threadInst?: number;
  sites?: MeasuredSite[];
}

/**
 * The analysis input for one corpus file at its measured launches: each kernel's block, grid and
 * dynamic shared memory, its int / float arguments as parameter values (by full PTX name
 * `<kernel>_param_<i>`, unique across the module), and the cubin's SASS lines when built.
 */
export function corpusAnalysisInput(
  fileLaunches: PlannedLaunch[],
  ptxText: string,
  ptxFile: string,
  sassLines: AnalyzeModuleInput['sassLines'] | null,
): AnalyzeModuleInput {
  const byKernel = new Map(fileLaunches.map((l) => [l.kernel, l]));
  const defines: Record<string, number> = {};
  for (const l of fileLaunches)
    l.args.forEach((a, i) => {
      if (a.kind === 'int' || a.kind === 'float') defines[`${l.kernel}_param_${i}`] = a.value;
    });
  return {
    ptxText,
    ptxFile,
    sourceFile: null,
    arch: 'sm_90',
    resources: [],
    launchFor: (name) => {
      const l = byKernel.get(name);
      return {
        block: l ? l.block : null,
        grid: l ? l.grid : null,
        blockSource: l ? 'config' : null,
        dynamicSharedBytes: l?.dynamicShared ?? 0,
        carveoutPercent: 100,
      };
    },
    defines,
    loops: { assumedTripCount: 1, hints: {} },
    ...(sassLines ? { sassLines } : {}),
  };
}

export type SetName = 'development' | 'validation';
export const setOf = (source: string, file: string): SetName =>
  createHash('sha1').update(`${source}/${file}`).digest()[0] % 2 === 0 ? 'development' : 'validation';

const DEFINITE = new Set(['coalesced', 'misaligned', 'strided', 'uncoalesced', 'uniform']);
/** Predicted and measured sectors-over-ideal agree within 10%. */
const agrees = (predicted: number, measured: number) => Math.abs(predicted - measured) <= 0.1 * measured;
const basename = (file: string | null) => (file ?? '').split('/').pop() ?? '';

function operationMatches(site: AccessReport, m: MeasuredSite): boolean {
  if (site.ptx.startsWith('cp.async')) return m.space.includes('Shared') && m.space.includes('Global');
  if (!/^(Global|Generic)/.test(m.space) || m.space.includes('Shared')) return false;
  if (site.kind === 'load') return m.operation === 'Load';
  if (site.kind === 'store') return m.operation === 'Store';
  return m.operation !== 'Load' && m.operation !== 'Store';
}

export interface SiteRow {
  launch: number;
  kernel: string;
  file: string | null;
  line: number | null;
  kind: string;
  ptx: string;
  class: string | null;
  predicted: number | null;
  ideal: number | null;
  measured: number | null;
  measuredIdeal: number | null;
  executed: number;
  verdict: 'agree' | 'disagree' | 'not-executed' | 'no-measured-line' | 'not-definite' | 'shared-line';
  falseAlarm: boolean;
  predictedExcess: number | null;
  measuredExcess: number | null;
}

/** Global sites of one kernel against the measured source lines (same file, line and operation). */
export function compareSites(launch: number, kernel: string, accesses: AccessReport[], measured: MeasuredSite[]): SiteRow[] {
  const globals = accesses.filter((a) => a.space === 'global');
  // ncu measures per source line: PTX sites sharing a line and operation are judged together,
  // and only when they all predict the same; otherwise they are counted as 'shared-line'.
  const groups = new Map<string, AccessReport[]>();
  for (const a of globals) {
    const key = `${basename(a.file)}:${a.line}:${a.kind}:${a.ptx.startsWith('cp.async')}`;
    groups.set(key, [...(groups.get(key) ?? []), a]);
  }
  const rows: SiteRow[] = [];
  for (const sites of groups.values()) {
    const first = sites[0];
    const lines = measured.filter((m) => m.file === basename(first.file) && m.line === first.line && operationMatches(first, m));
    const executed = lines.reduce((s, m) => s + m.executed, 0);
    const sectors = lines.reduce((s, m) => s + m.sectors, 0);
    const ideal = lines.reduce((s, m) => s + m.idealSectors, 0);
    const measuredSpr = executed > 0 ? sectors / executed : null;
    const measuredIdeal = executed > 0 ? ideal / executed : null;
    // Sectors over the ideal for the bytes the active lanes asked for: the same figure for a warp
    // whatever guards switch lanes off, so it compares with the static per-request prediction.
    const excess = (a: AccessReport) => (a.sectorsPerRequest !== null && a.idealSectors ? a.sectorsPerRequest / a.idealSectors : null);
    const predictions = new Set(sites.map((a) => (a.class !== null && DEFINITE.has(a.class) ? excess(a) : null)));
    const shared = predictions.size > 1 || predictions.has(null);
    const predictedExcess = shared ? null : [...predictions][0];
    const measuredExcess = ideal > 0 ? sectors / ideal : null;
    for (const site of sites) {
      const definite = site.class !== null && DEFINITE.has(site.class);
      let verdict: SiteRow['verdict'];
      if (!definite) verdict = 'not-definite';
      else if (lines.length === 0) verdict = 'no-measured-line';
      else if (executed === 0 || ideal === 0) verdict = 'not-executed';
      else if (shared) verdict = 'shared-line';
      else verdict = predictedExcess !== null && measuredExcess !== null && agrees(predictedExcess, measuredExcess) ? 'agree' : 'disagree';
      const falseAlarm =
        (site.class === 'strided' || site.class === 'uncoalesced') && executed > 0 && ideal > 0 && sectors <= ideal * 1.001;
      rows.push({
        launch,
        kernel,
        file: site.file,
        line: site.line,
        kind: site.kind,
        ptx: site.ptx,
        class: site.class,
        predicted: site.sectorsPerRequest,
        ideal: site.idealSectors,
        measured: measuredSpr,
        measuredIdeal,
        executed,
        verdict,
        falseAlarm,
        predictedExcess: excess(site),
        measuredExcess,
      });
    }
  }
  return rows;
}

export interface KernelRow {
  launch: number;
  set: SetName;
  source: string;
  path: string;
  kernel: string;
  displayName: string;
  threads: number;
  instructions: { predicted: number | null; measured: number; ratio: number | null; within10: boolean };
  /** perThread.sassInstructions (from BUILD_DIR/<fileId>.cubin's line table) against the same measurement. */
  sassInstructions: { predicted: number | null; ratio: number | null; within10: boolean };
  globalBytes: { predicted: number | null; measured: number; ratio: number | null; within2: boolean; staticallyCertain: boolean };
  localBytesMeasured: number;
  localBytesPredicted: number | null;
  sites: { global: number; definite: number };
}

function measuredGlobalBytes(sites: MeasuredSite[]): number {
  return sites
    .filter((m) => m.space.startsWith('Global') || m.space.startsWith('Generic'))
    .filter((m) => m.operation.includes('Load') || m.operation === 'Store')
    .filter((m) => !m.space.includes('Shared') || m.operation.includes('Load'))
    .reduce((s, m) => s + m.predOnThreadExecuted * (m.accessBits / 8), 0);
}

function summary(kernels: KernelRow[], sites: SiteRow[]) {
  const pct = (a: number, b: number) => (b === 0 ? null : Math.round((1000 * a) / b) / 10);
  const globalSites = kernels.reduce((s, k) => s + k.sites.global, 0);
  const definiteSites = kernels.reduce((s, k) => s + k.sites.definite, 0);
  const judged = sites.filter((r) => r.verdict === 'agree' || r.verdict === 'disagree');
  const instr = kernels.filter((k) => k.instructions.predicted !== null);
  const sass = kernels.filter((k) => k.sassInstructions.predicted !== null);
  const certain = kernels.filter((k) => k.globalBytes.staticallyCertain && k.globalBytes.predicted !== null && k.globalBytes.measured > 0);
  const withBytes = kernels.filter((k) => k.globalBytes.predicted !== null && k.globalBytes.measured > 0);
  return {
    kernels: kernels.length,
    globalSites,
    definiteSites,
    definitePercent: pct(definiteSites, globalSites),
    definiteSitesCompared: judged.length,
    definiteAgree: judged.filter((r) => r.verdict === 'agree').length,
    definiteAgreePercent: pct(judged.filter((r) => r.verdict === 'agree').length, judged.length),
    // stricter: the predicted sectors per request itself within 10% of the measured mean, which
    // also needs every measured execution of the line to have had all the lanes the analysis assumed
    definiteAgreeAbsolute: judged.filter(
      (r) => r.predicted !== null && r.measured !== null && Math.abs(r.predicted - r.measured) <= 0.1 * r.measured,
    ).length,
    definiteNotExecuted: sites.filter((r) => r.verdict === 'not-executed').length,
    definiteWithoutMeasuredLine: sites.filter((r) => r.verdict === 'no-measured-line').length,
    definiteOnSharedLine: sites.filter((r) => r.verdict === 'shared-line').length,
    falseStridedOrUncoalesced: sites.filter((r) => r.falseAlarm).length,
    instructionsWithin10Percent: instr.filter((k) => k.instructions.within10).length,
    instructionsCompared: instr.length,
    instructionsWithin10PercentShare: pct(instr.filter((k) => k.instructions.within10).length, instr.length),
    sassInstructionsWithin10Percent: sass.filter((k) => k.sassInstructions.within10).length,
    sassInstructionsCompared: sass.length,
    sassInstructionsWithin10PercentShare: pct(sass.filter((k) => k.sassInstructions.within10).length, sass.length),
    globalBytesWithin2Percent: withBytes.filter((k) => k.globalBytes.within2).length,
    globalBytesCompared: withBytes.length,
    globalBytesWithin2PercentCertain: certain.filter((k) => k.globalBytes.within2).length,
    globalBytesComparedCertain: certain.length,
    kernelsWithLocalTraffic: kernels.filter((k) => k.localBytesMeasured > 0).length,
  };
}

/** The first H100 run's profile.py wrote 'no progress ... killed (rc N)' also when the process
 * itself ended with code N during the launch (ncu: LaunchFailed); only rc 'killed' was a hang. */
function failureReason(reason: string | undefined): string | undefined {
  return reason?.replace(
    /^no progress for \d+s, process killed \(rc (\d+)\)$/,
    'the process ended (rc $1) during this launch: a fault under ncu (LaunchFailed)',
  );
}

function main(argv: string[]): void {
  const [manifestPath, launchesPath, buildDir, measuredPath, outPath] = argv;
  if (!outPath) throw new Error('usage: corpus-compare.ts MANIFEST LAUNCHES.json BUILD_DIR MEASURED.jsonl OUT.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const launches = (JSON.parse(readFileSync(launchesPath, 'utf8')) as { launches: PlannedLaunch[] }).launches;
  const measured = new Map<number, Measured>();
  for (const line of readFileSync(measuredPath, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const m = JSON.parse(line) as Measured;
    measured.set(m.id, m); // a later line for the same launch (a retry) wins
  }
  const status: Record<string, number> = {};
  const excluded: Array<{ launch: number; kernel: string; status: string; reason: string }> = [];
  const usable = launches.filter((l) => {
    const m = measured.get(l.id);
    const s = !m
      ? 'not-measured'
      : m.status !== 'ok'
        ? m.status
        : Math.abs((m.threadInst ?? 0) - (m.metrics?.['smsp__thread_inst_executed.sum'] ?? -1)) >
            1e-3 * (m.metrics?.['smsp__thread_inst_executed.sum'] ?? 0)
          ? 'incomplete-source-page'
          : 'ok';
    status[s] = (status[s] ?? 0) + 1;
    if (s !== 'ok')
      excluded.push({
        launch: l.id,
        kernel: l.displayName,
        status: s,
        reason:
          failureReason(m?.reason) ??
          (s === 'incomplete-source-page' ? 'source page instructions differ from smsp__thread_inst_executed.sum' : ''),
      });
    return s === 'ok';
  });

  const byFile = new Map<string, PlannedLaunch[]>();
  for (const l of usable) byFile.set(l.fileId, [...(byFile.get(l.fileId) ?? []), l]);
  const kernelRows: KernelRow[] = [];
  const siteRows: SiteRow[] = [];
  // Why sites are not definite: the analysis' reason with numbers and register names blanked.
  const unresolvedReasons: Record<string, number> = {};
  const analysisErrors: Array<{ file: string; message: string }> = [];
  for (const [fid, fileLaunches] of byFile) {
    const ptxFile = path.join(buildDir, fid + '.ptx');
    if (!existsSync(ptxFile)) {
      analysisErrors.push({ file: fid, message: 'PTX not built' });
      continue;
    }
    const ptxText = readFileSync(ptxFile, 'utf8');
    // The cubin device/corpus/build.py made from the same PTX (ptxas -lineinfo): SASS per source line.
    const cubinFile = path.join(buildDir, fid + '.cubin');
    const sassTable = existsSync(cubinFile) ? readSassLines(new Uint8Array(readFileSync(cubinFile)), cubinFile) : null;
    for (const d of sassTable?.diagnostics ?? []) analysisErrors.push({ file: fid, message: `${d.message} (byte ${d.offset})` });
    const input = corpusAnalysisInput(fileLaunches, ptxText, ptxFile, sassTable?.functions ?? null);
    let reports: KernelReport[];
    try {
      reports = analyzeModule(input).kernels;
    } catch (error) {
      analysisErrors.push({ file: fid, message: (error as Error).message });
      continue;
    }
    for (const l of fileLaunches) {
      const report = reports.find((r) => r.name === l.kernel);
      const m = measured.get(l.id)!;
      if (!report) {
        analysisErrors.push({ file: fid, message: `no report for ${l.kernel}` });
        continue;
      }
      const threads = l.grid.reduce((a, b) => a * b, 1) * l.block.reduce((a, b) => a * b, 1);
      const sites = compareSites(l.id, l.displayName, report.accesses, m.sites ?? []);
      for (const a of report.accesses) {
        if (a.space !== 'global' || (a.class !== null && DEFINITE.has(a.class))) continue;
        const key = `${a.class}: ${a.reason.replace(/%\w+/g, '%r').replace(/\d+/g, 'N').slice(0, 140)}`;
        unresolvedReasons[key] = (unresolvedReasons[key] ?? 0) + 1;
        // CORPUS_UNRESOLVED_SET=development lists that set's unresolved sites on stderr, to work on one set only.
        if (process.env.CORPUS_UNRESOLVED_SET === setOf(l.source, l.path))
          process.stderr.write(`unresolved\t${l.path}:${a.line ?? '?'}\t${l.kernel}\t${a.class}: ${a.reason}\n`);
      }
      siteRows.push(...sites);
      const instrMeasured = m.metrics!['smsp__thread_inst_executed.sum'] / threads;
      const instrPredicted = report.perThread?.instructions ?? null;
      const sassPredicted = report.perThread?.sassInstructions ?? null;
      const bytesMeasured = measuredGlobalBytes(m.sites ?? []) / threads;
      const bytesPredicted = report.perThread ? report.perThread.globalLoadBytes + report.perThread.globalStoreBytes : null;
      const perThread = report.perThread;
      const localPredicted =
        perThread && perThread.localLoadBytes !== undefined ? perThread.localLoadBytes + (perThread.localStoreBytes ?? 0) : null;
      const ratio = (p: number | null, q: number) => (p === null || q === 0 ? null : Math.round((p / q) * 10000) / 10000);
      kernelRows.push({
        launch: l.id,
        set: setOf(l.source, l.path),
        source: l.source,
        path: l.path,
        kernel: l.kernel,
        displayName: l.displayName,
        threads,
        instructions: {
          predicted: instrPredicted,
          measured: Math.round(instrMeasured * 100) / 100,
          ratio: ratio(instrPredicted, instrMeasured),
          within10: instrPredicted !== null && Math.abs(instrPredicted - instrMeasured) <= 0.1 * instrMeasured,
        },
        sassInstructions: {
          predicted: sassPredicted === null ? null : Math.round(sassPredicted * 100) / 100,
          ratio: ratio(sassPredicted, instrMeasured),
          within10: sassPredicted !== null && Math.abs(sassPredicted - instrMeasured) <= 0.1 * instrMeasured,
        },
        globalBytes: {
          predicted: bytesPredicted,
          measured: Math.round(bytesMeasured * 100) / 100,
          ratio: ratio(bytesPredicted, bytesMeasured),
          within2: bytesPredicted !== null && Math.abs(bytesPredicted - bytesMeasured) <= 0.02 * bytesMeasured,
          staticallyCertain: !!report.perThread && !report.perThread.unknownBranchesCountedTaken && !report.perThread.usesAssumedTripCounts,
        },
        localBytesMeasured:
          ((m.metrics!['l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum'] ?? 0) +
            (m.metrics!['l1tex__t_bytes_pipe_lsu_mem_local_op_st.sum'] ?? 0)) /
          threads,
        localBytesPredicted: localPredicted,
        sites: {
          global: report.accesses.filter((a) => a.space === 'global').length,
          definite: report.accesses.filter((a) => a.space === 'global' && a.class !== null && DEFINITE.has(a.class)).length,
        },
      });
    }
  }
  const sets: SetName[] = ['development', 'validation'];
  const result = {
    command: `npx tsx scripts/corpus-compare.ts ${[manifestPath, launchesPath, 'BUILD_DIR', measuredPath, outPath].join(' ')}`,
    measurement:
      'device/corpus/run.sh on an NVIDIA H100 80GB HBM3 (driver 580.159.04, nvcc 13.0, Nsight Compute 2025.3.1); floating-point buffers filled with values in [1, 2), others zero',
    sources: Object.fromEntries(
      Object.entries(manifest.sources).map(([k, v]) => [k, { repository: v.repository, commit: v.commit, license: v.license }]),
    ),
    launches: { planned: launches.length, byStatus: status },
    summary: {
      all: summary(kernelRows, siteRows),
      ...Object.fromEntries(
        sets.map((s) => [
          s,
          summary(
            kernelRows.filter((k) => k.set === s),
            siteRows.filter((r) => kernelRows.find((k) => k.launch === r.launch)?.set === s),
          ),
        ]),
      ),
    },
    classes: siteRows.reduce<Record<string, number>>((acc, r) => {
      const c = r.class ?? 'null';
      acc[c] = (acc[c] ?? 0) + 1;
      return acc;
    }, {}),
    falseAlarms: siteRows
      .filter((r) => r.falseAlarm)
      .map(({ launch, kernel, file, line, ptx, class: c, predicted, measured, measuredIdeal }) => ({
        launch,
        kernel,
        file: basename(file),
        line,
        ptx,
        class: c,
        predicted,
        measured,
        measuredIdeal,
      })),
    siteVerdicts: siteRows.reduce<Record<string, Record<string, number>>>((acc, r) => {
      const c = r.class ?? 'null';
      acc[c] = acc[c] ?? {};
      acc[c][r.verdict] = (acc[c][r.verdict] ?? 0) + 1;
      return acc;
    }, {}),
    excessSites: siteRows
      .filter((r) => r.verdict === 'agree' && r.predictedExcess !== null && r.predictedExcess > 1)
      .map(({ launch, kernel, file, line, ptx, class: c, predictedExcess, measuredExcess }) => ({
        launch,
        kernel,
        file: basename(file),
        line,
        ptx,
        class: c,
        predictedExcess,
        measuredExcess,
      })),
    disagreements: siteRows
      .filter((r) => r.verdict === 'disagree')
      .map(({ launch, kernel, file, line, ptx, class: c, predicted, measured, measuredIdeal }) => ({
        launch,
        kernel,
        file: basename(file),
        line,
        ptx,
        class: c,
        predicted,
        measured,
        measuredIdeal,
      })),
    kernels: kernelRows.map((k) => ({
      launch: k.launch,
      set: k.set,
      file: `${k.source}/${k.path}`,
      kernel: k.displayName,
      threads: k.threads,
      instructions: k.instructions,
      sassInstructions: k.sassInstructions,
      globalBytes: k.globalBytes,
      localBytesMeasured: k.localBytesMeasured,
      localBytesPredicted: k.localBytesPredicted,
      sites: k.sites,
    })),
    unresolvedReasons: Object.fromEntries(
      Object.entries(unresolvedReasons)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 40),
    ),
    excluded,
    analysisErrors,
  };
  writeFileSync(outPath, JSON.stringify(result, null, 1) + '\n');
  // CORPUS_SETS=development prints the development column alone, so tuning does not look at validation figures.
  const shown = process.env.CORPUS_SETS === 'development' ? ['development'] : undefined;
  console.log(markdownTable(result.summary, shown));
}

/** The docs/corpus.md table: one column per kernel set. */
export function markdownTable(sums: Record<string, ReturnType<typeof summary>>, cols = ['development', 'validation', 'all']): string {
  const rows: Array<[string, string, (s: ReturnType<typeof summary>) => string]> = [
    ['kernels measured and analysed', '≥ 150', (s) => String(s.kernels)],
    ['global sites definite (not runtime / indirect)', '≥ 90%', (s) => `${s.definitePercent}% (${s.definiteSites} / ${s.globalSites})`],
    [
      'definite sites that agree with ncu (sectors over ideal, ±10%)',
      '≥ 98%',
      (s) => `${s.definiteAgreePercent}% (${s.definiteAgree} / ${s.definiteSitesCompared})`,
    ],
    ['… of which sectors/request itself within 10%', '', (s) => `${s.definiteAgreeAbsolute} / ${s.definiteSitesCompared}`],
    [
      'definite sites not judged: line shared with other predictions / no measured line',
      '',
      (s) => `${s.definiteOnSharedLine} / ${s.definiteWithoutMeasuredLine}`,
    ],
    ['false strided / uncoalesced', '0', (s) => String(s.falseStridedOrUncoalesced)],
    [
      'per-thread instructions within 10% of ncu',
      '≥ 90% of kernels',
      (s) => `${s.instructionsWithin10PercentShare}% (${s.instructionsWithin10Percent} / ${s.instructionsCompared})`,
    ],
    [
      'per-thread SASS instructions (cubin line table) within 10% of ncu',
      '≥ 90% of kernels',
      (s) => `${s.sassInstructionsWithin10PercentShare}% (${s.sassInstructionsWithin10Percent} / ${s.sassInstructionsCompared})`,
    ],
    [
      'per-thread global bytes within 2%: no assumed trip count or unknown branch',
      'all',
      (s) => `${s.globalBytesWithin2PercentCertain} / ${s.globalBytesComparedCertain}`,
    ],
    [
      'per-thread global bytes within 2%: every kernel with global traffic',
      '',
      (s) => `${s.globalBytesWithin2Percent} / ${s.globalBytesCompared}`,
    ],
    ['kernels with local-memory traffic (ncu)', '', (s) => String(s.kernelsWithLocalTraffic)],
  ];
  return [
    `| figure | target | ${cols.join(' | ')} |`,
    `|---|---|${cols.map(() => '---').join('|')}|`,
    ...rows.map(([name, target, f]) => `| ${name} | ${target} | ${cols.map((c) => f(sums[c])).join(' | ')} |`),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
