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
} from "./chunk-E2VVMLC2.js";
import {
  median,
  timingStats
} from "./chunk-JJAMPLOU.js";
import {
  wavesOf
} from "./chunk-QDQCTLHS.js";
import {
  WARP_SIZE
} from "./chunk-LX4TWSEU.js";
import {
  VERSION
} from "./chunk-GCMX4BBX.js";
import {
  getArch
} from "./chunk-JDTKYLUX.js";

// src/analysis/carving/svg.ts
var WIDTH = 520;
var HEIGHT = 420;
var MARGIN = { left: 60, right: 20, top: 30, bottom: 50 };
function escapeXml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
function renderCarveSvg(result, fastestId = null) {
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (value) => MARGIN.left + value * plotWidth;
  const y = (value) => MARGIN.top + (1 - value) * plotHeight;
  const placed = result.variants.filter((v) => v.normalizedEfficiency !== null && v.normalizedUtilization !== null);
  const point = (v) => [x(v.normalizedEfficiency).toFixed(1), y(v.normalizedUtilization).toFixed(1)];
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="11">`,
    `<title>${escapeXml(`carve ${result.space} (${result.arch}): ${result.survivors.length} of ${result.total} kept`)}</title>`,
    `<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#888"/>`
  ];
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(`<text x="${x(tick).toFixed(1)}" y="${HEIGHT - MARGIN.bottom + 15}" text-anchor="middle">${tick}</text>`);
    parts.push(`<text x="${MARGIN.left - 6}" y="${(y(tick) + 4).toFixed(1)}" text-anchor="end">${tick}</text>`);
  }
  parts.push(`<text x="${MARGIN.left + plotWidth / 2}" y="${HEIGHT - 12}" text-anchor="middle">efficiency (normalised)</text>`);
  parts.push(
    `<text transform="translate(16 ${MARGIN.top + plotHeight / 2}) rotate(-90)" text-anchor="middle">utilization (normalised)</text>`
  );
  parts.push(
    `<text x="${MARGIN.left}" y="18">${escapeXml(`${result.space} on ${result.arch}: ${result.survivors.length} of ${result.total} variants kept (${result.objective})`)}</text>`
  );
  const frontier = placed.filter((v) => v.onFrontier).sort((a, b) => a.normalizedEfficiency - b.normalizedEfficiency);
  if (frontier.length > 1)
    parts.push(`<polyline fill="none" stroke="#d62728" stroke-width="1" points="${frontier.map((v) => point(v).join(",")).join(" ")}"/>`);
  for (const v of placed) {
    const [px, py] = point(v);
    const label = `<title>${escapeXml(`${v.id}: ${v.status}`)}</title>`;
    if (v.status === "survivor") parts.push(`<circle cx="${px}" cy="${py}" r="4" fill="#d62728">${label}</circle>`);
    else if (v.status.startsWith("pruned:") && v.status !== "pruned:pareto")
      parts.push(`<rect x="${Number(px) - 3}" y="${Number(py) - 3}" width="6" height="6" fill="none" stroke="#999">${label}</rect>`);
    else parts.push(`<path d="M${Number(px) - 3} ${py}h6M${px} ${Number(py) - 3}v6" stroke="#1f77b4">${label}</path>`);
    if (v.id === fastestId)
      parts.push(
        `<circle cx="${px}" cy="${py}" r="8" fill="none" stroke="#2ca02c" stroke-width="2"><title>fastest measured</title></circle>`
      );
  }
  parts.push("</svg>");
  return parts.join("\n") + "\n";
}

