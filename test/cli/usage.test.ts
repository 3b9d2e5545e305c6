// The CLI's contract on bad usage and --json, for every registered command: an unknown flag or
// command prints the usage and exits 2; --help exits 0; every command accepts --json.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main, usage } from '../../src/cli/main.js';
import { commands } from '../../src/cli/commands/index.js';
import type { CliIO } from '../../src/cli/command.js';

async function carve(args: string[], cwd = process.cwd()) {
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

const EXIT_CODES = 'Exit codes: 0 clean, 1 findings per --fail-on, 2 usage or input error.';

describe('carve usage', () => {
  it('lists every command and the exit codes; no command is a usage error', async () => {
    expect(commands.map((c) => c.name)).toEqual([
      'demo',
      'analyze',
      'occupancy',
      'resources',
      'compare',
      'report',
      'carve',
      'merge',
      'time',
      'retune',
    ]);
    const help = await carve(['--help']);
    expect(help.code).toBe(0);
    for (const command of commands) expect(help.stdout).toContain(`  ${command.name}`);
    expect(help.stdout).toContain(EXIT_CODES);
    const none = await carve([]);
    expect(none.code).toBe(2);
    expect(none.stdout).toBe(usage() + '\n');
  });

  it('an unknown command exits 2 with the usage', async () => {
    const run = await carve(['frobnicate', '--json']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`carve: unknown command 'frobnicate'\n\n${usage()}\n`);
  });

  for (const entry of commands) {
    it(`carve ${entry.name}: an unknown flag exits 2 with the command's usage; --json is accepted; --help exits 0`, async () => {
      const command = await entry.load();
      // The listing's summary (kept beside the lazy import) is the command's own.
      expect([command.name, command.summary]).toEqual([entry.name, entry.summary]);
      const run = await carve([command.name, '--json', '--no-such-flag']);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      // The complaint is about the unknown flag, so --json itself parsed.
      expect(run.stderr.startsWith(`carve ${command.name}: Unknown option '--no-such-flag'`)).toBe(true);
      expect(run.stderr.endsWith(`\n\n${command.usage}\n`)).toBe(true);
      expect(command.usage).toContain('--json');
      const help = await carve([command.name, '--help']);
      expect(help).toEqual({ code: 0, stdout: command.usage + '\n', stderr: '' });
    });
  }

  it('carve report --json names the files it wrote', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'carve-report-json-'));
    const input = path.resolve('test/fixtures/reports/head.json');
    const run = await carve(['report', input, '--out', out, '--markdown', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const kernels = JSON.parse(readFileSync(input, 'utf8')).kernels.length;
    expect(JSON.parse(run.stdout)).toEqual({ files: [path.join(out, 'report.html'), path.join(out, 'report.md')], reports: 1, kernels });
    rmSync(out, { recursive: true, force: true });
  });
});
