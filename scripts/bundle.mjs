// Bundles the Action (dist/index.js) and the CLI (dist/cli.js) with esbuild.
// esbuild is chosen over rollup for one reason: a single deterministic call with no
// plugin chain, so the staleness test can rebuild into a temp dir and compare bytes.
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

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
  await build({
    ...common,
    entryPoints: { cli: 'src/cli/bin.ts' },
    outdir,
    banner: { js: '#!/usr/bin/env node\n' + common.banner.js },
  });
  // The CLI is the package's bin: executable, like the committed file (mode 100755).
  chmodSync(path.join(outdir, 'cli.js'), 0o755);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'dist');
  await bundle(outdir);
}
