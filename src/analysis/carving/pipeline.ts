// One space end to end: enumerate -> (shard) -> build (cached, parallel) -> analyse each
// variant's PTX with analyzeModule -> metrics -> carve. Shards carry metrics, not carvings,
// so mergeCarveResults carves the union exactly as one machine would.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { codeFingerprint } from '../../version.js';
import { analyzeModule } from '../analyze.js';
import { findNvcc } from '../../toolchain/index.js';
import type { CarveConfig, SpaceConfig } from '../../config/types.js';
import { configValuePosition } from '../../config/load.js';
import type { Diagnostic, KernelReport } from '../../model/types.js';
import { checkSpaceArguments, entryParameterTypes } from './arguments.js';
import { buildVariants, type VariantBuild } from './build.js';
import { carve, DEFAULT_CARVE_OPTIONS, type CarveOptions, type CarveResult } from './carve.js';
import { variantMetrics, type VariantMetrics } from './metrics.js';
import { enumerateSpace, pointerSegment, shardVariants, type Variant } from './space.js';
import { escapeReason } from '../../discover/containment.js';
import { createAnalysisPool, type AnalysisPool } from '../../workers/analysis-pool.js';

export interface CarveShardOutput {
  kind: 'carve-shard';
  space: string;
  arch: string;
  /** Hash of the space definition, global defines, flags and arch: shards must agree on it. */
  configHash: string;
  shard: { index: number; count: number };
  /** Variants the whole space enumerates (all shards together). */
  enumerated: number;
  /** The carving options of the space (part of configHash), so a merge needs no config. */
  options: CarveOptions;
  metrics: VariantMetrics[];
  diagnostics: Diagnostic[];
}

export interface CarveRun {
  result: CarveResult | null;
  shard: CarveShardOutput;
  builds: VariantBuild[];
  diagnostics: Diagnostic[];
}

/** The carving options of a space: its objective and band, the config's weighted thresholds (defaults where not given). */
export function carveOptionsFor(space: SpaceConfig, carving?: Partial<CarveConfig['carving']>): CarveOptions {
  return {
    ...DEFAULT_CARVE_OPTIONS,
    objective: space.objective ?? 'ryoo',
    band: space.band ?? 0,
    excessSectorShare: carving?.excessSectorShare ?? DEFAULT_CARVE_OPTIONS.excessSectorShare,
    localMemoryShare: carving?.localMemoryShare ?? DEFAULT_CARVE_OPTIONS.localMemoryShare,
    waves: carving?.tailEffect ?? DEFAULT_CARVE_OPTIONS.waves,
  };
}

export function spaceConfigHash(config: CarveConfig, spaceName: string, arch: string): string {
  const space = config.spaces[spaceName];
  const material = JSON.stringify({
    space,
    defines: config.defines,
    flags: config.nvcc?.flags ?? [],
    include: config.include,
    loops: config.loops,
    arch,
    options: carveOptionsFor(space, config.carving),
  });
  return createHash('sha256').update(material).digest('hex').slice(0, 16);
}

/** The report of the space's kernel among a module's kernels (by display name, extern "C" name, or template prefix). */
export function pickKernel(kernels: KernelReport[], wanted: string): KernelReport | null {
  return kernels.find((k) => kernelMatch(k, wanted) === 'exact') ?? kernels.find((k) => kernelMatch(k, wanted) === 'prefix') ?? null;
}

/** How an entry matches the space's kernel: by its mangled or demangled name, else by the name before its template or parameter list. */
function kernelMatch(k: Pick<KernelReport, 'name' | 'displayName'>, wanted: string): 'exact' | 'prefix' | null {
  if (k.name === wanted || k.displayName === wanted) return 'exact';
  // A demangled template instance names its return type first: "void f<128, 64>(int, float*)".
  const bare = k.displayName.replace(/^void /, '');
  return bare.startsWith(`${wanted}(`) || bare.startsWith(`${wanted}<`) ? 'prefix' : null;
}

function numericDefines(defines: Record<string, number | string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(defines)) {
    const number = Number(value);
    if (value !== '' && Number.isFinite(number)) out[name] = number;
  }
  return out;
}

/** The kernel a build produced: its demangled name and PTX parameter types (for the argument check). */
export interface BuiltKernel {
  displayName: string;
  /** The PTX entry's name (its parameter types are read once per space, for the argument check). */
  name: string;
}

