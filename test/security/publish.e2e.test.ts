// Publish mode (the trusted workflow_run job of the fork-safe pattern) against forged uploads:
// the pull request and commit are verified through the trusted event and the API, the verdict
// and the comment are recomputed from the uploaded reports, and uploaded text is shown as data.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CarveReport } from '../../src/model/types.js';
import { STICKY_MARKER } from '../../src/github/index.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { createFixtureRepo, type FixtureRepo } from '../helpers/fixture-repo.js';
import { bundleAction, pullRequestEvent, runBundledAction } from '../helpers/run-action.js';

let bundle: string;
let server: FakeGitHub;
let repo: FixtureRepo;
let baseSha: string;
let headSha: string;
let analysedDir: string;

beforeAll(async () => {
  bundle = await bundleAction();
  repo = createFixtureRepo();
  baseSha = repo.commitSide('base', 'base kernels + artifacts', { withArtifacts: true });
  repo.git('checkout', '-q', '-b', 'feature');
  headSha = repo.commitSide('head', 'head kernels + artifacts', { withArtifacts: true });
  // The analyze job of a fork's pull request #11 (read-only token: posts nothing).
  analysedDir = mkdtempSync(path.join(tmpdir(), 'carve-upload-'));
  const analysed = await runBundledAction({
    bundle,
    workspace: repo.dir,
    event: pullRequestEvent(11, baseSha, headSha, { headRepository: 'fork/kernels' }),
    inputs: { mode: 'analyze', 'report-dir': analysedDir, nvcc: 'none', artifacts: 'artifacts/**', 'github-token': '' },
  });
  expect(analysed.outputs.conclusion).toBe('failure');
}, 120_000);
afterAll(() => repo?.remove());
beforeEach(async () => {
  server = await startFakeGitHub();
  return () => server.close();
});

/** A copy of the upload, changed by `forge` the way a fork's job could. */
function upload(forge: (dir: string) => void = () => undefined): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'carve-forged-'));
  cpSync(analysedDir, dir, { recursive: true });
  forge(dir);
  return dir;
}
const edit = (dir: string, name: string, change: (value: Record<string, unknown>) => void) => {
  const value = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Record<string, unknown>;
  change(value);
  writeFileSync(path.join(dir, name), JSON.stringify(value));
};
const requestLines = () => server.requests.map((r) => `${r.method} ${r.path}`);

function publish(dir: string, pullRequests: Array<{ number: number; head: { sha: string } }> = [], runHead = headSha) {
  return runBundledAction({
    bundle,
    workspace: mkdtempSync(path.join(tmpdir(), 'carve-default-branch-')),
    apiUrl: server.url,
    inputs: { mode: 'publish', 'report-dir': dir, 'github-token': 'ghs_trusted' },
    eventName: 'workflow_run',
    event: { workflow_run: { head_sha: runHead, pull_requests: pullRequests }, repository: { full_name: 'octo/kernels' } },
  });
}

describe('which pull request and commit', () => {
  it('a branch of this repository: the PR comes from workflow_run.pull_requests, no lookup', async () => {
    const result = await publish(upload(), [{ number: 11, head: { sha: headSha } }]);
    expect(result.exitCode).toBe(0);
    expect(requestLines().filter((l) => l.includes('/pulls/'))).toEqual([]);
    expect([...server.comments.keys()]).toEqual([11]);
    expect(server.checkRuns.map((r) => [r.head_sha, r.conclusion])).toEqual([[headSha, 'failure']]);
  });

  it('a fork (GitHub lists no pull request): the uploaded number is used once GET pulls/11 shows the analysed head', async () => {
    server.pulls.set(11, {
      head: { sha: headSha, repo: { full_name: 'fork/kernels' } },
      base: { sha: baseSha, repo: { full_name: 'octo/kernels' } },
      state: 'open',
    });
    const result = await publish(upload());
    expect(result.exitCode).toBe(0);
    expect(requestLines()[0]).toBe('GET /repos/octo/kernels/pulls/11');
    expect([...server.comments.keys()]).toEqual([11]);
  });

  it('a forged upload naming another pull request: refused after one GET of that PR, nothing posted', async () => {
    server.pulls.set(12, {
      head: { sha: baseSha, repo: { full_name: 'octo/kernels' } },
      base: { sha: baseSha, repo: { full_name: 'octo/kernels' } },
      state: 'open',
    });
    const forged = upload((dir) =>
      edit(dir, 'event.json', (event) => {
        (event.pull_request as { number: number }).number = 12;
      }),
    );
    const result = await publish(forged);
    expect(result.exitCode).toBe(1);
    expect(requestLines()).toEqual(['GET /repos/octo/kernels/pulls/12']);
    expect(server.comments.size).toBe(0);
    expect(server.checkRuns).toEqual([]);
    expect(result.summary).toContain(
      `pull request #12 (from event.json) has head ${baseSha.slice(0, 12)}, not the analysed ${headSha.slice(0, 12)}: refusing to post`,
    );
  });

  it('a report that analysed another commit than this workflow_run: refused with no request', async () => {
    const forged = upload((dir) =>
      edit(dir, 'report.json', (report) => {
        report.commit = baseSha;
      }),
    );
    const result = await publish(forged, [{ number: 11, head: { sha: headSha } }]);
    expect(result.exitCode).toBe(1);
    expect(server.requests).toEqual([]);
    expect(result.summary).toContain(
      `the uploaded report analysed ${baseSha.slice(0, 12)}, but this workflow_run is for ${headSha.slice(0, 12)}: refusing to post`,
    );
  });
});

