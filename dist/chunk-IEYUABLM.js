import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);

// src/cli/command.ts
import { parseArgs } from "node:util";
var EXIT_OK = 0;
var EXIT_FINDINGS = 1;
var EXIT_USAGE = 2;
var UsageError = class extends Error {
};
function parseCommandArgs(argv, options, allowPositionals = true) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (error) {
    throw new UsageError(error.message);
  }
}
function intFlag(value, flag, fallback) {
  if (value === void 0) {
    if (fallback === void 0) throw new UsageError(`${flag} is required`);
    return fallback;
  }
  if (!/^-?\d+$/.test(value.trim())) throw new UsageError(`${flag} must be an integer, got '${value}'`);
  return Number(value);
}
function printDiagnostics(diagnostics, io) {
  for (const d of diagnostics) {
    const where = [d.file, d.line, d.column].filter((x) => x !== void 0).join(":");
    const jsonPath = d.jsonPath && !d.message.startsWith(d.jsonPath) ? `${d.jsonPath}: ` : "";
    io.stderr(`${d.severity}: ${where ? `${where}: ` : ""}${jsonPath}${d.message}
`);
  }
}

export {
  EXIT_OK,
  EXIT_FINDINGS,
  EXIT_USAGE,
  UsageError,
  parseCommandArgs,
  intFlag,
  printDiagnostics
};