// src/analysis/carving/estimate.ts
var MEMORY_LATENCY_WARPS = 32;
var LOAD_BYTES_IN_FLIGHT_KNEE = 5e3;
var LOAD_IN_FLIGHT_KNEE_EXPONENT = 1.5;
var SM_PORT_SHARE_RATIO = 4;
var H100_DRAM_CURVE = {
  portShareRatio: SM_PORT_SHARE_RATIO,
  knee: LOAD_BYTES_IN_FLIGHT_KNEE,
  exponent: LOAD_IN_FLIGHT_KNEE_EXPONENT
};
function smDramRate(loadBytesInFlight, curve = H100_DRAM_CURVE) {
  if (!(loadBytesInFlight > 0)) return 0;
  const { portShareRatio: ratio, knee, exponent: p } = curve;
  return ratio / Math.pow(1 + Math.pow(ratio * knee / loadBytesInFlight, p), 1 / p);
}
function launchDramSlowdown(meanSMRate, curve = H100_DRAM_CURVE) {
  if (!(meanSMRate > 0)) return Infinity;
  const p = curve.exponent;
  return Math.pow(1 + Math.pow(1 / meanSMRate, p), 1 / p);
}
function placedLoadLatencyFactor(blocks, sms, inFlightPerBlock, curve = H100_DRAM_CURVE) {
  const perSM = Math.floor(blocks / sms);
  const withOneMore = blocks - perSM * sms;
  const rate = (n) => n > 0 ? smDramRate(n * inFlightPerBlock, curve) : 0;
  return launchDramSlowdown((withOneMore * rate(perSM + 1) + (sms - withOneMore) * rate(perSM)) / sms, curve);
}
var BLOCK_DISPATCH_CYCLES = 160;
function launchCycles(waveCycles, dispatchCycles) {
  return Math.max(waveCycles, dispatchCycles);
}
var WARP_INSTRUCTIONS_PER_SM_CYCLE = 4;
function archRates(arch) {
  let flagship;
  try {
    flagship = getArch(arch).flagship;
  } catch {
    return null;
  }
  if (!flagship.sms) return null;
  const bytesPerSMCycle = flagship.dramBandwidthGBs && flagship.smClockMHz ? flagship.dramBandwidthGBs * 1e9 / flagship.sms / (flagship.smClockMHz * 1e6) : null;
  return { sms: flagship.sms, bytesPerSMCycle, l2Bytes: flagship.l2Bytes };
}
var L2_RETAINED_SHARE = 0.5;
function dramBytesEstimate(v, arch, l2Bytes) {
  const footprint = v.trafficFootprint;
  const rates = footprint ? archRates(arch) : null;
  const l2 = l2Bytes ?? rates?.l2Bytes;
  if (!footprint || !rates || !l2 || !v.activeBlocksPerSM) return null;
  const blocks = v.grid[0] * v.grid[1] * v.grid[2];
  const workingSet = Math.min(blocks, v.activeBlocksPerSM * rates.sms) * footprint.loadedBytesPerBlock + footprint.sharedLoadedBytes;
  const retained = l2 * L2_RETAINED_SHARE;
  const missShare = Math.min(1, Math.max(0, (workingSet - retained) / retained));
  const reReads = Math.max(0, footprint.l2BytesPerBlock - footprint.blockFootprintBytes) * blocks;
  return footprint.launchFootprintBytes + reReads * missShare;
}
function memorySlowdownWithoutBatches(bytesPerBatch, residentWarps) {
  return bytesPerBatch === void 0 ? 1 / Math.min(1, residentWarps / MEMORY_LATENCY_WARPS) : 1;
}
function memoryCyclesOf(fractionalWaves, perBlockPerSM, activeBlocksPerSM, slowdownAt) {
  const resident = residentBlocksPerSM(fractionalWaves, activeBlocksPerSM);
  return perBlockPerSM * resident * slowdownAt(resident) * Math.max(1, fractionalWaves);
}
function residentBlocksPerSM(fractionalWaves, activeBlocksPerSM) {
  return Math.min(1, fractionalWaves) * activeBlocksPerSM;
}
var MIN_ISSUING_WARPS = WARP_INSTRUCTIONS_PER_SM_CYCLE;
function issueCyclesOf(blocks, sms, activeBlocksPerSM, warpsPerBlock, instructions, dependentCycles = 0) {
  const blocksOnBusiestSM = Math.ceil(blocks / sms);
  const fullWaves = Math.floor(blocksOnBusiestSM / activeBlocksPerSM);
  const tailBlocks = blocksOnBusiestSM - fullWaves * activeBlocksPerSM;
  const waveCycles = (warps) => Math.max(Math.max(warps, MIN_ISSUING_WARPS) * instructions / WARP_INSTRUCTIONS_PER_SM_CYCLE, dependentCycles);
  return fullWaves * waveCycles(activeBlocksPerSM * warpsPerBlock) + (tailBlocks > 0 ? waveCycles(tailBlocks * warpsPerBlock) : 0);
}
function estimateCycles(v, arch) {
  const rates = archRates(arch);
  const fractionalWaves = rates ? wavesOf(v, rates.sms) : null;
  if (rates === null || fractionalWaves === null || v.instructions === null || !v.activeBlocksPerSM) return null;
  const blocks = v.grid[0] * v.grid[1] * v.grid[2];
  const residentWarps = v.activeBlocksPerSM * v.warpsPerBlock;
  const waves = Math.ceil(fractionalWaves);
  const issueCyclesPerWave = residentWarps * v.instructions / WARP_INSTRUCTIONS_PER_SM_CYCLE;
  const fromFootprint = dramBytesEstimate(v, arch);
  const requested = v.globalBytesPerThread != null && v.threads != null ? v.globalBytesPerThread * v.threads : null;
  const dramBytes = fromFootprint ?? v.globalTrafficBytes ?? requested;
  const memoryFrom = fromFootprint !== null ? "footprint" : v.globalTrafficBytes !== null ? "sectors" : requested !== null ? "requested bytes" : null;
  const bytesPerBatch = v.globalLoadBytesPerBatch;
  const inFlightPerBlock = bytesPerBatch ? v.warpsPerBlock * WARP_SIZE * (v.globalLoadThreadShare ?? 1) * bytesPerBatch : null;
  const inFlightAt = (blocksPerSM) => inFlightPerBlock === null ? null : blocksPerSM * inFlightPerBlock;
  const loadSlowdownAt = (blocksPerSM) => inFlightPerBlock !== null ? placedLoadLatencyFactor(Math.round(blocksPerSM * rates.sms), rates.sms, inFlightPerBlock) : memorySlowdownWithoutBatches(bytesPerBatch, blocksPerSM * v.warpsPerBlock);
  const storeShare = v.globalStoreByteShare ?? 0;
  const slowdownAt = (blocksPerSM) => storeShare + (1 - storeShare) * loadSlowdownAt(blocksPerSM);
  const perBlockPerSM = dramBytes === null || rates.bytesPerSMCycle === null || blocks === 0 ? null : dramBytes / blocks / rates.bytesPerSMCycle;
  const memoryCyclesPerWave = perBlockPerSM === null ? null : perBlockPerSM * v.activeBlocksPerSM * slowdownAt(v.activeBlocksPerSM);
  const memoryCycles = perBlockPerSM === null ? null : memoryCyclesOf(fractionalWaves, perBlockPerSM, v.activeBlocksPerSM, slowdownAt);
  const issueCycles = issueCyclesOf(blocks, rates.sms, v.activeBlocksPerSM, v.warpsPerBlock, v.instructions, v.dependentCycles ?? 0);
  const memoryBound = memoryCycles !== null && memoryCycles > issueCycles;
  const dispatchCycles = Math.ceil(blocks / rates.sms) * BLOCK_DISPATCH_CYCLES;
  return {
    waves,
    issueCyclesPerWave,
    memoryCyclesPerWave,
    memoryCycles,
    loadBytesInFlightPerSM: inFlightAt(residentBlocksPerSM(fractionalWaves, v.activeBlocksPerSM)),
    memoryFrom: memoryCyclesPerWave === null ? null : memoryFrom,
    dispatchCycles,
    cycles: launchCycles(memoryBound ? memoryCycles : issueCycles, dispatchCycles),
    bound: memoryBound ? "memory" : "issue"
  };
}

