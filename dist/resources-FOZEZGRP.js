import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  parsePtxasLog,
  readCubin
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

// src/cli/commands/resources.ts
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
var USAGE = `Usage: carve resources FILE.cubin|ptxas.log [--json]

Prints the resources per kernel (registers, static shared memory, local memory / stack frame,
spills, barriers, constant bank 0, launch bounds) from a cubin or from ptxas -v output
(nvcc -Xptxas -v / --resource-usage). Unknown values print as '?' (JSON: null + nullReasons).
Exit 2 when the input cannot be read.`;
var ELF_MAGIC = [127, 69, 76, 70];
function location(d) {
  if (d.offset !== void 0) return `${d.file ?? ""}@${d.offset}`;
  return `${d.file ?? ""}${d.line !== void 0 ? `:${d.line}` : ""}${d.column !== void 0 ? `:${d.column}` : ""}`;
}
var show = (value) => value === null ? "?" : String(value);
function table(kernels) {
  const header = ["kernel", "arch", "regs", "shared", "local/stack", "spills st/ld", "barriers", "cmem[0]", "launch bounds"];
  const rows = kernels.map((k) => {
    const r = k.resources;
    const bounds = r.maxThreadsPerBlock === null ? r.nullReasons?.maxThreadsPerBlock ? "?" : "-" : `${r.maxThreadsPerBlock}${r.minBlocksPerSM !== null ? `, ${r.minBlocksPerSM}` : r.nullReasons?.minBlocksPerSM ? ", ?" : ""}`;
    return [
      k.isEntry ? k.displayName : `${k.displayName} (device fn)`,
      k.arch,
      k.isEntry ? String(r.registers) : "-",
      k.isEntry ? String(r.staticSharedBytes) : "-",
      `${r.localBytes}/${r.stackFrameBytes}`,
      `${show(r.spillStoreBytes)}/${show(r.spillLoadBytes)}`,
      k.isEntry ? show(r.barriers) : "-",
      k.isEntry ? show(r.constantBytes) : "-",
      k.isEntry ? bounds : "-"
    ];
  });
  const widths = header.map((h) => h.length);
  for (const row of rows) for (const [i, cell] of row.entries()) if (cell.length > widths[i]) widths[i] = cell.length;
  const numeric = /* @__PURE__ */ new Set([2, 3, 6, 7]);
  const format = (row) => row.map((cell, i) => numeric.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i])).join("  ").trimEnd();
  return [format(header), ...rows.map(format)].join("\n");
}
var resourcesCommand = {
  name: "resources",
  summary: "print per-kernel resources from a cubin or ptxas -v log",
  usage: USAGE,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, { json: { type: "boolean" } });
    if (positionals.length !== 1) throw new UsageError("expected exactly one FILE");
    const file = positionals[0];
    let bytes;
    try {
      const tooLarge = overSizeLimit("ptxasLog", (await stat(path.resolve(io.cwd, file))).size);
      if (tooLarge) throw new Error(tooLarge);
      bytes = await readFile(path.resolve(io.cwd, file));
    } catch (error) {
      io.stderr(`carve resources: cannot read ${file}: ${error.message}
`);
      return EXIT_USAGE;
    }
    const isCubin = ELF_MAGIC.every((b, i) => bytes[i] === b);
    const parsed = isCubin ? readCubin(bytes, file) : { arch: null, ...parsePtxasLog(new TextDecoder().decode(bytes), file) };
    const errors = parsed.diagnostics.filter((d) => d.severity === "error");
    if (values.json) {
      io.stdout(
        JSON.stringify(
          { file, kind: isCubin ? "cubin" : "ptxas-log", arch: parsed.arch, kernels: parsed.kernels, diagnostics: parsed.diagnostics },
          null,
          2
        ) + "\n"
      );
    } else if (parsed.kernels.length > 0) {
      io.stdout(table(parsed.kernels) + "\n");
    }
    if (!values.json) for (const d of parsed.diagnostics) io.stderr(`${location(d)}: ${d.severity}: ${d.message}
`);
    return errors.length > 0 ? EXIT_USAGE : EXIT_OK;
  }
};
export {
  resourcesCommand
};
