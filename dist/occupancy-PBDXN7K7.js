import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  OccupancyInputError,
  computeCliffs,
  computeOccupancy,
  explainZeroOccupancy,
  getArch,
  normalizeOccupancyInput
} from "./chunk-JDTKYLUX.js";
import {
  EXIT_OK,
  EXIT_USAGE,
  UsageError,
  intFlag,
  parseCommandArgs
} from "./chunk-IEYUABLM.js";
import "./chunk-QMUWDXFR.js";

// src/cli/commands/occupancy.ts
import { readFileSync } from "node:fs";
import path from "node:path";
var USAGE = `Usage:
  carve occupancy --arch sm_90 --registers N --block 256|16x16x1 [--shared BYTES]
                  [--dynamic-shared BYTES] [--max-dynamic-shared BYTES] [--max-threads N]
                  [--carveout -1|0..100] [--barriers N] [--json]
  carve occupancy --arch sm_90 --batch FILE [--json]

Exact active blocks per SM (as cuda_occupancy.h), the limiting factor(s), each limit, and
the cliffs: registers / shared memory the kernel can add before blocks/SM drops.
  --shared              static shared memory per block, bytes (default 0)
  --dynamic-shared      dynamic shared memory per launch, bytes (default 0)
  --max-dynamic-shared  the kernel's opt-in limit (cudaFuncAttributeMaxDynamicSharedMemorySize);
                        default 48 KB - static, i.e. no opt-in
  --max-threads         launch bounds: larger blocks cannot launch
  --carveout            preferred shared-memory carveout, percent (-1 = driver default)
  --barriers            named barriers per block (default 1, as the runtime assumes)
  --batch FILE          JSON lines {registers, shared, block, dynamicShared, maxThreads,
                        maxDynamicShared, carveout, barriers, arch}; exit 2 if any line fails`;
