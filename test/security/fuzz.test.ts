// Seeded, bounded fuzzing of the inputs a pull request controls: ptxas logs, configs and PTX
// (byte and line mutations of real fixtures), nvcc flag lists, and Carve JSON reports (value
// mutations: what a fork's analyze job can upload to publish mode, and `carve report` reads).
// No exception escapes; every error carries a location (file and line, or a JSON path).
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeModule } from '../../src/analysis/analyze.js';
import { compareReports } from '../../src/analysis/compare/index.js';
import { loadReportFile } from '../../src/report/load.js';
import { defaultConfig, parseConfigText } from '../../src/config/load.js';
import { renderGate } from '../../src/pipeline/index.js';
import { renderHtmlReport, renderMarkdownReport } from '../../src/report/index.js';
import type { CarveReport } from '../../src/model/types.js';
import { checkFlags, parsePtxasLog } from '../../src/toolchain/index.js';

const LOG = readFileSync('test/fixtures/toolchain/kernels.sm_90.ptxas.log', 'utf8');
const CONFIG = readFileSync('test/fixtures/carving/tiny.yml', 'utf8');
const SETTINGS = { seed: 20261124, numRuns: 300 };
const PTX = ['loops.sm_90.ptx', 'kernels.sm_90.ptx'].map((f) => readFileSync(path.join('test/fixtures/ptx', f), 'utf8'));
const REPORT_TEXT = readFileSync('test/fixtures/reports/head.json', 'utf8');
const BASE_REPORT = JSON.parse(readFileSync('test/fixtures/reports/base.json', 'utf8')) as CarveReport;
const scratch = mkdtempSync(path.join(tmpdir(), 'carve-fuzz-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Replaces, deletes or inserts characters at fuzzed positions. */
const mutation = (text: string) =>
  fc
    .array(fc.tuple(fc.nat(text.length), fc.constantFrom('replace', 'delete', 'insert'), fc.string({ maxLength: 8 })), {
      minLength: 1,
      maxLength: 6,
    })
    .map((edits) =>
      edits.reduce(
        (t, [at, kind, chunk]) =>
          kind === 'delete'
            ? t.slice(0, at) + t.slice(at + chunk.length + 1)
            : kind === 'insert'
              ? t.slice(0, at) + chunk + t.slice(at)
              : t.slice(0, at) + chunk + t.slice(at + chunk.length),
        text,
      ),
    );

describe('fuzz (seeded)', () => {
  it('ptxas logs: no throw, every diagnostic names its file', () => {
    fc.assert(
      fc.property(mutation(LOG), (text) => {
        const parsed = parsePtxasLog(text, 'fuzz.log');
        for (const d of parsed.diagnostics) expect(d.file).toBe('fuzz.log');
      }),
      SETTINGS,
    );
  });

  it('configs: no throw, every error has a line or a JSON path', () => {
    fc.assert(
      fc.property(mutation(CONFIG), (text) => {
        const result = parseConfigText(text, 'carve.yml', '.');
        for (const d of result.diagnostics.filter((x) => x.severity === 'error'))
          expect(d.line !== undefined || d.jsonPath !== undefined).toBe(true);
      }),
      SETTINGS,
    );
  });

  it('nvcc flags: no throw; any accepted flag list is shell-inert', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ maxLength: 12 }),
            fc.constantFrom('-O3', '-Xptxas', '-v', '-Xcompiler', '-DX=1', '$(id)', '-ccbin=x', '`id`', ';'),
          ),
          { maxLength: 5 },
        ),
        (flags) => {
          if (checkFlags(flags).length === 0) for (const flag of flags) expect(flag).toMatch(/^[A-Za-z0-9_@%+=:,./ -]*$/);
        },
      ),
      SETTINGS,
    );
  });
});

/** Deletes, duplicates or swaps whole lines (PTX is line-structured: directives, labels, instructions). */
const lineMutation = (text: string) => {
  const lines = text.split('\n');
  return fc
    .array(fc.tuple(fc.nat(lines.length - 1), fc.nat(lines.length - 1), fc.constantFrom('delete', 'duplicate', 'swap')), {
      minLength: 1,
      maxLength: 4,
    })
    .map((edits) => {
      const out = [...lines];
      for (const [a, b, kind] of edits) {
        const i = a % out.length;
        const j = b % out.length;
        if (kind === 'delete') out.splice(i, 1);
        else if (kind === 'duplicate') out.splice(j, 0, out[i]);
        else [out[i], out[j]] = [out[j], out[i]];
      }
      return out.join('\n');
    });
};

/** Every path into a JSON value (up to a depth), for value mutations. */
function jsonPaths(
  value: unknown,
  prefix: Array<string | number> = [],
  out: Array<Array<string | number>> = [],
  depth = 6,
): Array<Array<string | number>> {
  out.push(prefix);
  if (depth === 0 || value === null || typeof value !== 'object') return out;
  for (const [key, child] of Object.entries(value)) jsonPaths(child, [...prefix, Array.isArray(value) ? Number(key) : key], out, depth - 1);
  return out;
}
const REPORT_PATHS = jsonPaths(JSON.parse(REPORT_TEXT)).filter((p) => p.length > 0);
const oddValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(-1, 0, 1e308, -1e308, 0.5, 2 ** 53, '', '`x|y`', '<script>', '[l](https://e.example) @all', '__proto__', null, [], {}),
);
const oddString = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', '`x|y`', '<script>alert(1)</script>', '[l](https://e.example) @all', '\n\n# heading', 'a'.repeat(5000)),
);
const oddNumber = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, 1e308, 2 ** 53, 0.5));
/**
 * Replaces 1-3 values of the report (keeping it JSON): mostly by a value of the same type (a
 * string by an odd string, a number by an odd number, an array by a prefix), so that many
 * mutants stay schema-valid and reach the renderers; sometimes by any JSON value.
 */
