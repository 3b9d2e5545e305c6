import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  jsonSyntaxError
} from "./chunk-BTQO2XUW.js";
import {
  harnessEntries,
  renderCarveSvg,
  renderGate
} from "./chunk-ZYC3KKAW.js";
import {
  reportSchemaErrors
} from "./chunk-E2VVMLC2.js";
import {
  buildHarness,
  compareTimings,
  median,
  runExternalBenchmark,
  runHarnessBinary
} from "./chunk-JJAMPLOU.js";
import {
  analysisFailure,
  analyzeOne,
  analyzeUnitJob,
  pathMapper,
  require_picomatch,
  sideReport
} from "./chunk-SGDZVFJO.js";
import {
  buildIncludeGraph,
  carveSpace,
  createAnalysisPool,
  enumerateSpace,
  escapeReason,
  escapingIncludes,
  safeFolderName,
  unitsReaching
} from "./chunk-QDQCTLHS.js";
import {
  VERSION
} from "./chunk-GCMX4BBX.js";
import {
  getArch
} from "./chunk-JDTKYLUX.js";
import {
  compileCuda,
  findNvcc,
  launchBoundsFromPtx,
  parsePtxasLog,
  readCubin,
  readSassLinesFile
} from "./chunk-AV3RR6WT.js";
import {
  overSizeLimit
} from "./chunk-R5MDRTYS.js";
import {
  childEnv
} from "./chunk-AI7SF5R3.js";
import {
  __toESM
} from "./chunk-QMUWDXFR.js";

// src/discover/interrupt.ts
var pending = /* @__PURE__ */ new Set();
var installed = false;
function onInterrupt(cleanup) {
  if (!installed) {
    installed = true;
    for (const signal of ["SIGINT", "SIGTERM"]) {
      process.once(signal, () => {
        for (const run of [...pending].reverse()) {
          try {
            run();
          } catch {
          }
        }
        process.exit(signal === "SIGINT" ? 130 : 143);
      });
    }
  }
  pending.add(cleanup);
  return () => pending.delete(cleanup);
}

// src/analysis/compare/kernels.ts
function kernelKey(kernel) {
  return `${kernel.name}@${kernel.arch}`;
}
var POSITION_KEYS = /* @__PURE__ */ new Set(["file", "line", "column", "offset", "diagnostics", "source", "nullReasons"]);
function kernelFingerprint(kernel) {
  return JSON.stringify(
    kernel,
    (key, value) => POSITION_KEYS.has(key) ? void 0 : typeof value === "string" ? value.replace(/\bline \d+/g, "line #") : value
  );
}
function unmangledName(kernel) {
  let depth = 0;
  let end = kernel.displayName.length;
  for (let i = 0; i < kernel.displayName.length; i++) {
    const c = kernel.displayName[i];
    if (c === "<") depth++;
    else if (c === ">") depth--;
    else if (c === "(" && depth === 0) {
      end = i;
      break;
    }
  }
  const head = kernel.displayName.slice(0, end).replace(/<.*>/, "").trim();
  return head.slice(head.lastIndexOf(" ") + 1);
}
function pairUnique(base, head, key, paired, used) {
  const count = (list) => {
    const counts = /* @__PURE__ */ new Map();
    for (const k of list) counts.set(key(k), [...counts.get(key(k)) ?? [], k]);
    return counts;
  };
  const baseByKey = count(base.filter((k) => !used.has(k)));
  const headByKey = count(head.filter((k) => !paired.has(k)));
  for (const [k, heads] of headByKey) {
    const bases = baseByKey.get(k);
    if (heads.length !== 1 || bases?.length !== 1) continue;
    paired.set(heads[0], bases[0]);
    used.add(bases[0]);
  }
}
function pairKernels(base, head) {
  const baseKernels = base?.kernels ?? [];
  const paired = /* @__PURE__ */ new Map();
  const used = /* @__PURE__ */ new Set();
  const keys = [(k) => `${k.file ?? ""}|${kernelKey(k)}`, kernelKey, (k) => `${k.file ?? ""}|${unmangledName(k)}@${k.arch}`];
  for (const key of keys) pairUnique(baseKernels, head.kernels, key, paired, used);
  const pairs = [];
  for (const kernel of head.kernels) {
    const before = paired.get(kernel) ?? null;
    pairs.push({
      name: kernel.name,
      displayName: kernel.displayName,
      arch: kernel.arch,
      status: before === null ? "added" : before.name === kernel.name && kernelFingerprint(before) === kernelFingerprint(kernel) ? "unchanged" : "changed",
      base: before,
      head: kernel
    });
  }
  for (const kernel of baseKernels) {
    if (used.has(kernel)) continue;
    pairs.push({ name: kernel.name, displayName: kernel.displayName, arch: kernel.arch, status: "removed", base: kernel, head: null });
  }
  return pairs;
}

// src/analysis/compare/format.ts
function percent(fraction) {
  return `${Number((fraction * 100).toFixed(1))}%`;
}
function signed(value) {
  return value > 0 ? `+${value}` : `${value}`;
}
function round(value, digits = 2) {
  return Number(value.toFixed(digits));
}
function plural(count, singular, pluralForm = `${singular}s`) {
  return `${count} ${Math.abs(count) === 1 ? singular : pluralForm}`;
}
function where(file, line) {
  if (!file) return "(no source line)";
  return line !== null ? `${basename(file)}:${line}` : basename(file);
}
function basename(file) {
  const parts = file.split(/[\\/]/);
  return parts[parts.length - 1] || file;
}

// src/analysis/compare/remedies.ts
function registerCliffRemedy(blockSize, blocksWanted, registerCap) {
  const cap = registerCap !== null ? ` (at most ${registerCap} registers/thread)` : "";
  return `Cap registers so ${blocksWanted} blocks of ${blockSize} threads fit${cap}: \`__launch_bounds__(${blockSize}, ${blocksWanted})\`` + (registerCap !== null ? ` or \`-maxrregcount=${registerCap}\`` : "") + ", or keep fewer values live (recompute cheap values, shrink per-thread register tiles, avoid unroll/prefetch that holds extra values); check that the cap does not introduce spills (resource balancing, Ryoo et al. \xA73.6).";
}
function sharedCliffRemedy(blocksWanted, sharedCap) {
  const cap = sharedCap !== null ? ` to at most ${sharedCap} B per block` : "";
  return `Reduce shared memory${cap} so ${blocksWanted} blocks fit per SM: smaller tiles, reuse one buffer across phases, or keep the tile in registers (tile size trades reuse against occupancy, Ryoo et al. \xA73.5).`;
}
function headroomRemedy(resource) {
  return resource === "registers" ? "No action needed yet; the next added live value loses a block/SM. Pin the budget with `__launch_bounds__(threads, minBlocks)` so the compiler keeps it." : "No action needed yet; a slightly larger tile loses a block/SM. Size shared buffers from the block size so growth is deliberate.";
}
function accessRemedy(accessClass, kind, sectors) {
  if (kind === "atomic") {
    return "Privatize: accumulate into per-block copies in shared memory (shared atomics) and commit them to global memory once per block (privatization, Stratton et al. \xA73.2).";
  }
  if (accessClass === "strided" && (sectors === null || sectors < 32)) {
    return "Lanes read one field of consecutive structures: store that field contiguously (array-of-structures to structure-of-arrays, data layout transformation, Stratton et al. \xA73.7; Ryoo et al. \xA73.1).";
  }
  return "Each lane touches its own sector (e.g. walking a column of a row-major matrix): load a coalesced tile into shared memory and read it transposed there, or make threadIdx.x index the contiguous dimension (tiling, Stratton et al. \xA73.1; Ryoo et al. \xA73.1).";
}
function structureRemedy(fields, stride) {
  return `Lanes read ${fields} fields of consecutive ${stride}-byte structures (array of structures): store each field in its own array (structure of arrays, \`x[i]\`, \`vx[i]\`, ...) so consecutive lanes read consecutive elements (data layout transformation, Stratton et al. \xA73.7; Ryoo et al. \xA73.1); where the layout must stay, load the structures of a block into shared memory with coalesced loads and read the fields there.`;
}
function bankConflictRemedy(ways) {
  return `Pad the shared array's row by one element (e.g. \`[32][33]\` instead of \`[32][32]\`) so the ${ways} lanes that share a bank map to different banks.`;
}
function spillRemedy() {
  return "Spills go to local memory (DRAM through L1): keep fewer values live, avoid dynamically indexed per-thread arrays (they live in local memory), relax a too-tight `__launch_bounds__`/`-maxrregcount`, or move large per-thread arrays to shared memory (resource balancing, Ryoo et al. \xA73.6).";
}
function growthRemedy(what) {
  if (what === "instructions") {
    return "Reduce dynamic instructions: hoist loop-invariant code, unroll loops with constant trip counts, coarsen work per thread to amortize index arithmetic (Ryoo et al. \xA73.2; granularity coarsening, Stratton et al. \xA73.8).";
  }
  if (what === "registers")
    return "Check whether the new live values are needed; the next register cliff is reported separately when it is close.";
  return "Check whether the larger shared buffers are needed; the next shared-memory cliff is reported separately when it is close.";
}
function divergenceRemedy() {
  return "Make the branch condition uniform across a warp (branch on warp-level indices, sort or bin work so neighbouring lanes take the same path: regularization, Stratton et al. \xA73.5), or compute both sides with predication when they are short.";
}
function regressionRemedy() {
  return "Compare the static findings for this kernel above; if none explain it, profile both versions with Nsight Compute (memory throughput, achieved occupancy, stall reasons).";
}
function buildRemedy() {
  return "Fix the build error; the other kernels were still analysed.";
}
function localMemoryRemedy() {
  return "Index per-thread arrays with compile-time constants (fully unroll the loops that index them) so ptxas keeps them in registers, or move the array to shared memory (one slice per thread); `ptxas -v` shows the stack frame.";
}

