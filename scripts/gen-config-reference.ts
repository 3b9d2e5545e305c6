// Generates docs/configuration.md from schemas/config.schema.json: every key with its type,
// default, constraints and description, nested objects and the shared definitions.
//   npx tsx scripts/gen-config-reference.ts           write docs/configuration.md
//   npx tsx scripts/gen-config-reference.ts --check   exit 1 when the committed file is stale
// test/docs/config-reference.test.ts fails when the committed file differs from the output.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  title?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  oneOf?: JsonSchema[];
  required?: string[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  pattern?: string;
  definitions?: Record<string, JsonSchema>;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCHEMA_PATH = path.join(ROOT, 'schemas/config.schema.json');
export const REFERENCE_PATH = path.join(ROOT, 'docs/configuration.md');

const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const definitionName = (ref: string) => ref.replace('#/definitions/', '');
const anchor = (name: string) => `definition-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** A schema's type in words: `integer`, `array of string`, `map of name → [space](#…)`, enums by value. */
export function typeText(schema: JsonSchema): string {
  if (schema.$ref) {
    const name = definitionName(schema.$ref);
    return `[${name}](#${anchor(name)})`;
  }
  if (schema.enum) return `one of ${schema.enum.map(code).join(', ')}`;
  if (schema.oneOf) return `one of: ${schema.oneOf.map((s) => (s.required ? `{${s.required.join(', ')}, …}` : typeText(s))).join(' or ')}`;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('array')) return `array of ${schema.items ? typeText(schema.items) : 'any'}`;
  if (types.includes('object') && !schema.properties && typeof schema.additionalProperties === 'object') {
    return `map of name → ${typeText(schema.additionalProperties)}`;
  }
  return types.join(' or ') || 'any';
}

function constraints(schema: JsonSchema): string[] {
  const out: string[] = [];
  if (schema.minimum !== undefined) out.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) out.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) out.push(`≤ ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined) out.push(`< ${schema.exclusiveMaximum}`);
  if (schema.minItems !== undefined) out.push(`at least ${schema.minItems} item${schema.minItems === 1 ? '' : 's'}`);
  if (schema.maxItems !== undefined) out.push(`at most ${schema.maxItems} items`);
  if (schema.minProperties !== undefined) out.push(`at least ${schema.minProperties} key${schema.minProperties === 1 ? '' : 's'}`);
  if (schema.pattern !== undefined) out.push(`matches ${code(schema.pattern)}`);
  const items = schema.items;
  if (items && !items.$ref) {
    const inner = constraints(items);
    if (inner.length) out.push(`each item ${inner.join(', ')}`);
  }
  if (typeof schema.additionalProperties === 'object' && !schema.additionalProperties.$ref) {
    const inner = constraints(schema.additionalProperties);
    if (inner.length) out.push(`each value ${inner.join(', ')}`);
  }
  return out;
}

interface Row {
  key: string;
  schema: JsonSchema;
  required: boolean;
}

function table(rows: Row[]): string[] {
  const lines = ['| Key | Type | Default | Description |', '| --- | --- | --- | --- |'];
  for (const { key, schema, required } of rows) {
    const limits = constraints(schema);
    const description = [schema.description ?? '', limits.length ? `(${limits.join('; ')})` : ''].filter(Boolean).join(' ');
    const defaultText = required ? '**required**' : schema.default === undefined ? '—' : code(schema.default);
    lines.push(`| \`${key}\` | ${cell(typeText(schema))} | ${cell(defaultText)} | ${cell(description) || '—'} |`);
  }
  return lines;
}

/** Rows for an object's properties, descending into nested objects that declare their own properties. */
function rowsOf(schema: JsonSchema, prefix: string): Row[] {
  const rows: Row[] = [];
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    const key = prefix ? `${prefix}.${name}` : name;
    rows.push({ key, schema: child, required: (schema.required ?? []).includes(name) });
    if (child.properties) rows.push(...rowsOf(child, key));
  }
  return rows;
}

function definitionSection(name: string, schema: JsonSchema): string[] {
  const lines = [`<a id="${anchor(name)}"></a>`, '', `### \`${name}\``, ''];
  if (schema.description) lines.push(schema.description, '');
  if (schema.properties) {
    lines.push(...table(rowsOf(schema, '')), '');
  } else if (schema.oneOf) {
    lines.push('One of these shapes:', '');
    for (const [i, variant] of schema.oneOf.entries()) {
      lines.push(`${i + 1}. ${variant.required ? `with ${variant.required.map((r) => `\`${r}\``).join(', ')}` : typeText(variant)}`, '');
      if (variant.properties) lines.push(...table(rowsOf(variant, '')).map((l) => `   ${l}`), '');
    }
  } else {
    const limits = constraints(schema);
    lines.push(`Type: ${typeText(schema)}${limits.length ? ` (${limits.join('; ')})` : ''}.`, '');
  }
  return lines;
}

export function renderConfigReference(schema: JsonSchema): string {
  const lines = [
    '# Configuration reference',
    '',
    '<!-- Generated from schemas/config.schema.json by scripts/gen-config-reference.ts; do not edit by hand. -->',
    '',
    `${schema.title ?? 'Carve configuration'}. ${schema.description ?? ''}`.trim(),
    '',
    "The file is YAML or JSON, `.github/carve.yml` by default (the Action's `config` input,",
    '`--config` on the CLI). A missing file means every default below. Keys not listed here are',
    'errors, reported with their JSON path and line. Dotted keys are nested objects',
    '(`thresholds.registerHeadroom` is `thresholds: { registerHeadroom: 2 }`).',
    '',
    '## Keys',
    '',
    ...table(rowsOf(schema, '')),
    '',
    '## Definitions',
    '',
  ];
  for (const [name, definition] of Object.entries(schema.definitions ?? {})) lines.push(...definitionSection(name, definition));
  return (
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd() + '\n'
  );
}

function cli(): void {
  const schema = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as JsonSchema;
  const text = renderConfigReference(schema);
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(REFERENCE_PATH, 'utf8');
    } catch {
      // missing counts as stale
    }
    if (current !== text) {
      process.stderr.write(`${path.relative(ROOT, REFERENCE_PATH)} is stale: run npx tsx scripts/gen-config-reference.ts\n`);
      process.exitCode = 1;
    }
    return;
  }
  writeFileSync(REFERENCE_PATH, text);
  process.stdout.write(`wrote ${path.relative(ROOT, REFERENCE_PATH)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) cli();
