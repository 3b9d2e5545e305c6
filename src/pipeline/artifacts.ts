// The committed-report path, for runners without a CUDA toolkit: read the PTX, cubins,
// ptxas logs and Carve JSON reports matching `artifacts` on one side and run the same
// static analysis as the compile path. Resources for a PTX module come from the side's
// ptxas logs (preferred: they carry spills) or cubins of the same arch.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { launchBoundsFromPtx, parsePtxasLog, readCubin, type ResourceRecord } from '../toolchain/index.js';
import { reportSchemaErrors } from '../report/validate.js';
import type { CarveConfig } from '../config/types.js';
import type { CarveReport, Diagnostic, KernelReport } from '../model/types.js';
import { analyzeOne, sideReport, type Side } from './side.js';
import type { PathMapper } from './paths.js';
import { overSizeLimit } from '../limits.js';
import { jsonSyntaxError } from '../report/json-location.js';

const SKIP_DIRS = new Set(['.git', 'node_modules']);

/** Repository-relative files under root matching any pattern (.git and node_modules skipped). */
export function matchFiles(root: string, patterns: readonly string[]): string[] {
  if (!patterns.length) return [];
  const isMatch = picomatch([...patterns], { dot: true });
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(path.join(dir, entry.name), relPath);
      } else if (entry.isFile() && isMatch(relPath)) {
        out.push(relPath);
      }
    }
  };
  walk(root, '');
  return out.sort();
}

export type ArtifactKind = 'ptx' | 'cubin' | 'ptxas-log' | 'report';

export function artifactKind(file: string): ArtifactKind | null {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.ptx') return 'ptx';
  if (ext === '.cubin') return 'cubin';
  if (ext === '.log' || ext === '.txt') return 'ptxas-log';
  if (ext === '.json') return 'report';
  return null;
}

/** The arch a PTX module targets (`.target sm_90a, debug` -> sm_90a). */
export function ptxTarget(ptx: string): string | null {
  return ptx.match(/^\s*\.target\s+(sm_\w+|compute_\w+)/m)?.[1]?.replace(/^compute_/, 'sm_') ?? null;
}

/** The translation unit a PTX module came from: its first .cu `.file`, else its first `.file`. */
export function ptxSourceFile(ptx: string): string | null {
  const files = [...ptx.matchAll(/^\s*\.file\s+\d+\s+"([^"]+)"/gm)].map((m) => m[1]);
  return files.find((f) => /\.cu$/i.test(f)) ?? files[0] ?? null;
}

export interface ArtifactSideInput {
  side: Side;
  root: string;
  commit: string | null;
  patterns: readonly string[];
  /** Archs to keep; artifacts for other archs are ignored. */
  archs: readonly string[];
  config: CarveConfig;
  mapper: PathMapper;
}

