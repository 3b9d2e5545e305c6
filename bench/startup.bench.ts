// CLI start-up: `carve --help` of the shipped bundle (scripts/bundle.mjs into a temp dir)
// against a bare `node -e 0`, both as child processes, interleaved so machine load hits both
// alike; the median of 20 runs each. Target: within 3x of node itself.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchResult } from './run.js';
// @ts-expect-error plain JS build script
import { bundle } from '../scripts/bundle.mjs';

const RUNS = 20;

function wallMs(args: string[]): number {
  const start = performance.now();
  execFileSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function bench(): Promise<BenchResult[]> {
  const outdir = mkdtempSync(path.join(tmpdir(), 'carve-startup-'));
  try {
    await bundle(outdir);
    const cli = path.join(outdir, 'cli.js');
    const cases: Record<string, string[]> = {
      node: ['-e', '0'],
      help: [cli, '--help'],
      occupancy: [cli, 'occupancy', '--arch', 'sm_90', '--registers', '64', '--shared', '2048', '--block', '256'],
    };
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
    for (const args of Object.values(cases)) wallMs(args); // warm the file cache
    for (let i = 0; i < RUNS; i++) for (const [name, args] of Object.entries(cases)) times[name].push(wallMs(args));
    const node = median(times.node);
    return [
      { name: 'node -e 0 (median of 20)', value: node, unit: 'ms' },
      { name: 'carve --help (bundled, median of 20)', value: median(times.help), unit: 'ms' },
      { name: 'carve --help / node -e 0', value: median(times.help) / node, unit: 'x', target: { max: 3 } },
      { name: 'carve occupancy (a whole short command) / node -e 0', value: median(times.occupancy) / node, unit: 'x' },
      { name: 'load average during the run', value: loadavg()[0], unit: '' },
    ];
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}