export interface AnalysedBuild {
  metrics: VariantMetrics;
  diagnostics: Diagnostic[];
  kernel?: BuiltKernel | null;
  /** The hint keys (loops.hints, the space's loopTrips) the kernel's loops took their counts from. */
  hintsUsed?: string[];
}

/** The config's loop counting with the space's loopTrips at this variant over its hints. */
function variantLoops(variant: Variant, config: CarveConfig): CarveConfig['loops'] {
  return variant.loopTrips ? { ...config.loops, hints: { ...config.loops.hints, ...variant.loopTrips } } : config.loops;
}

/**
 * A space's loopTrips key that no variant's loop took its count from (a wrong line, or a loop the
 * analysis counts itself): a warning with its JSON path, never a silently ignored count.
 */
function unusedLoopTrips(
  spaceName: string,
  space: SpaceConfig,
  analysed: AnalysedBuild[],
  firstAssumed: VariantMetrics | undefined,
  configFile?: string,
): Diagnostic[] {
  const used = new Set(analysed.flatMap((a) => a?.hintsUsed ?? []));
  return Object.keys(space.loopTrips ?? {})
    .filter((key) => !used.has(key))
    .map((key) => {
      const jsonPath = `/spaces/${pointerSegment(spaceName)}/loopTrips/${pointerSegment(key)}`;
      const where = firstAssumed ? ` (${firstAssumed.id}: ${firstAssumed.assumedLoops})` : ' (every loop of every variant is counted)';
      return {
        severity: 'warning' as const,
        stage: 'config' as const,
        file: configFile,
        jsonPath,
        message: `${jsonPath}: no variant has a loop at '${key}' whose count the analysis cannot derive, so it gives no count${where}`,
      };
    });
}

/** Static metrics of one built variant (pure given the build). */
export function analyzeBuild(build: VariantBuild, space: SpaceConfig, config: CarveConfig, arch: string): AnalysedBuild {
  const minWeight = space.uncoalescedMinWeight ?? config.thresholds.uncoalescedMinWeight;
  const variant = build.variant;
  if (!build.ok || build.ptx === null) {
    return {
      metrics: variantMetrics(variant, null, { arch, uncoalescedMinWeight: minWeight }, `build failed: ${build.error ?? 'unknown error'}`),
      diagnostics: [],
    };
  }
  const analysis = analyzeModule({
    ptxText: build.ptx,
    ptxFile: build.ptxPath ?? 'kernel.ptx',
    sourceFile: path.resolve(config.baseDir, space.source),
    arch,
    resources: build.resources,
    // The space's int/float arguments are the kernel's parameter values (by position), the grid its launch.
    launchFor: () => ({
      block: variant.block,
      blockSource: 'config',
      dynamicSharedBytes: variant.dynamicSharedBytes,
      carveoutPercent: -1,
      grid: variant.grid,
      params: Object.fromEntries(variant.arguments.flatMap((a, i) => (a.kind === 'buffer' ? [] : [[String(i), a.value]]))),
    }),
    defines: numericDefines(variant.defines),
    loops: variantLoops(variant, config),
    footprints: true,
    // The launch is this kernel's: the module's other entries are not analysed.
    onlyKernels: (name, displayName) => kernelMatch({ name, displayName }, space.kernel) !== null,
  });
  const report = pickKernel(analysis.kernels, space.kernel);
  const error = report
    ? null
    : `kernel '${space.kernel}' not found in the module (has: ${[...analysis.kernels.map((k: KernelReport) => k.displayName), ...(analysis.leftOut ?? [])].join(', ') || 'none'})`;
  const kernel = report ? { displayName: report.displayName, name: report.name } : null;
  const hintsUsed = [...new Set((report?.loops ?? []).flatMap((loop) => (loop.hint === undefined ? [] : [loop.hint])))];
  return {
    metrics: variantMetrics(variant, report, { arch, uncoalescedMinWeight: minWeight }, error),
    diagnostics: analysis.diagnostics,
    kernel,
    ...(hintsUsed.length ? { hintsUsed } : {}),
  };
}

/** A variant's analysis as a pool job (src/workers): plain data, run in a worker thread or in-process. */
export interface VariantJob {
  build: VariantBuild;
  space: SpaceConfig;
  config: CarveConfig;
  arch: string;
}

