// Child process of bench/analysis.bench.ts: the whole analysis of one PTX module exactly as
// `carve analyze FILE.ptx` runs it (parse, CFG, loops, instruction mix, memory access and
// divergence analysis per kernel), timed here so process start-up is not counted. Prints
// {wallMs, cpuMs, maxRssKB, kernels, accesses} as JSON. argv: PTX file, arch, resources JSON;
// or --rounds N arch PTX RESOURCES [PTX RESOURCES ...] for the steady state (see below).
import { readFileSync } from 'node:fs';
import { analyzeModule } from '../src/analysis/index.js';
import type { ResourceRecord } from '../src/toolchain/index.js';
import { preferBaselineTier } from '../src/cli/jit-tier.js';

/** The analysis of one module exactly as `carve analyze FILE.ptx` runs it. */
function analyse(ptxFile: string, text: string, arch: string, resources: ResourceRecord[]) {
  return analyzeModule({
    ptxText: text,
    ptxFile,
    sourceFile: null,
    arch,
    resources,
    launchFor: () => ({ block: null, blockSource: null, dynamicSharedBytes: 0, carveoutPercent: -1 }),
    defines: {},
    loops: { assumedTripCount: 1, hints: {} },
  });
}

/** Wall and CPU time of `work` (the whole process's CPU: V8's background threads included). */
function timed<T>(work: () => T): { result: T; wallMs: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = work();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { result, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

const readResources = (file: string | undefined) => (file ? (JSON.parse(readFileSync(file, 'utf8')) as ResourceRecord[]) : []);

const args = process.argv.slice(2);
if (args[0] === '--rounds') {
  // Steady state: every module (PTX file, resources file pairs) analysed ROUNDS times in this one
  // process, as a worker of the gate or of carving analyses unit after unit; per round
  // {wallMs, cpuMs}, so the first (cold) and the last (warm) can be told apart.
  const [, roundsText, arch, ...pairs] = args;
  const modules: Array<{ file: string; text: string; resources: ResourceRecord[] }> = [];
  for (let i = 0; i + 1 < pairs.length; i += 2)
    modules.push({ file: pairs[i], text: readFileSync(pairs[i], 'utf8'), resources: readResources(pairs[i + 1]) });
  const rounds: Array<{ wallMs: number; cpuMs: number }> = [];
  for (let round = 0; round < Number(roundsText); round++) {
    const { wallMs, cpuMs } = timed(() => modules.forEach((m) => analyse(m.file, m.text, arch, m.resources)));
    rounds.push({ wallMs, cpuMs });
  }
  console.log(JSON.stringify({ rounds, maxRssKB: process.resourceUsage().maxRSS }));
} else {
  const [ptxFile, arch, resourcesFile] = args;
  const text = readFileSync(ptxFile, 'utf8');
  const resources = readResources(resourcesFile);
  // As `carve analyze FILE` decides for a run of one module (src/cli/jit-tier.ts).
  preferBaselineTier(Buffer.byteLength(text));
  const { result, wallMs, cpuMs } = timed(() => analyse(ptxFile, text, arch, resources));
  console.log(
    JSON.stringify({
      wallMs,
      cpuMs,
      maxRssKB: process.resourceUsage().maxRSS,
      kernels: result.kernels.length,
      accesses: result.kernels.reduce((n, k) => n + k.accesses.length, 0),
    }),
  );
}
