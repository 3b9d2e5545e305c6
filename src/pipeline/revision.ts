// A whole Carve report of one git revision (every unit matching `sources`, or the committed
// artifacts), built in a temporary worktree. For the CLI: `carve compare main HEAD` can
// resolve revisions with this where it would otherwise read report files.
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { findNvcc } from '../toolchain/index.js';
import { addWorktree, filesAt, git, isCudaRelevant, removeWorktree } from '../discover/index.js';
import type { CarveConfig } from '../config/types.js';
import type { CarveReport, Diagnostic } from '../model/types.js';
import { readArtifactSide } from './artifacts.js';
import { compileSide } from './compile.js';
import { pathMapper } from './paths.js';
import type { Checkouts } from './checkouts.js';

export interface RevisionReportOptions {
  repoRoot: string;
  /** Any git revision (branch, tag, SHA, HEAD~2). */
  revision: string;
  side: 'base' | 'head';
  config: CarveConfig;
  archs: string[];
  /** 'none' reads `artifacts` instead of building. */
  nvcc: string | null;
  artifacts: string[];
  scratchDir: string;
  log?: (message: string) => void;
  /** nvcc builds in flight at once (default: CARVE_JOBS, else one per core). */
  jobs?: number;
  /** Checkouts shared with the command's other steps (kept after this call); else a worktree of its own. */
  checkouts?: Checkouts;
}

export async function reportAtRevision(options: RevisionReportOptions): Promise<{ report: CarveReport | null; diagnostics: Diagnostic[] }> {
  let commit: string;
  try {
    commit = (await git(['rev-parse', '--verify', `${options.revision}^{commit}`], options.repoRoot)).trim();
  } catch (error) {
    return {
      report: null,
      diagnostics: [
        {
          severity: 'error',
          stage: 'build',
          message: `'${options.revision}' is not a commit of ${options.repoRoot}: ${(error as Error).message}`,
        },
      ],
    };
  }
  const work = mkdtempSync(path.join(options.scratchDir, `carve-${options.side}-`));
  const shared = options.checkouts;
  let tree = path.join(work, 'tree');
  try {
    if (shared) tree = await shared.tree(options.repoRoot, commit);
    else await addWorktree(options.repoRoot, commit, tree);
    const files = await filesAt(options.repoRoot, commit);
    const mapper = pathMapper(tree, files);
    const nvcc = options.nvcc === 'none' ? null : await findNvcc(options.nvcc ?? undefined);
    if (!nvcc) {
      if (!options.artifacts.length) {
        return {
          report: null,
          diagnostics: [{ severity: 'error', stage: 'build', message: 'no nvcc and no `artifacts` configured: nothing to analyse' }],
        };
      }
      const { artifactFiles: _files, ...report } = readArtifactSide({
        side: options.side,
        root: tree,
        commit,
        patterns: options.artifacts,
        archs: options.archs,
        config: options.config,
        mapper,
      });
      return { report, diagnostics: [] };
    }
    const units = files.filter((file) => isCudaRelevant(file) && picomatch.isMatch(file, options.config.sources));
    const report = await compileSide({
      side: options.side,
      root: tree,
      commit,
      units,
      archs: options.archs,
      config: options.config,
      nvcc: nvcc.path,
      outDir: path.join(work, 'build'),
      mapper,
      log: options.log,
      jobs: options.jobs,
    });
    return { report, diagnostics: [] };
  } finally {
    if (!shared) await removeWorktree(options.repoRoot, tree);
    rmSync(work, { recursive: true, force: true });
  }
}
