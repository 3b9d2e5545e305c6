// Trusted ground for the gate. A pull request's head is data: what decides which programs run
// (nvcc.path, nvcc.flags, include, timing.command) is taken from the config on the base
// commit, never from the head's .github/carve.yml. Timing runs head code on the GPU runner, so
// for a pull request from another repository it needs a maintainer's approval of that exact
// head commit: a comment `/carve approve <sha>` (12 to 40 hex digits of the head SHA) by a user
// whose permission on the repository is write, maintain or admin. A new push changes the SHA,
// so an approval never carries over to code nobody has read.
import path from 'node:path';
import { parseConfigText } from '../config/load.js';
import type { CarveConfig } from '../config/types.js';
import { git } from '../discover/git.js';
import { describeApiError, type GitHubClient } from '../github/index.js';
import type { Diagnostic } from '../model/types.js';

/** The config fields that choose what executes. */
export const EXECUTING_FIELDS = ['nvcc.path', 'nvcc.flags', 'include', 'timing.command'] as const;

/** The config as the base commit has it (defaults where the base has none); null when git cannot read the base. */
export async function baseConfig(
  workspace: string,
  configPath: string,
  baseSha: string,
): Promise<{ config: CarveConfig; diagnostics: Diagnostic[] } | null> {
  const relative = path.relative(workspace, configPath).split(path.sep).join('/');
  let text = '{}';
  try {
    const listed = await git(['ls-tree', '--name-only', baseSha, '--', relative], workspace);
    if (listed.trim()) text = await git(['show', `${baseSha}:${relative}`], workspace);
  } catch {
    return null;
  }
  const parsed = parseConfigText(text, `${relative}@${baseSha.slice(0, 12)}`, path.dirname(configPath));
  return { config: parsed.config, diagnostics: parsed.diagnostics };
}

/** Pure: head's config with the executing fields replaced by base's; a note for each field the head changed. */
export function withTrustedFields(head: CarveConfig, base: CarveConfig): { config: CarveConfig; ignored: string[] } {
  const ignored: string[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  if (!same(head.nvcc.path, base.nvcc.path)) ignored.push('nvcc.path');
  if (!same(head.nvcc.flags, base.nvcc.flags)) ignored.push('nvcc.flags');
  if (!same(head.include, base.include)) ignored.push('include');
  if (!same(head.timing.command, base.timing.command)) ignored.push('timing.command');
  const config: CarveConfig = {
    ...head,
    include: [...base.include],
    nvcc: { ...head.nvcc, flags: [...base.nvcc.flags], path: base.nvcc.path },
    timing: { ...head.timing, command: base.timing.command },
  };
  if (base.nvcc.path === undefined) delete config.nvcc.path;
  if (base.timing.command === undefined) delete config.timing.command;
  return { config, ignored };
}

export const APPROVAL = /^\s*\/carve approve ([0-9a-f]{12,40})\s*$/im;
const WRITERS = new Set(['admin', 'maintain', 'write']);

/**
 * Who approved running `headSha` (a comment `/carve approve <sha>` by a writer), or null with
 * the reason. Comments by users without write permission, or naming another commit, do not count.
 */
export async function timingApproval(
  client: GitHubClient,
  ref: { owner: string; repo: string },
  pullRequest: number,
  headSha: string,
): Promise<{ approvedBy: string | null; reason: string }> {
  let comments: Array<{ body?: string; user?: { login?: string } | null }>;
  try {
    comments = await client.paginate(client.rest.issues.listComments, { ...ref, issue_number: pullRequest, per_page: 100 });
  } catch (error) {
    return { approvedBy: null, reason: `could not read the pull request's comments: ${describeApiError(error)}` };
  }
  const candidates = comments
    .map((c) => ({ login: c.user?.login ?? '', sha: APPROVAL.exec(c.body ?? '')?.[1] }))
    .filter((c) => c.login && c.sha && headSha.toLowerCase().startsWith(c.sha));
  for (const candidate of candidates) {
    try {
      const { data } = await client.rest.repos.getCollaboratorPermissionLevel({ ...ref, username: candidate.login });
      if (WRITERS.has(data.permission))
        return { approvedBy: candidate.login, reason: `approved by @${candidate.login} for ${headSha.slice(0, 12)}` };
    } catch {
      // Not a collaborator: not an approval.
    }
  }
  return {
    approvedBy: null,
    reason: `no \`/carve approve ${headSha.slice(0, 12)}\` comment by a user with write access to the repository`,
  };
}
