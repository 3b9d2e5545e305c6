// The sub-commands, in the order `carve --help` lists them. Add one entry per command.
// Each command's modules are imported only when it runs (or prints its --help): `carve --help`
// and a short command do not load the analysis, the GitHub client or the schema validator.
// The summary is repeated here so the listing needs no import; test/cli/usage.test.ts checks
// it equals the command's own.
import type { Command } from '../command.js';

export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<Command>;
}

export const commands: CommandEntry[] = [
  // (commands are registered here)
  {
    name: 'demo',
    summary: 'run the whole PR gate on the bundled example project and print its comment',
    load: async () => (await import('./demo.js')).demoCommand,
  },
  {
    name: 'analyze',
    summary: 'static per-kernel report of a .cu or .ptx file (occupancy, mix, loops, memory)',
    load: async () => (await import('./analyze.js')).analyzeCommand,
  },
  {
    name: 'occupancy',
    summary: 'Exact occupancy, limiters and register / shared-memory cliffs for a launch',
    load: async () => (await import('./occupancy.js')).occupancyCommand,
  },
  {
    name: 'resources',
    summary: 'print per-kernel resources from a cubin or ptxas -v log',
    load: async () => (await import('./resources.js')).resourcesCommand,
  },
  {
    name: 'compare',
    summary: 'Compare two Carve reports and list findings (cliffs, uncoalesced access, spills, ...)',
    load: async () => (await import('./compare.js')).compareCommand,
  },
  {
    name: 'report',
    summary: 'Write a self-contained HTML (and markdown) performance report from Carve reports',
    load: async () => (await import('./report.js')).reportCommand,
  },
  {
    name: 'carve',
    summary: 'optimization carving of a variant space: build, metrics, threshold + Pareto carving',
    load: async () => (await import('./carve.js')).carveCommand,
  },
  {
    name: 'merge',
    summary: "carve the union of 'carve carve --shard i/n' outputs",
    load: async () => (await import('./carve.js')).mergeCommand,
  },
  {
    name: 'time',
    summary: 'time cubins with the generated driver-API harness, or compare base/head timings',
    load: async () => (await import('./time.js')).timeCommand,
  },
  {
    name: 'retune',
    summary: 'carve every variant space, time the survivors and propose a faster configuration than `current`',
    load: async () => (await import('./retune.js')).retuneCommand,
  },
];
