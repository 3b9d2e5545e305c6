// The committed bundle must be what src/ builds to: the Action runs dist/, not src/.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error plain JS build script
import { bundle } from '../../scripts/bundle.mjs';
import { VERSION } from '../../src/version.js';

const root = path.resolve(import.meta.dirname, '../..');

describe('skeleton', () => {
  it('dist/ is current with src/ (run `npm run build` and commit dist/ when this fails)', async () => {
    const outdir = mkdtempSync(path.join(tmpdir(), 'carve-dist-'));
    await bundle(outdir);
    const files = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
    const built = files(outdir);
    for (const file of built) {
      const fresh = readFileSync(path.join(outdir, file), 'utf8');
      const committed = readFileSync(path.join(root, 'dist', file), 'utf8');
      expect(committed === fresh, `dist/${file} is stale`).toBe(true);
    }
    // No chunk of an older build is left behind (the CLI loads chunks by name).
    expect(files(path.join(root, 'dist')).filter((file) => !built.includes(file))).toEqual([]);
  });

  it('version.ts matches package.json', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(VERSION).toBe(pkg.version);
  });

  it('action.yml runs the committed bundle on node24', () => {
    const text = readFileSync(path.join(root, 'action.yml'), 'utf8');
    expect(text).toMatch(/using: node24/);
    expect(text).toMatch(/main: dist\/index\.js/);
  });
});
