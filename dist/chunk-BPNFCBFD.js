import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  refineOptions,
  spaceTimer
} from "./chunk-FMDF36FW.js";
import {
  refineByTiming,
  renderCarveSvg
} from "./chunk-ZYC3KKAW.js";
import {
  carveSpace,
  loadConfigFile,
  mergeCarveResults,
  parseShard
} from "./chunk-QDQCTLHS.js";
import {
  EXIT_OK,
  EXIT_USAGE,
  UsageError,
  intFlag,
  parseCommandArgs,
  printDiagnostics
} from "./chunk-IEYUABLM.js";

// src/cli/commands/carve.ts
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
var USAGE = `Usage:
  carve carve --config FILE --space NAME [--arch sm_90] [--json] [--svg FILE] [--time [--budget N]]
              [--shard i/n] [--out FILE] [--cache DIR] [--jobs N]

Builds every variant of a space (parameters -> -D defines) in parallel through a content-hash
cache, computes Ryoo's efficiency and utilization per variant, and carves: threshold steps
(failed builds, launches that cannot run, access whose excess sectors are a material share of
the traffic, local memory), then the Pareto set on (efficiency x tail effect, utilization).
Prints {space, total, survivors, steps}; every removal says why.
  --svg FILE    scatter of all variants (normalised efficiency vs utilization, like Fig. 4)
  --time        the timed refinement stage on this machine's GPU (driver-API harness; or the
                config's timing.command): the survivors the model ranks first, then the variants
                nearest the measured best, within carving.timingBudget of the space (default 5%);
                prints the best found with its 95% CI
  --budget N    variants the timed stage may time (a count, or a share like 5%); above the
                space size it is clamped with a note
  --shard i/n   build only shard i of n and print its metrics; 'carve merge' carves the union
  --cache DIR   build cache (default .carve-cache next to the working directory)
  --jobs N      variants built and analysed at once (default: one per core); with N > 1 the
                analyses run in worker threads; the result is the same for every N`;
