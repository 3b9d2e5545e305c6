// End to end: carving frontiers on a pull request. The bundled Action over a fixture repository
// whose config holds one variant space (test/fixtures/frontier): a PR that changes the space's
// tile loader is carved on both sides and compared; the frontiers are checked against
// `carve carve --json` run on each commit. Real nvcc 13, local GitHub REST server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Comparison } from '../../src/model/types.js';
import { main } from '../../src/cli/main.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { createFixtureRepo, type FixtureRepo } from '../helpers/fixture-repo.js';
import { bundleAction, pullRequestEvent, runBundledAction, type ActionRun } from '../helpers/run-action.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/frontier');
const read = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const OTHER = 'extern "C" __global__ void other(float* out) { out[threadIdx.x] = 1.0f; }\n';

let bundle: string;
let server: FakeGitHub;
let repo: FixtureRepo;
let baseSha: string;
let headSha: string;
let columnSha: string;
let tuned: ActionRun;
let column: ActionRun;
const cacheDir = mkdtempSync(path.join(tmpdir(), 'carve-frontier-cache-'));

const reportDir = () => mkdtempSync(path.join(tmpdir(), 'carve-out-'));
const comparisonOf = (run: ActionRun): Comparison =>
  JSON.parse(readFileSync(path.join(run.outputs['report-dir'], 'comparison.json'), 'utf8'));
const inputs = (extra: Record<string, string> = {}) => ({ 'github-token': 'ghs_test', 'report-dir': reportDir(), arch: 'sm_90', ...extra });

/** `carve carve --json` on the repository as checked out at `commit`. */
async function carveAt(commit: string): Promise<{ survivors: Array<{ id: string }> }> {
  repo.git('checkout', '-q', commit);
  let stdout = '';
  const code = await main(['carve', '--config', '.github/carve.yml', '--space', 'tile', '--json', '--cache', cacheDir], {
    stdout: (text) => {
      stdout += text;
    },
    stderr: () => undefined,
    cwd: repo.dir,
    isTTY: false,
    env: {},
  });
  expect(code).toBe(0);
  return JSON.parse(stdout);
}

beforeAll(async () => {
  bundle = await bundleAction();
  server = await startFakeGitHub();
  repo = createFixtureRepo('carve-frontier-');
  baseSha = repo.commitFiles(
    { '.github/carve.yml': read('carve.yml'), 'kernels/tile.cu': read('tile_base.cu'), 'kernels/other.cu': OTHER },
    'tuned tile kernel',
  );
  repo.git('checkout', '-q', '-b', 'loader');
  headSha = repo.commitFiles({ 'kernels/tile.cu': read('tile_head.cu') }, 'per-thread contiguous loader');
  repo.git('checkout', '-q', '-b', 'column', baseSha);
  columnSha = repo.commitFiles({ 'kernels/tile.cu': read('tile_column.cu') }, 'column loader');
  // The bundled Action on pull request `pr` from base to `head`, with head checked out.
  const runPr = (pr: number, head: string) => {
    repo.git('checkout', '-q', head);
    return runBundledAction({
      bundle,
      workspace: repo.dir,
      inputs: inputs(),
      event: pullRequestEvent(pr, baseSha, head),
      apiUrl: server.url,
    });
  };
  column = await runPr(26, columnSha);
  tuned = await runPr(21, headSha);
});
afterAll(async () => {
  await server?.close();
  repo?.remove();
});

