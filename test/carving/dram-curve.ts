// Fitting the estimate's DRAM curve (src/analysis/carving/estimate.ts, loadLatencyFactor with
// other constants) to the copy measurements of a card, every SM alike.
import { readFileSync } from 'node:fs';
import { loadLatencyFactor, type DramCurve } from '../../src/analysis/carving/estimate.js';

export interface CopyPoint {
  /** Global load bytes in flight per SM. */
  inFlight: number;
  gbps: number;
}

/** The rows of device/carving/bytes-in-flight/results-*.csv (width,batch,warpsPerSM,blocksPerSM,ms,GBps,inFlightBytesPerSM). */
export function copyMeasurements(csv: string): CopyPoint[] {
  return readFileSync(csv, 'utf8')
    .split('\n')
    .filter((line) => /^\d/.test(line))
    .map((line) => {
      const cells = line.split(',');
      return { gbps: Number(cells[5]), inFlight: Number(cells[6]) };
    });
}

/** The curve's constants for a port ratio, a knee and an exponent. */
export const curveOf = (portShareRatio: number, knee: number, exponent: number): DramCurve => ({ portShareRatio, knee, exponent });

export const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/** Least squares on the log of the bandwidths over a grid of peaks, knees and p in 1.5, 2, 2.5, 3, every SM alike. */
export function fitTwoLevel(points: CopyPoint[], ratio: number, peaks: number[], knees: number[]) {
  let best = { error: Infinity, peak: 0, knee: 0, p: 0 };
  for (const peak of peaks) {
    for (const knee of knees) {
      for (const p of [1.5, 2, 2.5, 3]) {
        let error = 0;
        const curve = curveOf(ratio, knee, p);
        for (const { inFlight, gbps } of points) error += Math.log(peak / loadLatencyFactor(inFlight, curve) / gbps) ** 2;
        if (error < best.error) best = { error, peak, knee, p };
      }
    }
  }
  return { peak: best.peak, knee: best.knee, p: best.p, rmsLogError: Math.sqrt(best.error / points.length) };
}
