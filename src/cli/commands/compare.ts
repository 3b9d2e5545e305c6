// `carve compare BASE HEAD`: compares two Carve JSON reports and prints the findings (or the
// Comparison JSON). Exit 1 when a finding's kind is in --fail-on, 2 on bad input.
// BASE/HEAD are resolved by a ReportResolver; the default reads report files. The pipeline
// plugs in git revisions with compareCommandWith(itsResolver).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError, parseCommandArgs, type CliIO, type Command } from '../command.js';
import { loadConfigFile, defaultConfig } from '../../config/load.js';
import type { CarveConfig } from '../../config/types.js';
import { compareReports, type TimingComparisonInput } from '../../analysis/compare/index.js';
import { conclusionFor, FINDING_KINDS, levelOf, renderComment, renderSummary, toSarif, type CarveReport, type Comparison } from '../../report/index.js';
import { VERSION } from '../../version.js';
import { loadReportFile, readJsonFile, type Loaded } from './report-input.js';

/** Turns a BASE / HEAD argument into a report; 'none' as BASE means head-only. */
export type ReportResolver = (spec: string, side: 'base' | 'head', io: CliIO, config: CarveConfig) => Promise<Loaded<CarveReport | null>>;

export const fileResolver: ReportResolver = async (spec, side, io) => {
  if (side === 'base' && spec === 'none') return { ok: true, value: null };
  return loadReportFile(spec, io.cwd);
};

const USAGE = `Usage:
  carve compare BASE HEAD [--config FILE] [--fail-on KINDS] [--json]
                [--comment-out FILE] [--summary-out FILE] [--sarif FILE] [--timing FILE]

Compares two Carve JSON reports (carve analyze --json) and prints the findings.
  BASE, HEAD       report files; BASE 'none' gives a head-only comparison
  --config         .github/carve.yml for thresholds and failOn (default: built-in defaults)
  --fail-on        comma-separated finding kinds that fail (default: config failOn):
                   ${FINDING_KINDS.join(', ')}
  --json           print the Comparison JSON instead of text
  --comment-out    write the PR comment markdown to FILE
  --summary-out    write the job-summary markdown to FILE
  --sarif          write SARIF 2.1.0 to FILE
  --timing         JSON array of timing comparisons (carve time) to test for regressions
Exit codes: 0 no failing findings, 1 a finding's kind is in --fail-on, 2 usage or input error.`;

function parseFailOn(text: string): string[] {
  const kinds = text.split(',').map((k) => k.trim()).filter(Boolean);
  const unknown = kinds.filter((k) => !(FINDING_KINDS as string[]).includes(k));
  if (unknown.length) throw new UsageError(`--fail-on: unknown finding kind(s) ${unknown.join(', ')}; known: ${FINDING_KINDS.join(', ')}`);
  return kinds;
}

function loadTiming(file: string, cwd: string): Loaded<TimingComparisonInput[]> {
  const json = readJsonFile(file, cwd);
  if (!json.ok) return json;
  const value = json.value;
  const valid = Array.isArray(value) && value.every((t) => t && typeof t.kernel === 'string' && typeof t.arch === 'string' && typeof t.ratio === 'number' && typeof t.pValue === 'number' && t.base && t.head);
  return valid ? { ok: true, value: value as TimingComparisonInput[] } : { ok: false, error: `${file}: expected a JSON array of timing comparisons {kernel, arch, base, head, ratio, ratioCiLow, ratioCiHigh, pValue}` };
}

/** Human-readable findings, one block per finding. */
export function formatFindings(comparison: Comparison, failOn: readonly string[]): string {
  const lines: string[] = [];
  for (const f of comparison.findings) {
    const level = levelOf(f, failOn);
    const tag = level === 'failure' ? 'FAIL' : level === 'warning' ? 'WARN' : 'NOTE';
    const where = f.file ? ` ${path.basename(f.file)}${f.line !== null ? `:${f.line}` : ''}` : '';
    lines.push(`${tag} ${f.kind} ${f.displayName} (${f.arch})${where}: ${f.title}`, `  ${f.message}`);
    if (f.remedy) lines.push(`  remedy: ${f.remedy}`);
  }
  const failing = comparison.findings.filter((f) => levelOf(f, failOn) === 'failure').length;
  const statuses = ['changed', 'added', 'removed', 'unchanged'].map((s) => `${comparison.kernels.filter((k) => k.status === s).length} ${s}`).join(', ');
  lines.push(`${comparison.findings.length} findings (${failing} failing) in ${comparison.kernels.length} kernels: ${statuses}${comparison.headOnly ? ' (head-only)' : ''}`);
  return lines.join('\n') + '\n';
}

export function compareCommandWith(resolve: ReportResolver): Command {
  return {
    name: 'compare',
    summary: 'Compare two Carve reports and list findings (cliffs, uncoalesced access, spills, ...)',
    usage: USAGE,
    async run(argv: string[], io: CliIO): Promise<number> {
      const { values, positionals } = parseCommandArgs(argv, {
        config: { type: 'string' },
        'fail-on': { type: 'string' },
        json: { type: 'boolean' },
        'comment-out': { type: 'string' },
        'summary-out': { type: 'string' },
        sarif: { type: 'string' },
        timing: { type: 'string' },
      });
      if (positionals.length !== 2) throw new UsageError(`expected BASE and HEAD, got ${positionals.length} argument(s)`);
      let config = defaultConfig(io.cwd);
      if (values.config) {
        const loaded = loadConfigFile(path.resolve(io.cwd, values.config));
        if (!loaded.valid) {
          io.stderr(loaded.diagnostics.map((d) => `${d.file ?? values.config}${d.line ? `:${d.line}:${d.column ?? 1}` : ''}: ${d.message}`).join('\n') + '\n');
          return EXIT_USAGE;
        }
        config = loaded.config;
      }
      const failOn = values['fail-on'] !== undefined ? parseFailOn(values['fail-on']) : config.failOn;
      const base = await resolve(positionals[0], 'base', io, config);
      const head = await resolve(positionals[1], 'head', io, config);
      const timing = values.timing ? loadTiming(values.timing, io.cwd) : ({ ok: true, value: [] } as const);
      const errors = [base, head, timing].flatMap((r) => (r.ok ? [] : [r.error]));
      if (errors.length || !base.ok || !head.ok || !timing.ok) {
        io.stderr(`carve compare: ${errors.join('\n')}\n`);
        return EXIT_USAGE;
      }
      if (head.value === null) {
        io.stderr('carve compare: HEAD must be a report\n');
        return EXIT_USAGE;
      }
      const comparison = compareReports(base.value, head.value, config, timing.value);
      const context = { failOn, repoRoot: io.cwd };
      if (values['comment-out']) writeFileSync(path.resolve(io.cwd, values['comment-out']), renderComment(comparison, context));
      if (values['summary-out']) writeFileSync(path.resolve(io.cwd, values['summary-out']), renderSummary(comparison, context));
      if (values.sarif) writeFileSync(path.resolve(io.cwd, values.sarif), JSON.stringify(toSarif(comparison, { failOn, repoRoot: io.cwd, toolVersion: VERSION }), null, 2) + '\n');
      io.stdout(values.json ? JSON.stringify(comparison, null, 2) + '\n' : formatFindings(comparison, failOn));
      return conclusionFor(comparison, failOn) === 'failure' ? EXIT_FINDINGS : EXIT_OK;
    },
  };
}

export const compareCommand = compareCommandWith(fileResolver);
