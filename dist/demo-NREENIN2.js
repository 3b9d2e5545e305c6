import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  git,
  runGate
} from "./chunk-ZYYWAAQ6.js";
import "./chunk-BTQO2XUW.js";
import "./chunk-ZYC3KKAW.js";
import {
  renderHtmlReport,
  renderMarkdownReport
} from "./chunk-E2VVMLC2.js";
import "./chunk-JJAMPLOU.js";
import "./chunk-SGDZVFJO.js";
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
  parseCommandArgs
} from "./chunk-IEYUABLM.js";
import "./chunk-QMUWDXFR.js";

// src/cli/commands/demo.ts
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
var USAGE = `Usage: carve demo [--artifacts | --compile] [--out DIR] [--json]

Runs the pull-request gate on the bundled example (examples/demo): a register-tiled GEMM
whose head version crosses a register cliff, a particle update whose head version reads an
array of structures (uncoalesced), and an unchanged SAXPY. Prints the PR comment Carve
would post and writes the HTML report, the markdown report and both JSON reports to DIR.

  --artifacts   read the committed PTX / cubins / ptxas logs (default when nvcc is absent)
  --compile     build both sides with nvcc (default when nvcc is found)
  --out DIR     where to write the reports (default: ./carve-demo)
  --json        print the gate result (findings, conclusion, reports) as JSON

Exit code 0 when the gate ran (whatever it found), 2 on a usage or setup error.`;
function findDemoProject(from = path.dirname(fileURLToPath(import.meta.url))) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "examples", "demo");
    if (existsSync(path.join(candidate, "carve.yml"))) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}
var GIT_IDENTITY = ["-c", "user.name=Carve demo", "-c", "user.email=demo@carve.invalid", "-c", "commit.gpgsign=false"];
function writeSide(project, side, repo) {
  rmSync(path.join(repo, "kernels"), { recursive: true, force: true });
  rmSync(path.join(repo, "artifacts"), { recursive: true, force: true });
  cpSync(path.join(project, side, "kernels"), path.join(repo, "kernels"), { recursive: true });
  cpSync(path.join(project, "artifacts", side), path.join(repo, "artifacts"), { recursive: true });
  mkdirSync(path.join(repo, ".github"), { recursive: true });
  cpSync(path.join(project, "carve.yml"), path.join(repo, ".github", "carve.yml"));
}
async function commitSide(project, side, repo) {
  writeSide(project, side, repo);
  await git(["add", "-A"], repo);
  await git([...GIT_IDENTITY, "commit", "-q", "-m", `${side} version of the demo project`], repo);
  return (await git(["rev-parse", "HEAD"], repo)).trim();
}
var demoCommand = {
  name: "demo",
  summary: "run the whole PR gate on the bundled example project and print its comment",
  usage: USAGE,
  async run(argv, io) {
    const { values } = parseCommandArgs(
      argv,
      {
        artifacts: { type: "boolean" },
        compile: { type: "boolean" },
        out: { type: "string" },
        json: { type: "boolean" }
      },
      false
    );
    if (values.artifacts && values.compile) throw new UsageError("--artifacts and --compile exclude each other");
    const project = findDemoProject();
    if (!project) {
      io.stderr("carve demo: the example project (examples/demo) is missing from this installation\n");
      return EXIT_USAGE;
    }
    const outDir = path.resolve(io.cwd, values.out ?? "carve-demo");
    const scratch = mkdtempSync(path.join(tmpdir(), "carve-demo-"));
    const repo = path.join(scratch, "repo");
    mkdirSync(repo);
    try {
      try {
        await git(["init", "-q", "-b", "main"], repo);
      } catch (error) {
        io.stderr(`carve demo: git is needed to lay out the base and head commits: ${error.message}
`);
        return EXIT_USAGE;
      }
      const baseSha = await commitSide(project, "base", repo);
      const headSha = await commitSide(project, "head", repo);
      const { config, diagnostics } = loadConfigFile(path.join(repo, ".github", "carve.yml"));
      const result = await runGate({
        workspace: repo,
        config,
        inputDiagnostics: diagnostics,
        archs: config.archs,
        failOn: config.failOn,
        comment: "always",
        // --artifacts forces committed-report mode even where nvcc is installed.
        nvcc: values.artifacts ? "none" : null,
        artifacts: values.compile ? [] : ["artifacts/**"],
        pullRequest: { baseSha, headSha },
        headSha,
        scope: "changes",
        scratchDir: path.join(scratch, "work"),
        render: { repository: null },
        log: io.isTTY ? (message) => io.stderr(`${message}
`) : void 0
      });
      if (values.compile && result.source !== "compile") {
        io.stderr("carve demo: --compile needs nvcc (on PATH or in /usr/local/cuda/bin)\n");
        return EXIT_USAGE;
      }
      mkdirSync(outDir, { recursive: true });
      const reports = [result.head, ...result.base ? [result.base] : []];
      const title = "Carve demo: head vs base";
      writeFileSync(path.join(outDir, "comment.md"), result.comment);
      writeFileSync(path.join(outDir, "report.html"), renderHtmlReport({ title, reports, carving: [] }));
      writeFileSync(path.join(outDir, "report.md"), renderMarkdownReport({ title, reports, carving: [] }));
      writeFileSync(path.join(outDir, "head.json"), JSON.stringify(result.head, null, 2) + "\n");
      if (result.base) writeFileSync(path.join(outDir, "base.json"), JSON.stringify(result.base, null, 2) + "\n");
      if (values.json) {
        io.stdout(
          JSON.stringify(
            {
              source: result.source,
              conclusion: result.conclusion,
              conclusionReason: result.conclusionReason,
              findings: result.comparison.findings,
              units: result.units,
              outDir
            },
            null,
            2
          ) + "\n"
        );
      } else {
        io.stdout(result.comment.trimEnd() + "\n\n");
        io.stdout(`---
${sourceLine(result.source, result.nvcc)}
`);
        io.stdout(`Conclusion: ${result.conclusion} (${result.conclusionReason})
`);
        io.stdout(`Wrote ${path.join(outDir, "report.html")}, report.md, comment.md, base.json and head.json.
`);
      }
      return EXIT_OK;
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
};
function sourceLine(source, nvcc) {
  if (source === "compile" && nvcc) return `Built both sides with ${nvcc.path} (${nvcc.version}).`;
  if (source === "artifacts") return "Read the committed artifacts of both sides (no nvcc used).";
  return "Nothing was analysed.";
}
export {
  demoCommand,
  findDemoProject
};
