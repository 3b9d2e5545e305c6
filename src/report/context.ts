// Where rendered output links to: the repository, the head commit, the full report, and
// the local checkout root that report paths are made relative to.
import type { Finding, FindingKind } from '../model/types.js';

export interface RenderContext {
  /** e.g. "https://github.com" (GITHUB_SERVER_URL). */
  serverUrl?: string;
  /** "owner/repo" (GITHUB_REPOSITORY); null leaves source locations unlinked. */
  repository?: string | null;
  /** Head commit the links point at. */
  sha?: string | null;
  baseSha?: string | null;
  /** Finding kinds that fail the check (config failOn / --fail-on). */
  failOn: readonly string[];
  /** Where the full report lives (artifact or run URL); linked when the comment is truncated. */
  fullReportUrl?: string | null;
  /** Absolute path of the checkout; report paths under it become repository-relative. */
  repoRoot?: string | null;
  /** Character budget; GitHub's comment limit by default. */
  maxLength?: number;
  /** Errors of the run itself (config, build, no base): the verdict is a failure whatever the findings. */
  runErrors?: number;
  /** Markdown of the run's errors and warnings, shown right after the verdict. */
  problems?: string;
}

export const GITHUB_COMMENT_LIMIT = 65_536;

/** A report path as a repository-relative path, or null when it lies outside the checkout. */
export function repoPath(file: string | null, repoRoot?: string | null): string | null {
  if (!file) return null;
  const normalized = file.replace(/\\/g, '/');
  if (!normalized.startsWith('/')) return normalized.replace(/^\.\//, '');
  if (!repoRoot) return null;
  const root = repoRoot.replace(/\\/g, '/').replace(/\/+$/, '') + '/';
  return normalized.startsWith(root) ? normalized.slice(root.length) : null;
}

/** Link to a line at the head commit, or null when there is nothing to link. */
export function lineUrl(context: RenderContext, file: string | null, line: number | null): string | null {
  const path = repoPath(file, context.repoRoot);
  if (!path || !context.repository || !context.sha) return null;
  const server = (context.serverUrl ?? 'https://github.com').replace(/\/+$/, '');
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return `${server}/${context.repository}/blob/${context.sha}/${encoded}${line !== null ? `#L${line}` : ''}`;
}

/** A finding fails the check when its kind is in fail-on, unless it is only a notice. */
export function isFailing(finding: Finding, failOn: readonly string[]): boolean {
  return finding.severity !== 'notice' && failOn.includes(finding.kind);
}

/** The check-run / annotation level of a finding: failure for fail-on kinds, else its own weight; a notice never fails. */
export function levelOf(finding: Finding, failOn: readonly string[]): 'failure' | 'warning' | 'notice' {
  if (finding.severity === 'notice') return 'notice';
  return isFailing(finding, failOn) ? 'failure' : 'warning';
}

export const KIND_DESCRIPTIONS: Record<FindingKind, string> = {
  cliff: 'Occupancy dropped, or the kernel is a few registers / bytes of shared memory away from losing a block per SM',
  uncoalesced: 'New or worse strided / uncoalesced global memory access (more 32-byte sectors per request than ideal)',
  'bank-conflict': 'New or worse shared-memory bank conflicts',
  spill: 'Register spills to local memory appeared or grew',
  registers: 'Registers per thread grew beyond the threshold',
  shared: 'Shared memory per block grew beyond the threshold',
  instructions: 'Dynamic instructions per thread grew beyond the threshold',
  divergence: 'New thread-divergent branch inside a loop',
  regression: 'Timing regression (statistically significant and above the practical threshold)',
  build: 'A kernel or file failed to build or parse',
  frontier: "A touched space's carving frontier moved: the configuration in use fell off it, or the predicted best changed",
};

export const FINDING_KINDS = Object.keys(KIND_DESCRIPTIONS) as FindingKind[];
