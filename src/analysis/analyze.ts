// PTX + resources + launch -> KernelReport, per kernel of a module. One malformed kernel
// yields diagnostics for it while the others are still analysed.
import { computeCliffs, computeOccupancy, occupancyCurve, type OccupancyInput } from '../gpu/index.js';
import {
  analyzeInstructions,
  buildCfg,
  findLoops,
  parsePtx,
  statementWeights,
  type LoopInfo,
  type PtxError,
  type PtxFunction,
  type SassLineEstimate,
} from '../ptx/index.js';
import type {
  BlockSource,
  Cliffs,
  Diagnostic,
  KernelReport,
  KernelResources,
  LoopReport,
  OccupancyCurvePoint,
  SassLineCount,
} from '../model/types.js';
import { demangle } from '../toolchain/demangle.js';
import type { ResourceRecord } from '../toolchain/types.js';
import { bareKernelName, kernelSignatures, resolveParams } from './kernel-params.js';
import { analyzeMemory } from './memory/index.js';
import { overSizeLimit } from '../limits.js';

export interface KernelLaunch {
  block: [number, number, number] | null;
  blockSource: BlockSource | null;
  dynamicSharedBytes: number;
  carveoutPercent: number;
  maxDynamicSharedBytes?: number;
  note?: string;
  /** Grid [x, y, z] when known (grid-stride loops are counted with it). */
  grid?: [number, number, number] | null;
  /** Kernel parameter values by name (from the kernel's signature in the source) or 0-based index. */
  params?: Record<string, number>;
}

export interface AnalyzeModuleInput {
  ptxText: string;
  ptxFile: string;
  sourceFile: string | null;
  arch: string;
  resources: ResourceRecord[];
  launchFor: (kernelName: string, displayName: string, resources: KernelResources | null, paramCount?: number) => KernelLaunch;
  defines: Record<string, number>;
  loops: { assumedTripCount: number; hints: Record<string, number> };
  /** The .cu text, for the parameter names of kernel signatures (PTX keeps only positions). */
  sourceText?: string | null;
  /** SASS instructions per source line by mangled kernel name (the cubin's line table, readSassLines):
   * gives perThread.sassInstructions; a kernel without an entry has none. */
  sassLines?: ReadonlyMap<string, readonly SassLineCount[]>;
  /** Work out each kernel's traffic footprint (KernelReport.trafficFootprint) where block and grid are known. */
  footprints?: boolean;
  /** Called with each kernel's SASS estimate line by line (checking it against a per-line profile). */
  onSassLineEstimates?: (kernelName: string, estimates: readonly SassLineEstimate[]) => void;
  /**
   * Analyse only the entries this accepts (mangled and demangled name); the others are left out
   * of the result. Carving times one kernel of a module that may hold many (llm.c's
   * attention_forward.cu: 13 entries, each analysed at the variant's launch before).
   */
  onlyKernels?: (kernelName: string, displayName: string) => boolean;
}

/** Largest basic blocks x statements of a kernel the memory analysis takes on (see analyzeKernel). */
export const MEMORY_ANALYSIS_BUDGET = 20_000_000;

/** 'sm_90a' / 'compute_90' -> '90' for matching resource records to the PTX target. */
function archNumber(arch: string): string {
  const m = /(\d+)[a-z]?$/.exec(arch.trim());
  return m ? m[1] : arch;
}

function ptxDiagnostic(error: PtxError, file: string): Diagnostic {
  return {
    severity: 'error',
    stage: 'ptx',
    message: error.message,
    file,
    line: error.line,
    column: error.column,
    ...(error.functionName ? { kernel: error.functionName } : {}),
  };
}

/** Block from launch bounds: .reqntid exactly, else .maxntid as the largest legal block. */
function launchBoundsBlock(fn: PtxFunction): { block: [number, number, number]; note: string } | null {
  for (const key of ['reqntid', 'maxntid']) {
    const dims = fn.directives[key];
    if (dims && dims.length > 0 && dims.every((d) => d > 0)) {
      const block: [number, number, number] = [dims[0], dims[1] ?? 1, dims[2] ?? 1];
      return { block, note: `block ${block.join('x')} from .${key} (launch bounds)` };
    }
  }
  return null;
}

function loopReport(loop: LoopInfo): LoopReport {
  const report: LoopReport = {
    file: loop.source?.file ?? null,
    line: loop.source?.line ?? null,
    depth: loop.depth,
    tripCount: loop.tripCount,
    tripCountReason: loop.tripCountReason,
    assumedTripCount: loop.tripCount === null ? loop.assumedTripCount : null,
  };
  if (loop.unrollFactor !== undefined) report.unrollFactor = loop.unrollFactor;
  if (loop.warpTripCount !== undefined) report.warpTripCount = loop.warpTripCount;
  if (loop.upperBound) report.upperBound = true;
  if (loop.hint !== undefined) report.hint = loop.hint;
  return report;
}

