// The files the Action leaves in its report directory. `analyze` writes them, `publish`
// (in a trusted workflow_run job) reads them back; any run can upload the directory.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CarveReport, Comparison } from '../model/types.js';
import type { CheckAnnotation } from '../report/index.js';

export const FILES = {
  report: 'report.json',
  baseReport: 'base-report.json',
  comparison: 'comparison.json',
  comment: 'comment.md',
  summary: 'summary.md',
  gate: 'gate.json',
  event: 'event.json',
  sarif: 'carve.sarif',
} as const;

/** What `publish` needs besides the comment: the verdict and the annotations. */
export interface GateRecord {
  kind: 'carve-gate';
  version: string;
  conclusion: 'success' | 'failure';
  conclusionReason: string;
  findings: number;
  failingFindings: number;
  regressions: number;
  postComment: boolean;
  headSha: string | null;
  pullRequest: number | null;
  annotations: CheckAnnotation[];
}

export interface WrittenFiles {
  reportPath: string;
  commentPath: string;
  summaryPath: string;
  sarifPath: string | null;
}

export interface FilesToWrite {
  head: CarveReport;
  base: CarveReport | null;
  comparison: Comparison;
  comment: string;
  summary: string;
  gate: GateRecord;
  sarif: Record<string, unknown> | null;
  eventPath: string | undefined;
  /** More files (name -> text), e.g. carving scatter plots; names are plain file names. */
  extraFiles?: Record<string, string>;
}

export function writeReportDir(dir: string, files: FilesToWrite): WrittenFiles {
  mkdirSync(dir, { recursive: true });
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';
  const reportPath = write(FILES.report, json(files.head));
  if (files.base) write(FILES.baseReport, json(files.base));
  write(FILES.comparison, json(files.comparison));
  const commentPath = write(FILES.comment, files.comment);
  const summaryPath = write(FILES.summary, files.summary);
  write(FILES.gate, json(files.gate));
  for (const [name, text] of Object.entries(files.extraFiles ?? {})) {
    if (/^[A-Za-z0-9._-]+$/.test(name) && !name.startsWith('.')) write(name, text);
  }
  if (files.eventPath && existsSync(files.eventPath)) copyFileSync(files.eventPath, path.join(dir, FILES.event));
  const sarifPath = files.sarif ? write(FILES.sarif, json(files.sarif)) : null;
  return { reportPath, commentPath, summaryPath, sarifPath };
}

export type ReadResult<T> = { ok: true; value: T } | { ok: false; message: string };

export function readReportDirFile(dir: string, name: string): ReadResult<string> {
  const file = path.join(dir, name);
  if (!existsSync(file)) return { ok: false, message: `${file} is missing (did the analyze job upload the report directory?)` };
  return { ok: true, value: readFileSync(file, 'utf8') };
}

/** The gate record, checked field by field (it crosses a trust boundary in publish mode). */
export function parseGateRecord(text: string): ReadResult<GateRecord> {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    return { ok: false, message: `gate.json is not JSON: ${(error as Error).message}` };
  }
  if (data?.kind !== 'carve-gate') return { ok: false, message: 'gate.json: /kind must be carve-gate' };
  if (data.conclusion !== 'success' && data.conclusion !== 'failure')
    return { ok: false, message: 'gate.json: /conclusion must be success or failure' };
  if (!Array.isArray(data.annotations)) return { ok: false, message: 'gate.json: /annotations must be an array' };
  const levels = new Set(['notice', 'warning', 'failure']);
  for (const [index, a] of (data.annotations as Array<Record<string, unknown>>).entries()) {
    if (
      typeof a?.path !== 'string' ||
      typeof a.start_line !== 'number' ||
      typeof a.end_line !== 'number' ||
      !levels.has(String(a.annotation_level)) ||
      typeof a.message !== 'string'
    ) {
      return { ok: false, message: `gate.json: /annotations/${index} is not a check-run annotation` };
    }
  }
  for (const key of ['findings', 'failingFindings', 'regressions'] as const) {
    if (typeof data[key] !== 'number') return { ok: false, message: `gate.json: /${key} must be a number` };
  }
  return { ok: true, value: data as unknown as GateRecord };
}
