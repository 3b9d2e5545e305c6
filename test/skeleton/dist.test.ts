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
    // Same file set (chunk names carry a content hash), then the same bytes.
    expect(readdirSync(path.join(root, 'dist')).sort(), 'dist/ holds other files than a build').toEqual(readdirSync(outdir).sort());
    for (const file of readdirSync(outdir)) {
      const fresh = readFileSync(path.join(outdir, file), 'utf8');
      const committed = readFileSync(path.join(root, 'dist', file), 'utf8');
      expect(committed === fresh, `dist/${file} is stale`).toBe(true);
    }
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
