// Batches of global loads per thread (perThread.globalLoadBatches) and the share of threads that
// reach them (perThread.globalLoadThreadShare), the memory-level parallelism the carving estimate reads: real kernels compiled with nvcc from
// test/fixtures/model/load-batches.cu, each with its count in closed form.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeCommand } from '../../src/cli/commands/analyze.js';
import type { CliIO } from '../../src/cli/command.js';
import type { CarveReport } from '../../src/model/types.js';
import { reportSchemaErrors } from '../../src/report/validate.js';
import { requireNvcc } from '../helpers/tools.js';

const DIR = path.resolve(import.meta.dirname, '../fixtures/model');

async function batchesByKernel(): Promise<Record<string, [number | undefined, number, number | undefined]>> {
  let stdout = '';
  const io: CliIO = { stdout: (t) => (stdout += t), stderr: () => {}, cwd: DIR, isTTY: false, env: process.env };
  expect(await analyzeCommand.run(['load-batches.cu', '--block', '256', '--json'], io)).toBe(0);
  const report = JSON.parse(stdout) as CarveReport;
  expect(reportSchemaErrors(report)).toEqual([]);
  return Object.fromEntries(
    report.kernels.map((k) => [
      k.name.replace(/^_Z\d+/, '').replace(/P.*$/, ''),
      [k.perThread!.globalLoadBatches, k.perThread!.globalLoadBytes, k.perThread!.globalLoadThreadShare],
    ]),
  );
}

describe('global load batches (nvcc)', () => {
  beforeAll(async () => {
    await requireNvcc();
  });

  it('counts the loads a thread issues together: stores end a batch, non-coherent loads move above them, a dependent address waits; and the threads a bounds check lets reach them', async () => {
    expect(await batchesByKernel()).toEqual({
      // ld, st, ld, st, ...: each load waits behind the store before it (the pointers may alias).
      copy_aliased: [4, 16, undefined],
      // ld.global.nc: read-only for the kernel, issued ahead of the stores.
      copy_restrict: [1, 16, undefined],
      // Four loads, then the arithmetic and one store.
      sum_four: [1, 16, undefined],
      // data[index[i]]: the second load's address is the first load's value.
      gather: [2, 8, undefined],
      // One load per iteration of a rolled loop of 8.
      rolled_sum: [8, 32, undefined],
      // Means over the block's 256 threads; the share is absent where every thread loads.
      first_hundred: [100 / 256, (4 * 100) / 256, 100 / 256],
    });
  });
});
