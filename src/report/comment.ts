// The sticky pull-request comment. The hidden marker lets the publisher find and update the
// one comment in place. GitHub rejects bodies over 65,536 characters, so sections are shed
// progressively (details, charts, table rows, then findings) and the full report linked.
import { markdownTable } from 'markdown-table';
import type { Comparison, Finding, KernelComparison } from '../model/types.js';
import { GITHUB_COMMENT_LIMIT, type RenderContext } from './context.js';
import { KERNEL_TABLE_HEADER, codeSpan, kernelRow } from './format.js';
import { findingCounts, findingMarkdown, groupFindings, kernelCounts } from './findings-markdown.js';
import { OCCUPANCY_LEGEND, occupancyChanged, occupancyMermaid } from './mermaid.js';
import { kernelAnchorLine } from './annotations.js';
import { kernelDetails } from './details.js';
import { renderCarvingSection } from './carving-markdown.js';

/** Hidden marker that identifies Carve's sticky comment. */
export const COMMENT_MARKER = '<!-- carve:pr-comment -->';

const MAX_CHARTS = 6;
const MIN_ROWS = 20;

interface Budget {
  details: boolean;
  charts: boolean;
  maxRows: number;
  maxFindings: number;
}

const STATUS_ORDER: KernelComparison['status'][] = ['changed', 'added', 'removed', 'unchanged'];

function headline(comparison: Comparison, context: RenderContext): string {
  const counts = findingCounts(comparison, context.failOn);
  const errors = context.runErrors ?? 0;
  const icon = counts.failing || errors ? '❌' : comparison.findings.length ? '⚠️' : '✅';
  const findings = counts.failing
    ? `${counts.failing} ${counts.failing === 1 ? 'finding fails' : 'findings fail'} the check`
    : comparison.findings.length
      ? 'findings, none failing'
      : 'no performance findings';
  const verdict = errors
    ? `${errors} ${errors === 1 ? 'error of the run fails' : 'errors of the run fail'} the check${counts.failing ? `; ${findings}` : ''}`
    : findings;
  const scope = comparison.headOnly ? ' (head-only: no base report to compare with)' : '';
  const counted = counts.text[0].toUpperCase() + counts.text.slice(1);
  return `### ${icon} Carve: ${verdict}\n\n${counted} · ${kernelCounts(comparison)}${scope}`;
}

const UNCHANGED_NAMES = 8;

/** Unchanged kernels in one line: they are context, not news. */
function unchangedLine(unchanged: readonly KernelComparison[]): string {
  const names = unchanged
    .slice(0, UNCHANGED_NAMES)
    .map((k) => codeSpan(k.displayName))
    .join(', ');
  const more = unchanged.length > UNCHANGED_NAMES ? `, and ${unchanged.length - UNCHANGED_NAMES} more` : '';
  return `_${unchanged.length} unchanged ${unchanged.length === 1 ? 'kernel' : 'kernels'} (same resources, occupancy and accesses): ${names}${more}._`;
}

function footer(context: RenderContext, truncated: boolean): string {
  const commits = context.sha
    ? ` · head ${context.sha.slice(0, 7)}${context.baseSha ? ` vs base ${context.baseSha.slice(0, 7)}` : ''}`
    : '';
  const failOn = ` · fail-on: ${context.failOn.length ? context.failOn.join(', ') : 'nothing'}`;
  const full = context.fullReportUrl ? ` · [full report](${context.fullReportUrl})` : '';
  const cut = truncated
    ? `\n\n_This comment was shortened to fit GitHub's limit${context.fullReportUrl ? '; the full report has everything' : '; see the job summary for everything'}._`
    : '';
  return `${cut}\n\n<sub>Carve${commits}${failOn}${full}</sub>`;
}

