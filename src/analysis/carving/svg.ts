// SVG scatter of a carved space, like Fig. 4 of [Ryoo08]: efficiency (x) against utilization
// (y), each normalised to its largest value; survivors filled, threshold-pruned variants as
// squares, the frontier joined by a line, and (when timings are given) the fastest circled.
import type { CarveResult, CarvedVariant } from './carve.js';

const WIDTH = 520;
const HEIGHT = 420;
const MARGIN = { left: 60, right: 20, top: 30, bottom: 50 };

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function renderCarveSvg(result: CarveResult, fastestId: string | null = null): string {
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (value: number) => MARGIN.left + value * plotWidth;
  const y = (value: number) => MARGIN.top + (1 - value) * plotHeight;
  const placed = result.variants.filter((v) => v.normalizedEfficiency !== null && v.normalizedUtilization !== null);
  const point = (v: CarvedVariant) =>
    [x(v.normalizedEfficiency as number).toFixed(1), y(v.normalizedUtilization as number).toFixed(1)] as const;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="11">`,
    `<title>${escapeXml(`carve ${result.space} (${result.arch}): ${result.survivors.length} of ${result.total} kept`)}</title>`,
    `<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#888"/>`,
  ];
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(`<text x="${x(tick).toFixed(1)}" y="${HEIGHT - MARGIN.bottom + 15}" text-anchor="middle">${tick}</text>`);
    parts.push(`<text x="${MARGIN.left - 6}" y="${(y(tick) + 4).toFixed(1)}" text-anchor="end">${tick}</text>`);
  }
  parts.push(`<text x="${MARGIN.left + plotWidth / 2}" y="${HEIGHT - 12}" text-anchor="middle">efficiency (normalised)</text>`);
  parts.push(
    `<text transform="translate(16 ${MARGIN.top + plotHeight / 2}) rotate(-90)" text-anchor="middle">utilization (normalised)</text>`,
  );
  parts.push(
    `<text x="${MARGIN.left}" y="18">${escapeXml(`${result.space} on ${result.arch}: ${result.survivors.length} of ${result.total} variants kept (${result.objective})`)}</text>`,
  );
  const frontier = placed
    .filter((v) => v.onFrontier)
    .sort((a, b) => (a.normalizedEfficiency as number) - (b.normalizedEfficiency as number));
  if (frontier.length > 1)
    parts.push(`<polyline fill="none" stroke="#d62728" stroke-width="1" points="${frontier.map((v) => point(v).join(',')).join(' ')}"/>`);
  for (const v of placed) {
    const [px, py] = point(v);
    const label = `<title>${escapeXml(`${v.id}: ${v.status}`)}</title>`;
    if (v.status === 'survivor') parts.push(`<circle cx="${px}" cy="${py}" r="4" fill="#d62728">${label}</circle>`);
    else if (v.status.startsWith('pruned:') && v.status !== 'pruned:pareto')
      parts.push(`<rect x="${Number(px) - 3}" y="${Number(py) - 3}" width="6" height="6" fill="none" stroke="#999">${label}</rect>`);
    else parts.push(`<path d="M${Number(px) - 3} ${py}h6M${px} ${Number(py) - 3}v6" stroke="#1f77b4">${label}</path>`);
    if (v.id === fastestId)
      parts.push(
        `<circle cx="${px}" cy="${py}" r="8" fill="none" stroke="#2ca02c" stroke-width="2"><title>fastest measured</title></circle>`,
      );
  }
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