function parseBlockText(text) {
  const parts = text.trim().split(/[x,]/i);
  if (parts.length < 1 || parts.length > 3 || parts.some((p) => !/^\d+$/.test(p.trim()))) {
    throw new UsageError(`--block must be N or XxY or XxYxZ, got '${text}'`);
  }
  return parts.map((p) => Number(p.trim()));
}
var BATCH_KEYS = /* @__PURE__ */ new Set([
  "arch",
  "registers",
  "shared",
  "block",
  "dynamicShared",
  "maxDynamicShared",
  "maxThreads",
  "carveout",
  "barriers"
]);
function batchInput(value, defaultArch) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new OccupancyInputError("input", "each line must be a JSON object");
  }
  const record = value;
  const unknown = Object.keys(record).filter((k) => !BATCH_KEYS.has(k));
  if (unknown.length)
    throw new OccupancyInputError("input", `unknown field(s) ${unknown.join(", ")}; expected ${[...BATCH_KEYS].join(", ")}`);
  if (record.block === void 0) throw new OccupancyInputError("block", "block is required");
  if (record.registers === void 0) throw new OccupancyInputError("registers", "registers is required");
  let block = record.block;
  if (typeof record.block === "string") {
    try {
      block = parseBlockText(record.block);
    } catch (error) {
      throw new OccupancyInputError("block", error.message.replace("--block", "block"));
    }
  }
  return {
    arch: typeof record.arch === "string" ? record.arch : defaultArch,
    block,
    registersPerThread: record.registers,
    staticSharedBytes: record.shared ?? 0,
    dynamicSharedBytes: record.dynamicShared ?? 0,
    maxDynamicSharedBytes: record.maxDynamicShared,
    maxThreadsPerBlock: record.maxThreads ?? null,
    carveoutPercent: record.carveout ?? -1,
    barriers: record.barriers ?? 1
  };
}
function runBatch(text, defaultArch) {
  const out = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    let parsed;
    try {
      parsed = JSON.parse(raw);
    } catch (error) {
      out.push({ line, error: { message: `invalid JSON: ${error.message}`, limit: "json" } });
      return;
    }
    try {
      out.push({ line, result: computeOccupancy(batchInput(parsed, defaultArch)) });
    } catch (error) {
      if (!(error instanceof OccupancyInputError)) throw error;
      out.push({ line, error: { message: error.message, limit: error.limit } });
    }
  });
  return out;
}
var percent = (value) => `${(value * 100).toFixed(1)}%`;
function describeSide(side, unit, blocks) {
  const parts = [];
  if (side.headroom === null) parts.push(`no drop up to the ${unit === "B" ? "opt-in limit" : "maximum"}`);
  else parts.push(`+${side.headroom} ${unit} keeps ${blocks} blocks/SM, +${side.headroom + 1} ${unit} drops to ${side.blocksAfterDrop}`);
  if (side.shedToGain === null) parts.push("shedding gains no block");
  else parts.push(`shed ${side.shedToGain} ${unit} to reach ${side.blocksAfterGain}`);
  return parts.join("; ");
}
function renderHuman(input, result, cliffs) {
  const n = normalizeOccupancyInput(input);
  const arch = getArch(result.arch);
  const lines = [];
  const blockText = n.block[1] === 1 && n.block[2] === 1 ? `${n.blockSize}` : `${n.block.join("x")} = ${n.blockSize}`;
  lines.push(
    `${arch.name} (${arch.family}): block ${blockText} threads (${result.warpsPerBlock} warps), ${n.registersPerThread} registers/thread, ${n.staticSharedBytes} B static + ${n.dynamicSharedBytes} B dynamic shared` + (n.maxThreadsPerBlock !== null ? `, launch bounds ${n.maxThreadsPerBlock}` : "") + (n.carveoutPercent !== -1 ? `, carveout ${n.carveoutPercent}%` : "")
  );
  lines.push(
    `Active blocks per SM: ${result.activeBlocksPerSM} (${result.activeWarpsPerSM} of ${arch.maxWarpsPerSM} warps, occupancy ${percent(result.occupancy)})`
  );
  lines.push(`Limited by: ${result.limiter.join(", ")}`);
  const zero = explainZeroOccupancy(input, result);
  if (zero) lines.push(`Cannot launch: ${zero}`);
  lines.push("Blocks per SM each resource allows:");
  const labels = [
    ["warps", "warps"],
    ["registers", "registers"],
    ["sharedMemory", "shared memory"],
    ["blocks", "blocks"],
    ["barriers", "barriers"]
  ];
  for (const [key, label] of labels) {
    const limit = result.limits[key];
    const mark = result.limiter.includes(key) ? "  <- limiter" : "";
    lines.push(`  ${label.padEnd(14)}${limit === null ? "unlimited" : String(limit)}${mark}`);
  }
  lines.push(
    `Allocated per block: ${result.allocatedRegistersPerBlock} registers, ${result.allocatedSharedBytesPerBlock} B shared` + (arch.reservedSharedMemoryPerBlock ? ` (incl. ${arch.reservedSharedMemoryPerBlock} B reserved)` : "")
  );
  lines.push("Cliffs:");
  lines.push(`  registers:     ${describeSide(cliffs.registers, "registers", result.activeBlocksPerSM)}`);
  lines.push(`  shared memory: ${describeSide(cliffs.sharedMemory, "B", result.activeBlocksPerSM)}`);
  const best = cliffs.curve.find((p) => p.blockSize === cliffs.bestBlockSizes[0]);
  lines.push(
    best ? `Best block sizes (occupancy ${percent(best.occupancy)}): ${cliffs.bestBlockSizes.join(", ")}` : "Best block sizes: none launches"
  );
  return lines.join("\n") + "\n";
}
function optionalInt(value, flag) {
  return value === void 0 ? void 0 : intFlag(value, flag);
}
async function run(argv, io) {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      arch: { type: "string" },
      registers: { type: "string" },
      shared: { type: "string" },
      block: { type: "string" },
      "dynamic-shared": { type: "string" },
      "max-dynamic-shared": { type: "string" },
      "max-threads": { type: "string" },
      carveout: { type: "string" },
      barriers: { type: "string" },
      batch: { type: "string" },
      json: { type: "boolean", default: false }
    },
    false
  );
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  if (!values.arch) throw new UsageError("--arch is required");
  try {
    getArch(values.arch);
  } catch (error) {
    io.stderr(`carve occupancy: ${error.message}
`);
    return EXIT_USAGE;
  }
  if (values.batch !== void 0) return runBatchCommand(values.batch, values.arch, values.json ?? false, io);
  if (values.block === void 0) throw new UsageError("--block is required");
  const input = {
    arch: values.arch,
    block: parseBlockText(values.block),
    registersPerThread: intFlag(values.registers, "--registers"),
    staticSharedBytes: intFlag(values.shared, "--shared", 0),
    dynamicSharedBytes: intFlag(values["dynamic-shared"], "--dynamic-shared", 0),
    maxDynamicSharedBytes: optionalInt(values["max-dynamic-shared"], "--max-dynamic-shared"),
    maxThreadsPerBlock: optionalInt(values["max-threads"], "--max-threads") ?? null,
    carveoutPercent: intFlag(values.carveout, "--carveout", -1),
    barriers: intFlag(values.barriers, "--barriers", 1)
  };
  let result;
  let cliffs;
  try {
    result = computeOccupancy(input);
    cliffs = computeCliffs(input);
  } catch (error) {
    if (!(error instanceof OccupancyInputError)) throw error;
    io.stderr(`carve occupancy: ${error.message}
`);
    return EXIT_USAGE;
  }
  if (values.json) io.stdout(JSON.stringify({ ...result, cliffs }, null, 2) + "\n");
  else io.stdout(renderHuman(input, result, cliffs));
  return EXIT_OK;
}
function runBatchCommand(file, arch, json, io) {
  const filePath = path.resolve(io.cwd, file);
  let text;
  try {
    text = readFileSync(filePath, "utf8");
  } catch (error) {
    io.stderr(`carve occupancy: cannot read ${file}: ${error.code ?? error.message}
`);
    return EXIT_USAGE;
  }
  const results = runBatch(text, arch);
  for (const r of results) {
    if (json) {
      io.stdout(
        JSON.stringify(r.error ? { line: r.line, error: r.error.message, limit: r.error.limit } : { line: r.line, ...r.result }) + "\n"
      );
    } else if (r.error) {
      io.stdout(`${file}:${r.line}: error: ${r.error.message}
`);
    } else {
      const res = r.result;
      io.stdout(
        `${file}:${r.line}: ${res.arch} block ${res.blockSize}: ${res.activeBlocksPerSM} blocks/SM, ${res.activeWarpsPerSM} warps, occupancy ${percent(res.occupancy)}, limited by ${res.limiter.join(", ")}
`
      );
    }
  }
  const failed = results.filter((r) => r.error);
  for (const r of failed) io.stderr(`${file}:${r.line}: ${r.error.message}
`);
  return failed.length ? EXIT_USAGE : EXIT_OK;
}
var occupancyCommand = {
  name: "occupancy",
  summary: "Exact occupancy, limiters and register / shared-memory cliffs for a launch",
  usage: USAGE,
  run
};
export {
  occupancyCommand,
  parseBlockText,
  renderHuman,
  runBatch
};