// src/analysis/compare/resource-findings.ts
function dropCause(base, head, headOcc) {
  const registers = (head.resources?.registers ?? 0) - (base.resources?.registers ?? 0);
  const shared = headOcc.allocatedSharedBytesPerBlock - (base.occupancy?.allocatedSharedBytesPerBlock ?? 0);
  if (headOcc.limiter.includes("registers") && registers > 0) return { text: `${signed(registers)} registers`, resource: "registers" };
  if (headOcc.limiter.includes("sharedMemory") && shared > 0)
    return { text: `${signed(shared)} B shared memory`, resource: "sharedMemory" };
  if (base.occupancy && base.occupancy.blockSize !== headOcc.blockSize)
    return { text: `block ${base.occupancy.blockSize} \u2192 ${headOcc.blockSize} threads`, resource: "block" };
  if (registers > 0) return { text: `${signed(registers)} registers`, resource: "registers" };
  if (shared > 0) return { text: `${signed(shared)} B shared memory`, resource: "sharedMemory" };
  return { text: "resources changed", resource: "other" };
}
function occupancyDrop(base, head) {
  const baseOcc = base.occupancy;
  const headOcc = head.occupancy;
  if (!baseOcc || !headOcc || headOcc.activeWarpsPerSM >= baseOcc.activeWarpsPerSM) return null;
  const cause = dropCause(base, head, headOcc);
  const blocks = baseOcc.blockSize === headOcc.blockSize ? `${baseOcc.activeBlocksPerSM} \u2192 ${headOcc.activeBlocksPerSM} blocks/SM` : `${baseOcc.activeWarpsPerSM} \u2192 ${headOcc.activeWarpsPerSM} active warps/SM`;
  const wanted = blocksRestoring(baseOcc, headOcc, head.arch);
  const registerCap = head.resources && head.cliffs?.registers.shedToGain != null && head.cliffs.registers.blocksAfterGain === wanted ? head.resources.registers - head.cliffs.registers.shedToGain : null;
  const sharedCap = head.cliffs?.sharedMemory.shedToGain != null && head.cliffs.sharedMemory.blocksAfterGain === wanted ? headOcc.allocatedSharedBytesPerBlock - head.cliffs.sharedMemory.shedToGain : null;
  return {
    kind: "cliff",
    severity: "failure",
    title: `${cause.text} \u2192 ${blocks} (occupancy ${percent(baseOcc.occupancy)} \u2192 ${percent(headOcc.occupancy)})`,
    message: `At ${headOcc.blockSize} threads/block, active warps/SM fell from ${baseOcc.activeWarpsPerSM} to ${headOcc.activeWarpsPerSM}; registers/thread ${base.resources?.registers ?? "?"} \u2192 ${head.resources?.registers ?? "?"}, shared/block ${baseOcc.allocatedSharedBytesPerBlock} \u2192 ${headOcc.allocatedSharedBytesPerBlock} B (allocated); limiter now ${headOcc.limiter.join(", ")}.`,
    evidence: {
      blockSize: headOcc.blockSize,
      registersBase: base.resources?.registers ?? null,
      registersHead: head.resources?.registers ?? null,
      sharedBytesBase: baseOcc.allocatedSharedBytesPerBlock,
      sharedBytesHead: headOcc.allocatedSharedBytesPerBlock,
      blocksPerSMBase: baseOcc.activeBlocksPerSM,
      blocksPerSMHead: headOcc.activeBlocksPerSM,
      warpsPerSMBase: baseOcc.activeWarpsPerSM,
      warpsPerSMHead: headOcc.activeWarpsPerSM,
      occupancyBase: baseOcc.occupancy,
      occupancyHead: headOcc.occupancy,
      limiterHead: headOcc.limiter.join(","),
      cause: cause.resource
    },
    remedy: cause.resource === "sharedMemory" ? sharedCliffRemedy(wanted, sharedCap) : registerCliffRemedy(headOcc.blockSize, wanted, cause.resource === "registers" ? registerCap : null)
  };
}
function blocksRestoring(baseOcc, headOcc, arch) {
  const wanted = Math.ceil(baseOcc.activeWarpsPerSM / headOcc.warpsPerBlock);
  let limit = wanted;
  try {
    const spec = getArch(arch);
    limit = Math.min(Math.floor(spec.maxThreadsPerSM / headOcc.blockSize), spec.maxBlocksPerSM);
  } catch {
  }
  return Math.max(1, Math.min(wanted, limit));
}
function headroomFindings(base, head, thresholds) {
  const findings = [];
  const occ = head.occupancy;
  if (!occ || !head.cliffs) return findings;
  const sides = [
    { resource: "registers", threshold: thresholds.registerHeadroom, unit: "register", units: "registers" },
    { resource: "sharedMemory", threshold: thresholds.sharedHeadroomBytes, unit: "B", units: "B" }
  ];
  for (const side2 of sides) {
    const cliff = head.cliffs[side2.resource];
    if (cliff.headroom === null || cliff.blocksAfterDrop === null || cliff.headroom > side2.threshold) continue;
    const baseCliff = base?.cliffs?.[side2.resource];
    const wasAsClose = baseCliff && baseCliff.headroom !== null && baseCliff.headroom <= cliff.headroom && base?.occupancy?.activeBlocksPerSM === occ.activeBlocksPerSM;
    if (wasAsClose) continue;
    const step = cliff.headroom + 1;
    const amount = side2.resource === "registers" ? plural(step, "register") : `${step} B shared memory`;
    const left = side2.resource === "registers" ? plural(cliff.headroom, "register") : `${cliff.headroom} B`;
    findings.push({
      kind: "cliff",
      severity: "notice",
      title: `+${amount} \u2192 ${occ.activeBlocksPerSM} \u2192 ${cliff.blocksAfterDrop} blocks/SM (headroom ${left})`,
      message: `At ${occ.blockSize} threads/block the kernel runs ${occ.activeBlocksPerSM} blocks/SM (occupancy ${percent(occ.occupancy)}); it can add ${left} before dropping to ${cliff.blocksAfterDrop} blocks/SM` + (baseCliff?.headroom != null ? ` (base headroom ${baseCliff.headroom} ${side2.units}).` : "."),
      evidence: {
        resource: side2.resource,
        blockSize: occ.blockSize,
        headroom: cliff.headroom,
        headroomBase: baseCliff?.headroom ?? null,
        threshold: side2.threshold,
        blocksPerSM: occ.activeBlocksPerSM,
        blocksAfterDrop: cliff.blocksAfterDrop,
        registersHead: head.resources?.registers ?? null
      },
      remedy: headroomRemedy(side2.resource)
    });
  }
  return findings;
}
function spillBytes(kernel) {
  const r = kernel?.resources;
  if (!r || r.spillStoreBytes === null || r.spillLoadBytes === null) return null;
  return r.spillStoreBytes + r.spillLoadBytes;
}
function spillFinding(base, head) {
  const headSpill = spillBytes(head);
  if (headSpill === null || headSpill === 0 || !head.resources) return null;
  const baseSpill = spillBytes(base);
  if (baseSpill !== null && headSpill <= baseSpill) return null;
  const r = head.resources;
  const b = baseSpill !== null ? base?.resources ?? null : null;
  const stores = b ? `${b.spillStoreBytes} \u2192 ${r.spillStoreBytes}` : `${r.spillStoreBytes}`;
  const loads = b ? `${b.spillLoadBytes} \u2192 ${r.spillLoadBytes}` : `${r.spillLoadBytes}`;
  return {
    kind: "spill",
    severity: "failure",
    title: `${baseSpill ? "spills grew" : "spills"}: ${stores} B stores, ${loads} B loads per thread`,
    message: `ptxas spills registers to local memory at ${r.registers} registers/thread (local ${r.localBytes} B/thread, stack frame ${r.stackFrameBytes} B)` + (base?.resources && baseSpill === null ? "; the base side does not record spills." : "."),
    evidence: {
      spillStoreBytesBase: b?.spillStoreBytes ?? null,
      spillStoreBytesHead: r.spillStoreBytes,
      spillLoadBytesBase: b?.spillLoadBytes ?? null,
      spillLoadBytesHead: r.spillLoadBytes,
      registersHead: r.registers,
      localBytesHead: r.localBytes
    },
    remedy: spillRemedy()
  };
}
function growthPercent(before, after) {
  if (after <= before) return null;
  return before === 0 ? Infinity : (after - before) / before * 100;
}
function growthFindings(base, head, thresholds, skip) {
  const findings = [];
  const checks = [
    {
      kind: "registers",
      before: base.resources?.registers ?? null,
      after: head.resources?.registers ?? null,
      limit: thresholds.registersGrowthPercent,
      floor: thresholds.registersGrowthMin,
      label: "registers per thread",
      unit: ""
    },
    {
      kind: "shared",
      before: base.resources?.staticSharedBytes ?? null,
      after: head.resources?.staticSharedBytes ?? null,
      limit: thresholds.sharedGrowthPercent,
      floor: thresholds.sharedGrowthMinBytes,
      label: "static shared memory per block",
      unit: " B"
    },
    {
      kind: "instructions",
      before: base.perThread?.instructions ?? null,
      after: head.perThread?.instructions ?? null,
      limit: thresholds.instructionsGrowthPercent,
      floor: thresholds.instructionsGrowthMin,
      label: "dynamic instructions per thread",
      unit: ""
    }
  ];
  for (const check of checks) {
    if (skip.has(check.kind) || check.before === null || check.after === null) continue;
    const growth = growthPercent(check.before, check.after);
    if (growth === null || growth <= check.limit || check.after - check.before < check.floor) continue;
    const growthText = Number.isFinite(growth) ? `+${round(growth, 1)}%` : "new";
    const assumed = check.kind === "instructions" && head.perThread?.usesAssumedTripCounts ? " Some loops use assumed trip counts." : "";
    findings.push({
      kind: check.kind,
      severity: "warning",
      title: `${growthText} ${check.label} (${round(check.before)} \u2192 ${round(check.after)}${check.unit})`,
      message: `${check.label[0].toUpperCase()}${check.label.slice(1)} grew by ${growthText} (${round(check.after - check.before)}${check.unit}), above the ${check.limit}% threshold and the floor of ${check.floor}${check.unit}.${assumed}`,
      evidence: {
        before: check.before,
        after: check.after,
        growthPercent: Number.isFinite(growth) ? round(growth, 2) : null,
        thresholdPercent: check.limit,
        floor: check.floor
      },
      remedy: growthRemedy(check.kind)
    });
  }
  return findings;
}

// src/analysis/compare/sites.ts
function siteOpcode(ptx) {
  const withoutGuard = ptx.trim().replace(/^@!?%?\w+\s+/, "");
  return withoutGuard.split(/\s+/)[0] ?? "";
}
function normalizedPtx(ptx) {
  return ptx.trim().replace(/%([a-z]+)\d+/g, "%$1").replace(/\s+/g, " ").replace(/;$/, "");
}
function alignSites(base, head, key) {
  const describe = (site) => ({ key: key(site), text: normalizedPtx(site.ptx), line: site.line });
  const b = base.map(describe);
  const h = head.map(describe);
  const rows = base.length + 1;
  const cols = head.length + 1;
  const score = new Float64Array(rows * cols);
  const pairScore = (i2, j2) => {
    const x = b[i2];
    const y = h[j2];
    if (x.key !== y.key) return 0;
    return 4 + (x.text === y.text ? 2 : 0) + (x.line !== null && x.line === y.line ? 1 : 0);
  };
  for (let i2 = 1; i2 < rows; i2++) {
    for (let j2 = 1; j2 < cols; j2++) {
      const pair = pairScore(i2 - 1, j2 - 1);
      const diagonal = pair > 0 ? score[(i2 - 1) * cols + (j2 - 1)] + pair : -Infinity;
      score[i2 * cols + j2] = Math.max(diagonal, score[(i2 - 1) * cols + j2], score[i2 * cols + (j2 - 1)]);
    }
  }
  const match = new Array(head.length).fill(-1);
  let i = base.length;
  let j = head.length;
  while (i > 0 && j > 0) {
    const here = score[i * cols + j];
    const pair = pairScore(i - 1, j - 1);
    if (pair > 0 && here === score[(i - 1) * cols + (j - 1)] + pair) {
      match[j - 1] = i - 1;
      i--;
      j--;
    } else if (here === score[(i - 1) * cols + j]) {
      i--;
    } else {
      j--;
    }
  }
  return match;
}

