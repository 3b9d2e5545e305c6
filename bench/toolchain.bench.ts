// Speed of the resource readers on the committed nvcc 13 fixtures: a large ptxas log (the sm_90
// log repeated 200 times, ~2000 functions) and the sm_90 cubin.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchResult } from './run.js';
import { parsePtxasLog, readCubin } from '../src/toolchain/index.js';

const fixtures = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../test/fixtures/toolchain');

function timeMs(repeat: number, body: () => void): number {
  body(); // warm-up
  const start = performance.now();
  for (let i = 0; i < repeat; i++) body();
  return (performance.now() - start) / repeat;
}

export async function bench(): Promise<BenchResult[]> {
  const log = readFileSync(path.join(fixtures, 'kernels.sm_90.ptxas.log'), 'utf8');
  const bigLog = Array.from({ length: 200 }, () => log).join('\n');
  const cubin = new Uint8Array(readFileSync(path.join(fixtures, 'kernels.sm_90.cubin')));
  const logMs = timeMs(10, () => parsePtxasLog(bigLog));
  const cubinMs = timeMs(200, () => readCubin(cubin));
  return [
    { name: 'parsePtxasLog, 2000-function log', value: logMs, unit: 'ms', target: { max: 100 } },
    { name: `parsePtxasLog throughput`, value: bigLog.length / 1e6 / (logMs / 1000), unit: 'MB/s' },
    { name: 'readCubin, 9-kernel sm_90 cubin', value: cubinMs, unit: 'ms', target: { max: 5 } },
  ];
}
