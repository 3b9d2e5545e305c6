// Child process of bench/analysis.bench.ts: the whole analysis of one PTX module exactly as
// `carve analyze FILE.ptx` runs it (parse, CFG, loops, instruction mix, memory access and
// divergence analysis per kernel), timed here so process start-up is not counted. Prints
// {wallMs, cpuMs, maxRssKB, kernels, accesses} as JSON. argv: PTX file, arch, resources JSON.
import { readFileSync } from 'node:fs';
import { analyzeModule } from '../src/analysis/index.js';
import type { ResourceRecord } from '../src/toolchain/index.js';

const [ptxFile, arch, resourcesFile] = process.argv.slice(2);
const text = readFileSync(ptxFile, 'utf8');
const resources = resourcesFile ? (JSON.parse(readFileSync(resourcesFile, 'utf8')) as ResourceRecord[]) : [];
const cpu = process.cpuUsage();
const start = performance.now();
const result = analyzeModule({
  ptxText: text,
  ptxFile,
  sourceFile: null,
  arch,
  resources,
  launchFor: () => ({ block: null, blockSource: null, dynamicSharedBytes: 0, carveoutPercent: -1 }),
  defines: {},
  loops: { assumedTripCount: 1, hints: {} },
});
const wallMs = performance.now() - start;
const used = process.cpuUsage(cpu);
console.log(
  JSON.stringify({
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    maxRssKB: process.resourceUsage().maxRSS,
    kernels: result.kernels.length,
    accesses: result.kernels.reduce((n, k) => n + k.accesses.length, 0),
  }),
);
