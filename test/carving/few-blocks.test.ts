// Launches of less than a wave on the H200 (device/carving/few-blocks/results-h200.csv): the same
// threads in blocks of 32 to 1,024, each thread 80 B of loads in flight (the SASS: 20 4-byte or 5
// 16-byte loads before the first store). The estimate places blocks on SMs and sums each SM's
// rate (placedLoadLatencyFactor); the rule before took the mean bytes in flight over every SM.
// The curve's peak and knee are refitted on the same card's copies (results-h200.csv beside the
// H100's) for each ratio of an SM's port to its share.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLatencyFactor, placedLoadLatencyFactor, SM_PORT_SHARE_RATIO } from '../../src/analysis/carving/estimate.js';
import { copyMeasurements, curveOf, fitTwoLevel, range } from './dram-curve.js';

const DIR = path.resolve(import.meta.dirname, '../../device/carving');
const SMS = 132;
const ITERATIONS = 2048;
const IN_FLIGHT_PER_THREAD = 80;

interface Launch {
  width: number;
  threads: number;
  block: number;
  blocks: number;
  ms: number;
}

function launches(): Launch[] {
  return readFileSync(path.join(DIR, 'few-blocks/results-h200.csv'), 'utf8')
    .split('\n')
    .filter((line) => /^\d/.test(line))
    .map((line) => {
      const [width, threads, block, blocks, ms] = line.split(',').map(Number);
      return { width, threads, block, blocks, ms };
    });
}

/** Root mean square of the log of predicted over measured time, the blocks placed on SMs or the bytes in flight taken as their mean. */
function rmsLogError(ratio: number, placed: boolean): number {
  const fit = fitTwoLevel(
    copyMeasurements(path.join(DIR, 'bytes-in-flight/results-h200.csv')),
    ratio,
    range(3000, 4800, 50),
    range(2000, 12000, 100),
  );
  const curve = curveOf(ratio, fit.knee, fit.p);
  let squared = 0;
  const all = launches();
  for (const l of all) {
    const slowdown = placed
      ? placedLoadLatencyFactor(l.blocks, SMS, l.block * IN_FLIGHT_PER_THREAD, curve)
      : loadLatencyFactor((l.threads * IN_FLIGHT_PER_THREAD) / SMS, curve);
    const bytes = 2 * l.threads * ITERATIONS * l.width;
    const predictedMs = bytes / ((fit.peak / slowdown) * 1e6);
    squared += Math.log(predictedMs / l.ms) ** 2;
  }
  return Math.sqrt(squared / all.length);
}

describe('DRAM time of launches of less than a wave (H200)', () => {
  it('spread over many SMs runs up to 4x faster than the same threads on few', () => {
    const byShape = new Map(launches().map((l) => [`${l.width},${l.threads},${l.block}`, l.ms]));
    expect(launches()).toHaveLength(58);
    // 2,048 threads of 4-byte copies: 64 blocks of 32 against 2 of 1,024.
    expect(byShape.get('4,2048,1024')! / byShape.get('4,2048,32')!).toBeCloseTo(4.034, 3);
  });

  it('each SM at its own bytes in flight predicts them within 18% (root mean square of the log); the mean over SMs 46%', () => {
    expect(SM_PORT_SHARE_RATIO).toBe(4);
    expect(rmsLogError(4, true)).toBeCloseTo(0.18, 2);
    expect(rmsLogError(4, false)).toBeCloseTo(0.453, 2);
  });

  it('the port of 4 shares fits best among 2, 3, 4, 6 and 8', () => {
    const errors = [2, 3, 4, 6, 8].map((ratio) => rmsLogError(ratio, true));
    expect(errors.indexOf(Math.min(...errors))).toBe(2);
  });
});
