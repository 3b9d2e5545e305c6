// The gate engine: config -> discover -> build or load -> analyse -> compare -> render.
// Touches git, nvcc and the file system; publishing is the caller's (Action or CLI).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { compareReports, sideCoverageErrors } from '../analysis/compare/index.js';
import { findNvcc } from '../toolchain/index.js';
import { addWorktree, fileReader, filesAt, findChanges, isCudaRelevant, removeWorktree, selectUnits } from '../discover/index.js';
import type { CarveReport, Diagnostic, Finding, PrCarvingSummary } from '../model/types.js';
import { VERSION } from '../version.js';
import { readArtifactSide } from './artifacts.js';
import { compileSide } from './compile.js';
import { pathMapper } from './paths.js';
import { createLimiter, defaultJobs } from './pool.js';
import { createAnalysisPool } from '../workers/analysis-pool.js';
import { renderGate } from './render.js';
import { carvePullRequest, changedUnderBothNames } from './spaces.js';
import { timeSides } from './timing.js';
import type { GateOptions, GateResult } from './types.js';

export async function runGate(options: GateOptions): Promise<GateResult> {
  const log = options.log ?? (() => undefined);
  const diagnostics: Diagnostic[] = [...options.inputDiagnostics];
  const notes: string[] = [...(options.notes ?? [])];
  mkdirSync(options.scratchDir, { recursive: true });

  const { nvcc, source } = await chooseSource(options, diagnostics, notes);
  const headFiles = await filesAt(options.workspace, options.headSha ?? 'HEAD').catch(() => [] as string[]);
  const range: BaseRange = { baseCommit: null, mergeBase: null, changed: [], changedForCarving: [], worktree: null, baseFiles: [] };

  try {
    if (options.pullRequest) await checkOutBase(options, options.pullRequest, source, range, diagnostics, log);
    const sides =
      source === 'artifacts'
        ? readArtifactSides(options, range, headFiles)
        : source === 'compile'
          ? await buildSides(options, range, headFiles, nvcc!.path, notes, log)
          : { base: null, head: emptyReport('head', options.headSha, options.archs), units: [], builtUnits: { base: null, head: null } };
    if (options.pullRequest && range.changed.length && !sides.units.length && source === 'compile') {
      notes.push(`No CUDA translation unit is reached by the ${range.changed.length} changed file(s).`);
    }
    const { base, head, units } = sides;
    head.diagnostics.unshift(...diagnostics.filter((d) => d.stage === 'config'));

    const timing = await timeChangedSides(options, range, head, diagnostics, notes);
    if (source !== 'none')
      diagnostics.push(...sideCoverageErrors({ base, head, baseUnits: sides.builtUnits.base, headUnits: sides.builtUnits.head }));
    const comparison = compareReports(base, head, options.config, timing);
    const carving = await carveTouchedSpaces({
      options,
      source,
      worktree: range.worktree,
      baseCommit: range.baseCommit,
      headFiles,
      baseFiles: range.baseFiles,
      changed: range.changedForCarving,
      log,
    });
    if (carving) {
      comparison.carving = carving.summary;
      comparison.findings.push(...carving.findings);
      diagnostics.push(...carving.diagnostics);
    }
    const result = renderGate({
      options,
      source,
      nvcc,
      mergeBase: range.mergeBase,
      baseCommit: range.baseCommit,
      changedFiles: range.changed,
      units,
      base,
      head,
      comparison,
      diagnostics,
      notes,
    });
    return { ...result, extraFiles: carving?.plots ?? {} };
  } finally {
    if (range.worktree) await removeWorktree(options.workspace, range.worktree);
  }
}

