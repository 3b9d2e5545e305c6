// Loads .github/carve.yml (YAML or JSON), validates it against schemas/config.schema.json
// with ajv (useDefaults fills the documented defaults), and reports every problem with its
// JSON path and, for YAML, its line:column. Never throws on bad input.
import { readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { parseDocument, isMap, isSeq, LineCounter, type Node } from 'yaml';
import schema from '../../schemas/config.schema.json' with { type: 'json' };
import type { Diagnostic } from '../model/types.js';
import type { CarveConfig } from './types.js';
import { overSizeLimit } from '../limits.js';

const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false });
const validate = ajv.compile(schema);

export interface ConfigResult {
  config: CarveConfig;
  diagnostics: Diagnostic[];
  /** False when the file had errors; `config` then holds the defaults. */
  valid: boolean;
}

/** The configuration an empty file gives: every default from the schema. */
export function defaultConfig(baseDir = '.'): CarveConfig {
  return parseConfigText('{}', '<defaults>', baseDir).config;
}

export function loadConfigFile(file: string): ConfigResult {
  if (!existsSync(file)) {
    const result = parseConfigText('{}', file, path.dirname(file));
    return result;
  }
  // Not read at all when over the cap.
  const tooLarge = overSizeLimit('config', statSync(file).size);
  if (tooLarge) return tooLargeConfig(file, path.dirname(file), tooLarge);
  return parseConfigText(readFileSync(file, 'utf8'), file, path.dirname(file));
}

export function parseConfigText(text: string, file: string, baseDir: string): ConfigResult {
  const tooLarge = overSizeLimit('config', text.length);
  if (tooLarge) return tooLargeConfig(file, baseDir, tooLarge);
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const diagnostics: Diagnostic[] = [];
  for (const error of doc.errors) {
    const pos = lineCounter.linePos(error.pos[0]);
    diagnostics.push({
      severity: 'error',
      stage: 'config',
      message: error.message.split('\n')[0],
      file,
      line: pos?.line,
      column: pos?.col,
    });
  }
  let data: unknown = {};
  if (!diagnostics.length) {
    try {
      // maxAliasCount bounds alias expansion (a "billion laughs" config is an error, not an OOM).
      data = doc.toJS({ maxAliasCount: 1000 }) ?? {};
    } catch (error) {
      diagnostics.push({
        severity: 'error',
        stage: 'config',
        message: (error as Error).message.split('\n')[0],
        file,
        line: 1,
        column: 1,
        jsonPath: '',
      });
    }
  }
  if (diagnostics.length === 0 && (typeof data !== 'object' || data === null || Array.isArray(data))) {
    diagnostics.push({
      severity: 'error',
      stage: 'config',
      message: 'the configuration must be a mapping (key: value)',
      file,
      line: 1,
      column: 1,
      jsonPath: '',
    });
    data = {};
  }
  if (diagnostics.length === 0 && !validate(data)) {
    for (const error of validate.errors ?? []) {
      const jsonPath = error.instancePath + (error.keyword === 'additionalProperties' ? `/${String(error.params.additionalProperty)}` : '');
      // An unknown key points at the key itself; anything else at its value.
      const node = nodeAt(doc.contents, jsonPath, error.keyword === 'additionalProperties');
      const pos = node?.range ? lineCounter.linePos(node.range[0]) : undefined;
      diagnostics.push({
        severity: 'error',
        stage: 'config',
        file,
        jsonPath: jsonPath || '/',
        line: pos?.line,
        column: pos?.col,
        message: `${jsonPath || '/'} ${describe(error)}`,
      });
    }
  }
  if (diagnostics.length) {
    // Fall back to the defaults so the rest of the gate still runs and reports.
    const fallback: Record<string, unknown> = {};
    validate(fallback);
    return { config: { ...(fallback as unknown as CarveConfig), baseDir }, diagnostics, valid: false };
  }
  return { config: { ...(data as CarveConfig), baseDir }, diagnostics, valid: true };
}

function tooLargeConfig(file: string, baseDir: string, message: string): ConfigResult {
  return {
    config: defaultConfig(baseDir),
    diagnostics: [{ severity: 'error', stage: 'config', file, line: 1, column: 1, jsonPath: '', message }],
    valid: false,
  };
}

function describe(error: { keyword: string; message?: string; params: Record<string, unknown> }): string {
  if (error.keyword === 'additionalProperties') return `is not a known key (${String(error.params.additionalProperty)})`;
  if (error.keyword === 'enum') return `must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
  return error.message ?? error.keyword;
}

/** The YAML node at a JSON pointer, for line numbers; the deepest existing ancestor otherwise. */
function nodeAt(root: Node | null, jsonPath: string, keyOfLast = false): Node | null {
  let node: Node | null = root;
  const segments = jsonPath.split('/').slice(1);
  for (const [index, raw] of segments.entries()) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    let next: Node | null = null;
    if (isMap(node)) {
      const pair = node.items.find((item) => String((item.key as { value?: unknown })?.value ?? item.key) === key);
      const wantKey = keyOfLast && index === segments.length - 1;
      next = ((wantKey ? pair?.key : pair?.value) as Node | null) ?? (pair?.key as Node | null) ?? null;
    } else if (isSeq(node)) {
      next = (node.items[Number(key)] as Node | null) ?? null;
    }
    if (!next) return node;
    node = next;
  }
  return node;
}

/**
 * Line and column in the config file of a character of the string value at `jsonPath`:
 * `offset` counts from 1 within the value (an expression's column), past an opening quote.
 * Null when the file cannot be read or has no such value.
 */
export function configValuePosition(file: string, jsonPath: string, offset = 1): { line: number; column: number } | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const node = nodeAt(doc.contents, jsonPath);
  if (!node?.range) return null;
  const quoted = 'type' in node && (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') ? 1 : 0;
  const pos = lineCounter.linePos(node.range[0] + quoted + Math.max(0, offset - 1));
  return pos ? { line: pos.line, column: pos.col } : null;
}
