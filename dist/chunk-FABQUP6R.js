import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  GITHUB_COMMENT_LIMIT,
  SUMMARY_LIMIT,
  conclusionFor,
  isFailing,
  renderComment,
  renderSummary,
  toAnnotations,
  toSarif
} from "./chunk-UO42EXSH.js";
import {
  VERSION
} from "./chunk-GCMX4BBX.js";

// src/pipeline/render.ts
import path from "node:path";

// src/github/comment.ts
function commentMarker(checkName = "Carve") {
  return `<!-- carve:comment-id:${encodeURIComponent(checkName)} -->`;
}
var STICKY_MARKER = commentMarker();
function withMarker(body, marker = STICKY_MARKER) {
  return body.includes(marker) ? body : `${body}

${marker}
`;
}
async function tokenLogin(client) {
  if (!identities.has(client)) identities.set(client, lookUpLogin(client));
  return identities.get(client);
}
var identities = /* @__PURE__ */ new WeakMap();
async function lookUpLogin(client) {
  try {
    const user = await client.rest.users.getAuthenticated();
    if (typeof user.data.login === "string" && user.data.login) return user.data.login;
  } catch {
  }
  try {
    const data = await client.graphql("query { viewer { login } }");
    return typeof data.viewer?.login === "string" && data.viewer.login ? data.viewer.login : null;
  } catch {
    return null;
  }
}
function writtenBy(login, self) {
  return login === self || login === `${self}[bot]` || `${login}[bot]` === self;
}
async function findStickyComment(client, ref, issueNumber, marker = STICKY_MARKER) {
  const iterator = client.paginate.iterator(client.rest.issues.listComments, {
    owner: ref.owner,
    repo: ref.repo,
    issue_number: issueNumber,
    per_page: 100
  });
  const search = { comment: null, foreign: 0, unknownIdentity: false };
  for await (const page of iterator) {
    for (const comment of page.data) {
      if (!comment.body?.includes(marker)) continue;
      const self = await tokenLogin(client);
      if (self === null) {
        search.unknownIdentity = true;
        search.foreign++;
      } else if (writtenBy(comment.user?.login, self)) {
        search.comment = { id: comment.id, body: comment.body, url: comment.html_url };
        return search;
      } else {
        search.foreign++;
      }
    }
  }
  return search;
}
async function upsertStickyComment(client, ref, issueNumber, body, marker = STICKY_MARKER, options = {}) {
  const text = withMarker(body, marker);
  const existing = (await findStickyComment(client, ref, issueNumber, marker)).comment;
  if (!existing && options.updateOnly) return null;
  if (existing) {
    if (existing.body === text) return { action: "unchanged", id: existing.id, url: existing.url };
    const updated = await client.rest.issues.updateComment({ owner: ref.owner, repo: ref.repo, comment_id: existing.id, body: text });
    return { action: "updated", id: updated.data.id, url: updated.data.html_url };
  }
  const created = await client.rest.issues.createComment({ owner: ref.owner, repo: ref.repo, issue_number: issueNumber, body: text });
  return { action: "created", id: created.data.id, url: created.data.html_url };
}