/** What the gate analyses: a build with nvcc, the committed artifacts, or nothing (an error). */
async function chooseSource(
  options: GateOptions,
  diagnostics: Diagnostic[],
  notes: string[],
): Promise<{ nvcc: { path: string; version: string } | null; source: GateResult['source'] }> {
  const nvcc = await locateNvcc(options.nvcc, diagnostics);
  const source: GateResult['source'] = nvcc ? 'compile' : options.artifacts.length ? 'artifacts' : 'none';
  if (source === 'compile') notes.push(`Built with ${nvcc!.path} (${nvcc!.version}) for ${options.archs.join(', ')}.`);
  if (source === 'artifacts')
    notes.push(
      `${options.nvcc === 'none' ? 'Building is off (nvcc: none)' : 'No nvcc found'}: analysed the committed artifacts matching ${options.artifacts.map((a) => `\`${a}\``).join(', ')} on both sides.`,
    );
  if (source === 'none') {
    diagnostics.push({
      severity: 'error',
      stage: 'build',
      message: `${options.nvcc === 'none' ? 'building is off (nvcc: none)' : `nvcc was not found${options.nvcc ? ` at ${options.nvcc}` : ' on PATH or in /usr/local/cuda/bin'}`} and no \`artifacts\` are configured: nothing to analyse. Install the CUDA toolkit, set the \`nvcc\` input, or commit PTX / cubin / ptxas logs / Carve reports and list them in \`artifacts\`.`,
    });
  }
  return { nvcc, source };
}

/** The pull request's range, and the base checkout (a worktree the caller removes) when the change is relevant. */
interface BaseRange {
  baseCommit: string | null;
  mergeBase: string | null;
  changed: string[];
  /** Changed files under both names of a rename (carving's touched spaces). */
  changedForCarving: string[];
  worktree: string | null;
  baseFiles: string[];
}

/**
 * Fills `range` from the pull request's base and head: the changed files, and a worktree of the
 * base when a CUDA-relevant file (or a committed artifact) changed. Fills it in place, so the
 * caller removes a worktree even when adding it failed half-way; a failure is a diagnostic.
 */
async function checkOutBase(
  options: GateOptions,
  pullRequest: NonNullable<GateOptions['pullRequest']>,
  source: GateResult['source'],
  range: BaseRange,
  diagnostics: Diagnostic[],
  log: (message: string) => void,
): Promise<void> {
  try {
    const found = await findChanges(options.workspace, pullRequest.baseSha, pullRequest.headSha);
    diagnostics.push(...found.diagnostics);
    range.mergeBase = found.mergeBase;
    range.baseCommit = found.from;
    range.changed = found.changed.map((c) => c.path);
    range.changedForCarving = changedUnderBothNames(found.changed);
    const relevant = found.changed.some((c) => isCudaRelevant(c.path) || (c.oldPath !== null && isCudaRelevant(c.oldPath)));
    const artifactsChanged =
      source === 'artifacts' && range.changed.some((file) => picomatch.isMatch(file, options.artifacts, { dot: true }));
    if (source !== 'none' && (relevant || artifactsChanged)) {
      range.worktree = path.join(options.scratchDir, 'base-worktree');
      log(`base: worktree of ${range.baseCommit.slice(0, 12)} at ${range.worktree}`);
      await addWorktree(options.workspace, range.baseCommit, range.worktree);
      range.baseFiles = await filesAt(options.workspace, range.baseCommit);
    }
  } catch (error) {
    diagnostics.push({ severity: 'error', stage: 'github', message: `could not determine the base side: ${(error as Error).message}` });
  }
}

/** Both sides' reports, the units built for them, and how many per side (null: artifacts mode, where a side is a set of files). */
interface Sides {
  base: CarveReport | null;
  head: CarveReport;
  units: GateResult['units'];
  builtUnits: { base: number | null; head: number | null };
}

/** The report without the list of files it was read from: report.json must match the report schema (publish mode validates it). */
function reportOnly(side: ReturnType<typeof readArtifactSide>): CarveReport {
  const { artifactFiles: _files, ...report } = side;
  return report;
}