/** The job the analysis worker runs for kind 'variant' (what it throws becomes failedAnalysis). */
export function analyzeVariantJob(job: VariantJob): AnalysedBuild {
  return analyzeBuild(job.build, job.space, job.config, job.arch);
}

/** A variant whose analysis threw (or whose worker died): excluded from the carving with the reason, and an error diagnostic. */
export function failedAnalysis(job: VariantJob, reason: string): AnalysedBuild {
  const minWeight = job.space.uncoalescedMinWeight ?? job.config.thresholds.uncoalescedMinWeight;
  const message = `analysis failed: ${reason}`;
  return {
    metrics: variantMetrics(job.build.variant, null, { arch: job.arch, uncoalescedMinWeight: minWeight }, message),
    diagnostics: [{ severity: 'error', stage: 'analysis', file: job.space.source, message }],
    kernel: null,
  };
}

/**
 * Where analyzeBuild's result is cached: the analysis of a build is a pure function of the build
 * (its key), the launch geometry, the loop and threshold settings, the arch and the analysing
 * code (codeFingerprint: a change to the analysis invalidates cached metrics).
 */
function metricsCacheFile(build: VariantBuild, space: SpaceConfig, config: CarveConfig, arch: string, cacheDir: string): string {
  const v = build.variant;
  const key = createHash('sha256')
    .update(
      JSON.stringify({
        code: codeFingerprint(),
        build: build.key,
        arch,
        kernel: space.kernel,
        block: v.block,
        grid: v.grid,
        dynamicShared: v.dynamicSharedBytes,
        arguments: v.arguments,
        loops: variantLoops(v, config),
        minWeight: space.uncoalescedMinWeight ?? config.thresholds.uncoalescedMinWeight,
        source: space.source,
      }),
    )
    .digest('hex')
    .slice(0, 24);
  return path.join(cacheDir, build.key, `metrics-${key}.json`);
}

function readCachedAnalysis(file: string, build: VariantBuild): AnalysedBuild | null {
  const v = build.variant;
  try {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as AnalysedBuild;
    // Identity fields come from this run: the same build may serve another space or index.
    return {
      metrics: { ...cached.metrics, id: v.id, index: v.index, parameters: v.parameters },
      diagnostics: cached.diagnostics,
      kernel: cached.kernel ?? null,
      ...(cached.hintsUsed ? { hintsUsed: cached.hintsUsed } : {}),
    };
  } catch {
    return null;
  }
}

function storeAnalysis(file: string, analysed: AnalysedBuild): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(analysed));
  } catch {
    // a read-only cache still works, just slower
  }
}

/** analyzeBuild through the cache (metricsCacheFile), the analysis in the pool (in-process without workers); a failed analysis is the variant's error (and not cached). */
export async function analyzeBuildInPool(
  build: VariantBuild,
  space: SpaceConfig,
  config: CarveConfig,
  arch: string,
  cacheDir: string,
  pool: AnalysisPool,
): Promise<AnalysedBuild> {
  if (!build.ok) return analyzeBuild(build, space, config, arch);
  const file = metricsCacheFile(build, space, config, arch, cacheDir);
  const cached = readCachedAnalysis(file, build);
  if (cached) return cached;
  const job: VariantJob = { build, space, config, arch };
  try {
    const analysed = await pool.run('variant', job, analyzeVariantJob);
    storeAnalysis(file, analysed);
    return analysed;
  } catch (error) {
    return failedAnalysis(job, (error as Error).message);
  }
}

export interface CarveSpaceOptions {
  config: CarveConfig;
  spaceName: string;
  arch: string;
  cacheDir: string;
  configFile?: string;
  shard?: { index: number; count: number };
  jobs?: number;
  progress?: { write: (text: string) => void; isTTY: boolean };
  /**
   * The repository the space's source must stay in: the workspace in the Action; by default the
   * nearest folder above the config holding .git (a config outside any repository, as a local
   * CLI run may use, is not checked).
   */
  root?: string;
  /** Where the variants are analysed (kept open); by default a pool of `jobs` workers of this run's own. */
  analysis?: AnalysisPool;
}

