// The example workflows in examples/workflows/ must only use what exists: inputs that
// action.yml declares (and mode values the Action knows), outputs it sets, and `carve`
// commands with flags the CLI parses. Each `carve ...` line is parsed by the real command with a
// sentinel flag appended, so parsing stops at the sentinel and nothing runs.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/command.js';
import { MODES } from '../../src/action/inputs.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIR = path.join(ROOT, 'examples/workflows');
const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
};
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.yml'))
  .sort();

interface Step {
  uses?: string;
  with?: Record<string, unknown>;
  run?: string;
  id?: string;
}
interface Workflow {
  name: string;
  on: unknown;
  jobs: Record<string, { steps: Step[]; strategy?: { matrix?: Record<string, unknown> } }>;
}

const workflows = Object.fromEntries(files.map((f) => [f, parse(readFileSync(path.join(DIR, f), 'utf8')) as Workflow]));
const steps = (w: Workflow) => Object.values(w.jobs).flatMap((j) => j.steps);
const carveSteps = (w: Workflow) => steps(w).filter((s) => s.uses?.startsWith('carve-dev/carve@'));

/** `carve ...` invocations in a run script: one per line, shell redirections and ${{ }} expressions replaced. */
function carveInvocations(script: string): string[][] {
  const out: string[][] = [];
  for (const raw of script.split('\n')) {
    const line = raw.trim().replace(/\$\{\{[^}]*\}\}/g, 'X');
    const match = line.match(/^(?:npx\s+)?carve\s+(.*)$/);
    if (!match) continue;
    const words = [...match[1].matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
    const end = words.findIndex((w) => /^(>|>>|\||&&|;|2>)/.test(w));
    out.push(end < 0 ? words : words.slice(0, end));
  }
  return out;
}

async function parsesUpToSentinel(args: string[]): Promise<string> {
  let stderr = '';
  const io: CliIO = {
    stdout: () => undefined,
    stderr: (t) => {
      stderr += t;
    },
    cwd: ROOT,
    isTTY: false,
    env: process.env,
  };
  await main([...args, '--zz-sentinel'], io);
  return stderr.split('\n')[0];
}

describe('example workflows', () => {
  it('cover the PR gate, the fork-safe pair, GPU timing, nightly retune, the release report and matrix sharding', () => {
    expect(files).toEqual([
      'carve-analyze.yml',
      'carve-committed.yml',
      'carve-gate.yml',
      'carve-gpu-timing.yml',
      'carve-publish.yml',
      'carve-release-report.yml',
      'carve-retune.yml',
      'carve-sarif.yml',
      'carve-shard.yml',
    ]);
    const modes = (f: string) => carveSteps(workflows[f]).map((s) => String(s.with?.mode ?? 'gate'));
    expect(modes('carve-analyze.yml')).toEqual(['analyze']);
    expect(modes('carve-publish.yml')).toEqual(['publish']);
    expect(modes('carve-retune.yml')).toEqual(['retune']);
    expect(modes('carve-release-report.yml')).toEqual(['report']);
    expect(workflows['carve-shard.yml'].jobs.shard.strategy!.matrix!.shard).toEqual([1, 2, 3, 4]);
  });

  for (const file of files) {
    it(`${file}: Carve steps use only inputs action.yml declares, known modes and declared outputs`, () => {
      const workflow = workflows[file];
      expect(workflow.name).toBeTruthy();
      for (const step of carveSteps(workflow)) {
        for (const key of Object.keys(step.with ?? {})) expect(Object.keys(action.inputs), `${file}: input ${key}`).toContain(key);
        if (step.with?.mode !== undefined) expect(MODES).toContain(step.with.mode);
      }
      const ids = new Set(
        carveSteps(workflow)
          .map((s) => s.id)
          .filter(Boolean),
      );
      const text = readFileSync(path.join(DIR, file), 'utf8');
      for (const [, id, output] of text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
        expect(ids, `${file}: step ${id}`).toContain(id);
        expect(Object.keys(action.outputs), `${file}: output ${output}`).toContain(output);
      }
    });

    it(`${file}: every carve command line parses with the real CLI`, async () => {
      const invocations = steps(workflows[file]).flatMap((s) => (s.run ? carveInvocations(s.run) : []));
      for (const args of invocations) {
        const complaint = await parsesUpToSentinel(args);
        expect(complaint, `carve ${args.join(' ')}`).toMatch(new RegExp(`^carve ${args[0]}: Unknown option '--zz-sentinel'`));
      }
    });
  }

  it('the SARIF example uploads carve.sarif with security-events: write and a category', () => {
    const sarif = workflows['carve-sarif.yml'] as Workflow & { permissions: Record<string, string> };
    expect(sarif.permissions['security-events']).toBe('write');
    expect(carveSteps(sarif).map((s) => s.with?.sarif)).toEqual([true]);
    const upload = steps(sarif).find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'));
    expect(upload?.with).toEqual({ sarif_file: '${{ steps.carve.outputs.sarif-path }}', category: 'carve-sm_90' });
  });

  it('the CLI-based workflows do run carve commands (report, carve --shard, merge)', () => {
    const commandsOf = (f: string) =>
      steps(workflows[f])
        .flatMap((s) => (s.run ? carveInvocations(s.run) : []))
        .map((a) =>
          a
            .filter((w) => !w.startsWith('-') || w === '--shard')
            .slice(0, 1)
            .concat(a.includes('--shard') ? ['--shard'] : [])
            .join(' '),
        );
    expect(commandsOf('carve-release-report.yml')).toEqual(['report']);
    expect(commandsOf('carve-shard.yml')).toEqual(['carve --shard', 'merge', 'merge']);
  });

  it('the sentinel check catches a flag the CLI does not accept', async () => {
    expect(await parsesUpToSentinel(['merge', 'a.json', '--no-such-flag'])).toMatch(/^carve merge: Unknown option '--no-such-flag'/);
    expect(await parsesUpToSentinel(['carve', 'stray-positional', '--config', 'x'])).toMatch(
      /^carve carve: Unexpected argument 'stray-positional'/,
    );
  });
});
