// Kept in step with package.json by test/skeleton/dist.test.ts.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const VERSION = '0.1.0';

let fingerprint: string | null = null;

/**
 * A hash of the running code, for keys of cached analysis results: a code change must
 * invalidate them even while VERSION stays the same. Bundled (dist/), this hashes the bundle;
 * run from the TypeScript sources, every file under src/.
 */
export function codeFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = createHash('sha256').update(VERSION);
  try {
    const self = fileURLToPath(import.meta.url);
    if (self.endsWith('.ts')) {
      const srcDir = path.dirname(self);
      const files = (readdirSync(srcDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).sort();
      for (const file of files) hash.update(file).update(readFileSync(path.join(srcDir, file)));
    } else {
      hash.update(readFileSync(self));
    }
  } catch {
    // Unreadable code (unusual packaging): VERSION alone keys the cache.
  }
  fingerprint = hash.digest('hex').slice(0, 16);
  return fingerprint;
}
