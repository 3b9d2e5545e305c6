// Temporary git repositories for the gate tests: a base commit with the fixture kernels of
// test/fixtures/action/base, and head commits on a branch, like a pull request.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ACTION_FIXTURES = path.resolve(import.meta.dirname, '../fixtures/action');

export interface FixtureRepo {
  dir: string;
  git(...args: string[]): string;
  /** Replaces the tree's content under `subdir` with a fixture side (base or head) and commits. */
  commitSide(side: 'base' | 'head', message: string, options?: { withArtifacts?: boolean }): string;
  /** Writes files (path -> content; null deletes) and commits. */
  commitFiles(files: Record<string, string | null>, message: string): string;
  remove(): void;
}

export function createFixtureRepo(prefix = 'carve-repo-'): FixtureRepo {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'carve@example.com');
  git('config', 'user.name', 'Carve Test');
  git('config', 'commit.gpgsign', 'false');
  const commit = (message: string) => {
    git('add', '-A');
    git('commit', '-q', '--allow-empty', '-m', message);
    return git('rev-parse', 'HEAD');
  };
  return {
    dir,
    git,
    commitSide(side, message, options = {}) {
      rmSync(path.join(dir, 'kernels'), { recursive: true, force: true });
      rmSync(path.join(dir, 'artifacts'), { recursive: true, force: true });
      cpSync(path.join(ACTION_FIXTURES, side, 'kernels'), path.join(dir, 'kernels'), { recursive: true });
      if (options.withArtifacts) cpSync(path.join(ACTION_FIXTURES, side, 'artifacts'), path.join(dir, 'artifacts'), { recursive: true });
      return commit(message);
    },
    commitFiles(files, message) {
      for (const [file, content] of Object.entries(files)) {
        const full = path.join(dir, file);
        if (content === null) rmSync(full, { force: true });
        else {
          mkdirSync(path.dirname(full), { recursive: true });
          writeFileSync(full, content);
        }
      }
      return commit(message);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
