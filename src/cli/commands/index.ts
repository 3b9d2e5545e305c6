// The sub-commands, in the order `carve --help` lists them. Add one import and one entry per command.
import type { Command } from '../command.js';

export const commands: Command[] = [
  // (commands are registered here)
];
