// Running timings: the generated harness (g++ + libcuda on a GPU runner), or an external
// benchmark command that prints Carve timing JSON. The only module here that spawns processes.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Diagnostic } from '../model/types.js';
import { generateHarness, harnessBuildCommand } from './harness.js';
import { childEnv } from '../toolchain/child-env.js';
import { writeManifest, type HarnessEntry } from './manifest.js';
import { parseTimingOutput, type TimingRecord } from './results.js';

const run = promisify(execFile);

export interface HarnessRun {
  records: TimingRecord[];
  diagnostics: Diagnostic[];
  /** The commands run, for the report. */
  commands: string[][];
}

function failure(message: string): Diagnostic {
  return { severity: 'error', stage: 'timing', message };
}

/** Builds the generated harness in workDir: the binary's path, or the build error as a diagnostic. */
export async function buildHarness(
  workDir: string,
  cudaHome = '/usr/local/cuda',
): Promise<{ binary: string | null; command: string[]; diagnostics: Diagnostic[] }> {
  mkdirSync(workDir, { recursive: true });
  const source = path.join(workDir, 'carve-harness.cpp');
  const binary = path.join(workDir, 'carve-harness');
  writeFileSync(source, generateHarness());
  const command = harnessBuildCommand(source, binary, cudaHome);
  try {
    await run(command[0], command.slice(1), { maxBuffer: 16 << 20, env: childEnv() });
    return { binary, command, diagnostics: [] };
  } catch (error) {
    return {
      binary: null,
      command,
      diagnostics: [
        failure(
          `building the timing harness failed (needs g++ and libcuda): ${String((error as { stderr?: string }).stderr ?? error).split('\n')[0]}`,
        ),
      ],
    };
  }
}

/** Times the entries with a built harness (one process; a manifest named `name` in workDir). */
export async function runHarnessBinary(
  binary: string,
  entries: HarnessEntry[],
  workDir: string,
  name = 'timing.manifest',
): Promise<HarnessRun> {
  const manifest = path.join(workDir, name);
  writeFileSync(manifest, writeManifest(entries));
  let stdout = '';
  const diagnostics: Diagnostic[] = [];
  try {
    stdout = (await run(binary, [manifest], { maxBuffer: 256 << 20, env: childEnv() })).stdout;
  } catch (error) {
    // Exit 1 = some variants failed (their lines say why); 3 = no device.
    const failed = error as { stdout?: string; stderr?: string; code?: number };
    stdout = failed.stdout ?? '';
    if (failed.code !== 1)
      diagnostics.push(failure(`timing harness exited with ${failed.code}: ${(failed.stderr ?? '').trim() || 'no output'}`));
  }
  const parsed = parseTimingOutput(stdout, manifest);
  for (const record of parsed.records)
    if (record.status === 'error') diagnostics.push({ ...failure(`${record.variant}: ${record.error}`), severity: 'warning' });
  return { records: parsed.records, diagnostics: [...diagnostics, ...parsed.diagnostics], commands: [[binary, manifest]] };
}

/** Builds the harness in workDir and times the entries; a missing GPU or compiler is a diagnostic. */
export async function runHarness(entries: HarnessEntry[], workDir: string, cudaHome = '/usr/local/cuda'): Promise<HarnessRun> {
  const built = await buildHarness(workDir, cudaHome);
  if (!built.binary) return { records: [], diagnostics: built.diagnostics, commands: [built.command] };
  const timed = await runHarnessBinary(built.binary, entries, workDir);
  return { ...timed, commands: [built.command, ...timed.commands] };
}

/** Runs `command` in a shell with CARVE_MANIFEST / CARVE_VARIANTS set and parses its JSON output. */
export async function runExternalBenchmark(command: string, env: Record<string, string>, cwd: string): Promise<HarnessRun> {
  try {
    const { stdout } = await run('/bin/sh', ['-c', command], { cwd, env: childEnv(env), maxBuffer: 256 << 20 });
    const parsed = parseTimingOutput(stdout, command);
    return { records: parsed.records, diagnostics: parsed.diagnostics, commands: [['/bin/sh', '-c', command]] };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return {
      records: [],
      diagnostics: [failure(`benchmark command '${command}' failed (exit ${failed.code}): ${(failed.stderr ?? '').trim().split('\n')[0]}`)],
      commands: [['/bin/sh', '-c', command]],
    };
  }
}
