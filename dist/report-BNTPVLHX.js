import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  loadReportFile,
  readJsonFile
} from "./chunk-IO6RL7OU.js";
import "./chunk-BTQO2XUW.js";
import {
  renderHtmlReport,
  renderMarkdownReport
} from "./chunk-E2VVMLC2.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-JDTKYLUX.js";
import "./chunk-R5MDRTYS.js";
import {
  EXIT_OK,
  EXIT_USAGE,
  UsageError,
  parseCommandArgs
} from "./chunk-IEYUABLM.js";
import "./chunk-QMUWDXFR.js";

// src/cli/commands/report.ts
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
var USAGE = `Usage:
  carve report INPUT.json... --out DIR [--markdown] [--carving FILE]... [--comparison FILE] [--title TEXT] [--json]

Writes DIR/report.html (inline SVG, no external assets): per kernel and arch the occupancy
curve, the dynamic instruction mix and the roofline position; with --carving, the carving
scatter (efficiency vs utilization) with its frontier.
  INPUT.json   Carve reports (carve analyze --json), e.g. one per arch
  --markdown   also write DIR/report.md
  --carving    a carving result ({variants: [{parameters, efficiency, utilization, survivor, frontier}]})
  --comparison a comparison (carve compare --json, the Action's comparison.json): its carving
               frontiers (base vs head of the spaces a pull request touched)
  --title      page title (default "Carve performance report")
  --json       print {"files": [...], "reports": N, "kernels": N} instead of the list of files
Exit codes: 0 written, 2 usage or input error (a file that is not a Carve report, with its JSON path).`;
function loadCarving(file, cwd) {
  const json = readJsonFile(file, cwd);
  if (!json.ok) return json;
  const value = json.value;
  if (!value || typeof value !== "object" || !Array.isArray(value.variants))
    return { ok: false, error: `${file}: expected {variants: [...]} (a carving result)` };
  const bad = value.variants.findIndex(
    (v) => !v || typeof v !== "object" || typeof v.parameters !== "object"
  );
  if (bad >= 0) return { ok: false, error: `${file}: /variants/${bad} needs a parameters object` };
  return { ok: true, value };
}
function loadFrontiers(file, cwd) {
  const json = readJsonFile(file, cwd);
  if (!json.ok) return json;
  const value = json.value;
  if (!value || typeof value !== "object" || Array.isArray(value))
    return { ok: false, error: `${file}: expected a comparison object ({kernels, findings, carving?})` };
  if (value.carving === void 0) return { ok: true, value: null };
  if (!value.carving || !Array.isArray(value.carving.frontiers) || !Array.isArray(value.carving.skipped))
    return { ok: false, error: `${file}: /carving needs frontiers and skipped arrays` };
  return { ok: true, value: value.carving };
}
var reportCommand = {
  name: "report",
  summary: "Write a self-contained HTML (and markdown) performance report from Carve reports",
  usage: USAGE,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      out: { type: "string" },
      markdown: { type: "boolean" },
      carving: { type: "string", multiple: true },
      comparison: { type: "string" },
      title: { type: "string" },
      json: { type: "boolean" }
    });
    if (!values.out) throw new UsageError("--out DIR is required");
    if (positionals.length === 0) throw new UsageError("expected at least one INPUT.json");
    const reports = positionals.map((file) => loadReportFile(file, io.cwd));
    const carving = (values.carving ?? []).map((file) => loadCarving(file, io.cwd));
    const comparison = values.comparison ? loadFrontiers(values.comparison, io.cwd) : { ok: true, value: null };
    const errors = [...reports, ...carving, comparison].flatMap((r) => r.ok ? [] : [r.error]);
    if (errors.length) {
      io.stderr(`carve report: ${errors.join("\n")}
`);
      return EXIT_USAGE;
    }
    const input = {
      title: values.title ?? "Carve performance report",
      reports: reports.map((r) => r.value),
      carving: carving.map((r) => r.value),
      frontiers: comparison.ok ? comparison.value : null
    };
    const outDir = path.resolve(io.cwd, values.out);
    mkdirSync(outDir, { recursive: true });
    const written = [path.join(outDir, "report.html")];
    writeFileSync(written[0], renderHtmlReport(input));
    if (values.markdown) {
      written.push(path.join(outDir, "report.md"));
      writeFileSync(written[1], renderMarkdownReport(input));
    }
    if (values.json) {
      io.stdout(
        JSON.stringify(
          { files: written, reports: input.reports.length, kernels: input.reports.reduce((n, r) => n + r.kernels.length, 0) },
          null,
          2
        ) + "\n"
      );
    } else {
      io.stdout(written.map((f) => `wrote ${path.relative(io.cwd, f) || f}`).join("\n") + "\n");
    }
    return EXIT_OK;
  }
};
export {
  reportCommand
};
