// Every child process gets the environment from childEnv: no GitHub token, no Action inputs,
// no runner credentials — checked through the real spawn paths (timing command, git).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { git } from '../../src/discover/git.js';
import { runExternalBenchmark } from '../../src/timing/index.js';
import { childEnv } from '../../src/toolchain/index.js';

const TOKEN = 'ghs_KnownTokenValue0123456789';
const dir = mkdtempSync(path.join(tmpdir(), 'carve-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function withSecrets<T>(body: () => Promise<T>): Promise<T> {
  const added = {
    GITHUB_TOKEN: TOKEN,
    'INPUT_GITHUB-TOKEN': TOKEN,
    GH_TOKEN: TOKEN,
    ACTIONS_RUNTIME_TOKEN: 'runtime-secret-abcdef',
    ACTIONS_CACHE_URL: 'https://cache.example',
    RENAMED: TOKEN,
  };
  const before = new Set(Object.keys(process.env));
  Object.assign(process.env, added);
  return body().finally(() => {
    for (const name of Object.keys(process.env)) if (!before.has(name)) delete process.env[name];
  });
}

describe('childEnv', () => {
  it('drops tokens, inputs and runner credentials, and any variable holding a token value', () => {
    const env = childEnv(
      { CARVE_SIDE: 'head', GITHUB_TOKEN: 'x' },
      {
        PATH: '/bin',
        HOME: '/h',
        GITHUB_TOKEN: TOKEN,
        'INPUT_GITHUB-TOKEN': TOKEN,
        INPUT_MODE: 'gate',
        ACTIONS_ID_TOKEN_REQUEST_URL: 'u',
        COPY: TOKEN,
        GITHUB_SHA: 'abc',
      },
    );
    expect(env).toEqual({ PATH: '/bin', HOME: '/h', GITHUB_SHA: 'abc', CARVE_SIDE: 'head' });
  });
});

describe('spawned children see no token', () => {
  it('timing.command (a shell command from the config) sees none', async () => {
    const dump = path.join(dir, 'timing-env.txt');
    const run = await withSecrets(() => runExternalBenchmark(`env > '${dump}'; echo '[]'`, { CARVE_SIDE: 'head' }, dir));
    expect(run.diagnostics).toEqual([]);
    const env = readFileSync(dump, 'utf8');
    expect(env).not.toContain(TOKEN);
    expect(env).not.toMatch(/^(INPUT_|ACTIONS_|GH_TOKEN|GITHUB_TOKEN)/m);
    expect(env).toMatch(/^CARVE_SIDE=head$/m);
  });

  it('git sees none (a config alias that prints the environment)', async () => {
    await git(['init', '-q'], dir);
    const out = await withSecrets(() => git(['-c', 'alias.envdump=!env', 'envdump'], dir));
    expect(out).not.toContain(TOKEN);
    expect(out).not.toMatch(/^(INPUT_|ACTIONS_|GH_TOKEN|GITHUB_TOKEN)/m);
    expect(out).toMatch(/^PATH=/m);
  });
});
