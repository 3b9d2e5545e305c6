// The files a translation unit reaches through quoted #include directives, so the Action can map
// a changed header to the units that must be rebuilt. System (<...>) includes are not followed.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const INCLUDE = /^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"/gm;

function resolveInclude(target: string, fromDir: string, includeDirs: string[]): string | null {
  for (const dir of [fromDir, ...includeDirs]) {
    const candidate = path.resolve(dir, target);
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Strips comments so that commented-out includes are not followed. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/\/\/[^\n]*/g, '');
}

/**
 * Absolute paths of `source` and every file it reaches through `#include "..."`, resolved
 * relative to the including file first, then to each include dir (as nvcc does for quotes).
 * Unresolvable includes (system headers, generated files) are skipped.
 */
export function includeGraph(source: string, includeDirs: string[] = []): Set<string> {
  const dirs = includeDirs.map((d) => path.resolve(d));
  const seen = new Set<string>();
  const pending = [path.resolve(source)];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const match of withoutComments(text).matchAll(INCLUDE)) {
      const resolved = resolveInclude(match[1], path.dirname(file), dirs);
      if (resolved && !seen.has(resolved)) pending.push(resolved);
    }
  }
  return seen;
}
