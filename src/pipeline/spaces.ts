// Carving on a pull request: every space whose source (or a header it includes) the change
// touches is carved on both sides with the same config through the content-hash build cache,
// and the two frontiers are compared. Untouched spaces and spaces over the budget are
// reported as skipped with the reason, never silently.
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { compareFrontiers, frontierFindings, type FrontierComparison } from '../analysis/carving/frontier.js';
import { carveSpace } from '../analysis/carving/pipeline.js';
import { enumerateSpace } from '../analysis/carving/space.js';
import { renderCarveSvg } from '../analysis/carving/svg.js';
import type { CarveConfig, SpaceConfig } from '../config/types.js';
import {
  addWorktree,
  buildIncludeGraph,
  fileReader,
  filesAt,
  findChanges,
  git,
  isCudaRelevant,
  removeWorktree,
  unitsReaching,
} from '../discover/index.js';
import type { Diagnostic, Finding } from '../model/types.js';
import { timeFrontier } from './space-timing.js';
import type { Checkouts } from './checkouts.js';

export interface SpaceSkip {
  space: string;
  reason: string;
}

export interface PrCarving {
  frontiers: FrontierComparison[];
  findings: Finding[];
  skipped: SpaceSkip[];
  diagnostics: Diagnostic[];
  /** Variants built (or read from the cache) on both sides together. */
  variantsCarved: number;
  /** Scatter plots (file name -> SVG) of each carved side, for the report directory. */
  plots: Record<string, string>;
}

export interface PrCarvingInput {
  config: CarveConfig;
  workspace: string;
  /** The base side's work tree; null when there is no base (no PR, nothing relevant changed). */
  baseRoot: string | null;
  headFiles: string[];
  baseFiles: string[];
  changed: string[];
  archs: string[];
  cacheDir: string;
  /** Largest number of variant builds (both sides, all spaces) one pull request may start. */
  maxVariants: number;
  /** Time both sides' survivors on this machine's GPU (the Action's `timing: on`); scratch dir for the harness. */
  timingDir?: string | null;
  log?: (message: string) => void;
}

/** Changed paths with renamed files under both names (a space's source may be the old one). */
export function changedUnderBothNames(changed: ReadonlyArray<{ path: string; oldPath: string | null }>): string[] {
  return changed.flatMap((c) => (c.oldPath !== null && c.oldPath !== c.path ? [c.path, c.oldPath] : [c.path]));
}

/** Rounds of interleaved timing: each times every variant once (samples split across them). */
export const TIMING_ROUNDS = 5;

/** A plot's file name in the report directory: only [A-Za-z0-9._-], whatever the space is called. */
export function plotFileName(space: string, arch: string, side: 'base' | 'head'): string {
  return `carving-${space}-${arch}-${side}.svg`.replace(/[^A-Za-z0-9._-]/g, '_');
}

/** The space's source, repository-relative (as git lists files). */
export function spaceSource(config: CarveConfig, space: SpaceConfig, workspace: string): string {
  return path.relative(workspace, path.resolve(config.baseDir, space.source)).split(path.sep).join('/');
}

/** Spaces whose source or an included header is among the changed files: name -> the changed files. */
export function touchedSpaces(
  input: Pick<PrCarvingInput, 'config' | 'workspace' | 'baseRoot' | 'headFiles' | 'baseFiles' | 'changed'>,
): Map<string, string[]> {
  const { config, workspace } = input;
  const sources = new Map(Object.entries(config.spaces).map(([name, space]) => [name, spaceSource(config, space, workspace)]));
  const includeDirs = config.include.map((dir) => path.relative(workspace, path.resolve(config.baseDir, dir)));
  const headGraph = buildIncludeGraph(input.headFiles, fileReader(workspace), includeDirs);
  const reached = unitsReaching(headGraph, [...sources.values()], input.changed);
  if (input.baseRoot) {
    const baseGraph = buildIncludeGraph(input.baseFiles, fileReader(input.baseRoot), includeDirs);
    for (const [unit, reasons] of unitsReaching(baseGraph, [...sources.values()], input.changed)) {
      reached.set(unit, [...new Set([...(reached.get(unit) ?? []), ...reasons])]);
    }
  }
  const touched = new Map<string, string[]>();
  for (const [name, source] of sources) {
    // A source added or deleted by the change is in no include graph of the other side.
    const reasons = reached.get(source) ?? (input.changed.includes(source) ? [source] : null);
    if (reasons) touched.set(name, reasons);
  }
  return touched;
}