const reportMutation = fc
  .array(fc.tuple(fc.nat(REPORT_PATHS.length - 1), fc.nat(3), oddString, oddNumber, oddValue, fc.nat(4)), { minLength: 1, maxLength: 3 })
  .map((edits) => {
    const report = JSON.parse(REPORT_TEXT) as Record<string, unknown>;
    for (const [index, kind, text, number, any, keep] of edits) {
      const at = REPORT_PATHS[index];
      let parent: Record<string | number, unknown> | undefined = report;
      for (const key of at.slice(0, -1))
        parent = parent && typeof parent === 'object' ? (parent[key] as Record<string | number, unknown>) : undefined;
      if (!parent || typeof parent !== 'object') continue;
      const key = at[at.length - 1];
      const current = parent[key];
      parent[key] =
        kind === 0
          ? any
          : typeof current === 'string'
            ? text
            : typeof current === 'number'
              ? number
              : Array.isArray(current)
                ? current.slice(0, keep)
                : any;
    }
    return JSON.stringify(report);
  });

describe('fuzz (seeded): PTX and reports', () => {
  it('PTX: no throw, no internal failure, every error names the file and, from the parser, its line', () => {
    fc.assert(
      fc.property(
        fc.nat(PTX.length - 1).chain((i) => fc.oneof(mutation(PTX[i]), lineMutation(PTX[i]))),
        (text) => {
          const { diagnostics } = analyzeModule({
            ptxText: text,
            ptxFile: 'fuzz.ptx',
            sourceFile: null,
            arch: 'sm_90',
            resources: [],
            launchFor: () => ({ block: [128, 1, 1], blockSource: 'config', dynamicSharedBytes: 0, carveoutPercent: 100 }),
            defines: {},
            loops: { assumedTripCount: 4, hints: {} },
          });
          for (const d of diagnostics) {
            expect(d.file).toBe('fuzz.ptx');
            expect(d.message).not.toMatch(/^(memory )?analysis failed/);
            if (d.stage === 'ptx' && d.severity === 'error') expect(d.line).toBeGreaterThan(0);
          }
        },
      ),
      { ...SETTINGS, numRuns: 200 },
    );
  });

  it('reports: an invalid one is an error with the file and a line:column or JSON path; a valid one renders (carve report, publish mode)', () => {
    const file = path.join(scratch, 'report.json');
    let validReports = 0;
    fc.assert(
      fc.property(fc.oneof({ arbitrary: reportMutation, weight: 4 }, { arbitrary: mutation(REPORT_TEXT), weight: 1 }), (text) => {
        writeFileSync(file, text);
        const loaded = loadReportFile(file, scratch);
        if (!loaded.ok) {
          expect(loaded.error).toMatch(
            new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(:\\d+:\\d+: invalid JSON|: not a Carve report:\\n  /)`),
          );
          return;
        }
        validReports++;
        const input = { title: 'fuzz', reports: [loaded.value], carving: [], frontiers: null };
        renderHtmlReport(input);
        renderMarkdownReport(input);
        const config = defaultConfig('.');
        const comparison = compareReports(BASE_REPORT, loaded.value, config);
        renderGate({
          options: {
            workspace: scratch,
            config,
            inputDiagnostics: [],
            archs: loaded.value.archs,
            failOn: config.failOn,
            comment: 'always',
            nvcc: null,
            artifacts: [],
            pullRequest: null,
            headSha: null,
            scope: 'changes',
            scratchDir: scratch,
          },
          source: 'artifacts',
          nvcc: null,
          mergeBase: null,
          baseCommit: null,
          changedFiles: [],
          units: [],
          base: BASE_REPORT,
          head: loaded.value,
          comparison,
          diagnostics: loaded.value.diagnostics,
          notes: [],
        });
      }),
      { ...SETTINGS, numRuns: 200 },
    );
    // A guard on the generator, not a result: enough mutants stay schema-valid to reach the renderers.
    expect(validReports).toBeGreaterThan(20);
  });
});

describe('report findings of the fuzzer, kept as cases', () => {
  it('a JSON error V8 gives no position for still has its line:column', () => {
    const file = path.join(scratch, 'no-position.json');
    writeFileSync(file, '{\n  "schemaVersion": 1,\n  "archs": tru\n}\n');
    const loaded = loadReportFile(file, scratch);
    expect(loaded).toEqual({
      ok: false,
      error: `${file}:3:12: invalid JSON (Unexpected token '\\n', ..."rchs": tru\\n}\\n" is not valid JSON)`,
    });
  });
});

describe('config findings of the fuzzer, kept as cases', () => {
  it('an unresolved alias is an error with a location, not an exception', () => {
    expect(parseConfigText('archs: *nope\n', 'carve.yml', '.').diagnostics).toEqual([
      {
        severity: 'error',
        stage: 'config',
        file: 'carve.yml',
        line: 1,
        column: 1,
        jsonPath: '',
        message: 'Unresolved alias (the anchor must be set before the alias): nope',
      },
    ]);
  });

  it('alias expansion is bounded (billion laughs)', () => {
    const laughs = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
            .fill(`*${String.fromCharCode(97 + i)}`)
            .join(', ')}]`,
      ),
    ].join('\n');
    const result = parseConfigText(laughs, 'carve.yml', '.');
    expect(result.valid).toBe(false);
    expect(result.diagnostics[0].message).toMatch(/alias/i);
  });
});