// src/analysis/compare/site-findings.ts
var accessKey = (a) => `${a.space}|${a.kind}|${siteOpcode(a.ptx)}`;
function isBadGlobalAccess(access) {
  if (access.space !== "global") return false;
  if (access.class === "strided" || access.class === "uncoalesced") return true;
  return access.kind === "atomic" && access.class === "indirect";
}
function excessRatio(access) {
  if (access.sectorsPerRequest === null || access.idealSectors === null || access.idealSectors === 0) return null;
  return access.sectorsPerRequest / access.idealSectors;
}
function isWorseAccess(base, head) {
  if (!isBadGlobalAccess(base)) return true;
  const before = excessRatio(base);
  const after = excessRatio(head);
  if (before !== null && after !== null) return after > before;
  return base.class !== head.class && head.class === "uncoalesced";
}
function groupByLine(sites) {
  const groups = /* @__PURE__ */ new Map();
  for (const site of sites) {
    const a = site.access;
    const key = a.line === null ? `ptx:${groups.size}` : `${a.file}|${a.line}|${a.kind}|${a.class}`;
    const group = groups.get(key);
    if (group) group.push(site);
    else groups.set(key, [site]);
  }
  return [...groups.values()];
}
function accessFindings(base, head, thresholds) {
  const baseSites = base?.accesses ?? [];
  const match = alignSites(baseSites, head.accesses, accessKey);
  const uncoalesced = [];
  const conflicts = [];
  head.accesses.forEach((access, index) => {
    const counterpart = match[index] >= 0 ? baseSites[match[index]] : null;
    if (access.dynamicWeight < thresholds.uncoalescedMinWeight) return;
    if (isBadGlobalAccess(access) && (!counterpart || isWorseAccess(counterpart, access))) {
      uncoalesced.push({ access, base: counterpart });
    }
    if (access.space === "shared" && access.bankConflictWays !== null && access.bankConflictWays > 1) {
      const before = counterpart?.bankConflictWays ?? null;
      if (!counterpart || before === null || before < access.bankConflictWays) conflicts.push({ access, base: counterpart });
    }
  });
  const structures = structureFields(uncoalesced.map((site) => site.access));
  return [
    ...groupByLine(uncoalesced).map((group) => uncoalescedFinding(group, base === null, structures)),
    ...groupByLine(conflicts).map((group) => bankConflictFinding(group, base === null))
  ];
}
function worst(group) {
  return group.reduce(
    (a, b) => (b.access.sectorsPerRequest ?? 0) > (a.access.sectorsPerRequest ?? 0) || (b.access.sectorsPerRequest ?? 0) === (a.access.sectorsPerRequest ?? 0) && b.access.dynamicWeight > a.access.dynamicWeight ? b : a
  );
}
function compact(ptx) {
  return ptx.trim().replace(/\s+/g, " ");
}
function times(weight) {
  const rounded = round(weight);
  return `${rounded} ${rounded === 1 ? "time" : "times"}`;
}
function siteLayout(access) {
  const address = access.ptx.match(/\[\s*(%\w+)\s*(?:\+\s*(-?\d+))?\s*\]/);
  const stride = access.reason.match(/lane stride (-?\d+) B/);
  if (!address || !stride) return null;
  return { base: address[1], offset: Number(address[2] ?? 0), stride: Number(stride[1]) };
}
function structureFields(sites) {
  const groups = /* @__PURE__ */ new Map();
  for (const access of sites) {
    const layout = siteLayout(access);
    if (!layout || Math.abs(layout.stride) <= access.bytesPerLane) continue;
    const key = `${layout.base}|${layout.stride}`;
    groups.set(key, [...groups.get(key) ?? [], { access, ...layout }]);
  }
  const out = /* @__PURE__ */ new Map();
  for (const group of groups.values()) {
    const offsets = new Set(group.map((g) => g.offset));
    const span = Math.max(...offsets) - Math.min(...offsets);
    if (offsets.size < 2 || span >= Math.abs(group[0].stride)) continue;
    for (const g of group) out.set(g.access, { fields: offsets.size, stride: Math.abs(g.stride) });
  }
  return out;
}
function uncoalescedFinding(group, headOnly, structures = /* @__PURE__ */ new Map()) {
  const { access } = worst(group);
  const structure = group.map((site) => structures.get(site.access)).find((found) => found !== void 0) ?? null;
  const base = group.map((site) => site.base).find((b) => b !== null && isBadGlobalAccess(b)) ?? worst(group).base;
  const weight = group.reduce((sum, site) => sum + site.access.dynamicWeight, 0);
  const sectors = access.sectorsPerRequest !== null && access.idealSectors !== null ? `${access.sectorsPerRequest} sectors/request vs ideal ${access.idealSectors}` : "sectors/request unknown";
  const was = base ? ` (base: ${base.class ?? "unknown"}${base.sectorsPerRequest !== null ? `, ${base.sectorsPerRequest} sectors` : ""})` : "";
  const label = access.kind === "atomic" ? "global atomic on data-dependent addresses" : `${access.class} global ${access.kind}`;
  const sites = group.length > 1 ? ` (${group.length} sites)` : "";
  const others = group.length > 1 ? ` and ${plural(group.length - 1, "more site")} on this line` : "";
  return {
    kind: "uncoalesced",
    severity: access.class === "strided" ? "warning" : "failure",
    file: access.file,
    line: access.line,
    title: `${base && isBadGlobalAccess(base) ? "worse" : "new"} ${label} at ${where(access.file, access.line)}${sites}: ${sectors}`,
    message: `\`${compact(access.ptx)}\`${others} ${group.length > 1 ? `run ${times(weight)} per thread in total` : `runs ${times(weight)} per thread`}; ${access.reason}${was}.` + (headOnly ? " (head-only report: no base to compare with.)" : ""),
    evidence: {
      class: access.class,
      kind: access.kind,
      sectorsPerRequest: access.sectorsPerRequest,
      idealSectors: access.idealSectors,
      bytesPerLane: access.bytesPerLane,
      dynamicWeight: round(weight, 4),
      sites: group.length,
      ptx: compact(access.ptx),
      baseClass: base?.class ?? null,
      baseSectorsPerRequest: base?.sectorsPerRequest ?? null,
      headOnly
    },
    remedy: structure ? structureRemedy(structure.fields, structure.stride) : accessRemedy(access.class, access.kind, access.sectorsPerRequest)
  };
}
function bankConflictFinding(group, headOnly) {
  const site = group.reduce((a, b) => (b.access.bankConflictWays ?? 0) > (a.access.bankConflictWays ?? 0) ? b : a);
  const { access } = site;
  const ways = access.bankConflictWays ?? 0;
  const before = site.base?.bankConflictWays ?? null;
  const weight = group.reduce((sum, s) => sum + s.access.dynamicWeight, 0);
  const sites = group.length > 1 ? ` (${group.length} sites)` : "";
  return {
    kind: "bank-conflict",
    severity: "warning",
    file: access.file,
    line: access.line,
    title: `${ways}-way bank conflict on shared ${access.kind} at ${where(access.file, access.line)}${sites}${before !== null ? ` (base ${before}-way)` : ""}`,
    message: `\`${compact(access.ptx)}\` runs ${times(weight)} per thread${group.length > 1 ? " (all sites on this line)" : ""}; each request is split into ${ways} serialized bank accesses. ${access.reason}`.trim(),
    evidence: {
      bankConflictWays: ways,
      baseBankConflictWays: before,
      dynamicWeight: round(weight, 4),
      sites: group.length,
      ptx: compact(access.ptx),
      headOnly
    },
    remedy: bankConflictRemedy(ways)
  };
}
var branchKey = (d) => `${siteOpcode(d.ptx)}|${d.loopDepth}`;
function divergenceFindings(base, head) {
  const match = alignSites(base.divergence, head.divergence, branchKey);
  const groups = /* @__PURE__ */ new Map();
  head.divergence.forEach((branch, index) => {
    if (!branch.divergent || branch.unresolved || branch.loopDepth < 1) return;
    const counterpart = match[index] >= 0 ? base.divergence[match[index]] : null;
    if (counterpart?.divergent) return;
    const key = branch.line === null ? `ptx:${index}` : `${branch.file}|${branch.line}`;
    groups.set(key, [...groups.get(key) ?? [], branch]);
  });
  return [...groups.values()].map((group) => {
    const branch = group[0];
    const weight = group.reduce((sum, b) => sum + b.dynamicWeight, 0);
    const depth = Math.max(...group.map((b) => b.loopDepth));
    const sites = group.length > 1 ? ` (${group.length} branches)` : "";
    return {
      kind: "divergence",
      severity: "warning",
      file: branch.file,
      line: branch.line,
      title: `new divergent branch in a loop (depth ${depth}) at ${where(branch.file, branch.line)}${sites}`,
      message: `\`${compact(branch.ptx)}\`${group.length > 1 ? ` and ${plural(group.length - 1, "more branch", "more branches")} on this line run ${times(weight)} per thread in total` : ` runs ${times(weight)} per thread`}; ${branch.reason}`,
      evidence: { loopDepth: depth, dynamicWeight: round(weight, 4), sites: group.length, ptx: compact(branch.ptx) },
      remedy: divergenceRemedy()
    };
  });
}

// src/analysis/compare/local-findings.ts
function localTraffic(kernel) {
  return { loads: kernel?.perThread?.localLoadBytes ?? 0, stores: kernel?.perThread?.localStoreBytes ?? 0 };
}
function heaviestSite(kernel) {
  let best = null;
  const rank = (site) => [site.kind === "load" ? 1 : 0, site.bytesPerLane * site.dynamicWeight];
  for (const site of kernel.localAccesses ?? []) {
    if (site.line === null) continue;
    if (!best) {
      best = site;
      continue;
    }
    const [kind, bytes] = rank(site);
    const [bestKind, bestBytes] = rank(best);
    if (kind > bestKind || kind === bestKind && bytes > bestBytes) best = site;
  }
  return best;
}
function localMemoryFinding(base, head) {
  const headFrame = head.resources?.stackFrameBytes ?? null;
  const baseFrame = base?.resources ? base.resources.stackFrameBytes : null;
  const headTraffic = localTraffic(head);
  const baseTraffic = localTraffic(base);
  const headBytes = headTraffic.loads + headTraffic.stores;
  const baseBytes = baseTraffic.loads + baseTraffic.stores;
  const frameGrew = headFrame !== null && headFrame > (baseFrame ?? 0);
  const trafficGrew = headBytes > (base ? baseBytes : 0) && (headFrame === null || headFrame > 0);
  if (!frameGrew && !trafficGrew) return null;
  const site = heaviestSite(head);
  const frameText = headFrame === null ? "stack frame unknown" : `stack frame ${baseFrame !== null && base ? `${baseFrame} \u2192 ` : ""}${headFrame} B/thread`;
  const trafficText = `${base ? `${baseTraffic.stores} \u2192 ` : ""}${headTraffic.stores} B stored, ${base ? `${baseTraffic.loads} \u2192 ` : ""}${headTraffic.loads} B loaded per thread`;
  const where2 = site ? ` (heaviest: ${site.kind === "load" ? "ld" : "st"}.local at line ${site.line}, ${site.bytesPerLane} B x ${site.dynamicWeight} per thread)` : "";
  return {
    kind: "spill",
    // A frame with no local traffic in this kernel (a call's frame) is worth a look, not a failure.
    severity: headBytes > 0 ? "failure" : "warning",
    title: `local memory ${base && (baseFrame ?? 0) + baseBytes > 0 ? "grew" : "appeared"}: ${frameText}, ${trafficText}`,
    message: `Per-thread data lives in local memory (DRAM through L1, like spills): ${trafficText} in the PTX (ld.local / st.local, trip-weighted)${where2}; ${frameText}${headFrame === null ? "" : " (ptxas)"}.`,
    evidence: {
      localMemory: true,
      stackFrameBytesBase: baseFrame,
      stackFrameBytesHead: headFrame,
      localLoadBytesBase: base ? baseTraffic.loads : null,
      localLoadBytesHead: headTraffic.loads,
      localStoreBytesBase: base ? baseTraffic.stores : null,
      localStoreBytesHead: headTraffic.stores
    },
    remedy: localMemoryRemedy(),
    ...site ? { file: site.file, line: site.line } : {}
  };
}

