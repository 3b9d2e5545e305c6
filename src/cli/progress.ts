// Progress on stderr for long CLI steps: a redrawn line on a terminal, plain lines in CI logs.
// Steps with a known total (variant builds, timings) use carving's bar, shared from here;
// steps whose total is not known up front (nvcc per unit and arch of a revision) use
// `stepLog`, which counts them.
export { createProgress, type Progress } from '../analysis/carving/progress.js';

export interface StepLog {
  /** Reports one step ("base: nvcc kernels/a.cu for sm_90"). */
  step(message: string): void;
  /** Ends the redrawn line on a terminal; a no-op in logs. */
  done(): void;
}

export function stepLog(write: (text: string) => void, isTTY: boolean, title = 'carve'): StepLog {
  let count = 0;
  let drawn = false;
  return {
    step(message) {
      count++;
      if (isTTY) {
        write(`\r${title} [${count}] ${message}\x1b[K`);
        drawn = true;
      } else {
        write(`${title}: ${message}\n`);
      }
    },
    done() {
      if (drawn) write('\n');
      drawn = false;
    },
  };
}
