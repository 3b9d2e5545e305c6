// The GPU timing example runs pull-request code on a self-hosted runner: it must not trust a
// label that survives new pushes, must pin actions by commit SHA, keep no credentials in the
// checkout, hold one run per pull request and ask for the permissions the gate needs only.
// SECURITY.md states the threat model and links docs/security.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const text = readFileSync(path.join(ROOT, 'examples/workflows/carve-gpu-timing.yml'), 'utf8');
interface Step {
  uses?: string;
  with?: Record<string, unknown>;
}
interface Job {
  'runs-on': string[];
  environment?: string;
  if?: string;
  steps: Step[];
}
const workflow = parse(text) as {
  on: { pull_request: { types: string[] } };
  permissions: Record<string, string>;
  concurrency: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
};

describe('examples/workflows/carve-gpu-timing.yml', () => {
  it('times only in an environment with required reviewers, not on a label', () => {
    expect(workflow.jobs.timing.environment).toBe('carve-gpu-timing');
    expect(workflow.on.pull_request.types).toEqual(['opened', 'synchronize', 'reopened']);
    expect(text).not.toMatch(/labels/);
    expect(text).toContain('"Required reviewers"');
  });

  it('pins every third-party action by full commit SHA with its version in a comment', () => {
    const uses = Object.values(workflow.jobs).flatMap((j) => j.steps.map((s) => s.uses).filter((u): u is string => !!u));
    const thirdParty = uses.filter((u) => !u.startsWith('carve-dev/carve@'));
    expect(thirdParty).toEqual([
      'actions/checkout@08c6903cd8c0fde910a37f88322edcfb5dd907a8',
      'actions/checkout@08c6903cd8c0fde910a37f88322edcfb5dd907a8',
    ]);
    expect(text.match(/actions\/checkout@[0-9a-f]{40} # v5\.0\.0$/gm)).toHaveLength(2);
  });

  it('checks out without persisted credentials, one run per pull request, minimal permissions', () => {
    for (const job of Object.values(workflow.jobs)) {
      expect(job.steps.find((s) => s.uses?.startsWith('actions/checkout@'))!.with).toEqual({
        'fetch-depth': 0,
        'persist-credentials': false,
      });
    }
    expect(workflow.concurrency).toEqual({ group: 'carve-gpu-timing-${{ github.event.pull_request.number }}', 'cancel-in-progress': true });
    expect(workflow.permissions).toEqual({ contents: 'read', 'pull-requests': 'write', checks: 'write' });
  });
});

describe('SECURITY.md', () => {
  const policy = readFileSync(path.join(ROOT, 'SECURITY.md'), 'utf8');
  it('states how to report, the attacker, what runs where with which token, and links the details', () => {
    for (const heading of ['## Reporting a vulnerability', '## Who is the attacker', '## What runs where, with which token'])
      expect(policy).toContain(heading);
    for (const event of ['`pull_request` from a fork', '`workflow_run`', '`pull_request_target`', 'allow-untrusted: true'])
      expect(policy).toContain(event);
    expect(policy).toContain('[docs/security.md](docs/security.md)');
  });
});
