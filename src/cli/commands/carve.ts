// `carve carve`: optimization carving of a variant space ([Ryoo08], docs/references.md), and `carve merge` of shard outputs.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXIT_OK, EXIT_USAGE, UsageError, intFlag, parseCommandArgs, printDiagnostics, type CliIO, type Command } from '../command.js';
import { loadConfigFile } from '../../config/load.js';
import {
  carveSpace, harnessEntries, mergeCarveResults, parseShard, renderCarveSvg,
  type CarveResult, type CarveShardOutput, type CarvedVariant, type VariantBuild,
} from '../../analysis/carving/index.js';
import { rankTimings, runExternalBenchmark, runHarness, type TimingRecord } from '../../timing/index.js';
import type { Diagnostic } from '../../model/types.js';

const USAGE = `Usage:
  carve carve --config FILE --space NAME [--arch sm_90] [--json] [--svg FILE] [--time]
              [--shard i/n] [--out FILE] [--cache DIR] [--jobs N]

Builds every variant of a space (parameters -> -D defines) in parallel through a content-hash
cache, computes Ryoo's efficiency and utilization per variant, and carves: threshold steps
(failed builds, launches that cannot run, uncoalesced access, spills), then the Pareto set on
(efficiency, utilization). Prints {space, total, survivors, steps}.
  --svg FILE    scatter of all variants (normalised efficiency vs utilization, like Fig. 4)
  --time        time the survivors on this machine's GPU (driver-API harness; or the config's
                timing.command) and rank them
  --shard i/n   build only shard i of n and print its metrics; 'carve merge' carves the union
  --cache DIR   build cache (default .carve-cache next to the working directory)`;

const MERGE_USAGE = `Usage:
  carve merge SHARD.json... [--json] [--svg FILE]

Carves the union of 'carve carve --shard i/n' outputs: the same result as one machine.
Refuses shards of another space, configuration or arch, duplicates and missing shards.`;

function survivorSummary(v: CarvedVariant) {
  return {
    id: v.id, parameters: v.parameters, efficiency: v.efficiency, utilization: v.utilization,
    normalizedEfficiency: v.normalizedEfficiency, normalizedUtilization: v.normalizedUtilization,
    instructions: v.instructions, regions: v.regions, registers: v.registers, activeBlocksPerSM: v.activeBlocksPerSM,
    occupancy: v.occupancy, spills: v.spills, coalescing: v.coalescing, flopsPerThread: v.flopsPerThread,
    globalBytesPerThread: v.globalBytesPerThread, globalTrafficBytes: v.globalTrafficBytes, mergedWith: v.mergedWith,
  };
}

export function carveOutput(result: CarveResult, diagnostics: Diagnostic[], timings: unknown = null) {
  return {
    space: result.space, arch: result.arch, objective: result.objective, total: result.total,
    survivors: result.survivors.map(survivorSummary), steps: result.steps, timings,
    variants: result.variants.map((v) => ({ id: v.id, status: v.status, onFrontier: v.onFrontier, normalizedEfficiency: v.normalizedEfficiency, normalizedUtilization: v.normalizedUtilization, error: v.error })),
    diagnostics,
  };
}

function formatText(result: CarveResult): string {
  const lines = [`carve ${result.space} (${result.arch}, ${result.objective}): ${result.survivors.length} of ${result.total} variants kept`];
  for (const step of result.steps) lines.push(`  ${step.name.padEnd(15)} ${String(step.before).padStart(5)} -> ${String(step.after).padEnd(5)} ${step.note}`);
  lines.push('survivors:');
  for (const v of result.survivors) {
    lines.push(`  ${v.id}  efficiency ${v.normalizedEfficiency?.toFixed(3) ?? '?'}  utilization ${v.normalizedUtilization?.toFixed(3) ?? '?'}  regs ${v.registers ?? '?'}  blocks/SM ${v.activeBlocksPerSM ?? '?'}${v.mergedWith.length ? `  (+${v.mergedWith.length} merged)` : ''}`);
  }
  return lines.join('\n') + '\n';
}

async function timeSurvivors(result: CarveResult, builds: VariantBuild[], kernel: string, config: ReturnType<typeof loadConfigFile>['config'], io: CliIO) {
  const entries = harnessEntries(result.survivors.map((survivor) => survivor.id), builds, kernel, config.timing, result.space);
  const work = mkdtempSync(path.join(tmpdir(), 'carve-time-'));
  const run = config.timing.command
    ? await runExternalBenchmark(config.timing.command, { CARVE_SPACE: result.space, CARVE_VARIANTS: entries.map((e) => e.id).join(' ') }, io.cwd)
    : await runHarness(entries, work);
  const ok = run.records.filter((r: TimingRecord) => r.status === 'ok');
  return { ranking: rankTimings(ok, { seed: 1 }).map((r) => ({ variant: r.variant, rank: r.rank, ...r.stats })), diagnostics: run.diagnostics };
}