function currentId(space: SpaceConfig): string | null {
  if (!space.current) return null;
  const names = Object.keys(space.parameters);
  if (!names.every((name) => name in space.current!)) return null;
  return names.map((name) => `${name}=${space.current![name]}`).join(',');
}

/** The config as seen from another checkout of the same repository (the base work tree). */
function configAt(config: CarveConfig, workspace: string, root: string): CarveConfig {
  return { ...config, baseDir: path.join(root, path.relative(workspace, config.baseDir)) };
}

export async function carvePullRequest(input: PrCarvingInput): Promise<PrCarving> {
  const log = input.log ?? (() => undefined);
  const out: PrCarving = { frontiers: [], findings: [], skipped: [], diagnostics: [], variantsCarved: 0, plots: {} };
  const names = Object.keys(input.config.spaces);
  if (!names.length) return out;
  const touched = touchedSpaces(input);
  for (const name of names) {
    if (!touched.has(name)) out.skipped.push({ space: name, reason: 'the change touches neither its source nor a header it includes' });
  }
  let budget = input.maxVariants;
  for (const [name, reasons] of touched) {
    const space = input.config.spaces[name];
    const size = enumerateSpace(name, space, input.config.defines, undefined, input.config.carving.maxSpaceSize).variants.length;
    const needed = size * input.archs.length * (input.baseRoot ? 2 : 1);
    if (needed > budget) {
      out.skipped.push({
        space: name,
        reason: `carving it needs ${needed} variant builds (${size} variants x ${input.archs.length} arch(s) x ${input.baseRoot ? 'base and head' : 'head'}), over the remaining budget of ${budget} (\`carving.maxVariantsPerPr\`)`,
      });
      continue;
    }
    const source = spaceSource(input.config, space, input.workspace);
    // A space whose source exists on one side only is reported as removed (here) or added (its
    // frontier has no base side), not compared.
    if (!input.headFiles.includes(source)) {
      out.skipped.push({ space: name, reason: `removed: its source ${source} does not exist on head` });
      continue;
    }
    budget -= needed;
    const current = currentId(space);
    const baseConfig = input.baseRoot ? configAt(input.config, input.workspace, input.baseRoot) : null;
    for (const arch of input.archs) {
      log(`carving ${name} for ${arch} (touched by ${reasons.join(', ')})`);
      const head = await carveSpace({ config: input.config, spaceName: name, arch, cacheDir: input.cacheDir, root: input.workspace });
      const baseExists = input.baseRoot !== null && input.baseFiles.includes(source);
      const base =
        baseConfig && baseExists
          ? await carveSpace({ config: baseConfig, spaceName: name, arch, cacheDir: input.cacheDir, root: input.baseRoot! })
          : null;
      out.variantsCarved += head.shard.metrics.length + (base?.shard.metrics.length ?? 0);
      const sideDiagnostics = (run: typeof head, side: 'base' | 'head') =>
        run.diagnostics
          .filter((d) => d.severity === 'error')
          .map((d) => ({ ...d, message: `space ${name} (${side}, ${arch}): ${d.message}`, file: d.file ?? source }));
      out.diagnostics.push(...sideDiagnostics(head, 'head'), ...(base ? sideDiagnostics(base, 'base') : []));
      const headBuilds = head.builds.filter((b) => b.ok).length;
      if (head.builds.length > 0 && headBuilds === 0) {
        const failed = head.builds.find((b) => !b.ok);
        const line = failed?.diagnostics.find((d) => d.severity === 'error' && d.line)?.line ?? null;
        out.findings.push({
          kind: 'build',
          severity: 'failure',
          kernel: space.kernel,
          displayName: space.kernel,
          arch,
          file: source,
          line,
          title: `space ${name}: no variant builds on head (${head.builds.length} failed)`,
          message: `Every variant of space ${name} fails to build on head; the first error: ${failed?.error ?? 'unknown'}`,
          evidence: { space: name, variants: head.builds.length, built: 0 },
          remedy: 'Fix the compile error; until then the space cannot be carved or tuned.',
        });
      }
      const comparison = compareFrontiers(name, arch, base?.result ?? null, head.result, current);
      // The head side's notes and warnings go with its frontier: a ranking on assumed loop counts says so on the PR.
      const caveats = head.diagnostics.filter((d) => d.severity !== 'error').map((d) => d.message);
      if (caveats.length) comparison.caveats = caveats;
      for (const [side, run] of [
        ['base', base],
        ['head', head],
      ] as const) {
        if (!run?.result) continue;
        const file = plotFileName(name, arch, side);
        out.plots[file] = renderCarveSvg(run.result);
        comparison.plots.push(file);
      }
      if (input.timingDir && base && comparison.base && comparison.head && comparison.head.survivors.length) {
        log(`timing ${name} for ${arch}: base and head survivors, ${TIMING_ROUNDS} interleaved rounds`);
        const timed = await timeFrontier({
          space: name,
          kernel: space.kernel,
          arch,
          file: source,
          base: { builds: base.builds, survivors: comparison.base.survivors },
          head: { builds: head.builds, survivors: comparison.head.survivors },
          currentId: current,
          timing: input.config.timing,
          thresholds: input.config.thresholds,
          rounds: TIMING_ROUNDS,
          workDir: path.join(input.timingDir, `${name}-${arch}`),
        });
        comparison.timing = timed.timing;
        out.findings.push(...timed.findings);
        out.diagnostics.push(...timed.diagnostics.map((d) => ({ ...d, message: `space ${name} (${arch}) timing: ${d.message}` })));
      }
      out.frontiers.push(comparison);
      out.findings.push(...frontierFindings(comparison, source, space.kernel));
    }
  }
  return out;
}