// src/analysis/carving/refine.ts
var DEFAULT_BANK_CONFLICT_PENALTY = 0.5;
var DEFAULT_ESTIMATE_TIE_SHARE = 0.05;
function resolveBudget(total, options) {
  const notes = [];
  let budget = options.budgetCount ?? Math.max(1, Math.floor(options.budgetShare * total));
  if (budget > total) {
    notes.push(`timing budget ${budget} is above the space size (${total} variants): clamped to ${total}`);
    budget = total;
  }
  return { budget, notes };
}
function modelScore(v, arch, bankConflictPenalty = DEFAULT_BANK_CONFLICT_PENALTY) {
  if (v.efficiency === null) return -Infinity;
  const penalty = Math.pow(Math.max(1, v.bankConflictWays ?? 1), bankConflictPenalty);
  const estimate = estimateCycles(v, arch);
  return estimate ? 1 / (estimate.cycles * penalty) : v.efficiency / penalty;
}
function rankingGaps(variants, arch) {
  let requestedOnly = 0;
  let issueOnly = 0;
  let noEstimate = 0;
  for (const v of variants) {
    const estimate = estimateCycles(v, arch);
    if (estimate === null) noEstimate++;
    else if (estimate.memoryFrom === "requested bytes") requestedOnly++;
    else if (estimate.memoryCyclesPerWave === null) issueOnly++;
  }
  const parts = [];
  const unknownTraffic = "their global traffic is unknown: a global site's sectors per request are unknown";
  if (requestedOnly > 0)
    parts.push(`${requestedOnly} by the bytes their threads request, a lower bound of their traffic (${unknownTraffic})`);
  if (issueOnly > 0) parts.push(`${issueOnly} by instructions alone (${unknownTraffic})`);
  if (noEstimate > 0) parts.push(`${noEstimate} by efficiency (no cycle estimate: instructions, blocks per SM or the SM count unknown)`);
  const assumed = variants.filter((v) => v.assumedLoops !== void 0);
  if (assumed.length > 0)
    parts.push(
      `${assumed.length} by instructions and bytes that rest on loop trip counts the code does not give (${assumed[0].id}: ${assumed[0].assumedLoops})`
    );
  return parts.length ? `of the ${variants.length} variants that passed threshold carving, the model ranks ${parts.join(" and ")}` : null;
}
var ASSUMED_LOOPS_SURVIVORS_FIRST = 0.5;
function restsOnAssumedLoops(built) {
  return built.length > 0 && built.filter((v) => v.assumedLoops !== void 0).length / built.length > ASSUMED_LOOPS_SURVIVORS_FIRST;
}
function valueLists(variants, given) {
  if (given) return given;
  const lists = {};
  for (const v of variants) {
    for (const [name, value] of Object.entries(v.parameters)) {
      const list = lists[name] ??= [];
      if (!list.includes(value)) list.push(value);
    }
  }
  for (const list of Object.values(lists)) {
    if (list.every((x) => typeof x === "number")) list.sort((a, b) => Number(a) - Number(b));
  }
  return lists;
}
function parameterDistance(a, b, lists) {
  let distance = 0;
  for (const [name, list] of Object.entries(lists)) {
    const i = list.indexOf(a.parameters[name]);
    const j = list.indexOf(b.parameters[name]);
    distance += i < 0 || j < 0 ? list.length : Math.abs(i - j);
  }
  return distance;
}
function byResidentWarps(ordered, count) {
  const groups = /* @__PURE__ */ new Map();
  for (const v of ordered) {
    const residentWarps = (v.activeBlocksPerSM ?? 0) * v.warpsPerBlock;
    const group = groups.get(residentWarps);
    if (group) group.push(v);
    else groups.set(residentWarps, [v]);
  }
  const longest = Math.max(0, ...[...groups.values()].map((group) => group.length));
  const taken = [];
  for (let depth = 0; depth < longest && taken.length < count; depth++)
    for (const group of groups.values()) if (depth < group.length) taken.push(group[depth]);
  return taken.slice(0, count);
}
function blockSizeOutsideGuideRange(v) {
  const threads = v.block[0] * v.block[1] * v.block[2];
  return threads < 128 || threads > 256 ? 1 : 0;
}
function modelRanks(variants, arch, bankConflictPenalty, tieShare) {
  const scores = new Map(variants.map((v) => [v.id, modelScore(v, arch, bankConflictPenalty)]));
  const byScore = [...variants].sort((a, b) => scores.get(b.id) - scores.get(a.id) || a.index - b.index);
  const ordered = [];
  for (let start = 0; start < byScore.length; ) {
    const floor = scores.get(byScore[start].id) / (1 + tieShare);
    let end = start + 1;
    while (end < byScore.length && scores.get(byScore[end].id) >= floor) end++;
    const group = byScore.slice(start, end).sort(
      (a, b) => blockSizeOutsideGuideRange(a) - blockSizeOutsideGuideRange(b) || scores.get(b.id) - scores.get(a.id) || (b.utilization ?? 0) - (a.utilization ?? 0) || a.index - b.index
    );
    ordered.push(...group);
    start = end;
  }
  return new Map(ordered.map((v, rank) => [v.id, rank]));
}
async function refineByTiming(result, timer, options) {
  const { budget, notes } = resolveBudget(result.total, options);
  const penalty = options.bankConflictPenalty ?? DEFAULT_BANK_CONFLICT_PENALTY;
  const rankOf = modelRanks(result.variants, result.arch, penalty, options.estimateTieShare ?? DEFAULT_ESTIMATE_TIE_SHARE);
  const byModel = (a, b) => rankOf.get(a.id) - rankOf.get(b.id);
  const eligible = result.variants.filter((v) => v.status === "survivor" || v.status === "merged" || v.status === "pruned:pareto");
  if (eligible.length < budget)
    notes.push(`${eligible.length} variants passed threshold carving, fewer than the budget of ${budget}: all of them are timed`);
  const builtEligible = eligible.filter((v) => v.built);
  const rankedBlind = rankingGaps(builtEligible, result.arch);
  if (rankedBlind) notes.push(rankedBlind);
  const lists = valueLists(result.variants, options.parameterLists);
  const samples = /* @__PURE__ */ new Map();
  const sourceOf = /* @__PURE__ */ new Map();
  const attempted = /* @__PURE__ */ new Set();
  const rounds = [];
  const diagnostics = [];
  const timeRound = async (batch2, center) => {
    const round = rounds.length + 1;
    const ids = batch2.map((b) => b.id);
    for (const { id, source } of batch2) {
      attempted.add(id);
      sourceOf.set(id, { source, round });
    }
    const timed = await timer(ids);
    diagnostics.push(...timed.diagnostics);
    for (const record of timed.records) {
      if (record.status === "ok" && record.samplesMs.length && attempted.has(record.variant)) samples.set(record.variant, record.samplesMs);
    }
    rounds.push({ round, center, timed: ids });
  };
  const measuredBest = () => {
    let best = null;
    let bestMs = Infinity;
    for (const [id, s] of samples) {
      const ms = median(s);
      if (ms < bestMs) {
        best = id;
        bestMs = ms;
      }
    }
    return best;
  };
  const survivors = [...result.survivors].filter((v) => v.built).sort(byModel);
  const firstBudget = Math.min(budget, Math.max(1, Math.ceil(budget * (options.survivorShare ?? 0.5))));
  const survivorsFirst = restsOnAssumedLoops(builtEligible);
  const frontierBudget = survivorsFirst ? firstBudget : Math.min(firstBudget - 1, Math.ceil(budget * (options.frontierShare ?? 0.25)));
  const fromFrontier = survivors.slice(0, frontierBudget);
  const taken = new Set(fromFrontier.map((v) => v.id));
  const ranked = byResidentWarps(builtEligible.filter((v) => !taken.has(v.id)).sort(byModel), firstBudget - fromFrontier.length);
  if (survivors.length > fromFrontier.length)
    notes.push(
      `${survivors.length} ${survivors.length === 1 ? "survivor" : "survivors"}, ${fromFrontier.length ? `${fromFrontier.length} timed (the model's first${survivorsFirst ? "; most estimates rest on assumed loop counts, so the survivors take the first round" : ""})` : "none timed first"}; ${ranked.length} more of the model's first among the variants that passed threshold carving, then the rest of the budget searches around the measured best`
    );
  const first = [
    ...fromFrontier.map((v) => ({ id: v.id, source: "survivor" })),
    ...ranked.map((v) => ({ id: v.id, source: "ranked" }))
  ];
  if (first.length) await timeRound(first, null);
  let batch = Math.ceil((budget - attempted.size) / 2);
  while (attempted.size < budget) {
    const centerId = measuredBest();
    const center = centerId ? eligible.find((v) => v.id === centerId) ?? result.variants.find((v) => v.id === centerId) : void 0;
    const candidates = eligible.filter((v) => !attempted.has(v.id));
    if (!candidates.length) break;
    const ordered = center ? candidates.map((v) => ({ v, d: parameterDistance(v, center, lists) })).sort((a, b) => a.d - b.d || byModel(a.v, b.v)).map((x) => x.v) : candidates.sort(byModel);
    const take = ordered.slice(0, Math.max(1, Math.min(batch, budget - attempted.size)));
    await timeRound(
      take.map((v) => ({ id: v.id, source: "nearest" })),
      centerId
    );
    batch = Math.max(1, Math.floor(batch / 2));
  }
  const ranking = [...samples.entries()].map(([variant, s]) => ({
    variant,
    ...timingStats(s, { seed: options.seed ?? 1 }),
    ...sourceOf.get(variant)
  })).sort((a, b) => a.medianMs - b.medianMs || a.variant.localeCompare(b.variant)).map((t, i) => ({ ...t, rank: i + 1 }));
  const gpuMs = [...samples.values()].reduce((sum, s) => sum + s.reduce((a, b) => a + b, 0), 0);
  return { budget, timedCount: attempted.size, notes, rounds, ranking, best: ranking[0] ?? null, gpuMs, samples, diagnostics };
}

// src/analysis/carving/harness-entries.ts
function harnessEntries(ids, builds, kernel, timing, space) {
  const byId = new Map(builds.map((b) => [b.variant.id, b]));
  const entries = [];
  for (const id of ids) {
    const build = byId.get(id);
    if (!build?.ok || !build.cubinPath) continue;
    const symbol = build.resources.find(
      (r) => r.isEntry && (r.name === kernel || r.displayName === kernel || r.displayName.startsWith(`${kernel}(`) || r.displayName.startsWith(`${kernel}<`))
    )?.name ?? kernel;
    entries.push({
      space,
      id,
      cubin: build.cubinPath,
      kernel: symbol,
      grid: build.variant.grid,
      block: build.variant.block,
      dynamicSharedBytes: build.variant.dynamicSharedBytes,
      arguments: build.variant.arguments,
      warmup: timing.warmup,
      samples: timing.samples
    });
  }
  return entries;
}

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
  clipBytes,
  renderCarveSvg,
  harnessEntries,
  refineByTiming
};