export const carveCommand: Command = {
  name: 'carve',
  summary: 'optimization carving of a variant space: build, metrics, threshold + Pareto carving',
  usage: USAGE,
  async run(argv, io) {
    const { values } = parseCommandArgs(argv, {
      config: { type: 'string' }, space: { type: 'string' }, arch: { type: 'string' }, json: { type: 'boolean' }, svg: { type: 'string' },
      time: { type: 'boolean' }, shard: { type: 'string' }, out: { type: 'string' }, cache: { type: 'string' }, jobs: { type: 'string' },
    }, false);
    if (!values.config) throw new UsageError('--config is required');
    if (!values.space) throw new UsageError('--space is required');
    const shard = values.shard === undefined ? undefined : parseShard(values.shard);
    if (shard === null) throw new UsageError(`--shard must be i/n with 1 <= i <= n, got '${values.shard}'`);
    const configFile = path.resolve(io.cwd, values.config);
    const loaded = loadConfigFile(configFile);
    if (!loaded.valid) {
      printDiagnostics(loaded.diagnostics, io);
      return EXIT_USAGE;
    }
    const space = loaded.config.spaces[values.space];
    if (!space) {
      io.stderr(`carve carve: no space '${values.space}' in ${values.config} (has: ${Object.keys(loaded.config.spaces).join(', ') || 'none'})\n`);
      return EXIT_USAGE;
    }
    const arch = values.arch ?? loaded.config.archs[0] ?? 'sm_90';
    const run = await carveSpace({
      config: loaded.config, spaceName: values.space, arch, configFile: values.config, shard,
      cacheDir: path.resolve(io.cwd, values.cache ?? '.carve-cache'), jobs: values.jobs ? intFlag(values.jobs, '--jobs') : undefined,
      progress: { write: io.stderr, isTTY: io.isTTY },
    });
    printDiagnostics(run.diagnostics, io);
    if (run.diagnostics.some((d) => d.stage === 'config' && d.severity === 'error') || (!run.result && !shard)) return EXIT_USAGE;
    if (shard && shard.count > 1) {
      const text = JSON.stringify(run.shard) + '\n';
      if (values.out) writeFileSync(path.resolve(io.cwd, values.out), text); else io.stdout(text);
      return EXIT_OK;
    }
    const result = run.result as CarveResult;
    let timings = null;
    if (values.time) {
      const timed = await timeSurvivors(result, run.builds, space.kernel, loaded.config, io);
      printDiagnostics(timed.diagnostics, io);
      timings = timed.ranking;
    }
    if (values.svg) writeFileSync(path.resolve(io.cwd, values.svg), renderCarveSvg(result, timings?.[0]?.variant ?? null));
    const output = values.json ? JSON.stringify(carveOutput(result, run.diagnostics, timings), null, 2) + '\n' : formatText(result);
    if (values.out) writeFileSync(path.resolve(io.cwd, values.out), output); else io.stdout(output);
    if (!values.json && timings) for (const t of timings) io.stdout(`  #${t.rank} ${t.variant}: ${t.medianMs.toFixed(4)} ms [${t.ciLowMs.toFixed(4)}, ${t.ciHighMs.toFixed(4)}]\n`);
    return EXIT_OK;
  },
};

export const mergeCommand: Command = {
  name: 'merge',
  summary: "carve the union of 'carve carve --shard i/n' outputs",
  usage: MERGE_USAGE,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, { json: { type: 'boolean' }, svg: { type: 'string' } });
    if (positionals.length === 0) throw new UsageError('give the shard output files');
    const shards: CarveShardOutput[] = [];
    for (const file of positionals) {
      try {
        shards.push(JSON.parse(readFileSync(path.resolve(io.cwd, file), 'utf8')) as CarveShardOutput);
      } catch (error) {
        io.stderr(`carve merge: ${file}: ${(error as Error).message}\n`);
        return EXIT_USAGE;
      }
    }
    // Carving options travel in the shards (covered by their config hash).
    const merged = mergeCarveResults(shards);
    if (!merged.ok) {
      io.stderr(`carve merge: ${merged.reason}\n`);
      return EXIT_USAGE;
    }
    const diagnostics = shards.flatMap((s) => s.diagnostics);
    if (values.svg) writeFileSync(path.resolve(io.cwd, values.svg), renderCarveSvg(merged.result));
    io.stdout(values.json ? JSON.stringify(carveOutput(merged.result, diagnostics), null, 2) + '\n' : formatText(merged.result));
    return EXIT_OK;
  },
};
