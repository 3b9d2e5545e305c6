// End to end: the bundled Action (node index.js, as the runner starts it) over a temporary
// git repository with base and head commits of real kernels built by real nvcc 13, against
// the local GitHub REST server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Comparison } from '../../src/model/types.js';
import { STICKY_MARKER } from '../../src/github/index.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { createFixtureRepo, ACTION_FIXTURES, type FixtureRepo } from '../helpers/fixture-repo.js';
import { bundleAction, pullRequestEvent, runBundledAction, type ActionRun } from '../helpers/run-action.js';

const PRESSURE_BASE = readFileSync(path.join(ACTION_FIXTURES, 'base/kernels/pressure.cu'), 'utf8');
const SCALE = readFileSync(path.join(ACTION_FIXTURES, 'base/kernels/scale.cu'), 'utf8');
const REDUCE = readFileSync(path.join(ACTION_FIXTURES, 'base/kernels/reduce.cu'), 'utf8');

let bundle: string;
let server: FakeGitHub;
let repo: FixtureRepo;
let baseSha: string;
let headSha: string;
let first: ActionRun;

const reportDir = () => mkdtempSync(path.join(tmpdir(), 'carve-out-'));
const comparisonOf = (run: ActionRun): Comparison =>
  JSON.parse(readFileSync(path.join(run.outputs['report-dir'], 'comparison.json'), 'utf8'));
const gateInputs = (dir: string) => ({ 'github-token': 'ghs_test', 'report-dir': dir, arch: 'sm_90' });

beforeAll(async () => {
  bundle = await bundleAction();
  server = await startFakeGitHub();
  repo = createFixtureRepo();
  baseSha = repo.commitSide('base', 'base kernels');
  repo.git('checkout', '-q', '-b', 'feature');
  headSha = repo.commitSide('head', 'more live values; strided load');
  first = await runBundledAction({
    bundle,
    workspace: repo.dir,
    inputs: gateInputs(reportDir()),
    event: pullRequestEvent(7, baseSha, headSha),
    apiUrl: server.url,
  });
});
afterAll(async () => {
  await server?.close();
  repo?.remove();
});

