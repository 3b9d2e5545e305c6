// The self-contained HTML release report: inline CSS and SVG only (no scripts, no external
// assets), one section per kernel and arch, then the carving scatters.
import type { KernelReport, PrCarvingSummary } from '../model/types.js';
import { frontierCells } from './carving-markdown.js';
import { escapeHtml as esc, pct } from './format.js';
import { barChart, lineChart, PALETTE, rooflineChart, scatterChart } from './svg.js';
import {
  allKernels,
  kernelsWithSide,
  archPeaks,
  arithmeticIntensity,
  isOnFrontier,
  isSurvivor,
  mixBars,
  variantLabel,
  type CarvingInput,
  type ReleaseReportInput,
} from './release-model.js';

const STYLE = `body{font-family:sans-serif;margin:24px;color:#222;max-width:1200px}h1{font-size:22px}h2{font-size:18px;border-bottom:1px solid #ccc;padding-bottom:4px;margin-top:32px}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}th{background:#f4f4f4}td:first-child,th:first-child{text-align:left}
.charts{display:flex;flex-wrap:wrap;gap:12px}.note{color:#666;font-size:12px}code{background:#f4f4f4;padding:0 3px}`;

function metricsTable(kernel: KernelReport): string {
  const r = kernel.resources;
  const o = kernel.occupancy;
  const rows: Array<[string, string]> = [
    ['Block', kernel.launch.block ? `${kernel.launch.block.join('×')} (${kernel.launch.blockSource ?? '?'})` : 'unknown'],
    ['Registers / thread', r ? String(r.registers) : 'unknown'],
    ['Static shared / block', r ? `${r.staticSharedBytes} B` : 'unknown'],
    [
      'Spills / thread',
      r ? (r.spillStoreBytes === null || r.spillLoadBytes === null ? 'unknown' : `${r.spillStoreBytes + r.spillLoadBytes} B`) : 'unknown',
    ],
    [
      'Occupancy',
      o ? `${pct(o.occupancy)} (${o.activeBlocksPerSM} blocks, ${o.activeWarpsPerSM} warps/SM; ${o.limiter.join(', ')})` : 'unknown',
    ],
    ['Instructions / thread', kernel.perThread ? String(Number(kernel.perThread.instructions.toFixed(1))) : 'unknown'],
    ['Regions', kernel.regions === null ? 'unknown' : String(kernel.regions)],
  ];
  return (
    `<table>${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>` +
    (kernel.launch.note ? `<p class="note">${esc(kernel.launch.note)}</p>` : '')
  );
}

function occupancySvg(kernel: KernelReport): string {
  const curve = kernel.cliffs?.curve ?? [];
  return lineChart(
    `Occupancy by block size (${kernel.arch})`,
    'threads per block',
    'occupancy %',
    [{ name: kernel.arch, color: PALETTE[0], points: curve.map((p) => [p.blockSize, p.occupancy * 100]) }],
    100,
  );
}

function rooflineSvg(kernel: KernelReport): string {
  const intensity = arithmeticIntensity(kernel);
  const peaks = archPeaks(kernel.arch);
  if (intensity.value === null || !peaks || peaks.bandwidthGBs === null) {
    const why = intensity.value === null ? intensity.reason : `no sourced DRAM bandwidth for ${kernel.arch}`;
    return `<p class="note">Roofline not drawn: ${esc(why)}.</p>`;
  }
  const unverified = peaks.unverified.length ? `; unverified: ${peaks.unverified.join(', ')}` : '';
  return rooflineChart({
    title: `Roofline position (${peaks.part})`,
    intensity: intensity.value,
    bandwidthGBs: peaks.bandwidthGBs,
    peakGflops: peaks.peakGflops,
    note: `${peaks.bandwidthGBs} GB/s${peaks.peakGflops !== null ? `, ${Math.round(peaks.peakGflops)} GFLOP/s FP32` : ''}${unverified}`,
  });
}

