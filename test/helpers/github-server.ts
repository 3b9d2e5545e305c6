// A local stand-in for the GitHub REST endpoints the Action uses, on 127.0.0.1 at a random
// port: list/create/update issue comments (paginated with Link headers like GitHub) and
// create/update check runs (annotations appended across updates), list/create/update issues,
// the token's identity (GET /user for a user token; GraphQL viewer for an installation token,
// whose GET /user is a 403) and pull requests (GET pulls/N). Records every request
// and can inject failures (403, 500, rate limits) for the next matching requests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
}

export interface StoredComment {
  id: number;
  body: string;
  user: { login: string; type: string };
  html_url: string;
}

export interface StoredCheckRun {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  output: { title?: string; summary?: string; text?: string };
  annotations: Array<Record<string, unknown>>;
}

export interface StoredIssue {
  number: number;
  title: string;
  body: string;
  state: string;
  labels: Array<{ name: string }>;
  html_url: string;
}

export interface InjectedFailure {
  method?: string;
  /** Matched against the request path (no query). */
  path?: RegExp;
  status: number;
  headers?: Record<string, string>;
  message?: string;
  /** How many matching requests fail; Infinity for all. */
  times: number;
}

export interface FakeGitHub {
  url: string;
  requests: RecordedRequest[];
  comments: Map<number, StoredComment[]>;
  checkRuns: StoredCheckRun[];
  /** Issues (the retune proposal): list by state and labels, create, update. */
  issues: StoredIssue[];
  inject(failure: InjectedFailure): void;
  /** Adds comments by other users to a PR (for pagination). */
  seedComments(issue: number, bodies: string[], login?: string): void;
  /** Repository permission per user login (admin, maintain, write, triage, read); others 404. */
  permissions: Map<string, string>;
  /**
   * Who the token is: an installation token (GITHUB_TOKEN, a GitHub App's: GET /user answers 403,
   * GraphQL viewer answers the bot login) or a user's token (both answer). Comments it creates carry the login.
   */
  identity: { kind: 'installation' | 'user'; login: string };
  /** Pull requests GET /repos/O/R/pulls/N answers (others 404). */
  pulls: Map<
    number,
    { head: { sha: string; repo: { full_name: string } }; base: { sha: string; repo: { full_name: string } }; state: string }
  >;
  close(): Promise<void>;
}

