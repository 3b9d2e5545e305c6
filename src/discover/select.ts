// Which translation units a pull request touches: the changed CUDA sources and headers
// (git diff merge-base..head), then every unit matching `sources` whose include closure
// reaches one of them, on either side (a header dropped on head still selects its units).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import type { Diagnostic } from '../model/types.js';
import { buildIncludeGraph, unitsReaching } from './includes.js';
import { changedFiles, commitExists, fetchCommit, mergeBase, type ChangedFile } from './git.js';

/** Extensions whose change can alter a kernel. */
export const CUDA_EXTENSIONS = ['.cu', '.cuh', '.h', '.hpp', '.hh', '.hxx', '.inl', '.inc'];

export function isCudaRelevant(file: string): boolean {
  return CUDA_EXTENSIONS.includes(path.extname(file).toLowerCase());
}

export interface ChangeRange {
  /** The commit the diff starts from: the merge base, else the PR base commit. */
  from: string;
  mergeBase: string | null;
  changed: ChangedFile[];
  diagnostics: Diagnostic[];
}

/** The merge base of base and head and the files changed since; fetches a shallow base once. */
export async function findChanges(repoRoot: string, baseSha: string, headSha: string): Promise<ChangeRange> {
  const diagnostics: Diagnostic[] = [];
  if (!(await commitExists(repoRoot, baseSha))) await fetchCommit(repoRoot, baseSha);
  if (!(await commitExists(repoRoot, baseSha))) {
    throw new Error(
      `the base commit ${baseSha} is not in the checkout and could not be fetched (use actions/checkout with fetch-depth: 0)`,
    );
  }
  const base = await mergeBase(repoRoot, baseSha, headSha);
  if (!base) {
    diagnostics.push({
      severity: 'warning',
      stage: 'github',
      message: `no merge base of ${baseSha.slice(0, 12)} and ${headSha.slice(0, 12)} (shallow clone?); comparing against the PR base commit instead. Use actions/checkout with fetch-depth: 0.`,
    });
  }
  const from = base ?? baseSha;
  return { from, mergeBase: base, changed: await changedFiles(repoRoot, from, headSha), diagnostics };
}

export interface UnitSelection {
  /** Repository-relative unit -> the changed files that selected it. */
  units: Map<string, string[]>;
  /** Units that exist on the head side only (new files): their report is head-only. */
  headOnly: string[];
  /** Units deleted on head (their kernels are reported as removed). */
  baseOnly: string[];
}

export interface SelectInput {
  /** Files tracked on each side, repository-relative. */
  headFiles: readonly string[];
  baseFiles: readonly string[];
  readHead: (file: string) => string | null;
  readBase: (file: string) => string | null;
  sources: readonly string[];
  includeDirs: readonly string[];
  changed: readonly ChangedFile[];
}

/** Pure given the readers: the units to build on each side. */
export function selectUnits(input: SelectInput): UnitSelection {
  const isSource = picomatch([...input.sources], { dot: false });
  const changedPaths = input.changed.flatMap((c) => [c.path, ...(c.oldPath ? [c.oldPath] : [])]).filter(isCudaRelevant);
  const units = new Map<string, string[]>();
  const sides = [
    { files: input.headFiles, read: input.readHead },
    { files: input.baseFiles, read: input.readBase },
  ];
  for (const side of sides) {
    const cudaFiles = side.files.filter(isCudaRelevant);
    const graph = buildIncludeGraph(cudaFiles, side.read, input.includeDirs);
    const candidates = cudaFiles.filter((f) => isSource(f));
    for (const [unit, reasons] of unitsReaching(graph, candidates, changedPaths)) {
      units.set(unit, [...new Set([...(units.get(unit) ?? []), ...reasons])]);
    }
  }
  const headSet = new Set(input.headFiles);
  const baseSet = new Set(input.baseFiles);
  const selected = [...units.keys()].sort();
  return {
    units: new Map(selected.map((u) => [u, units.get(u)!])),
    headOnly: selected.filter((u) => headSet.has(u) && !baseSet.has(u)),
    baseOnly: selected.filter((u) => baseSet.has(u) && !headSet.has(u)),
  };
}

/** Reads a repository-relative file under a checkout root; null when absent. */
export function fileReader(root: string): (file: string) => string | null {
  return (file) => {
    const full = path.join(root, file);
    return existsSync(full) ? readFileSync(full, 'utf8') : null;
  };
}
