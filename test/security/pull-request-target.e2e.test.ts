// Under pull_request_target the job holds a write token and the repository's secrets, and the
// workspace may hold the pull request's code: Carve builds it only with `allow-untrusted: true`
// (and then warns). The bundled Action, a fixture repository, an nvcc wrapper that records each
// run before handing over to the real nvcc 13.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readInputs } from '../../src/action/inputs.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { createFixtureRepo, type FixtureRepo } from '../helpers/fixture-repo.js';
import { bundleAction, pullRequestEvent, runBundledAction } from '../helpers/run-action.js';
import { requireNvcc } from '../helpers/tools.js';

let bundle: string;
let server: FakeGitHub;
let repo: FixtureRepo;
let baseSha: string;
let headSha: string;
const markers = mkdtempSync(path.join(tmpdir(), 'carve-prt-'));
const nvccRuns = path.join(markers, 'nvcc-runs');
const recordingNvcc = path.join(markers, 'nvcc');

beforeAll(async () => {
  const realNvcc = (await requireNvcc()).path;
  writeFileSync(recordingNvcc, `#!/bin/sh\necho "$*" >> '${nvccRuns}'\nexec '${realNvcc}' "$@"\n`);
  chmodSync(recordingNvcc, 0o755);
  bundle = await bundleAction();
  repo = createFixtureRepo('carve-prt-');
  baseSha = repo.commitSide('base', 'base kernels');
  repo.git('checkout', '-q', '-b', 'fork');
  headSha = repo.commitSide('head', 'head kernels');
});
afterAll(() => repo?.remove());
beforeEach(async () => {
  rmSync(nvccRuns, { force: true });
  server = await startFakeGitHub();
  return () => server.close();
});

const run = (inputs: Record<string, string>) =>
  runBundledAction({
    bundle,
    workspace: repo.dir,
    apiUrl: server.url,
    eventName: 'pull_request_target',
    inputs: {
      'github-token': 'ghs_test',
      'report-dir': mkdtempSync(path.join(tmpdir(), 'carve-out-')),
      arch: 'sm_90',
      nvcc: recordingNvcc,
      ...inputs,
    },
    event: pullRequestEvent(41, baseSha, headSha, { headRepository: 'someone/fork' }),
  });
const compiledUnits = () => (existsSync(nvccRuns) ? readFileSync(nvccRuns, 'utf8') : '').split('\n').filter((l) => l.includes('.cu'));

describe('pull_request_target', () => {
  it('without allow-untrusted: nothing is built, the check fails and says why', async () => {
    const result = await run({});
    expect(compiledUnits()).toEqual([]);
    expect(result.outputs.conclusion).toBe('failure');
    const message =
      "this run is for pull_request_target (a write token and the secrets are in reach) and the workspace may hold the pull request's code: Carve does not build or time it without the input `allow-untrusted: true`. Use the fork-safe analyze (pull_request) + publish (workflow_run) workflows instead; see SECURITY.md";
    expect(result.summary).toContain(message);
    expect(server.checkRuns[0]).toMatchObject({ conclusion: 'failure', head_sha: headSha });
    expect(server.comments.get(41)![0].body).toContain(message);
  }, 120_000);

  it('with allow-untrusted: true the pull request is built, with a warning', async () => {
    const result = await run({ 'allow-untrusted': 'true' });
    expect(compiledUnits().length).toBeGreaterThan(0);
    expect(result.commands.filter((c) => c.command === 'warning').map((c) => c.message)).toContain(
      "carve: allow-untrusted is true: building the code of pull request #41 (someone/fork) under pull_request_target, with this job's token and secrets in reach",
    );
    expect(result.summary).not.toContain('allow-untrusted: true');
  }, 120_000);

  it('a value other than true or false is an input error and builds nothing', () => {
    const { inputs, diagnostics } = readInputs((name) => (name === 'allow-untrusted' ? 'yes' : ''));
    expect(inputs.allowUntrusted).toBe(false);
    expect(diagnostics.map((d) => [d.jsonPath, d.message])).toEqual([
      [
        'inputs.allow-untrusted',
        "input `allow-untrusted`: 'yes' is not true or false; pull request code is not built under pull_request_target",
      ],
    ]);
  });
});
