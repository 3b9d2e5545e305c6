import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  jsonSyntaxError
} from "./chunk-BTQO2XUW.js";
import {
  reportSchemaErrors
} from "./chunk-E2VVMLC2.js";
import {
  overSizeLimit
} from "./chunk-R5MDRTYS.js";

// src/report/load.ts
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
function readJsonFile(file, cwd) {
  const resolved = path.resolve(cwd, file);
  let text;
  try {
    const tooLarge = overSizeLimit("report", statSync(resolved).size);
    if (tooLarge) return { ok: false, error: `${file}: ${tooLarge}` };
    text = readFileSync(resolved, "utf8");
  } catch (error) {
    return { ok: false, error: `${file}: cannot read (${error.code ?? error.message})` };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const located = jsonSyntaxError(text, error);
    const [, where, message] = /^(\d+:\d+): ([\s\S]*)$/.exec(located) ?? [null, null, located];
    return { ok: false, error: `${file}${where ? `:${where}` : ""}: invalid JSON (${message})` };
  }
}
function loadReportFile(file, cwd) {
  const json = readJsonFile(file, cwd);
  if (!json.ok) return json;
  const errors = reportSchemaErrors(json.value);
  if (errors.length)
    return {
      ok: false,
      error: `${file}: not a Carve report:
  ${errors.slice(0, 10).join("\n  ")}${errors.length > 10 ? `
  (${errors.length - 10} more)` : ""}`
    };
  return { ok: true, value: json.value };
}

export {
  readJsonFile,
  loadReportFile
};
