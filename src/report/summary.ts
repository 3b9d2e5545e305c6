// The job summary (GITHUB_STEP_SUMMARY): the comment's content without its size pressure:
// every kernel, every finding, every chart and details, capped at GitHub's 1 MiB.
import type { Comparison } from '../model/types.js';
import type { RenderContext } from './context.js';
import { COMMENT_MARKER, renderComment } from './comment.js';

export const SUMMARY_LIMIT = 1024 * 1024;

export function renderSummary(comparison: Comparison, context: RenderContext): string {
  // Characters <= UTF-8 bytes; a quarter of the limit in characters keeps even all-emoji text under 1 MiB.
  const body = renderComment(comparison, { ...context, maxLength: Math.floor(SUMMARY_LIMIT / 4) });
  return body.slice(COMMENT_MARKER.length).replace(/^\n+/, '');
}
