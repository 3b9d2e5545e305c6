// Findings as markdown list items, with a link to the line at the head commit.
import type { Comparison, Finding } from './types.js';
import { levelOf, lineUrl, repoPath, type RenderContext } from './context.js';

const ICONS = { failure: '❌', warning: '⚠️', notice: 'ℹ️' } as const;

function location(finding: Finding, context: RenderContext): string {
  if (!finding.file) return '';
  const path = repoPath(finding.file, context.repoRoot) ?? finding.file.split('/').pop() ?? finding.file;
  const text = finding.line !== null ? `${path}:${finding.line}` : path;
  const url = lineUrl(context, finding.file, finding.line);
  return url ? ` ([${text}](${url}))` : ` (${text})`;
}

export function findingMarkdown(finding: Finding, context: RenderContext): string {
  const level = levelOf(finding, context.failOn);
  const lines = [
    `- ${ICONS[level]} **${finding.kind}** · \`${finding.displayName}\` (${finding.arch}): ${finding.title}${location(finding, context)}`,
    `  ${finding.message}`,
  ];
  if (finding.remedy) lines.push(`  **Remedy:** ${finding.remedy}`);
  return lines.join('<br>\n');
}

/** "2 failing (cliff, uncoalesced), 1 warning" or "no findings". */
export function findingCounts(comparison: Comparison, failOn: readonly string[]): { failing: number; text: string } {
  const failingKinds = new Set<string>();
  let failing = 0;
  let warnings = 0;
  let notices = 0;
  for (const f of comparison.findings) {
    const level = levelOf(f, failOn);
    if (level === 'failure') {
      failing++;
      failingKinds.add(f.kind);
    } else if (level === 'warning') warnings++;
    else notices++;
  }
  const parts: string[] = [];
  if (failing) parts.push(`${failing} failing (${[...failingKinds].join(', ')})`);
  if (warnings) parts.push(`${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`);
  if (notices) parts.push(`${notices} ${notices === 1 ? 'notice' : 'notices'}`);
  return { failing, text: parts.length ? parts.join(', ') : 'no findings' };
}

/** "3 kernels on sm_90: 1 changed, 2 unchanged". */
export function kernelCounts(comparison: Comparison): string {
  const archs = [...new Set(comparison.kernels.map((k) => k.arch))];
  const byStatus = new Map<string, number>();
  for (const k of comparison.kernels) byStatus.set(k.status, (byStatus.get(k.status) ?? 0) + 1);
  const statuses = ['changed', 'added', 'removed', 'unchanged'].filter((s) => byStatus.has(s)).map((s) => `${byStatus.get(s)} ${s}`);
  const count = comparison.kernels.length;
  return `${count} ${count === 1 ? 'kernel' : 'kernels'}${archs.length ? ` on ${archs.join(', ')}` : ''}${statuses.length ? `: ${statuses.join(', ')}` : ''}`;
}
