// Retune end to end: the bundled Action in mode retune carves a small transpose space (8 real
// variants built by nvcc 13), times the survivors and the space's `current` parameters with an
// external benchmark command that replays the H100 samples committed in
// test/fixtures/carving/transpose.timings.jsonl, proposes the fastest variant timed, and opens ONE
// issue on the local GitHub server, updated in place by the next night's run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { issueMarker } from '../../src/github/index.js';
import type { RetuneReport } from '../../src/pipeline/retune.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { bundleAction, runBundledAction, type ActionRun } from '../helpers/run-action.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TIMINGS = path.join(ROOT, 'test/fixtures/carving/transpose.timings.jsonl');
const REPLAY = path.join(ROOT, 'scripts/fixtures/replay-h100-timings.mjs');

/** The H100 records of the fixture, by variant id (medianMs as the harness computed it). */
const measured = new Map<string, { medianMs: number; samplesMs: number[] }>(
  readFileSync(TIMINGS, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l))
    .map((r) => [r.variant, r]),
);

const NAIVE = { TX: 32, TY: 32, ROWS: 8, SMEM: 0, PAD: 0, ORDER: 0 };
const PADDED = { TX: 32, TY: 32, ROWS: 8, SMEM: 1, PAD: 1, ORDER: 0 };
const PADDED4 = { ...PADDED, ROWS: 4 };
const id = (p: Record<string, number>) =>
  Object.entries(p)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');

function config(current: Record<string, number>, timingCommand = true): string {
  return (
    [
      'archs: [sm_90]',
      ...(timingCommand ? [`timing: { command: "node ${REPLAY} ${TIMINGS}" }`] : []),
      'spaces:',
      '  transpose:',
      '    source: ../kernels/transpose.cu',
      '    kernel: transpose',
      '    parameters: { TX: [32], TY: [32], ROWS: [4, 8], SMEM: [0, 1], PAD: [0, 1], ORDER: [0, 1] }',
      '    constraints: ["SMEM == 1 || PAD == 0", "SMEM == 0 || ORDER == 0"]',
      '    defines: { N: 8192 }',
      '    launch: { block: [TX, ROWS], grid: ["N / TX", "N / TY"] }',
      '    arguments: [{ buffer: float32, count: "N * N" }, { buffer: float32, count: "N * N", init: zero }]',
      '    objective: ryoo+traffic',
      `    current: ${JSON.stringify(current)}`,
    ].join('\n') + '\n'
  );
}

let bundle: string;
let server: FakeGitHub;
let workspace: string;
let runnerTemp: string;

async function retuneRun(configText: string, inputs: Record<string, string> = {}): Promise<{ run: ActionRun; report: RetuneReport }> {
  writeFileSync(path.join(workspace, '.github/carve.yml'), configText);
  const reportDir = mkdtempSync(path.join(tmpdir(), 'carve-retune-out-'));
  const run = await runBundledAction({
    bundle,
    workspace,
    event: {},
    eventName: 'schedule',
    apiUrl: server.url,
    inputs: { mode: 'retune', 'github-token': 'ghs_test', timing: 'on', 'report-dir': reportDir, ...inputs },
    env: { RUNNER_TEMP: runnerTemp },
  });
  return { run, report: JSON.parse(readFileSync(path.join(reportDir, 'retune.json'), 'utf8')) as RetuneReport };
}

