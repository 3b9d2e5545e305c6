// Paths from a pull request stay inside its checkout: a unit, an include dir or an output that
// resolves (symlinks followed) outside the root is refused, so that a symlink to /etc/passwd or
// `include: [/home/runner]` never puts a file from the runner into a build or a comment.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../model/types.js';
import { scanIncludes } from './includes.js';

/** Where `file` really is when it exists (symlinks followed), else its lexical resolution. */
function real(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    // A missing path: its nearest existing parent decides (a symlinked folder still counts).
    const parent = path.dirname(file);
    return parent === file || existsSync(file) ? path.resolve(file) : path.join(real(parent), path.basename(file));
  }
}

/** Null when `target` (absolute or relative to root) stays inside root; else why not. */
export function escapeReason(root: string, target: string): string | null {
  const rootReal = real(path.resolve(root));
  const lexical = path.resolve(root, target);
  const within = (p: string) => p === rootReal || p.startsWith(rootReal + path.sep);
  if (!within(real(lexical)) && !within(lexical)) return `${target} is outside the workspace`;
  const resolved = real(lexical);
  if (!within(resolved)) return `${target} leads outside the workspace (to ${resolved}, through a symlink)`;
  return null;
}

/** A folder name for a repository path: shell-inert characters only, unique per path. */
export function safeFolderName(unit: string): string {
  const plain = unit.replace(/[\\/]/g, '__');
  const safe = plain.replace(/[^A-Za-z0-9_.+-]/g, '_');
  return safe === plain ? plain : `${safe}-${createHash('sha256').update(unit).digest('hex').slice(0, 12)}`;
}

/** Comments blanked out, newlines kept (line numbers stay right). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/\/\/[^\n]*/g, '');
}

/**
 * `#include` directives, in `unit` and the headers of the workspace it reaches, that read a file
 * outside the workspace: an absolute path (`#include "/etc/passwd"`), or a quoted relative one
 * that resolves there from the including file (`"../../../etc/passwd"`, or a symlinked header).
 * nvcc would print such a file's lines in its errors, and those reach the comment. Includes found
 * through the configured include dirs are not judged here (those dirs are checked already).
 */
export function escapingIncludes(root: string, unit: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const pending = [path.resolve(root, unit)];
  while (pending.length > 0 && seen.size < 10_000) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const { target, quoted, line } of scanIncludes(withoutComments(text))) {
      const candidate = path.isAbsolute(target) ? target : quoted ? path.resolve(path.dirname(file), target) : null;
      if (candidate === null || (!existsSync(candidate) && !path.isAbsolute(target))) continue;
      const reason = escapeReason(root, candidate);
      if (reason) {
        diagnostics.push({
          severity: 'error',
          stage: 'build',
          file: path.relative(root, file),
          line,
          message: `#include ${quoted ? `"${target}"` : `<${target}>`} reads a file outside the workspace${reason.includes('symlink') ? ' (through a symlink)' : ''}: the unit is not compiled`,
        });
      } else if (existsSync(candidate) && statSync(candidate).isFile()) {
        pending.push(candidate);
      }
    }
  }
  return diagnostics;
}
