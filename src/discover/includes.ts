// The include graph of a source tree, from `#include` lines, and the translation units a
// set of changed files reaches. Pure: the caller supplies file contents. A textual scan
// (not nvcc -M) so it works without a toolkit, in committed-report mode too; conditional
// includes are all counted, which can only select more units, never fewer.
import path from 'node:path/posix';

export interface IncludeDirective {
  target: string;
  quoted: boolean;
  line: number;
}

const INCLUDE = /^[ \t]*#[ \t]*include[ \t]*(?:"([^"\n]+)"|<([^>\n]+)>)/gm;

export function scanIncludes(text: string): IncludeDirective[] {
  const out: IncludeDirective[] = [];
  let line = 1;
  let counted = 0;
  for (const match of text.matchAll(INCLUDE)) {
    // Count newlines only since the previous match: linear in the file's length.
    for (let i = counted; i < match.index; i++) if (text.charCodeAt(i) === 10) line++;
    counted = match.index;
    out.push({ target: match[1] ?? match[2], quoted: match[1] !== undefined, line });
  }
  return out;
}

/** file -> repository files it includes directly (resolved; system headers dropped). */
export type IncludeGraph = Map<string, string[]>;

/**
 * Resolves each include like the preprocessor: quoted ones against the including file's
 * directory first, then every include directory, in order. Paths are repository-relative.
 */
export function buildIncludeGraph(
  files: readonly string[],
  read: (file: string) => string | null,
  includeDirs: readonly string[] = [],
): IncludeGraph {
  const known = new Set(files.map(normalize));
  const graph: IncludeGraph = new Map();
  for (const file of known) {
    const text = read(file);
    if (text === null) continue;
    const deps: string[] = [];
    for (const directive of scanIncludes(text)) {
      const candidates = [
        ...(directive.quoted ? [path.join(path.dirname(file), directive.target)] : []),
        ...includeDirs.map((dir) => path.join(normalize(dir), directive.target)),
      ].map(normalize);
      const hit = candidates.find((candidate) => known.has(candidate));
      if (hit && !deps.includes(hit)) deps.push(hit);
    }
    graph.set(file, deps);
  }
  return graph;
}

/** Every file a unit includes, transitively, the unit itself first. */
export function includeClosure(graph: IncludeGraph, unit: string): string[] {
  const seen = new Set<string>([normalize(unit)]);
  const stack = [normalize(unit)];
  while (stack.length) {
    for (const dep of graph.get(stack.pop()!) ?? []) {
      if (!seen.has(dep)) {
        seen.add(dep);
        stack.push(dep);
      }
    }
  }
  return [...seen];
}

/**
 * unit -> the changed files it reaches (itself or through includes); units reaching none are
 * left out. Walks the reversed graph from each changed file, so a large tree costs
 * O(changed x (files + includes)), not a closure per unit.
 */
export function unitsReaching(graph: IncludeGraph, units: readonly string[], changed: readonly string[]): Map<string, string[]> {
  const includers = new Map<string, string[]>();
  for (const [file, deps] of graph) {
    for (const dep of deps) {
      if (!includers.has(dep)) includers.set(dep, []);
      includers.get(dep)!.push(file);
    }
  }
  const reasons = new Map<string, string[]>();
  for (const start of new Set(changed.map(normalize))) {
    const seen = new Set<string>([start]);
    const stack = [start];
    while (stack.length) {
      const file = stack.pop()!;
      if (!reasons.has(file)) reasons.set(file, []);
      reasons.get(file)!.push(start);
      for (const includer of includers.get(file) ?? []) {
        if (!seen.has(includer)) {
          seen.add(includer);
          stack.push(includer);
        }
      }
    }
  }
  const out = new Map<string, string[]>();
  for (const unit of units.map(normalize)) {
    const hits = reasons.get(unit);
    if (hits?.length) out.set(unit, hits);
  }
  return out;
}

function normalize(file: string): string {
  return path.normalize(file.replace(/\\/g, '/')).replace(/^\.\//, '');
}