function sweepOnly(curve: OccupancyCurvePoint[]): Cliffs {
  const best = Math.max(0, ...curve.map((p) => p.occupancy));
  const none = { headroom: null, blocksAfterDrop: null, shedToGain: null, blocksAfterGain: null };
  return {
    registers: { ...none },
    sharedMemory: { ...none },
    curve,
    bestBlockSizes: best > 0 ? curve.filter((p) => p.occupancy === best).map((p) => p.blockSize) : [],
  };
}

function analyzeKernel(
  input: AnalyzeModuleInput,
  fn: PtxFunction,
  module: ReturnType<typeof parsePtx>['module'],
  errors: PtxError[],
): KernelReport {
  const displayName = safeDemangle(fn.name);
  const diagnostics: Diagnostic[] = errors.map((e) => ptxDiagnostic(e, input.ptxFile));
  const wanted = archNumber(input.arch);
  const record =
    input.resources.find((r) => r.name === fn.name && archNumber(r.arch) === wanted) ??
    input.resources.find((r) => r.name === fn.name && r.arch === 'unknown');
  const resources = record ? record.resources : null;
  if (!record) {
    diagnostics.push({
      severity: 'note',
      stage: 'analysis',
      kernel: fn.name,
      file: input.ptxFile,
      message: `no resource usage (ptxas / cubin) for ${displayName} on ${input.arch}: occupancy not computed`,
    });
  }
  const launch = input.launchFor(fn.name, displayName, resources, fn.params.length);
  let block = launch.block;
  let blockSource = launch.blockSource;
  let note = launch.note;
  if (block === null) {
    const bounds = launchBoundsBlock(fn);
    if (bounds) {
      block = bounds.block;
      blockSource = 'launch-bounds';
      note = note ?? bounds.note;
    } else {
      note = note ?? 'no block size given (--block, config) and no launch bounds: occupancy is shown as a sweep over block sizes';
    }
  }

  const paramCount = fn.params.length;
  const names = input.sourceText ? (kernelSignatures(input.sourceText).get(bareKernelName(displayName)) ?? null) : null;
  const params = resolveParams(launch.params ?? {}, displayName, names, paramCount);
  for (const message of params.errors)
    diagnostics.push({ severity: 'error', stage: 'analysis', kernel: fn.name, file: input.sourceFile ?? input.ptxFile, message });
  const paramValues = params.values;
  const values: Record<string, number> = { ...input.defines };
  for (const [index, value] of Object.entries(paramValues)) values[index] = value;

  const report: KernelReport = {
    name: fn.name,
    displayName,
    arch: input.arch,
    file: input.sourceFile ?? input.ptxFile,
    resources,
    launch: { block, blockSource: block === null ? null : blockSource, ...(note ? { note } : {}) },
    occupancy: null,
    cliffs: null,
    instructionMix: null,
    perThread: null,
    regions: null,
    loops: [],
    accesses: [],
    divergence: [],
    diagnostics,
  };

  if (resources) {
    const base: Omit<OccupancyInput, 'block'> & { maxThreadsPerBlock?: number | null } = {
      arch: input.arch,
      registersPerThread: resources.registers,
      staticSharedBytes: resources.staticSharedBytes,
      dynamicSharedBytes: launch.dynamicSharedBytes,
      maxThreadsPerBlock: resources.maxThreadsPerBlock ?? fn.directives.maxntid?.reduce((a, b) => a * b, 1),
      carveoutPercent: launch.carveoutPercent,
      barriers: resources.barriers ?? undefined,
      ...(launch.maxDynamicSharedBytes !== undefined ? { maxDynamicSharedBytes: launch.maxDynamicSharedBytes } : {}),
    };
    try {
      if (block) {
        report.occupancy = computeOccupancy({ ...base, block });
        report.cliffs = computeCliffs({ ...base, block });
      } else {
        report.cliffs = sweepOnly(occupancyCurve(base));
      }
    } catch (error) {
      diagnostics.push({
        severity: 'error',
        stage: 'analysis',
        kernel: fn.name,
        file: input.ptxFile,
        message: `occupancy: ${(error as Error).message}`,
      });
    }
  }

  if (errors.length > 0) {
    diagnostics.push({
      severity: 'error',
      stage: 'ptx',
      kernel: fn.name,
      file: input.ptxFile,
      line: fn.position.line,
      column: fn.position.column,
      message: `${displayName} has PTX errors: instruction mix, loops and memory analysis skipped`,
    });
    return report;
  }
  try {
    const cfg = buildCfg(fn);
    for (const e of cfg.errors) diagnostics.push(ptxDiagnostic(e, input.ptxFile));
    if (cfg.errors.length > 0) return report;
    const loopOptions = {
      defines: values,
      assumedTripCount: input.loops.assumedTripCount,
      hints: input.loops.hints,
      block,
      grid: launch.grid ?? null,
      inlineCalls: module.inlineCalls,
    };
    const loops = findLoops(cfg, loopOptions);
    const weights = statementWeights(cfg, loops);
    const analysis = analyzeInstructions(module, fn, cfg, loops, weights, loopOptions, input.sassLines?.get(fn.name));
    report.instructionMix = analysis.mix;
    report.perThread = analysis.perThread;
    report.regions = analysis.regions;
    if (analysis.sassLineEstimates) input.onSassLineEstimates?.(fn.name, analysis.sassLineEstimates);
    report.loops = loops.map(loopReport);
    if (cfg.threadGuards) {
      const g = cfg.threadGuards;
      diagnostics.push({
        severity: 'note',
        stage: 'analysis',
        kernel: fn.name,
        file: input.ptxFile,
        message: `${g.branches} branch${g.branches === 1 ? '' : 'es'} resolved per thread over the ${g.threads} threads of the ${g.scope === 'grid' ? 'grid' : 'block'}: per-thread figures weight each side by the share of threads taking it`,
      });
    }
    if (analysis.perThread.unknownBranchesCountedTaken) {
      diagnostics.push({
        severity: 'note',
        stage: 'analysis',
        kernel: fn.name,
        file: input.ptxFile,
        message: 'branches with an unknown outcome are counted as taken (both sides of an if count fully)',
      });
    }
    // The memory analysis's reaching definitions grow with blocks x statements (a 450 kB kernel of
    // 10,000 branching labels ran out of memory): over the budget, its results are unknown, said so.
    const memoryWork = cfg.blocks.length * fn.body.length;
    if (memoryWork > MEMORY_ANALYSIS_BUDGET) {
      diagnostics.push({
        severity: 'warning',
        stage: 'analysis',
        kernel: fn.name,
        file: input.ptxFile,
        line: fn.position.line,
        column: fn.position.column,
        message: `memory analysis skipped: ${cfg.blocks.length} basic blocks x ${fn.body.length} statements = ${memoryWork.toLocaleString('en-US')}, over the limit of ${MEMORY_ANALYSIS_BUDGET.toLocaleString('en-US')}; coalescing, bank conflicts and divergence are unknown for this kernel`,
      });
      return report;
    }
    try {
      const memory = analyzeMemory({
        module,
        fn,
        cfg,
        loops,
        weights,
        block,
        grid: launch.grid ?? null,
        defines: input.defines,
        paramValues,
        footprints: input.footprints ?? false,
      });
      report.accesses = memory.accesses;
      if (memory.footprint !== undefined) report.trafficFootprint = memory.footprint;
      report.divergence = memory.divergence;
      if (memory.local.length > 0) report.localAccesses = memory.local;
    } catch (error) {
      diagnostics.push({
        severity: 'warning',
        stage: 'analysis',
        kernel: fn.name,
        file: input.ptxFile,
        message: `memory analysis failed: ${(error as Error).message}`,
      });
    }
  } catch (error) {
    diagnostics.push({
      severity: 'error',
      stage: 'analysis',
      kernel: fn.name,
      file: input.ptxFile,
      message: `analysis failed: ${(error as Error).message}`,
    });
  }
  return report;
}

