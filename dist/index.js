import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  completeCheckRun,
  createGitHubClient,
  debug,
  describeApiError,
  emitAnnotations,
  error,
  getInput,
  info,
  notice,
  parseEvent,
  publishResults,
  readEventFile,
  runRetune,
  setFailed,
  setOutput,
  setSecret,
  startCheck,
  warning,
  writeSummary
} from "./chunk-W2XKDUY3.js";
import {
  failureLine
} from "./chunk-BDIJX6FT.js";
import {
  commentMarker,
  git,
  onInterrupt,
  problemsMarkdown,
  runGate,
  withMarker
} from "./chunk-AE4MRKC7.js";
import {
  FINDING_KINDS
} from "./chunk-YZDUGGFF.js";
import {
  defaultConfig,
  loadConfigFile,
  parseConfigText
} from "./chunk-YICOGIGF.js";
import "./chunk-YQ3MCREF.js";
import "./chunk-GWD27O4R.js";
import "./chunk-HOBP3URJ.js";
import {
  VERSION
} from "./chunk-GCMX4BBX.js";
import {
  KNOWN_ARCHS,
  UnknownArchError,
  getArch
} from "./chunk-GHBDCHLJ.js";
import "./chunk-WI4B7AXD.js";
import "./chunk-AI7SF5R3.js";
import "./chunk-QMUWDXFR.js";

