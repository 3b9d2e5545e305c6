import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  harnessEntries,
  problemsMarkdown,
  refineByTiming
} from "./chunk-ZYC3KKAW.js";
import {
  compareTimings,
  harnessTimer,
  rankTimings,
  recordedTimer
} from "./chunk-JJAMPLOU.js";
import {
  carveSpace,
  pointerSegment
} from "./chunk-QDQCTLHS.js";
import {
  VERSION
} from "./chunk-GCMX4BBX.js";

// src/pipeline/retune-proposal.ts
function decideProposal(ranking, survivorIds, samples, current, parametersOf, thresholds) {
  const best = ranking.find((r) => survivorIds.includes(r.variant)) ?? null;
  if (!best) {
    return {
      best: null,
      versusCurrent: null,
      proposal: {
        action: "undecided",
        parameters: null,
        reason: ranking.length || !survivorIds.length ? "no survivor was timed" : "not timed: the survivors are ranked by the static metrics only"
      }
    };
  }
  if (!current) {
    return {
      best,
      versusCurrent: null,
      proposal: {
        action: "undecided",
        parameters: parametersOf(best.variant),
        reason: `the space sets no \`current\` parameters to compare with; the fastest variant timed is ${best.variant}`
      }
    };
  }
  if (best.variant === current.id) {
    return {
      best,
      versusCurrent: null,
      proposal: { action: "keep", parameters: current.parameters, reason: "the current parameters are the fastest variant timed" }
    };
  }
  const currentSamples = samples.get(current.id);
  if (!currentSamples?.length) {
    return {
      best,
      versusCurrent: null,
      proposal: {
        action: "undecided",
        parameters: parametersOf(best.variant),
        reason: `the current parameters (${current.id}) were not timed (${current.status}); the fastest variant timed is ${best.variant}`
      }
    };
  }
  const test = compareTimings(currentSamples, samples.get(best.variant), thresholds.timingAlpha, { kernel: best.variant, seed: 1 });
  const speedupPercent = (1 - test.ratio) * 100;
  const versusCurrent = {
    ratio: test.ratio,
    ratioCiLow: test.ratioCiLow,
    ratioCiHigh: test.ratioCiHigh,
    pValue: test.pValue,
    speedupPercent
  };
  const significant = test.pValue < thresholds.timingAlpha && test.ratioCiHigh < 1;
  const practical = speedupPercent >= thresholds.timingMinSlowdownPercent;
  if (significant && practical) {
    return {
      best,
      versusCurrent,
      proposal: {
        action: "change",
        parameters: parametersOf(best.variant),
        reason: `${best.variant} is ${speedupPercent.toFixed(1)}% faster than the current ${current.id} (median ratio ${test.ratio.toFixed(3)}, CI [${test.ratioCiLow.toFixed(3)}, ${test.ratioCiHigh.toFixed(3)}], p=${test.pValue.toPrecision(2)})`
      }
    };
  }
  if (test.pValue < thresholds.timingAlpha && test.ratioCiLow > 1) {
    return {
      best,
      versusCurrent,
      proposal: {
        action: "keep",
        parameters: current.parameters,
        reason: `the current ${current.id} (${current.status}) is ${(-speedupPercent).toFixed(1)}% faster than the fastest variant timed ${best.variant} (median ratio ${test.ratio.toFixed(3)}, CI [${test.ratioCiLow.toFixed(3)}, ${test.ratioCiHigh.toFixed(3)}], p=${test.pValue.toPrecision(2)})`
      }
    };
  }
  const why = !significant ? `not significant at alpha ${thresholds.timingAlpha} (p=${test.pValue.toPrecision(2)}, ratio CI [${test.ratioCiLow.toFixed(3)}, ${test.ratioCiHigh.toFixed(3)}])` : `below the practical threshold of ${thresholds.timingMinSlowdownPercent}%`;
  return {
    best,
    versusCurrent,
    proposal: {
      action: "keep",
      parameters: current.parameters,
      reason: `the fastest variant timed ${best.variant} differs from the current ${current.id} by ${speedupPercent.toFixed(1)}%: ${why}`
    }
  };
}

