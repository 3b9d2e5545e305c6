// Builds every variant of a space with the toolchain's compileCuda, one job per core, through
// the content-hash cache. A variant that fails to compile is reported and the rest carry on.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, existsSync, copyFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { compileCuda, type ResourceRecord } from '../../toolchain/index.js';
import type { Diagnostic } from '../../report/types.js';
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

interface CachedResult { ok: boolean; resources: ResourceRecord[]; diagnostics: Diagnostic[]; hasCubin: boolean }

function readCached(dir: string): CachedResult | null {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'result.json'), 'utf8')) as CachedResult;
  } catch {
    return null;
  }
}

async function buildOne(variant: Variant, options: BuildOptions): Promise<VariantBuild> {
  const key = buildCacheKey({ sourceFile: options.sourceFile, includeDirs: options.includeDirs, flags: options.flags, defines: variant.defines, arch: options.arch, nvccVersion: options.nvcc.version });
  const dir = path.join(options.cacheDir, key);
  const cached = readCached(dir);
  const fromCache = (result: CachedResult, cachedHit: boolean): VariantBuild => {
    const ptxPath = path.join(dir, 'kernel.ptx');
    const cubinPath = path.join(dir, 'kernel.cubin');
    const ptx = result.ok && existsSync(ptxPath) ? readFileSync(ptxPath, 'utf8') : null;
    const error = result.ok ? null : (result.diagnostics.find((d) => d.severity === 'error')?.message ?? 'build failed');
    return { variant, ok: result.ok && ptx !== null, cached: cachedHit, key, ptx, ptxPath: ptx === null ? null : ptxPath, cubinPath: result.hasCubin ? cubinPath : null, resources: result.resources, diagnostics: result.diagnostics, error };
  };
  if (cached) return fromCache(cached, true);

  // Build into a private folder, then rename: concurrent runs never see half a cache entry.
  const staging = `${dir}.tmp-${process.pid}-${variant.index}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const compiled = await compileCuda({
    source: options.sourceFile, arch: options.arch, outDir: staging, defines: variant.defines, includeDirs: options.includeDirs,
    flags: options.flags, nvcc: options.nvcc.path, cubin: true,
  });
  if (compiled.ptx !== null) writeFileSync(path.join(staging, 'kernel.ptx'), compiled.ptx);
  const hasCubin = compiled.cubinPath !== null && existsSync(compiled.cubinPath);
  if (hasCubin) copyFileSync(compiled.cubinPath as string, path.join(staging, 'kernel.cubin'));
  const result: CachedResult = { ok: compiled.ok && compiled.ptx !== null, resources: compiled.resources, diagnostics: compiled.diagnostics, hasCubin };
  writeFileSync(path.join(staging, 'result.json'), JSON.stringify(result));
  try {
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another process stored the same key first
  }
  return fromCache(readCached(dir) ?? result, false);
}

export async function buildVariants(variants: Variant[], options: BuildOptions): Promise<VariantBuild[]> {
  mkdirSync(options.cacheDir, { recursive: true });
  const progress = options.progress ? createProgress(variants.length, options.progress.write, options.progress.isTTY) : null;
  const builds = await mapPool(variants, options.jobs ?? availableParallelism(), async (variant) => {
    const build = await buildOne(variant, options);
    progress?.tick(variant.id);
    return build;
  });
  progress?.done();
  return builds;
}
