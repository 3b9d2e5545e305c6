// The knee of the estimate's memory-level-parallelism curve (LOAD_BYTES_IN_FLIGHT_KNEE and its
// exponent) refitted from the H100 copy measurements it was taken from
// (device/carving/bytes-in-flight/results-h100.csv): least squares on the log of 60 bandwidths
// over the grid the README names, the SM's port at SM_PORT_SHARE_RATIO times its share.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOAD_BYTES_IN_FLIGHT_KNEE, LOAD_IN_FLIGHT_KNEE_EXPONENT, SM_PORT_SHARE_RATIO } from '../../src/analysis/carving/estimate.js';
import { copyMeasurements, fitTwoLevel, range } from './dram-curve.js';

const CSV = path.resolve(import.meta.dirname, '../../device/carving/bytes-in-flight/results-h100.csv');

describe('load bytes in flight (H100 copy measurements)', () => {
  it('the fit of the two-level curve gives the constants the estimate uses', () => {
    const points = copyMeasurements(CSV);
    expect(points).toHaveLength(60);
    const fit = fitTwoLevel(points, SM_PORT_SHARE_RATIO, range(2600, 3600, 20), range(3000, 7000, 50));
    expect([fit.peak, fit.knee, fit.p]).toEqual([3080, LOAD_BYTES_IN_FLIGHT_KNEE, LOAD_IN_FLIGHT_KNEE_EXPONENT]);
    expect(fit.rmsLogError).toBeCloseTo(0.0573, 4);
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
