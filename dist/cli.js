#!/usr/bin/env node
import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);

// src/cli/command.ts
var EXIT_USAGE = 2;
var UsageError = class extends Error {
};

// src/cli/commands/index.ts
var commands = [
  // (commands are registered here)
];

// src/version.ts
var VERSION = "0.1.0";

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
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.stderr(`carve: unknown command '${name}'

${usage()}
`);
    return EXIT_USAGE;
  }
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
    throw error;
  }
}

// src/cli/bin.ts
var exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  isTTY: Boolean(process.stdout.isTTY),
  env: process.env
});
process.exitCode = exitCode;
