// The nvcc driver: finds nvcc, compiles one .cu for one arch to PTX (-lineinfo) and a cubin with
// ptxas -v, and parses the resource log and nvcc's diagnostics. Uses execFile with argument
// arrays; nvcc itself runs its steps through sh, so every argument is first made shell-inert
// (nvcc-args.ts). Children get a token-free environment. Never throws for a compile failure:
// ok:false plus Diagnostics.
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../model/types.js';
import { childEnv, compileTimeoutMs } from './child-env.js';
import { checkFlags, defineArgs, firstUnsafeArg, printable, SHELL_INERT, unitFor } from './nvcc-args.js';
import { applyLaunchBounds } from './ptxas.js';
import { parsePtxasLog } from './ptxas-log.js';
import type { ResourceRecord } from './types.js';

export interface CompileRequest {
  source: string;
  arch: string;
  outDir: string;
  defines?: Record<string, string | number>;
  includeDirs?: string[];
  flags?: string[];
  nvcc?: string;
  cubin?: boolean;
}

export interface CompileResult {
  ok: boolean;
  ptx: string | null;
  ptxPath: string | null;
  cubinPath: string | null;
  ptxasLog: string;
  resources: ResourceRecord[];
  diagnostics: Diagnostic[];
  /** The front-end command (.cu -> .ptx); the cubin step runs ptxas on that PTX with the same arch. */
  command: string[];
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  spawnError: string | null;
}

function run(file: string, args: string[]): Promise<RunResult> {
  const timeout = compileTimeoutMs();
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { maxBuffer: 64 * 1024 * 1024, timeout, killSignal: 'SIGKILL', encoding: 'utf8', env: childEnv() },
      (error, stdout, stderr) => {
        const err = error as (NodeJS.ErrnoException & { code?: string | number; killed?: boolean; signal?: string }) | null;
        if (err?.killed && err.signal === 'SIGKILL')
          resolve({ code: null, stdout, stderr, spawnError: `timed out after ${timeout} ms (${path.basename(file)} killed)` });
        else if (err && typeof err.code === 'string') resolve({ code: null, stdout, stderr, spawnError: `${err.code}: ${err.message}` });
        else resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr, spawnError: null });
      },
    );
  });
}

/** nvcc's path and version ("13.0.88"), trying the hint, $CUDA_HOME / $CUDA_PATH, PATH and /usr/local/cuda. */
export async function findNvcc(hint?: string): Promise<{ path: string; version: string } | null> {
  const candidates = [
    hint,
    process.env.CUDA_HOME && path.join(process.env.CUDA_HOME, 'bin', 'nvcc'),
    process.env.CUDA_PATH && path.join(process.env.CUDA_PATH, 'bin', 'nvcc'),
    'nvcc',
    '/usr/local/cuda/bin/nvcc',
  ].filter((c): c is string => Boolean(c));
  for (const candidate of candidates) {
    const result = await run(candidate, ['--version']);
    if (result.code !== 0) continue;
    const version = /release [\d.]+, V([\d.]+)/.exec(result.stdout)?.[1] ?? /release ([\d.]+)/.exec(result.stdout)?.[1];
    if (version) return { path: candidate, version };
  }
  return null;
}

const NVCC_DIAGNOSTIC = /^(.+?)\((\d+)\): (catastrophic error|error|warning|remark)(?: #[\w-]+)?: (.*)$/;
const GCC_DIAGNOSTIC = /^(.+?):(\d+):(\d+): (fatal error|error|warning): (.*)$/;
const TOOL_DIAGNOSTIC = /^(nvcc|ptxas|nvlink|cicc) (fatal|error|warning)\s*:\s*(.*)$/;

/** nvcc / host-compiler / ptxas messages as Diagnostics with file:line (column where the tool gives one). */
export function parseNvccDiagnostics(stderr: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const line of stderr.split(/\r?\n/)) {
    let m: RegExpExecArray | null;
    if ((m = NVCC_DIAGNOSTIC.exec(line))) {
      diagnostics.push({
        severity: m[3] === 'warning' ? 'warning' : m[3] === 'remark' ? 'note' : 'error',
        stage: 'build',
        message: m[4],
        file: m[1],
        line: Number(m[2]),
      });
    } else if ((m = GCC_DIAGNOSTIC.exec(line))) {
      diagnostics.push({
        severity: m[4] === 'warning' ? 'warning' : 'error',
        stage: 'build',
        message: m[5],
        file: m[1],
        line: Number(m[2]),
        column: Number(m[3]),
      });
    } else if ((m = TOOL_DIAGNOSTIC.exec(line)) && !/^ptxas info/.test(line)) {
      diagnostics.push({
        severity: m[2] === 'warning' ? 'warning' : 'error',
        stage: m[1] === 'ptxas' ? 'ptxas' : 'build',
        message: `${m[1]}: ${m[3]}`,
      });
    }
  }
  return diagnostics;
}