/** Artifacts mode: each side is the committed artifacts matching the patterns. */
function readArtifactSides(options: GateOptions, range: BaseRange, headFiles: string[]): Sides {
  const headMapper = pathMapper(options.workspace, headFiles);
  const head = reportOnly(
    readArtifactSide({
      side: 'head',
      root: options.workspace,
      commit: options.headSha,
      patterns: options.artifacts,
      archs: options.archs,
      config: options.config,
      mapper: headMapper,
    }),
  );
  let base: CarveReport | null = null;
  if (range.worktree) {
    base = reportOnly(
      readArtifactSide({
        side: 'base',
        root: range.worktree,
        commit: range.baseCommit,
        patterns: options.artifacts,
        archs: options.archs,
        config: options.config,
        mapper: pathMapper(range.worktree, range.baseFiles),
      }),
    );
  } else if (options.pullRequest && range.baseCommit) {
    // Nothing relevant changed: the base side is the head side.
    base = { ...head, side: 'base', commit: range.baseCommit };
  }
  return { base, head, units: [], builtUnits: { base: null, head: null } };
}

/** Compile mode: the translation units the change reaches (every unit with scope all), built on both sides in one pool. */
async function buildSides(
  options: GateOptions,
  range: BaseRange,
  headFiles: string[],
  nvccPath: string,
  notes: string[],
  log: (message: string) => void,
): Promise<Sides> {
  const { worktree, baseFiles, baseCommit } = range;
  const units: GateResult['units'] = [];
  const selection =
    options.scope === 'all' || !options.pullRequest
      ? {
          units: new Map(
            headFiles
              .filter((f) => picomatch.isMatch(f, options.config.sources))
              .filter(isCudaRelevant)
              .map((u) => [u, [] as string[]]),
          ),
          headOnly: [] as string[],
          baseOnly: [] as string[],
        }
      : selectUnits({
          headFiles,
          baseFiles,
          readHead: fileReader(options.workspace),
          readBase: worktree ? fileReader(worktree) : () => null,
          sources: options.config.sources,
          includeDirs: options.config.include,
          changed: range.changed.map((p) => ({ path: p, status: 'modified' as const, oldPath: null })),
        });
  const baseSet = new Set(baseFiles);
  const headSet = new Set(headFiles);
  for (const [unit, reasons] of selection.units) {
    units.push({ unit, reasons, side: headSet.has(unit) && baseSet.has(unit) ? 'both' : headSet.has(unit) ? 'head' : 'base' });
  }
  const headUnits = units.filter((u) => u.side !== 'base').map((u) => u.unit);
  const baseUnits = units.filter((u) => u.side !== 'head').map((u) => u.unit);
  // One pool for both sides: one nvcc per core until the last unit of either side.
  const jobs = options.jobs ?? defaultJobs();
  const limit = createLimiter(jobs);
  const analysis = createAnalysisPool({ size: jobs });
  const common = { archs: options.archs, config: options.config, nvcc: nvccPath, outDir: options.scratchDir, log, limit, analysis };
  const baseRoot = worktree && baseUnits.length ? worktree : null;
  const [head, baseReport] = await Promise.all([
    compileSide({
      ...common,
      side: 'head',
      root: options.workspace,
      commit: options.headSha,
      units: headUnits,
      mapper: pathMapper(options.workspace, headFiles),
    }),
    baseRoot
      ? compileSide({
          ...common,
          side: 'base',
          root: baseRoot,
          commit: baseCommit,
          units: baseUnits,
          mapper: pathMapper(baseRoot, baseFiles),
        })
      : null,
  ]).finally(() => analysis.close());
  let base: CarveReport | null = null;
  if (baseReport) {
    base = baseReport;
  } else if (options.pullRequest && baseCommit && !units.length) {
    base = emptyReport('base', baseCommit, options.archs);
  }
  if (options.pullRequest && units.length && !baseUnits.length)
    notes.push('Every changed unit is new in this pull request: head-only report.');
  for (const u of units.filter((x) => x.side === 'head')) notes.push(`\`${u.unit}\` is new: its kernels have no base to compare with.`);
  for (const u of units.filter((x) => x.side === 'base')) notes.push(`\`${u.unit}\` was deleted: its kernels are reported as removed.`);
  return { base, head, units, builtUnits: { base: baseUnits.length, head: headUnits.length } };
}