/** The nearest folder at or above `dir` holding `.git`; null outside a repository. */
export function repositoryRoot(dir: string): string | null {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if (existsSync(path.join(at, '.git'))) return at;
    if (path.dirname(at) === at) return null;
  }
}

export async function carveSpace(options: CarveSpaceOptions): Promise<CarveRun> {
  const { config, spaceName, arch } = options;
  const space = config.spaces[spaceName];
  const shardSpec = options.shard ?? { index: 1, count: 1 };
  const enumeration = enumerateSpace(spaceName, space, config.defines, options.configFile, config.carving?.maxSpaceSize);
  const diagnostics: Diagnostic[] = enumeration.diagnostics.map((d) => locateInConfig(d, config.baseDir, options.configFile));
  const shard: CarveShardOutput = {
    kind: 'carve-shard',
    space: spaceName,
    arch,
    configHash: spaceConfigHash(config, spaceName, arch),
    shard: shardSpec,
    enumerated: enumeration.variants.length,
    options: carveOptionsFor(space, config.carving),
    metrics: [],
    diagnostics,
  };
  if (enumeration.diagnostics.some((d) => d.severity === 'error')) return { result: null, shard, builds: [], diagnostics };
  // The source is data from the repository: `source: ../../etc/passwd` would put a runner's file in the build log.
  const root = options.root ?? repositoryRoot(config.baseDir);
  if (root !== null && escapeReason(root, path.resolve(config.baseDir, space.source))) {
    const jsonPath = `/spaces/${pointerSegment(spaceName)}/source`;
    diagnostics.push(
      locateInConfig(
        {
          severity: 'error',
          stage: 'config',
          file: options.configFile,
          jsonPath,
          message: `${jsonPath}: '${space.source}' resolves outside the repository (${root}): not built`,
        },
        config.baseDir,
        options.configFile,
      ),
    );
    return { result: null, shard, builds: [], diagnostics };
  }
  const nvcc = await findNvcc(config.nvcc?.path);
  if (!nvcc) {
    diagnostics.push({
      severity: 'error',
      stage: 'build',
      message: 'nvcc not found: carving needs the CUDA toolkit to build the variants',
      jsonPath: `/spaces/${pointerSegment(spaceName)}`,
    });
    return { result: null, shard, builds: [], diagnostics };
  }
  const mine = shardVariants(enumeration.variants, shardSpec);
  const jobs = options.jobs ?? availableParallelism();
  const pool = options.analysis ?? createAnalysisPool({ size: jobs });
  // Each variant is analysed right after its build, in the build's slot (a worker thread when
  // the pool has them); results are placed by index, so the order is the sequential one.
  const analysed: AnalysedBuild[] = [];
  let builds: VariantBuild[];
  try {
    builds = await buildVariants(mine, {
      sourceFile: path.resolve(config.baseDir, space.source),
      arch,
      includeDirs: (config.include ?? []).map((dir) => path.resolve(config.baseDir, dir)),
      flags: config.nvcc?.flags ?? [],
      nvcc,
      cacheDir: options.cacheDir,
      jobs,
      progress: options.progress,
      afterBuild: async (build, index) => {
        analysed[index] = await analyzeBuildInPool(build, space, config, arch, options.cacheDir, pool);
      },
    });
  } finally {
    if (!options.analysis) await pool.close();
  }
  let checkedArguments = false;
  for (const [index, build] of builds.entries()) {
    const { metrics, diagnostics: found, kernel } = analysed[index];
    shard.metrics.push(metrics);
    // The arguments are the same for every variant: checked once, on the first kernel found.
    if (kernel && !checkedArguments) {
      checkedArguments = true;
      diagnostics.push(
        ...checkSpaceArguments(
          spaceName,
          space.kernel,
          space.arguments ?? [],
          kernel.displayName,
          entryParameterTypes(build.ptx ?? '', kernel.name),
          options.configFile,
        ).map((d) => locateInConfig(d, config.baseDir, options.configFile)),
      );
    }
    if (!build.ok)
      diagnostics.push({
        severity: 'warning',
        stage: 'build',
        message: `variant ${build.variant.id} failed to build and is excluded: ${build.error}`,
        file: space.source,
      });
    diagnostics.push(...found.filter((d) => d.severity === 'error').map((d) => ({ ...d, message: `${build.variant.id}: ${d.message}` })));
  }
  const assumed = shard.metrics.filter((m) => m.assumedLoops !== undefined);
  // A shard sees some variants only: a key another shard's variants use is not unused.
  if (shardSpec.count === 1)
    diagnostics.push(
      ...unusedLoopTrips(spaceName, space, analysed, assumed[0], options.configFile).map((d) =>
        locateInConfig(d, config.baseDir, options.configFile),
      ),
    );
  // Unknown is a value: a ranking that rests on loop counts the code does not give says so.
  if (assumed.length > 0)
    diagnostics.push({
      severity: 'note',
      stage: 'analysis',
      file: space.source,
      message: `${assumed.length} of ${shard.metrics.filter((m) => m.built).length} variants: instructions, bytes and cycle estimates rest on loop trip counts the code does not give (${assumed[0].id}: ${assumed[0].assumedLoops}); the space's arguments or loopTrips can give them`,
    });
  const result = shardSpec.count === 1 ? carve(spaceName, arch, shard.metrics, shard.options) : null;
  return { result, shard, builds, diagnostics };
}