beforeAll(async () => {
  bundle = await bundleAction();
  server = await startFakeGitHub();
  workspace = mkdtempSync(path.join(tmpdir(), 'carve-retune-ws-'));
  runnerTemp = mkdtempSync(path.join(tmpdir(), 'carve-retune-tmp-'));
  mkdirSync(path.join(workspace, '.github'));
  mkdirSync(path.join(workspace, 'kernels'));
  writeFileSync(path.join(workspace, 'kernels/transpose.cu'), readFileSync(path.join(ROOT, 'examples/spaces/transpose.cu')));
  // Another open issue with the label but without the marker, and a pull request: neither is ours.
  server.issues.push({
    number: 1,
    title: 'hand-written note',
    body: 'retune ideas',
    state: 'open',
    labels: [{ name: 'carve-retune' }],
    html_url: 'https://github.test/octo/kernels/issues/1',
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(workspace, { recursive: true, force: true });
  rmSync(runnerTemp, { recursive: true, force: true });
});

describe('mode retune', () => {
  let first: { run: ActionRun; report: RetuneReport };
  beforeAll(async () => {
    first = await retuneRun(config(NAIVE));
  }, 240_000);

  it('carves the space, times survivors + current from the H100 samples, and proposes the padded shared-memory tile', () => {
    const { run, report } = first;
    expect(run.exitCode, run.stderr + run.stdout).toBe(0);
    expect(run.outputs.conclusion).toBe('success');
    expect(run.outputs.findings).toBe('1');
    expect(report.results).toHaveLength(1);
    const result = report.results[0];
    expect(result).toMatchObject({ space: 'transpose', arch: 'sm_90', total: 8 });
    // Threshold carving drops the uncoalesced naive/column-order variants and the unpadded
    // (bank-conflicted) tiles; of the two padded tiles the Pareto step keeps ROWS=4.
    expect(result.survivors.map((s) => s.id)).toEqual([id(PADDED4)]);
    expect(result.current).toEqual({ id: id(NAIVE), parameters: NAIVE, status: 'pruned:coalescing' });
    expect(result.timing.source).toBe('command');
    // A budget of one: the timed stage's slot goes to the model's first among the variants that
    // passed the threshold steps, the padded tile at ROWS=4 (8 loads of 4 B in flight per thread
    // against 4 at ROWS=8; on the H100 it runs at 98.6% of ROWS=8). Every timed variant carries
    // the median the H100 harness recorded for it.
    expect(result.timing.ranking.map((t) => [t.variant, t.medianMs])).toEqual(
      [id(PADDED4), id(NAIVE)].map((v) => [v, measured.get(v)!.medianMs]),
    );
    expect(result.best!.variant).toBe(id(PADDED4));
    expect(result.versusCurrent!.ratio).toBeCloseTo(measured.get(id(PADDED4))!.medianMs / measured.get(id(NAIVE))!.medianMs, 12);
    expect(result.versusCurrent!.pValue).toBeLessThan(0.01);
    expect(result.proposal).toMatchObject({ action: 'change', parameters: PADDED4 });
  });

  it('opens one labelled issue carrying the marker and the proposal, and writes the summary', () => {
    const ours = server.issues.filter((i) => i.body.includes(issueMarker('retune:Carve')));
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({
      number: 2,
      state: 'open',
      title: 'Carve retune: faster parameters for transpose',
      labels: [{ name: 'carve-retune' }],
    });
    expect(ours[0].body).toContain(
      '**Proposal:** `TX=32` `TY=32` `ROWS=4` `SMEM=1` `PAD=1` `ORDER=0` (was `TX=32` `TY=32` `ROWS=8` `SMEM=0` `PAD=0` `ORDER=0`).',
    );
    expect(first.run.summary).toContain('## Carve retune');
    expect(server.issues.find((i) => i.number === 1)!.body).toBe('retune ideas');
  });

  it('the next run updates the same issue in place: a current faster than every other variant timed is kept', async () => {
    const requestsBefore = server.requests.length;
    const { run, report } = await retuneRun(config(PADDED));
    expect(run.exitCode, run.stderr).toBe(0);
    // Carving pruned ROWS=8 (the current) at the Pareto step; the budget's one timing goes to the
    // model's first, ROWS=4, and the current is timed beside it: the faster of the two.
    const result = report.results[0];
    expect(result.timing.ranking.map((t) => [t.variant, t.medianMs])).toEqual(
      [id(PADDED), id(PADDED4)].map((v) => [v, measured.get(v)!.medianMs]),
    );
    // The comparison is against the fastest other variant: ROWS=4, 1.4% slower than the current.
    expect(result.versusCurrent!.ratio).toBeCloseTo(measured.get(id(PADDED4))!.medianMs / measured.get(id(PADDED))!.medianMs, 12);
    expect(result.proposal).toEqual({
      action: 'keep',
      parameters: PADDED,
      reason:
        'the current TX=32,TY=32,ROWS=8,SMEM=1,PAD=1,ORDER=0 (pruned:pareto) is 1.4% faster than the fastest variant timed TX=32,TY=32,ROWS=4,SMEM=1,PAD=1,ORDER=0 (median ratio 1.014, CI [1.010, 1.018], p=7.3e-8)',
    });
    expect(result.current!.status).toBe('pruned:pareto');
    expect(run.outputs.findings).toBe('0');
    expect(server.issues).toHaveLength(2);
    const issue = server.issues.find((i) => i.number === 2)!;
    expect(issue.title).toBe('Carve retune: current parameters hold');
    const calls = server.requests
      .slice(requestsBefore)
      .map((r) => `${r.method} ${r.path}${r.query.labels ? `?labels=${r.query.labels}&state=${r.query.state}` : ''}`);
    expect(calls).toEqual(['GET /repos/octo/kernels/issues?labels=carve-retune&state=open', 'PATCH /repos/octo/kernels/issues/2']);
  }, 240_000);

  it('without timing, it lists the survivors and decides nothing; without a token it opens no issue', async () => {
    const issuesBefore = JSON.stringify(server.issues);
    const { run, report } = await retuneRun(config(NAIVE, false), { timing: 'off', 'github-token': '' });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(report.results[0].timing).toEqual({ source: 'off', ranking: [], refinement: null });
    expect(report.results[0].proposal.action).toBe('undecided');
    expect(report.results[0].proposal.reason).toBe('not timed: the survivors are ranked by the static metrics only');
    expect(JSON.stringify(server.issues)).toBe(issuesBefore);
    expect(run.summary).toContain('no github-token: no issue was opened');
  }, 240_000);

  it('a `current` that misses a parameter is a config error with its JSON path', async () => {
    const { run, report } = await retuneRun(config({ TX: 32, TY: 32 }));
    expect(run.exitCode).not.toBe(0);
    expect(run.outputs.conclusion).toBe('failure');
    expect(report.diagnostics).toContainEqual(
      expect.objectContaining({
        jsonPath: '/spaces/transpose/current',
        message: '`current` must give every parameter of the space and no other; missing ROWS, SMEM, PAD, ORDER',
      }),
    );
  }, 240_000);
});
