import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  reportSchemaErrors
} from "./chunk-YZDUGGFF.js";

// src/cli/commands/report-input.ts
import { readFileSync } from "node:fs";
import path from "node:path";
function lineColumn(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return `${line}:${column}`;
}
function readJsonFile(file, cwd) {
  const resolved = path.resolve(cwd, file);
  let text;
  try {
    text = readFileSync(resolved, "utf8");
  } catch (error) {
    return { ok: false, error: `${file}: cannot read (${error.code ?? error.message})` };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const message = error.message;
    const position = /position (\d+)/.exec(message);
    const where = position ? `:${lineColumn(text, Number(position[1]))}` : "";
    return { ok: false, error: `${file}${where}: invalid JSON (${message})` };
  }
}
function loadReportFile(file, cwd) {
  const json = readJsonFile(file, cwd);
  if (!json.ok) return json;
  const errors = reportSchemaErrors(json.value);
  if (errors.length) return { ok: false, error: `${file}: not a Carve report:
  ${errors.slice(0, 10).join("\n  ")}${errors.length > 10 ? `
  (${errors.length - 10} more)` : ""}` };
  return { ok: true, value: json.value };
}

export {
  readJsonFile,
  loadReportFile
};
