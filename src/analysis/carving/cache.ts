// Content-hash cache of variant builds: the key covers the source and every local header it
// reaches, flags, defines, arch and the nvcc version, so a hit is always the same build.
// Layout: <cacheDir>/<key>/{result.json, kernel.ptx, kernel.cubin}; actions/cache can keep the folder.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { includeGraph } from '../../toolchain/index.js';

/** Local headers (#include "...") the source reaches (the toolchain's include graph, less the source). */
export function reachableIncludes(sourceFile: string, includeDirs: string[]): string[] {
  const reached = includeGraph(sourceFile, includeDirs);
  reached.delete(path.resolve(sourceFile));
  return [...reached].sort();
}

export interface CacheKeyInput {
  sourceFile: string;
  includeDirs: string[];
  flags: string[];
  defines: Record<string, number | string>;
  arch: string;
  nvccVersion: string;
}

export function buildCacheKey(input: CacheKeyInput): string {
  const hash = createHash('sha256');
  const part = (label: string, value: string | Buffer) => {
    hash.update(`${label}\0${value.length}\0`);
    hash.update(value);
  };
  part('source', readFileSync(input.sourceFile));
  for (const header of reachableIncludes(input.sourceFile, input.includeDirs)) {
    part('header-name', path.basename(header));
    part('header', readFileSync(header));
  }
  part('flags', JSON.stringify(input.flags));
  part('defines', JSON.stringify(Object.entries(input.defines).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
  part('arch', input.arch);
  part('nvcc', input.nvccVersion);
  return hash.digest('hex').slice(0, 32);
}
