// The bundled Action without a toolkit (committed PTX + ptxas logs), with GitHub API
// failures, with a bad config, and in the fork-safe analyze -> publish split.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Comparison, Finding } from '../../src/model/types.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { ACTION_FIXTURES, createFixtureRepo, type FixtureRepo } from '../helpers/fixture-repo.js';
import { bundleAction, pullRequestEvent, runBundledAction, type ActionRun } from '../helpers/run-action.js';

let bundle: string;
let server: FakeGitHub;
let repo: FixtureRepo;
let baseSha: string;
let headSha: string;

const reportDir = () => mkdtempSync(path.join(tmpdir(), 'carve-out-'));
const comparisonOf = (run: ActionRun): Comparison =>
  JSON.parse(readFileSync(path.join(run.outputs['report-dir'], 'comparison.json'), 'utf8'));
const committedInputs = (extra: Record<string, string> = {}) => ({
  'github-token': 'ghs_test',
  'report-dir': reportDir(),
  nvcc: 'none',
  artifacts: 'artifacts/**',
  ...extra,
});
const essence = (f: Finding) => ({
  kind: f.kind,
  kernel: f.kernel,
  arch: f.arch,
  file: f.file,
  line: f.line,
  title: f.title,
  evidence: f.evidence,
});
const run = (inputs: Record<string, string>, extra: Partial<Parameters<typeof runBundledAction>[0]> = {}) =>
  runBundledAction({ bundle, workspace: repo.dir, inputs, event: pullRequestEvent(11, baseSha, headSha), apiUrl: server.url, ...extra });

beforeAll(async () => {
  bundle = await bundleAction();
  repo = createFixtureRepo();
  baseSha = repo.commitSide('base', 'base kernels + artifacts', { withArtifacts: true });
  repo.git('checkout', '-q', '-b', 'feature');
  headSha = repo.commitSide('head', 'head kernels + artifacts', { withArtifacts: true });
});
beforeEach(async () => {
  server = await startFakeGitHub();
  return () => server.close();
});
afterAll(() => repo?.remove());

describe('committed-report mode (no toolkit)', () => {
  it('gives the same findings from committed PTX + ptxas logs as from compiling the sources', async () => {
    const committed = await run(committedInputs());
    const compiled = await run({ 'github-token': 'ghs_test', 'report-dir': reportDir(), arch: 'sm_90' });
    expect(committed.summary).toContain(
      'Building is off (nvcc: none): analysed the committed artifacts matching `artifacts/**` on both sides.',
    );
    expect(compiled.summary).toContain('Built with');
    const fromArtifacts = comparisonOf(committed).findings.map(essence);
    const fromSources = comparisonOf(compiled).findings.map(essence);
    expect(fromArtifacts.map((f) => f.kind)).toEqual(expect.arrayContaining(['cliff', 'uncoalesced']));
    expect(fromArtifacts.find((f) => f.kind === 'uncoalesced')).toMatchObject({ file: 'kernels/pressure.cu', line: 10 });
    expect(fromArtifacts).toEqual(fromSources);
    expect(committed.outputs.conclusion).toBe('failure');
  });
});