// src/analysis/compare/other-findings.ts
var BUILD_STAGES = /* @__PURE__ */ new Set(["build", "ptxas", "cubin", "ptx", "analysis"]);
function diagnosticKey(d) {
  const file = d.file ? basename(d.file) : "";
  const message = d.message.replace(/(?:[\w.-]*[\\/])+/g, "").replace(/\d+/g, "#");
  return `${d.stage}|${d.kernel ?? ""}|${file}|${message}`;
}
function errorsOf(report) {
  const errors = [];
  for (const d of report.diagnostics) if (d.severity === "error" && BUILD_STAGES.has(d.stage)) errors.push({ diagnostic: d, kernel: null });
  for (const k of report.kernels)
    for (const d of k.diagnostics) if (d.severity === "error" && BUILD_STAGES.has(d.stage)) errors.push({ diagnostic: d, kernel: k });
  return errors;
}
function buildFindings(base, head) {
  const baseKeys = new Set(base ? errorsOf(base).map((e) => diagnosticKey(e.diagnostic)) : []);
  const seen = /* @__PURE__ */ new Set();
  const findings = [];
  for (const { diagnostic, kernel } of errorsOf(head)) {
    const key = diagnosticKey(diagnostic);
    if (seen.has(key)) continue;
    seen.add(key);
    const alsoOnBase = baseKeys.has(key);
    const file = diagnostic.file ?? kernel?.file ?? null;
    const subject = kernel?.displayName ?? diagnostic.kernel ?? (file ? basename(file) : "the build");
    findings.push({
      kind: "build",
      severity: alsoOnBase ? "warning" : "failure",
      kernel: kernel?.name ?? diagnostic.kernel ?? "",
      displayName: subject,
      arch: kernel?.arch ?? head.archs.join(","),
      file,
      line: diagnostic.line ?? null,
      title: `${diagnostic.stage} failed for ${subject}${alsoOnBase ? " (also on the base side)" : ""}: ${diagnostic.message.split("\n")[0]}`,
      message: diagnostic.message,
      evidence: { stage: diagnostic.stage, column: diagnostic.column ?? null, headOnly: base === null, alsoOnBase },
      remedy: buildRemedy()
    });
  }
  return findings;
}
function regressionFinding(timing, kernel, thresholds, codeUnchanged = false) {
  const slowdownPercent = (timing.ratio - 1) * 100;
  if (!(timing.pValue < thresholds.timingAlpha) || slowdownPercent < thresholds.timingMinSlowdownPercent) return null;
  const ms = (value) => `${round(value, 4)} ms`;
  const unchangedNote = codeUnchanged ? " The kernel's code, resources and launch are identical on both sides, so this is measurement environment (cache state, clocks, launch order), not the change; reported as a notice." : "";
  return {
    kind: "regression",
    severity: codeUnchanged ? "notice" : "failure",
    kernel: kernel?.name ?? timing.kernel,
    displayName: kernel?.displayName ?? timing.kernel,
    arch: timing.arch,
    file: kernel?.file ?? null,
    line: null,
    title: `${round(timing.ratio, 3)}\xD7 slower (+${round(slowdownPercent, 1)}%, CI ${round(timing.ratioCiLow, 3)}\u2013${round(timing.ratioCiHigh, 3)}\xD7, p = ${timing.pValue.toPrecision(2)})`,
    message: `Median ${ms(timing.base.medianMs)} \u2192 ${ms(timing.head.medianMs)} (base CI ${ms(timing.base.ciLowMs)}\u2013${ms(timing.base.ciHighMs)}, n=${timing.base.n}; head CI ${ms(timing.head.ciLowMs)}\u2013${ms(timing.head.ciHighMs)}, n=${timing.head.n}); p < ${thresholds.timingAlpha} and slowdown \u2265 ${thresholds.timingMinSlowdownPercent}%.${unchangedNote}`,
    evidence: {
      ratio: timing.ratio,
      ratioCiLow: timing.ratioCiLow,
      ratioCiHigh: timing.ratioCiHigh,
      pValue: timing.pValue,
      baseMedianMs: timing.base.medianMs,
      headMedianMs: timing.head.medianMs,
      baseSamples: timing.base.n,
      headSamples: timing.head.n,
      alpha: thresholds.timingAlpha,
      minSlowdownPercent: thresholds.timingMinSlowdownPercent,
      codeUnchanged
    },
    remedy: regressionRemedy()
  };
}

// src/analysis/compare/compare.ts
var KIND_ORDER = [
  "build",
  "regression",
  "cliff",
  "spill",
  "uncoalesced",
  "bank-conflict",
  "divergence",
  "registers",
  "shared",
  "instructions",
  "frontier"
];
var SEVERITY_ORDER = ["failure", "warning", "notice"];
function analysed(kernel) {
  return kernel !== null && kernel.resources !== null;
}
function kernelFindings(pair, config) {
  const head = pair.head;
  if (!head || pair.status === "unchanged") return [];
  const thresholds = config.thresholds;
  const base = analysed(pair.base) ? pair.base : null;
  const raw = [];
  if (base) {
    const drop = occupancyDrop(base, head);
    if (drop) raw.push(drop);
    else raw.push(...headroomFindings(base, head, thresholds));
    const spill = spillFinding(base, head);
    if (spill) raw.push(spill);
    const local = spill ? null : localMemoryFinding(base, head);
    if (local) raw.push(local);
    const skip = /* @__PURE__ */ new Set();
    if (drop?.evidence.cause === "registers") skip.add("registers");
    if (drop?.evidence.cause === "sharedMemory") skip.add("shared");
    raw.push(...growthFindings(base, head, thresholds, skip));
    raw.push(...accessFindings(base, head, thresholds));
    raw.push(...divergenceFindings(base, head));
  } else {
    const spill = spillFinding(null, head);
    if (spill) raw.push({ ...spill, evidence: { ...spill.evidence, headOnly: true } });
    const local = spill ? null : localMemoryFinding(null, head);
    if (local) raw.push({ ...local, evidence: { ...local.evidence, headOnly: true } });
    raw.push(...accessFindings(null, head, thresholds).filter((f) => f.kind === "uncoalesced"));
  }
  return raw.map((f) => ({
    ...f,
    kernel: head.name,
    displayName: head.displayName,
    arch: head.arch,
    file: f.file !== void 0 ? f.file : head.file,
    line: f.line ?? null
  }));
}
function compareReports(base, head, config, timing = []) {
  const kernels = pairKernels(base, head);
  const findings = [...buildFindings(base, head)];
  for (const pair of kernels) findings.push(...kernelFindings(pair, config));
  for (const t of timing) {
    const pair = kernels.find((k) => k.arch === t.arch && (k.name === t.kernel || k.displayName === t.kernel));
    const identity = pair ? { name: pair.name, displayName: pair.displayName, arch: pair.arch, file: pair.head?.file ?? pair.base?.file ?? null } : null;
    const finding = regressionFinding(t, identity, config.thresholds, pair?.status === "unchanged");
    if (finding) findings.push(finding);
  }
  const kernelOrder = new Map(kernels.map((k, i) => [`${k.name}@${k.arch}`, i]));
  findings.sort(
    (a, b) => SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || (kernelOrder.get(`${a.kernel}@${a.arch}`) ?? -1) - (kernelOrder.get(`${b.kernel}@${b.arch}`) ?? -1) || (a.line ?? 0) - (b.line ?? 0)
  );
  return { headOnly: base === null, kernels, findings };
}

// src/analysis/compare/coverage.ts
var BUILD_STAGES2 = /* @__PURE__ */ new Set(["build", "ptxas", "cubin", "ptx"]);
function buildErrors(report) {
  return [...report.diagnostics, ...report.kernels.flatMap((k) => k.diagnostics)].filter(
    (d) => d.severity === "error" && BUILD_STAGES2.has(d.stage)
  );
}
function firstError(errors) {
  const d = errors[0];
  const where2 = d.file ? `${d.file}${d.line ? `:${d.line}` : ""}: ` : "";
  return `${where2}${d.message.split("\n")[0]}`;
}
function sideCoverageErrors(input) {
  const sides = [
    { name: "head", report: input.head, units: input.headUnits ?? null, other: input.base }
  ];
  if (input.base) sides.push({ name: "base", report: input.base, units: input.baseUnits ?? null, other: input.head });
  const out = [];
  for (const side2 of sides) {
    if (side2.report.kernels.length > 0 || side2.units === 0) continue;
    const errors = buildErrors(side2.report);
    const otherKernels = side2.other?.kernels.length ?? 0;
    if (errors.length) {
      const units = side2.units !== null ? `all ${side2.units} ${side2.units === 1 ? "unit" : "units"}` : "every unit";
      out.push({
        severity: "error",
        stage: "build",
        file: errors[0].file,
        line: errors[0].line,
        message: `the ${side2.name} side has no kernels: ${units} failed to build (${errors.length} ${errors.length === 1 ? "error" : "errors"}; first: ${firstError(errors)})`
      });
    } else if (otherKernels > 0) {
      out.push({
        severity: "error",
        stage: "build",
        message: `the ${side2.name} side yielded no kernels where the ${side2.name === "head" ? "base" : "head"} side has ${otherKernels}: nothing to compare`
      });
    }
  }
  return out;
}

