// The git operations the gate needs: merge base, changed files, a worktree of the base
// side. They run git as a subprocess; everything that interprets their output is pure.
import { execFile, execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { onInterrupt } from './interrupt.js';
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
  for (let i = 0; i < fields.length;) {
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
const interruptCleanups = new Map<string, () => void>();

export async function addWorktree(cwd: string, commit: string, dir: string): Promise<void> {
  interruptCleanups.set(
    dir,
    onInterrupt(() => removeWorktreeSync(cwd, dir)),
  );
  await git(['worktree', 'prune'], cwd).catch(() => undefined); // stale entries of killed runs
  await git(['worktree', 'add', '--detach', '--force', dir, commit], cwd);
}

/** For the signal handler: removes the worktree and its registration without awaiting. */
export function removeWorktreeSync(cwd: string, dir: string): void {
  const options = { cwd, stdio: 'ignore' as const, env: childEnv(), timeout: 30_000 };
  try {
    execFileSync('git', ['worktree', 'remove', '--force', dir], options);
  } catch {
    rmSync(dir, { recursive: true, force: true });
    try {
      execFileSync('git', ['worktree', 'prune'], options);
    } catch {
      // nothing more to do while exiting
    }
  }
}

export async function removeWorktree(cwd: string, dir: string): Promise<void> {
  interruptCleanups.get(dir)?.();
  interruptCleanups.delete(dir);
  try {
    await git(['worktree', 'remove', '--force', dir], cwd);
  } catch {
    // Already gone; prune keeps git's bookkeeping clean.
    await git(['worktree', 'prune'], cwd).catch(() => undefined);
  }
}
