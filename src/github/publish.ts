// Publishing with graceful degradation: every API call is wrapped so that a 403 on a fork,
// a 5xx after retries or an exhausted rate limit becomes a warning, never a failed
// analysis. The summary and files are written by the caller regardless.
import { describeApiError, type GitHubClient } from './client.js';
import { completeCheckRun, createCheckRun, type CheckRunOutput } from './checks.js';
import { commentMarker, upsertStickyComment, type RepoRef, type StickyCommentResult } from './comment.js';

export interface PublishTarget {
  client: GitHubClient;
  ref: RepoRef;
  /** Pull request number; null outside a PR (no comment then). */
  pullRequest: number | null;
  /** Commit the check run is attached to. */
  headSha: string | null;
  checkName: string;
}

export interface PublishOutcome {
  comment: StickyCommentResult | null;
  checkRunId: number | null;
  annotationRequests: number;
  warnings: string[];
}

/** Creates the in-progress check run; null (with a warning) when that is not possible. */
export async function startCheck(target: PublishTarget, warnings: string[]): Promise<number | null> {
  if (!target.headSha) {
    warnings.push('no commit SHA in the event or GITHUB_SHA: no check run');
    return null;
  }
  try {
    return await createCheckRun(target.client, target.ref, target.checkName, target.headSha);
  } catch (error) {
    warnings.push(`could not create the check run: ${describeApiError(error)}`);
    return null;
  }
}

export interface PublishContent {
  /** Markdown of the sticky comment, or null to post none. */
  comment: string | null;
  /**
   * When `comment` is null: a body that only refreshes an existing comment (the policy asks
   * for no new comment, but an earlier push left one that would otherwise go stale).
   */
  refreshExisting?: string | null;
  check: CheckRunOutput;
}

export async function publishResults(
  target: PublishTarget,
  content: PublishContent,
  startedCheckRunId: number | null,
  warnings: string[] = [],
): Promise<PublishOutcome> {
  const outcome: PublishOutcome = { comment: null, checkRunId: startedCheckRunId, annotationRequests: 0, warnings };
  const body = content.comment ?? content.refreshExisting ?? null;
  if (body !== null && target.pullRequest !== null) {
    try {
      outcome.comment = await upsertStickyComment(target.client, target.ref, target.pullRequest, body, commentMarker(target.checkName), {
        updateOnly: content.comment === null,
      });
    } catch (error) {
      warnings.push(`could not post the pull-request comment: ${describeApiError(error)}`);
    }
  }
  if (outcome.checkRunId === null && target.headSha) outcome.checkRunId = await startCheck(target, warnings);
  if (outcome.checkRunId !== null) {
    try {
      outcome.annotationRequests = await completeCheckRun(target.client, target.ref, outcome.checkRunId, content.check);
    } catch (error) {
      warnings.push(`could not complete the check run: ${describeApiError(error)}`);
    }
  }
  return outcome;
}
