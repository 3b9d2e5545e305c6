import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  childEnv
} from "./chunk-AI7SF5R3.js";

// src/timing/stats.ts
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = state + 1831565813 >>> 0;
    let t = state;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}
function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
function quantileSorted(sorted, q) {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}
function resampleMedian(samples, random, scratch) {
  for (let i = 0; i < samples.length; i++) scratch[i] = samples[Math.floor(random() * samples.length)];
  return median(scratch);
}
function timingStats(samplesMs, options = {}) {
  if (samplesMs.length === 0) throw new RangeError("no timing samples");
  const random = seededRandom(options.seed ?? 1);
  const resamples = options.resamples ?? 2e3;
  const alpha = 1 - (options.confidence ?? 0.95);
  const medians = new Float64Array(resamples);
  const scratch = new Float64Array(samplesMs.length);
  for (let r = 0; r < resamples; r++) medians[r] = resampleMedian(samplesMs, random, scratch);
  medians.sort();
  return {
    medianMs: median(samplesMs),
    ciLowMs: quantileSorted(medians, alpha / 2),
    ciHighMs: quantileSorted(medians, 1 - alpha / 2),
    n: samplesMs.length
  };
}
function normalCdf(z) {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
function mannWhitneyU(a, b) {
  const n1 = a.length;
  const n2 = b.length;
  if (n1 === 0 || n2 === 0) return { u: Number.NaN, z: Number.NaN, pValue: Number.NaN };
  const pooled = [...a.map((value) => ({ value, first: true })), ...b.map((value) => ({ value, first: false }))].sort(
    (x, y) => x.value - y.value
  );
  let rankSumA = 0;
  let tieTerm = 0;
  for (let i = 0; i < pooled.length; ) {
    let j = i;
    while (j + 1 < pooled.length && pooled[j + 1].value === pooled[i].value) j++;
    const averageRank = (i + j) / 2 + 1;
    const tied = j - i + 1;
    tieTerm += tied ** 3 - tied;
    for (let k = i; k <= j; k++) if (pooled[k].first) rankSumA += averageRank;
    i = j + 1;
  }
  const u = rankSumA - n1 * (n1 + 1) / 2;
  const mean = n1 * n2 / 2;
  const n = n1 + n2;
  const variance = n1 * n2 / 12 * (n + 1 - tieTerm / (n * (n - 1)));
  if (variance <= 0) return { u, z: 0, pValue: 1 };
  const z = (Math.abs(u - mean) - 0.5) / Math.sqrt(variance);
  return { u, z: Math.max(0, z), pValue: Math.min(1, 2 * (1 - normalCdf(Math.max(0, z)))) };
}
function compareTimings(base, head, alpha = 0.05, options = {}) {
  if (base.length === 0 || head.length === 0) throw new RangeError("compareTimings needs samples on both sides");
  const confidence = 1 - alpha;
  const seed = options.seed ?? 1;
  const resamples = options.resamples ?? 2e3;
  const random = seededRandom(seed);
  const ratios = new Float64Array(resamples);
  const baseScratch = new Float64Array(base.length);
  const headScratch = new Float64Array(head.length);
  for (let r = 0; r < resamples; r++) ratios[r] = resampleMedian(head, random, headScratch) / resampleMedian(base, random, baseScratch);
  ratios.sort();
  const baseStats = timingStats(base, { seed, resamples, confidence });
  const headStats = timingStats(head, { seed: seed + 1, resamples, confidence });
  const { pValue } = mannWhitneyU(base, head);
  return {
    kernel: options.kernel ?? "",
    arch: options.arch ?? "",
    base: baseStats,
    head: headStats,
    ratio: headStats.medianMs / baseStats.medianMs,
    ratioCiLow: quantileSorted(ratios, alpha / 2),
    ratioCiHigh: quantileSorted(ratios, 1 - alpha / 2),
    pValue,
    significant: pValue < alpha
  };
}
function rankTimings(results, options = {}) {
  return results.filter((result) => result.samplesMs.length > 0).map((result) => ({ ...result, stats: timingStats(result.samplesMs, options) })).sort((a, b) => a.stats.medianMs - b.stats.medianMs || a.variant.localeCompare(b.variant)).map((result, i) => ({ ...result, rank: i + 1 }));
}

// src/timing/results.ts
function asRecord(value, where, diagnostics) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    diagnostics.push({ severity: "error", stage: "timing", message: `${where}: expected an object`, jsonPath: "" });
    return null;
  }
  const object = value;
  const parameters = typeof object.parameters === "object" && object.parameters !== null ? object.parameters : null;
  const variant = typeof object.variant === "string" ? object.variant : parameters ? Object.entries(parameters).map(([k, v]) => `${k}=${v}`).join(",") : null;
  if (!variant) {
    diagnostics.push({ severity: "error", stage: "timing", message: `${where}: needs 'variant' or 'parameters'` });
    return null;
  }
  let samplesMs = [];
  if (Array.isArray(object.samplesMs) && object.samplesMs.every((s) => typeof s === "number" && Number.isFinite(s)))
    samplesMs = object.samplesMs;
  else if (typeof object.medianMs === "number") samplesMs = [object.medianMs];
  const status = object.status === "error" || samplesMs.length === 0 && object.status !== "ok" ? "error" : "ok";
  const error = typeof object.error === "string" ? object.error : status === "error" ? "no samples" : null;
  return {
    variant,
    samplesMs,
    parameters,
    status,
    error,
    space: typeof object.space === "string" ? object.space : null,
    registers: typeof object.registers === "number" ? object.registers : null,
    activeBlocksPerSM: typeof object.activeBlocksPerSM === "number" ? object.activeBlocksPerSM : null,
    device: typeof object.device === "string" ? object.device : null,
    held: typeof object.held === "boolean" ? object.held : null
  };
}
function parseTimingOutput(text, file) {
  const diagnostics = [];
  const records = [];
  const trimmed = text.trim();
  if (trimmed.startsWith("[")) {
    try {
      const array = JSON.parse(trimmed);
      for (const [i, item] of (Array.isArray(array) ? array : []).entries()) {
        const record = asRecord(item, `[${i}]`, diagnostics);
        if (record) records.push(record);
      }
    } catch (error) {
      diagnostics.push({ severity: "error", stage: "timing", file, message: `not valid JSON: ${error.message}` });
    }
    return { records, diagnostics };
  }
  for (const [i, line] of text.split("\n").entries()) {
    if (!line.trim().startsWith("{")) continue;
    try {
      const record = asRecord(JSON.parse(line), `line ${i + 1}`, diagnostics);
      if (record) records.push(record);
    } catch (error) {
      diagnostics.push({ severity: "error", stage: "timing", file, line: i + 1, message: `not valid JSON: ${error.message}` });
    }
  }
  return { records, diagnostics };
}

