import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import "./chunk-MTCMBYKF.js";
import {
  analyzeModule,
  bareKernelName,
  kernelSignatures,
  parseParamAssignment
} from "./chunk-LX4TWSEU.js";
import {
  VERSION
} from "./chunk-GCMX4BBX.js";
import "./chunk-JDTKYLUX.js";
import {
  assemblePtx,
  compileCuda,
  findNvcc,
  readSassLinesFile
} from "./chunk-AV3RR6WT.js";
import {
  overSizeLimit
} from "./chunk-R5MDRTYS.js";
import "./chunk-AI7SF5R3.js";
import {
  EXIT_OK,
  EXIT_USAGE,
  UsageError,
  parseCommandArgs
} from "./chunk-IEYUABLM.js";
import "./chunk-QMUWDXFR.js";

// src/cli/commands/analyze.ts
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

// src/cli/jit-tier.ts
import { setFlagsFromString } from "node:v8";
var BASELINE_TIER_MAX_PTX_BYTES = 1024 * 1024;
var BASELINE_TIER_MAX_LAUNCH_THREADS = 1 << 17;
var baselineOnly = false;
function preferBaselineTier(ptxBytes, env = process.env, launchThreads = 0) {
  if (baselineOnly) return true;
  if (env.CARVE_JIT === "optimizing" || ptxBytes > BASELINE_TIER_MAX_PTX_BYTES || launchThreads > BASELINE_TIER_MAX_LAUNCH_THREADS)
    return false;
  setFlagsFromString("--max-opt=1");
  baselineOnly = true;
  return true;
}

