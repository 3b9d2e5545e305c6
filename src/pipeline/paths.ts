// Report paths as repository-relative paths. The compile path knows each side's checkout
// root (the workspace, or the base worktree). Committed PTX records the absolute path it
// was compiled at, on someone's machine: those are matched by their longest suffix that is
// a file of the repository.
import path from 'node:path/posix';

export function toPosix(file: string): string {
  return file.replace(/\\/g, '/');
}

export interface PathMapper {
  (file: string | null): string | null;
}

/** Maps a path under `root` (or matching a repository file by suffix) to its repository path. */
export function pathMapper(root: string | null, repoFiles: readonly string[]): PathMapper {
  const rootPrefix = root ? toPosix(root).replace(/\/+$/, '') + '/' : null;
  const known = new Set(repoFiles.map(toPosix));
  const cache = new Map<string, string | null>();
  return (file) => {
    if (file === null) return null;
    const posix = toPosix(file);
    if (cache.has(posix)) return cache.get(posix)!;
    let mapped: string | null = posix;
    if (rootPrefix && posix.startsWith(rootPrefix)) mapped = posix.slice(rootPrefix.length);
    else if (posix.startsWith('/')) mapped = suffixMatch(posix, known) ?? posix;
    mapped = mapped ? path.normalize(mapped).replace(/^\.\//, '') : mapped;
    cache.set(posix, mapped);
    return mapped;
  };
}

function suffixMatch(absolute: string, known: Set<string>): string | null {
  const parts = absolute.split('/').filter(Boolean);
  // Longest suffix first: /home/a/repo/kernels/x.cu tries home/a/repo/kernels/x.cu, ..., x.cu.
  for (let start = 0; start < parts.length; start++) {
    const candidate = parts.slice(start).join('/');
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/** Rewrites every `file` field of a report-shaped value in place through the mapper. */
export function mapFileFields<T>(value: T, mapper: PathMapper): T {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
    } else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      for (const [key, child] of Object.entries(record)) {
        if (key === 'file' && typeof child === 'string') record[key] = mapper(child);
        else if (child && typeof child === 'object') visit(child);
      }
    }
  };
  visit(value);
  return value;
}
