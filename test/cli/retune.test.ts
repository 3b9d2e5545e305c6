// `carve retune` (the Action's retune mode from a terminal) with timing results measured
// elsewhere: the H100 samples committed in test/fixtures/carving/transpose.timings.jsonl.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/command.js';
import type { RetuneReport } from '../../src/pipeline/retune.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TIMINGS = path.join(ROOT, 'test/fixtures/carving/transpose.timings.jsonl');
const measured = new Map<string, { medianMs: number }>(
  readFileSync(TIMINGS, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l))
    .map((r) => [r.variant, r]),
);

async function carve(args: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    cwd,
    isTTY: false,
    env: process.env,
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'carve-cli-retune-'));
  writeFileSync(
    path.join(dir, 'carve.yml'),
    [
      'archs: [sm_90]',
      'spaces:',
      '  transpose:',
      `    source: ${path.join(ROOT, 'examples/spaces/transpose.cu')}`,
      '    kernel: transpose',
      '    parameters: { TX: [32], TY: [32], ROWS: [4, 8], SMEM: [0, 1], PAD: [0, 1], ORDER: [0, 1] }',
      '    constraints: ["SMEM == 1 || PAD == 0", "SMEM == 0 || ORDER == 0"]',
      '    defines: { N: 8192 }',
      '    launch: { block: [TX, ROWS], grid: ["N / TX", "N / TY"] }',
      '    arguments: [{ buffer: float32, count: "N * N" }, { buffer: float32, count: "N * N", init: zero }]',
      '    objective: ryoo+traffic',
      '    current: { TX: 32, TY: 32, ROWS: 8, SMEM: 0, PAD: 1, ORDER: 0 }',
    ].join('\n') + '\n',
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('carve retune --timings', () => {
  it('names the fastest variant timed but decides nothing when the constraints exclude the current configuration (never timed)', async () => {
    const run = await carve(['retune', '--config', 'carve.yml', '--timings', TIMINGS, '--json', '--out', 'out', '--cache', 'cache'], dir);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as RetuneReport;
    // Progress on stderr as plain lines (not a terminal): the coarse step and the build count.
    expect(run.stderr).toContain('carve retune: carving transpose for sm_90\n');
    expect(run.stderr).toContain('building: 8/8\n');
    const result = report.results[0];
    // SMEM=0 with PAD=1 breaks "SMEM == 1 || PAD == 0": never built, never timed.
    expect(result.current).toMatchObject({
      id: 'TX=32,TY=32,ROWS=8,SMEM=0,PAD=1,ORDER=0',
      status: 'not in the space (excluded by a constraint or a value not listed)',
    });
    expect(result.timing.source).toBe('given');
    // A budget of one: the model's first among the variants that passed the threshold steps.
    expect(result.timing.ranking.map((t) => [t.variant, t.medianMs])).toEqual([
      ['TX=32,TY=32,ROWS=4,SMEM=1,PAD=1,ORDER=0', measured.get('TX=32,TY=32,ROWS=4,SMEM=1,PAD=1,ORDER=0')!.medianMs],
    ]);
    expect(result.proposal).toEqual({
      action: 'undecided',
      parameters: { TX: 32, TY: 32, ROWS: 4, SMEM: 1, PAD: 1, ORDER: 0 },
      reason:
        'the current parameters (TX=32,TY=32,ROWS=8,SMEM=0,PAD=1,ORDER=0) were not timed (not in the space (excluded by a constraint or a value not listed)); the fastest variant timed is TX=32,TY=32,ROWS=4,SMEM=1,PAD=1,ORDER=0',
    });
    expect(JSON.parse(readFileSync(path.join(dir, 'out/retune.json'), 'utf8'))).toEqual(report);
    expect(readFileSync(path.join(dir, 'out/retune.md'), 'utf8')).toContain('### transpose (sm_90): undecided');
  }, 180_000);

  it('--budget above the space size is clamped with a note; the timed stage then times every variant that passed the threshold steps', async () => {
    const run = await carve(
      ['retune', '--config', 'carve.yml', '--timings', TIMINGS, '--budget', '100', '--json', '--cache', 'cache'],
      dir,
    );
    expect(run.code, run.stderr).toBe(0);
    const result = (JSON.parse(run.stdout) as RetuneReport).results[0];
    const eligible = result.steps.find((s) => s.name === 'pareto')!.before;
    expect(result.timing.refinement).toMatchObject({
      budget: 8,
      timed: eligible,
      notes: [
        'timing budget 100 is above the space size (8 variants): clamped to 8',
        `${eligible} variants passed threshold carving, fewer than the budget of 8: all of them are timed`,
      ],
    });
    const fastest = [...result.timing.ranking].sort((a, b) => a.medianMs - b.medianMs)[0];
    expect(result.best?.variant).toBe(fastest.variant);
    expect(result.best?.medianMs).toBe(measured.get(fastest.variant)!.medianMs);
    const bad = await carve(['retune', '--config', 'carve.yml', '--timings', TIMINGS, '--budget', 'lots'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^carve retune: --budget must be a count \(40\) or a share of the space \(5%\), got 'lots'\n/);
  }, 180_000);

  it('refuses unreadable timings, a missing config and --time with --timings (exit 2)', async () => {
    writeFileSync(path.join(dir, 'bad.jsonl'), '{"variant": "A", "samplesMs": [1]}\n{not json\n');
    const bad = await carve(['retune', '--config', 'carve.yml', '--timings', 'bad.jsonl'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: bad\.jsonl:2: not valid JSON/);
    const missing = await carve(['retune'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no config at .github/carve.yml');
    const both = await carve(['retune', '--config', 'carve.yml', '--time', '--timings', TIMINGS], dir);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--time and --timings exclude each other');
  });
});
