// Loads the nvcc 13 PTX fixtures (scripts/fixtures/ptx.sh) and runs the front-end on a kernel.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  analyzeInstructions,
  buildCfg,
  findLoops,
  parsePtx,
  statementWeights,
  type LoopOptions,
  type PtxFunction,
  type PtxModule,
} from '../../src/ptx/index.js';

export const PTX_FIXTURES = path.resolve(import.meta.dirname, '../fixtures/ptx');

export function fixtureText(name: string): string {
  return readFileSync(path.join(PTX_FIXTURES, name), 'utf8');
}

export function loadModule(name: string): PtxModule {
  const { module, errors } = parsePtx(fixtureText(name), name);
  if (errors.length > 0) throw new Error(`fixture ${name} has parse errors: ${JSON.stringify(errors)}`);
  return module;
}

export function kernel(module: PtxModule, name: string): PtxFunction {
  const fn = module.functions.find((f) => f.name === name);
  if (!fn) throw new Error(`no function ${name}`);
  return fn;
}

export function analyze(module: PtxModule, name: string, options: LoopOptions = {}) {
  const fn = kernel(module, name);
  const cfg = buildCfg(fn);
  const loops = findLoops(cfg, options);
  const weights = statementWeights(cfg, loops);
  return { fn, cfg, loops, weights, ...analyzeInstructions(module, fn, cfg, loops, weights, options) };
}
