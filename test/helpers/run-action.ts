// Runs the bundled Action the way the GitHub runner does: `node index.js` with INPUT_*
// variables, the event JSON, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files. The bundle is the
// committed dist/index.js, which is what the runner executes (test/skeleton/dist.test.ts fails
// when it differs from a build of src/).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error plain JS build script
import { bundle } from '../../scripts/bundle.mjs';

/**
 * The bundle to run: the committed dist/index.js, or — with CARVE_E2E_FRESH=1, while editing
 * src/ before `npm run build` — a fresh build of src/ into a temp dir.
 */
export async function bundleAction(): Promise<string> {
  if (process.env.CARVE_E2E_FRESH !== '1') return path.resolve(import.meta.dirname, '../../dist/index.js');
  const outdir = mkdtempSync(path.join(tmpdir(), 'carve-bundle-'));
  await (bundle as (dir: string) => Promise<void>)(outdir);
  return path.join(outdir, 'index.js');
}

export interface ActionRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** `::error file=…,line=…::message` workflow commands, parsed. */
  commands: Array<{ command: string; properties: Record<string, string>; message: string }>;
}

export interface ActionRunOptions {
  bundle: string;
  workspace: string;
  inputs: Record<string, string>;
  event: unknown;
  eventName?: string;
  apiUrl?: string;
  repository?: string;
  sha?: string;
  env?: Record<string, string>;
}

export function pullRequestEvent(
  number: number,
  baseSha: string,
  headSha: string,
  options: { repository?: string; headRepository?: string; labels?: string[] } = {},
) {
  const repository = options.repository ?? 'octo/kernels';
  return {
    action: 'synchronize',
    number,
    pull_request: {
      number,
      base: { sha: baseSha, ref: 'main', repo: { full_name: repository } },
      head: { sha: headSha, ref: 'feature', repo: { full_name: options.headRepository ?? repository } },
      labels: (options.labels ?? []).map((name) => ({ name })),
    },
    repository: { full_name: repository, name: repository.split('/')[1], owner: { login: repository.split('/')[0] } },
  };
}

export async function runBundledAction(options: ActionRunOptions): Promise<ActionRun> {
  const dir = mkdtempSync(path.join(tmpdir(), 'carve-run-'));
  const eventPath = path.join(dir, 'event.json');
  const outputPath = path.join(dir, 'output.txt');
  const summaryPath = path.join(dir, 'summary.md');
  writeFileSync(eventPath, JSON.stringify(options.event));
  writeFileSync(outputPath, '');
  writeFileSync(summaryPath, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? dir,
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_EVENT_NAME: options.eventName ?? 'pull_request',
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_REPOSITORY: options.repository ?? 'octo/kernels',
    GITHUB_SHA: options.sha ?? '0'.repeat(40),
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '4242',
    RUNNER_TEMP: dir,
    CARVE_GITHUB_RETRY_BASE_MS: '5',
    ...(options.apiUrl ? { GITHUB_API_URL: options.apiUrl } : {}),
    ...options.env,
  };
  for (const [name, value] of Object.entries(options.inputs)) env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [options.bundle], { cwd: options.workspace, env, maxBuffer: 64 * 1024 * 1024 }, (error, out, err) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout: out, stderr: err });
    });
  });
  return {
    exitCode: code,
    stdout,
    stderr,
    outputs: parseOutputFile(readFileSync(outputPath, 'utf8')),
    summary: existsSync(summaryPath) ? readFileSync(summaryPath, 'utf8') : '',
    commands: parseCommands(stdout),
  };
}

/** GITHUB_OUTPUT's `name<<DELIMITER` blocks. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = lines[i].match(/^([^<=]+)<<(.+)$/);
    if (!match) continue;
    const [, name, delimiter] = match;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i]);
    outputs[name] = value.join('\n');
  }
  return outputs;
}

function parseCommands(stdout: string): ActionRun['commands'] {
  const out: ActionRun['commands'] = [];
  for (const line of stdout.split('\n')) {
    const match = line.match(/^::(error|warning|notice)(?: ([^:]*))?::(.*)$/);
    if (!match) continue;
    const properties: Record<string, string> = {};
    for (const pair of (match[2] ?? '').split(',').filter(Boolean)) {
      const [key, ...rest] = pair.split('=');
      properties[key] = decodeURIComponent(rest.join('=').replace(/%2C/g, ','));
    }
    out.push({ command: match[1], properties, message: match[3].replace(/%0A/g, '\n').replace(/%25/g, '%') });
  }
  return out;
}
