// Action pipeline entry. Inputs -> config -> analyse -> publish.
import * as core from '@actions/core';
import path from 'node:path';
import { loadConfigFile } from '../config/load.js';

export async function runAction(): Promise<void> {
  const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
  const configPath = path.resolve(workspace, core.getInput('config') || '.github/carve.yml');
  const { diagnostics } = loadConfigFile(configPath);
  for (const d of diagnostics) {
    core.error(d.message, { file: d.file, startLine: d.line, startColumn: d.column, title: 'carve config' });
  }
}
