// The GitHub client against the local REST server: sticky comment over paginated lists,
// check runs with annotation batches, and degradation on 403 / 500 / rate limits.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';
import {
  STICKY_MARKER,
  createGitHubClient,
  publishResults,
  startCheck,
  upsertStickyComment,
  type CheckRunAnnotation,
  type PublishTarget,
} from '../../src/github/index.js';

const ref = { owner: 'octo', repo: 'kernels' };
let server: FakeGitHub;
let target: PublishTarget;
const logs: string[] = [];

beforeEach(async () => {
  server = await startFakeGitHub();
  logs.length = 0;
  target = {
    client: createGitHubClient('t0ken', { baseUrl: server.url, retries: 2, retryBaseMs: 5, log: (m) => logs.push(m) }),
    ref,
    pullRequest: 7,
    headSha: 'a'.repeat(40),
    checkName: 'carve',
  };
});
afterEach(() => server.close());

function annotations(count: number): CheckRunAnnotation[] {
  return Array.from({ length: count }, (_, i) => ({
    path: 'k.cu',
    start_line: i + 1,
    end_line: i + 1,
    annotation_level: 'warning' as const,
    message: `m${i}`,
  }));
}

describe('sticky comment', () => {
  it('creates one comment, then updates it in place, finding it on the third page', async () => {
    server.seedComments(
      7,
      Array.from({ length: 230 }, (_, i) => `chatter ${i}`),
    );
    const first = await upsertStickyComment(target.client, ref, 7, 'first body');
    server.seedComments(7, ['more chatter']);
    const second = await upsertStickyComment(target.client, ref, 7, 'second body');
    const third = await upsertStickyComment(target.client, ref, 7, 'second body');
    expect([first.action, second.action, third.action]).toEqual(['created', 'updated', 'unchanged']);
    expect(second.id).toBe(first.id);
    const ours = server.comments.get(7)!.filter((c) => c.body.includes(STICKY_MARKER));
    expect(ours).toHaveLength(1);
    expect(ours[0].body).toBe(`second body\n\n${STICKY_MARKER}\n`);
    // 230 earlier comments at 100 per page: each search reads pages 1-3 (the marker sits on page 3).
    const lists = server.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/comments'));
    expect(lists.map((r) => r.query.page ?? '1')).toEqual(['1', '2', '3', '1', '2', '3', '1', '2', '3']);
    expect(server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/comments'))).toHaveLength(1);
    // Whose comment the marker is in is asked once, when a marker is first seen: /user (403 for
    // this installation token), then GraphQL's viewer.
    expect(
      server.requests.filter((r) => !r.path.endsWith('/comments') && !r.path.includes('/comments/')).map((r) => `${r.method} ${r.path}`),
    ).toEqual(['GET /user', 'POST /graphql']);
    expect(server.requests[0].authorization).toBe('token t0ken');
  });

  it('refreshes an existing comment but creates none when the policy asks for no comment', async () => {
    const noCheck = { ...target, headSha: null };
    const quiet = {
      comment: null,
      refreshExisting: 'all clear now',
      check: { conclusion: 'success' as const, title: 't', summary: 's', annotations: [] },
    };
    expect((await publishResults(noCheck, quiet, null)).comment).toBeNull();
    expect(server.comments.get(7) ?? []).toEqual([]);
    await publishResults(noCheck, { ...quiet, comment: 'findings' }, null);
    expect((await publishResults(noCheck, quiet, null)).comment?.action).toBe('updated');
    expect(server.comments.get(7)!.map((c) => c.body)).toEqual(['all clear now\n\n<!-- carve:comment-id:carve -->\n']);
  });

  it('keeps one comment per check name (a static and a timing job on the same PR)', async () => {
    const noCheck = { ...target, headSha: null };
    await publishResults(noCheck, { comment: 'static', check: { conclusion: 'success', title: 't', summary: 's', annotations: [] } }, null);
    await publishResults(
      { ...noCheck, checkName: 'Carve (timing)' },
      { comment: 'timing', check: { conclusion: 'success', title: 't', summary: 's', annotations: [] } },
      null,
    );
    await publishResults(
      noCheck,
      { comment: 'static again', check: { conclusion: 'success', title: 't', summary: 's', annotations: [] } },
      null,
    );
    expect(server.comments.get(7)!.map((c) => c.body)).toEqual([
      'static again\n\n<!-- carve:comment-id:carve -->\n',
      'timing\n\n<!-- carve:comment-id:Carve%20(timing) -->\n',
    ]);
  });
});

describe("only a comment of the token's own user is edited", () => {
  it('a marker planted by another user is not edited: a new comment is created, then that one is updated', async () => {
    server.seedComments(7, [`planted\n\n${STICKY_MARKER}\n`], 'mallory');
    const first = await upsertStickyComment(target.client, ref, 7, 'ours');
    const second = await upsertStickyComment(target.client, ref, 7, 'ours, updated');
    expect([first.action, second.action]).toEqual(['created', 'updated']);
    expect(server.comments.get(7)!.map((c) => [c.user.login, c.body])).toEqual([
      ['mallory', `planted\n\n${STICKY_MARKER}\n`],
      ['github-actions[bot]', `ours, updated\n\n${STICKY_MARKER}\n`],
    ]);
    expect(server.requests.filter((r) => r.method === 'PATCH').map((r) => r.path)).toEqual([
      `/repos/octo/kernels/issues/comments/${first.id}`,
    ]);
  });

  it("a user's token (GET /user answers): its own login is the author looked for", async () => {
    server.identity.kind = 'user';
    server.identity.login = 'carve-bot';
    server.seedComments(7, [`planted\n\n${STICKY_MARKER}\n`], 'github-actions[bot]');
    server.seedComments(7, [`mine\n\n${STICKY_MARKER}\n`], 'carve-bot');
    const result = await upsertStickyComment(target.client, ref, 7, 'mine, updated');
    expect(result.action).toBe('updated');
    expect(server.comments.get(7)!.map((c) => c.body)).toEqual([`planted\n\n${STICKY_MARKER}\n`, `mine, updated\n\n${STICKY_MARKER}\n`]);
    expect(server.requests.filter((r) => r.path === '/user' || r.path === '/graphql').map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /user',
    ]);
  });

  it('when the identity cannot be found out, no existing comment is edited', async () => {
    server.seedComments(7, [`maybe ours\n\n${STICKY_MARKER}\n`], 'github-actions[bot]');
    server.inject({ path: /^\/(user|graphql)$/, status: 403, times: Infinity });
    const result = await upsertStickyComment(target.client, ref, 7, 'new');
    expect(result.action).toBe('created');
    expect(server.comments.get(7)!.map((c) => c.body)).toEqual([`maybe ours\n\n${STICKY_MARKER}\n`, `new\n\n${STICKY_MARKER}\n`]);
  });
});

