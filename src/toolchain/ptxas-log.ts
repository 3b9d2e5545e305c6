// Parses ptxas verbose output (`ptxas -v`, `nvcc -Xptxas -v`, `nvcc --resource-usage`) of
// nvcc 9-13 into per-kernel resources. Pure: text in, records + diagnostics out; never throws.
import type { Diagnostic, KernelResources } from '../model/types.js';
import { overSizeLimit } from '../limits.js';
import { demangle } from './demangle.js';
import { DEVICE_FUNCTION_NOTE, type ResourceRecord } from './types.js';

interface PendingFunction {
  name: string;
  arch: string | null;
  isEntry: boolean;
  line: number;
  stackFrameBytes: number | null;
  spillStoreBytes: number | null;
  spillLoadBytes: number | null;
  used: UsedLine | null;
}

interface UsedLine {
  registers: number;
  barriers: number | null;
  staticSharedBytes: number;
  constantBytes: number | null;
  cumulativeStackBytes: number | null;
  localBytes: number | null;
}

const COMPILING = /Compiling entry function '([^']+)' for '([^']+)'/;
const PROPERTIES = /Function properties for (\S+)/;
const FRAME = /^(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads\s*$/;
const USED = /Used (\S+) registers(.*)$/;
// Info lines that carry nothing per kernel.
const IGNORED_INFO = [
  /^\d+ bytes gmem/,
  /^Compile time =/,
  /^Overriding maximum register limit/,
  /^Function properties for/,
  /^Compiling entry function/,
];

/** Text after the first "ptxas", its severity word and the column of the message. */
function ptxasMessage(line: string): { kind: string; message: string; column: number } | null {
  const match = /ptxas\s+(info|warning|error|fatal)\s*:\s?/.exec(line);
  if (!match) return null;
  return { kind: match[1], message: line.slice(match.index + match[0].length).trim(), column: match.index + match[0].length + 1 };
}

/** Parses the comma-separated items after "Used N registers". Unknown items are reported, not guessed. */
function parseUsed(
  registersText: string,
  rest: string,
  at: { file?: string; line: number; column: number },
  diagnostics: Diagnostic[],
): UsedLine | null {
  if (!/^\d+$/.test(registersText)) {
    diagnostics.push({
      severity: 'error',
      stage: 'ptxas',
      message: `cannot read the register count '${registersText}'`,
      file: at.file,
      line: at.line,
      column: at.column,
    });
    return null;
  }
  const used: UsedLine = {
    registers: Number(registersText),
    barriers: null,
    staticSharedBytes: 0,
    constantBytes: null,
    cumulativeStackBytes: null,
    localBytes: null,
  };
  for (const rawItem of rest.split(',')) {
    const item = rawItem.trim();
    if (item === '') continue;
    let m: RegExpExecArray | null;
    if ((m = /^used (\d+) barriers?$/.exec(item))) used.barriers = Number(m[1]);
    else if ((m = /^(\d+)(?:\+(\d+))? bytes smem$/.exec(item))) used.staticSharedBytes = Number(m[1]) + Number(m[2] ?? 0);
    else if ((m = /^(\d+) bytes cmem\[(\d+)\]$/.exec(item))) {
      if (m[2] === '0') used.constantBytes = Number(m[1]);
    } else if ((m = /^(\d+) bytes cumulative stack size$/.exec(item))) used.cumulativeStackBytes = Number(m[1]);
    else if ((m = /^(\d+)(?:\+(\d+))? bytes lmem$/.exec(item))) used.localBytes = Number(m[1]) + Number(m[2] ?? 0);
    else if (/^\d+ (textures?|samplers?|surfaces?)$/.test(item)) continue;
    else
      diagnostics.push({
        severity: 'warning',
        stage: 'ptxas',
        message: `unrecognised resource item '${item}' (ignored)`,
        file: at.file,
        line: at.line,
        column: at.column,
      });
  }
  return used;
}

function toRecord(
  fn: PendingFunction,
  fallbackArch: string | null,
  file: string | undefined,
  diagnostics: Diagnostic[],
): ResourceRecord | null {
  const arch = fn.arch ?? fallbackArch;
  if (arch === null) {
    diagnostics.push({
      severity: 'warning',
      stage: 'ptxas',
      message: `no target arch stated for '${fn.name}'`,
      file,
      line: fn.line,
      kernel: fn.name,
    });
  }
  if (fn.isEntry && fn.used === null) {
    diagnostics.push({
      severity: 'error',
      stage: 'ptxas',
      message: `no 'Used N registers' line for entry '${fn.name}'`,
      file,
      line: fn.line,
      kernel: fn.name,
    });
    return null;
  }
  const used = fn.used;
  const nullReasons: KernelResources['nullReasons'] = {
    maxThreadsPerBlock: 'a ptxas log does not record launch bounds (read .maxntid from the PTX)',
    minBlocksPerSM: 'a ptxas log does not record launch bounds (read .minnctapersm from the PTX)',
  };
  if (fn.spillStoreBytes === null) {
    nullReasons.spillStoreBytes = nullReasons.spillLoadBytes = 'ptxas printed no Function properties line for this function';
  }
  if (used && used.barriers === null) nullReasons.barriers = 'this ptxas version prints no barrier count';
  if (used && used.constantBytes === null)
    nullReasons.constantBytes = 'ptxas printed no cmem[0] size (nvcc 13 omits it for sm_90 and newer)';
  const stackFrameBytes = fn.stackFrameBytes ?? 0;
  const isDeviceOnly = !fn.isEntry && used === null;
  const resources: KernelResources = {
    registers: used?.registers ?? 0,
    staticSharedBytes: used?.staticSharedBytes ?? 0,
    localBytes: used?.cumulativeStackBytes ?? (used?.localBytes ?? 0) + stackFrameBytes,
    stackFrameBytes,
    spillStoreBytes: fn.spillStoreBytes,
    spillLoadBytes: fn.spillLoadBytes,
    barriers: isDeviceOnly ? 0 : (used?.barriers ?? null),
    constantBytes: isDeviceOnly ? 0 : (used?.constantBytes ?? null),
    maxThreadsPerBlock: null,
    minBlocksPerSM: null,
    source: 'ptxas',
    nullReasons,
  };
  if (isDeviceOnly) {
    delete nullReasons.barriers;
    delete nullReasons.constantBytes;
  }
  const record: ResourceRecord = { name: fn.name, displayName: demangle(fn.name), arch: arch ?? 'unknown', resources, isEntry: fn.isEntry };
  if (isDeviceOnly) record.partial = DEVICE_FUNCTION_NOTE;
  return record;
}

/**
 * Reads every kernel (and device function) from ptxas verbose output. Several kernels and
 * several archs per log are fine; unrelated lines (nvcc warnings, build-system prefixes) are
 * skipped; ptxas lines it cannot read become Diagnostics with their line number.
 */
export function parsePtxasLog(text: string, file?: string): { kernels: ResourceRecord[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const tooLarge = overSizeLimit('ptxasLog', text.length);
  if (tooLarge) return { kernels: [], diagnostics: [{ severity: 'error', stage: 'ptxas', file, message: tooLarge }] };
  const functions: PendingFunction[] = [];
  // The function the next stack-frame line or Used line belongs to.
  let current: PendingFunction | null = null;
  let lastArch: string | null = null;
  let sawPtxasLine = false;
  const lines = text.split(/\r?\n/);
  lines.forEach((rawLine, index) => {
    const lineNumber = index + 1;
    const line = rawLine.replace(/\s+$/, '');
    const ptxas = ptxasMessage(line);
    if (!ptxas) {
      // Continuation line of "Function properties for X", possibly behind a build-system prefix.
      const frameText = line.replace(/^\s*(\d+>)?\s*/, '');
      const frame = FRAME.exec(frameText);
      if (frame) {
        if (!current) {
          diagnostics.push({
            severity: 'warning',
            stage: 'ptxas',
            message: 'stack frame line without a preceding Function properties line',
            file,
            line: lineNumber,
          });
          return;
        }
        current.stackFrameBytes = Number(frame[1]);
        current.spillStoreBytes = Number(frame[2]);
        current.spillLoadBytes = Number(frame[3]);
      } else if (/bytes stack frame/.test(frameText)) {
        diagnostics.push({
          severity: 'error',
          stage: 'ptxas',
          message: `cannot read stack frame line '${frameText.trim()}'`,
          file,
          line: lineNumber,
          column: line.indexOf(frameText) + 1,
        });
      }
      return;
    }
    sawPtxasLine = true;
    const at = { file, line: lineNumber, column: ptxas.column };
    if (ptxas.kind !== 'info') {
      diagnostics.push({
        severity: ptxas.kind === 'warning' ? 'warning' : 'error',
        stage: 'ptxas',
        message: ptxas.message,
        ...at,
        kernel: /'([^']+)'/.exec(ptxas.message)?.[1],
      });
      return;
    }
    const compiling = COMPILING.exec(ptxas.message);
    if (compiling) {
      lastArch = compiling[2];
      current = {
        name: compiling[1],
        arch: compiling[2],
        isEntry: true,
        line: lineNumber,
        stackFrameBytes: null,
        spillStoreBytes: null,
        spillLoadBytes: null,
        used: null,
      };
      functions.push(current);
      return;
    }
    const properties = PROPERTIES.exec(ptxas.message);
    if (properties) {
      if (current && current.isEntry && current.name === properties[1] && current.stackFrameBytes === null) return;
      current = {
        name: properties[1],
        arch: lastArch,
        isEntry: false,
        line: lineNumber,
        stackFrameBytes: null,
        spillStoreBytes: null,
        spillLoadBytes: null,
        used: null,
      };
      functions.push(current);
      return;
    }
    const used = USED.exec(ptxas.message);
    if (used) {
      if (!current) {
        diagnostics.push({
          severity: 'error',
          stage: 'ptxas',
          message: "'Used N registers' line without a preceding Compiling entry / Function properties line",
          ...at,
        });
        return;
      }
      if (current.used) {
        diagnostics.push({
          severity: 'warning',
          stage: 'ptxas',
          message: `second 'Used' line for '${current.name}' (ignored)`,
          ...at,
          kernel: current.name,
        });
        return;
      }
      current.used = parseUsed(used[1], used[2].replace(/^,/, ''), at, diagnostics);
      // Unreadable: drop the function (the diagnostic says why) rather than guess.
      if (current.used === null) functions.splice(functions.indexOf(current), 1);
      return;
    }
    if (IGNORED_INFO.some((pattern) => pattern.test(ptxas.message))) return;
    diagnostics.push({ severity: 'note', stage: 'ptxas', message: `unrecognised ptxas line '${ptxas.message}' (ignored)`, ...at });
  });
  if (!sawPtxasLine) {
    diagnostics.push({
      severity: 'error',
      stage: 'ptxas',
      message: 'no ptxas output found (expected lines like "ptxas info    : Used 32 registers, ...")',
      file,
      line: 1,
    });
  }
  const firstArch = functions.find((f) => f.arch !== null)?.arch ?? null;
  const kernels: ResourceRecord[] = [];
  for (const fn of functions) {
    const record = toRecord(fn, firstArch, file, diagnostics);
    if (record) kernels.push(record);
  }
  return { kernels, diagnostics };
}
