// What the release report shows per kernel, computed once for the HTML and the markdown
// versions: occupancy curve, instruction mix, arithmetic intensity and the arch's peaks.
import { getArch } from '../gpu/index.js';
import type { CarveReport, InstructionMixCounts, KernelReport, PrCarvingSummary } from '../model/types.js';

export interface CarvingVariantInput {
  id?: string;
  parameters: Record<string, number | string>;
  efficiency: number | null;
  utilization: number | null;
  /** The brief's shape… */
  survivor?: boolean;
  frontier?: boolean;
  /** …or the carving module's (CarvedVariant). */
  status?: string;
  onFrontier?: boolean;
}

export interface CarvingInput {
  space?: string;
  arch?: string;
  variants: CarvingVariantInput[];
}

export interface ReleaseReportInput {
  title: string;
  reports: CarveReport[];
  carving: CarvingInput[];
  /** Frontier comparisons of a pull request (a Comparison's `carving`), when given. */
  frontiers?: PrCarvingSummary | null;
  /** Shown in the header; omitted when absent so output stays reproducible. */
  generatedAt?: string;
}

export interface ArchPeaks {
  part: string;
  bandwidthGBs: number | null;
  peakGflops: number | null;
  /** Which of the numbers are not verified by a primary source or measurement. */
  unverified: string[];
}

/** The flagship part's DRAM bandwidth and FP32 peak from src/gpu; null for an unknown arch. */
export function archPeaks(arch: string): ArchPeaks | null {
  try {
    const flagship = getArch(arch).flagship;
    return {
      part: flagship.part,
      bandwidthGBs: flagship.dramBandwidthGBs,
      peakGflops: flagship.peakFp32Gflops,
      unverified: flagship.unverified,
    };
  } catch {
    return null;
  }
}

/** FLOPs per byte of global traffic per thread; null (with why) when it cannot be derived. */
export function arithmeticIntensity(kernel: KernelReport): { value: number | null; reason: string } {
  const t = kernel.perThread;
  if (!t) return { value: null, reason: 'no per-thread counts (PTX not analysed)' };
  const bytes = t.globalLoadBytes + t.globalStoreBytes;
  if (bytes === 0) return { value: null, reason: 'no global memory traffic' };
  if (t.flops === 0) return { value: null, reason: 'no floating-point operations' };
  return { value: t.flops / bytes, reason: `${Number(t.flops.toFixed(2))} FLOP / ${Number(bytes.toFixed(2))} B per thread` };
}

const MIX_FIELDS: Array<keyof InstructionMixCounts> = [
  'fp32',
  'fp64',
  'fp16',
  'integer',
  'sfu',
  'tensor',
  'conversion',
  'move',
  'predicate',
  'control',
  'barrier',
  'atomic',
  'other',
];

/** Dynamic instruction mix per thread as labelled values (loads/stores summed per state space). */
export function mixBars(kernel: KernelReport): Array<{ label: string; value: number }> {
  const mix = kernel.instructionMix?.dynamic;
  if (!mix) return [];
  const bars: Array<{ label: string; value: number }> = MIX_FIELDS.map((field) => ({ label: field, value: mix[field] as number }));
  for (const [space, count] of Object.entries(mix.load)) bars.push({ label: `ld.${space}`, value: count });
  for (const [space, count] of Object.entries(mix.store)) bars.push({ label: `st.${space}`, value: count });
  return bars.filter((b) => b.value > 0).map((b) => ({ label: b.label, value: Number(b.value.toFixed(2)) }));
}

export function isSurvivor(v: CarvingVariantInput): boolean {
  return v.survivor ?? v.status === 'survivor';
}

export function isOnFrontier(v: CarvingVariantInput): boolean {
  return v.frontier ?? v.onFrontier ?? false;
}

export function variantLabel(v: CarvingVariantInput): string {
  return (
    v.id ??
    Object.entries(v.parameters)
      .map(([k, val]) => `${k}=${val}`)
      .join(' ')
  );
}

export function allKernels(input: ReleaseReportInput): KernelReport[] {
  return input.reports.flatMap((r) => r.kernels);
}

/** Each kernel with the side of its report, labelled only when the input holds both sides. */
export function kernelsWithSide(input: ReleaseReportInput): Array<{ kernel: KernelReport; side: 'base' | 'head' | null }> {
  const bothSides = new Set(input.reports.map((r) => r.side).filter(Boolean)).size > 1;
  return input.reports.flatMap((r) => r.kernels.map((kernel) => ({ kernel, side: bothSides ? (r.side ?? null) : null })));
}
