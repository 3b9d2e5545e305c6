// The comparison fixtures: Carve reports of real nvcc 13 sm_90 builds of the kernels in
// test/fixtures/reports/src (regenerate with scripts/fixtures/reports.sh).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CarveReport } from '../../src/model/types.js';

export const REPORTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/reports');

export function loadReport(name: 'base' | 'head' | 'head-broken' | 'base-extra' | 'head-extra'): CarveReport {
  return JSON.parse(readFileSync(path.join(REPORTS_DIR, `${name}.json`), 'utf8')) as CarveReport;
}