describe("a PR that makes the tile loader read each thread's ITEMS consecutive floats", () => {
  // Head's loader moves up to 4x base's input sectors (lanes ITEMS x 4 B apart), within the L2
  // factor of weighted coalescing (2.38x the least traffic of a variant): nothing is removed for
  // it, the frontier is base's. On the H100 (test/fixtures/frontier/h100/scenario.json) head's
  // BLOCK=64,ITEMS=4 runs in 0.0165 ms as base's does; the share rule alone removed it and
  // predicted BLOCK=64,ITEMS=1 best, which ran in 0.0463 ms there.
  it('carves the space on both sides: the survivors equal carve carve on each commit, and are the same', async () => {
    const { carving } = comparisonOf(tuned);
    expect(carving!.skipped).toEqual([]);
    expect(carving!.variantsCarved).toBe(24);
    const [frontier] = carving!.frontiers;
    const onBase = (await carveAt(baseSha)).survivors.map((s) => s.id);
    const onHead = (await carveAt(headSha)).survivors.map((s) => s.id);
    expect(onBase).toEqual(['BLOCK=64,ITEMS=2', 'BLOCK=64,ITEMS=4']);
    expect(onHead).toEqual(onBase);
    expect(frontier.base!.survivors).toEqual(onBase);
    expect(frontier.head!.survivors).toEqual(onHead);
    expect(frontier).toMatchObject({
      space: 'tile',
      arch: 'sm_90',
      added: [],
      removed: [],
      kept: ['BLOCK=64,ITEMS=2', 'BLOCK=64,ITEMS=4'],
      current: { id: 'BLOCK=64,ITEMS=4', onBase: true, onHead: true, headStatus: 'survivor' },
    });
    const coalescing = (side: 'base' | 'head') => frontier[side]!.steps.find((s) => s.name === 'coalescing');
    expect([coalescing('base')!.after, coalescing('head')!.after]).toEqual([12, 12]);
    expect([frontier.base!.best!.id, frontier.head!.best!.id]).toEqual(['BLOCK=64,ITEMS=4', 'BLOCK=64,ITEMS=4']);
  });

  it('reports no frontier warning', () => {
    expect(comparisonOf(tuned).findings.filter((f) => f.kind === 'frontier')).toEqual([]);
    expect(tuned.outputs.conclusion).toBe('success');
  });
});