describe('a PR that raises pressure() from 64 to 80 registers and makes its load stride 32', () => {
  it('finds the register cliff (4 -> 3 blocks/SM) and the uncoalesced load at pressure.cu:10', () => {
    const { findings, kernels } = comparisonOf(first);
    const pressure = kernels.find((k) => k.name === '_Z8pressurePKfPfi')!;
    expect(pressure.status).toBe('changed');
    expect([pressure.base!.resources!.registers, pressure.head!.resources!.registers]).toEqual([64, 80]);
    expect([pressure.base!.occupancy!.activeBlocksPerSM, pressure.head!.occupancy!.activeBlocksPerSM]).toEqual([4, 3]);
    expect(pressure.head!.launch.blockSource).toBe('launch-bounds');
    const cliff = findings.find((f) => f.kind === 'cliff')!;
    expect(cliff).toMatchObject({ kernel: '_Z8pressurePKfPfi', file: 'kernels/pressure.cu', severity: 'failure' });
    expect(cliff.evidence).toMatchObject({ registersBase: 64, registersHead: 80, blocksPerSMBase: 4, blocksPerSMHead: 3 });
    const uncoalesced = findings.find((f) => f.kind === 'uncoalesced')!;
    expect(uncoalesced).toMatchObject({ kernel: '_Z8pressurePKfPfi', file: 'kernels/pressure.cu', line: 10 });
    // reduce.cu includes the changed header but did not change: it is built and unchanged.
    expect(kernels.find((k) => k.name === '_Z9block_sumPKfPf')!.status).toBe('unchanged');
    expect(findings.filter((f) => f.kernel !== '_Z8pressurePKfPfi')).toEqual([]);
  });

  it('posts one sticky comment with both findings and a failing check run annotated at the lines', () => {
    const comments = server.comments.get(7)!;
    expect(comments).toHaveLength(1);
    expect(comments[0].body).toContain(STICKY_MARKER);
    expect(comments[0].body).toContain('+16 registers');
    expect(comments[0].body).toContain('kernels/pressure.cu:10');
    const run = server.checkRuns.find((r) => r.head_sha === headSha)!;
    expect(run).toMatchObject({ name: 'Carve', status: 'completed', conclusion: 'failure' });
    const byTitle = (kind: string) => run.annotations.find((a) => String(a.title).startsWith(`Carve ${kind}:`))!;
    expect(byTitle('uncoalesced')).toMatchObject({ path: 'kernels/pressure.cu', start_line: 10, annotation_level: 'failure' });
    expect(byTitle('cliff')).toMatchObject({ path: 'kernels/pressure.cu', annotation_level: 'failure' });
    // The run was created in progress before the build, then completed.
    const creates = server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/check-runs'));
    expect((creates[0].body as { status: string }).status).toBe('in_progress');
  });

  it('sets the outputs, writes the files and the job summary, and fails the step', () => {
    const comparison = comparisonOf(first);
    expect(first.outputs).toMatchObject({ conclusion: 'failure', findings: String(comparison.findings.length), regressions: '0' });
    expect(readFileSync(first.outputs['comment-path'], 'utf8')).toBe(server.comments.get(7)![0].body);
    expect(JSON.parse(readFileSync(first.outputs['report-path'], 'utf8'))).toMatchObject({
      schemaVersion: 1,
      side: 'head',
      commit: headSha,
    });
    expect(first.summary).toContain('## Carve');
    expect(first.summary).toContain('+16 registers');
    expect(first.summary).toContain('Unit `kernels/reduce.cu` (base and head), reached by `kernels/common.cuh`');
    expect(first.exitCode).toBe(1);
  });

  it('updates the same comment in place on a second push (never a second comment)', async () => {
    const fixed = repo.commitFiles({ 'kernels/pressure.cu': PRESSURE_BASE }, 'unit stride again');
    const posts = server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/comments')).length;
    const second = await runBundledAction({
      bundle,
      workspace: repo.dir,
      inputs: gateInputs(reportDir()),
      event: pullRequestEvent(7, baseSha, fixed),
      apiUrl: server.url,
    });
    expect(server.comments.get(7)).toHaveLength(1);
    expect(server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/comments')).length).toBe(posts);
    expect(server.requests.filter((r) => r.method === 'PATCH' && r.path.includes('/issues/comments/'))).toHaveLength(1);
    const kinds = comparisonOf(second).findings.map((f) => f.kind);
    expect(kinds).toContain('cliff');
    expect(kinds).not.toContain('uncoalesced');
    expect(server.comments.get(7)![0].body).not.toContain('kernels/pressure.cu:10');
    expect(server.checkRuns.find((r) => r.head_sha === fixed)).toMatchObject({ conclusion: 'failure' });
  });
});

describe('an unchanged PR (a comment added to scale.cu)', () => {
  it('produces no finding, posts no comment, and a successful check', async () => {
    repo.git('checkout', '-q', '-b', 'tweak', baseSha);
    const tweak = repo.commitFiles({ 'kernels/scale.cu': SCALE + '// a comment only\n' }, 'comment only');
    const run = await runBundledAction({
      bundle,
      workspace: repo.dir,
      inputs: gateInputs(reportDir()),
      event: pullRequestEvent(8, baseSha, tweak),
      apiUrl: server.url,
    });
    const comparison = comparisonOf(run);
    expect(comparison.findings).toEqual([]);
    expect(comparison.kernels.map((k) => [k.name, k.status])).toEqual([['_Z5scalePKfPffi', 'unchanged']]);
    expect(comparison.kernels[0].head!.launch).toMatchObject({ block: [256, 1, 1], blockSource: 'default' });
    expect(run.outputs).toMatchObject({ conclusion: 'success', findings: '0', regressions: '0' });
    expect(server.comments.get(8) ?? []).toEqual([]);
    expect(server.checkRuns.find((r) => r.head_sha === tweak)).toMatchObject({ conclusion: 'success', annotations: [] });
    expect(run.exitCode).toBe(0);
  });
});

describe('a PR with a new file and a unit that no longer builds', () => {
  it('reports the build failure at its line, treats the new file as head-only, and still compares the rest', async () => {
    repo.git('checkout', '-q', '-b', 'broken', baseSha);
    const fresh = readFileSync(path.join(ACTION_FIXTURES, 'base/kernels/scale.cu'), 'utf8').replace('void scale(', 'void fresh_scale(');
    repo.commitSide('head', 'head kernels');
    const broken = repo.commitFiles(
      {
        'kernels/fresh.cu': fresh,
        'kernels/reduce.cu': REDUCE.replace('__syncthreads();\n    for', '__syncthreads()\n    for'),
      },
      'new kernel; broken reduce',
    );
    const run = await runBundledAction({
      bundle,
      workspace: repo.dir,
      inputs: gateInputs(reportDir()),
      event: pullRequestEvent(9, baseSha, broken),
      apiUrl: server.url,
    });
    const comparison = comparisonOf(run);
    const status = Object.fromEntries(comparison.kernels.map((k) => [k.name, k.status]));
    expect(status).toEqual({ _Z8pressurePKfPfi: 'changed', _Z11fresh_scalePKfPffi: 'added', _Z9block_sumPKfPf: 'removed' });
    const build = comparison.findings.find((f) => f.kind === 'build')!;
    // The missing ';' after line 8 is reported where nvcc sees the next token: line 9.
    expect(build).toMatchObject({ file: 'kernels/reduce.cu', line: 9, severity: 'failure' });
    expect(build.title).toContain('expected a ";"');
    expect(comparison.findings.map((f) => f.kind)).toEqual(expect.arrayContaining(['build', 'cliff', 'uncoalesced']));
    expect(run.summary).toContain('`kernels/fresh.cu` is new: its kernels have no base to compare with.');
  });
});
