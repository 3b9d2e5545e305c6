// docs/configuration.md is generated from schemas/config.schema.json: it must be current, and
// it must document every key (type, default, description) of the schema and its definitions.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { REFERENCE_PATH, SCHEMA_PATH, renderConfigReference, typeText, type JsonSchema } from '../../scripts/gen-config-reference.js';

const schema = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as JsonSchema;
const committed = readFileSync(REFERENCE_PATH, 'utf8');

/** Every (dotted key, schema) pair of an object schema, nested objects included. */
function keys(node: JsonSchema, prefix = ''): Array<[string, JsonSchema]> {
  return Object.entries(node.properties ?? {}).flatMap(([name, child]) => {
    const key = prefix ? `${prefix}.${name}` : name;
    return [[key, child] as [string, JsonSchema], ...keys(child, key)];
  });
}

describe('configuration reference', () => {
  it("is the generator's output for the committed schema (run npx tsx scripts/gen-config-reference.ts)", () => {
    expect(committed).toBe(renderConfigReference(schema));
  });

  it('has one row per key with type, default and description, for the top level and every definition', () => {
    const sections: Array<[string, JsonSchema]> = [
      ['', schema],
      ...Object.entries(schema.definitions ?? {}).flatMap(([name, def]) =>
        def.oneOf ? def.oneOf.map((v) => [name, v] as [string, JsonSchema]) : [[name, def] as [string, JsonSchema]],
      ),
    ];
    let rows = 0;
    const sectionText = (name: string) =>
      name === ''
        ? committed.slice(0, committed.indexOf('## Definitions'))
        : committed.slice(committed.indexOf(`### \`${name}\``)).split('\n### ')[0];
    for (const [name, node] of sections) {
      for (const [key, child] of keys(node)) {
        const row = sectionText(name)
          .split('\n')
          .find((line) => line.trimStart().startsWith(`| \`${key}\` | ${typeText(child).replace(/\|/g, '\\|')} |`));
        expect(row, key).toBeDefined();
        expect(child.description, `${key} has a description in the schema`).toBeTruthy();
        expect(row).toContain(child.description!.replace(/\|/g, '\\|'));
        if (child.default !== undefined)
          expect(row).toContain(`\`${typeof child.default === 'string' ? child.default : JSON.stringify(child.default)}\``);
        rows++;
      }
    }
    // Top level (30, with `carving`), its `carving` object (7: maxVariantsPerPr, maxSpaceSize and
    // the five of weighted carving and the timed stage), the definitions (kernelLaunch 6 with
    // `params`, 5, space 15 with `loopTrips`) and the three absolute growth floors.
    expect(rows).toBe(30 + 7 + 6 + 5 + 15 + 3);
    for (const name of Object.keys(schema.definitions ?? {})) expect(committed).toContain(`### \`${name}\``);
  });

  it('changes when the schema changes (a new key, a new default)', () => {
    const changed = structuredClone(schema);
    changed.properties!.newKey = { type: 'integer', minimum: 2, default: 7, description: 'A key added later.' };
    changed.properties!.defaultBlockSize.default = 128;
    const text = renderConfigReference(changed);
    expect(text).not.toBe(committed);
    expect(text).toContain('| `newKey` | integer | `7` | A key added later. (≥ 2) |');
    expect(text).toContain('| `defaultBlockSize` | integer | `128` |');
  });
});
