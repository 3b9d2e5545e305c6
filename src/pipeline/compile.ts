// The compile path: every selected translation unit x arch through nvcc (PTX with line info
// + ptxas resources), then the static analysis. A unit that fails to build is a diagnostic
// on its side; the other units are still built and compared.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { compileCuda, readSassLinesFile } from '../toolchain/index.js';
import type { CarveConfig } from '../config/types.js';
import type { CarveReport, Diagnostic, KernelReport } from '../model/types.js';
import { escapeReason, escapingIncludes, safeFolderName } from '../discover/containment.js';
import { analysisFailure, analyzeUnitJob, sideReport, type ModuleToAnalyze, type Side } from './side.js';
import type { PathMapper } from './paths.js';
import { createLimiter, defaultJobs, type Limiter } from './pool.js';
import { createAnalysisPool, type AnalysisPool } from '../workers/analysis-pool.js';

export interface CompileSideInput {
  side: Side;
  /** Checkout root of this side (workspace or base worktree). */
  root: string;
  commit: string | null;
  /** Repository-relative units to build. */
  units: readonly string[];
  archs: readonly string[];
  config: CarveConfig;
  nvcc: string;
  /** Scratch directory for PTX and cubins. */
  outDir: string;
  mapper: PathMapper;
  log?: (message: string) => void;
  /** Builds in flight at once: a pool shared with the other side, else `jobs` (default: one per core). */
  limit?: Limiter;
  jobs?: number;
  /** Where the units are analysed: a pool shared with the other side (kept open), else one of `jobs` workers of this call's own. */
  analysis?: AnalysisPool;
}

interface UnitResult {
  kernels: KernelReport[];
  diagnostics: Diagnostic[];
}

export async function compileSide(input: CompileSideInput): Promise<CarveReport> {
  const jobs = input.jobs ?? defaultJobs();
  const limit = input.limit ?? createLimiter(jobs);
  const analysis = input.analysis ?? createAnalysisPool({ size: jobs });
  try {
    return await compileUnits(input, limit, analysis);
  } finally {
    if (!input.analysis) await analysis.close();
  }
}

async function compileUnits(input: CompileSideInput, limit: Limiter, analysis: AnalysisPool): Promise<CarveReport> {
  const diagnostics: Diagnostic[] = [];
  // Relative include dirs stay inside the checkout; an absolute one (a system SDK) comes from
  // the trusted config (the base branch's in gate mode) and stays as written.
  const includeDirs: string[] = [];
  input.config.include.forEach((dir, index) => {
    if (path.isAbsolute(dir)) return void includeDirs.push(dir);
    const reason = escapeReason(input.root, dir);
    if (reason)
      diagnostics.push({ severity: 'error', stage: 'config', jsonPath: `/include/${index}`, message: `include dir ${reason}: not used` });
    else includeDirs.push(path.join(input.root, dir));
  });
  const units = input.units.filter((unit) => {
    const escape = escapeReason(input.root, unit);
    if (escape)
      diagnostics.push({ severity: 'error', stage: 'build', file: path.join(input.root, unit), message: `${escape}: not compiled` });
    // An #include of a file outside the workspace is reported at its line, and the unit not built.
    const includes = escape === null ? escapingIncludes(input.root, unit) : [];
    diagnostics.push(...includes.map((d) => ({ ...d, file: path.join(input.root, d.file!) })));
    return escape === null && includes.length === 0;
  });
  const tasks = units.flatMap((unit) => input.archs.map((arch) => ({ unit, arch })));
  // Every unit x arch is built and analysed (in a worker thread when the pool has them) in the
  // limiter's slot; the results are gathered in task order, so the report does not depend on
  // which build finished first.
  const results = await Promise.all(tasks.map(({ unit, arch }) => limit(() => buildUnit(input, unit, arch, includeDirs, analysis))));
  const kernels = results.flatMap((r) => r.kernels);
  diagnostics.push(...results.flatMap((r) => r.diagnostics));
  return sideReport(input.side, input.commit, [...input.archs], kernels, diagnostics, input.mapper);
}

async function buildUnit(
  input: CompileSideInput,
  unit: string,
  arch: string,
  includeDirs: string[],
  analysis: AnalysisPool,
): Promise<UnitResult> {
  input.log?.(`${input.side}: nvcc ${unit} for ${arch}`);
  const outDir = path.join(input.outDir, input.side, arch, safeFolderName(unit));
  const result = await compileCuda({
    source: path.join(input.root, unit),
    arch,
    outDir,
    defines: input.config.defines,
    includeDirs,
    flags: input.config.nvcc.flags,
    nvcc: input.nvcc,
  });
  const diagnostics: Diagnostic[] = result.diagnostics.map((d) => ({ ...d, file: d.file ?? path.join(input.root, unit) }));
  if (!result.ok || result.ptx === null) {
    if (!result.diagnostics.some((d) => d.severity === 'error')) {
      diagnostics.push({
        severity: 'error',
        stage: 'build',
        file: path.join(input.root, unit),
        message: `nvcc failed for ${arch} (${result.command.join(' ')})`,
      });
    }
    return { kernels: [], diagnostics };
  }
  // The cubin ptxas already wrote for the resources: its line table gives the SASS estimate.
  const sass = await readSassLinesFile(result.cubinPath);
  if (sass) diagnostics.push(...sass.diagnostics);
  const module: ModuleToAnalyze = {
    ptxText: result.ptx,
    ptxFile: result.ptxPath ?? unit,
    sourceFile: path.join(input.root, unit),
    arch,
    resources: result.resources,
    sourceText: await readFile(path.join(input.root, unit), 'utf8').catch(() => null),
    ...(sass ? { sassLines: sass.functions } : {}),
  };
  const analysed = await analysis
    .run('unit', { module, config: input.config }, analyzeUnitJob)
    .catch((error: Error) => analysisFailure(module, error.message));
  return { kernels: analysed.kernels, diagnostics: [...diagnostics, ...analysed.diagnostics] };
}