function kernelSection(kernel: KernelReport, side: 'base' | 'head' | null): string {
  const bars = mixBars(kernel);
  const mix = bars.length
    ? barChart('Dynamic instruction mix per thread', 'instructions', bars)
    : '<p class="note">No instruction mix (PTX not analysed).</p>';
  return (
    `<section><h2><code>${esc(kernel.displayName)}</code> · ${esc(kernel.arch)}${side ? ` · ${side}` : ''}</h2>${metricsTable(kernel)}` +
    `<div class="charts">${occupancySvg(kernel)}${mix}${rooflineSvg(kernel)}</div></section>`
  );
}

function carvingSection(carving: CarvingInput): string {
  const points = carving.variants
    .filter((v) => v.efficiency !== null && v.utilization !== null)
    .map((v) => ({
      x: v.efficiency as number,
      y: v.utilization as number,
      label: variantLabel(v),
      survivor: isSurvivor(v),
      frontier: isOnFrontier(v),
    }));
  const survivors = carving.variants.filter(isSurvivor).length;
  const name = [carving.space, carving.arch].filter(Boolean).join(' · ') || 'variant space';
  return (
    `<section><h2>Carving: ${esc(name)}</h2><p>${carving.variants.length} variants, ${survivors} survivors, ${points.filter((p) => p.frontier).length} on the frontier.</p>` +
    scatterChart(`Efficiency vs utilization (${name})`, 'efficiency', 'utilization', points) +
    '</section>'
  );
}

/** A pull request's frontier comparisons: one row per space and arch. */
function frontiersSection(carving: PrCarvingSummary | null | undefined): string {
  if (!carving) return '';
  const rows = carving.frontiers
    .map((f) => ({ f, cells: frontierCells(f) }))
    .map(
      ({ f, cells }) =>
        `<tr>${[
          f.space,
          f.arch,
          cells.baseKept,
          cells.headKept,
          f.added.join(', ') || '—',
          f.removed.join(', ') || '—',
          cells.current,
          `${cells.baseBest ?? '—'} → ${cells.headBest ?? '—'}`,
          f.timing?.ratio != null ? `${f.timing.ratio.toFixed(3)}× (p = ${f.timing.pValue!.toPrecision(2)})` : '—',
        ]
          .map((cell) => `<td>${esc(cell)}</td>`)
          .join('')}</tr>`,
    )
    .join('');
  const head = ['space', 'arch', 'base kept', 'head kept', 'added', 'removed', 'current on frontier', 'predicted best', 'head/base time']
    .map((h) => `<th>${h}</th>`)
    .join('');
  const skipped = carving.skipped.map((s) => `<li><code>${esc(s.space)}</code>: ${esc(s.reason)}</li>`).join('');
  const caveats = carving.frontiers
    .flatMap((f) => (f.caveats ?? []).map((c) => `<li><code>${esc(f.space)}</code> (${esc(f.arch)}), head: ${esc(c)}</li>`))
    .join('');
  return (
    `<section><h2>Carving frontiers (base → head)</h2>${carving.note ? `<p>${esc(carving.note)}</p>` : ''}` +
    (rows ? `<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>` : '') +
    (caveats ? `<ul>${caveats}</ul>` : '') +
    (skipped ? `<ul>${skipped}</ul>` : '') +
    '</section>'
  );
}

export function renderHtmlReport(input: ReleaseReportInput): string {
  const kernels = allKernels(input);
  const archs = [...new Set(kernels.map((k) => k.arch))];
  const header = `<h1>${esc(input.title)}</h1><p>${kernels.length} kernel reports on ${esc(archs.join(', ') || 'no arch')}${input.generatedAt ? ` · ${esc(input.generatedAt)}` : ''}</p>`;
  const diagnostics = input.reports.flatMap((r) => r.diagnostics);
  const problems = diagnostics.length
    ? `<h2>Diagnostics</h2><ul>${diagnostics.map((d) => `<li>${esc(`${d.severity} (${d.stage})${d.file ? ` ${d.file}${d.line ? `:${d.line}` : ''}` : ''}: ${d.message}`)}</li>`).join('')}</ul>`
    : '';
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(input.title)}</title><style>${STYLE}</style></head><body>` +
    header +
    kernelsWithSide(input)
      .map(({ kernel, side }) => kernelSection(kernel, side))
      .join('') +
    input.carving.map(carvingSection).join('') +
    frontiersSection(input.frontiers) +
    problems +
    '</body></html>\n'
  );
}
