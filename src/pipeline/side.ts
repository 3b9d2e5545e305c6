// One side of a comparison (base or head) turned into a CarveReport: either compiled from
// sources with nvcc (compile.ts) or read from committed artifacts (artifacts.ts). Both end
// here, so the two paths analyse identical inputs identically.
import { analyzeModule } from '../analysis/analyze.js';
import type { CarveConfig } from '../config/types.js';
import type { ResourceRecord } from '../toolchain/index.js';
import type { CarveReport, Diagnostic, KernelReport, SassLineCount } from '../model/types.js';
import { VERSION } from '../version.js';
import { launchFor } from './launch.js';
import { mapFileFields, type PathMapper } from './paths.js';

export type Side = 'base' | 'head';

/** Numeric defines: the only ones trip counts and launch expressions can use. */
export function numericDefines(defines: Record<string, number | string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(defines)) {
    const number = typeof value === 'number' ? value : Number(value);
    if (Number.isFinite(number)) out[key] = number;
  }
  return out;
}

export interface ModuleToAnalyze {
  ptxText: string;
  ptxFile: string;
  sourceFile: string | null;
  arch: string;
  resources: ResourceRecord[];
  /** The .cu text, for kernel parameter names (config kernels.NAME.params). */
  sourceText?: string | null;
  /** SASS per source line by kernel, from the cubin built with the PTX (perThread.sassInstructions). */
  sassLines?: ReadonlyMap<string, readonly SassLineCount[]>;
}

/** Runs the static analysis of one PTX module; an exception becomes a diagnostic, never a crash. */
export function analyzeOne(module: ModuleToAnalyze, config: CarveConfig): { kernels: KernelReport[]; diagnostics: Diagnostic[] } {
  try {
    return analyzeModule({
      ...module,
      launchFor: (name, displayName, resources) => launchFor(config, name, displayName, resources),
      defines: numericDefines(config.defines ?? {}),
      loops: { assumedTripCount: config.loops.assumedTripCount, hints: config.loops.hints },
    });
  } catch (error) {
    return analysisFailure(module, (error as Error).message);
  }
}

/** A unit's analysis as a pool job (src/workers): plain data, run in a worker thread or in-process. */
export interface UnitJob {
  module: ModuleToAnalyze;
  config: CarveConfig;
}

/** The job the analysis worker runs for kind 'unit'. */
export function analyzeUnitJob(job: UnitJob): { kernels: KernelReport[]; diagnostics: Diagnostic[] } {
  return analyzeOne(job.module, job.config);
}

/** The unit's result when its analysis threw (or its worker died): no kernels, one error. */
export function analysisFailure(module: ModuleToAnalyze, reason: string): { kernels: KernelReport[]; diagnostics: Diagnostic[] } {
  return {
    kernels: [],
    diagnostics: [
      { severity: 'error', stage: 'analysis', file: module.sourceFile ?? module.ptxFile, message: `analysis failed: ${reason}` },
    ],
  };
}

export function sideReport(
  side: Side,
  commit: string | null,
  archs: string[],
  kernels: KernelReport[],
  diagnostics: Diagnostic[],
  mapper: PathMapper,
): CarveReport {
  const report: CarveReport = {
    schemaVersion: 1,
    tool: { name: 'carve', version: VERSION },
    side,
    commit,
    archs,
    kernels: [...kernels].sort(
      (a, b) => a.arch.localeCompare(b.arch) || (a.file ?? '').localeCompare(b.file ?? '') || a.name.localeCompare(b.name),
    ),
    diagnostics,
  };
  return mapFileFields(report, mapper);
}
