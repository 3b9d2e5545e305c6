// Seeded, bounded fuzzing of the inputs a pull request controls: ptxas logs and configs
// (byte mutations of real fixtures) and nvcc flag lists. No exception escapes; every error
// carries a location (file and line, or a JSON path).
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseConfigText } from '../../src/config/load.js';
import { checkFlags, parsePtxasLog } from '../../src/toolchain/index.js';

const LOG = readFileSync('test/fixtures/toolchain/kernels.sm_90.ptxas.log', 'utf8');
const CONFIG = readFileSync('test/fixtures/carving/tiny.yml', 'utf8');
const SETTINGS = { seed: 20261124, numRuns: 300 };

/** Replaces, deletes or inserts characters at fuzzed positions. */
const mutation = (text: string) => fc.array(fc.tuple(fc.nat(text.length), fc.constantFrom('replace', 'delete', 'insert'), fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 6 })
  .map((edits) => edits.reduce((t, [at, kind, chunk]) => kind === 'delete' ? t.slice(0, at) + t.slice(at + chunk.length + 1) : kind === 'insert' ? t.slice(0, at) + chunk + t.slice(at) : t.slice(0, at) + chunk + t.slice(at + chunk.length), text));

describe('fuzz (seeded)', () => {
  it('ptxas logs: no throw, every diagnostic names its file', () => {
    fc.assert(fc.property(mutation(LOG), (text) => {
      const parsed = parsePtxasLog(text, 'fuzz.log');
      for (const d of parsed.diagnostics) expect(d.file).toBe('fuzz.log');
    }), SETTINGS);
  });

  it('configs: no throw, every error has a line or a JSON path', () => {
    fc.assert(fc.property(mutation(CONFIG), (text) => {
      const result = parseConfigText(text, 'carve.yml', '.');
      for (const d of result.diagnostics.filter((x) => x.severity === 'error')) expect(d.line !== undefined || d.jsonPath !== undefined).toBe(true);
    }), SETTINGS);
  });

  it('nvcc flags: no throw; any accepted flag list is shell-inert', () => {
    fc.assert(fc.property(fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('-O3', '-Xptxas', '-v', '-Xcompiler', '-DX=1', '$(id)', '-ccbin=x', '`id`', ';')), { maxLength: 5 }), (flags) => {
      if (checkFlags(flags).length === 0) for (const flag of flags) expect(flag).toMatch(/^[A-Za-z0-9_@%+=:,./ -]*$/);
    }), SETTINGS);
  });
});

describe('config findings of the fuzzer, kept as cases', () => {
  it('an unresolved alias is an error with a location, not an exception', () => {
    expect(parseConfigText('archs: *nope\n', 'carve.yml', '.').diagnostics).toEqual([
      { severity: 'error', stage: 'config', file: 'carve.yml', line: 1, column: 1, jsonPath: '', message: 'Unresolved alias (the anchor must be set before the alias): nope' },
    ]);
  });

  it('alias expansion is bounded (billion laughs)', () => {
    const laughs = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(', ')}]`)].join('\n');
    const result = parseConfigText(laughs, 'carve.yml', '.');
    expect(result.valid).toBe(false);
    expect(result.diagnostics[0].message).toMatch(/alias/i);
  });
});