describe('GitHub API failures degrade to summary + files', () => {
  it('403 (a fork token): nothing posted, a warning, outputs, files, summary and line annotations all there', async () => {
    server.inject({ status: 403, message: 'Resource not accessible by integration', times: Infinity });
    const result = await run(committedInputs());
    expect(server.comments.size).toBe(0);
    expect(result.outputs).toMatchObject({ conclusion: 'failure' });
    expect(readFileSync(result.outputs['comment-path'], 'utf8')).toContain('<!-- carve:pr-comment -->');
    expect(result.summary).toContain('could not post the pull-request comment: 403 Resource not accessible by integration');
    expect(result.summary).toContain('+16 registers');
    const warnings = result.commands.filter((c) => c.command === 'warning').map((c) => c.message);
    expect(warnings.some((w) => w.includes('fork-safe'))).toBe(true);
    // No check run: the findings become workflow-command annotations on their lines.
    expect(result.commands.find((c) => c.command === 'error' && c.properties.line === '10')).toMatchObject({
      properties: { file: 'kernels/pressure.cu' },
    });
    // The step fails for the findings (fail-on), not for the API.
    expect(result.stdout).toContain('::error::carve: 2 findings of a fail-on kind');
  });

  it('500 after retries: warnings, and the analysis is complete', async () => {
    server.inject({ status: 500, message: 'boom', times: Infinity });
    const result = await run(committedInputs());
    // 4 tries (1 + 3 retries) of each of: create check, list comments, create check again.
    expect(server.requests).toHaveLength(12);
    expect(result.summary).toContain('could not create the check run: 500 boom');
    expect(result.outputs.findings).toBe(String(comparisonOf(result).findings.length));
  });
});

describe('bad input', () => {
  it('an invalid config is posted with its JSON path and line; the defaults still analyse', async () => {
    mkdirSync(path.join(repo.dir, '.github'), { recursive: true });
    writeFileSync(
      path.join(repo.dir, '.github/carve.yml'),
      'archs: [sm_90]\nfailOn: [cliff, bogus]\nthresholds:\n  registerHeadroom: -1\n',
    );
    try {
      const result = await run(committedInputs({ 'fail-on': 'cliff,nonsense' }));
      expect(result.summary).toContain('`.github/carve.yml:2:17` at `/failOn/1`: /failOn/1 must be one of');
      expect(result.summary).toContain(
        '`.github/carve.yml:4:21` at `/thresholds/registerHeadroom`: /thresholds/registerHeadroom must be >= 0',
      );
      expect(result.summary).toContain("input `fail-on`: unknown finding kind 'nonsense'");
      const run0 = server.checkRuns[0];
      expect(run0).toMatchObject({ conclusion: 'failure' });
      expect(run0.annotations.find((a) => a.path === '.github/carve.yml')).toMatchObject({ start_line: 2, annotation_level: 'failure' });
      expect(server.comments.get(11)![0].body).toContain('Carve could not run as configured');
      expect(comparisonOf(result).findings.map((f) => f.kind)).toContain('cliff');
    } finally {
      rmSync(path.join(repo.dir, '.github'), { recursive: true, force: true });
    }
  });
});

describe('mode report', () => {
  it('analyses every kernel at the commit with no base: a head-only report, no comment', async () => {
    const result = await run(committedInputs({ mode: 'report' }));
    const comparison = comparisonOf(result);
    expect(comparison.headOnly).toBe(true);
    expect(comparison.kernels.map((k) => [k.name, k.status]).sort()).toEqual([
      ['_Z5scalePKfPffi', 'added'],
      ['_Z8pressurePKfPfi', 'added'],
      ['_Z9block_sumPKfPf', 'added'],
    ]);
    expect(server.comments.size).toBe(0);
    expect(result.summary).toContain('head-only');
  });
});

