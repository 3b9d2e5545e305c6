import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  compareTimings,
  parseTimingOutput,
  rankTimings,
  runHarness
} from "./chunk-JJAMPLOU.js";
import "./chunk-AI7SF5R3.js";
import {
  EXIT_FINDINGS,
  EXIT_OK,
  EXIT_USAGE,
  UsageError,
  parseCommandArgs
} from "./chunk-IEYUABLM.js";
import "./chunk-QMUWDXFR.js";

// src/cli/commands/time.ts
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
var USAGE = `Usage:
  carve time --manifest FILE [--cubin-dir DIR] [--json]
  carve time --compare BASE.jsonl HEAD.jsonl [--alpha 0.01] [--json]

--manifest runs the generated harness (CUDA driver API; needs a GPU, g++ and libcuda) on a
timing manifest (lines 'variant SPACE ID CUBIN KERNEL gx gy gz bx by bz SHMEM WARMUP SAMPLES'
followed by 'buffer TYPE COUNT INIT' / 'int V' / 'float V'), then ranks the variants by median
with a seeded bootstrap 95% CI. --compare reads two timing outputs (harness JSON lines or a
benchmark's JSON) and reports head/base median ratios; exit 1 when a slowdown is significant.`;
function manifestEntries(text, cubinDir) {
  const entries = [];
  for (const line of text.split("\n")) {
    const words = line.trim().split(/\s+/);
    if (words[0] === "variant") {
      const n = words.slice(5).map(Number);
      entries.push({
        space: words[1],
        id: words[2],
        cubin: path.resolve(cubinDir, words[3]),
        kernel: words[4],
        grid: [n[0], n[1], n[2]],
        block: [n[3], n[4], n[5]],
        dynamicSharedBytes: n[6],
        warmup: n[7],
        samples: n[8],
        arguments: []
      });
    } else if (entries.length && words[0] === "buffer") {
      entries[entries.length - 1].arguments.push({ kind: "buffer", type: words[1], count: Number(words[2]), init: words[3] });
    } else if (entries.length && (words[0] === "int" || words[0] === "float")) {
      entries[entries.length - 1].arguments.push({ kind: words[0], value: Number(words[1]) });
    }
  }
  return entries;
}
var timeCommand = {
  name: "time",
  summary: "time cubins with the generated driver-API harness, or compare base/head timings",
  usage: USAGE,
  async run(argv, io) {
    const { values, positionals } = parseCommandArgs(argv, {
      manifest: { type: "string" },
      "cubin-dir": { type: "string" },
      compare: { type: "boolean" },
      alpha: { type: "string" },
      json: { type: "boolean" }
    });
    if (values.compare) {
      if (positionals.length !== 2) throw new UsageError("--compare takes BASE and HEAD timing files");
      const alpha = values.alpha === void 0 ? 0.01 : Number(values.alpha);
      if (!(alpha > 0 && alpha < 1)) throw new UsageError(`--alpha must be in (0, 1), got '${values.alpha}'`);
      const [base, head] = positionals.map((file) => parseTimingOutput(readFileSync(path.resolve(io.cwd, file), "utf8"), file));
      for (const d of [...base.diagnostics, ...head.diagnostics])
        io.stderr(`${d.severity}: ${d.file ?? ""}${d.line ? `:${d.line}` : ""}: ${d.message}
`);
      const headById = new Map(head.records.map((r) => [r.variant, r]));
      const comparisons = base.records.filter((r) => r.status === "ok" && headById.get(r.variant)?.status === "ok").map((r) => ({
        variant: r.variant,
        ...compareTimings(r.samplesMs, headById.get(r.variant).samplesMs, alpha, {
          kernel: r.variant,
          seed: 1
        })
      }));
      if (values.json) io.stdout(JSON.stringify(comparisons, null, 2) + "\n");
      else
        for (const c of comparisons)
          io.stdout(
            `${c.variant}: head/base ${c.ratio.toFixed(4)} [${c.ratioCiLow.toFixed(4)}, ${c.ratioCiHigh.toFixed(4)}] p=${c.pValue.toPrecision(3)}${c.significant && c.ratio > 1 ? " SLOWER" : ""}
`
          );
      return comparisons.some((c) => c.significant && c.ratio > 1) ? EXIT_FINDINGS : EXIT_OK;
    }
    if (!values.manifest) throw new UsageError("give --manifest FILE or --compare BASE HEAD");
    let text;
    try {
      text = readFileSync(path.resolve(io.cwd, values.manifest), "utf8");
    } catch (error) {
      io.stderr(`carve time: ${error.message}
`);
      return EXIT_USAGE;
    }
    const entries = manifestEntries(text, path.resolve(io.cwd, values["cubin-dir"] ?? path.dirname(values.manifest)));
    const run = await runHarness(entries, mkdtempSync(path.join(tmpdir(), "carve-time-")));
    for (const d of run.diagnostics) io.stderr(`${d.severity}: ${d.message}
`);
    const ranking = rankTimings(
      run.records.filter((r) => r.status === "ok"),
      { seed: 1 }
    );
    if (values.json)
      io.stdout(
        JSON.stringify(
          ranking.map((r) => ({ variant: r.variant, rank: r.rank, ...r.stats })),
          null,
          2
        ) + "\n"
      );
    else
      for (const r of ranking)
        io.stdout(
          `#${r.rank} ${r.variant}: ${r.stats.medianMs.toFixed(4)} ms [${r.stats.ciLowMs.toFixed(4)}, ${r.stats.ciHighMs.toFixed(4)}] n=${r.stats.n}
`
        );
    return run.records.length === 0 ? EXIT_USAGE : EXIT_OK;
  }
};
export {
  timeCommand
};