var MERGE_USAGE = `Usage:
  carve merge SHARD.json... [--json] [--svg FILE]

Carves the union of 'carve carve --shard i/n' outputs: the same result as one machine.
Refuses shards of another space, configuration or arch, duplicates and missing shards.`;
function survivorSummary(v) {
  return {
    id: v.id,
    parameters: v.parameters,
    efficiency: v.efficiency,
    utilization: v.utilization,
    normalizedEfficiency: v.normalizedEfficiency,
    normalizedUtilization: v.normalizedUtilization,
    instructions: v.instructions,
    regions: v.regions,
    registers: v.registers,
    activeBlocksPerSM: v.activeBlocksPerSM,
    occupancy: v.occupancy,
    spills: v.spills,
    coalescing: v.coalescing,
    flopsPerThread: v.flopsPerThread,
    globalBytesPerThread: v.globalBytesPerThread,
    globalTrafficBytes: v.globalTrafficBytes,
    mergedWith: v.mergedWith
  };
}
function carveOutput(result, diagnostics, timings = null) {
  return {
    space: result.space,
    arch: result.arch,
    objective: result.objective,
    total: result.total,
    survivors: result.survivors.map(survivorSummary),
    steps: result.steps,
    timings,
    variants: result.variants.map((v) => ({
      id: v.id,
      status: v.status,
      onFrontier: v.onFrontier,
      normalizedEfficiency: v.normalizedEfficiency,
      normalizedUtilization: v.normalizedUtilization,
      error: v.error
    })),
    diagnostics
  };
}
function refinementSummary(r) {
  return { budget: r.budget, timed: r.timedCount, notes: r.notes, rounds: r.rounds, best: r.best, gpuSeconds: r.gpuMs / 1e3 };
}
function refinementText(r) {
  const lines = [
    `timed stage: ${r.timedCount} of a budget of ${r.budget} variants timed in ${r.rounds.length} round(s), ${(r.gpuMs / 1e3).toFixed(3)} s of launches`
  ];
  for (const note of r.notes) lines.push(`  note: ${note}`);
  lines.push(
    r.best ? `best found: ${r.best.variant}: ${r.best.medianMs.toFixed(4)} ms, 95% CI [${r.best.ciLowMs.toFixed(4)}, ${r.best.ciHighMs.toFixed(4)}] (${r.best.source}, round ${r.best.round})` : "best found: none (no variant was timed)"
  );
  for (const t of r.ranking)
    lines.push(
      `  #${t.rank} ${t.variant}: ${t.medianMs.toFixed(4)} ms [${t.ciLowMs.toFixed(4)}, ${t.ciHighMs.toFixed(4)}] ${t.source}, round ${t.round}`
    );
  return lines.join("\n") + "\n";
}
function formatText(result) {
  const lines = [
    `carve ${result.space} (${result.arch}, ${result.objective}): ${result.survivors.length} of ${result.total} variants kept`
  ];
  for (const step of result.steps)
    lines.push(`  ${step.name.padEnd(15)} ${String(step.before).padStart(5)} -> ${String(step.after).padEnd(5)} ${step.note}`);
  for (const step of result.steps) {
    const example = result.variants.find((v) => v.status === `pruned:${step.name}` && v.prunedBecause);
    if (example) lines.push(`    e.g. ${example.id}: ${example.prunedBecause}`);
  }
  lines.push("survivors:");
  for (const v of result.survivors) {
    lines.push(
      `  ${v.id}  efficiency ${v.normalizedEfficiency?.toFixed(3) ?? "?"}  utilization ${v.normalizedUtilization?.toFixed(3) ?? "?"}  regs ${v.registers ?? "?"}  blocks/SM ${v.activeBlocksPerSM ?? "?"}${v.mergedWith.length ? `  (+${v.mergedWith.length} merged)` : ""}`
    );
  }
  return lines.join("\n") + "\n";
}
function parseBudget(text) {
  const share = /^(\d+(?:\.\d+)?)%$/.exec(text.trim());
  if (share) {
    const value = Number(share[1]) / 100;
    return value > 0 && value <= 1 ? { share: value } : null;
  }
  return /^\d+$/.test(text.trim()) && Number(text) >= 1 ? { count: Number(text) } : null;
}
async function timeRefined(result, builds, space, config, budget, io) {
  const timer = spaceTimer(result, builds, space, config, { cwd: io.cwd, log: (message) => io.stderr(`carve carve: ${message}
`) });
  try {
    return await refineByTiming(result, timer, refineOptions(config, space, budget));
  } finally {
    timer.close();
  }
}
var carveCommand = {
  name: "carve",
  summary: "optimization carving of a variant space: build, metrics, threshold + Pareto carving",
  usage: USAGE,
  async run(argv, io) {
    const { values } = parseCommandArgs(
      argv,
      {
        config: { type: "string" },
        space: { type: "string" },
        arch: { type: "string" },
        json: { type: "boolean" },
        svg: { type: "string" },
        time: { type: "boolean" },
        budget: { type: "string" },
        shard: { type: "string" },
        out: { type: "string" },
        cache: { type: "string" },
        jobs: { type: "string" }
      },
      false
    );
    if (!values.config) throw new UsageError("--config is required");
    if (!values.space) throw new UsageError("--space is required");
    const shard = values.shard === void 0 ? void 0 : parseShard(values.shard);
    if (shard === null) throw new UsageError(`--shard must be i/n with 1 <= i <= n, got '${values.shard}'`);
    const budget = values.budget === void 0 ? null : parseBudget(values.budget);
    if (budget === null && values.budget !== void 0)
      throw new UsageError(`--budget must be a count (40) or a share of the space (5%), got '${values.budget}'`);
    if (values.budget !== void 0 && !values.time) throw new UsageError("--budget needs --time");
    const configFile = path.resolve(io.cwd, values.config);
    const loaded = loadConfigFile(configFile);
    if (!loaded.valid) {
      printDiagnostics(loaded.diagnostics, io);
      return EXIT_USAGE;
    }
    const space = loaded.config.spaces[values.space];
    if (!space) {
      io.stderr(
        `carve carve: no space '${values.space}' in ${values.config} (has: ${Object.keys(loaded.config.spaces).join(", ") || "none"})
`
      );
      return EXIT_USAGE;
    }
    const arch = values.arch ?? loaded.config.archs[0] ?? "sm_90";
    const run = await carveSpace({
      config: loaded.config,
      spaceName: values.space,
      arch,
      configFile: values.config,
      shard,
      cacheDir: path.resolve(io.cwd, values.cache ?? ".carve-cache"),
      jobs: values.jobs ? intFlag(values.jobs, "--jobs") : void 0,
      progress: { write: io.stderr, isTTY: io.isTTY }
    });
    printDiagnostics(run.diagnostics, io);
    if (run.diagnostics.some((d) => d.stage === "config" && d.severity === "error") || !run.result && !shard) return EXIT_USAGE;
    if (shard && shard.count > 1) {
      const text = JSON.stringify(run.shard) + "\n";
      if (values.out) writeFileSync(path.resolve(io.cwd, values.out), text);
      else io.stdout(text);
      return EXIT_OK;
    }
    const result = run.result;
    let timings = null;
    let refinement = null;
    if (values.time) {
      refinement = await timeRefined(result, run.builds, space, loaded.config, budget, io);
      printDiagnostics(refinement.diagnostics, io);
      timings = refinement.ranking;
    }
    if (values.svg) writeFileSync(path.resolve(io.cwd, values.svg), renderCarveSvg(result, timings?.[0]?.variant ?? null));
    const output = values.json ? JSON.stringify(
      { ...carveOutput(result, run.diagnostics, timings), refinement: refinement && refinementSummary(refinement) },
      null,
      2
    ) + "\n" : formatText(result);
    if (values.out) writeFileSync(path.resolve(io.cwd, values.out), output);
    else io.stdout(output);
    if (!values.json && refinement) io.stdout(refinementText(refinement));
    return EXIT_OK;
  }
};
var mergeCommand = {
  name: "merge",
  summary: "carve the union of 'carve carve --shard i/n' outputs",
  usage: MERGE_USAGE,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, { json: { type: "boolean" }, svg: { type: "string" } });
    if (positionals.length === 0) throw new UsageError("give the shard output files");
    const shards = [];
    for (const file of positionals) {
      try {
        shards.push(JSON.parse(readFileSync(path.resolve(io.cwd, file), "utf8")));
      } catch (error) {
        io.stderr(`carve merge: ${file}: ${error.message}
`);
        return EXIT_USAGE;
      }
    }
    const merged = mergeCarveResults(shards);
    if (!merged.ok) {
      io.stderr(`carve merge: ${merged.reason}
`);
      return EXIT_USAGE;
    }
    const diagnostics = shards.flatMap((s) => s.diagnostics);
    if (values.svg) writeFileSync(path.resolve(io.cwd, values.svg), renderCarveSvg(merged.result));
    io.stdout(values.json ? JSON.stringify(carveOutput(merged.result, diagnostics), null, 2) + "\n" : formatText(merged.result));
    return EXIT_OK;
  }
};

export {
  carveOutput,
  refinementText,
  parseBudget,
  carveCommand,
  mergeCommand
};