// src/action/run.ts
import { existsSync as existsSync2, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path4 from "node:path";

// src/action/inputs.ts
var MODES = ["gate", "analyze", "publish", "retune", "report"];
var COMMENT_POLICIES = ["always", "changes", "failures", "never"];
function listInput(value) {
  return value.split(/[\s,]+/).map((item) => item.trim()).filter(Boolean);
}
function inputDiagnostic(name, message) {
  return { severity: "error", stage: "config", jsonPath: `inputs.${name}`, message: `input \`${name}\`: ${message}` };
}
function readInputs(getInput2) {
  const diagnostics = [];
  const get = (name) => getInput2(name).trim();
  const modeText = get("mode") || "gate";
  const mode = MODES.includes(modeText) ? modeText : "gate";
  if (mode !== modeText) diagnostics.push(inputDiagnostic("mode", `'${modeText}' is not one of ${MODES.join(", ")}; running as gate`));
  const archs = [];
  for (const arch of listInput(get("arch"))) {
    try {
      getArch(arch);
      archs.push(arch.replace(/^compute_/, "sm_"));
    } catch (error2) {
      if (!(error2 instanceof UnknownArchError)) throw error2;
      diagnostics.push(inputDiagnostic("arch", `unknown architecture '${arch}' (known: ${KNOWN_ARCHS.join(", ")})`));
    }
  }
  let failOn = null;
  if (get("fail-on")) {
    failOn = [];
    for (const kind of listInput(get("fail-on"))) {
      if (kind === "none") continue;
      if (FINDING_KINDS.includes(kind)) failOn.push(kind);
      else diagnostics.push(inputDiagnostic("fail-on", `unknown finding kind '${kind}' (known: ${FINDING_KINDS.join(", ")}, or none)`));
    }
  }
  const commentText = get("comment");
  let comment = null;
  if (commentText) {
    if (COMMENT_POLICIES.includes(commentText)) comment = commentText;
    else diagnostics.push(inputDiagnostic("comment", `'${commentText}' is not one of ${COMMENT_POLICIES.join(", ")}`));
  }
  const timingText = get("timing") || "off";
  const timing = timingText === "on" || timingText === "true" ? "on" : "off";
  if (!["on", "off", "true", "false"].includes(timingText)) diagnostics.push(inputDiagnostic("timing", `'${timingText}' is not on or off; timing stays off`));
  const sarifText = get("sarif") || "false";
  if (!["true", "false"].includes(sarifText)) diagnostics.push(inputDiagnostic("sarif", `'${sarifText}' is not true or false`));
  return {
    inputs: {
      config: get("config") || ".github/carve.yml",
      mode,
      archs: [...new Set(archs)],
      token: get("github-token"),
      failOn,
      comment,
      timing,
      nvcc: get("nvcc") || null,
      // Globs may contain commas in braces ({a,b}); split artifacts on newlines only.
      artifacts: getInput2("artifacts").split("\n").map((line) => line.trim()).filter(Boolean),
      reportDir: get("report-dir") || "carve-report",
      sarif: sarifText === "true",
      checkName: get("check-name") || "Carve"
    },
    diagnostics
  };
}

// src/action/files.ts
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
var FILES = {
  report: "report.json",
  baseReport: "base-report.json",
  comparison: "comparison.json",
  comment: "comment.md",
  summary: "summary.md",
  gate: "gate.json",
  event: "event.json",
  sarif: "carve.sarif"
};
function writeReportDir(dir, files) {
  mkdirSync(dir, { recursive: true });
  const write = (name, text) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const json = (value) => JSON.stringify(value, null, 2) + "\n";
  const reportPath = write(FILES.report, json(files.head));
  if (files.base) write(FILES.baseReport, json(files.base));
  write(FILES.comparison, json(files.comparison));
  const commentPath = write(FILES.comment, files.comment);
  const summaryPath = write(FILES.summary, files.summary);
  write(FILES.gate, json(files.gate));
  for (const [name, text] of Object.entries(files.extraFiles ?? {})) {
    if (/^[A-Za-z0-9._-]+$/.test(name) && !name.startsWith(".")) write(name, text);
  }
  if (files.eventPath && existsSync(files.eventPath)) copyFileSync(files.eventPath, path.join(dir, FILES.event));
  const sarifPath = files.sarif ? write(FILES.sarif, json(files.sarif)) : null;
  return { reportPath, commentPath, summaryPath, sarifPath };
}
function readReportDirFile(dir, name) {
  const file = path.join(dir, name);
  if (!existsSync(file)) return { ok: false, message: `${file} is missing (did the analyze job upload the report directory?)` };
  return { ok: true, value: readFileSync(file, "utf8") };
}
function parseGateRecord(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (error2) {
    return { ok: false, message: `gate.json is not JSON: ${error2.message}` };
  }
  if (data?.kind !== "carve-gate") return { ok: false, message: "gate.json: /kind must be carve-gate" };
  if (data.conclusion !== "success" && data.conclusion !== "failure") return { ok: false, message: "gate.json: /conclusion must be success or failure" };
  if (!Array.isArray(data.annotations)) return { ok: false, message: "gate.json: /annotations must be an array" };
  const levels = /* @__PURE__ */ new Set(["notice", "warning", "failure"]);
  for (const [index, a] of data.annotations.entries()) {
    if (typeof a?.path !== "string" || typeof a.start_line !== "number" || typeof a.end_line !== "number" || !levels.has(String(a.annotation_level)) || typeof a.message !== "string") {
      return { ok: false, message: `gate.json: /annotations/${index} is not a check-run annotation` };
    }
  }
  for (const key of ["findings", "failingFindings", "regressions"]) {
    if (typeof data[key] !== "number") return { ok: false, message: `gate.json: /${key} must be a number` };
  }
  return { ok: true, value: data };
}

// src/action/publish.ts
import { readFileSync as readFileSync2 } from "node:fs";
import path2 from "node:path";
function githubTarget(inputs, event, env, headSha = event.sha, pullRequest = event.pullRequest?.number ?? null) {
  if (!inputs.token || !event.repository) return null;
  const retryBase = Number(env.CARVE_GITHUB_RETRY_BASE_MS);
  const client = createGitHubClient(inputs.token, {
    baseUrl: env.GITHUB_API_URL || void 0,
    retryBaseMs: Number.isFinite(retryBase) && retryBase > 0 ? retryBase : void 0,
    log: (message) => info(`carve: ${message}`)
  });
  const target = { client, ref: event.repository, pullRequest, headSha, checkName: inputs.checkName };
  return { target, start: (warnings) => startCheck(target, warnings) };
}
function checkTitle(record) {
  if (record.conclusion === "failure" && record.failingFindings === 0) return "Carve could not run as configured";
  if (!record.findings) return "No performance findings";
  return `${record.findings} ${record.findings === 1 ? "finding" : "findings"}, ${record.failingFindings} failing`;
}
async function publishGate(github, result, record, checkRunId, warnings, policy) {
  return publishResults(github.target, {
    comment: result.postComment ? result.comment : null,
    refreshExisting: policy === "never" ? null : result.comment,
    check: { conclusion: record.conclusion, title: checkTitle(record), summary: result.summary, annotations: record.annotations }
  }, checkRunId, warnings);
}
async function publishFromReportDir(input) {
  const problems = [...input.inputDiagnostics];
  const fail = async (message) => {
    problems.push({ severity: "error", stage: "github", message });
    for (const d of problems) error(d.message, { title: "carve publish" });
    await writeSummary(["## Carve", problemsMarkdown(problems, input.reportDir)].join("\n\n"), [], input.env);
    setOutput("conclusion", "failure");
    setFailed(`carve: ${message}`);
  };
  const gateText = readReportDirFile(input.reportDir, FILES.gate);
  const commentText = readReportDirFile(input.reportDir, FILES.comment);
  const summaryText = readReportDirFile(input.reportDir, FILES.summary);
  const eventText = readReportDirFile(input.reportDir, FILES.event);
  for (const read of [gateText, commentText, summaryText, eventText]) if (!read.ok) return fail(read.message);
  const record = parseGateRecord(gateText.value);
  if (!record.ok) return fail(record.message);
  let uploadedPayload;
  try {
    uploadedPayload = JSON.parse(eventText.value);
  } catch (error2) {
    return fail(`${FILES.event} is not JSON: ${error2.message}`);
  }
  const uploaded = parseEvent(uploadedPayload, "pull_request", input.env);
  const trustedHead = workflowRunHeadSha(input.env) ?? input.event.sha;
  const pr = uploaded.pullRequest;
  if (!pr) return fail(`${FILES.event} is not a pull_request event`);
  if (trustedHead && pr.headSha !== trustedHead) {
    return fail(`the uploaded event is for head ${pr.headSha.slice(0, 12)}, but this workflow_run is for ${trustedHead.slice(0, 12)}: refusing to post`);
  }
  const repository = input.event.repository ?? uploaded.repository;
  const github = githubTarget(input.inputs, { ...input.event, repository }, input.env, trustedHead ?? pr.headSha, pr.number);
  const warnings = [];
  const summary = summaryText.value;
  if (github) {
    const outcome = await publishResults(github.target, {
      comment: record.value.postComment ? commentText.value : null,
      refreshExisting: commentText.value,
      check: { conclusion: record.value.conclusion, title: checkTitle(record.value), summary, annotations: record.value.annotations }
    }, null, warnings);
    if (outcome.comment) info(`carve: comment ${outcome.comment.action} (${outcome.comment.url})`);
    if (outcome.checkRunId === null) emitAnnotations(record.value.annotations);
  } else {
    warnings.push("no github-token: nothing was posted");
    emitAnnotations(record.value.annotations);
  }
  for (const warning2 of warnings) warning(`carve: ${warning2}`);
  await writeSummary(summary, warnings, input.env);
  setOutput("comment-path", path2.join(input.reportDir, FILES.comment));
  setOutput("report-path", path2.join(input.reportDir, FILES.report));
  setOutput("findings", String(record.value.findings));
  setOutput("regressions", String(record.value.regressions));
  setOutput("conclusion", record.value.conclusion);
}
function workflowRunHeadSha(env) {
  if (env.GITHUB_EVENT_NAME !== "workflow_run" || !env.GITHUB_EVENT_PATH) return null;
  try {
    const payload = JSON.parse(readFileSync2(env.GITHUB_EVENT_PATH, "utf8"));
    return typeof payload.workflow_run?.head_sha === "string" ? payload.workflow_run.head_sha : null;
  } catch {
    return null;
  }
}

// src/action/trusted.ts
import path3 from "node:path";
var EXECUTING_FIELDS = ["nvcc.path", "nvcc.flags", "include", "timing.command"];
async function baseConfig(workspace, configPath, baseSha) {
  const relative = path3.relative(workspace, configPath).split(path3.sep).join("/");
  let text = "{}";
  try {
    const listed = await git(["ls-tree", "--name-only", baseSha, "--", relative], workspace);
    if (listed.trim()) text = await git(["show", `${baseSha}:${relative}`], workspace);
  } catch {
    return null;
  }
  const parsed = parseConfigText(text, `${relative}@${baseSha.slice(0, 12)}`, path3.dirname(configPath));
  return { config: parsed.config, diagnostics: parsed.diagnostics };
}
function withTrustedFields(head, base) {
  const ignored = [];
  const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  if (!same(head.nvcc.path, base.nvcc.path)) ignored.push("nvcc.path");
  if (!same(head.nvcc.flags, base.nvcc.flags)) ignored.push("nvcc.flags");
  if (!same(head.include, base.include)) ignored.push("include");
  if (!same(head.timing.command, base.timing.command)) ignored.push("timing.command");
  const config = {
    ...head,
    include: [...base.include],
    nvcc: { ...head.nvcc, flags: [...base.nvcc.flags], path: base.nvcc.path },
    timing: { ...head.timing, command: base.timing.command }
  };
  if (base.nvcc.path === void 0) delete config.nvcc.path;
  if (base.timing.command === void 0) delete config.timing.command;
  return { config, ignored };
}
var APPROVAL = /^\s*\/carve approve ([0-9a-f]{12,40})\s*$/im;
var WRITERS = /* @__PURE__ */ new Set(["admin", "maintain", "write"]);
async function timingApproval(client, ref, pullRequest, headSha) {
  let comments;
  try {
    comments = await client.paginate(client.rest.issues.listComments, { ...ref, issue_number: pullRequest, per_page: 100 });
  } catch (error2) {
    return { approvedBy: null, reason: `could not read the pull request's comments: ${describeApiError(error2)}` };
  }
  const candidates = comments.map((c) => ({ login: c.user?.login ?? "", sha: APPROVAL.exec(c.body ?? "")?.[1] })).filter((c) => c.login && c.sha && headSha.toLowerCase().startsWith(c.sha));
  for (const candidate of candidates) {
    try {
      const { data } = await client.rest.repos.getCollaboratorPermissionLevel({ ...ref, username: candidate.login });
      if (WRITERS.has(data.permission)) return { approvedBy: candidate.login, reason: `approved by @${candidate.login} for ${headSha.slice(0, 12)}` };
    } catch {
    }
  }
  return { approvedBy: null, reason: `no \`/carve approve ${headSha.slice(0, 12)}\` comment by a user with write access to the repository` };
}

// src/action/run.ts
async function runAction(env = process.env) {
  const { inputs, diagnostics: inputDiagnostics } = readInputs((name) => getInput(name));
  if (inputs.token) setSecret(inputs.token);
  const workspace = path4.resolve(env.GITHUB_WORKSPACE ?? process.cwd());
  const reportDir = path4.resolve(workspace, inputs.reportDir);
  const { event, diagnostics: eventDiagnostics } = readEventFile(env.GITHUB_EVENT_PATH, env.GITHUB_EVENT_NAME ?? "", env);
  setOutput("report-dir", reportDir);
  if (inputs.mode === "publish") {
    await publishFromReportDir({ inputs, reportDir, event, env, inputDiagnostics: [...inputDiagnostics, ...eventDiagnostics] });
    return;
  }
  const configPath = path4.resolve(workspace, inputs.config);
  const loaded = loadConfigFile(configPath);
  let config = loaded.config;
  const notes = [];
  const diagnostics = [...inputDiagnostics, ...eventDiagnostics, ...loaded.diagnostics];
  if (inputs.mode !== "report" && event.pullRequest) {
    const base = await baseConfig(workspace, configPath, event.pullRequest.baseSha);
    const trusted = withTrustedFields(config, base?.config ?? defaultConfig(path4.dirname(configPath)));
    config = trusted.config;
    if (!base) diagnostics.push({ severity: "warning", stage: "config", file: inputs.config, message: `the base commit's config could not be read: ${EXECUTING_FIELDS.join(", ")} take their defaults` });
    if (trusted.ignored.length) {
      const message = `the pull request changes ${trusted.ignored.map((f) => `\`${f}\``).join(", ")} in \`${inputs.config}\`: ignored here, the base branch's values apply (see docs/security.md)`;
      diagnostics.push({ severity: "note", stage: "config", file: inputs.config, jsonPath: `/${trusted.ignored[0].replace(".", "/")}`, message });
      notice(`carve: ${message}`);
      notes.push(message.charAt(0).toUpperCase() + message.slice(1) + ".");
    }
  }
  if (!loaded.diagnostics.length && !existsSync2(configPath)) {
    notes.push(`No config at \`${inputs.config}\`: defaults apply (block size from __launch_bounds__, else the occupancy sweep with ${config.defaultBlockSize} threads for findings).`);
  }
  const archs = inputs.archs.length ? inputs.archs : config.archs;
  const failOn = inputs.failOn ?? config.failOn;
  if (inputs.mode === "retune") {
    await runRetune({
      config,
      configPath,
      archs,
      reportDir,
      diagnostics,
      timing: inputs.timing,
      token: inputs.token,
      repository: event.repository,
      key: inputs.checkName,
      env,
      cwd: workspace
    });
    return;
  }
  const scratchDir = mkdtempSync(path4.join(env.RUNNER_TEMP ?? tmpdir(), "carve-"));
  const forgetScratch = onInterrupt(() => rmSync(scratchDir, { recursive: true, force: true }));
  const target = inputs.mode === "gate" ? githubTarget(inputs, event, env) : null;
  const publishWarnings = [];
  let checkRunId = null;
  try {
    checkRunId = target ? await target.start(publishWarnings) : null;
    const timingOn = inputs.timing === "on" && await timingAllowed(target, event, notes);
    const pullRequest = inputs.mode === "report" || !event.pullRequest ? null : { baseSha: event.pullRequest.baseSha, headSha: event.pullRequest.headSha };
    if (inputs.mode !== "report" && !event.pullRequest) notes.push(`Event \`${event.eventName || "unknown"}\` is not a pull request: every unit at the head commit was analysed, with no base to compare with.`);
    const result = await runGate({
      workspace,
      config,
      inputDiagnostics: diagnostics,
      archs,
      failOn,
      comment: inputs.comment ?? config.comment,
      nvcc: inputs.nvcc ?? config.nvcc.path ?? null,
      artifacts: inputs.artifacts.length ? inputs.artifacts : config.artifacts,
      pullRequest,
      headSha: event.sha,
      timingOn,
      notes,
      scope: pullRequest ? "changes" : "all",
      scratchDir,
      render: { serverUrl: env.GITHUB_SERVER_URL, repository: env.GITHUB_REPOSITORY ?? null, fullReportUrl: runUrl(env), checkName: inputs.checkName },
      log: (message) => info(message)
    });
    result.comment = withMarker(result.comment, commentMarker(inputs.checkName));
    const record = gateRecord(result, event);
    const written = writeReportDir(reportDir, {
      head: result.head,
      base: result.base,
      comparison: result.comparison,
      comment: result.comment,
      summary: result.summary,
      gate: record,
      sarif: inputs.sarif ? result.sarif : null,
      eventPath: env.GITHUB_EVENT_PATH,
      extraFiles: result.extraFiles
    });
    let checkPublished = false;
    if (target) {
      const outcome = await publishGate(target, result, record, checkRunId, publishWarnings, inputs.comment ?? config.comment);
      checkPublished = outcome.checkRunId !== null && outcome.annotationRequests > 0;
      if (outcome.comment) info(`carve: comment ${outcome.comment.action} (${outcome.comment.url})`);
    } else if (inputs.mode === "gate") {
      publishWarnings.push("no github-token (or no repository in the event): nothing was posted; the comment is in comment-path.");
    }
    for (const warning2 of publishWarnings) warning(`carve: ${warning2}`);
    if (!checkPublished) emitAnnotations(record.annotations);
    await writeSummary(result.summary, publishWarnings, env);
    setOutput("report-path", written.reportPath);
    setOutput("comment-path", written.commentPath);
    setOutput("summary-path", written.summaryPath);
    if (written.sarifPath) setOutput("sarif-path", written.sarifPath);
    setOutput("findings", String(result.findings));
    setOutput("regressions", String(result.regressions));
    setOutput("conclusion", result.conclusion);
    if (result.conclusion === "failure") setFailed(`carve: ${result.conclusionReason}`);
    else info(`carve: ${result.conclusionReason}`);
  } catch (error2) {
    const line = `Carve could not finish: ${failureLine(error2)}`;
    if (target && checkRunId !== null) {
      await completeCheckRun(target.target.client, target.target.ref, checkRunId, { conclusion: "failure", title: "Carve could not finish", summary: line, annotations: [] }).catch((apiError) => warning(`carve: could not complete the check run: ${describeApiError(apiError)}`));
    }
    await writeSummary(`## Carve

${line}`, publishWarnings, env).catch(() => void 0);
    setOutput("conclusion", "failure");
    throw error2;
  } finally {
    rmSync(scratchDir, { recursive: true, force: true });
    forgetScratch();
  }
}
function gateRecord(result, event) {
  return {
    kind: "carve-gate",
    version: VERSION,
    conclusion: result.conclusion,
    conclusionReason: result.conclusionReason,
    findings: result.findings,
    failingFindings: result.failingFindings,
    regressions: result.regressions,
    postComment: result.postComment,
    headSha: event.sha,
    pullRequest: event.pullRequest?.number ?? null,
    annotations: result.annotations
  };
}
async function timingAllowed(target, event, notes) {
  const pr = event.pullRequest;
  if (!pr || pr.sameRepository) return true;
  const approval = target ? await timingApproval(target.target.client, target.target.ref, pr.number, pr.headSha) : { approvedBy: null, reason: "no token to check an approval with" };
  if (approval.approvedBy) {
    warning(`carve: timing code from ${pr.headRepository ?? "a fork"} on this runner: ${approval.reason}`);
    notes.push(`Timing of fork code ${approval.reason}.`);
    return true;
  }
  notes.push(`Timing skipped: this pull request comes from ${pr.headRepository ?? "another repository"} and ${approval.reason}. A maintainer comments \`/carve approve ${pr.headSha}\` to allow it for this commit.`);
  return false;
}
function runUrl(env) {
  if (!env.GITHUB_REPOSITORY || !env.GITHUB_RUN_ID) return null;
  return `${(env.GITHUB_SERVER_URL ?? "https://github.com").replace(/\/+$/, "")}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`;
}

// src/main.ts
async function run() {
  try {
    await runAction();
  } catch (error2) {
    debug(`carve: ${error2.stack ?? String(error2)}`);
    setFailed(`carve: internal error: ${failureLine(error2)}`);
  }
}

// src/index.ts
await run();
