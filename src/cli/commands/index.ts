// The sub-commands, in the order `carve --help` lists them. Add one import and one entry per command.
import type { Command } from '../command.js';
import { demoCommand } from './demo.js';
import { analyzeCommand } from './analyze.js';
import { occupancyCommand } from './occupancy.js';
import { compareCommand } from './compare.js';
import { reportCommand } from './report.js';
import { resourcesCommand } from './resources.js';
import { carveCommand, mergeCommand } from './carve.js';
import { timeCommand } from './time.js';
import { retuneCommand } from './retune.js';

export const commands: Command[] = [
  // (commands are registered here)
  demoCommand,
  analyzeCommand,
  occupancyCommand,
  resourcesCommand,
  compareCommand,
  reportCommand,
  carveCommand,
  mergeCommand,
  timeCommand,
  retuneCommand,
];
