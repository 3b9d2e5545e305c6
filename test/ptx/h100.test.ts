// PTX static counts against the H100: ncu smsp__thread_inst_executed.sum / launch__thread_count
// for 21 kernels (device/ptx-inst/run.sh; command in test/fixtures/ptx/h100/command.txt).
// PTX and SASS differ (ptxas folds moves and address arithmetic, expands SFU / fp64 / wmma
// ops), so we ask for a stable ratio inside a stated band, not equality.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kernelRatios, type KernelRatio } from './h100.js';

const DIR = path.resolve(import.meta.dirname, '../fixtures/ptx');
const recorded = JSON.parse(readFileSync(path.join(DIR, 'h100/ratios.json'), 'utf8')) as KernelRatio[];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe('static instructions per thread vs H100 SASS (ncu)', () => {
  const ratios = kernelRatios();

  it('measured exactly the PTX committed here', () => {
    const sums = readFileSync(path.join(DIR, 'h100/ptx.sha256'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(/\s+/));
    expect(sums).toHaveLength(3);
    for (const [sum, file] of sums)
      expect(
        createHash('sha256')
          .update(readFileSync(path.resolve(DIR, '../../..', file)))
          .digest('hex'),
      ).toBe(sum);
  });

  it('covers 21 kernels and matches the recorded ratios', () => {
    expect(ratios).toHaveLength(21);
    expect(ratios).toEqual(recorded);
  });

  it('keeps every ratio in the band [0.4, 1.8] and the median within 10% of 1', () => {
    for (const r of ratios) {
      expect(r.ratio, r.kernel).toBeGreaterThanOrEqual(0.4);
      expect(r.ratio, r.kernel).toBeLessThanOrEqual(1.8);
      expect(r.weightedRatio, r.kernel).toBeGreaterThanOrEqual(0.4);
      expect(r.weightedRatio, r.kernel).toBeLessThanOrEqual(1.8);
    }
    expect(Math.abs(median(ratios.map((r) => r.ratio)) - 1)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(median(ratios.map((r) => r.weightedRatio)) - 1)).toBeLessThanOrEqual(0.1);
  });

  it('is within 35% for kernels without thread-dependent branches, calls or tensor ops (weighted count)', () => {
    const plain = ratios.filter((r) => !r.unknownBranchesCountedTaken && !['wmma_gemm', 'calls_func'].includes(r.kernel));
    expect(plain.length).toBe(16);
    for (const r of plain) expect(Math.abs(r.weightedRatio - 1), r.kernel).toBeLessThanOrEqual(0.35);
  });

  it('gets SFU- and fp64-heavy kernels right with the multi-cycle weights', () => {
    for (const name of ['transcendental', 'poly_fp64']) {
      const r = ratios.find((x) => x.kernel === name)!;
      expect(Math.abs(r.weightedRatio - 1)).toBeLessThanOrEqual(0.01);
      expect(r.ratio).toBeLessThan(0.7); // unweighted PTX undercounts their SASS expansions
    }
  });
});