// src/timing/run.ts
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

// src/timing/harness-source.ts
var HARNESS_CPP = String.raw`// Generated by carve (src/timing/harness-source.ts). Do not edit by hand.
// Usage: carve-harness MANIFEST [CUBIN_DIR]   -> one JSON line per variant on stdout.
#include <cuda.h>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Argument {
  std::string kind;   // buffer | int | float
  std::string type;   // element type for buffers
  uint64_t count = 0; // elements for buffers
  std::string init;   // random | zero | ones | index
  double value = 0;   // int / float scalar
};

struct Variant {
  std::string space, id, cubin, kernel;
  unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  unsigned dynamicShared = 0;
  int warmup = 0, samples = 0;
  std::vector<Argument> args;
};

struct Buffer {
  std::string type, init;
  uint64_t count = 0;
  CUdeviceptr ptr = 0;
};

size_t elementSize(const std::string& type) {
  if (type == "float64" || type == "int64" || type == "uint64") return 8;
  if (type == "float32" || type == "int32" || type == "uint32") return 4;
  if (type == "float16" || type == "bfloat16") return 2;
  return 1;
}

std::string jsonString(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') { out += '\\'; out += c; }
    else if (static_cast<unsigned char>(c) < 0x20) { char hex[8]; snprintf(hex, sizeof hex, "\\u%04x", c); out += hex; }
    else out += c;
  }
  return out + "\"";
}

// "BM=64,BN=32" -> {"BM":64,"BN":32} (numbers stay numbers).
std::string parametersJson(const std::string& id) {
  std::string out = "{";
  std::stringstream pairs(id);
  std::string pair;
  bool first = true;
  while (std::getline(pairs, pair, ',')) {
    size_t eq = pair.find('=');
    if (eq == std::string::npos) continue;
    std::string name = pair.substr(0, eq), value = pair.substr(eq + 1);
    char* end = nullptr;
    strtod(value.c_str(), &end);
    bool numeric = !value.empty() && end && *end == '\0';
    out += (first ? "" : ",") + jsonString(name) + ":" + (numeric ? value : jsonString(value));
    first = false;
  }
  return out + "}";
}

void fill(std::vector<unsigned char>& host, const Buffer& buffer) {
  const size_t size = elementSize(buffer.type);
  uint32_t state = 12345u;  // fixed seed: every variant sees the same data
  for (uint64_t i = 0; i < buffer.count; ++i) {
    double v = 0;
    if (buffer.init == "ones") v = 1;
    else if (buffer.init == "index") v = static_cast<double>(i);
    else if (buffer.init == "random") { state = state * 1664525u + 1013904223u; v = (state >> 8) * (1.0 / 16777216.0); }
    unsigned char* at = host.data() + i * size;
    if (buffer.type == "float32") { float f = static_cast<float>(v); memcpy(at, &f, 4); }
    else if (buffer.type == "float64") { memcpy(at, &v, 8); }
    else if (buffer.type == "int32" || buffer.type == "uint32") { int32_t x = static_cast<int32_t>(buffer.init == "random" ? v * 100 : v); memcpy(at, &x, 4); }
    else if (buffer.type == "int64" || buffer.type == "uint64") { int64_t x = static_cast<int64_t>(buffer.init == "random" ? v * 100 : v); memcpy(at, &x, 8); }
    else if (buffer.type == "int8" || buffer.type == "uint8") { at[0] = static_cast<unsigned char>(buffer.init == "random" ? v * 100 : v); }
    else { uint16_t half = buffer.init == "zero" ? 0 : 0x3C00; memcpy(at, &half, 2); }  // 16-bit floats: 1.0 (or 0)
  }
}

bool readManifest(const char* path, std::vector<Variant>& variants) {
  std::ifstream in(path);
  if (!in) return false;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string tag;
    if (!(words >> tag) || tag[0] == '#') continue;
    if (tag == "variant") {
      Variant v;
      words >> v.space >> v.id >> v.cubin >> v.kernel >> v.grid[0] >> v.grid[1] >> v.grid[2] >> v.block[0] >> v.block[1] >> v.block[2]
            >> v.dynamicShared >> v.warmup >> v.samples;
      variants.push_back(v);
    } else if (!variants.empty() && (tag == "buffer" || tag == "int" || tag == "float")) {
      Argument a;
      a.kind = tag;
      if (tag == "buffer") words >> a.type >> a.count >> a.init; else words >> a.value;
      variants.back().args.push_back(a);
    }
  }
  return true;
}

// Spins until the host writes a nonzero word at its argument, or 4e9 SM clocks have passed.
const char* HOLD_PTX =
    ".version 6.0\n.target sm_50\n.address_size 64\n"
    ".visible .entry carve_hold(.param .u64 carve_hold_flag)\n{\n"
    ".reg .pred %p<3>;\n.reg .b32 %r<2>;\n.reg .b64 %rd<6>;\n"
    "ld.param.u64 %rd1, [carve_hold_flag];\ncvta.to.global.u64 %rd2, %rd1;\nmov.u64 %rd3, %clock64;\n"
    "$L_spin:\nld.volatile.global.u32 %r1, [%rd2];\nsetp.ne.s32 %p1, %r1, 0;\n@%p1 bra $L_done;\n"
    "mov.u64 %rd4, %clock64;\nsub.s64 %rd5, %rd4, %rd3;\nsetp.lt.s64 %p2, %rd5, 4000000000;\n@%p2 bra $L_spin;\n"
    "$L_done:\nret;\n}\n";

// The hold kernel and its host-mapped flag; null function where either cannot be made.
struct Hold {
  CUmodule module = nullptr;
  CUfunction function = nullptr;
  volatile int* flag = nullptr;
  CUdeviceptr deviceFlag = 0;
};

Hold makeHold() {
  Hold hold;
  void* host = nullptr;
  if (cuModuleLoadData(&hold.module, HOLD_PTX) != CUDA_SUCCESS) return Hold{};
  if (cuModuleGetFunction(&hold.function, hold.module, "carve_hold") != CUDA_SUCCESS ||
      cuMemHostAlloc(&host, sizeof(int), CU_MEMHOSTALLOC_DEVICEMAP) != CUDA_SUCCESS) {
    cuModuleUnload(hold.module);
    return Hold{};
  }
  hold.flag = static_cast<volatile int*>(host);
  *hold.flag = 0;
  if (cuMemHostGetDevicePointer(&hold.deviceFlag, host, 0) != CUDA_SUCCESS) {
    cuMemFreeHost(host);
    cuModuleUnload(hold.module);
    return Hold{};
  }
  return hold;
}

std::string errorText(CUresult result) {
  const char* name = nullptr;
  cuGetErrorName(result, &name);
  return name ? name : "CUDA error";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s MANIFEST [CUBIN_DIR]\n", argv[0]); return 2; }
  const std::string cubinDir = argc > 2 ? std::string(argv[2]) + "/" : "";
  std::vector<Variant> variants;
  if (!readManifest(argv[1], variants)) { fprintf(stderr, "cannot read %s\n", argv[1]); return 2; }
  CUdevice device;
  CUcontext context;
  if (cuInit(0) != CUDA_SUCCESS || cuDeviceGet(&device, 0) != CUDA_SUCCESS || cuDevicePrimaryCtxRetain(&context, device) != CUDA_SUCCESS ||
      cuCtxSetCurrent(context) != CUDA_SUCCESS) {
    fprintf(stderr, "no CUDA device\n");
    return 3;
  }
  char deviceName[256] = {0};
  cuDeviceGetName(deviceName, sizeof deviceName, device);
  std::vector<Buffer> buffers;  // reused while the argument list stays the same
  CUevent start, stop;
  cuEventCreate(&start, CU_EVENT_DEFAULT);
  cuEventCreate(&stop, CU_EVENT_DEFAULT);
  Hold hold = makeHold();
  void* holdParams[] = {&hold.deviceFlag};
  int failures = 0;
  for (const Variant& v : variants) {
    std::string prefix = "{\"space\":" + jsonString(v.space) + ",\"variant\":" + jsonString(v.id) + ",\"parameters\":" + parametersJson(v.id) +
                         ",\"device\":" + jsonString(deviceName);
    auto fail = [&](const std::string& what, CUresult r) {
      printf("%s,\"status\":\"error\",\"error\":%s}\n", prefix.c_str(), jsonString(what + ": " + errorText(r)).c_str());
      fflush(stdout);
      ++failures;
    };
    CUmodule module;
    CUresult r = cuModuleLoad(&module, (cubinDir + v.cubin).c_str());
    if (r != CUDA_SUCCESS) { fail("cuModuleLoad " + v.cubin, r); continue; }
    CUfunction function;
    r = cuModuleGetFunction(&function, module, v.kernel.c_str());
    if (r != CUDA_SUCCESS) { fail("cuModuleGetFunction " + v.kernel, r); cuModuleUnload(module); continue; }
    if (v.dynamicShared > 48 * 1024) cuFuncSetAttribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, static_cast<int>(v.dynamicShared));
    int registers = 0, activeBlocks = 0;
    cuFuncGetAttribute(&registers, CU_FUNC_ATTRIBUTE_NUM_REGS, function);
    cuOccupancyMaxActiveBlocksPerMultiprocessor(&activeBlocks, function, static_cast<int>(v.block[0] * v.block[1] * v.block[2]), v.dynamicShared);

    // Arguments: reuse a buffer when the previous variant had the same one at this position.
    std::vector<uint64_t> scalars(v.args.size());
    std::vector<void*> params(v.args.size());
    bool ok = true;
    for (size_t i = 0; i < v.args.size() && ok; ++i) {
      const Argument& a = v.args[i];
      if (a.kind == "buffer") {
        if (buffers.size() <= i) buffers.resize(i + 1);
        Buffer& b = buffers[i];
        if (b.ptr == 0 || b.type != a.type || b.count != a.count || b.init != a.init) {
          if (b.ptr) cuMemFree(b.ptr);
          b = Buffer{a.type, a.init, a.count, 0};
          const size_t bytes = a.count * elementSize(a.type);
          r = cuMemAlloc(&b.ptr, bytes);
          if (r != CUDA_SUCCESS) { fail("cuMemAlloc", r); ok = false; b.ptr = 0; break; }
          std::vector<unsigned char> host(bytes);
          fill(host, b);
          cuMemcpyHtoD(b.ptr, host.data(), bytes);
        }
        memcpy(&scalars[i], &b.ptr, sizeof b.ptr);
      } else if (a.kind == "int") {
        int32_t x = static_cast<int32_t>(a.value);
        memcpy(&scalars[i], &x, 4);
      } else {
        float x = static_cast<float>(a.value);
        memcpy(&scalars[i], &x, 4);
      }
      params[i] = &scalars[i];
    }
    if (!ok) { cuModuleUnload(module); continue; }
    std::vector<float> samples;
    bool allHeld = true;
    for (int s = 0; s < v.warmup + v.samples && ok; ++s) {
      bool held = false;
      if (hold.function) {
        *hold.flag = 0;
        held = cuLaunchKernel(hold.function, 1, 1, 1, 1, 1, 1, 0, 0, holdParams, nullptr) == CUDA_SUCCESS;
      }
      allHeld = allHeld && held;
      cuEventRecord(start, 0);
      r = cuLaunchKernel(function, v.grid[0], v.grid[1], v.grid[2], v.block[0], v.block[1], v.block[2], v.dynamicShared, 0, params.data(), nullptr);
      cuEventRecord(stop, 0);
      if (held) *hold.flag = 1;  // everything is queued behind the hold kernel: release it
      if (r == CUDA_SUCCESS) r = cuEventSynchronize(stop);
      if (r != CUDA_SUCCESS) { fail("launch", r); ok = false; break; }
      float ms = 0;
      cuEventElapsedTime(&ms, start, stop);
      if (s >= v.warmup) samples.push_back(ms);
    }
    cuModuleUnload(module);
    if (!ok) continue;
    std::vector<float> sorted = samples;
    std::sort(sorted.begin(), sorted.end());
    const size_t n = sorted.size();
    const double median = n == 0 ? 0 : (n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0);
    printf("%s,\"status\":\"ok\",\"registers\":%d,\"activeBlocksPerSM\":%d,\"held\":%s,\"medianMs\":%.6f,\"samplesMs\":[", prefix.c_str(), registers,
           activeBlocks, allHeld ? "true" : "false", median);
    for (size_t i = 0; i < n; ++i) printf("%s%.6f", i ? "," : "", samples[i]);
    printf("]}\n");
    fflush(stdout);
  }
  for (Buffer& b : buffers) if (b.ptr) cuMemFree(b.ptr);
  if (hold.function) {
    cuMemFreeHost(const_cast<int*>(hold.flag));
    cuModuleUnload(hold.module);
  }
  cuDevicePrimaryCtxRelease(device);
  return failures ? 1 : 0;
}
`;

