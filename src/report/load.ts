// Loads Carve JSON reports (`carve compare`, `carve report`, the Action's publish mode): parse errors carry
// line:column, schema errors their JSON path. Never throws; problems come back as text.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CarveReport } from '../model/types.js';
import { reportSchemaErrors } from './validate.js';
import { overSizeLimit } from '../limits.js';
import { jsonSyntaxError } from './json-location.js';

export type Loaded<T> = { ok: true; value: T } | { ok: false; error: string };

/** Reads and parses a JSON file, locating a syntax error as file:line:column. */
export function readJsonFile(file: string, cwd: string): Loaded<unknown> {
  const resolved = path.resolve(cwd, file);
  let text: string;
  try {
    const tooLarge = overSizeLimit('report', statSync(resolved).size);
    if (tooLarge) return { ok: false, error: `${file}: ${tooLarge}` };
    text = readFileSync(resolved, 'utf8');
  } catch (error) {
    return { ok: false, error: `${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    // file:line:column: invalid JSON (message), the location found even when V8 gives none.
    const located = jsonSyntaxError(text, error as Error);
    const [, where, message] = /^(\d+:\d+): ([\s\S]*)$/.exec(located) ?? [null, null, located];
    return { ok: false, error: `${file}${where ? `:${where}` : ''}: invalid JSON (${message})` };
  }
}

export function loadReportFile(file: string, cwd: string): Loaded<CarveReport> {
  const json = readJsonFile(file, cwd);
  if (!json.ok) return json;
  const errors = reportSchemaErrors(json.value);
  if (errors.length)
    return {
      ok: false,
      error: `${file}: not a Carve report:\n  ${errors.slice(0, 10).join('\n  ')}${errors.length > 10 ? `\n  (${errors.length - 10} more)` : ''}`,
    };
  return { ok: true, value: json.value as CarveReport };
}
