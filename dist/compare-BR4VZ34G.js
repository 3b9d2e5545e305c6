import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  loadReportFile,
  readJsonFile
} from "./chunk-IO6RL7OU.js";
import {
  Checkouts,
  carveRevisions,
  compareReports,
  git,
  onInterrupt,
  reportAtRevision,
  sideCoverageErrors
} from "./chunk-ZYYWAAQ6.js";
import "./chunk-BTQO2XUW.js";
import "./chunk-ZYC3KKAW.js";
import {
  FINDING_KINDS,
  conclusionFor,
  levelOf,
  renderComment,
  renderSummary,
  toSarif
} from "./chunk-E2VVMLC2.js";
import "./chunk-JJAMPLOU.js";
import "./chunk-SGDZVFJO.js";
import {
  defaultConfig,
  loadConfigFile
} from "./chunk-QDQCTLHS.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-LX4TWSEU.js";
import {
  VERSION
} from "./chunk-GCMX4BBX.js";
import {
  KNOWN_ARCHS,
  UnknownArchError,
  getArch
} from "./chunk-JDTKYLUX.js";
import "./chunk-AV3RR6WT.js";
import "./chunk-R5MDRTYS.js";
import "./chunk-AI7SF5R3.js";
import {
  EXIT_FINDINGS,
  EXIT_OK,
  EXIT_USAGE,
  UsageError,
  intFlag,
  parseCommandArgs,
  printDiagnostics
} from "./chunk-IEYUABLM.js";
import "./chunk-QMUWDXFR.js";

// src/cli/commands/compare.ts
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// src/cli/progress.ts
function stepLog(write, isTTY, title = "carve") {
  let count = 0;
  let drawn = false;
  return {
    step(message) {
      count++;
      if (isTTY) {
        write(`\r${title} [${count}] ${message}\x1B[K`);
        drawn = true;
      } else {
        write(`${title}: ${message}
`);
      }
    },
    done() {
      if (drawn) write("\n");
      drawn = false;
    }
  };
}

