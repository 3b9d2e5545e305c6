// Inline SVG charts for the HTML report: line chart (occupancy curves), scatter with a
// frontier (carving), horizontal bars (instruction mix) and a log-log roofline. Plain
// strings, no scripts, no external assets.
import { escapeHtml as esc } from './format.js';

const W = 560;
const H = 300;
const M = { left: 56, right: 16, top: 28, bottom: 44 };
export const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b'];

const fmt = (v: number) => String(Number(v.toPrecision(4)));

interface Scale {
  (v: number): number;
}

function linear(domain: [number, number], range: [number, number]): Scale {
  const span = domain[1] - domain[0] || 1;
  return (v) => range[0] + ((v - domain[0]) / span) * (range[1] - range[0]);
}

function frame(title: string, body: string, xLabel: string, yLabel: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(title)}" font-family="sans-serif" font-size="11">` +
    `<title>${esc(title)}</title>` +
    `<text x="${W / 2}" y="16" text-anchor="middle" font-size="13" font-weight="bold">${esc(title)}</text>` +
    `<line x1="${M.left}" y1="${H - M.bottom}" x2="${W - M.right}" y2="${H - M.bottom}" stroke="#333"/>` +
    `<line x1="${M.left}" y1="${M.top}" x2="${M.left}" y2="${H - M.bottom}" stroke="#333"/>` +
    `<text x="${(M.left + W - M.right) / 2}" y="${H - 8}" text-anchor="middle">${esc(xLabel)}</text>` +
    `<text x="14" y="${(M.top + H - M.bottom) / 2}" text-anchor="middle" transform="rotate(-90 14 ${(M.top + H - M.bottom) / 2})">${esc(yLabel)}</text>` +
    body +
    '</svg>'
  );
}

function ticks(values: number[], x: Scale | null, y: Scale | null, label: (v: number) => string = fmt): string {
  return values
    .map((v) =>
      x
        ? `<line x1="${x(v)}" y1="${H - M.bottom}" x2="${x(v)}" y2="${H - M.bottom + 4}" stroke="#333"/><text x="${x(v)}" y="${H - M.bottom + 15}" text-anchor="middle">${esc(label(v))}</text>`
        : `<line x1="${M.left - 4}" y1="${y!(v)}" x2="${W - M.right}" y2="${y!(v)}" stroke="#ddd"/><text x="${M.left - 6}" y="${y!(v) + 4}" text-anchor="end">${esc(label(v))}</text>`,
    )
    .join('');
}

function legend(series: Array<{ name: string; color: string }>): string {
  return series
    .map(
      (s, i) =>
        `<rect x="${W - M.right - 110}" y="${M.top + 4 + i * 15}" width="10" height="10" fill="${s.color}"/><text x="${W - M.right - 96}" y="${M.top + 13 + i * 15}">${esc(s.name)}</text>`,
    )
    .join('');
}

export interface LineSeries {
  name: string;
  color: string;
  points: Array<[number, number]>;
}

/** Lines over a shared x axis; y from 0 to yMax. */
export function lineChart(title: string, xLabel: string, yLabel: string, series: LineSeries[], yMax: number): string {
  const xs = series.flatMap((s) => s.points.map((p) => p[0]));
  if (xs.length === 0) return frame(title, `<text x="${W / 2}" y="${H / 2}" text-anchor="middle">no data</text>`, xLabel, yLabel);
  const x = linear([Math.min(...xs), Math.max(...xs)], [M.left, W - M.right]);
  const y = linear([0, yMax], [H - M.bottom, M.top]);
  const xTicks = [...new Set(xs)].sort((a, b) => a - b).filter((_, i, all) => i % Math.ceil(all.length / 8) === 0 || i === all.length - 1);
  const yTicks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * yMax);
  const lines = series
    .map(
      (s) =>
        `<polyline fill="none" stroke="${s.color}" stroke-width="2" points="${s.points.map((p) => `${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`).join(' ')}"/>`,
    )
    .join('');
  return frame(title, ticks(yTicks, null, y) + ticks(xTicks, x, null) + lines + legend(series), xLabel, yLabel);
}

export interface ScatterPoint {
  x: number;
  y: number;
  label: string;
  survivor: boolean;
  frontier: boolean;
}