export function readArtifactSide(input: ArtifactSideInput): CarveReport & { artifactFiles: string[] } {
  const files = matchFiles(input.root, input.patterns);
  const diagnostics: Diagnostic[] = [];
  const kernels: KernelReport[] = [];
  const wanted = (arch: string | null) => arch !== null && (input.archs.length === 0 || input.archs.includes(arch));
  const logRecords: ResourceRecord[] = [];
  const cubinRecords: ResourceRecord[] = [];
  const modules: Array<{ file: string; text: string; arch: string }> = [];
  for (const file of files) {
    const full = path.join(input.root, file);
    const kind = artifactKind(file);
    try {
      // Over its cap, a file is not even read (an error names it and the limit).
      if (kind === 'ptx' || kind === 'ptxas-log' || kind === 'report') {
        const tooLarge = overSizeLimit(kind === 'ptxas-log' ? 'ptxasLog' : kind, statSync(full).size);
        if (tooLarge) {
          diagnostics.push({ severity: 'error', stage: kind === 'ptxas-log' ? 'ptxas' : kind, file: full, message: tooLarge });
          continue;
        }
      }
      if (kind === 'ptxas-log') {
        const parsed = parsePtxasLog(readFileSync(full, 'utf8'), full);
        logRecords.push(...parsed.kernels);
        diagnostics.push(...parsed.diagnostics);
      } else if (kind === 'cubin') {
        const parsed = readCubin(new Uint8Array(readFileSync(full)), full);
        cubinRecords.push(...parsed.kernels.map((k) => ({ ...k, arch: k.arch === 'unknown' && parsed.arch ? parsed.arch : k.arch })));
        diagnostics.push(...parsed.diagnostics);
      } else if (kind === 'ptx') {
        const text = readFileSync(full, 'utf8');
        const arch = ptxTarget(text);
        if (arch === null)
          diagnostics.push({
            severity: 'error',
            stage: 'ptx',
            file: full,
            message: 'no .target directive: cannot tell which arch this PTX is for',
          });
        else if (wanted(arch)) modules.push({ file: full, text, arch });
      } else if (kind === 'report') {
        kernels.push(...readReportKernels(full, diagnostics).filter((k) => wanted(k.arch)));
      }
    } catch (error) {
      diagnostics.push({
        severity: 'error',
        stage: kind === 'cubin' ? 'cubin' : 'build',
        file: full,
        message: `could not read artifact: ${(error as Error).message}`,
      });
    }
  }
  for (const module of modules) {
    const byName = new Map<string, ResourceRecord>();
    // ptxas logs first: the first record for a name wins.
    for (const record of [...logRecords, ...cubinRecords]) {
      if (record.arch === module.arch && !byName.has(record.name)) byName.set(record.name, record);
    }
    // ptxas logs do not print launch bounds; the PTX states them (.maxntid / .minnctapersm), as on the compile path.
    const bounds = launchBoundsFromPtx(module.text);
    const resources = [...byName.values()].map((record) => {
      const fromPtx = bounds.get(record.name);
      if (!record.isEntry || !fromPtx) return record;
      const nullReasons = record.resources.nullReasons ? { ...record.resources.nullReasons } : undefined;
      delete nullReasons?.maxThreadsPerBlock;
      delete nullReasons?.minBlocksPerSM;
      return {
        ...record,
        resources: {
          ...record.resources,
          maxThreadsPerBlock: fromPtx.maxThreadsPerBlock,
          minBlocksPerSM: fromPtx.minBlocksPerSM,
          ...(nullReasons ? { nullReasons } : {}),
        },
      };
    });
    const source = ptxSourceFile(module.text);
    const analysed = analyzeOne(
      { ptxText: module.text, ptxFile: module.file, sourceFile: source ? input.mapper(source) : null, arch: module.arch, resources },
      input.config,
    );
    kernels.push(...analysed.kernels);
    diagnostics.push(...analysed.diagnostics);
  }
  const archs = input.archs.length ? [...input.archs] : [...new Set(kernels.map((k) => k.arch))].sort();
  return { ...sideReport(input.side, input.commit, archs, kernels, diagnostics, input.mapper), artifactFiles: files };
}

/** Kernels of a committed Carve JSON report; an invalid one is a diagnostic with its JSON path. */
function readReportKernels(file: string, diagnostics: Diagnostic[]): KernelReport[] {
  let data: unknown;
  const text = readFileSync(file, 'utf8');
  try {
    data = JSON.parse(text);
  } catch (error) {
    const located = jsonSyntaxError(text, error as Error);
    const [, line, column] = /^(\d+):(\d+): /.exec(located) ?? [];
    diagnostics.push({
      severity: 'error',
      stage: 'report',
      file,
      ...(line ? { line: Number(line), column: Number(column) } : {}),
      message: `not JSON: ${located.replace(/^\d+:\d+: /, '')}`,
    });
    return [];
  }
  // A gate result (carve-report.json) holds the head report under `head`.
  const candidate =
    (data as { head?: unknown })?.head && !(data as { kernels?: unknown }).kernels ? (data as { head: unknown }).head : data;
  const errors = reportSchemaErrors(candidate);
  if (errors.length) {
    for (const message of errors.slice(0, 20)) {
      diagnostics.push({
        severity: 'error',
        stage: 'report',
        file,
        jsonPath: message.split(' ')[0],
        message: `not a Carve report: ${message}`,
      });
    }
    return [];
  }
  return (candidate as CarveReport).kernels;
}
