// Findings as markdown list items, with a link to the line at the head commit.
import type { Comparison, Finding } from '../model/types.js';
import { levelOf, lineUrl, repoPath, type RenderContext } from './context.js';
import { codeSpan } from './format.js';

const ICONS = { failure: '❌', warning: '⚠️', notice: 'ℹ️' } as const;

function location(finding: Finding, context: RenderContext, anchorLine: number | null): string {
  if (!finding.file) return '';
  const path = repoPath(finding.file, context.repoRoot) ?? finding.file.split('/').pop() ?? finding.file;
  const text = finding.line !== null ? `${path}:${finding.line}` : path;
  // A finding of the whole kernel (a cliff) links to the kernel's first line: links always carry an anchor.
  const url = lineUrl(context, finding.file, finding.line ?? anchorLine);
  return url ? ` ([${text}](${url}))` : ` (${text})`;
}

/** One finding, or a group of findings identical but for the kernel (`findings` in kernel order). */
export function findingMarkdown(
  finding: Finding | readonly Finding[],
  context: RenderContext,
  anchorLine: (f: Finding) => number | null = () => null,
): string {
  const group = Array.isArray(finding) ? (finding as readonly Finding[]) : [finding as Finding];
  const first = group[0];
  const level = levelOf(first, context.failOn);
  const kernels =
    group.length === 1
      ? `${codeSpan(first.displayName)} (${first.arch})`
      : `${group.length} kernels: ${group
          .slice(0, GROUP_NAMES)
          .map((f) => codeSpan(f.displayName))
          .join(
            ', ',
          )}${group.length > GROUP_NAMES ? `, and ${group.length - GROUP_NAMES} more` : ''} (${[...new Set(group.map((f) => f.arch))].join(', ')})`;
  const count = group.length > 1 ? ` **×${group.length}**` : '';
  const lines = [
    `- ${ICONS[level]} **${first.kind}**${count} · ${kernels}: ${first.title}${location(first, context, anchorLine(first))}`,
    `  ${group.length > 1 ? `For ${codeSpan(first.displayName)}: ` : ''}${first.message}`,
  ];
  if (first.remedy) lines.push(`  **Remedy:** ${first.remedy}`);
  return lines.join('<br>\n');
}

const GROUP_NAMES = 5;

/**
 * Findings of one kind with the same title, level and remedy (200 kernels crossing the same
 * cliff) as one group each, in the order of their first member.
 */
export function groupFindings(findings: readonly Finding[], failOn: readonly string[]): Finding[][] {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = JSON.stringify([f.kind, levelOf(f, failOn), f.title, f.remedy, f.line === null ? null : f.file]);
    const group = groups.get(key);
    if (group) group.push(f);
    else groups.set(key, [f]);
  }
  return [...groups.values()];
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
