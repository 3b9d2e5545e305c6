// Check-run annotations and the check's conclusion. GitHub takes at most 50 annotations per
// create/update request, so the publisher sends them in batches (batchAnnotations).
import type { Comparison, Finding, KernelReport } from '../model/types.js';
import { isFailing, levelOf, repoPath } from './context.js';

export interface CheckAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'failure' | 'warning' | 'notice';
  title: string;
  message: string;
  raw_details?: string;
}

export interface AnnotationOptions {
  /** Absolute checkout path; report paths under it become repository-relative. */
  repoRoot?: string | null;
}

export const ANNOTATIONS_PER_REQUEST = 50;
const TITLE_LIMIT = 255;
const MESSAGE_LIMIT = 64 * 1024;

/**
 * A line to pin a finding without its own line (a cliff, a spill) to: the first source line
 * the kernel's analysis saw in the kernel's own file. Null when there is none.
 */
export function kernelAnchorLine(kernel: KernelReport | null, file: string): number | null {
  if (!kernel) return null;
  const lines = [...kernel.accesses, ...kernel.divergence, ...kernel.loops]
    .filter((site) => site.file === file && site.line !== null)
    .map((site) => site.line as number);
  return lines.length ? Math.min(...lines) : null;
}

/**
 * The line a finding is shown at, in check-run annotations and code-scanning alerts: its own,
 * else the kernel's anchor line, else 1 (both need a line; 1 marks the file as a whole).
 */
export function findingLine(comparison: Comparison, finding: Finding, file: string): number {
  if (finding.line !== null) return finding.line;
  const pair = comparison.kernels.find((k) => k.name === finding.kernel && k.arch === finding.arch);
  return kernelAnchorLine(pair?.head ?? null, file) ?? 1;
}

function clip(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

export function toAnnotations(comparison: Comparison, failOn: readonly string[], options: AnnotationOptions = {}): CheckAnnotation[] {
  const annotations: CheckAnnotation[] = [];
  for (const finding of comparison.findings) {
    const path = repoPath(finding.file, options.repoRoot);
    if (!path || !finding.file) continue;
    const line = findingLine(comparison, finding, finding.file);
    annotations.push({
      path,
      start_line: line,
      end_line: line,
      annotation_level: levelOf(finding, failOn),
      title: clip(`Carve ${finding.kind}: ${finding.displayName} (${finding.arch})`, TITLE_LIMIT),
      message: clip(`${finding.title}\n${finding.message}${finding.remedy ? `\nRemedy: ${finding.remedy}` : ''}`, MESSAGE_LIMIT),
      raw_details: clip(JSON.stringify(finding.evidence, null, 2), MESSAGE_LIMIT),
    });
  }
  return annotations;
}

/** Splits annotations into request-sized batches (50 each; the last may be shorter). */
export function batchAnnotations(annotations: readonly CheckAnnotation[], size = ANNOTATIONS_PER_REQUEST): CheckAnnotation[][] {
  const batches: CheckAnnotation[][] = [];
  for (let i = 0; i < annotations.length; i += size) batches.push(annotations.slice(i, i + size));
  return batches;
}

export type CheckConclusion = 'success' | 'failure';

/** failure when a finding's kind is in fail-on; success otherwise (warnings do not fail). */
export function conclusionFor(comparison: Comparison, failOn: readonly string[]): CheckConclusion {
  return comparison.findings.some((f: Finding) => isFailing(f, failOn)) ? 'failure' : 'success';
}
