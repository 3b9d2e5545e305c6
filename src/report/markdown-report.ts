// The markdown version of the release report: the same numbers as the HTML, as tables.
import { markdownTable } from 'markdown-table';
import type { KernelReport } from '../model/types.js';
import { escapeCell, pct } from './format.js';
import { renderCarvingSection } from './carving-markdown.js';
import {
  allKernels,
  kernelsWithSide,
  archPeaks,
  arithmeticIntensity,
  isOnFrontier,
  isSurvivor,
  mixBars,
  variantLabel,
  type ReleaseReportInput,
} from './release-model.js';

function kernelRow({ kernel, side }: { kernel: KernelReport; side: 'base' | 'head' | null }): string[] {
  const r = kernel.resources;
  const o = kernel.occupancy;
  const ai = arithmeticIntensity(kernel);
  const peaks = archPeaks(kernel.arch);
  const bound =
    ai.value !== null && peaks?.bandwidthGBs != null
      ? `${Number((peaks.peakGflops !== null ? Math.min(peaks.peakGflops, ai.value * peaks.bandwidthGBs) : ai.value * peaks.bandwidthGBs).toPrecision(4))}${peaks.peakGflops === null ? ' (memory roof only)' : ''}`
      : '?';
  return [
    `\`${kernel.displayName}\`${side ? ` (${side})` : ''}`,
    kernel.arch,
    kernel.launch.block ? kernel.launch.block.join('×') : '?',
    r ? String(r.registers) : '?',
    r ? String(r.staticSharedBytes) : '?',
    o ? `${pct(o.occupancy)} (${o.activeBlocksPerSM} blk)` : '?',
    kernel.perThread ? String(Number(kernel.perThread.instructions.toFixed(1))) : '?',
    ai.value !== null ? String(Number(ai.value.toPrecision(3))) : `? (${ai.reason})`,
    bound,
  ].map(escapeCell);
}

export function renderMarkdownReport(input: ReleaseReportInput): string {
  const kernels = allKernels(input);
  const parts = [`# ${input.title}`, input.generatedAt ? `_${input.generatedAt}_` : ''];
  parts.push(
    markdownTable([
      ['Kernel', 'Arch', 'Block', 'Registers', 'Shared (B)', 'Occupancy', 'Instr/thread', 'FLOP/B', 'Roofline bound (GFLOP/s)'],
      ...kernelsWithSide(input).map(kernelRow),
    ]),
  );
  const archs = [...new Set(kernels.map((k) => k.arch))];
  const peakLines = archs.map((arch) => {
    const p = archPeaks(arch);
    if (!p) return `- ${arch}: unknown arch, no peaks`;
    return `- ${arch}: ${p.part}, ${p.bandwidthGBs ?? '?'} GB/s, ${p.peakGflops !== null ? `${Math.round(p.peakGflops)} GFLOP/s FP32` : 'no sourced peak FLOP/s'}${p.unverified.length ? ` (unverified: ${p.unverified.join(', ')})` : ''}`;
  });
  if (peakLines.length) parts.push('## Peaks used for the roofline\n\n' + peakLines.join('\n'));
  for (const kernel of kernels) {
    const bars = mixBars(kernel);
    if (bars.length)
      parts.push(
        `### Instruction mix: \`${kernel.displayName}\` (${kernel.arch})\n\n` +
          markdownTable([['Category', 'Dynamic / thread'], ...bars.map((b) => [b.label, String(b.value)])]),
      );
  }
  for (const carving of input.carving) {
    const name = [carving.space, carving.arch].filter(Boolean).join(' · ') || 'variant space';
    const kept = carving.variants.filter((v) => isSurvivor(v) || isOnFrontier(v));
    parts.push(
      `## Carving: ${name}\n\n${carving.variants.length} variants, ${carving.variants.filter(isSurvivor).length} survivors.\n\n` +
        markdownTable([
          ['Variant', 'Efficiency', 'Utilization', 'Survivor', 'Frontier'],
          ...kept.map((v) =>
            [
              variantLabel(v),
              v.efficiency === null ? '?' : v.efficiency.toPrecision(4),
              v.utilization === null ? '?' : v.utilization.toPrecision(4),
              isSurvivor(v) ? 'yes' : 'no',
              isOnFrontier(v) ? 'yes' : 'no',
            ].map(escapeCell),
          ),
        ]),
    );
  }
  // A pull request's frontier comparisons, as the PR comment shows them (one heading level down).
  const frontiers = renderCarvingSection(input.frontiers ?? undefined);
  if (frontiers) parts.push(frontiers.replace(/^### /, '## '));
  return parts.filter(Boolean).join('\n\n') + '\n';
}