function assemble(comparison: Comparison, context: RenderContext, budget: Budget, truncated: boolean): string {
  const parts = [COMMENT_MARKER, headline(comparison, context)];
  if (context.problems) parts.push(context.problems);
  const sorted = [...comparison.kernels].sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status));
  const changed = sorted.filter((k) => k.status !== 'unchanged');
  const visible = changed.slice(0, budget.maxRows);
  if (visible.length) {
    const hidden = changed.length - visible.length;
    parts.push(
      markdownTable([KERNEL_TABLE_HEADER, ...visible.map(kernelRow)]) +
        (hidden ? `\n\n_${hidden} more changed ${hidden === 1 ? 'kernel' : 'kernels'} not shown._` : ''),
    );
  }
  const unchanged = sorted.filter((k) => k.status === 'unchanged');
  if (unchanged.length) parts.push(unchangedLine(unchanged));
  if (comparison.findings.length) {
    const groups = groupFindings(comparison.findings, context.failOn);
    const shown = groups.slice(0, budget.maxFindings);
    const rest = groups.slice(shown.length).reduce((sum, g) => sum + g.length, 0);
    const anchor = anchorLines(comparison);
    parts.push(
      [
        '#### Findings',
        ...shown.map((g) => findingMarkdown(g, context, anchor)),
        ...(rest ? [`_…and ${rest} more ${rest === 1 ? 'finding' : 'findings'}._`] : []),
      ].join('\n\n'),
    );
  }
  // Carving frontiers of the spaces the change touched (gate and `carve compare` of revisions).
  const carving = budget.charts ? renderCarvingSection(comparison.carving) : '';
  if (carving) parts.push(carving);
  if (budget.charts) {
    const charts = comparison.kernels
      .filter(occupancyChanged)
      .slice(0, MAX_CHARTS)
      .map(occupancyMermaid)
      .filter((c): c is string => c !== null);
    if (charts.length) {
      const summary = `Occupancy by block size (${charts.length} ${charts.length === 1 ? 'kernel' : 'kernels'})`;
      parts.push(`<details><summary>${summary}</summary>\n\n${OCCUPANCY_LEGEND}\n\n${charts.join('\n\n')}\n\n</details>`);
    }
  }
  if (budget.details) {
    const details = changed.map(kernelDetails).filter(Boolean);
    if (details.length) parts.push(['#### Details', ...details].join('\n\n'));
  }
  return parts.join('\n\n') + footer(context, truncated);
}

/** The line a kernel-wide finding links to: the kernel's first analysed line in its file. */
function anchorLines(comparison: Comparison): (finding: Finding) => number | null {
  return (finding) => {
    if (!finding.file) return null;
    const pair = comparison.kernels.find((k) => k.name === finding.kernel && k.arch === finding.arch);
    return kernelAnchorLine(pair?.head ?? null, finding.file);
  };
}

/** The sticky PR comment: markdown, marker first, at most `context.maxLength` (65,536) characters. */
export function renderComment(comparison: Comparison, context: RenderContext): string {
  const limit = context.maxLength ?? GITHUB_COMMENT_LIMIT;
  const all = Number.MAX_SAFE_INTEGER;
  const full = assemble(comparison, context, { details: true, charts: true, maxRows: all, maxFindings: all }, false);
  if (full.length <= limit) return full;
  const steps: Budget[] = [
    { details: false, charts: true, maxRows: all, maxFindings: all },
    { details: false, charts: false, maxRows: all, maxFindings: all },
  ];
  for (const budget of steps) {
    const text = assemble(comparison, context, budget, true);
    if (text.length <= limit) return text;
  }
  // Findings are what the reader acts on: shed table rows down to a few first, then findings.
  let maxFindings = groupFindings(comparison.findings, context.failOn).length;
  let maxRows = comparison.kernels.length;
  while (maxFindings > 0 || maxRows > 0) {
    if (maxRows > MIN_ROWS) maxRows = Math.max(MIN_ROWS, Math.floor(maxRows / 2));
    else if (maxFindings > 0) maxFindings = Math.floor(maxFindings / 2);
    else maxRows = Math.floor(maxRows / 2);
    const text = assemble(comparison, context, { details: false, charts: false, maxRows, maxFindings }, true);
    if (text.length <= limit) return text;
  }
  const bare = assemble(comparison, context, { details: false, charts: false, maxRows: 0, maxFindings: 0 }, true);
  return bare.slice(0, limit);
}
