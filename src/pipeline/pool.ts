// A bounded pool shared by everything one gate or compare run builds: at most `jobs` nvcc
// builds in flight, across both sides (each followed by its analysis, in a worker thread of
// src/workers/analysis-pool.ts when the pool has workers).
// Results are placed by index, never by completion order, so reports stay byte-identical
// to a sequential build.
import { availableParallelism } from 'node:os';

export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/** One build per core unless told otherwise (`--jobs`, the Action's `CARVE_JOBS`). */
export function defaultJobs(env: NodeJS.ProcessEnv = process.env): number {
  const fromEnv = Number(env.CARVE_JOBS);
  return Number.isInteger(fromEnv) && fromEnv >= 1 ? fromEnv : availableParallelism();
}

/** Runs tasks with at most `jobs` of them pending at once, first come first served. */
export function createLimiter(jobs: number): Limiter {
  const limit = Math.max(1, Math.floor(jobs));
  let running = 0;
  const waiting: Array<() => void> = [];
  // A finished task hands its slot straight to the next waiter (no window in which a new
  // caller could take it as well).
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
