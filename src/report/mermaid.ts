// Occupancy curves as a mermaid xychart (GitHub renders mermaid blocks in comments).
import type { KernelComparison, OccupancyCurvePoint } from '../model/types.js';

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

/** Line colours (base grey, head red), named by OCCUPANCY_LEGEND; a head-only chart's one line is red. */
const palette = (colors: string) => `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${colors}"}}}}%%`;
const BASE_GREY = '#8c959f';
const HEAD_RED = '#cf222e';

export const OCCUPANCY_LEGEND =
  "Legend: **grey** line = base, **red** line = head (occupancy % of the SM's warps at each block size). A chart with one red line is head-only (no base curve).";

/**
 * A mermaid xychart-beta block: x = threads per block, one line per side (base first). The
 * x axis holds the block sizes both curves have: a size the base did not evaluate is left
 * out, never drawn as 0%.
 */
export function occupancyMermaid(pair: KernelComparison): string | null {
  const head = pair.head?.cliffs?.curve;
  const base = pair.base?.cliffs?.curve;
  if (!head || head.length === 0) return null;
  const baseBySize = new Map((base ?? []).map((p) => [p.blockSize, p]));
  const points = base?.length ? head.filter((p) => baseBySize.has(p.blockSize)) : head;
  if (points.length === 0) return null;
  const sizes = points.map((p) => p.blockSize);
  const baseLine = base?.length ? curveValues(sizes.map((s) => baseBySize.get(s)!)) : null;
  const title =
    `${pair.displayName} (${pair.arch}): occupancy % by block size, ${baseLine ? 'base (grey) and head (red)' : 'head'}`.replace(/"/g, "'");
  return [
    '```mermaid',
    palette(baseLine ? `${BASE_GREY}, ${HEAD_RED}` : HEAD_RED),
    'xychart-beta',
    `  title "${title}"`,
    `  x-axis "threads per block" [${sizes.join(', ')}]`,
    '  y-axis "occupancy %" 0 --> 100',
    ...(baseLine ? [`  line [${baseLine.join(', ')}]`] : []),
    `  line [${curveValues(points).join(', ')}]`,
    '```',
  ].join('\n');
}