// src/timing/harness.ts
function generateHarness() {
  return HARNESS_CPP;
}
function harnessBuildCommand(source, output, cudaHome = "/usr/local/cuda") {
  return [
    "g++",
    "-O2",
    "-std=c++17",
    "-o",
    output,
    source,
    `-I${cudaHome}/include`,
    `-L${cudaHome}/lib64`,
    `-L${cudaHome}/lib64/stubs`,
    "-lcuda"
  ];
}

// src/timing/manifest.ts
var ManifestError = class extends Error {
};
function writeManifest(entries) {
  const lines = ["# carve timing manifest"];
  for (const entry of entries) {
    for (const [what, text] of [
      ["space", entry.space],
      ["id", entry.id],
      ["cubin", entry.cubin],
      ["kernel", entry.kernel]
    ]) {
      if (!text || /\s/.test(text)) throw new ManifestError(`${what} '${text}' is empty or contains whitespace`);
    }
    lines.push(
      [
        "variant",
        entry.space,
        entry.id,
        entry.cubin,
        entry.kernel,
        ...entry.grid,
        ...entry.block,
        entry.dynamicSharedBytes,
        entry.warmup,
        entry.samples
      ].join(" ")
    );
    for (const argument of entry.arguments) {
      if (argument.kind === "buffer") lines.push(`buffer ${argument.type} ${argument.count} ${argument.init}`);
      else lines.push(`${argument.kind} ${argument.value}`);
    }
  }
  return lines.join("\n") + "\n";
}