function safeDemangle(name: string): string {
  try {
    return demangle(name);
  } catch {
    return name;
  }
}

export interface ModuleAnalysis {
  kernels: KernelReport[];
  diagnostics: Diagnostic[];
  /** Demangled names of the entries `onlyKernels` left out (only when it was given). */
  leftOut?: string[];
}

export function analyzeModule(input: AnalyzeModuleInput): ModuleAnalysis {
  const tooLarge = overSizeLimit('ptx', input.ptxText.length);
  if (tooLarge) return { kernels: [], diagnostics: [{ severity: 'error', stage: 'ptx', file: input.ptxFile, message: tooLarge }] };
  const { module, errors } = parsePtx(input.ptxText, input.ptxFile);
  const diagnostics: Diagnostic[] = errors.filter((e) => e.functionName === null).map((e) => ptxDiagnostic(e, input.ptxFile));
  const kernels: KernelReport[] = [];
  const leftOut: string[] = [];
  const entries = module.functions.filter((f) => f.kind === 'entry' && f.hasBody && f.name);
  for (const fn of entries) {
    if (input.onlyKernels) {
      const displayName = safeDemangle(fn.name);
      if (!input.onlyKernels(fn.name, displayName)) {
        leftOut.push(displayName);
        continue;
      }
    }
    kernels.push(
      analyzeKernel(
        input,
        fn,
        module,
        errors.filter((e) => e.functionName === fn.name),
      ),
    );
  }
  // Errors inside device functions belong to no single kernel.
  const entryNames = new Set(entries.map((f) => f.name));
  for (const e of errors) if (e.functionName !== null && !entryNames.has(e.functionName)) diagnostics.push(ptxDiagnostic(e, input.ptxFile));
  if (entries.length === 0 && errors.length === 0) {
    diagnostics.push({ severity: 'warning', stage: 'ptx', file: input.ptxFile, message: 'no kernels (.entry) in this PTX' });
  }
  return input.onlyKernels ? { kernels, diagnostics, leftOut } : { kernels, diagnostics };
}
