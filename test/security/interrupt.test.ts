// SIGTERM / SIGINT during a run: the temporary worktree and scratch folder are removed and
// git's worktree list is clean (a real child process, a real signal).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFixtureRepo } from '../helpers/fixture-repo.js';

const repo = createFixtureRepo('carve-interrupt-');
const scratch = mkdtempSync(path.join(tmpdir(), 'carve-interrupt-scratch-'));
const commit = repo.commitFiles({ 'a.cu': '__global__ void a() {}\n' }, 'one');
afterAll(() => {
  repo.remove();
  rmSync(scratch, { recursive: true, force: true });
});

const CHILD = `
import { addWorktree } from './src/discover/git.ts';
import { onInterrupt } from './src/discover/interrupt.ts';
import { mkdirSync, rmSync } from 'node:fs';
const [repo, commit, scratch] = process.argv.slice(-3);
mkdirSync(scratch + '/work', { recursive: true });
onInterrupt(() => rmSync(scratch + '/work', { recursive: true, force: true }));
await addWorktree(repo, commit, scratch + '/work/base');
console.log('ready');
setInterval(() => undefined, 1000);
`;

describe('interrupted runs', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} removes the worktree and the scratch folder`, async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD, repo.dir, commit, scratch], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve) => child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve()));
      expect(repo.git('worktree', 'list').split('\n')).toHaveLength(2);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill(signal);
      expect(await exited).toBe(signal === 'SIGTERM' ? 143 : 130);
      expect(repo.git('worktree', 'list').split('\n')).toHaveLength(1);
      expect(existsSync(path.join(scratch, 'work'))).toBe(false);
    }, 60_000);
  }
});
