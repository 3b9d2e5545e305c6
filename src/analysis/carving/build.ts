// Builds every variant of a space with the toolchain's compileCuda, one job per core, through
// the content-hash cache. A variant that fails to compile is reported and the rest carry on.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync, copyFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { compileCuda, type ResourceRecord } from '../../toolchain/index.js';
import type { Diagnostic } from '../../model/types.js';
import { buildCacheKey } from './cache.js';
import { createProgress, mapPool } from './progress.js';
import type { Variant } from './space.js';

export interface BuildOptions {
  sourceFile: string;
  arch: string;
  includeDirs: string[];
  flags: string[];
  nvcc: { path: string; version: string };
  cacheDir: string;
  jobs?: number;
  /** Progress output (stderr); isTTY picks a bar or log lines. */
  progress?: { write: (text: string) => void; isTTY: boolean };
  /** Runs in the build's slot once the variant is built (carving analyses it there). */
  afterBuild?: (build: VariantBuild, index: number) => Promise<void>;
}

export interface VariantBuild {
  variant: Variant;
  ok: boolean;
  cached: boolean;
  key: string;
  ptx: string | null;
  ptxPath: string | null;
  cubinPath: string | null;
  resources: ResourceRecord[];
  diagnostics: Diagnostic[];
  /** First error line when the build failed. */
  error: string | null;
}

interface CachedResult {
  ok: boolean;
  resources: ResourceRecord[];
  diagnostics: Diagnostic[];
  hasCubin: boolean;
}

let stagingSerial = 0;

/** A cache entry, or null when it is missing or damaged (then it is rebuilt). */
function readCached(dir: string): CachedResult | null {
  let result: CachedResult;
  try {
    result = JSON.parse(readFileSync(path.join(dir, 'result.json'), 'utf8')) as CachedResult;
  } catch {
    return null;
  }
  if (!result || typeof result.ok !== 'boolean' || !Array.isArray(result.resources) || !Array.isArray(result.diagnostics)) return null;
  if (result.ok && !existsSync(path.join(dir, 'kernel.ptx'))) return null;
  if (result.hasCubin && !existsSync(path.join(dir, 'kernel.cubin'))) return null;
  return result;
}

/**
 * Publishes a staged entry under its key if no valid entry is there (rename-if-absent: a
 * directory rename fails onto a non-empty one). A valid entry another process stored is kept,
 * never deleted; a damaged one is moved aside first.
 */
function publishEntry(staging: string, dir: string, tag: string): void {
  try {
    renameSync(staging, dir);
    return;
  } catch {
    // an entry is there
  }
  if (!readCached(dir)) {
    const aside = `${dir}.stale-${tag}`;
    try {
      renameSync(dir, aside);
      rmSync(aside, { recursive: true, force: true });
      renameSync(staging, dir);
      return;
    } catch {
      // another process replaced it meanwhile
    }
  }
  rmSync(staging, { recursive: true, force: true });
}

/** Staging folders of runs that were killed (their process is gone) are removed. */
export function sweepStaging(cacheDir: string): void {
  let names: string[];
  try {
    names = readdirSync(cacheDir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/\.(?:tmp|stale)-(\d+)-\d+$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || processAlive(pid)) continue;
    rmSync(path.join(cacheDir, name), { recursive: true, force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function buildOne(variant: Variant, options: BuildOptions): Promise<VariantBuild> {
  const key = buildCacheKey({
    sourceFile: options.sourceFile,
    includeDirs: options.includeDirs,
    flags: options.flags,
    defines: variant.defines,
    arch: options.arch,
    nvccVersion: options.nvcc.version,
  });
  const dir = path.join(options.cacheDir, key);
  const cached = readCached(dir);
  const fromCache = (result: CachedResult, cachedHit: boolean): VariantBuild => {
    const ptxPath = path.join(dir, 'kernel.ptx');
    const cubinPath = path.join(dir, 'kernel.cubin');
    const ptx = result.ok && existsSync(ptxPath) ? readFileSync(ptxPath, 'utf8') : null;
    const error = result.ok ? null : (result.diagnostics.find((d) => d.severity === 'error')?.message ?? 'build failed');
    return {
      variant,
      ok: result.ok && ptx !== null,
      cached: cachedHit,
      key,
      ptx,
      ptxPath: ptx === null ? null : ptxPath,
      cubinPath: result.hasCubin ? cubinPath : null,
      resources: result.resources,
      diagnostics: result.diagnostics,
      error,
    };
  };
  if (cached) return fromCache(cached, true);

  // Build into a private folder, then rename: concurrent runs never see half a cache entry.
  const tag = `${process.pid}-${++stagingSerial}`;
  const staging = `${dir}.tmp-${tag}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const compiled = await compileCuda({
    source: options.sourceFile,
    arch: options.arch,
    outDir: staging,
    defines: variant.defines,
    includeDirs: options.includeDirs,
    flags: options.flags,
    nvcc: options.nvcc.path,
    cubin: true,
  });
  if (compiled.ptx !== null) writeFileSync(path.join(staging, 'kernel.ptx'), compiled.ptx);
  const hasCubin = compiled.cubinPath !== null && existsSync(compiled.cubinPath);
  if (hasCubin) copyFileSync(compiled.cubinPath as string, path.join(staging, 'kernel.cubin'));
  const result: CachedResult = {
    ok: compiled.ok && compiled.ptx !== null,
    resources: compiled.resources,
    diagnostics: compiled.diagnostics,
    hasCubin,
  };
  writeFileSync(path.join(staging, 'result.json'), JSON.stringify(result));
  publishEntry(staging, dir, tag);
  return fromCache(readCached(dir) ?? result, false);
}

export async function buildVariants(variants: Variant[], options: BuildOptions): Promise<VariantBuild[]> {
  mkdirSync(options.cacheDir, { recursive: true });
  sweepStaging(options.cacheDir);
  const progress = options.progress ? createProgress(variants.length, options.progress.write, options.progress.isTTY) : null;
  const builds = await mapPool(variants, options.jobs ?? availableParallelism(), async (variant, index) => {
    const build = await buildOne(variant, options);
    await options.afterBuild?.(build, index);
    progress?.tick(variant.id);
    return build;
  });
  progress?.done();
  return builds;
}
