// `carve` entry: dispatches to a sub-command, maps errors to exit codes.
import { EXIT_USAGE, UsageError, type CliIO, type Command } from './command.js';
import { commands, type CommandEntry } from './commands/index.js';
import { failureLine } from './failure.js';
import { VERSION } from '../version.js';

export function usage(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `carve ${VERSION}: a performance gate for CUDA kernels`,
    '',
    'Usage: carve <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    "Run 'carve <command> --help' for a command's options.",
    'Exit codes: 0 clean, 1 findings per --fail-on, 2 usage or input error.',
  ].join('\n');
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(usage() + '\n');
    return name ? 0 : EXIT_USAGE;
  }
  if (name === '--version' || name === '-V') {
    io.stdout(VERSION + '\n');
    return 0;
  }
  const entry: CommandEntry | undefined = commands.find((c) => c.name === name);
  if (!entry) {
    io.stderr(`carve: unknown command '${name}'\n\n${usage()}\n`);
    return EXIT_USAGE;
  }
  const command: Command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(command.usage + '\n');
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`carve ${name}: ${error.message}\n\n${command.usage}\n`);
      return EXIT_USAGE;
    }
    // Anything else is Carve failing, not a finding: one line and exit 2, never a stack trace.
    io.stderr(`carve ${name}: internal error: ${failureLine(error)}\n`);
    return EXIT_USAGE;
  }
}
