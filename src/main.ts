// The Action's run(): read inputs, run the pipeline, publish. src/index.ts calls it.
import * as core from '@actions/core';
import { runAction } from './action/run.js';

export async function run(): Promise<void> {
  try {
    await runAction();
  } catch (error) {
    // The analysis never fails the job by itself; only `fail-on` findings do.
    core.setFailed(`carve: ${(error as Error).stack ?? String(error)}`);
  }
}
