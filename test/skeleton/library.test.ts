// The package's library entry (package.json "exports") must not run the Action on import;
// the Action's entry does, which is the control that shows the check can see a write.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JS build script
import { bundle } from '../../scripts/bundle.mjs';

const root = path.resolve(import.meta.dirname, '../..');
let outdir = '';

/** Imports `entry` in a fresh empty directory and returns what it left there and its exports. */
function importIn(entry: string): { files: string[]; exports: string[] } {
  const cwd = mkdtempSync(path.join(tmpdir(), 'carve-import-'));
  const env = { PATH: process.env.PATH ?? '', HOME: cwd };
  const script = `const m = await import(${JSON.stringify(path.join(outdir, entry))}); process.stdout.write(JSON.stringify(Object.keys(m).sort()));`;
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd, env, encoding: 'utf8' });
  return { files: readdirSync(cwd), exports: JSON.parse(stdout.slice(stdout.lastIndexOf('['))) as string[] };
}

beforeAll(async () => {
  outdir = mkdtempSync(path.join(tmpdir(), 'carve-lib-'));
  await (bundle as (dir: string) => Promise<void>)(outdir);
});

describe('package entry points', () => {
  it('package.json exports the library entry, not the Action', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(pkg.exports['.']).toBe('./dist/lib.js');
    expect(pkg.bin.carve).toBe('dist/cli.js');
  });

  it('importing the library writes nothing to the working directory and exports the engine', () => {
    const { files, exports } = importIn('lib.js');
    expect(files).toEqual([]);
    expect(exports).toEqual(
      expect.arrayContaining(['runGate', 'compareReports', 'computeOccupancy', 'parsePtx', 'renderComment', 'runCli', 'VERSION']),
    );
  });

  it('importing the Action entry runs the Action (it writes carve-report/)', () => {
    expect(importIn('index.js').files).toEqual(['carve-report']);
  });

  it('the build lists the licences of the bundled packages', () => {
    const notices = readFileSync(path.join(outdir, 'licenses.txt'), 'utf8');
    const packages = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).dependencies as Record<string, string>;
    // Every runtime dependency the engine imports is in the bundle, hence in the notices.
    for (const name of ['@actions/core', '@actions/github', 'ajv', 'markdown-table', 'picomatch', 'yaml']) {
      expect(Object.keys(packages)).toContain(name);
      expect(notices).toMatch(new RegExp(`^${name.replace('/', '\\/')} \\d+\\.\\d+\\.\\d+ \\((MIT|ISC)\\)`, 'm'));
    }
    expect(notices).toContain('Permission is hereby granted, free of charge');
  });
});
