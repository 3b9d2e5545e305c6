// The collapsed per-kernel details of the comment and the summary: launch, resources,
// occupancy and cliffs, per-thread work, and the non-ideal memory sites.
import { markdownTable } from 'markdown-table';
import type { KernelComparison, KernelReport } from '../model/types.js';
import { change, escapeCell, pct, spills } from './format.js';

type Pick<T> = (k: KernelReport) => T | null;

function row(pair: KernelComparison, label: string, pick: Pick<number | string>): string[] {
  const value = (k: KernelReport | null) => (k ? pick(k) : undefined);
  return [label, change(value(pair.base), value(pair.head))];
}

const headroom =
  (side: 'registers' | 'sharedMemory'): Pick<string> =>
  (k) => {
    const cliff = k.cliffs?.[side];
    if (!cliff) return null;
    const add = cliff.headroom === null ? 'no drop in range' : `+${cliff.headroom + 1}: ${cliff.blocksAfterDrop} blk`;
    const shed = cliff.shedToGain === null ? 'no gain' : `−${cliff.shedToGain}: ${cliff.blocksAfterGain} blk`;
    return `${add}, ${shed}`;
  };

export function kernelDetails(pair: KernelComparison): string {
  const kernel = pair.head ?? pair.base;
  if (!kernel) return '';
  const rows = [
    ['Metric', pair.base && pair.head ? 'base → head' : pair.head ? 'head' : 'base'],
    row(pair, 'Block', (k) => (k.launch.block ? `${k.launch.block.join('×')} (${k.launch.blockSource ?? '?'})` : null)),
    row(pair, 'Registers / thread', (k) => k.resources?.registers ?? null),
    row(pair, 'Static shared / block (B)', (k) => k.resources?.staticSharedBytes ?? null),
    row(pair, 'Local / thread (B)', (k) => k.resources?.localBytes ?? null),
    row(pair, 'Spills / thread (B)', (k) => spills(k) ?? null),
    row(pair, 'Blocks / SM', (k) => k.occupancy?.activeBlocksPerSM ?? null),
    row(pair, 'Occupancy', (k) => (k.occupancy ? pct(k.occupancy.occupancy) : null)),
    row(pair, 'Limiter', (k) => k.occupancy?.limiter.join(', ') ?? null),
    row(pair, 'Next register cliff (add / shed)', headroom('registers')),
    row(pair, 'Next shared cliff, B (add / shed)', headroom('sharedMemory')),
    row(pair, 'Instructions / thread', (k) => (k.perThread ? assumed(k, Number(k.perThread.instructions.toFixed(1))) : null)),
    row(pair, 'FLOPs / thread', (k) => (k.perThread ? assumed(k, Number(k.perThread.flops.toFixed(1))) : null)),
    row(pair, 'Global bytes / thread (ld+st)', (k) =>
      k.perThread ? assumed(k, Number((k.perThread.globalLoadBytes + k.perThread.globalStoreBytes).toFixed(1))) : null,
    ),
    row(pair, 'Regions', (k) => k.regions),
  ].map((cells) => cells.map(escapeCell));
  const parts = [markdownTable(rows, { align: ['l', 'r'] })];
  const notes = [kernel.launch.note, kernel.perThread?.usesAssumedTripCounts ? assumedNote(kernel) : undefined].filter(Boolean);
  if (notes.length) parts.push(notes.map((n) => `_${n}_`).join(' '));
  const sites = siteRows(kernel);
  if (sites.length) parts.push(markdownTable([['Line', 'Access', 'Class', 'Sectors (ideal)', 'Bank ways', 'Sites', 'Weight'], ...sites]));
  const summary = `<code>${escapeHtmlText(pair.displayName)}</code> · ${pair.arch} · ${pair.status}`;
  return `<details><summary>${summary}</summary>\n\n${parts.join('\n\n')}\n\n</details>`;
}

/** Non-ideal memory sites, one row per source line, access and class (unrolled copies summed). */
function siteRows(kernel: KernelReport): string[][] {
  const rows = new Map<string, { cells: string[]; sites: number; weight: number }>();
  for (const a of kernel.accesses) {
    if (a.class === null || a.class === 'coalesced' || a.class === 'uniform') continue;
    const where = a.file ? `${a.file.split('/').pop()}:${a.line ?? '?'}` : '?';
    const sectors = a.sectorsPerRequest === null ? '?' : `${a.sectorsPerRequest} (${a.idealSectors ?? '?'})`;
    const cells = [where, `${a.space} ${a.kind}`, a.class, sectors, a.bankConflictWays === null ? '' : String(a.bankConflictWays)];
    const key = cells.join('|');
    const row = rows.get(key) ?? { cells, sites: 0, weight: 0 };
    row.sites++;
    row.weight += a.dynamicWeight;
    rows.set(key, row);
  }
  return [...rows.values()].map((r) => [...r.cells, String(r.sites), String(Number(r.weight.toFixed(2)))].map(escapeCell));
}

/** A figure that rests on an assumed loop trip count carries a mark next to it. */
function assumed(k: KernelReport, value: number): number | string {
  return k.perThread?.usesAssumedTripCounts ? `${value} (assumed trips)` : value;
}

function assumedNote(k: KernelReport): string {
  const lines = k.loops
    .filter((l) => l.tripCount === null || l.upperBound)
    .map(
      (l) =>
        `${(l.file ?? '?').split('/').pop()}:${l.line ?? '?'} ${l.tripCount === null ? `= ${l.assumedTripCount}` : `≤ ${l.tripCount} (upper bound)`}`,
    );
  return `Figures marked (assumed trips) rest on assumed loop trip counts (${lines.join(', ')}); give the parameter values (kernels.NAME.params) or loops.hints.`;
}

function escapeHtmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
