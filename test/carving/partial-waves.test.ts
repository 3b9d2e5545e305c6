// The estimate's DRAM term over partial waves (src/analysis/carving/estimate.ts, memoryCyclesOf),
// checked against the H100 copies it was chosen on (device/carving/partial-waves/results-h100.csv):
// blocks of 256 threads copying 256 KiB each, 1/8 to 3 waves in steps of 1/8, with 1, 2 and 4
// 16-byte loads in flight per thread; peak 3,080 GB/s (the bytes-in-flight fit) at 1980 MHz.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLatencyFactor, memoryCyclesOf } from '../../src/analysis/carving/index.js';

const CSV = path.resolve(import.meta.dirname, '../../device/carving/partial-waves/results-h100.csv');
const SMS = 132;
const CLOCK_HZ = 1980e6;
const PEAK_BYTES_PER_SM_CYCLE = 3080e9 / SMS / CLOCK_HZ;
const BYTES_PER_BLOCK = 2 * 16384 * 16;
const WARPS_PER_BLOCK = 8;

interface Launch {
  loadsInFlight: number;
  blocks: number;
  waves: number;
  ms: number;
}

function launches(): Launch[] {
  return readFileSync(CSV, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [loadsInFlight, blocks, waves, ms] = line.split(',').map(Number);
      return { loadsInFlight, blocks, waves, ms };
    });
}

/** Predicted milliseconds; `wholeWaves`: every wave charged in full at full residency (the rule before). */
function predictedMs(launch: Launch, wholeWaves: boolean): number {
  const blocksPerSM = Math.round(launch.blocks / launch.waves) / SMS;
  const perBlockPerSM = BYTES_PER_BLOCK / PEAK_BYTES_PER_SM_CYCLE;
  const slowdownAt = (resident: number) => loadLatencyFactor(resident * WARPS_PER_BLOCK * 32 * 16 * launch.loadsInFlight);
  const perWave = perBlockPerSM * blocksPerSM * slowdownAt(blocksPerSM);
  const cycles = wholeWaves
    ? Math.ceil(launch.waves - 1e-9) * perWave
    : memoryCyclesOf(launch.waves, perBlockPerSM, blocksPerSM, slowdownAt);
  return (cycles / CLOCK_HZ) * 1e3;
}

function rmsLogError(selected: Launch[], wholeWaves: boolean): number {
  return Math.sqrt(selected.reduce((sum, l) => sum + Math.log(predictedMs(l, wholeWaves) / l.ms) ** 2, 0) / selected.length);
}

describe('DRAM time over partial waves (H100 copies)', () => {
  it('in proportion to the blocks: the 72 launches within 6.3% (root mean square of the log), whole waves 51%', () => {
    const all = launches();
    expect(all).toHaveLength(72);
    expect(rmsLogError(all, false)).toBeCloseTo(0.0625, 4);
    expect(rmsLogError(all, true)).toBeCloseTo(0.509, 3);
    // From one wave on 2.1%; below one wave, at the blocks left on each SM, 11%.
    expect(
      rmsLogError(
        all.filter((l) => l.waves >= 1),
        false,
      ),
    ).toBeCloseTo(0.021, 4);
    expect(
      rmsLogError(
        all.filter((l) => l.waves < 1),
        false,
      ),
    ).toBeCloseTo(0.111, 4);
  });

  it('1 1/8 waves take 1.15x one wave on the card and 1.125x in the estimate, not 2x', () => {
    const single = launches().filter((l) => l.loadsInFlight === 1);
    const one = single.find((l) => l.waves === 1)!;
    const more = single.find((l) => l.waves === 1.125)!;
    expect(more.ms / one.ms).toBeCloseTo(1.152, 3);
    expect(predictedMs(more, false) / predictedMs(one, false)).toBeCloseTo(1.125, 12);
    expect(predictedMs(more, true) / predictedMs(one, true)).toBe(2);
  });
});
