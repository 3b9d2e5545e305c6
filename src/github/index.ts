// GitHub side of the gate: Octokit client, sticky comment, check runs, event, publishing.
export { createGitHubClient, describeApiError, type GitHubClient, type GitHubClientOptions } from './client.js';
export {
  STICKY_MARKER,
  commentMarker,
  findStickyComment,
  tokenLogin,
  upsertStickyComment,
  withMarker,
  type RepoRef,
  type StickyCommentResult,
  type StickySearch,
} from './comment.js';
export {
  ANNOTATIONS_PER_REQUEST,
  CHECK_OUTPUT_LIMIT,
  clip,
  completeCheckRun,
  createCheckRun,
  type CheckConclusion,
  type CheckRunAnnotation,
  type CheckRunOutput,
} from './checks.js';
export { RETUNE_ISSUE_LABEL, findMarkedIssue, issueMarker, upsertMarkedIssue, type IssueContent, type IssueResult } from './issues.js';
export { parseEvent, readEventFile, type GitHubEventInfo, type PullRequestInfo } from './event.js';
export { publishResults, startCheck, type PublishContent, type PublishOutcome, type PublishTarget } from './publish.js';
