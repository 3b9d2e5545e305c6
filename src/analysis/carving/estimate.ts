// A static estimate of a variant's run time in SM cycles, the timed stage's ranking key: the
// launch runs in ceil(waves) waves of blocksPerSM blocks on every SM, and a wave takes the
// longer of issuing its warps' instructions (4 warp instructions per SM cycle) and moving its
// DRAM sectors at the SM's share of the bandwidth. A memory-bound wave with fewer resident warps
// than MEMORY_LATENCY_WARPS cannot keep enough loads in flight to reach that bandwidth (Little's
// law), so its memory time grows in proportion. On the development spaces this ranks the
// cuda-samples reduction's and transpose's many equal-traffic variants by their resident warps,
// where instructions alone ranked 1-warp blocks first.
import { getArch } from '../../gpu/index.js';
import { wavesOf } from './carve.js';
import type { VariantMetrics } from './metrics.js';

/** Resident warps per SM a memory-bound wave needs to reach the DRAM bandwidth (the development spaces: 32 of 64). */
export const MEMORY_LATENCY_WARPS = 32;

/** Warp instructions one SM issues per cycle: 4 schedulers on every architecture in the table (sm_50 and later). */
const WARP_INSTRUCTIONS_PER_SM_CYCLE = 4;

export interface CycleEstimate {
  /** ceil(blocks / (SMs x blocks per SM)). */
  waves: number;
  /** Cycles to issue one wave's warp instructions on one SM. */
  issueCyclesPerWave: number;
  /** Cycles to move one wave's global sectors at the SM's share of DRAM bandwidth, latency-limited below MEMORY_LATENCY_WARPS; null when traffic or the arch's bandwidth is unknown. */
  memoryCyclesPerWave: number | null;
  cycles: number;
  bound: 'issue' | 'memory';
}

interface ArchRates {
  sms: number;
  /** DRAM bytes per SM per SM cycle; null when the bandwidth or clock is unknown. */
  bytesPerSMCycle: number | null;
}

function archRates(arch: string): ArchRates | null {
  let flagship;
  try {
    flagship = getArch(arch).flagship;
  } catch {
    return null;
  }
  if (!flagship.sms) return null;
  const bytesPerSMCycle =
    flagship.dramBandwidthGBs && flagship.smClockMHz
      ? (flagship.dramBandwidthGBs * 1e9) / flagship.sms / (flagship.smClockMHz * 1e6)
      : null;
  return { sms: flagship.sms, bytesPerSMCycle };
}

type EstimateInput = Pick<VariantMetrics, 'grid' | 'activeBlocksPerSM' | 'warpsPerBlock' | 'instructions' | 'globalTrafficBytes'>;

/** The estimate on the arch's flagship part; null when instructions, blocks per SM or the SM count are unknown. */
export function estimateCycles(v: EstimateInput, arch: string): CycleEstimate | null {
  const rates = archRates(arch);
  const fractionalWaves = rates ? wavesOf(v, rates.sms) : null;
  if (rates === null || fractionalWaves === null || v.instructions === null || !v.activeBlocksPerSM) return null;
  const blocks = v.grid[0] * v.grid[1] * v.grid[2];
  const residentWarps = v.activeBlocksPerSM * v.warpsPerBlock;
  const waves = Math.ceil(fractionalWaves);
  const issueCyclesPerWave = (residentWarps * v.instructions) / WARP_INSTRUCTIONS_PER_SM_CYCLE;
  const memoryCyclesPerWave =
    v.globalTrafficBytes === null || rates.bytesPerSMCycle === null || blocks === 0
      ? null
      : ((v.globalTrafficBytes / blocks) * v.activeBlocksPerSM) / rates.bytesPerSMCycle / Math.min(1, residentWarps / MEMORY_LATENCY_WARPS);
  const memoryBound = memoryCyclesPerWave !== null && memoryCyclesPerWave > issueCyclesPerWave;
  return {
    waves,
    issueCyclesPerWave,
    memoryCyclesPerWave,
    cycles: waves * (memoryBound ? memoryCyclesPerWave : issueCyclesPerWave),
    bound: memoryBound ? 'memory' : 'issue',
  };
}