// src/cli/commands/analyze.ts
var USAGE = `Usage: carve analyze FILE.cu|FILE.ptx... [--arch sm_90]... [-D NAME=VALUE]... [--block [KERNEL=]X[xY[xZ]]]...
                     [--grid [KERNEL=]X[xY[xZ]]]... [--param [KERNEL:]NAME=VALUE]... [-I DIR]... [--nvcc-flag F]...
                     [--assume-trips N] [--hint FILE:LINE=TRIPS]... [--nvcc PATH] [--json]

Compiles .cu files with nvcc (-lineinfo, PTX + ptxas -v) or reads PTX (resources from ptxas
when it is installed), and reports per kernel: resources, occupancy (at --block, else the
launch bounds, else a sweep over block sizes), instruction mix, per-thread instructions /
flops / bytes, Ryoo's regions, loops with trip counts, and memory-access classes.
  -D NAME=VALUE      a define for nvcc; numeric values also bound loops. Kernel parameters
                     can be given the same way by PTX name (k_param_2) or as param_2.
  --block K=16x16    block of kernel K (its name without namespace or template arguments); a
                     block without a name applies to every kernel not named. Else the launch
                     bounds, else a sweep. A name that is no kernel is an error listing them.
  --grid  K=XxYxZ    grid, for grid-stride loops (same naming as --block)
  --param K=4096     value of a kernel parameter, by its name in the kernel's signature or its
                     0-based index; applies to every kernel that has it (KERNEL:NAME for one)
  -I DIR, --nvcc-flag F   passed to nvcc
  --assume-trips N   trip count assumed for loops whose count cannot be derived (default 1)
  --hint F:L=N       trip count for the loop at source file F (or its basename), line L
  --json             print the CarveReport JSON (schemas/report.schema.json)
Exit 2 when an input cannot be read or built, or any diagnostic is an error (all are in the report).
One module of at most 384 KiB of PTX is analysed with V8's baseline compiler only (faster for
a run that short); CARVE_JIT=optimizing keeps V8's optimising tiers.`;
function parseBlock(text, option = "--block") {
  const parts = text.toLowerCase().split(/[x,]/).map((p) => p.trim());
  if (parts.length < 1 || parts.length > 3 || parts.some((p) => !/^\d+$/.test(p) || Number(p) < 1)) {
    throw new UsageError(`${option} must be X[xY[xZ]] with positive integers, got '${text}'`);
  }
  const dims = parts.map(Number);
  return [dims[0], dims[1] ?? 1, dims[2] ?? 1];
}
function parseShapes(list, option) {
  let all = null;
  const byKernel = /* @__PURE__ */ new Map();
  for (const item of list) {
    const eq = item.lastIndexOf("=");
    if (eq < 0) all = parseBlock(item, option);
    else byKernel.set(item.slice(0, eq).trim(), parseBlock(item.slice(eq + 1), option));
  }
  return { all, byKernel };
}
function parseDefines(list) {
  const all = {};
  const numeric = {};
  for (const item of list) {
    const eq = item.indexOf("=");
    const name = eq < 0 ? item : item.slice(0, eq);
    const value = eq < 0 ? "1" : item.slice(eq + 1);
    if (!/^[A-Za-z_]\w*$/.test(name))
      throw new UsageError(`-D expects NAME=VALUE with NAME a macro name ([A-Za-z_][A-Za-z0-9_]*), got '${item}'`);
    const n = Number(value);
    all[name] = Number.isFinite(n) && value.trim() !== "" ? n : value;
    if (Number.isFinite(n) && value.trim() !== "") numeric[name] = n;
  }
  return { all, numeric };
}
function parseHints(list) {
  const hints = {};
  for (const item of list) {
    const m = /^(.+:\d+)=(\d+)$/.exec(item);
    if (!m) throw new UsageError(`--hint expects FILE:LINE=TRIPS, got '${item}'`);
    hints[m[1]] = Number(m[2]);
  }
  return hints;
}
function ptxTarget(text) {
  const m = /^\s*\.target\s+(sm_\d+[a-z]?)/m.exec(text);
  return m ? m[1] : null;
}
var num = (v, digits = 0) => v === null || v === void 0 ? "?" : digits ? v.toFixed(digits) : String(Math.round(v * 100) / 100);
function notCoalesced(k) {
  return k.accesses.filter(
    (a) => a.space === "global" ? a.class !== null && a.class !== "coalesced" && a.class !== "uniform" : (a.bankConflictWays ?? 1) > 1
  );
}
function assumptionsOf(k) {
  const out = [];
  const assumed = k.loops.filter((l) => l.tripCount === null);
  if (assumed.length > 0) {
    const where = assumed.map((l) => `${l.line !== null ? `${path.basename(l.file ?? "?")}:${l.line}` : "(no line)"} = ${l.assumedTripCount}`).join(", ");
    out.push(
      `trip count${assumed.length > 1 ? "s" : ""} of ${assumed.length} loop${assumed.length > 1 ? "s" : ""} (${where}): instructions, bytes and FLOP/B marked * rest on ${assumed.length > 1 ? "them" : "it"}`
    );
  }
  const bounded = k.loops.filter((l) => l.tripCount !== null && l.upperBound);
  if (bounded.length > 0) {
    const where = bounded.map((l) => `${l.line !== null ? `${path.basename(l.file ?? "?")}:${l.line}` : "(no line)"} \u2264 ${l.tripCount}`).join(", ");
    out.push(
      `upper bound${bounded.length > 1 ? "s" : ""}: loop${bounded.length > 1 ? "s" : ""} (${where}) may leave earlier by a data-dependent exit; figures marked * count the full trips`
    );
  }
  if (k.launch.blockSource === "default" || k.launch.block === null) out.push(`block: ${k.launch.note ?? "unknown"}`);
  return out;
}
function table(kernels) {
  const sass = kernels.some((k) => k.perThread?.sassInstructions !== void 0);
  const header = [
    "kernel",
    "arch",
    "regs",
    "block",
    "occupancy",
    "instr/thread",
    ...sass ? ["sass/thread"] : [],
    "flops",
    "gld B",
    "gst B",
    "sld B",
    "sst B",
    "regions"
  ];
  const rows = kernels.map((k) => {
    const star = k.perThread?.usesAssumedTripCounts || k.loops.some((l) => l.tripCount === null || l.upperBound) ? "*" : "";
    const n = (v) => num(v) + (v === null || v === void 0 ? "" : star);
    return [
      k.displayName.length > 48 ? k.displayName.slice(0, 47) + "\u2026" : k.displayName,
      k.arch,
      k.resources ? String(k.resources.registers) : "?",
      k.launch.block ? k.launch.block.join("x") : "-",
      k.occupancy ? `${(k.occupancy.occupancy * 100).toFixed(1)}% (${k.occupancy.limiter.join("+")})` : k.cliffs ? `best @ ${k.cliffs.bestBlockSizes.slice(0, 3).join(",")}` : "?",
      n(k.perThread?.instructions),
      ...sass ? [n(k.perThread?.sassInstructions)] : [],
      n(k.perThread?.flops),
      n(k.perThread?.globalLoadBytes),
      n(k.perThread?.globalStoreBytes),
      n(k.perThread?.sharedLoadBytes),
      n(k.perThread?.sharedStoreBytes),
      num(k.regions)
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const format = (row) => row.map((cell, i) => i >= 5 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])).join("  ").trimEnd();
  const lines = [format(header), ...rows.map(format)];
  for (const k of kernels) {
    const sites = notCoalesced(k);
    const assumptions = assumptionsOf(k);
    if (k.loops.length === 0 && !k.perThread?.unknownBranchesCountedTaken && sites.length === 0 && assumptions.length === 0) continue;
    lines.push("", `${k.displayName} (${k.arch}):`);
    for (const a of k.accesses.filter((x) => sites.includes(x))) {
      const where = a.line !== null ? `${path.basename(a.file ?? "?")}:${a.line}` : "(no line)";
      const sectors = a.sectorsPerRequest !== null ? `, ${num(a.sectorsPerRequest)} sectors/request (ideal ${num(a.idealSectors)})` : "";
      lines.push(`  ${a.space} ${a.kind} ${where}: ${a.class}${sectors}, ${num(a.dynamicWeight)}x per thread \u2014 ${a.reason}`);
    }
    for (const loop of k.loops) {
      const where = loop.line !== null ? `${path.basename(loop.file ?? "?")}:${loop.line}` : "(no line)";
      const warp = loop.warpTripCount !== void 0 ? `, warp max ${num(loop.warpTripCount)}` : "";
      const trips = loop.tripCount !== null ? `${num(loop.tripCount)} trips${warp}` : `? trips (assumed ${loop.assumedTripCount})`;
      lines.push(`  ${"  ".repeat(loop.depth - 1)}loop ${where}: ${trips} \u2014 ${loop.tripCountReason}`);
    }
    if (k.perThread?.unknownBranchesCountedTaken) lines.push("  note: branches with unknown outcome counted as taken");
    for (const a of assumptions) lines.push(`  assumed: ${a}`);
  }
  return lines.join("\n");
}
function location(d) {
  return `${d.file ?? ""}${d.line !== void 0 ? `:${d.line}` : ""}${d.column !== void 0 ? `:${d.column}` : ""}`;
}
var analyzeCommand = {
  name: "analyze",
  summary: "static per-kernel report of a .cu or .ptx file (occupancy, mix, loops, memory)",
  usage: USAGE,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      arch: { type: "string", multiple: true },
      define: { type: "string", short: "D", multiple: true },
      block: { type: "string", multiple: true },
      grid: { type: "string", multiple: true },
      param: { type: "string", multiple: true },
      include: { type: "string", short: "I", multiple: true },
      "nvcc-flag": { type: "string", multiple: true },
      json: { type: "boolean" },
      "assume-trips": { type: "string" },
      hint: { type: "string", multiple: true },
      nvcc: { type: "string" }
    });
    if (positionals.length === 0) throw new UsageError("expected at least one FILE.cu or FILE.ptx");
    const blocks = parseShapes(values.block ?? [], "--block");
    const grids = parseShapes(values.grid ?? [], "--grid");
    const paramItems = (values.param ?? []).map((item) => {
      const parsed = parseParamAssignment(item);
      if ("error" in parsed) throw new UsageError(parsed.error);
      return parsed;
    });
    const defines = parseDefines(values.define ?? []);
    const hints = parseHints(values.hint ?? []);
    const assumed = values["assume-trips"];
    if (assumed !== void 0 && !/^\d+$/.test(assumed))
      throw new UsageError(`--assume-trips must be a non-negative integer, got '${assumed}'`);
    const loops = { assumedTripCount: assumed === void 0 ? 1 : Number(assumed), hints };
    const usedShapes = /* @__PURE__ */ new Set();
    const usedParams = /* @__PURE__ */ new Set();
    const seenKernels = /* @__PURE__ */ new Map();
    let signatures = /* @__PURE__ */ new Map();
    const launchFor = (name, displayName, resources, paramCount = 0) => {
      void resources;
      const bare = bareKernelName(displayName);
      const names = signatures.get(bare) ?? null;
      seenKernels.set(bare, names ?? Array.from({ length: paramCount }, (_, i) => String(i)));
      const pick = (shapes, kind) => {
        for (const key of [name, displayName, bare]) {
          const shape = shapes.byKernel.get(key);
          if (shape) {
            usedShapes.add(`${kind}:${key}`);
            return shape;
          }
        }
        return shapes.all;
      };
      const block = pick(blocks, "block");
      const grid = pick(grids, "grid");
      const params = {};
      paramItems.forEach((p, i) => {
        if (p.kernel !== null && p.kernel !== bare && p.kernel !== displayName && p.kernel !== name) return;
        const has = /^\d+$/.test(p.name) ? Number(p.name) < paramCount : (names ?? []).includes(p.name);
        if (!has) return;
        params[p.name] = p.value;
        usedParams.add(i);
      });
      return { block, blockSource: block ? "cli" : null, dynamicSharedBytes: 0, carveoutPercent: -1, grid, params };
    };
    const kernels = [];
    const diagnostics = [];
    const archsSeen = /* @__PURE__ */ new Set();
    let inputError = false;
    const nvcc = await findNvcc(values.nvcc);
    const ptxas = nvcc ? path.join(path.dirname(nvcc.path), "ptxas") : null;
    const outDir = await mkdtemp(path.join(tmpdir(), "carve-analyze-"));
    const onlyModule = io.ownsProcess === true && positionals.length === 1 && (values.arch?.length ?? 1) === 1;
    const volumeOf = (shape) => shape ? shape[0] * shape[1] * shape[2] : 0;
    const largest = (shapes) => Math.max(volumeOf(shapes.all), ...[...shapes.byKernel.values()].map(volumeOf));
    const launchThreads = Math.max(largest(blocks), 1) * largest(grids);
    const beforeAnalysis = (ptxText) => {
      if (onlyModule) preferBaselineTier(Buffer.byteLength(ptxText), io.env, launchThreads);
    };
    try {
      for (const file of positionals) {
        const absolute = path.resolve(io.cwd, file);
        if (file.endsWith(".ptx")) {
          let text;
          try {
            const tooLarge = overSizeLimit("ptx", (await stat(absolute)).size);
            if (tooLarge) throw new Error(tooLarge);
            text = await readFile(absolute, "utf8");
          } catch (error) {
            diagnostics.push({ severity: "error", stage: "ptx", file, message: `cannot read ${file}: ${error.message}` });
            inputError = true;
            continue;
          }
          const archs = values.arch?.length ? values.arch : [ptxTarget(text) ?? "sm_90"];
          for (const arch of archs) {
            archsSeen.add(arch);
            let resources = [];
            if (ptxas) {
              const r = await assemblePtx(ptxas, arch, absolute, text);
              resources = r.records;
              diagnostics.push(...r.diagnostics);
            } else {
              diagnostics.push({
                severity: "note",
                stage: "ptxas",
                file,
                message: "ptxas not found: resources (registers, shared memory) unknown, occupancy not computed"
              });
            }
            signatures = /* @__PURE__ */ new Map();
            beforeAnalysis(text);
            const result = analyzeModule({
              ptxText: text,
              ptxFile: file,
              sourceFile: null,
              arch,
              resources,
              launchFor,
              defines: defines.numeric,
              loops
            });
            kernels.push(...result.kernels);
            diagnostics.push(...result.diagnostics);
          }
          continue;
        }
        for (const arch of values.arch?.length ? values.arch : ["sm_90"]) {
          archsSeen.add(arch);
          if (!nvcc) {
            diagnostics.push({ severity: "error", stage: "build", file, message: "nvcc not found (set --nvcc, CUDA_HOME or PATH)" });
            inputError = true;
            continue;
          }
          const sourceText = await readFile(absolute, "utf8").catch(() => null);
          signatures = sourceText ? kernelSignatures(sourceText) : /* @__PURE__ */ new Map();
          const compiled = await compileCuda({
            source: absolute,
            arch,
            outDir,
            defines: defines.all,
            nvcc: nvcc.path,
            includeDirs: (values.include ?? []).map((d) => path.resolve(io.cwd, d)),
            flags: values["nvcc-flag"] ?? []
          });
          diagnostics.push(...compiled.diagnostics.map((d) => ({ ...d, file: d.file ?? file })));
          if (!compiled.ok || compiled.ptx === null) {
            inputError = true;
            continue;
          }
          const sass = await readSassLinesFile(compiled.cubinPath);
          diagnostics.push(...sass?.diagnostics ?? []);
          beforeAnalysis(compiled.ptx);
          const result = analyzeModule({
            ptxText: compiled.ptx,
            ptxFile: compiled.ptxPath ? path.basename(compiled.ptxPath) : file,
            sourceFile: file,
            arch,
            resources: compiled.resources,
            launchFor,
            defines: defines.numeric,
            loops,
            sourceText,
            ...sass ? { sassLines: sass.functions } : {}
          });
          kernels.push(...result.kernels);
          diagnostics.push(...result.diagnostics);
        }
      }
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
    const kernelList = [...seenKernels.keys()].join(", ") || "(none)";
    for (const [kind, shapes] of [
      ["block", blocks],
      ["grid", grids]
    ]) {
      for (const key of shapes.byKernel.keys()) {
        if (usedShapes.has(`${kind}:${key}`)) continue;
        diagnostics.push({
          severity: "error",
          stage: "config",
          message: `--${kind} ${key}=\u2026: no kernel named '${key}'; kernels: ${kernelList}`
        });
        inputError = true;
      }
    }
    paramItems.forEach((p, i) => {
      if (usedParams.has(i)) return;
      const listing = [...seenKernels.entries()].map(([k, names]) => `${k}(${(names ?? []).join(", ")})`).join("; ") || "(no kernels)";
      diagnostics.push({
        severity: "error",
        stage: "config",
        message: `--param ${p.kernel ? `${p.kernel}:` : ""}${p.name}: no kernel has a parameter '${p.name}'; parameters: ${listing}`
      });
      inputError = true;
    });
    const hintsUsed = new Set(kernels.flatMap((k) => k.loops.flatMap((l) => l.hint === void 0 ? [] : [l.hint])));
    for (const [key, trips] of Object.entries(hints)) {
      if (hintsUsed.has(key)) continue;
      diagnostics.push({
        severity: "warning",
        stage: "config",
        message: `--hint ${key}=${trips}: no loop whose count the analysis cannot derive is at ${key}, so it gives no count`
      });
    }
    const report = {
      schemaVersion: 1,
      tool: { name: "carve", version: VERSION },
      archs: [...archsSeen],
      kernels,
      diagnostics
    };
    if (values.json) {
      io.stdout(JSON.stringify(report, null, 2) + "\n");
    } else {
      if (kernels.length > 0) io.stdout(table(kernels) + "\n");
      for (const d of [...diagnostics, ...kernels.flatMap((k) => k.diagnostics)])
        io.stderr(`${location(d)}: ${d.severity}: ${d.message}
`);
    }
    const errors = [...diagnostics, ...kernels.flatMap((k) => k.diagnostics)].some((d) => d.severity === "error");
    return inputError || errors ? EXIT_USAGE : EXIT_OK;
  }
};
export {
  analyzeCommand
};