// src/cli/commands/compare.ts
var fileResolver = async (spec, side, io) => {
  if (side === "base" && spec === "none") return { ok: true, value: null };
  return loadReportFile(spec, io.cwd);
};
function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
var reportOrRevisionResolver = async (spec, side, io, config, options = { archs: null, nvcc: null }) => {
  if (side === "base" && spec === "none") return { ok: true, value: null };
  if (isFile(path.resolve(io.cwd, spec)) || /\.json$/i.test(spec)) return loadReportFile(spec, io.cwd);
  let repoRoot;
  try {
    repoRoot = (await git(["rev-parse", "--show-toplevel"], io.cwd)).trim();
  } catch {
    return { ok: false, error: `${spec}: neither a report file nor a git revision (${io.cwd} is not in a git repository)` };
  }
  const scratchDir = mkdtempSync(path.join(tmpdir(), "carve-compare-"));
  const forgetScratch = onInterrupt(() => rmSync(scratchDir, { recursive: true, force: true }));
  const progress = stepLog(io.stderr, io.isTTY, `carve compare (${side} ${spec})`);
  try {
    const { report, diagnostics } = await reportAtRevision({
      repoRoot,
      revision: spec,
      side,
      config,
      archs: options.archs ?? config.archs,
      nvcc: options.nvcc ?? config.nvcc.path ?? null,
      artifacts: config.artifacts,
      scratchDir,
      log: (message) => progress.step(message),
      jobs: options.jobs ?? void 0,
      checkouts: options.checkouts
    });
    progress.done();
    if (!report) return { ok: false, error: diagnostics.map((d) => d.message).join("\n") || `${spec}: no report` };
    return { ok: true, value: report };
  } finally {
    rmSync(scratchDir, { recursive: true, force: true });
    forgetScratch();
  }
};
function parseArchs(values) {
  if (!values?.length) return null;
  const archs = values.flatMap((v) => v.split(/[\s,]+/)).filter(Boolean);
  for (const arch of archs) {
    try {
      getArch(arch);
    } catch (error) {
      if (error instanceof UnknownArchError)
        throw new UsageError(`--arch: unknown architecture '${arch}' (known: ${KNOWN_ARCHS.join(", ")})`);
      throw error;
    }
  }
  return [...new Set(archs.map((a) => a.replace(/^compute_/, "sm_")))];
}
var USAGE = `Usage:
  carve compare BASE HEAD [--config FILE] [--fail-on KINDS] [--json] [--arch ARCH]... [--nvcc PATH|none]
                [--comment-out FILE] [--summary-out FILE] [--sarif FILE] [--timing FILE] [--time] [--jobs N]

Compares two Carve reports and prints the findings, as the Action's gate does.
  BASE, HEAD       Carve JSON report files (carve analyze --json), or git revisions of the
                   repository here (main, HEAD~1, a SHA): every unit matching the config's
                   sources is built at that revision in a temporary worktree (or, with no
                   nvcc, its committed artifacts are read); BASE 'none' gives a head-only comparison.
                   With two revisions, every config space whose source (or a header it includes)
                   changed is carved at both and the frontiers compared (carving.maxVariantsPerPr)
  --config         config for thresholds, failOn, sources and archs (default: .github/carve.yml
                   when it exists, else built-in defaults)
  --arch           archs to build revisions for (default: the config's archs)
  --nvcc           nvcc for revisions (default: config nvcc.path, PATH, /usr/local/cuda); none: artifacts
  --jobs N         nvcc builds at once for revisions, each analysed after it (in worker threads
                   when N > 1; default: CARVE_JOBS, else one per core); the report is the same
                   for every N
  --fail-on        comma-separated finding kinds that fail (default: config failOn), or none:
                   ${FINDING_KINDS.join(", ")}
  --json           print the Comparison JSON instead of text
  --comment-out    write the PR comment markdown to FILE
  --summary-out    write the job-summary markdown to FILE
  --sarif          write SARIF 2.1.0 to FILE
  --timing         JSON array of timing comparisons (carve time) to test for regressions
  --time           with two revisions: time the touched spaces' survivors of both sides on this
                   machine's GPU (driver-API harness, base and head interleaved) and report a
                   regression when head's fastest survivor is slower than base's
Exit codes: 0 no failing findings, 1 a finding's kind is in --fail-on or a side has no kernels
(every build failed), 2 usage or input error.`;
var DEFAULT_CONFIG = ".github/carve.yml";
function parseFailOn(text) {
  if (text.trim() === "none") return [];
  const kinds = text.split(",").map((k) => k.trim()).filter(Boolean);
  const unknown = kinds.filter((k) => !FINDING_KINDS.includes(k));
  if (unknown.length) throw new UsageError(`--fail-on: unknown finding kind(s) ${unknown.join(", ")}; known: ${FINDING_KINDS.join(", ")}`);
  return kinds;
}
function loadTiming(file, cwd) {
  const json = readJsonFile(file, cwd);
  if (!json.ok) return json;
  const value = json.value;
  const valid = Array.isArray(value) && value.every(
    (t) => t && typeof t.kernel === "string" && typeof t.arch === "string" && typeof t.ratio === "number" && typeof t.pValue === "number" && t.base && t.head
  );
  return valid ? { ok: true, value } : {
    ok: false,
    error: `${file}: expected a JSON array of timing comparisons {kernel, arch, base, head, ratio, ratioCiLow, ratioCiHigh, pValue}`
  };
}
function formatFindings(comparison, failOn) {
  const lines = [];
  for (const f of comparison.findings) {
    const level = levelOf(f, failOn);
    const tag = level === "failure" ? "FAIL" : level === "warning" ? "WARN" : "NOTE";
    const where = f.file ? ` ${path.basename(f.file)}${f.line !== null ? `:${f.line}` : ""}` : "";
    lines.push(`${tag} ${f.kind} ${f.displayName} (${f.arch})${where}: ${f.title}`, `  ${f.message}`);
    if (f.remedy) lines.push(`  remedy: ${f.remedy}`);
  }
  const failing = comparison.findings.filter((f) => levelOf(f, failOn) === "failure").length;
  const statuses = ["changed", "added", "removed", "unchanged"].map((s) => `${comparison.kernels.filter((k) => k.status === s).length} ${s}`).join(", ");
  lines.push(
    `${comparison.findings.length} findings (${failing} failing) in ${comparison.kernels.length} kernels: ${statuses}${comparison.headOnly ? " (head-only)" : ""}`
  );
  return lines.join("\n") + "\n";
}
var isReportSpec = (spec, cwd) => isFile(path.resolve(cwd, spec)) || /\.json$/i.test(spec);
var revisionCarver = async (baseSpec, headSpec, io, config, options) => {
  if (!Object.keys(config.spaces).length || baseSpec === "none") return null;
  if (isReportSpec(baseSpec, io.cwd) || isReportSpec(headSpec, io.cwd)) return null;
  const names = Object.keys(config.spaces);
  if ((options.nvcc ?? config.nvcc.path) === "none") {
    const note = "carving needs a build: --nvcc none reads committed artifacts, so no space was carved";
    return {
      summary: { frontiers: [], skipped: names.map((space) => ({ space, reason: note })), variantsCarved: 0, note },
      findings: [],
      diagnostics: []
    };
  }
  const repoRoot = (await git(["rev-parse", "--show-toplevel"], io.cwd)).trim();
  const scratchDir = mkdtempSync(path.join(tmpdir(), "carve-compare-spaces-"));
  const progress = stepLog(io.stderr, io.isTTY, "carve compare (spaces)");
  try {
    const result = await carveRevisions({
      repoRoot,
      baseRevision: baseSpec,
      headRevision: headSpec,
      config,
      archs: options.archs ?? config.archs,
      cacheDir: path.join(repoRoot, ".carve-cache"),
      scratchDir,
      time: options.time,
      log: (message) => progress.step(message),
      checkouts: options.checkouts
    });
    progress.done();
    return {
      summary: { frontiers: result.frontiers, skipped: result.skipped, variantsCarved: result.variantsCarved, note: result.note },
      findings: result.findings,
      diagnostics: result.diagnostics
    };
  } finally {
    rmSync(scratchDir, { recursive: true, force: true });
  }
};
function compareCommandWith(resolve, carveSpaces = null) {
  return {
    name: "compare",
    summary: "Compare two Carve reports and list findings (cliffs, uncoalesced access, spills, ...)",
    usage: USAGE,
    async run(argv, io) {
      const { values, positionals } = parseCommandArgs(argv, {
        config: { type: "string" },
        "fail-on": { type: "string" },
        json: { type: "boolean" },
        "comment-out": { type: "string" },
        "summary-out": { type: "string" },
        sarif: { type: "string" },
        timing: { type: "string" },
        arch: { type: "string", multiple: true },
        nvcc: { type: "string" },
        time: { type: "boolean" },
        jobs: { type: "string" }
      });
      if (positionals.length !== 2) throw new UsageError(`expected BASE and HEAD, got ${positionals.length} argument(s)`);
      const jobs = values.jobs === void 0 ? null : intFlag(values.jobs, "--jobs");
      if (jobs !== null && jobs < 1) throw new UsageError(`--jobs must be at least 1, got ${jobs}`);
      const checkouts = new Checkouts(tmpdir());
      try {
        return await compare({ archs: parseArchs(values.arch), nvcc: values.nvcc ?? null, jobs, checkouts });
      } finally {
        await checkouts.dispose();
      }
      async function compare(resolveOptions) {
        let config = defaultConfig(io.cwd);
        const configFile = values.config ?? (existsSync(path.resolve(io.cwd, DEFAULT_CONFIG)) ? DEFAULT_CONFIG : null);
        if (configFile) {
          const loaded = loadConfigFile(path.resolve(io.cwd, configFile));
          if (!loaded.valid) {
            io.stderr(
              loaded.diagnostics.map((d) => `${d.file ?? configFile}${d.line ? `:${d.line}:${d.column ?? 1}` : ""}: ${d.message}`).join("\n") + "\n"
            );
            return EXIT_USAGE;
          }
          config = loaded.config;
        }
        const failOn = values["fail-on"] !== void 0 ? parseFailOn(values["fail-on"]) : config.failOn;
        const base = await resolve(positionals[0], "base", io, config, resolveOptions);
        const head = await resolve(positionals[1], "head", io, config, resolveOptions);
        const timing = values.timing ? loadTiming(values.timing, io.cwd) : { ok: true, value: [] };
        const errors = [base, head, timing].flatMap((r) => r.ok ? [] : [r.error]);
        if (errors.length || !base.ok || !head.ok || !timing.ok) {
          io.stderr(`carve compare: ${errors.join("\n")}
`);
          return EXIT_USAGE;
        }
        if (head.value === null) {
          io.stderr("carve compare: HEAD must be a report\n");
          return EXIT_USAGE;
        }
        const comparison = compareReports(base.value, head.value, config, timing.value);
        const carving = carveSpaces ? await carveSpaces(positionals[0], positionals[1], io, config, { ...resolveOptions, time: values.time === true }) : null;
        if (carving) {
          comparison.carving = carving.summary;
          comparison.findings.push(...carving.findings);
          printDiagnostics(carving.diagnostics, io);
        }
        const coverage = sideCoverageErrors({ base: base.value, head: head.value });
        for (const d of coverage) io.stderr(`carve compare: error: ${d.message}
`);
        const context = { failOn, repoRoot: io.cwd };
        if (values["comment-out"]) writeFileSync(path.resolve(io.cwd, values["comment-out"]), renderComment(comparison, context));
        if (values["summary-out"]) writeFileSync(path.resolve(io.cwd, values["summary-out"]), renderSummary(comparison, context));
        if (values.sarif)
          writeFileSync(
            path.resolve(io.cwd, values.sarif),
            JSON.stringify(toSarif(comparison, { failOn, repoRoot: io.cwd, toolVersion: VERSION }), null, 2) + "\n"
          );
        io.stdout(values.json ? JSON.stringify(comparison, null, 2) + "\n" : formatFindings(comparison, failOn));
        return coverage.length || conclusionFor(comparison, failOn) === "failure" ? EXIT_FINDINGS : EXIT_OK;
      }
    }
  };
}
var compareCommand = compareCommandWith(reportOrRevisionResolver, revisionCarver);
export {
  compareCommand,
  compareCommandWith,
  fileResolver,
  formatFindings,
  reportOrRevisionResolver,
  revisionCarver
};
