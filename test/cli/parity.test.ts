// `carve compare BASE-REV HEAD-REV` and the Action's gate engine (runGate, as the Action calls
// it on a pull request) must find the same things in the same repository: a temporary git repo
// whose base and head commits hold real kernels, built by real nvcc 13 (and, without nvcc, read
// from the committed artifacts of the same kernels).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfigFile } from '../../src/config/load.js';
import { reportAtRevision, runGate, type GateResult } from '../../src/pipeline/index.js';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/command.js';
import type { Comparison, Finding } from '../../src/model/types.js';
import { createFixtureRepo, type FixtureRepo } from '../helpers/fixture-repo.js';

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

async function carve(args: string[], cwd: string): Promise<CliRun> {
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

async function gate(repo: FixtureRepo, baseSha: string, headSha: string, nvcc: string | null): Promise<GateResult> {
  const config = loadConfigFile(path.join(repo.dir, '.github/carve.yml')).config;
  const scratchDir = mkdtempSync(path.join(tmpdir(), 'carve-parity-'));
  try {
    return await runGate({
      workspace: repo.dir,
      config,
      inputDiagnostics: [],
      archs: ['sm_90'],
      failOn: config.failOn,
      comment: 'changes',
      nvcc,
      artifacts: config.artifacts,
      pullRequest: { baseSha, headSha },
      headSha,
      scope: 'changes',
      scratchDir,
    });
  } finally {
    rmSync(scratchDir, { recursive: true, force: true });
  }
}

const byKey = (findings: Finding[]) =>
  [...findings].sort((a, b) => `${a.kind} ${a.kernel} ${a.line} ${a.title}`.localeCompare(`${b.kind} ${b.kernel} ${b.line} ${b.title}`));

describe("carve compare of two revisions gives the Action gate's findings", () => {
  let repo: FixtureRepo;
  let baseSha: string;
  let headSha: string;
  beforeAll(() => {
    repo = createFixtureRepo('carve-parity-repo-');
    repo.commitFiles({ '.github/carve.yml': 'archs: [sm_90]\nartifacts: ["artifacts/*"]\n' }, 'config');
    baseSha = repo.commitSide('base', 'base kernels', { withArtifacts: true });
    repo.git('checkout', '-q', '-b', 'feature');
    headSha = repo.commitSide('head', 'more live values; strided load', { withArtifacts: true });
  });
  afterAll(() => repo?.remove());

  it('compiled by nvcc: the same cliff and uncoalesced findings, the same failing exit', async () => {
    const result = await gate(repo, baseSha, headSha, null);
    expect(result.source).toBe('compile');
    const cli = await carve(['compare', baseSha, headSha, '--json'], repo.dir);
    expect(cli.code, cli.stderr).toBe(1);
    const comparison = JSON.parse(cli.stdout) as Comparison;
    expect(byKey(comparison.findings)).toEqual(byKey(result.comparison.findings));
    expect(result.conclusion).toBe('failure');
    // Not vacuous: the PR's register cliff and stride-32 load are among them.
    expect(comparison.findings.map((f) => `${f.kind} ${f.kernel} ${f.file}:${f.line}`).sort()).toEqual(
      [
        'cliff _Z8pressurePKfPfi kernels/pressure.cu:null',
        'instructions _Z8pressurePKfPfi kernels/pressure.cu:null',
        'uncoalesced _Z8pressurePKfPfi kernels/pressure.cu:10',
      ].sort(),
    );
    // The revision build names both commits, as the gate's reports do.
    const pressure = comparison.kernels.find((k) => k.name === '_Z8pressurePKfPfi')!;
    expect([pressure.base!.resources!.registers, pressure.head!.resources!.registers]).toEqual([64, 80]);
    // Branch names resolve like SHAs, and the text output lists the same findings.
    const text = await carve(['compare', 'main', 'feature'], repo.dir);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain(
      'FAIL cliff pressure(float const*, float*, int) (sm_90) pressure.cu: +16 registers → 4 → 3 blocks/SM (occupancy 50% → 37.5%)',
    );
    expect(text.stdout).toMatch(/3 findings \(2 failing\) in 3 kernels: 1 changed, 0 added, 0 removed, 2 unchanged/);
  });

  it('from committed artifacts (nvcc none): the same findings as the gate reading the same artifacts', async () => {
    const result = await gate(repo, baseSha, headSha, 'none');
    expect(result.source).toBe('artifacts');
    const cli = await carve(['compare', baseSha, headSha, '--json', '--nvcc', 'none'], repo.dir);
    expect(cli.code, cli.stderr).toBe(1);
    const comparison = JSON.parse(cli.stdout) as Comparison;
    expect(byKey(comparison.findings)).toEqual(byKey(result.comparison.findings));
    expect(comparison.findings.map((f) => f.kind).sort()).toEqual(['cliff', 'instructions', 'uncoalesced']);
  });

  it('takes an existing file as a report: a report of HEAD written to disk compares like the revision', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'carve-parity-files-'));
    const config = loadConfigFile(path.join(repo.dir, '.github/carve.yml')).config;
    const { report } = await reportAtRevision({
      repoRoot: repo.dir,
      revision: headSha,
      side: 'head',
      config,
      archs: ['sm_90'],
      nvcc: 'none',
      artifacts: config.artifacts,
      scratchDir: dir,
    });
    writeFileSync(path.join(dir, 'head.json'), JSON.stringify(report));
    const fromFile = await carve(['compare', baseSha, path.join(dir, 'head.json'), '--json', '--nvcc', 'none'], repo.dir);
    const fromRevision = await carve(['compare', baseSha, headSha, '--json', '--nvcc', 'none'], repo.dir);
    expect(fromFile.code).toBe(1);
    expect(JSON.parse(fromFile.stdout).findings).toEqual(JSON.parse(fromRevision.stdout).findings);
    const same = await carve(['compare', headSha, headSha, '--json', '--nvcc', 'none'], repo.dir);
    expect(same.code).toBe(0);
    expect(JSON.parse(same.stdout).findings).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a revision that does not exist is an input error (exit 2) naming it', async () => {
    const cli = await carve(['compare', 'no-such-branch', headSha, '--nvcc', 'none'], repo.dir);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain("'no-such-branch' is not a commit of");
  });
});