// src/pipeline/retune.ts
function currentOf(spaceName, space, configPath) {
  if (!space.current) return null;
  const names = Object.keys(space.parameters);
  const missing = names.filter((name) => !(name in space.current));
  const extra = Object.keys(space.current).filter((name) => !names.includes(name));
  if (missing.length || extra.length) {
    return {
      severity: "error",
      stage: "config",
      file: configPath,
      jsonPath: `/spaces/${pointerSegment(spaceName)}/current`,
      message: `\`current\` must give every parameter of the space and no other${missing.length ? `; missing ${missing.join(", ")}` : ""}${extra.length ? `; unknown ${extra.join(", ")}` : ""}`
    };
  }
  const parameters = Object.fromEntries(names.map((name) => [name, space.current[name]]));
  return { id: names.map((name) => `${name}=${parameters[name]}`).join(","), parameters };
}
function spaceTimer(result, builds, space, config, options) {
  if (options.timingRecords) return Object.assign(recordedTimer(options.timingRecords, result.space), { close: () => void 0 });
  return harnessTimer((ids) => harnessEntries(ids, builds, space.kernel, config.timing, result.space), {
    command: config.timing.command,
    env: { CARVE_SPACE: result.space, CARVE_ARCH: result.arch },
    cwd: options.cwd,
    log: options.log
  });
}
function refineOptions(config, space, budget = null) {
  return {
    budgetShare: budget && "share" in budget ? budget.share : config.carving.timingBudget,
    budgetCount: budget && "count" in budget ? budget.count : void 0,
    bankConflictPenalty: config.carving.bankConflictPenalty,
    parameterLists: space.parameters
  };
}
async function timeSpace(options, result, builds, space, currentId, diagnostics) {
  if (options.timing === "off") return { source: "off", records: [], refinement: null };
  const { config } = options;
  const source = options.timingRecords ? "given" : config.timing.command ? "command" : "harness";
  const timer = spaceTimer(result, builds, space, config, {
    timingRecords: options.timingRecords,
    cwd: options.cwd,
    log: (message) => options.log?.(`carve: ${result.space} (${result.arch}): ${message}`)
  });
  try {
    const budget = options.timingBudgetCount === void 0 ? null : { count: options.timingBudgetCount };
    const refinement = await refineByTiming(result, timer, refineOptions(config, space, budget));
    diagnostics.push(...refinement.diagnostics);
    const records = [...refinement.samples].map(
      ([variant, samplesMs]) => asRecord({ variant, samplesMs, status: "ok", error: null }, result.space)
    );
    if (currentId && !refinement.rounds.some((r) => r.timed.includes(currentId))) {
      const timed = await timer([currentId]);
      diagnostics.push(...timed.diagnostics);
      for (const record of timed.records) if (record.variant === currentId) records.push(asRecord(record, result.space));
    }
    return { source, records, refinement };
  } finally {
    timer.close();
  }
}
function asRecord(record, space) {
  return { ...record, space, parameters: null, registers: null, activeBlocksPerSM: null, device: null, held: null };
}
async function retune(options) {
  const { config } = options;
  const diagnostics = [];
  const results = [];
  const spaces = options.spaces ?? Object.keys(config.spaces);
  if (!spaces.length)
    diagnostics.push({
      severity: "error",
      stage: "config",
      file: options.configPath,
      jsonPath: "/spaces",
      message: "retune needs at least one variant space under `spaces`"
    });
  for (const spaceName of spaces) {
    const space = config.spaces[spaceName];
    if (!space) {
      diagnostics.push({
        severity: "error",
        stage: "config",
        file: options.configPath,
        jsonPath: "/spaces",
        message: `no space '${spaceName}' (has: ${Object.keys(config.spaces).join(", ") || "none"})`
      });
      continue;
    }
    const current = currentOf(spaceName, space, options.configPath);
    if (current && "severity" in current) {
      diagnostics.push(current);
      continue;
    }
    for (const arch of options.archs) {
      options.log?.(`carve: carving ${spaceName} for ${arch}`);
      const run = await carveSpace({
        config,
        spaceName,
        arch,
        cacheDir: options.cacheDir,
        configFile: options.configPath,
        jobs: options.jobs,
        progress: options.progress,
        root: options.root
      });
      diagnostics.push(...run.diagnostics);
      if (!run.result) continue;
      const result = run.result;
      const byId = new Map(result.variants.map((v) => [v.id, v]));
      const currentInfo = current ? { ...current, status: byId.get(current.id)?.status ?? "not in the space (excluded by a constraint or a value not listed)" } : null;
      const survivorIds = result.survivors.map((v) => v.id);
      const timed = await timeSpace(options, result, run.builds, space, currentInfo?.id ?? null, diagnostics);
      const candidateIds = timed.refinement ? timed.refinement.rounds.flatMap((r) => r.timed) : survivorIds;
      const ok = timed.records.filter((r) => r.status === "ok" && r.samplesMs.length);
      const ranking = rankTimings(ok, { seed: 1 }).map((r) => ({ variant: r.variant, rank: r.rank, ...r.stats }));
      const samples = new Map(ok.map((r) => [r.variant, r.samplesMs]));
      const parametersOf = (id) => byId.get(id)?.parameters ?? (currentInfo?.id === id ? currentInfo.parameters : null);
      results.push({
        space: spaceName,
        arch,
        kernel: space.kernel,
        total: result.total,
        steps: result.steps,
        survivors: result.survivors.map((v) => ({
          id: v.id,
          parameters: v.parameters,
          registers: v.registers,
          activeBlocksPerSM: v.activeBlocksPerSM,
          occupancy: v.occupancy,
          normalizedEfficiency: v.normalizedEfficiency,
          normalizedUtilization: v.normalizedUtilization
        })),
        current: currentInfo,
        timing: {
          source: timed.source,
          ranking,
          refinement: timed.refinement && {
            budget: timed.refinement.budget,
            timed: timed.refinement.timedCount,
            rounds: timed.refinement.rounds.length,
            notes: timed.refinement.notes,
            gpuSeconds: timed.refinement.gpuMs / 1e3
          }
        },
        ...decideProposal(ranking, candidateIds, samples, currentInfo, parametersOf, config.thresholds)
      });
    }
  }
  return { kind: "carve-retune", version: VERSION, results, diagnostics };
}
var ms = (value) => `${value.toFixed(4)} ms`;
function parametersText(parameters) {
  return parameters ? Object.entries(parameters).map(([k, v]) => `\`${k}=${v}\``).join(" ") : "\u2014";
}
function renderRetuneMarkdown(report, baseDir = ".") {
  const changes = report.results.filter((r) => r.proposal.action === "change");
  const lines = [
    "## Carve retune",
    changes.length ? `**${changes.length} of ${report.results.length} space/arch pairs have a faster configuration than \`current\`.**` : `No change proposed for ${report.results.length} space/arch pair${report.results.length === 1 ? "" : "s"}.`,
    problemsMarkdown(
      report.diagnostics.filter((d) => d.severity === "error"),
      baseDir
    )
  ];
  for (const r of report.results) {
    lines.push(
      `### ${r.space} (${r.arch}): ${r.proposal.action === "change" ? "change proposed" : r.proposal.action === "keep" ? "keep current" : "undecided"}`
    );
    lines.push(
      `${r.survivors.length} of ${r.total} variants survive carving; timing: ${r.timing.source === "off" ? "off" : `${r.timing.ranking.length} variants (${r.timing.source})`}.`
    );
    const refined = r.timing.refinement;
    if (refined)
      lines.push(
        `Timed stage: ${refined.timed} of a budget of ${refined.budget} variants in ${refined.rounds} round(s)${refined.notes.length ? ` (${refined.notes.join("; ")})` : ""}.`
      );
    if (r.proposal.action === "change")
      lines.push(`**Proposal:** ${parametersText(r.proposal.parameters)} (was ${parametersText(r.current?.parameters ?? null)}).`);
    lines.push(`${r.proposal.reason}.`);
    if (r.timing.ranking.length) {
      lines.push("| rank | variant | median | 95% CI | n | |", "|---|---|---|---|---|---|");
      for (const t of r.timing.ranking) {
        const tags = [r.best?.variant === t.variant ? "best" : "", r.current?.id === t.variant ? "current" : ""].filter(Boolean).join(", ");
        lines.push(`| ${t.rank} | \`${t.variant}\` | ${ms(t.medianMs)} | [${ms(t.ciLowMs)}, ${ms(t.ciHighMs)}] | ${t.n} | ${tags} |`);
      }
    } else {
      lines.push("| survivor | registers | blocks/SM | efficiency | utilization |", "|---|---|---|---|---|");
      for (const v of r.survivors)
        lines.push(
          `| \`${v.id}\` | ${v.registers ?? "?"} | ${v.activeBlocksPerSM ?? "?"} | ${v.normalizedEfficiency?.toFixed(3) ?? "?"} | ${v.normalizedUtilization?.toFixed(3) ?? "?"} |`
        );
    }
  }
  return lines.filter(Boolean).join("\n\n") + "\n";
}
function retuneIssueTitle(report) {
  const changes = report.results.filter((r) => r.proposal.action === "change");
  return changes.length ? `Carve retune: faster parameters for ${[...new Set(changes.map((r) => r.space))].join(", ")}` : "Carve retune: current parameters hold";
}

export {
  spaceTimer,
  refineOptions,
  retune,
  renderRetuneMarkdown,
  retuneIssueTitle
};