/** Timing comparisons: the given ones, plus both sides run with timing.command when timing is on and there is a base. */
async function timeChangedSides(
  options: GateOptions,
  range: BaseRange,
  head: CarveReport,
  diagnostics: Diagnostic[],
  notes: string[],
): Promise<NonNullable<GateOptions['timing']>> {
  const timing = [...(options.timing ?? [])];
  if (!options.timingOn) return timing;
  if (!options.config.timing.command) {
    notes.push(
      `Timing was requested, but the config sets no \`timing.command\` (a benchmark printing Carve timing JSON): kernels are compared statically${Object.keys(options.config.spaces).length ? '; touched carving spaces are timed with the harness' : ''}.`,
    );
  } else if (!range.worktree || !range.baseCommit) {
    notes.push('Timing was requested, but there is no base side to time against (no pull request, or nothing relevant changed).');
  } else {
    const timed = await timeSides({
      command: options.config.timing.command,
      headRoot: options.workspace,
      baseRoot: range.worktree,
      head,
      archs: options.archs,
      alpha: options.config.thresholds.timingAlpha,
    });
    timing.push(...timed.comparisons);
    diagnostics.push(...timed.diagnostics);
    notes.push(...timed.notes);
  }
  return timing;
}

interface CarvingStepInput {
  options: GateOptions;
  source: GateResult['source'];
  worktree: string | null;
  baseCommit: string | null;
  headFiles: string[];
  baseFiles: string[];
  changed: string[];
  log: (message: string) => void;
}

/** Carving of the touched spaces (null when the config has none); why nothing was carved otherwise. */
async function carveTouchedSpaces(
  input: CarvingStepInput,
): Promise<{ summary: PrCarvingSummary; findings: Finding[]; diagnostics: Diagnostic[]; plots: Record<string, string> } | null> {
  const { options } = input;
  const spaces = Object.keys(options.config.spaces);
  if (!spaces.length || !options.pullRequest) return null;
  const skipAll = (note: string) => ({
    summary: { frontiers: [], skipped: spaces.map((space) => ({ space, reason: note })), variantsCarved: 0, note },
    findings: [],
    diagnostics: [],
    plots: {},
  });
  if (input.source !== 'compile')
    return skipAll('carving needs a build: no nvcc here, so the committed artifacts were analysed and no space was carved');
  if (options.config.carving.maxVariantsPerPr === 0) return skipAll('carving on pull requests is off (`carving.maxVariantsPerPr: 0`)');
  if (!input.worktree) return skipAll('no CUDA file changed: no space was carved');
  const result = await carvePullRequest({
    config: options.config,
    workspace: options.workspace,
    baseRoot: input.worktree,
    headFiles: input.headFiles,
    baseFiles: input.baseFiles,
    changed: input.changed,
    archs: options.archs,
    cacheDir: options.carvingCacheDir ?? path.join(options.workspace, '.carve-cache'),
    maxVariants: options.config.carving.maxVariantsPerPr,
    log: input.log,
    timingDir: options.timingOn ? path.join(options.scratchDir, 'space-timing') : null,
  });
  return {
    summary: { frontiers: result.frontiers, skipped: result.skipped, variantsCarved: result.variantsCarved, note: null },
    findings: result.findings,
    diagnostics: result.diagnostics,
    plots: result.plots,
  };
}

/**
 * nvcc to build with: 'none' skips building (committed-report mode even where a toolkit is
 * installed); an explicit path is used only if it runs — a broken one is reported, not
 * silently replaced by another toolkit.
 */
async function locateNvcc(hint: string | null, diagnostics: Diagnostic[]): Promise<{ path: string; version: string } | null> {
  if (hint === 'none') return null;
  const found = await findNvcc(hint ?? undefined);
  if (hint && found && found.path !== hint) {
    diagnostics.push({
      severity: 'warning',
      stage: 'build',
      message: `nvcc at ${hint} did not run; not building (set \`nvcc\` to a working nvcc, or to none for committed-report mode)`,
    });
    return null;
  }
  return found;
}

function emptyReport(side: 'base' | 'head', commit: string | null, archs: string[]): CarveReport {
  return { schemaVersion: 1, tool: { name: 'carve', version: VERSION }, side, commit, archs: [...archs], kernels: [], diagnostics: [] };
}