/** Carving scatter: every variant, survivors filled, the frontier joined by a line. */
export function scatterChart(title: string, xLabel: string, yLabel: string, points: ScatterPoint[]): string {
  if (points.length === 0)
    return frame(title, `<text x="${W / 2}" y="${H / 2}" text-anchor="middle">no variants with metrics</text>`, xLabel, yLabel);
  const xMax = Math.max(...points.map((p) => p.x)) || 1;
  const yMax = Math.max(...points.map((p) => p.y)) || 1;
  const x = linear([0, xMax * 1.05], [M.left, W - M.right]);
  const y = linear([0, yMax * 1.05], [H - M.bottom, M.top]);
  const frontier = points.filter((p) => p.frontier).sort((a, b) => a.x - b.x);
  const path =
    frontier.length > 1
      ? `<polyline fill="none" stroke="${PALETTE[1]}" stroke-dasharray="4 3" points="${frontier.map((p) => `${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`).join(' ')}"/>`
      : '';
  const dots = points
    .map(
      (p) =>
        `<circle cx="${x(p.x).toFixed(1)}" cy="${y(p.y).toFixed(1)}" r="${p.frontier ? 5 : 3.5}" fill="${p.survivor ? PALETTE[0] : '#fff'}" stroke="${p.frontier ? PALETTE[1] : PALETTE[0]}" stroke-width="1.5"><title>${esc(p.label)}</title></circle>`,
    )
    .join('');
  const tickValues = (max: number) => [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  const key = legend([
    { name: 'survivor', color: PALETTE[0] },
    { name: 'frontier', color: PALETTE[1] },
  ]);
  return frame(title, ticks(tickValues(yMax), null, y) + ticks(tickValues(xMax), x, null) + path + dots + key, xLabel, yLabel);
}

export interface Bar {
  label: string;
  value: number;
}

/** Horizontal bars with their values printed. */
export function barChart(title: string, unit: string, bars: Bar[]): string {
  const height = M.top + 20 + bars.length * 18;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const labelWidth = 110;
  const x = linear([0, max], [labelWidth, W - 80]);
  const rows = bars
    .map((b, i) => {
      const top = M.top + 8 + i * 18;
      return `<text x="${labelWidth - 6}" y="${top + 11}" text-anchor="end">${esc(b.label)}</text><rect x="${labelWidth}" y="${top}" width="${Math.max(0, x(b.value) - labelWidth).toFixed(1)}" height="13" fill="${PALETTE[0]}"/><text x="${(x(b.value) + 4).toFixed(1)}" y="${top + 11}">${esc(fmt(b.value))}</text>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${height}" width="${W}" height="${height}" role="img" aria-label="${esc(title)}" font-family="sans-serif" font-size="11">` +
    `<title>${esc(title)}</title><text x="${W / 2}" y="16" text-anchor="middle" font-size="13" font-weight="bold">${esc(title)}</text>` +
    `<text x="${W - 8}" y="16" text-anchor="end" fill="#555">${esc(unit)}</text>${rows}</svg>`
  );
}

export interface RooflineInput {
  title: string;
  /** FLOPs per byte of global traffic. */
  intensity: number;
  bandwidthGBs: number;
  /** null when no sourced peak exists: only the memory roof is drawn and the chart says so. */
  peakGflops: number | null;
  note: string;
}

/** Log-log roofline with the kernel's position on its roof (the bound, not a measurement). */
export function rooflineChart(input: RooflineInput): string {
  const { intensity, bandwidthGBs, peakGflops } = input;
  const ridge = peakGflops !== null ? peakGflops / bandwidthGBs : null;
  const xMin = Math.min(intensity, ridge ?? intensity, 1) / 8;
  const xMax = Math.max(intensity, ridge ?? intensity, 1) * 8;
  const bound = (ai: number) => (peakGflops !== null ? Math.min(peakGflops, ai * bandwidthGBs) : ai * bandwidthGBs);
  const yMax = (peakGflops ?? bound(xMax)) * 2;
  const yMin = Math.min(bound(xMin), bound(intensity)) / 2;
  const lx = linear([Math.log10(xMin), Math.log10(xMax)], [M.left, W - M.right]);
  const ly = linear([Math.log10(yMin), Math.log10(yMax)], [H - M.bottom, M.top]);
  const px = (v: number) => lx(Math.log10(v)).toFixed(1);
  const py = (v: number) => ly(Math.log10(v)).toFixed(1);
  const roofPoints = ridge !== null && ridge > xMin && ridge < xMax ? [xMin, ridge, xMax] : [xMin, xMax];
  const roof = `<polyline fill="none" stroke="#333" stroke-width="2" points="${roofPoints.map((v) => `${px(v)},${py(bound(v))}`).join(' ')}"/>`;
  const decades = (lo: number, hi: number) => {
    const out: number[] = [];
    for (let e = Math.ceil(Math.log10(lo)); e <= Math.floor(Math.log10(hi)); e++) out.push(10 ** e);
    return out;
  };
  const xTicks = decades(xMin, xMax)
    .map((v) => `<text x="${px(v)}" y="${H - M.bottom + 15}" text-anchor="middle">${esc(fmt(v))}</text>`)
    .join('');
  const yTicks = decades(yMin, yMax)
    .map(
      (v) =>
        `<line x1="${M.left}" y1="${py(v)}" x2="${W - M.right}" y2="${py(v)}" stroke="#eee"/><text x="${M.left - 6}" y="${Number(py(v)) + 4}" text-anchor="end">${esc(fmt(v))}</text>`,
    )
    .join('');
  const point = `<circle cx="${px(intensity)}" cy="${py(bound(intensity))}" r="5" fill="${PALETTE[1]}"><title>${esc(`${fmt(intensity)} FLOP/B, bound ${fmt(bound(intensity))} GFLOP/s`)}</title></circle>`;
  const missing =
    peakGflops === null
      ? `<text x="${M.left + 8}" y="${M.top + 12}" fill="${PALETTE[1]}">no sourced peak FLOP/s: compute roof not drawn</text>`
      : '';
  const note = `<text x="${M.left + 8}" y="${M.top + (peakGflops === null ? 26 : 12)}" fill="#555">${esc(input.note)}</text>`;
  return frame(input.title, yTicks + xTicks + roof + point + missing + note, 'FLOP per global byte (log)', 'GFLOP/s (log)');
}
