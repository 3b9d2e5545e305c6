import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareTimings, mannWhitneyU, median, normalCdf, rankTimings, timingStats } from '../../src/timing/stats.js';
import { generateHarness } from '../../src/timing/harness.js';
import { writeManifest } from '../../src/timing/manifest.js';
import { parseTimingOutput } from '../../src/timing/results.js';
import { requireCudaInclude, requireGxx } from '../helpers/tools.js';
import { expectedBestOfRandomSample, sampleSizeForFraction } from '../../src/analysis/carving/sampling.js';

describe('timing statistics', () => {
  it('medians and normal CDF', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
  });

  it('Mann-Whitney U matches the textbook values', () => {
    // No overlap, 5 vs 5: U = 0; scipy.stats.mannwhitneyu(..., method="asymptotic") p = 0.01219
    const { u, pValue } = mannWhitneyU([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]);
    expect(u).toBe(0);
    expect(pValue).toBeCloseTo(0.012186, 4);
    // Identical samples: no evidence of a difference
    expect(mannWhitneyU([1, 1, 1], [1, 1, 1]).pValue).toBe(1);
  });

  it('bootstrap intervals are seeded and contain the median', () => {
    const samples = [1.0, 1.02, 0.99, 1.01, 1.05, 0.98, 1.0, 1.03, 1.01, 0.97, 1.0];
    const first = timingStats(samples, { seed: 7 });
    expect(timingStats(samples, { seed: 7 })).toEqual(first);
    expect(first.medianMs).toBe(1.0);
    expect(first.ciLowMs).toBeLessThanOrEqual(1.0);
    expect(first.ciHighMs).toBeGreaterThanOrEqual(1.0);
    expect(first.n).toBe(11);
  });

  it('compareTimings flags a 10% slowdown and not noise', () => {
    const base = [1.0, 1.01, 0.99, 1.02, 1.0, 0.98, 1.01, 1.0, 0.99, 1.0];
    const slower = base.map((t) => t * 1.1);
    const result = compareTimings(base, slower, 0.01, { kernel: 'k', arch: 'sm_90' });
    expect(result.ratio).toBeCloseTo(1.1, 10);
    expect(result.ratioCiLow).toBeGreaterThan(1.05);
    expect(result.significant).toBe(true);
    const same = compareTimings(base, [...base].reverse(), 0.01);
    expect(same.ratio).toBe(1);
    expect(same.significant).toBe(false);
  });

  it('ranks by median', () => {
    const ranked = rankTimings([
      { variant: 'a', samplesMs: [3, 3, 3] },
      { variant: 'b', samplesMs: [1, 2, 1] },
    ]);
    expect(ranked.map((r) => [r.variant, r.rank, r.stats.medianMs])).toEqual([
      ['b', 1, 1],
      ['a', 2, 3],
    ]);
  });

  it('expected best of a random sample (Table 5 of [Ryoo08])', () => {
    const times = [1, 2, 3, 4];
    expect(expectedBestOfRandomSample(times, 1)).toBe(2.5);
    // k = 2: P(best = 1) = 3/6, P(2) = 2/6, P(3) = 1/6
    expect(expectedBestOfRandomSample(times, 2)).toBeCloseTo((3 * 1 + 2 * 2 + 1 * 3) / 6, 12);
    expect(expectedBestOfRandomSample(times, 4)).toBe(1);
    expect(sampleSizeForFraction(times, 0.6)).toBe(2);
  });
});

describe('timing harness', () => {
  it('the generated harness compiles against cuda.h and is the committed one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'carve-harness-'));
    const file = path.join(dir, 'harness.cpp');
    writeFileSync(file, generateHarness());
    execFileSync(requireGxx(), ['-std=c++17', '-fsyntax-only', '-Wall', '-Werror', '-I', requireCudaInclude('cuda.h'), file]);
    expect(readFileSync('device/carving/harness.cpp', 'utf8')).toBe(generateHarness());
  });

  it('writes manifests and refuses ids with spaces', () => {
    const entry = {
      space: 's',
      id: 'A=1,B=2',
      cubin: 's/0.cubin',
      kernel: 'k',
      grid: [4, 1, 1] as [number, number, number],
      block: [128, 1, 1] as [number, number, number],
      dynamicSharedBytes: 0,
      warmup: 2,
      samples: 5,
      arguments: [
        { kind: 'buffer' as const, type: 'float32', count: 16, init: 'zero' as const },
        { kind: 'int' as const, value: 7 },
      ],
    };
    expect(writeManifest([entry])).toBe(
      '# carve timing manifest\nvariant s A=1,B=2 s/0.cubin k 4 1 1 128 1 1 0 2 5\nbuffer float32 16 zero\nint 7\n',
    );
    expect(() => writeManifest([{ ...entry, id: 'A = 1' }])).toThrow("id 'A = 1' is empty or contains whitespace");
  });

  it('parses harness JSON lines and reports bad lines with their number', () => {
    const text =
      '==PROF== noise\n{"space":"s","variant":"A=1","parameters":{"A":1},"status":"ok","registers":32,"activeBlocksPerSM":8,"medianMs":1.5,"samplesMs":[1.5,1.6,1.4]}\n{"variant": broken\n';
    const { records, diagnostics } = parseTimingOutput(text, 'out.jsonl');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ variant: 'A=1', samplesMs: [1.5, 1.6, 1.4], registers: 32, activeBlocksPerSM: 8, status: 'ok' });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ line: 3, file: 'out.jsonl', stage: 'timing' });
    // Lines from before the hold kernel do not say how their samples were taken.
    expect(records[0].held).toBeNull();
  });

  it("reads whether the harness held each sample behind its hold kernel (the H200's vectorAdd line)", () => {
    const line = readFileSync('device/carving/described-results/held/timings-cuda-samples-vector-add.jsonl', 'utf8').split('\n')[0];
    const [record] = parseTimingOutput(line).records;
    expect([record.variant, record.held, record.samplesMs.length]).toEqual(['threadsPerBlock=32', true, 10]);
    expect(parseTimingOutput('{"variant":"A=1","held":false,"samplesMs":[0.007]}').records[0].held).toBe(false);
  });
});
