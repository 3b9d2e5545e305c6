// Paths from a pull request stay inside its checkout: a unit, an include dir or an output that
// resolves (symlinks followed) outside the root is refused, so that a symlink to /etc/passwd or
// `include: [/home/runner]` never puts a file from the runner into a build or a comment.
import { createHash } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';

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