export async function startFakeGitHub(pageSizeCap = 100): Promise<FakeGitHub> {
  const requests: RecordedRequest[] = [];
  const comments = new Map<number, StoredComment[]>();
  const checkRuns: StoredCheckRun[] = [];
  const issues: StoredIssue[] = [];
  const failures: InjectedFailure[] = [];
  const permissions = new Map<string, string>();
  const identity: FakeGitHub['identity'] = { kind: 'installation', login: 'github-actions[bot]' };
  const pulls: FakeGitHub['pulls'] = new Map();
  let nextId = 1000;
  let baseUrl = '';

  const commentsOf = (issue: number) => {
    if (!comments.has(issue)) comments.set(issue, []);
    return comments.get(issue)!;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    const body: unknown = raw ? JSON.parse(raw) : null;
    const method = req.method ?? 'GET';
    requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      authorization: req.headers.authorization,
    });

    const failure = failures.find((f) => f.times > 0 && (!f.method || f.method === method) && (!f.path || f.path.test(url.pathname)));
    if (failure) {
      failure.times -= 1;
      return send(res, failure.status, { message: failure.message ?? `injected ${failure.status}` }, failure.headers);
    }

    let match: RegExpMatchArray | null;
    const input = (body ?? {}) as Record<string, unknown>;
    if ((match = url.pathname.match(/^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/))) {
      const [, owner, repo, issueText] = match;
      const list = commentsOf(Number(issueText));
      if (method === 'GET') {
        const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), pageSizeCap);
        const page = Number(url.searchParams.get('page') ?? 1);
        const last = Math.max(1, Math.ceil(list.length / perPage));
        const headers: Record<string, string> = {};
        if (page < last) {
          const next = new URL(url.href.replace('http://127.0.0.1', baseUrl));
          next.searchParams.set('page', String(page + 1));
          headers.link = `<${next.href}>; rel="next"`;
        }
        return send(res, 200, list.slice((page - 1) * perPage, page * perPage), headers);
      }
      if (method === 'POST') {
        const id = nextId++;
        const comment: StoredComment = {
          id,
          body: String(input.body),
          user: { login: identity.login, type: identity.kind === 'installation' ? 'Bot' : 'User' },
          html_url: `https://github.test/${owner}/${repo}/pull/${issueText}#issuecomment-${id}`,
        };
        list.push(comment);
        return send(res, 201, comment);
      }
    }
    if ((match = url.pathname.match(/^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/)) && method === 'PATCH') {
      const id = Number(match[1]);
      for (const list of comments.values()) {
        const comment = list.find((c) => c.id === id);
        if (comment) {
          comment.body = String(input.body);
          return send(res, 200, comment);
        }
      }
      return send(res, 404, { message: 'Not Found' });
    }
    if (url.pathname.match(/^\/repos\/[^/]+\/[^/]+\/check-runs$/) && method === 'POST') {
      const run: StoredCheckRun = {
        id: nextId++,
        name: String(input.name),
        head_sha: String(input.head_sha),
        status: String(input.status ?? 'queued'),
        conclusion: (input.conclusion as string | undefined) ?? null,
        output: {},
        annotations: [],
      };
      checkRuns.push(run);
      return send(res, 201, { id: run.id, name: run.name, head_sha: run.head_sha, status: run.status });
    }
    if ((match = url.pathname.match(/^\/repos\/[^/]+\/[^/]+\/check-runs\/(\d+)$/)) && method === 'PATCH') {
      const run = checkRuns.find((r) => r.id === Number(match![1]));
      if (!run) return send(res, 404, { message: 'Not Found' });
      if (input.status) run.status = String(input.status);
      if (input.conclusion) run.conclusion = String(input.conclusion);
      const output = (input.output ?? {}) as Record<string, unknown>;
      const annotations = (output.annotations ?? []) as Array<Record<string, unknown>>;
      if (annotations.length > 50) return send(res, 422, { message: 'Only 50 annotations are allowed per request' });
      run.annotations.push(...annotations);
      for (const key of ['title', 'summary', 'text'] as const) if (typeof output[key] === 'string') run.output[key] = output[key];
      return send(res, 200, { id: run.id, status: run.status, conclusion: run.conclusion });
    }
    if ((match = url.pathname.match(/^\/repos\/([^/]+)\/([^/]+)\/issues$/))) {
      if (method === 'GET') {
        const state = url.searchParams.get('state') ?? 'open';
        const labels = (url.searchParams.get('labels') ?? '').split(',').filter(Boolean);
        const list = issues.filter(
          (i) => (state === 'all' || i.state === state) && labels.every((l) => i.labels.some((x) => x.name === l)),
        );
        const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), pageSizeCap);
        const page = Number(url.searchParams.get('page') ?? 1);
        return send(res, 200, list.slice((page - 1) * perPage, page * perPage));
      }
      if (method === 'POST') {
        const number = issues.length + 1;
        const issue: StoredIssue = {
          number,
          title: String(input.title),
          body: String(input.body ?? ''),
          state: 'open',
          labels: ((input.labels ?? []) as string[]).map((name) => ({ name })),
          html_url: `https://github.test/${match[1]}/${match[2]}/issues/${number}`,
        };
        issues.push(issue);
        return send(res, 201, issue);
      }
    }
    if ((match = url.pathname.match(/^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)$/)) && method === 'PATCH') {
      const issue = issues.find((i) => i.number === Number(match![1]));
      if (!issue) return send(res, 404, { message: 'Not Found' });
      for (const key of ['title', 'body', 'state'] as const) if (typeof input[key] === 'string') issue[key] = input[key];
      return send(res, 200, issue);
    }
    if ((match = url.pathname.match(/^\/repos\/[^/]+\/[^/]+\/collaborators\/([^/]+)\/permission$/)) && method === 'GET') {
      const permission = permissions.get(decodeURIComponent(match[1]));
      return permission ? send(res, 200, { permission, user: { login: match[1] } }) : send(res, 404, { message: 'Not Found' });
    }
    if (url.pathname === '/user' && method === 'GET') {
      return identity.kind === 'user'
        ? send(res, 200, { login: identity.login, type: 'User' })
        : send(res, 403, { message: 'Resource not accessible by integration' });
    }
    if (url.pathname === '/graphql' && method === 'POST') {
      if (/viewer\s*\{\s*login\s*\}/.test(String(input.query))) return send(res, 200, { data: { viewer: { login: identity.login } } });
      return send(res, 200, { errors: [{ message: 'not implemented' }] });
    }
    if ((match = url.pathname.match(/^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)$/)) && method === 'GET') {
      const pull = pulls.get(Number(match[1]));
      return pull ? send(res, 200, { number: Number(match[1]), ...pull }) : send(res, 404, { message: 'Not Found' });
    }
    return send(res, 404, { message: `not implemented: ${method} ${url.pathname}` });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => send(res, 500, { message: error.message }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    requests,
    comments,
    checkRuns,
    issues,
    permissions,
    identity,
    pulls,
    inject: (failure) => failures.push({ ...failure }),
    seedComments: (issue, bodies, login = 'someone') => {
      for (const body of bodies)
        commentsOf(issue).push({ id: nextId++, body, user: { login, type: 'User' }, html_url: `https://github.test/c/${nextId}` });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(payload));
}