// src/timing/run.ts
var run = promisify(execFile);
function failure(message) {
  return { severity: "error", stage: "timing", message };
}
async function buildHarness(workDir, cudaHome = "/usr/local/cuda") {
  mkdirSync(workDir, { recursive: true });
  const source = path.join(workDir, "carve-harness.cpp");
  const binary = path.join(workDir, "carve-harness");
  writeFileSync(source, generateHarness());
  const command = harnessBuildCommand(source, binary, cudaHome);
  try {
    await run(command[0], command.slice(1), { maxBuffer: 16 << 20, env: childEnv() });
    return { binary, command, diagnostics: [] };
  } catch (error) {
    return {
      binary: null,
      command,
      diagnostics: [
        failure(
          `building the timing harness failed (needs g++ and libcuda): ${String(error.stderr ?? error).split("\n")[0]}`
        )
      ]
    };
  }
}
async function runHarnessBinary(binary, entries, workDir, name = "timing.manifest") {
  const manifest = path.join(workDir, name);
  writeFileSync(manifest, writeManifest(entries));
  let stdout = "";
  const diagnostics = [];
  try {
    stdout = (await run(binary, [manifest], { maxBuffer: 256 << 20, env: childEnv() })).stdout;
  } catch (error) {
    const failed = error;
    stdout = failed.stdout ?? "";
    if (failed.code !== 1)
      diagnostics.push(failure(`timing harness exited with ${failed.code}: ${(failed.stderr ?? "").trim() || "no output"}`));
  }
  const parsed = parseTimingOutput(stdout, manifest);
  for (const record of parsed.records)
    if (record.status === "error") diagnostics.push({ ...failure(`${record.variant}: ${record.error}`), severity: "warning" });
  return { records: parsed.records, diagnostics: [...diagnostics, ...parsed.diagnostics], commands: [[binary, manifest]] };
}
async function runHarness(entries, workDir, cudaHome = "/usr/local/cuda") {
  const built = await buildHarness(workDir, cudaHome);
  if (!built.binary) return { records: [], diagnostics: built.diagnostics, commands: [built.command] };
  const timed = await runHarnessBinary(built.binary, entries, workDir);
  return { ...timed, commands: [built.command, ...timed.commands] };
}
async function runExternalBenchmark(command, env, cwd) {
  try {
    const { stdout } = await run("/bin/sh", ["-c", command], { cwd, env: childEnv(env), maxBuffer: 256 << 20 });
    const parsed = parseTimingOutput(stdout, command);
    return { records: parsed.records, diagnostics: parsed.diagnostics, commands: [["/bin/sh", "-c", command]] };
  } catch (error) {
    const failed = error;
    return {
      records: [],
      diagnostics: [failure(`benchmark command '${command}' failed (exit ${failed.code}): ${(failed.stderr ?? "").trim().split("\n")[0]}`)],
      commands: [["/bin/sh", "-c", command]]
    };
  }
}

