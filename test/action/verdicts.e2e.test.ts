// End to end: verdicts a reviewer can trust. The bundled Action over small two-commit
// repositories built by real nvcc 13 (sm_90), against the local GitHub REST server: a
// change that keeps blocks/SM passes, a side where every build fails fails with its errors
// shown, kernels pair by (file, kernel), and a parameter-type change is one changed kernel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Comparison } from '../../src/model/types.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { createFixtureRepo, type FixtureRepo } from '../helpers/fixture-repo.js';
import { bundleAction, pullRequestEvent, runBundledAction, type ActionRun } from '../helpers/run-action.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/gate');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

let bundle: string;
let server: FakeGitHub;
const repos: FixtureRepo[] = [];
let nextPr = 100;

beforeAll(async () => {
  bundle = await bundleAction();
  server = await startFakeGitHub();
});
afterAll(async () => {
  await server?.close();
  for (const repo of repos) repo.remove();
});

interface GateRun {
  run: ActionRun;
  pr: number;
  headSha: string;
  comparison: Comparison;
  gate: { conclusion: string; conclusionReason: string; failingFindings: number };
  comment: string;
}

/** A repository with `base` committed on main and `head` on a branch, gated as a pull request. */
async function gate(
  base: Record<string, string | null>,
  head: Record<string, string | null>,
  inputs: Record<string, string> = {},
): Promise<GateRun> {
  const repo = createFixtureRepo('carve-verdict-');
  repos.push(repo);
  const baseSha = repo.commitFiles(base, 'base');
  repo.git('checkout', '-q', '-b', 'feature');
  const headSha = repo.commitFiles(head, 'head');
  const pr = nextPr++;
  const reportDir = mkdtempSync(path.join(tmpdir(), 'carve-out-'));
  const run = await runBundledAction({
    bundle,
    workspace: repo.dir,
    event: pullRequestEvent(pr, baseSha, headSha),
    apiUrl: server.url,
    inputs: { 'github-token': 'ghs_test', 'report-dir': reportDir, arch: 'sm_90', ...inputs },
  });
  const read = (file: string) => JSON.parse(readFileSync(path.join(reportDir, file), 'utf8'));
  return {
    run,
    pr,
    headSha,
    comparison: read('comparison.json'),
    gate: read('gate.json'),
    comment: readFileSync(run.outputs['comment-path'], 'utf8'),
  };
}

describe('a change that keeps blocks/SM (axpy 24 -> 31 registers, 8 blocks/SM of 256 threads either way)', () => {
  it('passes: the headroom finding is a notice; +7 registers is below the growth floor', async () => {
    const {
      run,
      headSha,
      comparison,
      gate: record,
    } = await gate(
      { 'kernels/axpy.cu': fixture('axpy.cu') },
      { 'kernels/axpy.cu': fixture('axpy.cu').replace('#define AXPY_REGS 24', '#define AXPY_REGS 31') },
    );
    const axpy = comparison.kernels.find((k) => k.name === '_Z4axpyPKfPffi')!;
    expect([axpy.base!.resources!.registers, axpy.head!.resources!.registers]).toEqual([24, 31]);
    expect([axpy.base!.occupancy!.activeBlocksPerSM, axpy.head!.occupancy!.activeBlocksPerSM]).toEqual([8, 8]);
    const cliff = comparison.findings.find((f) => f.kind === 'cliff')!;
    expect(cliff).toMatchObject({ severity: 'notice', title: '+2 registers → 8 → 6 blocks/SM (headroom 1 register)' });
    // +29.2% registers is above the 10% threshold, but +7 is below the floor of 8 (one allocation unit): no finding.
    expect(comparison.findings.filter((f) => f.kind === 'registers')).toEqual([]);
    expect(record).toMatchObject({ conclusion: 'success', failingFindings: 0 });
    expect(server.checkRuns.find((r) => r.head_sha === headSha)).toMatchObject({ conclusion: 'success' });
    expect(run.outputs.conclusion).toBe('success');
    expect(run.exitCode).toBe(0);
  });
});

