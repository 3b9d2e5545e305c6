// Bundles the Action (dist/index.js) and the CLI (dist/cli.js) with esbuild.
// esbuild is chosen over rollup for one reason: a single deterministic call with no
// plugin chain, so the staleness test can rebuild into a temp dir and compare bytes.
import { build } from 'esbuild';
import { chmodSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Where the CLI's lazily loaded chunks go, inside the output directory. */
export const CHUNK_DIR = 'cli-chunks';

/** @param {string} outdir */
export async function bundle(outdir) {
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    absWorkingDir: root,
    legalComments: 'none',
    logLevel: 'warning',
    // CommonJS dependencies (ajv) call require() for builtins; give ESM output one.
    banner: { js: "import { createRequire as __carveCreateRequire } from 'node:module';\nconst require = __carveCreateRequire(import.meta.url);" },
  };
  await build({ ...common, entryPoints: { index: 'src/index.ts' }, outdir });
  // The CLI is split: dist/cli.js holds the dispatcher, and each command's modules are
  // chunks under dist/cli-chunks/ loaded when the command runs, so `carve --help` starts in
  // about the time of an empty ES module (docs/performance.md). The Action stays one file.
  // Chunk names carry a content hash; the old ones are removed first so none go stale.
  rmSync(path.join(outdir, CHUNK_DIR), { recursive: true, force: true });
  await build({
    ...common,
    entryPoints: { cli: 'src/cli/bin.ts' },
    outdir,
    splitting: true,
    chunkNames: `${CHUNK_DIR}/[name]-[hash]`,
    banner: { js: '#!/usr/bin/env node\n' + common.banner.js },
  });
  // The CLI is the package's bin: executable, like the committed file (mode 100755).
  chmodSync(path.join(outdir, 'cli.js'), 0o755);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'dist');
  await bundle(outdir);
}