// src/discover/git.ts
import { execFile, execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { promisify } from "node:util";
var execFileAsync = promisify(execFile);
var GitError = class extends Error {
};
async function git(args, cwd) {
  try {
    const { stdout } = await execFileAsync("git", args, { cwd, maxBuffer: 64 * 1024 * 1024, env: childEnv(), timeout: 10 * 60 * 1e3 });
    return stdout;
  } catch (error) {
    const stderr = String(error.stderr ?? "").trim();
    throw new GitError(`git ${args.join(" ")}: ${stderr || error.message}`);
  }
}
async function commitExists(cwd, sha) {
  try {
    await git(["cat-file", "-e", `${sha}^{commit}`], cwd);
    return true;
  } catch {
    return false;
  }
}
async function mergeBase(cwd, base, head) {
  try {
    return (await git(["merge-base", base, head], cwd)).trim() || null;
  } catch {
    return null;
  }
}
async function fetchCommit(cwd, sha) {
  try {
    await git(["fetch", "--no-tags", "--depth=1", "origin", sha], cwd);
    return true;
  } catch {
    return false;
  }
}
async function changedFiles(cwd, from, to) {
  return parseNameStatus(await git(["diff", "--name-status", "-z", "-M", from, to], cwd));
}
function parseNameStatus(text) {
  const fields = text.split("\0").filter((f) => f.length);
  const out = [];
  for (let i = 0; i < fields.length; ) {
    const code = fields[i++];
    if (code.startsWith("R") || code.startsWith("C")) {
      const oldPath = fields[i++];
      const path8 = fields[i++];
      out.push({ path: path8, status: code.startsWith("R") ? "renamed" : "added", oldPath });
    } else {
      const path8 = fields[i++];
      const status = code === "A" ? "added" : code === "M" ? "modified" : code === "D" ? "deleted" : "other";
      out.push({ path: path8, status, oldPath: null });
    }
  }
  return out;
}
async function filesAt(cwd, commit) {
  return (await git(["ls-tree", "-r", "-z", "--name-only", commit], cwd)).split("\0").filter((f) => f.length);
}
var interruptCleanups = /* @__PURE__ */ new Map();
async function addWorktree(cwd, commit, dir) {
  interruptCleanups.set(
    dir,
    onInterrupt(() => removeWorktreeSync(cwd, dir))
  );
  await git(["worktree", "prune"], cwd).catch(() => void 0);
  await git(["worktree", "add", "--detach", "--force", dir, commit], cwd);
}
function removeWorktreeSync(cwd, dir) {
  const options = { cwd, stdio: "ignore", env: childEnv(), timeout: 3e4 };
  try {
    execFileSync("git", ["worktree", "remove", "--force", dir], options);
  } catch {
    rmSync(dir, { recursive: true, force: true });
    try {
      execFileSync("git", ["worktree", "prune"], options);
    } catch {
    }
  }
}
async function removeWorktree(cwd, dir) {
  interruptCleanups.get(dir)?.();
  interruptCleanups.delete(dir);
  try {
    await git(["worktree", "remove", "--force", dir], cwd);
  } catch {
    await git(["worktree", "prune"], cwd).catch(() => void 0);
  }
}

// src/discover/select.ts
var import_picomatch = __toESM(require_picomatch(), 1);
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
var CUDA_EXTENSIONS = [".cu", ".cuh", ".h", ".hpp", ".hh", ".hxx", ".inl", ".inc"];
function isCudaRelevant(file) {
  return CUDA_EXTENSIONS.includes(path.extname(file).toLowerCase());
}
async function findChanges(repoRoot, baseSha, headSha) {
  const diagnostics = [];
  if (!await commitExists(repoRoot, baseSha)) await fetchCommit(repoRoot, baseSha);
  if (!await commitExists(repoRoot, baseSha)) {
    throw new Error(
      `the base commit ${baseSha} is not in the checkout and could not be fetched (use actions/checkout with fetch-depth: 0)`
    );
  }
  const base = await mergeBase(repoRoot, baseSha, headSha);
  if (!base) {
    diagnostics.push({
      severity: "warning",
      stage: "github",
      message: `no merge base of ${baseSha.slice(0, 12)} and ${headSha.slice(0, 12)} (shallow clone?); comparing against the PR base commit instead. Use actions/checkout with fetch-depth: 0.`
    });
  }
  const from = base ?? baseSha;
  return { from, mergeBase: base, changed: await changedFiles(repoRoot, from, headSha), diagnostics };
}
function selectUnits(input) {
  const isSource = (0, import_picomatch.default)([...input.sources], { dot: false });
  const changedPaths = input.changed.flatMap((c) => [c.path, ...c.oldPath ? [c.oldPath] : []]).filter(isCudaRelevant);
  const units = /* @__PURE__ */ new Map();
  const sides = [
    { files: input.headFiles, read: input.readHead },
    { files: input.baseFiles, read: input.readBase }
  ];
  for (const side2 of sides) {
    const cudaFiles = side2.files.filter(isCudaRelevant);
    const graph = buildIncludeGraph(cudaFiles, side2.read, input.includeDirs);
    const candidates = cudaFiles.filter((f) => isSource(f));
    for (const [unit, reasons] of unitsReaching(graph, candidates, changedPaths)) {
      units.set(unit, [.../* @__PURE__ */ new Set([...units.get(unit) ?? [], ...reasons])]);
    }
  }
  const headSet = new Set(input.headFiles);
  const baseSet = new Set(input.baseFiles);
  const selected = [...units.keys()].sort();
  return {
    units: new Map(selected.map((u) => [u, units.get(u)])),
    headOnly: selected.filter((u) => headSet.has(u) && !baseSet.has(u)),
    baseOnly: selected.filter((u) => baseSet.has(u) && !headSet.has(u))
  };
}
function fileReader(root) {
  return (file) => {
    const full = path.join(root, file);
    return existsSync(full) ? readFileSync(full, "utf8") : null;
  };
}

// src/pipeline/spaces.ts
import { mkdtempSync, rmSync as rmSync2 } from "node:fs";
import path2 from "node:path";

// src/analysis/carving/frontier.ts
function predictedBest(result) {
  let best = null;
  let bestScore = -Infinity;
  for (const v of result.survivors) {
    if (v.normalizedEfficiency === null || v.normalizedUtilization === null) continue;
    const score = v.normalizedEfficiency * v.normalizedUtilization;
    if (score > bestScore) {
      best = v;
      bestScore = score;
    }
  }
  return best && best.efficiency !== null && best.utilization !== null ? { id: best.id, efficiency: best.efficiency, utilization: best.utilization } : null;
}
function side(result) {
  if (!result) return null;
  return { total: result.total, survivors: result.survivors.map((v) => v.id), best: predictedBest(result), steps: result.steps };
}
function compareFrontiers(space, arch, base, head, currentId2) {
  const baseSide = side(base);
  const headSide = side(head);
  const baseIds = new Set(baseSide?.survivors ?? []);
  const headIds = new Set(headSide?.survivors ?? []);
  const both = baseSide !== null && headSide !== null;
  const statusOf = (result, id) => result?.variants.find((v) => v.id === id)?.status ?? null;
  return {
    space,
    arch,
    base: baseSide,
    head: headSide,
    plots: [],
    added: both ? [...headIds].filter((id) => !baseIds.has(id)) : [],
    removed: both ? [...baseIds].filter((id) => !headIds.has(id)) : [],
    kept: both ? [...headIds].filter((id) => baseIds.has(id)) : [],
    current: currentId2 === null ? null : {
      id: currentId2,
      onBase: base ? baseIds.has(currentId2) : null,
      onHead: head ? headIds.has(currentId2) : null,
      headStatus: statusOf(head, currentId2)
    }
  };
}
function statusWords(status) {
  if (status === null) return "not built";
  const pruned = /^pruned:(.+)$/.exec(status);
  return pruned ? `removed at the ${pruned[1]} step` : status;
}
function ratio(a, b) {
  return b === 0 ? "n/a" : `${(a / b).toFixed(3)}x`;
}
function frontierFindings(comparison, sourceFile, kernel) {
  const findings = [];
  const { base, head, current } = comparison;
  if (!base || !head) return findings;
  const common = {
    kind: "frontier",
    severity: "warning",
    kernel,
    displayName: kernel,
    arch: comparison.arch,
    file: sourceFile,
    line: null
  };
  if (current && current.onBase === true && current.onHead === false) {
    findings.push({
      ...common,
      title: `space ${comparison.space}: current ${current.id} fell off the carving frontier (${statusWords(current.headStatus)})`,
      message: `The configuration in use survived carving on the base side but was ${statusWords(current.headStatus)} on head; ${head.survivors.length} of ${head.total} variants survive on head.`,
      evidence: {
        space: comparison.space,
        current: current.id,
        headStatus: current.headStatus,
        baseSurvivors: base.survivors.length,
        headSurvivors: head.survivors.length
      },
      remedy: head.best ? `Retune the space (\`carve retune --space ${comparison.space}\`), or time head's predicted best ${head.best.id} against it.` : `Retune the space (\`carve retune --space ${comparison.space}\`).`
    });
  }
  if (base.best && head.best && base.best.id !== head.best.id) {
    const headBestOnBase = base.survivors.includes(head.best.id);
    findings.push({
      ...common,
      title: `space ${comparison.space}: predicted best changed from ${base.best.id} to ${head.best.id}`,
      message: `Head's predicted best ${head.best.id} (efficiency ${ratio(head.best.efficiency, base.best.efficiency)} of base's best, utilization ${ratio(head.best.utilization, base.best.utilization)}) ${headBestOnBase ? "was already a base survivor" : "is new on the frontier"}.`,
      evidence: {
        space: comparison.space,
        baseBest: base.best.id,
        headBest: head.best.id,
        baseEfficiency: base.best.efficiency,
        headEfficiency: head.best.efficiency,
        baseUtilization: base.best.utilization,
        headUtilization: head.best.utilization
      },
      remedy: `Time the survivors (\`carve carve --space ${comparison.space} --time\`) and set \`current\` to the fastest; head's predicted best is ${head.best.id}.`
    });
  }
  return findings;
}

// src/pipeline/space-timing.ts
function interleave(base, head, round2) {
  const order = [];
  for (let i = 0; i < Math.max(base.length, head.length); i++) {
    const pair = [base[i], head[i]].filter((e) => e !== void 0);
    order.push(...round2 % 2 === 0 ? pair : pair.reverse());
  }
  return order;
}
function frontierTimingVerdict(input) {
  const fastest = (side2) => input.variants.filter((v) => v.side === side2 && v.samplesMs.length > 0 && v.error === null).map((v) => ({ ...v, medianMs: median(v.samplesMs) })).sort((a, b) => a.medianMs - b.medianMs || a.id.localeCompare(b.id))[0] ?? null;
  const baseBest = fastest("base");
  const headBest = fastest("head");
  const timing = {
    rounds: input.rounds,
    samplesPerRound: input.samplesPerRound,
    variants: input.variants.map((v) => ({
      side: v.side,
      id: v.id,
      survivor: v.survivor,
      medianMs: v.samplesMs.length ? median(v.samplesMs) : null,
      samples: v.samplesMs.length,
      samplesMs: v.samplesMs,
      error: v.error
    })),
    baseBest: baseBest && { id: baseBest.id, medianMs: baseBest.medianMs },
    headBest: headBest && { id: headBest.id, medianMs: headBest.medianMs },
    ratio: null,
    ratioCiLow: null,
    ratioCiHigh: null,
    pValue: null
  };
  const findings = [];
  if (baseBest && headBest) {
    const compared = compareTimings(baseBest.samplesMs, headBest.samplesMs, input.thresholds.timingAlpha, {
      kernel: input.kernel,
      arch: input.arch
    });
    Object.assign(timing, {
      ratio: compared.ratio,
      ratioCiLow: compared.ratioCiLow,
      ratioCiHigh: compared.ratioCiHigh,
      pValue: compared.pValue
    });
    const finding = regressionFinding(
      compared,
      { name: input.kernel, displayName: input.kernel, arch: input.arch, file: input.file },
      input.thresholds
    );
    if (finding) {
      findings.push({
        ...finding,
        title: `space ${input.space}: head's fastest variant ${headBest.id} is ${finding.title} than base's ${baseBest.id}`,
        evidence: {
          ...finding.evidence,
          space: input.space,
          baseBest: baseBest.id,
          headBest: headBest.id,
          rounds: input.rounds,
          interleaved: true
        }
      });
    }
  }
  return { timing, findings };
}
async function timeFrontier(input) {
  const samplesPerRound = Math.max(1, Math.ceil(input.timing.samples / input.rounds));
  const perRound = { warmup: input.timing.warmup, samples: samplesPerRound };
  const idsOf = (survivors) => [.../* @__PURE__ */ new Set([...survivors, ...input.currentId ? [input.currentId] : []])];
  const base = harnessEntries(idsOf(input.base.survivors), input.base.builds, input.kernel, perRound, `base/${input.space}`);
  const head = harnessEntries(idsOf(input.head.survivors), input.head.builds, input.kernel, perRound, `head/${input.space}`);
  const samples = /* @__PURE__ */ new Map();
  const errors = /* @__PURE__ */ new Map();
  const diagnostics = [];
  const built = await buildHarness(input.workDir);
  diagnostics.push(...built.diagnostics);
  for (let round2 = 0; built.binary && round2 < input.rounds; round2++) {
    const run = await runHarnessBinary(built.binary, interleave(base, head, round2), input.workDir, `round-${round2}.manifest`);
    if (round2 === 0 || run.diagnostics.some((d) => d.severity === "error")) diagnostics.push(...run.diagnostics);
    for (const record of run.records) {
      const key = `${record.space}|${record.variant}`;
      if (record.status === "error") errors.set(key, record.error ?? "failed");
      else samples.set(key, [...samples.get(key) ?? [], ...record.samplesMs]);
    }
    if (run.records.length === 0) break;
  }
  const variants = [];
  for (const [side2, entries, survivors] of [
    ["base", base, input.base.survivors],
    ["head", head, input.head.survivors]
  ]) {
    for (const entry of entries) {
      const key = `${entry.space}|${entry.id}`;
      variants.push({
        side: side2,
        id: entry.id,
        survivor: survivors.includes(entry.id),
        samplesMs: samples.get(key) ?? [],
        error: errors.get(key) ?? null
      });
    }
  }
  const { timing, findings } = frontierTimingVerdict({ ...input, samplesPerRound, variants });
  return { timing, findings, diagnostics };
}

// src/pipeline/spaces.ts
function changedUnderBothNames(changed) {
  return changed.flatMap((c) => c.oldPath !== null && c.oldPath !== c.path ? [c.path, c.oldPath] : [c.path]);
}
var TIMING_ROUNDS = 5;
function plotFileName(space, arch, side2) {
  return `carving-${space}-${arch}-${side2}.svg`.replace(/[^A-Za-z0-9._-]/g, "_");
}
function spaceSource(config, space, workspace) {
  return path2.relative(workspace, path2.resolve(config.baseDir, space.source)).split(path2.sep).join("/");
}
function touchedSpaces(input) {
  const { config, workspace } = input;
  const sources = new Map(Object.entries(config.spaces).map(([name, space]) => [name, spaceSource(config, space, workspace)]));
  const includeDirs = config.include.map((dir) => path2.relative(workspace, path2.resolve(config.baseDir, dir)));
  const headGraph = buildIncludeGraph(input.headFiles, fileReader(workspace), includeDirs);
  const reached = unitsReaching(headGraph, [...sources.values()], input.changed);
  if (input.baseRoot) {
    const baseGraph = buildIncludeGraph(input.baseFiles, fileReader(input.baseRoot), includeDirs);
    for (const [unit, reasons] of unitsReaching(baseGraph, [...sources.values()], input.changed)) {
      reached.set(unit, [.../* @__PURE__ */ new Set([...reached.get(unit) ?? [], ...reasons])]);
    }
  }
  const touched = /* @__PURE__ */ new Map();
  for (const [name, source] of sources) {
    const reasons = reached.get(source) ?? (input.changed.includes(source) ? [source] : null);
    if (reasons) touched.set(name, reasons);
  }
  return touched;
}
function currentId(space) {
  if (!space.current) return null;
  const names = Object.keys(space.parameters);
  if (!names.every((name) => name in space.current)) return null;
  return names.map((name) => `${name}=${space.current[name]}`).join(",");
}
function configAt(config, workspace, root) {
  return { ...config, baseDir: path2.join(root, path2.relative(workspace, config.baseDir)) };
}
async function carvePullRequest(input) {
  const log = input.log ?? (() => void 0);
  const out = { frontiers: [], findings: [], skipped: [], diagnostics: [], variantsCarved: 0, plots: {} };
  const names = Object.keys(input.config.spaces);
  if (!names.length) return out;
  const touched = touchedSpaces(input);
  for (const name of names) {
    if (!touched.has(name)) out.skipped.push({ space: name, reason: "the change touches neither its source nor a header it includes" });
  }
  let budget = input.maxVariants;
  for (const [name, reasons] of touched) {
    const space = input.config.spaces[name];
    const size = enumerateSpace(name, space, input.config.defines, void 0, input.config.carving.maxSpaceSize).variants.length;
    const needed = size * input.archs.length * (input.baseRoot ? 2 : 1);
    if (needed > budget) {
      out.skipped.push({
        space: name,
        reason: `carving it needs ${needed} variant builds (${size} variants x ${input.archs.length} arch(s) x ${input.baseRoot ? "base and head" : "head"}), over the remaining budget of ${budget} (\`carving.maxVariantsPerPr\`)`
      });
      continue;
    }
    const source = spaceSource(input.config, space, input.workspace);
    if (!input.headFiles.includes(source)) {
      out.skipped.push({ space: name, reason: `removed: its source ${source} does not exist on head` });
      continue;
    }
    budget -= needed;
    const current = currentId(space);
    const baseConfig = input.baseRoot ? configAt(input.config, input.workspace, input.baseRoot) : null;
    for (const arch of input.archs) {
      log(`carving ${name} for ${arch} (touched by ${reasons.join(", ")})`);
      const head = await carveSpace({ config: input.config, spaceName: name, arch, cacheDir: input.cacheDir, root: input.workspace });
      const baseExists = input.baseRoot !== null && input.baseFiles.includes(source);
      const base = baseConfig && baseExists ? await carveSpace({ config: baseConfig, spaceName: name, arch, cacheDir: input.cacheDir, root: input.baseRoot }) : null;
      out.variantsCarved += head.shard.metrics.length + (base?.shard.metrics.length ?? 0);
      const sideDiagnostics = (run, side2) => run.diagnostics.filter((d) => d.severity === "error").map((d) => ({ ...d, message: `space ${name} (${side2}, ${arch}): ${d.message}`, file: d.file ?? source }));
      out.diagnostics.push(...sideDiagnostics(head, "head"), ...base ? sideDiagnostics(base, "base") : []);
      const headBuilds = head.builds.filter((b) => b.ok).length;
      if (head.builds.length > 0 && headBuilds === 0) {
        const failed = head.builds.find((b) => !b.ok);
        const line = failed?.diagnostics.find((d) => d.severity === "error" && d.line)?.line ?? null;
        out.findings.push({
          kind: "build",
          severity: "failure",
          kernel: space.kernel,
          displayName: space.kernel,
          arch,
          file: source,
          line,
          title: `space ${name}: no variant builds on head (${head.builds.length} failed)`,
          message: `Every variant of space ${name} fails to build on head; the first error: ${failed?.error ?? "unknown"}`,
          evidence: { space: name, variants: head.builds.length, built: 0 },
          remedy: "Fix the compile error; until then the space cannot be carved or tuned."
        });
      }
      const comparison = compareFrontiers(name, arch, base?.result ?? null, head.result, current);
      const caveats = head.diagnostics.filter((d) => d.severity !== "error").map((d) => d.message);
      if (caveats.length) comparison.caveats = caveats;
      for (const [side2, run] of [
        ["base", base],
        ["head", head]
      ]) {
        if (!run?.result) continue;
        const file = plotFileName(name, arch, side2);
        out.plots[file] = renderCarveSvg(run.result);
        comparison.plots.push(file);
      }
      if (input.timingDir && base && comparison.base && comparison.head && comparison.head.survivors.length) {
        log(`timing ${name} for ${arch}: base and head survivors, ${TIMING_ROUNDS} interleaved rounds`);
        const timed = await timeFrontier({
          space: name,
          kernel: space.kernel,
          arch,
          file: source,
          base: { builds: base.builds, survivors: comparison.base.survivors },
          head: { builds: head.builds, survivors: comparison.head.survivors },
          currentId: current,
          timing: input.config.timing,
          thresholds: input.config.thresholds,
          rounds: TIMING_ROUNDS,
          workDir: path2.join(input.timingDir, `${name}-${arch}`)
        });
        comparison.timing = timed.timing;
        out.findings.push(...timed.findings);
        out.diagnostics.push(...timed.diagnostics.map((d) => ({ ...d, message: `space ${name} (${arch}) timing: ${d.message}` })));
      }
      out.frontiers.push(comparison);
      out.findings.push(...frontierFindings(comparison, source, space.kernel));
    }
  }
  return out;
}
async function carveRevisions(input) {
  const names = Object.keys(input.config.spaces);
  const skipAll = (note) => ({
    frontiers: [],
    findings: [],
    diagnostics: [],
    variantsCarved: 0,
    plots: {},
    skipped: names.map((space) => ({ space, reason: note })),
    note
  });
  if (input.config.carving.maxVariantsPerPr === 0) return skipAll("carving on pull requests is off (`carving.maxVariantsPerPr: 0`)");
  const commitOf = async (revision) => (await git(["rev-parse", "--verify", `${revision}^{commit}`], input.repoRoot)).trim();
  const baseCommit = await commitOf(input.baseRevision);
  const headCommit = await commitOf(input.headRevision);
  const range = await findChanges(input.repoRoot, baseCommit, headCommit);
  const changed = changedUnderBothNames(range.changed);
  if (!range.changed.some((c) => isCudaRelevant(c.path) || c.oldPath !== null && isCudaRelevant(c.oldPath))) {
    return skipAll("no CUDA file changed: no space was carved");
  }
  const work = mkdtempSync(path2.join(input.scratchDir, "carve-spaces-"));
  const shared = input.checkouts;
  let headTree = path2.join(work, "head");
  let baseTree = path2.join(work, "base");
  try {
    if (shared) {
      headTree = await shared.tree(input.repoRoot, headCommit);
      baseTree = await shared.tree(input.repoRoot, range.from);
    } else {
      await addWorktree(input.repoRoot, headCommit, headTree);
      await addWorktree(input.repoRoot, range.from, baseTree);
    }
    const result = await carvePullRequest({
      config: configAt(input.config, input.repoRoot, headTree),
      workspace: headTree,
      baseRoot: baseTree,
      headFiles: await filesAt(input.repoRoot, headCommit),
      baseFiles: await filesAt(input.repoRoot, range.from),
      changed,
      archs: input.archs,
      cacheDir: input.cacheDir,
      maxVariants: input.config.carving.maxVariantsPerPr,
      log: input.log,
      timingDir: input.time ? path2.join(work, "timing") : null
    });
    return { ...result, note: null };
  } finally {
    if (!shared) {
      await removeWorktree(input.repoRoot, headTree);
      await removeWorktree(input.repoRoot, baseTree);
    }
    rmSync2(work, { recursive: true, force: true });
  }
}

// src/pipeline/gate.ts
var import_picomatch3 = __toESM(require_picomatch(), 1);
import { mkdirSync } from "node:fs";
import path5 from "node:path";

// src/pipeline/artifacts.ts
var import_picomatch2 = __toESM(require_picomatch(), 1);
import { readdirSync, readFileSync as readFileSync2, statSync } from "node:fs";
import path3 from "node:path";
var SKIP_DIRS = /* @__PURE__ */ new Set([".git", "node_modules"]);
function matchFiles(root, patterns) {
  if (!patterns.length) return [];
  const isMatch = (0, import_picomatch2.default)([...patterns], { dot: true });
  const out = [];
  const walk = (dir, rel) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(path3.join(dir, entry.name), relPath);
      } else if (entry.isFile() && isMatch(relPath)) {
        out.push(relPath);
      }
    }
  };
  walk(root, "");
  return out.sort();
}
function artifactKind(file) {
  const ext = path3.extname(file).toLowerCase();
  if (ext === ".ptx") return "ptx";
  if (ext === ".cubin") return "cubin";
  if (ext === ".log" || ext === ".txt") return "ptxas-log";
  if (ext === ".json") return "report";
  return null;
}
function ptxTarget(ptx) {
  return ptx.match(/^\s*\.target\s+(sm_\w+|compute_\w+)/m)?.[1]?.replace(/^compute_/, "sm_") ?? null;
}
function ptxSourceFile(ptx) {
  const files = [...ptx.matchAll(/^\s*\.file\s+\d+\s+"([^"]+)"/gm)].map((m) => m[1]);
  return files.find((f) => /\.cu$/i.test(f)) ?? files[0] ?? null;
}
function readArtifactSide(input) {
  const files = matchFiles(input.root, input.patterns);
  const diagnostics = [];
  const kernels = [];
  const wanted = (arch) => arch !== null && (input.archs.length === 0 || input.archs.includes(arch));
  const logRecords = [];
  const cubinRecords = [];
  const modules = [];
  for (const file of files) {
    const full = path3.join(input.root, file);
    const kind = artifactKind(file);
    try {
      if (kind === "ptx" || kind === "ptxas-log" || kind === "report") {
        const tooLarge = overSizeLimit(kind === "ptxas-log" ? "ptxasLog" : kind, statSync(full).size);
        if (tooLarge) {
          diagnostics.push({ severity: "error", stage: kind === "ptxas-log" ? "ptxas" : kind, file: full, message: tooLarge });
          continue;
        }
      }
      if (kind === "ptxas-log") {
        const parsed = parsePtxasLog(readFileSync2(full, "utf8"), full);
        logRecords.push(...parsed.kernels);
        diagnostics.push(...parsed.diagnostics);
      } else if (kind === "cubin") {
        const parsed = readCubin(new Uint8Array(readFileSync2(full)), full);
        cubinRecords.push(...parsed.kernels.map((k) => ({ ...k, arch: k.arch === "unknown" && parsed.arch ? parsed.arch : k.arch })));
        diagnostics.push(...parsed.diagnostics);
      } else if (kind === "ptx") {
        const text = readFileSync2(full, "utf8");
        const arch = ptxTarget(text);
        if (arch === null)
          diagnostics.push({
            severity: "error",
            stage: "ptx",
            file: full,
            message: "no .target directive: cannot tell which arch this PTX is for"
          });
        else if (wanted(arch)) modules.push({ file: full, text, arch });
      } else if (kind === "report") {
        kernels.push(...readReportKernels(full, diagnostics).filter((k) => wanted(k.arch)));
      }
    } catch (error) {
      diagnostics.push({
        severity: "error",
        stage: kind === "cubin" ? "cubin" : "build",
        file: full,
        message: `could not read artifact: ${error.message}`
      });
    }
  }
  for (const module of modules) {
    const byName = /* @__PURE__ */ new Map();
    for (const record of [...logRecords, ...cubinRecords]) {
      if (record.arch === module.arch && !byName.has(record.name)) byName.set(record.name, record);
    }
    const bounds = launchBoundsFromPtx(module.text);
    const resources = [...byName.values()].map((record) => {
      const fromPtx = bounds.get(record.name);
      if (!record.isEntry || !fromPtx) return record;
      const nullReasons = record.resources.nullReasons ? { ...record.resources.nullReasons } : void 0;
      delete nullReasons?.maxThreadsPerBlock;
      delete nullReasons?.minBlocksPerSM;
      return {
        ...record,
        resources: {
          ...record.resources,
          maxThreadsPerBlock: fromPtx.maxThreadsPerBlock,
          minBlocksPerSM: fromPtx.minBlocksPerSM,
          ...nullReasons ? { nullReasons } : {}
        }
      };
    });
    const source = ptxSourceFile(module.text);
    const analysed2 = analyzeOne(
      { ptxText: module.text, ptxFile: module.file, sourceFile: source ? input.mapper(source) : null, arch: module.arch, resources },
      input.config
    );
    kernels.push(...analysed2.kernels);
    diagnostics.push(...analysed2.diagnostics);
  }
  const archs = input.archs.length ? [...input.archs] : [...new Set(kernels.map((k) => k.arch))].sort();
  return { ...sideReport(input.side, input.commit, archs, kernels, diagnostics, input.mapper), artifactFiles: files };
}
function readReportKernels(file, diagnostics) {
  let data;
  const text = readFileSync2(file, "utf8");
  try {
    data = JSON.parse(text);
  } catch (error) {
    const located = jsonSyntaxError(text, error);
    const [, line, column] = /^(\d+):(\d+): /.exec(located) ?? [];
    diagnostics.push({
      severity: "error",
      stage: "report",
      file,
      ...line ? { line: Number(line), column: Number(column) } : {},
      message: `not JSON: ${located.replace(/^\d+:\d+: /, "")}`
    });
    return [];
  }
  const candidate = data?.head && !data.kernels ? data.head : data;
  const errors = reportSchemaErrors(candidate);
  if (errors.length) {
    for (const message of errors.slice(0, 20)) {
      diagnostics.push({
        severity: "error",
        stage: "report",
        file,
        jsonPath: message.split(" ")[0],
        message: `not a Carve report: ${message}`
      });
    }
    return [];
  }
  return candidate.kernels;
}

