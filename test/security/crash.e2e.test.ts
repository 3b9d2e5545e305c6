// An unexpected failure inside the Action (here: the report directory is a file, so writing the
// reports fails after the build) completes the check run it started as a failure, writes one
// line to the job summary and fails the step with one line: never a run left "in progress".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { createFixtureRepo, type FixtureRepo } from '../helpers/fixture-repo.js';
import { bundleAction, pullRequestEvent, runBundledAction, type ActionRun } from '../helpers/run-action.js';

let server: FakeGitHub;
let repo: FixtureRepo;
let run: ActionRun;
let headSha: string;

beforeAll(async () => {
  const bundle = await bundleAction();
  server = await startFakeGitHub();
  repo = createFixtureRepo('carve-crash-');
  const baseSha = repo.commitSide('base', 'base kernels');
  repo.git('checkout', '-q', '-b', 'change');
  headSha = repo.commitSide('head', 'head kernels');
  const notADirectory = path.join(mkdtempSync(path.join(tmpdir(), 'carve-crash-out-')), 'report');
  writeFileSync(notADirectory, 'a file where the report directory should be\n');
  run = await runBundledAction({
    bundle,
    workspace: repo.dir,
    apiUrl: server.url,
    inputs: { 'github-token': 'ghs_test', 'report-dir': notADirectory, arch: 'sm_90' },
    event: pullRequestEvent(41, baseSha, headSha),
  });
});
afterAll(async () => {
  await server?.close();
  repo?.remove();
});

describe('an unexpected error after the check run started', () => {
  it('completes the check run as a failure with the reason', () => {
    const check = server.checkRuns.find((r) => r.head_sha === headSha)!;
    expect(check).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect((check as { output?: { title?: string; summary?: string } }).output?.title).toBe('Carve could not finish');
    expect((check as { output?: { summary?: string } }).output?.summary).toMatch(/^Carve could not finish: /);
  });

  it('fails the step with one line and says it in the job summary', () => {
    expect(run.exitCode).toBe(1);
    const errors = run.commands.filter((c) => c.command === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/^carve: internal error: /);
    expect(errors[0].message).not.toContain('\n    at ');
    expect(run.summary).toContain('Carve could not finish: ');
    expect(run.outputs.conclusion).toBe('failure');
  });
});