export interface RevisionCarvingInput {
  repoRoot: string;
  baseRevision: string;
  headRevision: string;
  config: CarveConfig;
  archs: string[];
  cacheDir: string;
  scratchDir: string;
  /** Time both sides' survivors (interleaved) on this machine's GPU. */
  time?: boolean;
  log?: (message: string) => void;
  /** Checkouts shared with the command's other steps (the revisions' reports): each commit checked out once. */
  checkouts?: Checkouts;
}

/**
 * `carve compare BASE HEAD` of two revisions: the touched spaces carved at both, like the
 * gate does on a pull request. Both revisions are checked out in temporary worktrees; the
 * config (loaded from the working directory) is read relative to each of them.
 */
export async function carveRevisions(input: RevisionCarvingInput): Promise<PrCarving & { note: string | null }> {
  const names = Object.keys(input.config.spaces);
  const skipAll = (note: string) => ({
    frontiers: [],
    findings: [],
    diagnostics: [],
    variantsCarved: 0,
    plots: {},
    skipped: names.map((space) => ({ space, reason: note })),
    note,
  });
  if (input.config.carving.maxVariantsPerPr === 0) return skipAll('carving on pull requests is off (`carving.maxVariantsPerPr: 0`)');
  const commitOf = async (revision: string) => (await git(['rev-parse', '--verify', `${revision}^{commit}`], input.repoRoot)).trim();
  const baseCommit = await commitOf(input.baseRevision);
  const headCommit = await commitOf(input.headRevision);
  const range = await findChanges(input.repoRoot, baseCommit, headCommit);
  const changed = changedUnderBothNames(range.changed);
  if (!range.changed.some((c) => isCudaRelevant(c.path) || (c.oldPath !== null && isCudaRelevant(c.oldPath)))) {
    return skipAll('no CUDA file changed: no space was carved');
  }
  const work = mkdtempSync(path.join(input.scratchDir, 'carve-spaces-'));
  const shared = input.checkouts;
  let headTree = path.join(work, 'head');
  let baseTree = path.join(work, 'base');
  try {
    if (shared) {
      headTree = await shared.tree(input.repoRoot, headCommit);
      baseTree = await shared.tree(input.repoRoot, range.from);
    } else {
      await addWorktree(input.repoRoot, headCommit, headTree);
      await addWorktree(input.repoRoot, range.from, baseTree);
    }
    const result = await carvePullRequest({
      config: configAt(input.config, input.repoRoot, headTree),
      workspace: headTree,
      baseRoot: baseTree,
      headFiles: await filesAt(input.repoRoot, headCommit),
      baseFiles: await filesAt(input.repoRoot, range.from),
      changed,
      archs: input.archs,
      cacheDir: input.cacheDir,
      maxVariants: input.config.carving.maxVariantsPerPr,
      log: input.log,
      timingDir: input.time ? path.join(work, 'timing') : null,
    });
    return { ...result, note: null };
  } finally {
    if (!shared) {
      await removeWorktree(input.repoRoot, headTree);
      await removeWorktree(input.repoRoot, baseTree);
    }
    rmSync(work, { recursive: true, force: true });
  }
}
