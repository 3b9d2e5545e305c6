import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  failureLine
} from "./chunk-BDIJX6FT.js";
import {
  VERSION
} from "./chunk-GCMX4BBX.js";
import {
  EXIT_USAGE,
  UsageError
} from "./chunk-IEYUABLM.js";

// src/cli/commands/index.ts
var commands = [
  // (commands are registered here)
  {
    name: "demo",
    summary: "run the whole PR gate on the bundled example project and print its comment",
    load: async () => (await import("./demo-NREENIN2.js")).demoCommand
  },
  {
    name: "analyze",
    summary: "static per-kernel report of a .cu or .ptx file (occupancy, mix, loops, memory)",
    load: async () => (await import("./analyze-YIVFEKTA.js")).analyzeCommand
  },
  {
    name: "occupancy",
    summary: "Exact occupancy, limiters and register / shared-memory cliffs for a launch",
    load: async () => (await import("./occupancy-PBDXN7K7.js")).occupancyCommand
  },
  {
    name: "resources",
    summary: "print per-kernel resources from a cubin or ptxas -v log",
    load: async () => (await import("./resources-FOZEZGRP.js")).resourcesCommand
  },
  {
    name: "compare",
    summary: "Compare two Carve reports and list findings (cliffs, uncoalesced access, spills, ...)",
    load: async () => (await import("./compare-BR4VZ34G.js")).compareCommand
  },
  {
    name: "report",
    summary: "Write a self-contained HTML (and markdown) performance report from Carve reports",
    load: async () => (await import("./report-BNTPVLHX.js")).reportCommand
  },
  {
    name: "carve",
    summary: "optimization carving of a variant space: build, metrics, threshold + Pareto carving",
    load: async () => (await import("./carve-Q5X5O3VI.js")).carveCommand
  },
  {
    name: "merge",
    summary: "carve the union of 'carve carve --shard i/n' outputs",
    load: async () => (await import("./carve-Q5X5O3VI.js")).mergeCommand
  },
  {
    name: "time",
    summary: "time cubins with the generated driver-API harness, or compare base/head timings",
    load: async () => (await import("./time-JHK2ITMP.js")).timeCommand
  },
  {
    name: "retune",
    summary: "carve every variant space, time the survivors and propose a faster configuration than `current`",
    load: async () => (await import("./retune-KQCASTMS.js")).retuneCommand
  }
];

// src/cli/main.ts
function usage() {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `carve ${VERSION}: a performance gate for CUDA kernels`,
    "",
    "Usage: carve <command> [options]",
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "Run 'carve <command> --help' for a command's options.",
    "Exit codes: 0 clean, 1 findings per --fail-on, 2 usage or input error."
  ].join("\n");
}
async function main(argv, io) {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    io.stdout(usage() + "\n");
    return name ? 0 : EXIT_USAGE;
  }
  if (name === "--version" || name === "-V") {
    io.stdout(VERSION + "\n");
    return 0;
  }
  const entry = commands.find((c) => c.name === name);
  if (!entry) {
    io.stderr(`carve: unknown command '${name}'

${usage()}
`);
    return EXIT_USAGE;
  }
  const command = await entry.load();
  if (rest.includes("--help") || rest.includes("-h")) {
    io.stdout(command.usage + "\n");
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`carve ${name}: ${error.message}

${command.usage}
`);
      return EXIT_USAGE;
    }
    io.stderr(`carve ${name}: internal error: ${failureLine(error)}
`);
    return EXIT_USAGE;
  }
}

export {
  main
};
