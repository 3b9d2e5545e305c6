// The estimate's DRAM curve (src/analysis/carving/estimate.ts: smDramRate, launchDramSlowdown)
// with its constants as arguments, for fitting it to the copy measurements of a card.
import { readFileSync } from 'node:fs';

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

/** An SM's rate in units of its share: ratio / (1 + (ratio x knee / inFlight)^p)^(1/p). */
export function smRate(inFlight: number, ratio: number, knee: number, p: number): number {
  return inFlight > 0 ? ratio / Math.pow(1 + Math.pow((ratio * knee) / inFlight, p), 1 / p) : 0;
}

/** The launch's bandwidth from the SMs' mean rate: peak / (1 + (1 / mean)^p)^(1/p). */
export function launchBandwidth(meanSMRate: number, peak: number, p: number): number {
  return meanSMRate > 0 ? peak / Math.pow(1 + Math.pow(1 / meanSMRate, p), 1 / p) : 0;
}

export const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/** Least squares on the log of the bandwidths over a grid of peaks, knees and p in 1.5, 2, 2.5, 3, every SM alike. */
export function fitTwoLevel(points: CopyPoint[], ratio: number, peaks: number[], knees: number[]) {
  let best = { error: Infinity, peak: 0, knee: 0, p: 0 };
  for (const peak of peaks) {
    for (const knee of knees) {
      for (const p of [1.5, 2, 2.5, 3]) {
        let error = 0;
        for (const { inFlight, gbps } of points) error += Math.log(launchBandwidth(smRate(inFlight, ratio, knee, p), peak, p) / gbps) ** 2;
        if (error < best.error) best = { error, peak, knee, p };
      }
    }
  }
  return { peak: best.peak, knee: best.knee, p: best.p, rmsLogError: Math.sqrt(best.error / points.length) };
}