// src/pipeline/compile.ts
import { readFile } from "node:fs/promises";
import path4 from "node:path";

// src/pipeline/pool.ts
import { availableParallelism } from "node:os";
function defaultJobs(env = process.env) {
  const fromEnv = Number(env.CARVE_JOBS);
  return Number.isInteger(fromEnv) && fromEnv >= 1 ? fromEnv : availableParallelism();
}
function createLimiter(jobs) {
  const limit = Math.max(1, Math.floor(jobs));
  let running = 0;
  const waiting = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async (task) => {
    if (running >= limit) await new Promise((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      release();
    }
  };
}

// src/pipeline/compile.ts
async function compileSide(input) {
  const jobs = input.jobs ?? defaultJobs();
  const limit = input.limit ?? createLimiter(jobs);
  const analysis = input.analysis ?? createAnalysisPool({ size: jobs });
  try {
    return await compileUnits(input, limit, analysis);
  } finally {
    if (!input.analysis) await analysis.close();
  }
}
async function compileUnits(input, limit, analysis) {
  const diagnostics = [];
  const includeDirs = [];
  input.config.include.forEach((dir, index) => {
    if (path4.isAbsolute(dir)) return void includeDirs.push(dir);
    const reason = escapeReason(input.root, dir);
    if (reason)
      diagnostics.push({ severity: "error", stage: "config", jsonPath: `/include/${index}`, message: `include dir ${reason}: not used` });
    else includeDirs.push(path4.join(input.root, dir));
  });
  const units = input.units.filter((unit) => {
    const escape = escapeReason(input.root, unit);
    if (escape)
      diagnostics.push({ severity: "error", stage: "build", file: path4.join(input.root, unit), message: `${escape}: not compiled` });
    const includes = escape === null ? escapingIncludes(input.root, unit) : [];
    diagnostics.push(...includes.map((d) => ({ ...d, file: path4.join(input.root, d.file) })));
    return escape === null && includes.length === 0;
  });
  const tasks = units.flatMap((unit) => input.archs.map((arch) => ({ unit, arch })));
  const results = await Promise.all(tasks.map(({ unit, arch }) => limit(() => buildUnit(input, unit, arch, includeDirs, analysis))));
  const kernels = results.flatMap((r) => r.kernels);
  diagnostics.push(...results.flatMap((r) => r.diagnostics));
  return sideReport(input.side, input.commit, [...input.archs], kernels, diagnostics, input.mapper);
}
async function buildUnit(input, unit, arch, includeDirs, analysis) {
  input.log?.(`${input.side}: nvcc ${unit} for ${arch}`);
  const outDir = path4.join(input.outDir, input.side, arch, safeFolderName(unit));
  const result = await compileCuda({
    source: path4.join(input.root, unit),
    arch,
    outDir,
    defines: input.config.defines,
    includeDirs,
    flags: input.config.nvcc.flags,
    nvcc: input.nvcc
  });
  const diagnostics = result.diagnostics.map((d) => ({ ...d, file: d.file ?? path4.join(input.root, unit) }));
  if (!result.ok || result.ptx === null) {
    if (!result.diagnostics.some((d) => d.severity === "error")) {
      diagnostics.push({
        severity: "error",
        stage: "build",
        file: path4.join(input.root, unit),
        message: `nvcc failed for ${arch} (${result.command.join(" ")})`
      });
    }
    return { kernels: [], diagnostics };
  }
  const sass = await readSassLinesFile(result.cubinPath);
  if (sass) diagnostics.push(...sass.diagnostics);
  const module = {
    ptxText: result.ptx,
    ptxFile: result.ptxPath ?? unit,
    sourceFile: path4.join(input.root, unit),
    arch,
    resources: result.resources,
    sourceText: await readFile(path4.join(input.root, unit), "utf8").catch(() => null),
    ...sass ? { sassLines: sass.functions } : {}
  };
  const analysed2 = await analysis.run("unit", { module, config: input.config }, analyzeUnitJob).catch((error) => analysisFailure(module, error.message));
  return { kernels: analysed2.kernels, diagnostics: [...diagnostics, ...analysed2.diagnostics] };
}

// src/pipeline/timing.ts
async function timeSides(input) {
  const diagnostics = [];
  const notes = [];
  const sides = { base: input.baseRoot, head: input.headRoot };
  const records = { base: /* @__PURE__ */ new Map(), head: /* @__PURE__ */ new Map() };
  for (const side2 of ["base", "head"]) {
    const run = await runExternalBenchmark(input.command, { CARVE_SIDE: side2 }, sides[side2]);
    diagnostics.push(...run.diagnostics.map((d) => ({ ...d, message: `${side2}: ${d.message}` })));
    for (const record of run.records) if (record.status === "ok" && record.samplesMs.length) records[side2].set(record.variant, record);
  }
  const comparisons = [];
  for (const [variant, head] of records.head) {
    const base = records.base.get(variant);
    if (!base) {
      notes.push(`Timing: \`${variant}\` has samples on head only; not compared.`);
      continue;
    }
    if (base.samplesMs.length < 3 || head.samplesMs.length < 3) {
      notes.push(`Timing: \`${variant}\` has fewer than 3 samples on a side; no test is possible.`);
      continue;
    }
    const kernel = input.head.kernels.find(
      (k) => k.name === variant || k.displayName === variant || k.displayName.replace(/\(.*$/, "") === variant
    );
    const arch = kernel?.arch ?? input.archs[0] ?? "unknown";
    const { significant: _significant, ...comparison } = compareTimings(base.samplesMs, head.samplesMs, input.alpha, {
      kernel: kernel?.name ?? variant,
      arch
    });
    comparisons.push(comparison);
  }
  notes.push(`Timed ${comparisons.length} kernel(s) on both sides with \`${input.command}\`.`);
  return { comparisons, diagnostics, notes };
}

// src/pipeline/gate.ts
async function runGate(options) {
  const log = options.log ?? (() => void 0);
  const diagnostics = [...options.inputDiagnostics];
  const notes = [...options.notes ?? []];
  mkdirSync(options.scratchDir, { recursive: true });
  const { nvcc, source } = await chooseSource(options, diagnostics, notes);
  const headFiles = await filesAt(options.workspace, options.headSha ?? "HEAD").catch(() => []);
  const range = { baseCommit: null, mergeBase: null, changed: [], changedForCarving: [], worktree: null, baseFiles: [] };
  try {
    if (options.pullRequest) await checkOutBase(options, options.pullRequest, source, range, diagnostics, log);
    const sides = source === "artifacts" ? readArtifactSides(options, range, headFiles) : source === "compile" ? await buildSides(options, range, headFiles, nvcc.path, notes, log) : { base: null, head: emptyReport("head", options.headSha, options.archs), units: [], builtUnits: { base: null, head: null } };
    if (options.pullRequest && range.changed.length && !sides.units.length && source === "compile") {
      notes.push(`No CUDA translation unit is reached by the ${range.changed.length} changed file(s).`);
    }
    const { base, head, units } = sides;
    head.diagnostics.unshift(...diagnostics.filter((d) => d.stage === "config"));
    const timing = await timeChangedSides(options, range, head, diagnostics, notes);
    if (source !== "none")
      diagnostics.push(...sideCoverageErrors({ base, head, baseUnits: sides.builtUnits.base, headUnits: sides.builtUnits.head }));
    const comparison = compareReports(base, head, options.config, timing);
    const carving = await carveTouchedSpaces({
      options,
      source,
      worktree: range.worktree,
      baseCommit: range.baseCommit,
      headFiles,
      baseFiles: range.baseFiles,
      changed: range.changedForCarving,
      log
    });
    if (carving) {
      comparison.carving = carving.summary;
      comparison.findings.push(...carving.findings);
      diagnostics.push(...carving.diagnostics);
    }
    const result = renderGate({
      options,
      source,
      nvcc,
      mergeBase: range.mergeBase,
      baseCommit: range.baseCommit,
      changedFiles: range.changed,
      units,
      base,
      head,
      comparison,
      diagnostics,
      notes
    });
    return { ...result, extraFiles: carving?.plots ?? {} };
  } finally {
    if (range.worktree) await removeWorktree(options.workspace, range.worktree);
  }
}
async function chooseSource(options, diagnostics, notes) {
  const nvcc = await locateNvcc(options.nvcc, diagnostics);
  const source = nvcc ? "compile" : options.artifacts.length ? "artifacts" : "none";
  if (source === "compile") notes.push(`Built with ${nvcc.path} (${nvcc.version}) for ${options.archs.join(", ")}.`);
  if (source === "artifacts")
    notes.push(
      `${options.nvcc === "none" ? "Building is off (nvcc: none)" : "No nvcc found"}: analysed the committed artifacts matching ${options.artifacts.map((a) => `\`${a}\``).join(", ")} on both sides.`
    );
  if (source === "none") {
    diagnostics.push({
      severity: "error",
      stage: "build",
      message: `${options.nvcc === "none" ? "building is off (nvcc: none)" : `nvcc was not found${options.nvcc ? ` at ${options.nvcc}` : " on PATH or in /usr/local/cuda/bin"}`} and no \`artifacts\` are configured: nothing to analyse. Install the CUDA toolkit, set the \`nvcc\` input, or commit PTX / cubin / ptxas logs / Carve reports and list them in \`artifacts\`.`
    });
  }
  return { nvcc, source };
}
async function checkOutBase(options, pullRequest, source, range, diagnostics, log) {
  try {
    const found = await findChanges(options.workspace, pullRequest.baseSha, pullRequest.headSha);
    diagnostics.push(...found.diagnostics);
    range.mergeBase = found.mergeBase;
    range.baseCommit = found.from;
    range.changed = found.changed.map((c) => c.path);
    range.changedForCarving = changedUnderBothNames(found.changed);
    const relevant = found.changed.some((c) => isCudaRelevant(c.path) || c.oldPath !== null && isCudaRelevant(c.oldPath));
    const artifactsChanged = source === "artifacts" && range.changed.some((file) => import_picomatch3.default.isMatch(file, options.artifacts, { dot: true }));
    if (source !== "none" && (relevant || artifactsChanged)) {
      range.worktree = path5.join(options.scratchDir, "base-worktree");
      log(`base: worktree of ${range.baseCommit.slice(0, 12)} at ${range.worktree}`);
      await addWorktree(options.workspace, range.baseCommit, range.worktree);
      range.baseFiles = await filesAt(options.workspace, range.baseCommit);
    }
  } catch (error) {
    diagnostics.push({ severity: "error", stage: "github", message: `could not determine the base side: ${error.message}` });
  }
}
function reportOnly(side2) {
  const { artifactFiles: _files, ...report } = side2;
  return report;
}
function readArtifactSides(options, range, headFiles) {
  const headMapper = pathMapper(options.workspace, headFiles);
  const head = reportOnly(
    readArtifactSide({
      side: "head",
      root: options.workspace,
      commit: options.headSha,
      patterns: options.artifacts,
      archs: options.archs,
      config: options.config,
      mapper: headMapper
    })
  );
  let base = null;
  if (range.worktree) {
    base = reportOnly(
      readArtifactSide({
        side: "base",
        root: range.worktree,
        commit: range.baseCommit,
        patterns: options.artifacts,
        archs: options.archs,
        config: options.config,
        mapper: pathMapper(range.worktree, range.baseFiles)
      })
    );
  } else if (options.pullRequest && range.baseCommit) {
    base = { ...head, side: "base", commit: range.baseCommit };
  }
  return { base, head, units: [], builtUnits: { base: null, head: null } };
}
async function buildSides(options, range, headFiles, nvccPath, notes, log) {
  const { worktree, baseFiles, baseCommit } = range;
  const units = [];
  const selection = options.scope === "all" || !options.pullRequest ? {
    units: new Map(
      headFiles.filter((f) => import_picomatch3.default.isMatch(f, options.config.sources)).filter(isCudaRelevant).map((u) => [u, []])
    ),
    headOnly: [],
    baseOnly: []
  } : selectUnits({
    headFiles,
    baseFiles,
    readHead: fileReader(options.workspace),
    readBase: worktree ? fileReader(worktree) : () => null,
    sources: options.config.sources,
    includeDirs: options.config.include,
    changed: range.changed.map((p) => ({ path: p, status: "modified", oldPath: null }))
  });
  const baseSet = new Set(baseFiles);
  const headSet = new Set(headFiles);
  for (const [unit, reasons] of selection.units) {
    units.push({ unit, reasons, side: headSet.has(unit) && baseSet.has(unit) ? "both" : headSet.has(unit) ? "head" : "base" });
  }
  const headUnits = units.filter((u) => u.side !== "base").map((u) => u.unit);
  const baseUnits = units.filter((u) => u.side !== "head").map((u) => u.unit);
  const jobs = options.jobs ?? defaultJobs();
  const limit = createLimiter(jobs);
  const analysis = createAnalysisPool({ size: jobs });
  const common = { archs: options.archs, config: options.config, nvcc: nvccPath, outDir: options.scratchDir, log, limit, analysis };
  const baseRoot = worktree && baseUnits.length ? worktree : null;
  const [head, baseReport] = await Promise.all([
    compileSide({
      ...common,
      side: "head",
      root: options.workspace,
      commit: options.headSha,
      units: headUnits,
      mapper: pathMapper(options.workspace, headFiles)
    }),
    baseRoot ? compileSide({
      ...common,
      side: "base",
      root: baseRoot,
      commit: baseCommit,
      units: baseUnits,
      mapper: pathMapper(baseRoot, baseFiles)
    }) : null
  ]).finally(() => analysis.close());
  let base = null;
  if (baseReport) {
    base = baseReport;
  } else if (options.pullRequest && baseCommit && !units.length) {
    base = emptyReport("base", baseCommit, options.archs);
  }
  if (options.pullRequest && units.length && !baseUnits.length)
    notes.push("Every changed unit is new in this pull request: head-only report.");
  for (const u of units.filter((x) => x.side === "head")) notes.push(`\`${u.unit}\` is new: its kernels have no base to compare with.`);
  for (const u of units.filter((x) => x.side === "base")) notes.push(`\`${u.unit}\` was deleted: its kernels are reported as removed.`);
  return { base, head, units, builtUnits: { base: baseUnits.length, head: headUnits.length } };
}
async function timeChangedSides(options, range, head, diagnostics, notes) {
  const timing = [...options.timing ?? []];
  if (!options.timingOn) return timing;
  if (!options.config.timing.command) {
    notes.push(
      `Timing was requested, but the config sets no \`timing.command\` (a benchmark printing Carve timing JSON): kernels are compared statically${Object.keys(options.config.spaces).length ? "; touched carving spaces are timed with the harness" : ""}.`
    );
  } else if (!range.worktree || !range.baseCommit) {
    notes.push("Timing was requested, but there is no base side to time against (no pull request, or nothing relevant changed).");
  } else {
    const timed = await timeSides({
      command: options.config.timing.command,
      headRoot: options.workspace,
      baseRoot: range.worktree,
      head,
      archs: options.archs,
      alpha: options.config.thresholds.timingAlpha
    });
    timing.push(...timed.comparisons);
    diagnostics.push(...timed.diagnostics);
    notes.push(...timed.notes);
  }
  return timing;
}
async function carveTouchedSpaces(input) {
  const { options } = input;
  const spaces = Object.keys(options.config.spaces);
  if (!spaces.length || !options.pullRequest) return null;
  const skipAll = (note) => ({
    summary: { frontiers: [], skipped: spaces.map((space) => ({ space, reason: note })), variantsCarved: 0, note },
    findings: [],
    diagnostics: [],
    plots: {}
  });
  if (input.source !== "compile")
    return skipAll("carving needs a build: no nvcc here, so the committed artifacts were analysed and no space was carved");
  if (options.config.carving.maxVariantsPerPr === 0) return skipAll("carving on pull requests is off (`carving.maxVariantsPerPr: 0`)");
  if (!input.worktree) return skipAll("no CUDA file changed: no space was carved");
  const result = await carvePullRequest({
    config: options.config,
    workspace: options.workspace,
    baseRoot: input.worktree,
    headFiles: input.headFiles,
    baseFiles: input.baseFiles,
    changed: input.changed,
    archs: options.archs,
    cacheDir: options.carvingCacheDir ?? path5.join(options.workspace, ".carve-cache"),
    maxVariants: options.config.carving.maxVariantsPerPr,
    log: input.log,
    timingDir: options.timingOn ? path5.join(options.scratchDir, "space-timing") : null
  });
  return {
    summary: { frontiers: result.frontiers, skipped: result.skipped, variantsCarved: result.variantsCarved, note: null },
    findings: result.findings,
    diagnostics: result.diagnostics,
    plots: result.plots
  };
}
async function locateNvcc(hint, diagnostics) {
  if (hint === "none") return null;
  const found = await findNvcc(hint ?? void 0);
  if (hint && found && found.path !== hint) {
    diagnostics.push({
      severity: "warning",
      stage: "build",
      message: `nvcc at ${hint} did not run; not building (set \`nvcc\` to a working nvcc, or to none for committed-report mode)`
    });
    return null;
  }
  return found;
}
function emptyReport(side2, commit, archs) {
  return { schemaVersion: 1, tool: { name: "carve", version: VERSION }, side: side2, commit, archs: [...archs], kernels: [], diagnostics: [] };
}

