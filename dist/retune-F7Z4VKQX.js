import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  renderRetuneMarkdown,
  retune
} from "./chunk-W2XKDUY3.js";
import "./chunk-AE4MRKC7.js";
import "./chunk-YZDUGGFF.js";
import {
  loadConfigFile
} from "./chunk-YICOGIGF.js";
import "./chunk-YQ3MCREF.js";
import {
  parseTimingOutput
} from "./chunk-GWD27O4R.js";
import "./chunk-HOBP3URJ.js";
import "./chunk-GCMX4BBX.js";
import "./chunk-GHBDCHLJ.js";
import "./chunk-WI4B7AXD.js";
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
  carve retune [--config FILE] [--space NAME]... [--arch ARCH]... [--time | --timings FILE]
               [--json] [--out DIR] [--cache DIR] [--jobs N]

Carves each variant space of the config, times the survivors and the space's \`current\`
parameters, and proposes the fastest survivor when it is faster than \`current\` with
p < thresholds.timingAlpha and by at least thresholds.timingMinSlowdownPercent.
  --config     the config (default .github/carve.yml)
  --space      only these spaces (default: all)
  --arch       archs (default: the config's archs)
  --time       time on this machine: the config's timing.command, else the generated harness (GPU)
  --timings    timing results measured elsewhere (harness JSON lines or a benchmark's JSON)
  --out DIR    also write DIR/retune.json and DIR/retune.md
  --cache DIR  build cache (default .carve-cache)
Without --time or --timings the survivors are listed by their static metrics and nothing is proposed.
Exit codes: 0 retune ran (whatever it proposes), 2 usage, config or input error.`;
var retuneCommand = {
  name: "retune",
  summary: "carve every variant space, time the survivors and propose a faster configuration than `current`",
  usage: USAGE,
  async run(argv, io) {
    const { values } = parseCommandArgs(argv, {
      config: { type: "string" },
      space: { type: "string", multiple: true },
      arch: { type: "string", multiple: true },
      time: { type: "boolean" },
      timings: { type: "string" },
      json: { type: "boolean" },
      out: { type: "string" },
      cache: { type: "string" },
      jobs: { type: "string" }
    }, false);
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
    const report = await retune({
      config: loaded.config,
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