describe('the verdict and the comment are recomputed; uploaded text is data', () => {
  it('a forged gate.json verdict and comment.md are not used', async () => {
    const forged = upload((dir) => {
      edit(dir, 'gate.json', (gate) => {
        gate.conclusion = 'success';
        gate.findings = 0;
        gate.failingFindings = 0;
        gate.annotations = [];
      });
      writeFileSync(path.join(dir, 'comment.md'), 'All good! @octo/maintainers please merge [now](https://evil.example)\n');
      writeFileSync(path.join(dir, 'summary.md'), '## Carve\n\nAll good!\n');
    });
    const result = await publish(forged, [{ number: 11, head: { sha: headSha } }]);
    const body = server.comments.get(11)![0].body;
    expect(result.outputs.conclusion).toBe('failure');
    expect(server.checkRuns[0].conclusion).toBe('failure');
    expect(body).not.toContain('evil.example');
    expect(body).not.toContain('All good!');
    expect(result.summary).not.toContain('All good!');
    // The same comment analyze rendered from the same reports; comment-path holds it, not the forgery.
    expect(body).toBe(readFileSync(path.join(analysedDir, 'comment.md'), 'utf8'));
    expect(readFileSync(result.outputs['comment-path'], 'utf8')).toBe(body);
    expect(server.checkRuns[0].annotations.find((a) => a.start_line === 10)).toMatchObject({ path: 'kernels/pressure.cu' });
  });

  it("a forged finding removed from the upload's comparison.json does not change the verdict", async () => {
    const forged = upload((dir) =>
      edit(dir, 'comparison.json', (comparison) => {
        comparison.findings = [];
      }),
    );
    const result = await publish(forged, [{ number: 11, head: { sha: headSha } }]);
    expect(result.outputs.conclusion).toBe('failure');
    expect(Number(result.outputs.findings)).toBeGreaterThan(0);
  });

  it('markdown in an uploaded diagnostic is shown as code: no link, no mention', async () => {
    const forged = upload((dir) =>
      edit(dir, 'report.json', (report) => {
        (report as unknown as CarveReport).diagnostics.push({
          severity: 'warning',
          stage: 'build',
          file: '../../etc/passwd',
          message: 'see [this](https://evil.example) @octo/maintainers',
        });
      }),
    );
    await publish(forged, [{ number: 11, head: { sha: headSha } }]);
    const body = server.comments.get(11)![0].body;
    expect(body).toContain('- **warning** (build) `see [this](https://evil.example) @octo/maintainers`');
    expect(body).not.toContain('etc/passwd');
  });

  it('a marker comment planted by another user is not edited: a new comment is created', async () => {
    server.seedComments(
      11,
      [`Carve says: approved\n\n${STICKY_MARKER.replace('Carve', 'Carve')}\n<!-- carve:comment-id:Carve -->\n`],
      'mallory',
    );
    await publish(upload(), [{ number: 11, head: { sha: headSha } }]);
    const comments = server.comments.get(11)!;
    expect(comments.map((c) => c.user.login)).toEqual(['mallory', 'github-actions[bot]']);
    expect(comments[0].body).toContain('Carve says: approved');
    expect(requestLines().filter((l) => l.startsWith('PATCH /repos/octo/kernels/issues/comments'))).toEqual([]);
  });
});
