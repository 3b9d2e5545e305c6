// The carving section of the PR comment and job summary: one compact row per touched space
// and arch (survivors, what moved, whether `current` stays on the frontier, the predicted
// best on each side), the per-step counts in a collapsed block, and the skipped spaces.
import { markdownTable } from 'markdown-table';
import type { FrontierComparisonSummary, PrCarvingSummary } from '../model/types.js';
import { codeSpan, escapeCell } from './format.js';

const MAX_IDS = 4;
// Unpadded cells: the comment has a 65,536-character budget and GitHub renders both alike.
const COMPACT = { alignDelimiters: false } as const;

function ids(list: string[]): string {
  if (!list.length) return '—';
  const shown = list.slice(0, MAX_IDS).map(codeSpan).join(', ');
  return list.length > MAX_IDS ? `${shown} +${list.length - MAX_IDS}` : shown;
}

function onFrontier(value: boolean | null): string {
  return value === null ? 'n/a' : value ? 'yes' : 'no';
}

/** A frontier comparison's summary cells as plain text; the comment and the HTML report format them. */
export function frontierCells(f: FrontierComparisonSummary): {
  baseKept: string;
  headKept: string;
  current: string;
  baseBest: string | null;
  headBest: string | null;
} {
  // A side without a result is a space whose source exists on the other side only.
  const kept = (side: FrontierComparisonSummary['base'], missing: string) => (side ? `${side.survivors.length}/${side.total}` : missing);
  return {
    baseKept: kept(f.base, 'new on head'),
    headKept: kept(f.head, 'not carved'),
    current: f.current ? `${onFrontier(f.current.onBase)} → ${onFrontier(f.current.onHead)}` : 'not set',
    baseBest: f.base?.best?.id ?? null,
    headBest: f.head?.best?.id ?? null,
  };
}

function row(f: FrontierComparisonSummary): string[] {
  const cells = frontierCells(f);
  const best = `${cells.baseBest !== null ? codeSpan(cells.baseBest) : '—'} → ${cells.headBest !== null ? codeSpan(cells.headBest) : '—'}`;
  return [codeSpan(f.space), f.arch, cells.baseKept, cells.headKept, ids(f.added), ids(f.removed), cells.current, best].map(escapeCell);
}

function steps(f: FrontierComparisonSummary): string {
  const names = [...new Set([...(f.base?.steps ?? []), ...(f.head?.steps ?? [])].map((s) => s.name))];
  const count = (side: FrontierComparisonSummary['base'], name: string) => {
    const step = side?.steps.find((s) => s.name === name);
    return step ? `${step.before} → ${step.after}` : '—';
  };
  return markdownTable([['step', 'base', 'head'], ...names.map((name) => [name, count(f.base, name), count(f.head, name)])], COMPACT);
}

const ms = (value: number) => `${value.toPrecision(4)} ms`;

/** One line per timed frontier: each side's fastest survivor and the head/base ratio. */
function timingLine(f: FrontierComparisonSummary): string | null {
  const t = f.timing;
  if (!t) return null;
  const failed = t.variants.filter((v) => v.error !== null).length;
  const pruned = (side: 'base' | 'head', id: string) => t.variants.some((v) => v.side === side && v.id === id && !v.survivor);
  const best = (side: 'base' | 'head', b: typeof t.baseBest) =>
    b ? `${codeSpan(b.id)} ${ms(b.medianMs)}${pruned(side, b.id) ? ' (current, pruned by carving)' : ''}` : 'none measured';
  const ratio =
    t.ratio === null
      ? ''
      : ` · head/base ${t.ratio.toFixed(3)}× (CI ${t.ratioCiLow!.toFixed(3)}–${t.ratioCiHigh!.toFixed(3)}, p = ${t.pValue!.toPrecision(2)})`;
  return `**${f.space}** (${f.arch}) timed in ${t.rounds} interleaved rounds (survivors and current): fastest on base ${best('base', t.baseBest)}, on head ${best('head', t.headBest)}${ratio}${failed ? ` · ${failed} launch(es) failed` : ''}.`;
}

const MAX_CAVEATS = 3;
const MAX_CAVEAT_CHARACTERS = 400;

/** Text the comment quotes, cut to a length the comment's budget affords. */
function shortCaveat(text: string): string {
  return text.length <= MAX_CAVEAT_CHARACTERS ? text : `${text.slice(0, MAX_CAVEAT_CHARACTERS - 1)}…`;
}

/** One line per frontier whose head carving has caveats, each quoted as code (it holds PTX and paths). */
function caveatLine(f: FrontierComparisonSummary): string | null {
  if (!f.caveats?.length) return null;
  const shown = f.caveats.slice(0, MAX_CAVEATS).map((c) => codeSpan(shortCaveat(c)));
  const more = f.caveats.length - shown.length;
  return `**${f.space}** (${f.arch}), head: ${shown.join('; ')}${more > 0 ? `; and ${more} more` : ''}.`;
}

/** Markdown for the comparison's carving; empty when the config has no spaces. */
export function renderCarvingSection(carving: PrCarvingSummary | undefined): string {
  if (!carving) return '';
  const parts = ['### Carving frontiers'];
  if (carving.note) parts.push(carving.note.charAt(0).toUpperCase() + carving.note.slice(1) + '.');
  if (carving.frontiers.length) {
    parts.push(
      markdownTable(
        [
          ['space', 'arch', 'base kept', 'head kept', 'added', 'removed', 'current on frontier', 'predicted best'],
          ...carving.frontiers.map(row),
        ],
        COMPACT,
      ),
    );
    const timed = carving.frontiers.map(timingLine).filter((line): line is string => line !== null);
    if (timed.length) parts.push(timed.join('\n\n'));
    const caveats = carving.frontiers.map(caveatLine).filter((line): line is string => line !== null);
    if (caveats.length) parts.push(caveats.join('\n\n'));
    const plots = (f: FrontierComparisonSummary) =>
      f.plots?.length ? `\n\nScatter plots in the report directory: ${f.plots.map(codeSpan).join(', ')}.` : '';
    parts.push(
      `<details><summary>Carving steps (${carving.variantsCarved} variants analysed)</summary>\n\n${carving.frontiers
        .map((f) => `**${f.space}** (${f.arch})\n\n${steps(f)}${plots(f)}`)
        .join('\n\n')}\n\n</details>`,
    );
  }
  const skipped = carving.note ? [] : carving.skipped;
  if (skipped.length) {
    parts.push(
      `${skipped.length} ${skipped.length === 1 ? 'space' : 'spaces'} skipped: ${skipped.map((s) => `${codeSpan(s.space)} (${s.reason})`).join('; ')}.`,
    );
  }
  return parts.join('\n\n');
}
