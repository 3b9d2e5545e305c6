// Cell formatting for per-kernel tables: "64 → 80" when a value changed, "64" when not.
import { inlineCode } from './inline-code.js';
import type { KernelComparison, KernelReport } from '../model/types.js';

export function pct(fraction: number): string {
  return `${Number((fraction * 100).toFixed(1))}%`;
}

export function change(before: number | string | null | undefined, after: number | string | null | undefined): string {
  const text = (v: number | string | null | undefined) => (v === null || v === undefined ? '?' : String(v));
  if (before === undefined) return text(after);
  if (after === undefined) return text(before);
  return text(before) === text(after) ? text(after) : `${text(before)} → ${text(after)}`;
}

export function spills(kernel: KernelReport | null): number | null | undefined {
  if (!kernel) return undefined;
  const r = kernel.resources;
  if (!r || r.spillStoreBytes === null || r.spillLoadBytes === null) return null;
  return r.spillStoreBytes + r.spillLoadBytes;
}

function side<T>(kernel: KernelReport | null, pick: (k: KernelReport) => T | null): T | null | undefined {
  return kernel ? pick(kernel) : undefined;
}

function occupancyCell(kernel: KernelReport | null): string | null | undefined {
  return side(kernel, (k) => (k.occupancy ? `${pct(k.occupancy.occupancy)} (${k.occupancy.activeBlocksPerSM} blk)` : null));
}

/** Occupancy change in percentage points, or "" when either side is unknown. */
function occupancyDelta(pair: KernelComparison): string {
  const before = pair.base?.occupancy?.occupancy;
  const after = pair.head?.occupancy?.occupancy;
  if (before === undefined || after === undefined) return '';
  const points = Number(((after - before) * 100).toFixed(1));
  return points === 0 ? '0' : `${points > 0 ? '+' : '−'}${Math.abs(points)} pts`;
}

export const KERNEL_TABLE_HEADER = ['Kernel', 'Arch', 'Status', 'Registers', 'Shared (B)', 'Spills (B)', 'Occupancy', 'Δ'];

export function kernelRow(pair: KernelComparison): string[] {
  return [
    inlineCode(pair.displayName),
    pair.arch,
    pair.status,
    change(
      side(pair.base, (k) => k.resources?.registers ?? null),
      side(pair.head, (k) => k.resources?.registers ?? null),
    ),
    change(
      side(pair.base, (k) => k.resources?.staticSharedBytes ?? null),
      side(pair.head, (k) => k.resources?.staticSharedBytes ?? null),
    ),
    change(spills(pair.base), spills(pair.head)),
    change(occupancyCell(pair.base), occupancyCell(pair.head)),
    occupancyDelta(pair),
  ];
}

/** Pipes and newlines would break a markdown table cell. */
export function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * Text as a markdown code span that no backtick inside it can close early: the fence is one
 * backtick longer than the longest run inside (CommonMark), padded with a space (which
 * CommonMark strips) so a leading or trailing backtick is not read as part of the fence.
 */
export function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = longest ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