// src/pipeline/revision.ts
var import_picomatch4 = __toESM(require_picomatch(), 1);
import { mkdtempSync as mkdtempSync2, rmSync as rmSync3 } from "node:fs";
import path6 from "node:path";
async function reportAtRevision(options) {
  let commit;
  try {
    commit = (await git(["rev-parse", "--verify", `${options.revision}^{commit}`], options.repoRoot)).trim();
  } catch (error) {
    return {
      report: null,
      diagnostics: [
        {
          severity: "error",
          stage: "build",
          message: `'${options.revision}' is not a commit of ${options.repoRoot}: ${error.message}`
        }
      ]
    };
  }
  const work = mkdtempSync2(path6.join(options.scratchDir, `carve-${options.side}-`));
  const shared = options.checkouts;
  let tree = path6.join(work, "tree");
  try {
    if (shared) tree = await shared.tree(options.repoRoot, commit);
    else await addWorktree(options.repoRoot, commit, tree);
    const files = await filesAt(options.repoRoot, commit);
    const mapper = pathMapper(tree, files);
    const nvcc = options.nvcc === "none" ? null : await findNvcc(options.nvcc ?? void 0);
    if (!nvcc) {
      if (!options.artifacts.length) {
        return {
          report: null,
          diagnostics: [{ severity: "error", stage: "build", message: "no nvcc and no `artifacts` configured: nothing to analyse" }]
        };
      }
      const { artifactFiles: _files, ...report2 } = readArtifactSide({
        side: options.side,
        root: tree,
        commit,
        patterns: options.artifacts,
        archs: options.archs,
        config: options.config,
        mapper
      });
      return { report: report2, diagnostics: [] };
    }
    const units = files.filter((file) => isCudaRelevant(file) && import_picomatch4.default.isMatch(file, options.config.sources));
    const report = await compileSide({
      side: options.side,
      root: tree,
      commit,
      units,
      archs: options.archs,
      config: options.config,
      nvcc: nvcc.path,
      outDir: path6.join(work, "build"),
      mapper,
      log: options.log,
      jobs: options.jobs
    });
    return { report, diagnostics: [] };
  } finally {
    if (!shared) await removeWorktree(options.repoRoot, tree);
    rmSync3(work, { recursive: true, force: true });
  }
}