describe('timing: on', () => {
  it('runs timing.command on both sides and reports a regression with its test and interval', async () => {
    const samples = (side: string) => readFileSync(path.join(ACTION_FIXTURES, 'timing', `${side}.jsonl`), 'utf8');
    const config = 'archs: [sm_90]\ntiming:\n  command: cat bench/timing.jsonl\n';
    repo.git('checkout', '-q', '-b', 'timed-base', baseSha);
    const timedBase = repo.commitFiles({ 'bench/timing.jsonl': samples('base'), '.github/carve.yml': config }, 'benchmark output (base)');
    repo.git('checkout', '-q', '-b', 'timed-head');
    repo.commitSide('head', 'head kernels', { withArtifacts: true });
    const timedHead = repo.commitFiles({ 'bench/timing.jsonl': samples('head') }, 'benchmark output (head)');
    try {
      const result = await runBundledAction({
        bundle,
        workspace: repo.dir,
        inputs: committedInputs({ timing: 'on' }),
        event: pullRequestEvent(12, timedBase, timedHead),
        apiUrl: server.url,
      });
      const regression = comparisonOf(result).findings.find((f) => f.kind === 'regression')!;
      const median = (side: string) => {
        const sorted = [...(JSON.parse(samples(side)) as { samplesMs: number[] }).samplesMs].sort((a, b) => a - b);
        return sorted[(sorted.length - 1) / 2];
      };
      expect(regression).toMatchObject({ kernel: '_Z8pressurePKfPfi', severity: 'failure', file: 'kernels/pressure.cu' });
      expect(regression.evidence).toMatchObject({
        baseMedianMs: median('base'),
        headMedianMs: median('head'),
        baseSamples: 21,
        headSamples: 21,
      });
      expect(regression.evidence.ratio).toBeCloseTo(median('head') / median('base'), 12);
      expect(regression.evidence.pValue as number).toBeLessThan(0.01);
      expect(result.outputs.regressions).toBe('1');
      expect(result.summary).toContain('Timed 1 kernel(s) on both sides with `cat bench/timing.jsonl`.');
    } finally {
      repo.git('checkout', '-q', 'feature');
    }
  });
});

describe('fork-safe split: analyze in pull_request, publish in workflow_run', () => {
  it('analyze posts nothing; publish posts the uploaded comment and check for the trusted head commit', async () => {
    const dir = reportDir();
    const analyzed = await run({ ...committedInputs(), 'report-dir': dir, mode: 'analyze', 'github-token': '' });
    expect(server.requests).toHaveLength(0);
    expect(analyzed.outputs['comment-path']).toBe(path.join(dir, 'comment.md'));
    // GitHub lists no pull request in a fork's workflow_run: publish checks #11's head through the API.
    server.pulls.set(11, {
      head: { sha: headSha, repo: { full_name: 'octo/kernels' } },
      base: { sha: baseSha, repo: { full_name: 'octo/kernels' } },
      state: 'open',
    });

    const published = await runBundledAction({
      bundle,
      workspace: mkdtempSync(path.join(tmpdir(), 'carve-default-branch-')),
      apiUrl: server.url,
      inputs: { mode: 'publish', 'report-dir': dir, 'github-token': 'ghs_trusted' },
      eventName: 'workflow_run',
      event: { workflow_run: { head_sha: headSha, pull_requests: [] }, repository: { full_name: 'octo/kernels' } },
    });
    expect(published.exitCode).toBe(0);
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/repos/octo/kernels/pulls/11' });
    expect(server.comments.get(11)![0].body).toBe(readFileSync(path.join(dir, 'comment.md'), 'utf8'));
    expect(server.checkRuns[0]).toMatchObject({ head_sha: headSha, conclusion: 'failure' });
    expect(server.checkRuns[0].annotations.find((a) => a.start_line === 10)).toMatchObject({ path: 'kernels/pressure.cu' });
    expect(published.outputs).toMatchObject({ conclusion: 'failure', findings: analyzed.outputs.findings });
  });

  it('publish refuses an uploaded event whose head is not the workflow_run head', async () => {
    const dir = reportDir();
    await run({ ...committedInputs(), 'report-dir': dir, mode: 'analyze', 'github-token': '' });
    const published = await runBundledAction({
      bundle,
      workspace: mkdtempSync(path.join(tmpdir(), 'carve-default-branch-')),
      apiUrl: server.url,
      inputs: { mode: 'publish', 'report-dir': dir, 'github-token': 'ghs_trusted' },
      eventName: 'workflow_run',
      event: { workflow_run: { head_sha: 'f'.repeat(40) }, repository: { full_name: 'octo/kernels' } },
    });
    expect(server.requests).toHaveLength(0);
    expect(published.exitCode).toBe(1);
    expect(published.summary).toContain('refusing to post');
  });
});