/** 'compute_90' -> 'sm_90' (a cubin needs a real arch); 'sm_90a' stays. */
const realArch = (arch: string): string => arch.replace(/^compute_/, 'sm_');

/** Compiles one translation unit for one arch: PTX with -lineinfo, then a cubin with ptxas -v. */
export async function compileCuda(request: CompileRequest): Promise<CompileResult> {
  const arch = realArch(request.arch);
  const nvcc = request.nvcc ?? (await findNvcc())?.path ?? 'nvcc';
  const unit = unitFor(request.source, request.outDir);
  const defines = defineArgs(request.defines ?? {}, request.outDir, unit.stem);
  const ptxPath = path.join(request.outDir, `${unit.stem}.${arch}.ptx`);
  const cubinFile = path.join(request.outDir, `${unit.stem}.${arch}.cubin`);
  const common = [...defines.args, ...(request.includeDirs ?? []).map((d) => `-I${d}`), ...(request.flags ?? [])];
  const command = [nvcc, `-arch=${arch}`, '-lineinfo', '-ptx', ...common, '-o', ptxPath, unit.unit];
  const result: CompileResult = {
    ok: false,
    ptx: null,
    ptxPath: null,
    cubinPath: null,
    ptxasLog: '',
    resources: [],
    diagnostics: [],
    command,
  };
  const refused = [...unit.errors, ...defines.errors, ...checkFlags(request.flags ?? [])];
  const unsafe = firstUnsafeArg(command.slice(1));
  if (unsafe !== null && !refused.length)
    refused.push(
      `argument '${printable(unsafe)}' has characters nvcc would hand to a shell ($, \`, \\, quotes, ;, |, &, <, >, ( ), newline): not run${SHELL_INERT.test(request.outDir) ? '' : ` (the output folder ${printable(request.outDir)} is one)`}`,
    );
  if (refused.length) {
    for (const message of refused) result.diagnostics.push({ severity: 'error', stage: 'build', message, file: request.source });
    return result;
  }
  try {
    await mkdir(request.outDir, { recursive: true });
    for (const file of [...unit.files, ...defines.files]) await writeFile(file.path, file.text);
  } catch (error) {
    result.diagnostics.push({ severity: 'error', stage: 'build', message: `cannot create ${request.outDir}: ${(error as Error).message}` });
    return result;
  }
  const front = await run(command[0], command.slice(1));
  result.diagnostics.push(...parseNvccDiagnostics(front.stderr));
  if (front.spawnError || front.code !== 0) {
    const reason = front.spawnError ?? `nvcc exited with ${front.code}`;
    if (!result.diagnostics.some((d) => d.severity === 'error')) {
      result.diagnostics.push({
        severity: 'error',
        stage: 'build',
        message: `${reason}${front.stderr.trim() ? `: ${front.stderr.trim().split('\n').slice(-3).join(' ')}` : ''}`,
        file: request.source,
      });
    }
    return result;
  }
  result.ptxPath = ptxPath;
  result.ptx = await readFile(ptxPath, 'utf8');
  // ptxas on the PTX just written: no second pass through the C++ front end.
  const back = await run(nvcc, [`-arch=${arch}`, '-cubin', '-Xptxas', '-v', '-o', cubinFile, ptxPath]);
  result.ptxasLog = back.stderr;
  result.diagnostics.push(...parseNvccDiagnostics(back.stderr));
  if (back.spawnError || back.code !== 0) {
    if (!result.diagnostics.some((d) => d.severity === 'error')) {
      result.diagnostics.push({
        severity: 'error',
        stage: 'ptxas',
        message: back.spawnError ?? `ptxas step exited with ${back.code}`,
        file: ptxPath,
      });
    }
    return result;
  }
  const parsed = parsePtxasLog(back.stderr, ptxPath);
  result.diagnostics.push(...parsed.diagnostics.filter((d) => d.severity !== 'note'));
  applyLaunchBounds(parsed.kernels, result.ptx);
  result.resources = parsed.kernels;
  if (request.cubin === false) await rm(cubinFile, { force: true });
  else result.cubinPath = cubinFile;
  result.ok = true;
  return result;
}
