// The knee of the estimate's memory-level-parallelism curve (LOAD_BYTES_IN_FLIGHT_KNEE and its
// exponent) refitted from the H100 copy measurements it was taken from
// (device/carving/bytes-in-flight/results-h100.csv): least squares on the log of 60 bandwidths
// over the grid the README names.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOAD_BYTES_IN_FLIGHT_KNEE, LOAD_IN_FLIGHT_KNEE_EXPONENT } from '../../src/analysis/carving/estimate.js';

const CSV = path.resolve(import.meta.dirname, '../../device/carving/bytes-in-flight/results-h100.csv');

function measurements(): Array<{ inFlight: number; gbps: number }> {
  const lines = readFileSync(CSV, 'utf8')
    .split('\n')
    .filter((line) => /^\d/.test(line));
  return lines.map((line) => {
    const cells = line.split(',');
    return { gbps: Number(cells[5]), inFlight: Number(cells[6]) };
  });
}

describe('load bytes in flight (H100 copy measurements)', () => {
  it('the fit of peak / (1 + (knee / inFlight)^p)^(1/p) gives the constants the estimate uses', () => {
    const points = measurements();
    expect(points).toHaveLength(60);
    let best = { error: Infinity, peak: 0, knee: 0, p: 0 };
    for (let peak = 2600; peak < 3000; peak += 10) {
      for (let knee = 3000; knee < 7000; knee += 50) {
        for (const p of [1.5, 2, 2.5, 3]) {
          let error = 0;
          for (const { inFlight, gbps } of points) error += Math.log(peak / Math.pow(1 + Math.pow(knee / inFlight, p), 1 / p) / gbps) ** 2;
          if (error < best.error) best = { error, peak, knee, p };
        }
      }
    }
    expect([best.peak, best.knee, best.p]).toEqual([2840, LOAD_BYTES_IN_FLIGHT_KNEE, LOAD_IN_FLIGHT_KNEE_EXPONENT]);
  });

  it('bandwidth follows the bytes in flight, however they are made of width, loads per batch and warps', () => {
    // 4,096 bytes in flight as 2 B x 64 warps, 4 B x 32 warps and 8 B x 16 warps (one load each).
    const at4096 = readFileSync(CSV, 'utf8')
      .split('\n')
      .filter((line) => /^(4,1,32|8,1,16|2,1,64),/.test(line))
      .map((line) => Number(line.split(',')[5]));
    expect(at4096).toEqual([1844.1, 1849.1, 1846.3]);
  });
});
