// Mode retune (nightly): carve every configured variant space for every arch and report the
// survivors — the configurations worth timing. Writes retune.json and the job summary.
import * as core from '@actions/core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { carveSpace, type CarveResult } from '../analysis/carving/index.js';
import type { CarveConfig } from '../config/types.js';
import type { Diagnostic } from '../report/types.js';
import { problemsMarkdown } from '../pipeline/index.js';
import { writeSummary } from './summary.js';

export interface RetuneInput {
  config: CarveConfig;
  configPath: string;
  archs: string[];
  reportDir: string;
  diagnostics: Diagnostic[];
}

export async function runRetune(input: RetuneInput): Promise<void> {
  const diagnostics = [...input.diagnostics];
  const results: CarveResult[] = [];
  const spaces = Object.keys(input.config.spaces);
  if (!spaces.length) diagnostics.push({ severity: 'error', stage: 'config', file: input.configPath, jsonPath: '/spaces', message: 'mode retune needs at least one variant space under `spaces`' });
  for (const spaceName of spaces) {
    for (const arch of input.archs) {
      core.info(`carve: carving ${spaceName} for ${arch}`);
      const run = await carveSpace({ config: input.config, spaceName, arch, cacheDir: path.join(tmpdir(), 'carve-retune-cache'), configFile: input.configPath });
      diagnostics.push(...run.diagnostics);
      if (run.result) results.push(run.result);
    }
  }
  mkdirSync(input.reportDir, { recursive: true });
  const reportPath = path.join(input.reportDir, 'retune.json');
  writeFileSync(reportPath, JSON.stringify({ kind: 'carve-retune', results, diagnostics }, null, 2) + '\n');
  const lines = ['## Carve retune', problemsMarkdown(diagnostics.filter((d) => d.severity === 'error'), path.dirname(input.configPath))];
  for (const result of results) {
    lines.push(`### ${result.space} (${result.arch}): ${result.survivors.length} of ${result.total} variants survive carving`);
    lines.push('| variant | block | registers | occupancy | efficiency | utilization |', '|---|---|---|---|---|---|');
    for (const v of result.survivors) {
      lines.push(`| \`${v.id}\` | ${v.block.join('×')} | ${v.registers ?? '?'} | ${v.occupancy === null ? '?' : `${(v.occupancy * 100).toFixed(1)}%`} | ${v.efficiency?.toExponential(3) ?? '?'} | ${v.utilization?.toFixed(1) ?? '?'} |`);
    }
  }
  await writeSummary(lines.filter(Boolean).join('\n\n'), [], process.env);
  core.setOutput('report-path', reportPath);
  const errors = diagnostics.filter((d) => d.severity === 'error');
  core.setOutput('conclusion', errors.length ? 'failure' : 'success');
  if (errors.length) core.setFailed(`carve: ${errors[0].message}`);
}