export type MergeOutcome = { ok: true; result: CarveResult } | { ok: false; reason: string };

/** Carves the union of shard outputs; refuses shards of another space, config or arch, duplicates and gaps. */
export function mergeCarveResults(shards: CarveShardOutput[], options?: CarveOptions): MergeOutcome {
  const merged = mergeShards(shards);
  if (!merged.ok) return merged;
  const { space, arch, metrics, options: shardOptions } = merged.shard;
  return { ok: true, result: carve(space, arch, metrics, options ?? shardOptions) };
}

/** The union of shard outputs as the output of one unsharded run (metrics in the order of the shards given); the same refusals. */
export function mergeShards(shards: CarveShardOutput[]): { ok: true; shard: CarveShardOutput } | { ok: false; reason: string } {
  if (shards.length === 0) return { ok: false, reason: 'no shard outputs given' };
  const first = shards[0];
  for (const [i, shard] of shards.entries()) {
    if (shard.kind !== 'carve-shard') return { ok: false, reason: `input ${i + 1} is not a carve shard output` };
    if (shard.space !== first.space) return { ok: false, reason: `input ${i + 1} is from space '${shard.space}', not '${first.space}'` };
    if (shard.arch !== first.arch) return { ok: false, reason: `input ${i + 1} is for ${shard.arch}, not ${first.arch}` };
    if (shard.configHash !== first.configHash)
      return {
        ok: false,
        reason: `input ${i + 1} was made with a different space configuration (hash ${shard.configHash} vs ${first.configHash})`,
      };
    if (shard.shard.count !== first.shard.count)
      return {
        ok: false,
        reason: `input ${i + 1} is shard ${shard.shard.index}/${shard.shard.count}, the first is of ${first.shard.count}`,
      };
  }
  const indices = shards.map((s) => s.shard.index).sort((a, b) => a - b);
  for (let expected = 1; expected <= first.shard.count; expected++) {
    const found = indices.filter((i) => i === expected).length;
    if (found === 0) return { ok: false, reason: `shard ${expected}/${first.shard.count} is missing` };
    if (found > 1) return { ok: false, reason: `shard ${expected}/${first.shard.count} is given ${found} times` };
  }
  const metrics = shards.flatMap((s) => s.metrics);
  if (metrics.length !== first.enumerated)
    return { ok: false, reason: `shards hold ${metrics.length} variants, the space has ${first.enumerated}` };
  return {
    ok: true,
    shard: { ...first, shard: { index: 1, count: 1 }, metrics, diagnostics: shards.flatMap((shard) => shard.diagnostics) },
  };
}

/**
 * A config diagnostic with the line and column in the config file of the value it is about;
 * a column it carries is within the expression (1-based), so it is added to where the value
 * starts. Diagnostics of other files, or without a JSON path, pass unchanged.
 */
function locateInConfig(d: Diagnostic, baseDir: string, configFile: string | undefined): Diagnostic {
  if (!configFile || d.stage !== 'config' || d.jsonPath === undefined || d.file !== configFile || d.line !== undefined) return d;
  const position = configValuePosition(path.resolve(baseDir, path.basename(configFile)), d.jsonPath, d.column ?? 1);
  return position ? { ...d, line: position.line, column: position.column } : d;
}