describe('a PR that makes each warp read a column of the tile', () => {
  // Lanes BLOCK x ITEMS / 8 B apart: at BLOCK=64,ITEMS=4 32 sectors a request, more than the L2
  // factor over the least traffic of a variant, so carving removes `current` on head. On the
  // H100 (test/fixtures/frontier/h100/column.json) that variant still runs as fast as base's:
  // 87.5% of its L1 sectors hit, and it sends the L2 what base does (device/frontier/l1-reuse).
  // The frontier warnings are the static model's; `carve compare --time` there reports no regression.
  it('removes current on head at the coalescing step; the survivors equal carve carve', async () => {
    const [frontier] = comparisonOf(column).carving!.frontiers;
    const onHead = (await carveAt(columnSha)).survivors.map((s) => s.id);
    expect(onHead).toEqual(['BLOCK=64,ITEMS=2']);
    expect(frontier.head!.survivors).toEqual(onHead);
    expect(frontier).toMatchObject({
      added: [],
      removed: ['BLOCK=64,ITEMS=4'],
      kept: ['BLOCK=64,ITEMS=2'],
      current: { id: 'BLOCK=64,ITEMS=4', onBase: true, onHead: false, headStatus: 'pruned:coalescing' },
    });
    const coalescing = (side: 'base' | 'head') => frontier[side]!.steps.find((s) => s.name === 'coalescing');
    expect([coalescing('base')!.after, coalescing('head')!.after]).toEqual([12, 3]);
  });

  it('reports two frontier warnings with evidence and a remedy, outside the default fail-on', () => {
    const frontier = comparisonOf(column).findings.filter((f) => f.kind === 'frontier');
    expect(frontier.map((f) => f.title)).toEqual([
      'space tile: current BLOCK=64,ITEMS=4 fell off the carving frontier (removed at the coalescing step)',
      'space tile: predicted best changed from BLOCK=64,ITEMS=4 to BLOCK=64,ITEMS=2',
    ]);
    expect(frontier.every((f) => f.severity === 'warning' && f.file === 'kernels/tile.cu')).toBe(true);
    expect(frontier[0].remedy).toContain('carve retune --space tile');
    expect(frontier[1].evidence).toMatchObject({ baseBest: 'BLOCK=64,ITEMS=4', headBest: 'BLOCK=64,ITEMS=2' });
  });

  it('shows the frontier table in the comment and the summary', () => {
    const body = server.comments.get(26)![0].body;
    expect(body).toContain('### Carving frontiers');
    expect(body).toContain(
      '| `tile` | sm_90 | 2/12 | 1/12 | — | `BLOCK=64,ITEMS=4` | yes → no | `BLOCK=64,ITEMS=4` → `BLOCK=64,ITEMS=2` |',
    );
    expect(body).toContain('| coalescing | 12 → 12 | 12 → 3 |');
    // The section sits between the findings and the footer.
    expect(body.indexOf('### Carving frontiers')).toBeGreaterThan(body.indexOf('#### Findings'));
    expect(body.indexOf('### Carving frontiers')).toBeLessThan(body.indexOf('<sub>Carve ·'));
    expect(body.length).toBeLessThanOrEqual(65536);
    expect(column.summary).toContain('### Carving frontiers');
    expect(body).toContain('Scatter plots in the report directory: `carving-tile-sm_90-base.svg`, `carving-tile-sm_90-head.svg`.');
    for (const side of ['base', 'head']) {
      const svg = readFileSync(path.join(column.outputs['report-dir'], `carving-tile-sm_90-${side}.svg`), 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
    }
  });
});

describe('timing: on, on a runner without a GPU', () => {
  it('shows why the survivors were not timed and reports no regression', async () => {
    const run = await runBundledAction({
      bundle,
      workspace: repo.dir,
      inputs: inputs({ timing: 'on' }),
      event: pullRequestEvent(25, baseSha, headSha),
      apiUrl: server.url,
    });
    const comparison = comparisonOf(run);
    const timing = comparison.carving!.frontiers[0].timing!;
    expect(timing).toMatchObject({ rounds: 5, samplesPerRound: 10, baseBest: null, headBest: null, ratio: null });
    // Base survivors plus current (already one of them), head survivors plus current.
    expect(timing.variants.map((v) => [v.side, v.id, v.samples])).toEqual([
      ['base', 'BLOCK=64,ITEMS=2', 0],
      ['base', 'BLOCK=64,ITEMS=4', 0],
      ['head', 'BLOCK=64,ITEMS=2', 0],
      ['head', 'BLOCK=64,ITEMS=4', 0],
    ]);
    expect(comparison.findings.filter((f) => f.kind === 'regression')).toEqual([]);
    expect(run.summary).toContain('space tile (sm_90) timing: building the timing harness failed');
  });
});

describe('carve compare of the two commits', () => {
  it('carves the touched space at both revisions like the gate', async () => {
    repo.git('checkout', '-q', headSha);
    let stdout = '';
    const code = await main(['compare', baseSha, headSha, '--json', '--arch', 'sm_90'], {
      stdout: (text) => {
        stdout += text;
      },
      stderr: () => undefined,
      cwd: repo.dir,
      isTTY: false,
      env: {},
    });
    expect(code).toBe(0);
    const comparison = JSON.parse(stdout) as Comparison;
    expect(comparison.carving).toEqual(comparisonOf(tuned).carving);
    expect(comparison.findings.filter((f) => f.kind === 'frontier').map((f) => f.title)).toEqual(
      comparisonOf(tuned)
        .findings.filter((f) => f.kind === 'frontier')
        .map((f) => f.title),
    );
  });
});

describe('PRs that do not touch the space', () => {
  it('a change to another CUDA file skips the space with the reason', async () => {
    repo.git('checkout', '-q', '-b', 'other', baseSha);
    const other = repo.commitFiles({ 'kernels/other.cu': OTHER.replace('1.0f', '2.0f') }, 'other kernel');
    const run = await runBundledAction({
      bundle,
      workspace: repo.dir,
      inputs: inputs(),
      event: pullRequestEvent(22, baseSha, other),
      apiUrl: server.url,
    });
    expect(comparisonOf(run).carving).toEqual({
      frontiers: [],
      variantsCarved: 0,
      note: null,
      skipped: [{ space: 'tile', reason: 'the change touches neither its source nor a header it includes' }],
    });
    // No kernel changed, so no comment is posted; the job summary says why nothing was carved.
    expect(server.comments.get(22) ?? []).toEqual([]);
    expect(run.summary).toContain('1 space skipped: `tile` (the change touches neither its source nor a header it includes).');
  });

  it('a space whose source no longer builds on head fails with the compiler error', async () => {
    repo.git('checkout', '-q', '-b', 'broken', baseSha);
    const broken = repo.commitFiles(
      { 'kernels/tile.cu': read('tile_base.cu').replace('__syncthreads();', '__syncthreads()') },
      'broken tile',
    );
    const run = await runBundledAction({
      bundle,
      workspace: repo.dir,
      inputs: inputs(),
      event: pullRequestEvent(24, baseSha, broken),
      apiUrl: server.url,
    });
    const comparison = comparisonOf(run);
    const spaceBuild = comparison.findings.find((f) => f.kind === 'build' && f.title.startsWith('space tile'))!;
    expect(spaceBuild).toMatchObject({
      severity: 'failure',
      file: 'kernels/tile.cu',
      title: 'space tile: no variant builds on head (12 failed)',
    });
    expect(spaceBuild.message).toContain('expected a ";"');
    expect(comparison.carving!.frontiers[0].head!.survivors).toEqual([]);
    // Head's warnings go with its frontier: one per variant that did not build.
    const caveats = comparison.carving!.frontiers[0].caveats!;
    expect(caveats).toHaveLength(12);
    expect(caveats[0]).toMatch(/^variant BLOCK=64,ITEMS=1 failed to build and is excluded: .*expected a ";"/);
    expect(run.outputs.conclusion).toBe('failure');
  });

  it('a space new on head is carved without a base; a space whose source was deleted is reported removed', async () => {
    repo.git('checkout', '-q', '-b', 'moved', baseSha);
    const config =
      read('carve.yml') +
      read('carve.yml').split('spaces:\n')[1].replace('  tile:', '  tile2:').replace('../kernels/tile.cu', '../kernels/tile2.cu');
    const moved = repo.commitFiles(
      { '.github/carve.yml': config, 'kernels/tile.cu': null, 'kernels/tile2.cu': read('tile_base.cu') },
      'tile.cu -> tile2.cu',
    );
    const run = await runBundledAction({
      bundle,
      workspace: repo.dir,
      inputs: inputs(),
      event: pullRequestEvent(26, baseSha, moved),
      apiUrl: server.url,
    });
    const { carving, findings } = comparisonOf(run);
    expect(carving!.skipped).toEqual([{ space: 'tile', reason: 'removed: its source kernels/tile.cu does not exist on head' }]);
    expect(carving!.frontiers.map((f) => [f.space, f.base, f.head!.survivors, f.added, f.removed])).toEqual([
      ['tile2', null, ['BLOCK=64,ITEMS=2', 'BLOCK=64,ITEMS=4'], [], []],
    ]);
    expect(findings.filter((f) => f.kind === 'frontier' || f.kind === 'build')).toEqual([]);
    expect(run.summary).toContain('| `tile2` | sm_90 | new on head | 2/12 |');
  });

  it('committed-artifact mode says that carving needs a build', async () => {
    const run = await runBundledAction({
      bundle,
      workspace: repo.dir,
      inputs: inputs({ nvcc: 'none' }),
      event: pullRequestEvent(23, baseSha, headSha),
      apiUrl: server.url,
    });
    expect(comparisonOf(run).carving!.note).toBe(
      'carving needs a build: no nvcc here, so the committed artifacts were analysed and no space was carved',
    );
    expect(run.summary).toContain('Carving needs a build');
  });
});
