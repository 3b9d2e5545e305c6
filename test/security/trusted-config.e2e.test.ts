// In gate mode, what executes comes from the base branch: a PR whose .github/carve.yml names its
// own timing command, nvcc flags (-ccbin) or include dirs gets a notice, and none of them runs.
// The bundled Action, a fixture repository, real nvcc 13, the local GitHub REST server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { createFixtureRepo, type FixtureRepo } from '../helpers/fixture-repo.js';
import { bundleAction, pullRequestEvent, runBundledAction, type ActionRun } from '../helpers/run-action.js';

let server: FakeGitHub;
let repo: FixtureRepo;
let run: ActionRun;
const markers = mkdtempSync(path.join(tmpdir(), 'carve-trust-'));
const evilCompiler = path.join(markers, 'evil-ccbin');

beforeAll(async () => {
  writeFileSync(evilCompiler, `#!/bin/sh\ntouch ${path.join(markers, 'ccbin-ran')}\nexec g++ "$@"\n`);
  chmodSync(evilCompiler, 0o755);
  const bundle = await bundleAction();
  server = await startFakeGitHub();
  repo = createFixtureRepo('carve-trust-');
  const baseSha = repo.commitSide('base', 'base kernels');
  repo.git('checkout', '-q', '-b', 'fork');
  repo.commitSide('head', 'head kernels');
  const headSha = repo.commitFiles(
    {
      '.github/carve.yml': [
        'archs: [sm_90]',
        `nvcc: { flags: ["-ccbin=${evilCompiler}"] }`,
        `timing: { command: "touch ${path.join(markers, 'timing-ran')}" }`,
        'include: ["/etc"]',
        '',
      ].join('\n'),
    },
    'a config of the pull request',
  );
  run = await runBundledAction({
    bundle,
    workspace: repo.dir,
    apiUrl: server.url,
    inputs: { 'github-token': 'ghs_test', 'report-dir': mkdtempSync(path.join(tmpdir(), 'carve-out-')), arch: 'sm_90', timing: 'on' },
    event: pullRequestEvent(31, baseSha, headSha, { headRepository: 'someone/fork' }),
  });
});
afterAll(async () => {
  await server?.close();
  repo?.remove();
});

describe('a fork PR whose config names its own commands', () => {
  it('runs none of them: no timing command, no -ccbin program', () => {
    expect(existsSync(path.join(markers, 'timing-ran'))).toBe(false);
    expect(existsSync(path.join(markers, 'ccbin-ran'))).toBe(false);
  });

  it('says which fields were taken from the base branch, and still gates the kernels', () => {
    expect(run.summary).toContain(
      "The pull request changes `nvcc.flags`, `include`, `timing.command` in `.github/carve.yml`: ignored here, the base branch's values apply (see docs/security.md).",
    );
    expect(run.outputs.conclusion).toBe('failure'); // the head kernels' cliff and uncoalesced load
    expect(Number(run.outputs.findings)).toBeGreaterThan(0);
  });
});
