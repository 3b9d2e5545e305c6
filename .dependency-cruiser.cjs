// The layers of src/, checked by `npm run lint:deps` (part of `npm test` and `npm run lint`).
// Data flows up: model (the report's types) at the bottom; ptx, gpu, expr, config, toolchain,
// discover and github read input and return model data; analysis and timing build on them;
// pipeline runs the stages; report renders; cli and action are the two entry points.
// dependency-cruiser rather than a hand-written import scan: it resolves TypeScript paths
// (`.js` specifiers, type-only imports, re-exports) as tsc does and finds cycles between
// folders (scope: 'folder'), which a per-file lint rule cannot see.
const LOWER = '^src/(model|ptx|gpu|expr|config|toolchain|discover|github)/';
const UPPER = '^src/(report|cli|action|pipeline)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycle',
      comment: 'Two folders of src/ that import each other (directly or through others) have no order to read them in.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-module-cycle',
      comment: 'A module of src/ that imports itself through others.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'model-is-the-bottom',
      comment: 'src/model/ holds plain data types; it imports nothing else of src/.',
      severity: 'error',
      from: { path: '^src/model/' },
      to: { path: '^src/', pathNot: '^src/model/' },
    },
    {
      name: 'lower-layers-stay-below',
      comment:
        'Parsing, hardware models, the toolchain, discovery and the GitHub client return data; they never import the renderer, the entry points or the pipeline.',
      severity: 'error',
      from: { path: LOWER },
      to: { path: UPPER },
    },
    {
      name: 'workers-import-nothing',
      comment:
        'src/workers/ (the analysis thread pool) is used by carving and the pipeline; the jobs it runs are reached through the worker entry src/analysis-worker.ts, never imported, or the pool would close a cycle.',
      severity: 'error',
      from: { path: '^src/workers/' },
      to: { path: '^src/', pathNot: '^src/workers/' },
    },
    {
      name: 'analysis-and-timing-stay-below',
      comment: 'Analysis and timing return model data to the pipeline; they never import the renderer, the entry points or the pipeline.',
      severity: 'error',
      from: { path: '^src/(analysis|timing)/' },
      to: { path: UPPER },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
};
