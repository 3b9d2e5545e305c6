// The Action's retune mode: runs the retune engine (src/pipeline/retune.ts), writes retune.json
// and retune.md, the job summary and the outputs, and opens or updates one issue with the
// proposal, found by a hidden marker.
import * as core from '@actions/core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CarveConfig } from '../config/types.js';
import type { Diagnostic } from '../model/types.js';
import { createGitHubClient, issueMarker, RETUNE_ISSUE_LABEL, upsertMarkedIssue, type IssueResult } from '../github/index.js';
import { renderRetuneMarkdown, retune, retuneIssueTitle } from '../pipeline/retune.js';
import { writeSummary } from './summary.js';

export interface RetuneInput {
  config: CarveConfig;
  configPath: string;
  archs: string[];
  reportDir: string;
  diagnostics: Diagnostic[];
  timing: 'on' | 'off';
  token: string;
  repository: { owner: string; repo: string } | null;
  /** The issue marker's key (the check name), so two retune jobs keep one issue each. */
  key: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** Mode retune of the Action: retune.json, retune.md, the job summary, outputs, and the proposal issue. */
export async function runRetune(input: RetuneInput): Promise<void> {
  const report = await retune({
    config: input.config,
    configPath: input.configPath,
    archs: input.archs,
    timing: input.timing,
    cwd: input.cwd,
    root: input.cwd,
    cacheDir: path.join(input.env.RUNNER_TEMP ?? tmpdir(), 'carve-retune-cache'),
    log: (message) => core.info(message),
  });
  report.diagnostics.unshift(...input.diagnostics);
  mkdirSync(input.reportDir, { recursive: true });
  const reportPath = path.join(input.reportDir, 'retune.json');
  const markdownPath = path.join(input.reportDir, 'retune.md');
  const markdown = renderRetuneMarkdown(report, path.dirname(input.configPath));
  writeFileSync(reportPath, JSON.stringify(report, null, 2) + '\n');
  writeFileSync(markdownPath, markdown);
  const warnings: string[] = [];
  let issue: IssueResult | null = null;
  if (input.token && input.repository && report.results.length) {
    const retryBase = Number(input.env.CARVE_GITHUB_RETRY_BASE_MS);
    const client = createGitHubClient(input.token, {
      baseUrl: input.env.GITHUB_API_URL || undefined,
      retryBaseMs: Number.isFinite(retryBase) && retryBase > 0 ? retryBase : undefined,
      log: (message) => core.info(`carve: ${message}`),
    });
    try {
      issue = await upsertMarkedIssue(client, input.repository, {
        title: retuneIssueTitle(report),
        body: markdown,
        marker: issueMarker(`retune:${input.key}`),
        label: RETUNE_ISSUE_LABEL,
      });
      core.info(`carve: retune issue #${issue.number} ${issue.action} (${issue.url})`);
    } catch (error) {
      warnings.push(
        `could not open or update the retune issue: ${(error as { status?: number }).status ?? ''} ${(error as Error).message}`.replace(
          '  ',
          ' ',
        ),
      );
    }
  } else if (!input.token) {
    warnings.push('no github-token: no issue was opened; the proposal is in retune.md');
  }
  for (const warning of warnings) core.warning(`carve: ${warning}`);
  await writeSummary(markdown, warnings, input.env);
  const errors = report.diagnostics.filter((d) => d.severity === 'error' && (d.stage === 'config' || !report.results.length));
  core.setOutput('report-path', reportPath);
  core.setOutput('comment-path', markdownPath);
  core.setOutput('findings', String(report.results.filter((r) => r.proposal.action === 'change').length));
  core.setOutput('regressions', '0');
  core.setOutput('conclusion', errors.length ? 'failure' : 'success');
  if (errors.length) core.setFailed(`carve: ${errors[0].message}`);
}
