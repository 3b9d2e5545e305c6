// The Action's run(): read inputs, run the pipeline, publish. src/index.ts calls it.
import * as core from '@actions/core';
import { runAction } from './action/run.js';
import { failureLine } from './cli/failure.js';

export async function run(): Promise<void> {
  try {
    await runAction();
  } catch (error) {
    // The analysis never fails the job by itself; only `fail-on` findings do.
    core.debug(`carve: ${(error as Error).stack ?? String(error)}`);
    core.setFailed(`carve: internal error: ${failureLine(error)}`);
  }
}