// src/timing/timers.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path2 from "node:path";
function recordedTimer(records, space = null, samples) {
  const byId = new Map(records.filter((r) => space === null || r.space === null || r.space === space).map((r) => [r.variant, r]));
  const calls = [];
  const timer = async (ids) => {
    calls.push(ids);
    return {
      diagnostics: [],
      records: ids.map((id) => {
        const record = byId.get(id);
        if (!record || record.status !== "ok")
          return { variant: id, samplesMs: [], status: "error", error: record?.error ?? "no recorded timing" };
        return {
          variant: id,
          samplesMs: samples ? record.samplesMs.slice(0, samples) : record.samplesMs,
          status: "ok",
          error: null
        };
      })
    };
  };
  return Object.assign(timer, { calls });
}
function harnessTimer(entriesFor, options) {
  let binary;
  let work = null;
  let round = 0;
  const timer = async (ids) => {
    round++;
    if (options.command) {
      options.log?.(`timing ${ids.length} variants with \`${options.command}\``);
      const run3 = await runExternalBenchmark(options.command, { ...options.env, CARVE_VARIANTS: ids.join(" ") }, options.cwd);
      return { records: run3.records, diagnostics: run3.diagnostics };
    }
    const diagnostics = [];
    if (binary === void 0) {
      work = mkdtempSync(path2.join(tmpdir(), "carve-time-"));
      const built = await buildHarness(work);
      binary = built.binary;
      diagnostics.push(...built.diagnostics);
    }
    if (!binary || !work) return { records: [], diagnostics };
    const entries = entriesFor(ids);
    options.log?.(`timing ${entries.length} variants with the generated harness`);
    const run2 = await runHarnessBinary(binary, entries, work, `round-${round}.manifest`);
    return { records: run2.records, diagnostics: [...diagnostics, ...run2.diagnostics] };
  };
  return Object.assign(timer, {
    close: () => {
      if (work) rmSync(work, { recursive: true, force: true });
    }
  });
}

export {
  median,
  timingStats,
  compareTimings,
  rankTimings,
  parseTimingOutput,
  buildHarness,
  runHarnessBinary,
  runHarness,
  runExternalBenchmark,
  recordedTimer,
  harnessTimer
};
