// A report of a git revision, built in a temporary worktree: what `carve compare REV REV` needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultConfig } from '../../src/config/load.js';
import { Checkouts, reportAtRevision } from '../../src/pipeline/index.js';
import { createFixtureRepo, type FixtureRepo } from '../helpers/fixture-repo.js';

describe('reportAtRevision', () => {
  let repo: FixtureRepo;
  beforeAll(() => {
    repo = createFixtureRepo();
    repo.commitSide('base', 'base', { withArtifacts: true });
    repo.commitSide('head', 'head', { withArtifacts: true });
  });
  afterAll(() => repo.remove());
  const options = (revision: string) => ({
    repoRoot: repo.dir,
    revision,
    side: 'base' as const,
    config: defaultConfig(repo.dir),
    archs: ['sm_90'],
    nvcc: 'none',
    artifacts: ['artifacts/*'],
    scratchDir: mkdtempSync(path.join(tmpdir(), 'carve-rev-')),
  });

  it('reads the artifacts of an older revision, with repository paths and launch bounds, and leaves no worktree', async () => {
    const { report, diagnostics } = await reportAtRevision(options('HEAD~1'));
    expect(diagnostics).toEqual([]);
    const pressure = report!.kernels.find((k) => k.name === '_Z8pressurePKfPfi')!;
    expect(pressure).toMatchObject({ file: 'kernels/pressure.cu', resources: { registers: 64, maxThreadsPerBlock: 256 } });
    expect(report!.commit).toBe(repo.git('rev-parse', 'HEAD~1'));
    expect(report!.kernels.map((k) => k.name).sort()).toEqual(['_Z5scalePKfPffi', '_Z8pressurePKfPfi', '_Z9block_sumPKfPf']);
    expect(repo.git('worktree', 'list').split('\n')).toHaveLength(1);
  });

  it('with shared checkouts, checks a commit out once for every step and removes it at the end', async () => {
    const checkouts = new Checkouts(mkdtempSync(path.join(tmpdir(), 'carve-checkouts-test-')));
    const commit = repo.git('rev-parse', 'HEAD~1');
    const first = await reportAtRevision({ ...options('HEAD~1'), checkouts });
    const second = await reportAtRevision({ ...options(commit), checkouts });
    expect(second.report).toEqual(first.report);
    expect(first.report!.kernels).toHaveLength(3);
    // The repository's own work tree and one checkout of HEAD~1, kept between the steps.
    const trees = repo
      .git('worktree', 'list', '--porcelain')
      .split('\n')
      .filter((line) => line.startsWith('worktree '));
    expect(trees).toHaveLength(2);
    expect(await checkouts.tree(repo.dir, commit)).toBe(trees[1].slice('worktree '.length));
    await checkouts.dispose();
    expect(repo.git('worktree', 'list').split('\n')).toHaveLength(1);
  });

  it('reports a revision that does not exist', async () => {
    const { report, diagnostics } = await reportAtRevision(options('no-such-branch'));
    expect(report).toBeNull();
    expect(diagnostics[0].message).toMatch(/^'no-such-branch' is not a commit of /);
  });
});