// src/pipeline/checkouts.ts
import { mkdtempSync as mkdtempSync3, rmSync as rmSync4 } from "node:fs";
import path7 from "node:path";
var Checkouts = class {
  constructor(scratchDir) {
    this.scratchDir = scratchDir;
  }
  scratchDir;
  trees = /* @__PURE__ */ new Map();
  /** Work tree -> the repository it belongs to. */
  repositories = /* @__PURE__ */ new Map();
  root = null;
  /** The work tree of `commit` (a full SHA) of the repository at `repoRoot`, checked out on first use. */
  tree(repoRoot, commit) {
    const key = `${repoRoot}\0${commit}`;
    let tree = this.trees.get(key);
    if (tree === void 0) {
      this.root ??= mkdtempSync3(path7.join(this.scratchDir, "carve-checkouts-"));
      const dir = path7.join(this.root, String(this.trees.size));
      this.repositories.set(dir, repoRoot);
      tree = addWorktree(repoRoot, commit, dir).then(() => dir);
      this.trees.set(key, tree);
    }
    return tree;
  }
  /** Removes every work tree and the scratch folder. */
  async dispose() {
    for (const [dir, repoRoot] of this.repositories) await removeWorktree(repoRoot, dir);
    this.repositories.clear();
    this.trees.clear();
    if (this.root) rmSync4(this.root, { recursive: true, force: true });
    this.root = null;
  }
};

export {
  onInterrupt,
  compareReports,
  sideCoverageErrors,
  git,
  carveRevisions,
  runGate,
  reportAtRevision,
  Checkouts
};
