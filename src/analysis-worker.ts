// The analysis worker thread (dist/analysis-worker.js): runs the jobs src/workers/analysis-pool.ts
// posts, one at a time, and answers each with its result or the message of what it threw. The
// jobs are the functions the pool runs in-process without workers, so both give the same data.
import { parentPort } from 'node:worker_threads';
import { analyzeVariantJob } from './analysis/carving/pipeline.js';
import { analyzeUnitJob } from './pipeline/side.js';
import type { WorkerAnswer, WorkerJob } from './workers/analysis-pool.js';

const JOBS: Record<string, (input: never) => unknown> = { variant: analyzeVariantJob, unit: analyzeUnitJob };

const port = parentPort;
port?.on('message', ({ id, kind, input }: WorkerJob) => {
  let answer: WorkerAnswer;
  try {
    const job = JOBS[kind];
    if (!job) throw new Error(`unknown analysis job '${kind}'`);
    answer = { id, ok: true, result: job(input as never) };
  } catch (error) {
    answer = { id, ok: false, message: (error as Error).message };
  }
  try {
    port.postMessage(answer);
  } catch (error) {
    // A result that cannot be cloned fails its job, not the worker.
    port.postMessage({ id, ok: false, message: `analysis result not sent: ${(error as Error).message}` } satisfies WorkerAnswer);
  }
});