// src/pipeline/render.ts
var PROBLEMS_LIMIT = 6e3;
function renderGate(input) {
  const { options, comparison } = input;
  const errors = input.diagnostics.filter((d) => d.severity === "error");
  const findingConclusion = conclusionFor(comparison, options.failOn);
  const conclusion = errors.length ? "failure" : findingConclusion;
  const failingFindings = comparison.findings.filter((f) => isFailing(f, options.failOn)).length;
  const conclusionReason = errors.length ? `${errors.length} input or setup ${errors.length === 1 ? "error" : "errors"}: ${errors[0].message}` : failingFindings ? `${failingFindings} ${failingFindings === 1 ? "finding" : "findings"} of a fail-on kind (${options.failOn.join(", ")})` : `no finding of a fail-on kind (${options.failOn.join(", ") || "none"})`;
  const context = {
    serverUrl: options.render?.serverUrl,
    repository: options.render?.repository ?? null,
    sha: options.headSha,
    baseSha: input.baseCommit,
    failOn: options.failOn,
    fullReportUrl: options.render?.fullReportUrl ?? null,
    repoRoot: options.workspace
  };
  const problems = problemsMarkdown(input.diagnostics, options.workspace);
  const markerRoom = withMarker("", commentMarker(options.render?.checkName ?? "Carve")).length;
  const comment = renderComment(comparison, {
    ...context,
    problems,
    runErrors: errors.length,
    maxLength: GITHUB_COMMENT_LIMIT - markerRoom
  });
  const changedKernels = comparison.kernels.some((k) => k.status !== "unchanged");
  const postComment = options.comment === "always" || options.comment === "changes" && (changedKernels || comparison.findings.length > 0 || errors.length > 0) || options.comment === "failures" && conclusion === "failure";
  const details = runDetails(input);
  const summaryBody = renderSummary(comparison, { ...context, problems, runErrors: errors.length, maxLength: void 0 });
  const summary = clipBytes(["## Carve", summaryBody, details].filter(Boolean).join("\n\n"), SUMMARY_LIMIT);
  const annotations = [
    ...diagnosticAnnotations(input.diagnostics, options.workspace),
    ...toAnnotations(comparison, options.failOn, { repoRoot: options.workspace })
  ];
  return {
    source: input.source,
    nvcc: input.nvcc,
    mergeBase: input.mergeBase,
    baseCommit: input.baseCommit,
    changedFiles: input.changedFiles,
    units: input.units,
    base: input.base,
    head: input.head,
    comparison,
    conclusion,
    conclusionReason,
    findings: comparison.findings.length,
    failingFindings,
    regressions: comparison.findings.filter((f) => f.kind === "regression").length,
    comment,
    postComment,
    summary,
    annotations,
    sarif: toSarif(comparison, { failOn: options.failOn, repoRoot: options.workspace, toolVersion: VERSION }),
    diagnostics: input.diagnostics,
    notes: input.notes
  };
}
function problemsMarkdown(diagnostics, workspace) {
  const shown = diagnostics.filter((d) => d.severity !== "note");
  if (!shown.length) return "";
  const errors = shown.filter((d) => d.severity === "error").length;
  const lines = shown.map((d) => `- **${d.severity}** (${d.stage}) ${location(d, workspace)}${d.message.replace(/\n/g, " ")}`);
  const text = [
    `> [!${errors ? "CAUTION" : "WARNING"}]`,
    `> Carve ${errors ? "could not run as configured" : "ran with warnings"}:`,
    "",
    ...lines
  ].join("\n");
  return text.length <= PROBLEMS_LIMIT ? text : `${text.slice(0, PROBLEMS_LIMIT - 40)}
- \u2026 (more in the job summary)`;
}
function location(d, workspace) {
  const parts = [];
  if (d.file) parts.push(`\`${relative(d.file, workspace)}${d.line ? `:${d.line}${d.column ? `:${d.column}` : ""}` : ""}\``);
  if (d.jsonPath !== void 0) parts.push(`at \`${d.jsonPath || "/"}\``);
  return parts.length ? `${parts.join(" ")}: ` : "";
}
function relative(file, workspace) {
  return path.isAbsolute(file) && file.startsWith(workspace + path.sep) ? path.relative(workspace, file) : file;
}
function diagnosticAnnotations(diagnostics, workspace) {
  return diagnostics.filter((d) => d.file && d.line && d.severity !== "note").filter((d) => !path.isAbsolute(d.file) || d.file.startsWith(workspace + path.sep)).map((d) => ({
    path: relative(d.file, workspace),
    start_line: d.line,
    end_line: d.line,
    annotation_level: d.severity === "error" ? "failure" : "warning",
    title: `Carve ${d.stage}${d.jsonPath !== void 0 ? ` ${d.jsonPath || "/"}` : ""}`,
    message: d.message
  }));
}
function runDetails(input) {
  const lines = ["### Run details", "", ...input.notes.map((n) => `- ${n}`)];
  if (input.baseCommit)
    lines.push(`- Base side: \`${input.baseCommit.slice(0, 12)}\`${input.mergeBase ? " (merge base)" : " (PR base; merge base unknown)"}.`);
  if (input.changedFiles.length)
    lines.push(
      `- Changed files: ${input.changedFiles.slice(0, 50).map((f) => `\`${f}\``).join(", ")}${input.changedFiles.length > 50 ? ", \u2026" : ""}.`
    );
  for (const u of input.units) {
    lines.push(
      `- Unit \`${u.unit}\` (${u.side === "both" ? "base and head" : `${u.side} only`})${u.reasons.length ? `, reached by ${u.reasons.map((r) => `\`${r}\``).join(", ")}` : ""}.`
    );
  }
  return lines.length > 2 ? lines.join("\n") : "";
}
function clipBytes(text, limit) {
  if (Buffer.byteLength(text, "utf8") <= limit) return text;
  const note = "\n\n\u2026 (truncated to fit the 1 MiB job-summary limit; the JSON report has everything)";
  let end = Math.min(text.length, limit);
  while (end > 0 && Buffer.byteLength(text.slice(0, end), "utf8") > limit - note.length) end = Math.floor(end * 0.95);
  return text.slice(0, end) + note;
}

export {
  commentMarker,
  withMarker,
  upsertStickyComment,
  renderGate,
  problemsMarkdown,
  clipBytes
};
