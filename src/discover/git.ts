// The git operations the gate needs: merge base, changed files, a worktree of the base
// side. They run git as a subprocess; everything that interprets their output is pure.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { childEnv } from '../toolchain/child-env.js';

const execFileAsync = promisify(execFile);

export class GitError extends Error {}

export async function git(args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await execFileAsync('git', args, { cwd, maxBuffer: 64 * 1024 * 1024, env: childEnv(), timeout: 10 * 60 * 1000 });
    return stdout;
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    throw new GitError(`git ${args.join(' ')}: ${stderr || (error as Error).message}`);
  }
}

export async function commitExists(cwd: string, sha: string): Promise<boolean> {
  try {
    await git(['cat-file', '-e', `${sha}^{commit}`], cwd);
    return true;
  } catch {
    return false;
  }
}

/** The merge base of two commits, or null when history is too shallow to find it. */
export async function mergeBase(cwd: string, base: string, head: string): Promise<string | null> {
  try {
    return (await git(['merge-base', base, head], cwd)).trim() || null;
  } catch {
    return null;
  }
}

/** Tries to fetch a commit missing from a shallow checkout (actions/checkout's depth 1). */
export async function fetchCommit(cwd: string, sha: string): Promise<boolean> {
  try {
    await git(['fetch', '--no-tags', '--depth=1', 'origin', sha], cwd);
    return true;
  } catch {
    return false;
  }
}

export interface ChangedFile {
  path: string;
  status: 'added' | 'modified' | 'deleted' | 'renamed' | 'other';
  /** The path on the base side, for renames. */
  oldPath: string | null;
}

export async function changedFiles(cwd: string, from: string, to: string): Promise<ChangedFile[]> {
  return parseNameStatus(await git(['diff', '--name-status', '-z', '-M', from, to], cwd));
}

/** Pure: `git diff --name-status -z` output. */
export function parseNameStatus(text: string): ChangedFile[] {
  const fields = text.split('\0').filter((f) => f.length);
  const out: ChangedFile[] = [];
  for (let i = 0; i < fields.length; ) {
    const code = fields[i++];
    if (code.startsWith('R') || code.startsWith('C')) {
      const oldPath = fields[i++];
      const path = fields[i++];
      out.push({ path, status: code.startsWith('R') ? 'renamed' : 'added', oldPath });
    } else {
      const path = fields[i++];
      const status = code === 'A' ? 'added' : code === 'M' ? 'modified' : code === 'D' ? 'deleted' : 'other';
      out.push({ path, status, oldPath: null });
    }
  }
  return out;
}

/** Files tracked at a commit (repository-relative, forward slashes). */
export async function filesAt(cwd: string, commit: string): Promise<string[]> {
  return (await git(['ls-tree', '-r', '-z', '--name-only', commit], cwd)).split('\0').filter((f) => f.length);
}

/** A detached worktree of `commit` at `dir` (the base side is built there). */
export async function addWorktree(cwd: string, commit: string, dir: string): Promise<void> {
  await git(['worktree', 'add', '--detach', '--force', dir, commit], cwd);
}

export async function removeWorktree(cwd: string, dir: string): Promise<void> {
  try {
    await git(['worktree', 'remove', '--force', dir], cwd);
  } catch {
    // Already gone; prune keeps git's bookkeeping clean.
    await git(['worktree', 'prune'], cwd).catch(() => undefined);
  }
}
