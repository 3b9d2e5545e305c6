// The shape every `carve` sub-command has. Commands take argv and an IO sink and return
// an exit code: 0 clean, 1 findings per --fail-on, 2 usage or input error.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Diagnostic } from '../model/types.js';

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Working directory the command resolves relative paths against. */
  cwd: string;
  /** True when stdout is a terminal (progress bars) rather than a log. */
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
  /** True when the command is the whole process (the carve binary), so it may set process-wide options (V8's JIT tiers); not when a test or the Action calls it. */
  ownsProcess?: boolean;
}

export interface Command {
  name: string;
  summary: string;
  usage: string;
  run(argv: string[], io: CliIO): Promise<number>;
}

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs with strict checking; unknown flags become a UsageError. */
export function parseCommandArgs<T extends Options>(argv: string[], options: T, allowPositionals = true) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Parses an integer flag, or throws a UsageError naming the flag. */
export function intFlag(value: string | undefined, flag: string, fallback?: number): number {
  if (value === undefined) {
    if (fallback === undefined) throw new UsageError(`${flag} is required`);
    return fallback;
  }
  if (!/^-?\d+$/.test(value.trim())) throw new UsageError(`${flag} must be an integer, got '${value}'`);
  return Number(value);
}

/** Diagnostics on stderr as `severity: file:line:column: /json/path: message`. */
export function printDiagnostics(diagnostics: readonly Diagnostic[], io: CliIO): void {
  for (const d of diagnostics) {
    const where = [d.file, d.line, d.column].filter((x) => x !== undefined).join(':');
    // Config errors already start with their JSON path; do not print it twice.
    const jsonPath = d.jsonPath && !d.message.startsWith(d.jsonPath) ? `${d.jsonPath}: ` : '';
    io.stderr(`${d.severity}: ${where ? `${where}: ` : ''}${jsonPath}${d.message}\n`);
  }
}