describe('check run', () => {
  it('completes with the conclusion and sends 120 annotations in batches of 50', async () => {
    const warnings: string[] = [];
    const id = await startCheck(target, warnings);
    const outcome = await publishResults(
      target,
      {
        comment: 'body',
        check: { conclusion: 'failure', title: '2 findings', summary: 'summary', annotations: annotations(120) },
      },
      id,
      warnings,
    );
    expect(warnings).toEqual([]);
    expect(outcome.annotationRequests).toBe(3);
    const run = server.checkRuns[0];
    expect(run).toMatchObject({ id, name: 'carve', head_sha: 'a'.repeat(40), status: 'completed', conclusion: 'failure' });
    expect(run.annotations.map((a) => a.start_line)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    const patches = server.requests
      .filter((r) => r.method === 'PATCH')
      .map((r) => (r.body as { output: { annotations: unknown[] } }).output.annotations.length);
    expect(patches).toEqual([50, 50, 20]);
  });
});

describe('API failures degrade to warnings', () => {
  it('403 on a fork: no comment, no check, warnings that name the fork-safe workflow', async () => {
    server.inject({ status: 403, message: 'Resource not accessible by integration', times: Infinity });
    const warnings: string[] = [];
    const id = await startCheck(target, warnings);
    const outcome = await publishResults(
      target,
      { comment: 'x', check: { conclusion: 'success', title: 't', summary: 's', annotations: [] } },
      id,
      warnings,
    );
    expect(outcome.comment).toBeNull();
    expect(outcome.checkRunId).toBeNull();
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatch(/^could not create the check run: 403 Resource not accessible by integration .*fork-safe/);
    expect(warnings[1]).toMatch(/^could not post the pull-request comment: 403/);
    // 403 is not retried: one create, one list, one create again.
    expect(server.requests).toHaveLength(3);
  });

  it('500 is retried, and after the retries run out it becomes a warning', async () => {
    server.inject({ method: 'GET', status: 500, times: 1 });
    const ok = await upsertStickyComment(target.client, ref, 7, 'body');
    expect(ok.action).toBe('created');
    expect(server.requests.filter((r) => r.method === 'GET')).toHaveLength(2);

    server.inject({ method: 'POST', path: /check-runs$/, status: 502, times: Infinity });
    const warnings: string[] = [];
    const id = await startCheck(target, warnings);
    expect(id).toBeNull();
    expect(warnings[0]).toMatch(/^could not create the check run: 502/);
    expect(server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('check-runs'))).toHaveLength(3);
  });

  it('a short rate limit is waited out once; a long one gives up with a warning', async () => {
    const reset = () => String(Math.floor(Date.now() / 1000));
    server.inject({
      method: 'GET',
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset() },
      message: 'API rate limit exceeded',
      times: 1,
    });
    const ok = await upsertStickyComment(target.client, ref, 7, 'body');
    expect(ok.action).toBe('created');
    expect(logs.some((l) => /primary rate limit .* retrying/.test(l))).toBe(true);

    const later = String(Math.floor(Date.now() / 1000) + 3600);
    server.inject({
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': later },
      message: 'API rate limit exceeded',
      times: Infinity,
    });
    const warnings: string[] = [];
    const outcome = await publishResults(
      target,
      { comment: 'again', check: { conclusion: 'success', title: 't', summary: 's', annotations: [] } },
      null,
      warnings,
    );
    expect(outcome.comment).toBeNull();
    expect(warnings[0]).toMatch(/^could not post the pull-request comment: 403 API rate limit exceeded/);
    expect(logs.some((l) => /giving up/.test(l))).toBe(true);
  });
});
