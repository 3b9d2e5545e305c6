import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  parseBudget
} from "./chunk-BPNFCBFD.js";
import {
  renderRetuneMarkdown,
  retune
} from "./chunk-FMDF36FW.js";
import "./chunk-ZYC3KKAW.js";
import "./chunk-E2VVMLC2.js";
import {
  parseTimingOutput
} from "./chunk-JJAMPLOU.js";
import {
  loadConfigFile
} from "./chunk-QDQCTLHS.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-LX4TWSEU.js";
import "./chunk-GCMX4BBX.js";
import "./chunk-JDTKYLUX.js";
import "./chunk-AV3RR6WT.js";
import "./chunk-R5MDRTYS.js";
import "./chunk-AI7SF5R3.js";
import {
  EXIT_OK,
  EXIT_USAGE,
  UsageError,
  intFlag,
  parseCommandArgs,
  printDiagnostics
} from "./chunk-IEYUABLM.js";
import "./chunk-QMUWDXFR.js";

// src/cli/commands/retune.ts
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
var USAGE = `Usage:
  carve retune [--config FILE] [--space NAME]... [--arch ARCH]... [--time | --timings FILE] [--budget N]
               [--json] [--out DIR] [--cache DIR] [--jobs N]

Carves each variant space of the config, runs the timed refinement stage (the survivors the
model ranks first, then the variants nearest the measured best, within carving.timingBudget of
the space) and times the space's \`current\` parameters, and proposes the fastest timed variant
when it is faster than \`current\` with p < thresholds.timingAlpha and by at least
thresholds.timingMinSlowdownPercent.
  --config     the config (default .github/carve.yml)
  --space      only these spaces (default: all)
  --arch       archs (default: the config's archs)
  --time       time on this machine: the config's timing.command, else the generated harness (GPU)
  --timings    timing results measured elsewhere (harness JSON lines or a benchmark's JSON)
  --budget     variants the timed refinement stage may time per space (a count, or a share like
               5%; default carving.timingBudget of the space); above the space size it is clamped
  --out DIR    also write DIR/retune.json and DIR/retune.md
  --cache DIR  build cache (default .carve-cache)
Without --time or --timings the survivors are listed by their static metrics and nothing is proposed.
Exit codes: 0 retune ran (whatever it proposes), 2 usage, config or input error.`;
var retuneCommand = {
  name: "retune",
  summary: "carve every variant space, time the survivors and propose a faster configuration than `current`",
  usage: USAGE,
  async run(argv, io) {
    const { values } = parseCommandArgs(
      argv,
      {
        config: { type: "string" },
        space: { type: "string", multiple: true },
        arch: { type: "string", multiple: true },
        time: { type: "boolean" },
        timings: { type: "string" },
        json: { type: "boolean" },
        out: { type: "string" },
        cache: { type: "string" },
        jobs: { type: "string" },
        budget: { type: "string" }
      },
      false
    );
    const budget = values.budget === void 0 ? null : parseBudget(values.budget);
    if (budget === null && values.budget !== void 0)
      throw new UsageError(`--budget must be a count (40) or a share of the space (5%), got '${values.budget}'`);
    if (values.time && values.timings) throw new UsageError("--time and --timings exclude each other");
    const configFile = path.resolve(io.cwd, values.config ?? ".github/carve.yml");
    if (!existsSync(configFile)) throw new UsageError(`no config at ${values.config ?? ".github/carve.yml"} (retune needs its \`spaces\`)`);
    const loaded = loadConfigFile(configFile);
    if (!loaded.valid) {
      printDiagnostics(loaded.diagnostics, io);
      return EXIT_USAGE;
    }
    let timingRecords = null;
    if (values.timings) {
      let text;
      try {
        text = readFileSync(path.resolve(io.cwd, values.timings), "utf8");
      } catch (error) {
        io.stderr(`carve retune: ${values.timings}: cannot read (${error.code ?? error.message})
`);
        return EXIT_USAGE;
      }
      const parsed = parseTimingOutput(text, values.timings);
      if (parsed.diagnostics.some((d) => d.severity === "error")) {
        printDiagnostics(parsed.diagnostics, io);
        return EXIT_USAGE;
      }
      timingRecords = parsed.records;
    }
    const config = budget && "share" in budget ? { ...loaded.config, carving: { ...loaded.config.carving, timingBudget: budget.share } } : loaded.config;
    const report = await retune({
      config,
      timingBudgetCount: budget && "count" in budget ? budget.count : void 0,
      configPath: configFile,
      archs: values.arch?.length ? values.arch : loaded.config.archs,
      spaces: values.space,
      cacheDir: path.resolve(io.cwd, values.cache ?? ".carve-cache"),
      timing: values.time || timingRecords ? "on" : "off",
      timingRecords,
      cwd: io.cwd,
      jobs: values.jobs ? intFlag(values.jobs, "--jobs") : void 0,
      progress: { write: io.stderr, isTTY: io.isTTY },
      // Coarse steps (carving a space, timing it) as plain lines; variant builds draw the shared bar.
      log: (message) => io.stderr(`${message.replace(/^carve: /, "carve retune: ")}
`)
    });
    printDiagnostics(report.diagnostics, io);
    const markdown = renderRetuneMarkdown(report, path.dirname(configFile));
    if (values.out) {
      const outDir = path.resolve(io.cwd, values.out);
      mkdirSync(outDir, { recursive: true });
      writeFileSync(path.join(outDir, "retune.json"), JSON.stringify(report, null, 2) + "\n");
      writeFileSync(path.join(outDir, "retune.md"), markdown);
    }
    io.stdout(values.json ? JSON.stringify(report, null, 2) + "\n" : markdown);
    return report.diagnostics.some((d) => d.severity === "error" && d.stage === "config") || !report.results.length ? EXIT_USAGE : EXIT_OK;
  }
};
export {
  retuneCommand
};
