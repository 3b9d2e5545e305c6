// Inputs and outputs of the gate engine. Independent of @actions/core: the Action adapter
// and the CLI both fill GateOptions and consume GateResult.
import type { CarveConfig } from '../config/types.js';
import type { CarveReport, Comparison, Diagnostic } from '../model/types.js';
import type { CheckAnnotation } from '../report/index.js';
import type { TimingComparisonInput } from '../analysis/compare/index.js';

export type CommentPolicy = 'always' | 'changes' | 'failures' | 'never';

export interface GateOptions {
  /** The head checkout: a git work tree. */
  workspace: string;
  config: CarveConfig;
  /** Problems with the config or the inputs; any error fails the gate and is posted. */
  inputDiagnostics: Diagnostic[];
  archs: string[];
  failOn: string[];
  comment: CommentPolicy;
  /** nvcc executable hint (input or config); null: PATH, then /usr/local/cuda/bin. */
  nvcc: string | null;
  /** Globs of committed artifacts read when nvcc is absent. */
  artifacts: string[];
  /** The pull request's base and head commits; null analyses the head alone (push, report). */
  pullRequest: { baseSha: string; headSha: string } | null;
  /** The commit links and the check run point at. */
  headSha: string | null;
  /** 'changes': the units a PR touches; 'all': every unit matching `sources`. */
  scope: 'changes' | 'all';
  /** Scratch space for builds and the base worktree; removed by the caller. */
  scratchDir: string;
  render?: { serverUrl?: string; repository?: string | null; fullReportUrl?: string | null; checkName?: string };
  /** Timing comparisons measured elsewhere (carve time --compare). */
  timing?: TimingComparisonInput[];
  /** Run the config's timing.command on both sides and test for regressions. */
  timingOn?: boolean;
  /** Run notes from the caller (config and event), shown first in the run details. */
  notes?: string[];
  /** Build cache for carving the touched spaces (default: .carve-cache in the workspace). */
  carvingCacheDir?: string;
  log?: (message: string) => void;
  /** nvcc builds in flight at once, both sides together (default: CARVE_JOBS, else one per core). */
  jobs?: number;
}

export interface GateResult {
  /** Where the kernels came from. */
  source: 'compile' | 'artifacts' | 'none';
  nvcc: { path: string; version: string } | null;
  mergeBase: string | null;
  /** The commit the base side was taken from (merge base, else PR base). */
  baseCommit: string | null;
  changedFiles: string[];
  /** Repository-relative translation units built, with the changed files that selected each. */
  units: Array<{ unit: string; reasons: string[]; side: 'both' | 'head' | 'base' }>;
  base: CarveReport | null;
  head: CarveReport;
  comparison: Comparison;
  conclusion: 'success' | 'failure';
  /** Why the conclusion is what it is, one line. */
  conclusionReason: string;
  findings: number;
  failingFindings: number;
  regressions: number;
  /** The sticky comment (marker included) and whether the policy asks to post it. */
  comment: string;
  postComment: boolean;
  summary: string;
  annotations: CheckAnnotation[];
  sarif: Record<string, unknown>;
  /** More files for the report directory (file name -> text): the carving scatter plots. */
  extraFiles?: Record<string, string>;
  /** Config, input, git and build problems not tied to a kernel. */
  diagnostics: Diagnostic[];
  notes: string[];
}
