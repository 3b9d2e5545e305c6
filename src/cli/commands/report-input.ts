// Loads Carve JSON reports for `carve compare` / `carve report`: parse errors carry
// line:column, schema errors their JSON path. Never throws; problems come back as text.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { reportSchemaErrors, type CarveReport } from '../../report/index.js';
import { overSizeLimit } from '../../limits.js';

export type Loaded<T> = { ok: true; value: T } | { ok: false; error: string };

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `${line}:${column}`;
}

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
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const where = position ? `:${lineColumn(text, Number(position[1]))}` : '';
    return { ok: false, error: `${file}${where}: invalid JSON (${message})` };
  }
}

export function loadReportFile(file: string, cwd: string): Loaded<CarveReport> {
  const json = readJsonFile(file, cwd);
  if (!json.ok) return json;
  const errors = reportSchemaErrors(json.value);
  if (errors.length) return { ok: false, error: `${file}: not a Carve report:\n  ${errors.slice(0, 10).join('\n  ')}${errors.length > 10 ? `\n  (${errors.length - 10} more)` : ''}` };
  return { ok: true, value: json.value as CarveReport };
}
