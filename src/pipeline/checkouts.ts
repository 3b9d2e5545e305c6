// Checkouts of commits shared by the steps of one command: `carve compare REV REV` builds each
// revision's report and then carves the touched spaces at both revisions; with one Checkouts
// each commit is checked out once (a git worktree) and removed when the command ends.
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { addWorktree, removeWorktree } from '../discover/index.js';

export class Checkouts {
  private readonly trees = new Map<string, Promise<string>>();
  /** Work tree -> the repository it belongs to. */
  private readonly repositories = new Map<string, string>();
  private root: string | null = null;

  constructor(private readonly scratchDir: string) {}

  /** The work tree of `commit` (a full SHA) of the repository at `repoRoot`, checked out on first use. */
  tree(repoRoot: string, commit: string): Promise<string> {
    const key = `${repoRoot}\0${commit}`;
    let tree = this.trees.get(key);
    if (tree === undefined) {
      this.root ??= mkdtempSync(path.join(this.scratchDir, 'carve-checkouts-'));
      const dir = path.join(this.root, String(this.trees.size));
      this.repositories.set(dir, repoRoot);
      tree = addWorktree(repoRoot, commit, dir).then(() => dir);
      this.trees.set(key, tree);
    }
    return tree;
  }

  /** Removes every work tree and the scratch folder. */
  async dispose(): Promise<void> {
    for (const [dir, repoRoot] of this.repositories) await removeWorktree(repoRoot, dir);
    this.repositories.clear();
    this.trees.clear();
    if (this.root) rmSync(this.root, { recursive: true, force: true });
    this.root = null;
  }
}
