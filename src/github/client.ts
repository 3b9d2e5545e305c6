// The Octokit client the Action publishes through: @actions/github's getOctokit plus
// retries (5xx) and throttling (primary and secondary rate limits). GITHUB_API_URL is
// honoured by getOctokit itself; `baseUrl` overrides it (tests point it at 127.0.0.1).
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';

export type GitHubClient = ReturnType<typeof getOctokit>;

export interface GitHubClientOptions {
  baseUrl?: string;
  /** Retries of a 5xx response (plugin-retry waits retryCount² x retryBaseMs). */
  retries?: number;
  /** Unit of every wait, 1000 ms on GitHub; tests shrink it. */
  retryBaseMs?: number;
  /** Longest rate-limit wait, seconds, worth sitting out once; longer ones give up. */
  maxRateLimitWaitSeconds?: number;
  /** Each HTTP request is abandoned after this long (an API that never answers hung publishing). */
  requestTimeoutMs?: number;
  log?: (message: string) => void;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

function timedFetch(timeoutMs: number): typeof fetch {
  return (input, init) =>
    fetch(input, {
      ...init,
      signal: init?.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
    });
}

export function createGitHubClient(token: string, options: GitHubClientOptions = {}): GitHubClient {
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const maxWait = options.maxRateLimitWaitSeconds ?? 60;
  const log = options.log ?? (() => undefined);
  // Wait out one rate-limit window when it is short; a long one is not worth holding the job.
  const onLimit =
    (kind: string) => (retryAfter: number, request: { method: string; url: string }, _octokit: unknown, retryCount: number) => {
      const retrying = retryCount < 1 && retryAfter <= maxWait;
      log(`GitHub ${kind} rate limit on ${request.method} ${request.url}; ${retrying ? `retrying after ${retryAfter}s` : 'giving up'}`);
      return retrying;
    };
  return getOctokit(
    token,
    {
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      // A fresh deadline per request (a signal made once would expire for all of them).
      request: { fetch: timedFetch(options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS) },
      retry: { retries: options.retries ?? 3, retryAfterBaseValue: retryBaseMs },
      throttle: {
        retryAfterBaseValue: retryBaseMs,
        onRateLimit: onLimit('primary'),
        onSecondaryRateLimit: onLimit('secondary'),
      },
      log: { debug: () => undefined, info: () => undefined, warn: log, error: log },
    },
    retry,
    throttling,
  );
}

/** A one-line description of an API error: status and GitHub's message, plus what a 403 usually means. */
export function describeApiError(error: unknown): string {
  const status = (error as { status?: number }).status;
  const message = (error as Error).message ?? String(error);
  if (status === 403 || status === 404) {
    return `${status} ${message} (a pull request from a fork gets a read-only token; use the fork-safe analyze + publish workflows, and grant pull-requests: write and checks: write)`;
  }
  return status ? `${status} ${message}` : message;
}