describe('a side where every unit fails to build', () => {
  it('a missing header on the head side fails the gate with the build error in the comment, summary, JSON and exit code', async () => {
    const {
      run,
      pr,
      headSha,
      comparison,
      gate: record,
      comment,
    } = await gate(
      { 'kernels/scale.cu': fixture('scale.cu'), 'kernels/layout.cuh': '#define SCALE_STRIDE 1\n' },
      { 'kernels/layout.cuh': null },
    );
    expect(comparison.kernels.map((k) => [k.name, k.status])).toEqual([['_Z5scalePKfPffi', 'removed']]);
    const build = comparison.findings.find((f) => f.kind === 'build')!;
    expect(build).toMatchObject({ severity: 'failure', file: 'kernels/scale.cu', line: 1 });
    expect(build.title).toContain('layout.cuh');
    const reason = 'the head side has no kernels: all 1 unit failed to build (1 error; first: kernels/scale.cu:1: ';
    expect(record.conclusion).toBe('failure');
    expect(record.conclusionReason).toContain(reason);
    expect(comment).toContain(reason);
    expect(comment).not.toContain('no performance findings');
    // The verdict first, the run's errors after it.
    expect(comment.indexOf('### ❌ Carve: 1 error of the run fails the check')).toBeGreaterThan(0);
    expect(comment.indexOf('### ❌ Carve:')).toBeLessThan(comment.indexOf('[!CAUTION]'));
    expect(server.comments.get(pr)![0].body).toBe(comment);
    expect(run.summary).toContain(reason);
    expect(server.checkRuns.find((r) => r.head_sha === headSha)).toMatchObject({ conclusion: 'failure' });
    expect(run.exitCode).toBe(1);
  });

  it('units that fail on both sides are listed (JSON, comment, SARIF); an absolute include directory stays absolute', async () => {
    const sdk = mkdtempSync(path.join(tmpdir(), 'carve-sdk-'));
    writeFileSync(path.join(sdk, 'layout.cuh'), '#define SCALE_STRIDE 1\n');
    const config = `include: [${JSON.stringify(sdk)}]\n`;
    const {
      comparison,
      gate: record,
      comment,
      run,
    } = await gate(
      {
        '.github/carve.yml': config,
        'kernels/scale.cu': fixture('scale.cu'),
        'kernels/broken.cu': '#include "nowhere.cuh"\n__global__ void broken() {}\n',
      },
      {
        'kernels/scale.cu': fixture('scale.cu') + '// touched\n',
        'kernels/broken.cu': '#include "nowhere.cuh"\n__global__ void broken(int) {}\n',
      },
      { sarif: 'true' },
    );
    // scale.cu found layout.cuh through the absolute include directory on both sides.
    expect(comparison.kernels.map((k) => [k.name, k.status])).toEqual([['_Z5scalePKfPffi', 'unchanged']]);
    const build = comparison.findings.find((f) => f.kind === 'build')!;
    expect(build).toMatchObject({ severity: 'warning', file: 'kernels/broken.cu', line: 1 });
    expect(build.evidence).toMatchObject({ alsoOnBase: true });
    expect(build.title).toContain('(also on the base side)');
    expect(comment).toContain('nowhere.cuh');
    const sarif = JSON.parse(readFileSync(run.outputs['sarif-path'], 'utf8'));
    expect(sarif.runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toEqual(['carve/build']);
    // Head and base each built scale.cu: nothing is missing, so the build warning does not fail.
    expect(record.conclusion).toBe('success');
  });
});

describe('kernel identity: (file, kernel), and the unmangled name for a parameter-type change', () => {
  it('two files define scale(); only scale_strided.cu changes (through the shared header): findings for that file only', async () => {
    const { comparison } = await gate(
      {
        'kernels/layout.cuh': '#define SCALE_STRIDE 1\n',
        'kernels/scale.cu': fixture('scale.cu'),
        'kernels/scale_strided.cu': fixture('scale_strided.cu'),
      },
      { 'kernels/layout.cuh': '#define SCALE_STRIDE 32\n' },
    );
    const byFile = comparison.kernels.map((k) => [k.base?.file, k.head?.file, k.status]).sort();
    expect(byFile).toEqual([
      ['kernels/scale.cu', 'kernels/scale.cu', 'unchanged'],
      ['kernels/scale_strided.cu', 'kernels/scale_strided.cu', 'changed'],
    ]);
    expect(comparison.findings.map((f) => [f.kind, f.file])).toEqual([['uncoalesced', 'kernels/scale_strided.cu']]);
  });

  it('float -> __nv_bfloat16 parameters: one changed kernel, not one removed and one added', async () => {
    const { comparison } = await gate(
      { 'kernels/bf16.cu': fixture('bf16.cu') },
      { 'kernels/bf16.cu': '#define SCALE_BF16\n' + fixture('bf16.cu') },
    );
    expect(comparison.kernels.map((k) => [k.base?.name, k.head?.name, k.status])).toEqual([
      ['_Z5scalePKfPffi', '_Z5scalePK13__nv_bfloat16PS_fi', 'changed'],
    ]);
  });
});

describe('divergence: only predicates shown to differ within a warp', () => {
  const trivial =
    '__global__ void loops(const float* __restrict__ x, float* __restrict__ y, const int* __restrict__ count, int n, int m) {\n  y[threadIdx.x] = x[threadIdx.x];\n}\n';

  it('a uniform loop bound, lane-strided loops (a bound loaded from memory too) and a halving stride are no new divergent branch', async () => {
    const { comparison } = await gate({ 'kernels/loops.cu': trivial }, { 'kernels/loops.cu': fixture('loops.cu') });
    expect(comparison.kernels.map((k) => k.status)).toEqual(['changed']);
    const head = comparison.kernels[0].head!;
    expect(head.divergence.filter((d) => d.divergent)).toEqual([]);
    // The loops are there: branches at depth 1 on lines 7 (uniform), 8 and 10 (lane-strided), 12 and 14 (halving stride).
    expect([...new Set(head.divergence.filter((d) => d.loopDepth === 1).map((d) => d.line))].sort()).toEqual([10, 12, 14, 7, 8]);
    expect(comparison.findings.filter((f) => f.kind === 'divergence')).toEqual([]);
  });

  it('a branch on the lane parity inside the loop is the one new divergent branch', async () => {
    const { comparison } = await gate(
      { 'kernels/loops.cu': fixture('loops.cu') },
      { 'kernels/loops.cu': fixture('loops.cu').replace('#ifdef LANE_PARITY', '#if 1') },
    );
    const divergence = comparison.findings.filter((f) => f.kind === 'divergence');
    expect(divergence.map((f) => [f.line, f.title])).toEqual([[18, 'new divergent branch in a loop (depth 1) at loops.cu:18']]);
    expect(divergence[0].message).toContain('lanes of a warp take different directions (eq on the thread index)');
  });

  it('a comment line added above the kernel moves every line: the kernel is unchanged (reasons quote lines, positions are not a change)', async () => {
    const { comparison, gate: record } = await gate(
      { 'kernels/loops.cu': fixture('loops.cu').replace('#ifdef LANE_PARITY', '#if 1') },
      { 'kernels/loops.cu': '// a typo fixed in a comment\n' + fixture('loops.cu').replace('#ifdef LANE_PARITY', '#if 1') },
    );
    const [loops] = comparison.kernels;
    expect(loops.base!.accesses.map((a) => a.reason)).not.toEqual(loops.head!.accesses.map((a) => a.reason));
    expect(comparison.kernels.map((k) => k.status)).toEqual(['unchanged']);
    expect(comparison.findings).toEqual([]);
    expect(record.conclusion).toBe('success');
  });
});

describe('remedies that can be applied', () => {
  it('block 256 -> 512 threads and 32 -> 40 registers: the headline compares active warps, the launch bounds fit the SM', async () => {
    const { comparison } = await gate(
      { 'kernels/bounded.cu': fixture('bounded.cu') },
      {
        'kernels/bounded.cu': fixture('bounded.cu')
          .replace('#define BLOCK 256', '#define BLOCK 512')
          .replace('#define K 10', '#define K 16'),
      },
    );
    const [pair] = comparison.kernels;
    expect([pair.base!.resources!.registers, pair.head!.resources!.registers]).toEqual([32, 40]);
    expect([pair.base!.occupancy!.activeBlocksPerSM, pair.head!.occupancy!.activeBlocksPerSM]).toEqual([8, 3]);
    const cliff = comparison.findings.find((f) => f.kind === 'cliff')!;
    expect(cliff.title).toBe('+8 registers → 64 → 48 active warps/SM (occupancy 100% → 75%)');
    // 4 blocks of 512 threads = the base's 64 warps = the SM's 2,048 threads (not the base's 8 blocks: 4,096 threads).
    expect(cliff.remedy).toContain('`__launch_bounds__(512, 4)` or `-maxrregcount=32`');
  });

  it("the demo's advance kernel (six fields of a 128-byte particle) gets the array-of-structures remedy", async () => {
    const demo = path.resolve(import.meta.dirname, '../../examples/demo');
    const { comparison } = await gate(
      { 'kernels/particles.cu': readFileSync(path.join(demo, 'base/kernels/particles.cu'), 'utf8') },
      { 'kernels/particles.cu': readFileSync(path.join(demo, 'head/kernels/particles.cu'), 'utf8') },
    );
    const advance = comparison.findings.filter((f) => f.kind === 'uncoalesced' && f.kernel === 'advance');
    expect(advance.map((f) => f.line)).toEqual([14, 14, 15, 15, 16, 16]);
    for (const f of advance)
      expect(f.remedy).toMatch(
        /^Lanes read 6 fields of consecutive 128-byte structures \(array of structures\): store each field in its own array/,
      );
  });
});

/** 200 kernels whose registers come from a header (KERNEL_REGS), and 120 that keep 32. */
function manyKernels(): string {
  const lines = [
    '#include "regs.cuh"',
    '#define AXPY(NAME, REGS) \\',
    '__global__ void __maxnreg__(REGS) NAME(const float* __restrict__ x, float* __restrict__ y, float a, int n) { \\',
    '  int i = blockIdx.x * blockDim.x + threadIdx.x; float acc[16]; \\',
    '  _Pragma("unroll") for (int k = 0; k < 16; ++k) acc[k] = x[i + k * n]; \\',
    '  _Pragma("unroll") for (int k = 0; k < 16; ++k) y[i + k * n] = a * acc[k] + acc[15 - k] * acc[k]; }',
  ];
  for (let i = 0; i < 200; i++) lines.push(`AXPY(axpy${i}, KERNEL_REGS)`);
  for (let i = 0; i < 120; i++) lines.push(`AXPY(steady${i}, 32)`);
  return lines.join('\n') + '\n';
}

describe('a comment people read', () => {
  it('200 kernels crossing the same cliff: one grouped finding, unchanged kernels in one line, under 65,536 characters with the marker', async () => {
    const { comparison, comment, pr, headSha } = await gate(
      { 'kernels/many.cu': manyKernels(), 'kernels/regs.cuh': '#define KERNEL_REGS 32\n' },
      { 'kernels/regs.cuh': '#define KERNEL_REGS 40\n' },
    );
    const statuses = comparison.kernels.reduce<Record<string, number>>((n, k) => ({ ...n, [k.status]: (n[k.status] ?? 0) + 1 }), {});
    expect(statuses).toEqual({ changed: 200, unchanged: 120 });
    expect(comparison.findings.map((f) => f.kind)).toEqual(Array(200).fill('cliff'));
    const posted = server.comments.get(pr)![0].body;
    expect(posted.length).toBeLessThanOrEqual(65_536);
    expect(posted.startsWith(comment)).toBe(true);
    expect(posted).toContain('<!-- carve:comment-id:Carve -->');
    // Verdict first; one entry for the 200 identical cliffs, with its count; the link carries a line anchor.
    expect(posted).toMatch(/^<!-- carve:pr-comment -->\n\n### ❌ Carve: 200 findings fail the check\n/);
    expect(posted.match(/^- ❌ \*\*cliff\*\*/gm)).toHaveLength(1);
    const sig = '(float const*, float*, float, int)';
    expect(posted).toContain(
      `- ❌ **cliff** **×200** · 200 kernels: \`axpy0${sig}\`, \`axpy1${sig}\`, \`axpy2${sig}\`, \`axpy3${sig}\`, \`axpy4${sig}\`, and 195 more (sm_90): +8 registers → 8 → 6 blocks/SM (occupancy 100% → 75%)`,
    );
    expect(posted).toMatch(
      new RegExp(`\\(\\[kernels/many\\.cu\\]\\(https://github\\.com/octo/kernels/blob/${headSha}/kernels/many\\.cu#L\\d+\\)\\)`),
    );
    expect(posted).toContain(`_120 unchanged kernels (same resources, occupancy and accesses): \`steady0${sig}\`, \`steady1${sig}\``);
    expect(posted).not.toMatch(/\| unchanged \|/);
    // Charts sit in a collapsed section (at most six).
    expect(posted).toContain('<details><summary>Occupancy by block size (6 kernels)</summary>');
  }, 300_000);
});
