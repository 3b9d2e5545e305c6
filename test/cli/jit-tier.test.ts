// The JIT-tier cap of a one-module `carve analyze` (src/cli/jit-tier.ts): the shipped CLI runs
// the analysis without V8's optimising tiers, and prints the same report as with them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS build script
import { bundle } from '../../scripts/bundle.mjs';
import { BASELINE_TIER_MAX_LAUNCH_THREADS, BASELINE_TIER_MAX_PTX_BYTES, preferBaselineTier } from '../../src/cli/jit-tier.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PTX = path.join(ROOT, 'test/fixtures/ptx/sgemm.sm_90.ptx');
let scratch: string;

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'carve-jit-'));
  await bundle(path.join(scratch, 'dist'));
}, 120_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `carve analyze PTX --json` from the bundle under --trace-opt: the report and the functions V8 optimised. */
function analyze(env: Record<string, string>): { report: unknown; optimised: number } {
  const run = spawnSync(
    process.execPath,
    ['--trace-opt', path.join(scratch, 'dist', 'cli.js'), 'analyze', PTX, '--arch', 'sm_90', '--json'],
    {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', ...env },
      maxBuffer: 64 << 20,
    },
  );
  expect(run.status).toBe(0);
  const traces = run.stdout.split('\n').filter((line) => line.startsWith('['));
  const json = run.stdout
    .split('\n')
    .filter((line) => !line.startsWith('['))
    .join('\n');
  const report = JSON.parse(json) as { generatedAt?: string };
  delete report.generatedAt;
  return {
    report,
    optimised: traces.filter((line) => /^\[completed (optimizing|compiling).*\(target (TURBOFAN|MAGLEV)\)/.test(line)).length,
  };
}

describe('JIT tiers of a one-module carve analyze', () => {
  it('runs without the optimising tiers and reports what the optimising run reports', () => {
    const capped = analyze({});
    const optimising = analyze({ CARVE_JIT: 'optimizing' });
    // Node's own start-up may optimise a function or two before the cap is set; the analysis, none.
    expect(optimising.optimised).toBeGreaterThan(20);
    expect(capped.optimised).toBeLessThan(optimising.optimised / 5);
    expect(capped.report).toEqual(optimising.report);
  }, 120_000);

  it('keeps every tier above the size bound, for a large launch, or when CARVE_JIT=optimizing asks for them', () => {
    expect(preferBaselineTier(BASELINE_TIER_MAX_PTX_BYTES + 1, {})).toBe(false);
    expect(preferBaselineTier(1000, { CARVE_JIT: 'optimizing' })).toBe(false);
    expect(preferBaselineTier(1000, {}, BASELINE_TIER_MAX_LAUNCH_THREADS + 1)).toBe(false);
  });
});
