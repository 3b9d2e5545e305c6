// From a comparison to everything the gate publishes: conclusion, sticky comment, job
// summary, annotations, SARIF. Problems of the run itself (config errors, no toolkit, no
// base) are put in front of the comment and the summary, and annotated where they have a line.
import path from 'node:path';
import {
  GITHUB_COMMENT_LIMIT,
  SUMMARY_LIMIT,
  conclusionFor,
  isFailing,
  renderComment,
  renderSummary,
  toAnnotations,
  toSarif,
  type CheckAnnotation,
  type RenderContext,
} from '../report/index.js';
import type { CarveReport, Comparison, Diagnostic } from '../model/types.js';
import { VERSION } from '../version.js';
import { commentMarker, withMarker } from '../github/comment.js';
import type { GateOptions, GateResult } from './types.js';

export interface RenderInput {
  options: GateOptions;
  source: GateResult['source'];
  nvcc: GateResult['nvcc'];
  mergeBase: string | null;
  baseCommit: string | null;
  changedFiles: string[];
  units: GateResult['units'];
  base: CarveReport | null;
  head: CarveReport;
  comparison: Comparison;
  diagnostics: Diagnostic[];
  notes: string[];
}

const PROBLEMS_LIMIT = 6000;

export function renderGate(input: RenderInput): GateResult {
  const { options, comparison } = input;
  const errors = input.diagnostics.filter((d) => d.severity === 'error');
  const findingConclusion = conclusionFor(comparison, options.failOn);
  const conclusion = errors.length ? 'failure' : findingConclusion;
  const failingFindings = comparison.findings.filter((f) => isFailing(f, options.failOn)).length;
  const conclusionReason = errors.length
    ? `${errors.length} input or setup ${errors.length === 1 ? 'error' : 'errors'}: ${errors[0].message}`
    : failingFindings
      ? `${failingFindings} ${failingFindings === 1 ? 'finding' : 'findings'} of a fail-on kind (${options.failOn.join(', ')})`
      : `no finding of a fail-on kind (${options.failOn.join(', ') || 'none'})`;

  const context: RenderContext = {
    serverUrl: options.render?.serverUrl,
    repository: options.render?.repository ?? null,
    sha: options.headSha,
    baseSha: input.baseCommit,
    failOn: options.failOn,
    fullReportUrl: options.render?.fullReportUrl ?? null,
    repoRoot: options.workspace,
  };
  const problems = problemsMarkdown(input.diagnostics, options.workspace);
  // The verdict first, then the run's problems; the sticky marker appended when publishing
  // (withMarker) counts against GitHub's 65,536 characters too.
  const markerRoom = withMarker('', commentMarker(options.render?.checkName ?? 'Carve')).length;
  const comment = renderComment(comparison, {
    ...context,
    problems,
    runErrors: errors.length,
    maxLength: GITHUB_COMMENT_LIMIT - markerRoom,
  });

  const changedKernels = comparison.kernels.some((k) => k.status !== 'unchanged');
  const postComment =
    options.comment === 'always' ||
    (options.comment === 'changes' && (changedKernels || comparison.findings.length > 0 || errors.length > 0)) ||
    (options.comment === 'failures' && conclusion === 'failure');

  const details = runDetails(input);
  const summaryBody = renderSummary(comparison, { ...context, problems, runErrors: errors.length, maxLength: undefined });
  const summary = clipBytes(['## Carve', summaryBody, details].filter(Boolean).join('\n\n'), SUMMARY_LIMIT);

  const annotations: CheckAnnotation[] = [
    ...diagnosticAnnotations(input.diagnostics, options.workspace),
    ...toAnnotations(comparison, options.failOn, { repoRoot: options.workspace }),
  ];
  return {
    source: input.source,
    nvcc: input.nvcc,
    mergeBase: input.mergeBase,
    baseCommit: input.baseCommit,
    changedFiles: input.changedFiles,
    units: input.units,
    base: input.base,
    head: input.head,
    comparison,
    conclusion,
    conclusionReason,
    findings: comparison.findings.length,
    failingFindings,
    regressions: comparison.findings.filter((f) => f.kind === 'regression').length,
    comment,
    postComment,
    summary,
    annotations,
    sarif: toSarif(comparison, { failOn: options.failOn, repoRoot: options.workspace, toolVersion: VERSION }),
    diagnostics: input.diagnostics,
    notes: input.notes,
  };
}

