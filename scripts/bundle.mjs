// Bundles the Action (dist/index.js), the CLI (dist/cli.js) and the library entry
// (dist/lib.js) with esbuild, one build with code splitting: the engine they share is one
// chunk, so the three entries cost little more than one. esbuild is chosen over rollup for one
// reason: a single deterministic call with no plugin chain, so the staleness test can rebuild
// into a temp dir and compare bytes. The build also writes the licences of the bundled
// packages (scripts/licenses.mjs) beside it.
import { build } from 'esbuild';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { thirdPartyNotices } from './licenses.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** @param {string} outdir */
export async function bundle(outdir) {
  // Chunk names carry a content hash: old chunks must not linger beside the new ones.
  mkdirSync(outdir, { recursive: true });
  for (const file of readdirSync(outdir)) if (file.endsWith('.js') || file.endsWith('.txt')) rmSync(path.join(outdir, file));
  const result = await build({
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    // The Action runs on node24 (action.yml); the CLI and library still support Node 20, and
    // esbuild lowers nothing Node 20 lacks for this code (the suite runs on both).
    target: 'node24',
    absWorkingDir: root,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    // analysis-worker.js: the worker thread's entry, found beside the chunk that starts it
    // (src/workers/analysis-pool.ts resolves it relative to import.meta.url; dist/ is flat).
    entryPoints: { index: 'src/index.ts', cli: 'src/cli/bin.ts', lib: 'src/lib.ts', 'analysis-worker': 'src/analysis-worker.ts' },
    chunkNames: '[name]-[hash]',
    outdir,
    // CommonJS dependencies (ajv) call require() for builtins; give ESM output one.
    banner: {
      js: "import { createRequire as __carveCreateRequire } from 'node:module';\nconst require = __carveCreateRequire(import.meta.url);",
    },
  });
  // The CLI is the package's bin: a shebang and executable, like the committed file (mode 100755).
  const cli = path.join(outdir, 'cli.js');
  writeFileSync(cli, '#!/usr/bin/env node\n' + readFileSync(cli, 'utf8'));
  chmodSync(cli, 0o755);
  writeFileSync(path.join(outdir, 'licenses.txt'), thirdPartyNotices(root, Object.keys(result.metafile.inputs)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'dist');
  await bundle(outdir);
}
