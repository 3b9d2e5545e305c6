// Occupancy curves as a mermaid xychart (GitHub renders mermaid blocks in comments).
import type { KernelComparison, OccupancyCurvePoint } from './types.js';

/** Kernels whose occupancy or occupancy curve differs between base and head. */
export function occupancyChanged(pair: KernelComparison): boolean {
  const base = pair.base;
  const head = pair.head;
  if (!base?.cliffs || !head?.cliffs) return false;
  if (base.occupancy?.activeWarpsPerSM !== head.occupancy?.activeWarpsPerSM) return true;
  return curveValues(base.cliffs.curve).join() !== curveValues(head.cliffs.curve).join();
}

function curveValues(curve: OccupancyCurvePoint[]): number[] {
  return curve.map((p) => Number((p.occupancy * 100).toFixed(1)));
}

/** A mermaid xychart-beta block: x = threads per block, one line per side (base first). */
export function occupancyMermaid(pair: KernelComparison): string | null {
  const head = pair.head?.cliffs?.curve;
  const base = pair.base?.cliffs?.curve;
  if (!head || head.length === 0) return null;
  const sizes = head.map((p) => p.blockSize);
  const baseBySize = new Map((base ?? []).map((p) => [p.blockSize, p]));
  const baseLine = base ? sizes.map((s) => Number(((baseBySize.get(s)?.occupancy ?? 0) * 100).toFixed(1))) : null;
  const title = `${pair.displayName} (${pair.arch}): occupancy % by block size, ${baseLine ? 'base then head' : 'head'}`.replace(/"/g, "'");
  return [
    '```mermaid',
    'xychart-beta',
    `  title "${title}"`,
    `  x-axis "threads per block" [${sizes.join(', ')}]`,
    '  y-axis "occupancy %" 0 --> 100',
    ...(baseLine ? [`  line [${baseLine.join(', ')}]`] : []),
    `  line [${curveValues(head).join(', ')}]`,
    '```',
  ].join('\n');
}