/** Errors and warnings of the run as a markdown block; empty when there are none. */
export function problemsMarkdown(diagnostics: readonly Diagnostic[], workspace: string): string {
  const shown = diagnostics.filter((d) => d.severity !== 'note');
  if (!shown.length) return '';
  const errors = shown.filter((d) => d.severity === 'error').length;
  const lines = shown.map((d) => `- **${d.severity}** (${d.stage}) ${location(d, workspace)}${d.message.replace(/\n/g, ' ')}`);
  const text = [
    `> [!${errors ? 'CAUTION' : 'WARNING'}]`,
    `> Carve ${errors ? 'could not run as configured' : 'ran with warnings'}:`,
    '',
    ...lines,
  ].join('\n');
  return text.length <= PROBLEMS_LIMIT ? text : `${text.slice(0, PROBLEMS_LIMIT - 40)}\n- … (more in the job summary)`;
}

function location(d: Diagnostic, workspace: string): string {
  const parts: string[] = [];
  if (d.file) parts.push(`\`${relative(d.file, workspace)}${d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : ''}\``);
  if (d.jsonPath !== undefined) parts.push(`at \`${d.jsonPath || '/'}\``);
  return parts.length ? `${parts.join(' ')}: ` : '';
}

function relative(file: string, workspace: string): string {
  return path.isAbsolute(file) && file.startsWith(workspace + path.sep) ? path.relative(workspace, file) : file;
}

function diagnosticAnnotations(diagnostics: readonly Diagnostic[], workspace: string): CheckAnnotation[] {
  return diagnostics
    .filter((d) => d.file && d.line && d.severity !== 'note')
    .filter((d) => !path.isAbsolute(d.file!) || d.file!.startsWith(workspace + path.sep))
    .map((d) => ({
      path: relative(d.file!, workspace),
      start_line: d.line!,
      end_line: d.line!,
      annotation_level: d.severity === 'error' ? ('failure' as const) : ('warning' as const),
      title: `Carve ${d.stage}${d.jsonPath !== undefined ? ` ${d.jsonPath || '/'}` : ''}`,
      message: d.message,
    }));
}

function runDetails(input: RenderInput): string {
  const lines = ['### Run details', '', ...input.notes.map((n) => `- ${n}`)];
  if (input.baseCommit)
    lines.push(`- Base side: \`${input.baseCommit.slice(0, 12)}\`${input.mergeBase ? ' (merge base)' : ' (PR base; merge base unknown)'}.`);
  if (input.changedFiles.length)
    lines.push(
      `- Changed files: ${input.changedFiles
        .slice(0, 50)
        .map((f) => `\`${f}\``)
        .join(', ')}${input.changedFiles.length > 50 ? ', …' : ''}.`,
    );
  for (const u of input.units) {
    lines.push(
      `- Unit \`${u.unit}\` (${u.side === 'both' ? 'base and head' : `${u.side} only`})${u.reasons.length ? `, reached by ${u.reasons.map((r) => `\`${r}\``).join(', ')}` : ''}.`,
    );
  }
  return lines.length > 2 ? lines.join('\n') : '';
}

/** Clips to a UTF-8 byte budget (GITHUB_STEP_SUMMARY takes at most 1 MiB per step). */
export function clipBytes(text: string, limit: number): string {
  if (Buffer.byteLength(text, 'utf8') <= limit) return text;
  const note = '\n\n… (truncated to fit the 1 MiB job-summary limit; the JSON report has everything)';
  let end = Math.min(text.length, limit);
  while (end > 0 && Buffer.byteLength(text.slice(0, end), 'utf8') > limit - note.length) end = Math.floor(end * 0.95);
  return text.slice(0, end) + note;
}
