// The sub-commands, in the order `carve --help` lists them. Add one import and one entry per command.
import type { Command } from '../command.js';
import { occupancyCommand } from './occupancy.js';
import { compareCommand } from './compare.js';
import { reportCommand } from './report.js';
import { resourcesCommand } from './resources.js';

export const commands: Command[] = [
  // (commands are registered here)
  occupancyCommand,
  resourcesCommand,
  compareCommand,
  reportCommand,
];
