// Analysis off the main thread: at most `size` worker threads, started when a job needs one,
// each running analysis jobs (a carving variant, a compile unit) named by kind and posted as
// plain data (structured clone both ways). Callers await each job's promise in their own task
// order, so reports are byte-identical to the analysis on the main thread. The worker entry is
// the bundle's analysis-worker.js (src/analysis-worker.ts); from the TypeScript sources (vitest,
// tsx) there is none, and jobs run in-process on this thread, as they do with one job at a time.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** What the worker answers for a job: its result, or the message of what it threw. */
export type WorkerAnswer = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };

/** What the pool posts to a worker. */
export interface WorkerJob {
  id: number;
  kind: string;
  input: unknown;
}

export interface AnalysisPool {
  /**
   * Runs the job of `kind` on `input` in a worker, or `inProcess(input)` here when the pool has
   * no workers. What the job throws, and a worker that dies, reject with the message.
   */
  run<I, R>(kind: string, input: I, inProcess: (input: I) => R): Promise<R>;
  /** Worker threads started so far (0: every job ran in-process). */
  readonly started: number;
  /** Terminates the workers; jobs still queued are rejected. */
  close(): Promise<void>;
}

export interface AnalysisPoolOptions {
  /** Workers at most (`--jobs`, one per core by default). */
  size: number;
  /** The worker entry; by default analysis-worker.js beside this module when bundled and size > 1; null: in-process. */
  workerFile?: string | null;
  /** Heap limit of each worker in MB (a module too large for it fails alone, with a diagnostic). */
  heapLimitMb?: number;
}

/** The bundled worker entry beside this module (dist/ is one flat folder); null from TypeScript sources. */
export function bundledWorkerFile(): string | null {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.js')) return null;
  const file = path.join(path.dirname(here), 'analysis-worker.js');
  return existsSync(file) ? file : null;
}

interface Pending extends WorkerJob {
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Pending | null;
}

export function createAnalysisPool(options: AnalysisPoolOptions): AnalysisPool {
  const size = Math.max(1, Math.floor(options.size));
  const file = options.workerFile !== undefined ? options.workerFile : size > 1 ? bundledWorkerFile() : null;
  if (file === null) {
    return {
      run: async (_kind, input, inProcess) => inProcess(input),
      started: 0,
      close: async () => {},
    };
  }
  const workerFile = file;
  const queue: Pending[] = [];
  const slots: Slot[] = [];
  let serial = 0;
  let started = 0;
  let closed = false;

  const settle = (slot: Slot) => {
    const job = slot.job;
    slot.job = null;
    // An idle worker does not keep the process alive (a caller that never closes still exits).
    slot.worker.unref();
    return job;
  };
  // A worker that failed is dropped: its job is rejected, later jobs get a fresh worker.
  const fail = (slot: Slot, message: string) => {
    const at = slots.indexOf(slot);
    if (at < 0) return;
    slots.splice(at, 1);
    settle(slot)?.reject(new Error(message));
    void slot.worker.terminate();
    dispatch();
  };
  const spawn = (): Slot => {
    const worker = new Worker(workerFile, {
      resourceLimits: options.heapLimitMb ? { maxOldGenerationSizeMb: options.heapLimitMb } : undefined,
    });
    started++;
    const slot: Slot = { worker, job: null };
    worker.on('message', (answer: WorkerAnswer) => {
      if (slot.job?.id !== answer.id) return;
      const job = settle(slot)!;
      if (answer.ok) job.resolve(answer.result);
      else job.reject(new Error(answer.message));
      dispatch();
    });
    worker.on('error', (error: Error) => fail(slot, `analysis worker failed: ${error.message}`));
    worker.on('messageerror', (error: Error) => fail(slot, `analysis worker answer unreadable: ${error.message}`));
    worker.on('exit', (code: number) => fail(slot, `analysis worker exited with code ${code}`));
    slots.push(slot);
    return slot;
  };
  const dispatch = () => {
    while (queue.length && !closed) {
      let slot: Slot | null;
      try {
        slot = slots.find((s) => s.job === null) ?? (slots.length < size ? spawn() : null);
      } catch (error) {
        queue.shift()!.reject(new Error(`analysis worker not started: ${(error as Error).message}`));
        continue;
      }
      if (!slot) return;
      const job = queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      try {
        slot.worker.postMessage({ id: job.id, kind: job.kind, input: job.input } satisfies WorkerJob);
      } catch (error) {
        // Input that cannot be cloned fails this job only; the worker stays.
        settle(slot);
        job.reject(new Error(`analysis job not sent: ${(error as Error).message}`));
      }
    }
  };

  return {
    run<I, R>(kind: string, input: I): Promise<R> {
      if (closed) return Promise.reject(new Error('analysis pool is closed'));
      return new Promise<R>((resolve, reject) => {
        queue.push({ id: ++serial, kind, input, resolve: resolve as (result: unknown) => void, reject });
        dispatch();
      });
    },
    get started() {
      return started;
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('analysis pool is closed'));
      const workers = slots.splice(0);
      for (const slot of workers) settle(slot)?.reject(new Error('analysis pool is closed'));
      await Promise.all(workers.map((slot) => slot.worker.terminate()));
    },
  };
}
