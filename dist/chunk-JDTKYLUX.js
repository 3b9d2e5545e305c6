import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);

// src/gpu/errors.ts
var OccupancyInputError = class extends Error {
  constructor(limit, message) {
    super(message);
    this.limit = limit;
    this.name = "OccupancyInputError";
  }
  limit;
};

// src/gpu/arch.ts
var KB = 1024;
var AMPERE_CARVEOUT = [0, 8, 16, 32, 64, 100, 132, 164];
var SMALL_CARVEOUT = [0, 8, 16, 32, 64, 100];
var HOPPER_CARVEOUT = [0, 8, 16, 32, 64, 100, 132, 164, 196, 228];
var ROWS = [
  {
    cc: [7, 5],
    family: "Turing",
    maxThreadsPerSM: 1024,
    maxBlocksPerSM: 16,
    sharedMemoryPerSM: 64 * KB,
    sharedMemoryPerBlockOptin: 64 * KB,
    carveoutKB: [32, 64],
    barrierSlotsPerBlockSlot: 2,
    flagship: {
      part: "Quadro RTX 8000 / TITAN RTX (TU102)",
      sms: 72,
      smClockMHz: 1770,
      l2Bytes: 6 * KB * KB,
      dramBandwidthGBs: 672,
      fp32LanesPerSM: 64,
      unverified: ["sms", "smClockMHz", "l2Bytes", "dramBandwidthGBs", "fp32LanesPerSM"],
      sources: { sms: ["MEM"], smClockMHz: ["MEM"], l2Bytes: ["MEM"], dramBandwidthGBs: ["MEM"], fp32LanesPerSM: ["MEM"] },
      note: "Tesla T4 (TU104): 40 SMs, 4 MB L2, 320 GB/s (UNVERIFIED)"
    },
    limitSources: ["PG", "OCC", "CCCL"]
  },
  {
    cc: [8, 0],
    family: "Ampere (GA100)",
    maxThreadsPerSM: 2048,
    maxBlocksPerSM: 32,
    sharedMemoryPerSM: 164 * KB,
    sharedMemoryPerBlockOptin: 163 * KB,
    carveoutKB: AMPERE_CARVEOUT,
    barrierSlotsPerBlockSlot: 2,
    flagship: {
      part: "A100 SXM4 40GB",
      sms: 108,
      smClockMHz: 1410,
      l2Bytes: 40 * KB * KB,
      dramBandwidthGBs: 1555,
      fp32LanesPerSM: 64,
      unverified: ["sms", "smClockMHz", "fp32LanesPerSM"],
      sources: { sms: ["MEM"], smClockMHz: ["MEM"], l2Bytes: ["AMP"], dramBandwidthGBs: ["AMP"], fp32LanesPerSM: ["MEM"] },
      note: "A100 80GB SXM: 2039 GB/s (UNVERIFIED)"
    },
    limitSources: ["PG", "OCC", "CCCL"]
  },
  {
    cc: [8, 6],
    family: "Ampere (GA10x)",
    maxThreadsPerSM: 1536,
    maxBlocksPerSM: 16,
    sharedMemoryPerSM: 100 * KB,
    sharedMemoryPerBlockOptin: 99 * KB,
    carveoutKB: SMALL_CARVEOUT,
    barrierSlotsPerBlockSlot: 1,
    flagship: {
      part: "GeForce RTX 3090 Ti (full GA102)",
      sms: 84,
      smClockMHz: 1860,
      l2Bytes: 6 * KB * KB,
      dramBandwidthGBs: 1008,
      fp32LanesPerSM: 128,
      unverified: ["sms", "smClockMHz", "l2Bytes", "dramBandwidthGBs", "fp32LanesPerSM"],
      sources: { sms: ["MEM"], smClockMHz: ["MEM"], l2Bytes: ["MEM"], dramBandwidthGBs: ["MEM"], fp32LanesPerSM: ["MEM"] }
    },
    limitSources: ["PG", "OCC", "CCCL"]
  },
  {
    cc: [8, 7],
    family: "Ampere (GA10B, Jetson Orin)",
    maxThreadsPerSM: 1536,
    maxBlocksPerSM: 16,
    sharedMemoryPerSM: 164 * KB,
    sharedMemoryPerBlockOptin: 163 * KB,
    carveoutKB: AMPERE_CARVEOUT,
    barrierSlotsPerBlockSlot: 1,
    flagship: {
      part: "Jetson AGX Orin 64GB",
      sms: 16,
      smClockMHz: 1300,
      l2Bytes: 4 * KB * KB,
      dramBandwidthGBs: 204.8,
      fp32LanesPerSM: 128,
      unverified: ["sms", "smClockMHz", "l2Bytes", "dramBandwidthGBs", "fp32LanesPerSM"],
      sources: { sms: ["MEM"], smClockMHz: ["MEM"], l2Bytes: ["MEM"], dramBandwidthGBs: ["MEM"], fp32LanesPerSM: ["MEM"] }
    },
    limitSources: ["PG", "OCC", "CCCL"]
  },
  {
    cc: [8, 9],
    family: "Ada Lovelace",
    maxThreadsPerSM: 1536,
    maxBlocksPerSM: 24,
    sharedMemoryPerSM: 100 * KB,
    sharedMemoryPerBlockOptin: 99 * KB,
    carveoutKB: SMALL_CARVEOUT,
    barrierSlotsPerBlockSlot: 1,
    flagship: {
      part: "GeForce RTX 4090 (AD102, cut)",
      sms: 128,
      smClockMHz: 2520,
      l2Bytes: 72 * KB * KB,
      dramBandwidthGBs: 1008,
      fp32LanesPerSM: 128,
      unverified: ["sms", "smClockMHz", "l2Bytes", "dramBandwidthGBs", "fp32LanesPerSM"],
      sources: { sms: ["MEM"], smClockMHz: ["MEM"], l2Bytes: ["MEM"], dramBandwidthGBs: ["MEM"], fp32LanesPerSM: ["MEM"] },
      note: "full AD102 has 98304 KB L2 (ADA)"
    },
    limitSources: ["PG", "OCC", "CCCL"]
  },
  {
    cc: [9, 0],
    family: "Hopper",
    maxThreadsPerSM: 2048,
    maxBlocksPerSM: 32,
    sharedMemoryPerSM: 228 * KB,
    sharedMemoryPerBlockOptin: 227 * KB,
    carveoutKB: HOPPER_CARVEOUT,
    barrierSlotsPerBlockSlot: 2,
    flagship: {
      // 3.35 TB/s = 5120 bit x 2619 MHz x 2 from the measured cudaDeviceProp.
      part: "H100 SXM5 80GB HBM3",
      sms: 132,
      smClockMHz: 1980,
      l2Bytes: 52428800,
      dramBandwidthGBs: 3352,
      fp32LanesPerSM: 128,
      unverified: ["fp32LanesPerSM"],
      sources: {
        sms: ["H100RUN", "H100OCC", "KINDS"],
        smClockMHz: ["H100OCC"],
        l2Bytes: ["H100RUN", "H100OCC", "HOP"],
        dramBandwidthGBs: ["H100RUN", "H100OCC", "HOP"],
        fp32LanesPerSM: ["MEM"]
      },
      note: "HOP says 'up to 3 TB/s'. H200: 132 SMs, 60 MB L2 (KINDS)"
    },
    limitSources: ["PG", "OCC", "CCCL", "H100RUN", "H100OCC"]
  },
  {
    cc: [10, 0],
    family: "Blackwell (datacenter, GB100)",
    maxThreadsPerSM: 2048,
    maxBlocksPerSM: 32,
    sharedMemoryPerSM: 228 * KB,
    sharedMemoryPerBlockOptin: 227 * KB,
    carveoutKB: HOPPER_CARVEOUT,
    barrierSlotsPerBlockSlot: 2,
    flagship: {
      part: "B200",
      sms: 148,
      smClockMHz: null,
      l2Bytes: 132644864,
      dramBandwidthGBs: 7672,
      fp32LanesPerSM: 128,
      unverified: ["dramBandwidthGBs", "fp32LanesPerSM"],
      sources: { sms: ["AO"], l2Bytes: ["AO", "BW"], dramBandwidthGBs: ["AO", "PRESS"], fp32LanesPerSM: ["MEM"] },
      note: "7.67 TB/s from the driver bus width 7680 bit x 3996 MHz x 2 (AO); 8 TB/s marketing. Clock unknown."
    },
    limitSources: ["PG", "OCC", "CCCL", "BW"]
  },
  {
    cc: [10, 3],
    family: "Blackwell Ultra",
    maxThreadsPerSM: 2048,
    maxBlocksPerSM: 32,
    sharedMemoryPerSM: 228 * KB,
    sharedMemoryPerBlockOptin: 227 * KB,
    carveoutKB: HOPPER_CARVEOUT,
    barrierSlotsPerBlockSlot: 2,
    flagship: {
      part: "B300 / GB300",
      sms: 160,
      smClockMHz: null,
      l2Bytes: null,
      dramBandwidthGBs: 8e3,
      fp32LanesPerSM: 128,
      unverified: ["sms", "dramBandwidthGBs", "fp32LanesPerSM"],
      sources: { sms: ["PRESS"], dramBandwidthGBs: ["PRESS"], fp32LanesPerSM: ["MEM"] },
      note: "160 SMs is the full dual-die configuration (Hot Chips 2025 press); enabled count unverified; L2 and clock unknown"
    },
    limitSources: ["PG", "OCC", "CCCL"]
  },
  {
    cc: [11, 0],
    family: "Blackwell (Jetson Thor; sm_101 before CUDA 13)",
    maxThreadsPerSM: 1536,
    maxBlocksPerSM: 24,
    sharedMemoryPerSM: 228 * KB,
    sharedMemoryPerBlockOptin: 227 * KB,
    carveoutKB: HOPPER_CARVEOUT,
    barrierSlotsPerBlockSlot: 1,
    flagship: {
      part: "Jetson AGX Thor (T5000)",
      sms: 20,
      smClockMHz: null,
      l2Bytes: null,
      dramBandwidthGBs: 273,
      fp32LanesPerSM: 128,
      unverified: ["sms", "dramBandwidthGBs", "fp32LanesPerSM"],
      sources: { sms: ["MEM"], dramBandwidthGBs: ["MEM"], fp32LanesPerSM: ["MEM"] }
    },
    limitSources: ["PG", "OCC", "CCCL"]
  },
  {
    cc: [12, 0],
    family: "Blackwell (GB20x, GeForce / RTX PRO)",
    maxThreadsPerSM: 1536,
    maxBlocksPerSM: 24,
    sharedMemoryPerSM: 100 * KB,
    sharedMemoryPerBlockOptin: 99 * KB,
    carveoutKB: SMALL_CARVEOUT,
    barrierSlotsPerBlockSlot: 1,
    flagship: {
      part: "GeForce RTX 5090 (GB202, cut)",
      sms: 170,
      smClockMHz: 2407,
      l2Bytes: 96 * KB * KB,
      dramBandwidthGBs: 1792,
      fp32LanesPerSM: 128,
      unverified: ["sms", "smClockMHz", "l2Bytes", "dramBandwidthGBs", "fp32LanesPerSM"],
      sources: { sms: ["PRESS"], smClockMHz: ["MEM"], l2Bytes: ["PRESS"], dramBandwidthGBs: ["PRESS"], fp32LanesPerSM: ["MEM"] },
      note: "max blocks/SM: PG, OCC and CCCL say 24; the Blackwell tuning guide says 32 (24 is what the calculator uses)"
    },
    limitSources: ["PG", "OCC", "CCCL"]
  },
  {
    cc: [12, 1],
    family: "Blackwell (GB10, DGX Spark)",
    maxThreadsPerSM: 1536,
    maxBlocksPerSM: 24,
    sharedMemoryPerSM: 100 * KB,
    sharedMemoryPerBlockOptin: 99 * KB,
    carveoutKB: SMALL_CARVEOUT,
    barrierSlotsPerBlockSlot: 1,
    flagship: {
      part: "DGX Spark (GB10)",
      sms: 48,
      smClockMHz: null,
      l2Bytes: null,
      dramBandwidthGBs: 273,
      fp32LanesPerSM: 128,
      unverified: ["sms", "dramBandwidthGBs", "fp32LanesPerSM"],
      sources: { sms: ["PRESS"], dramBandwidthGBs: ["PRESS"], fp32LanesPerSM: ["MEM"] }
    },
    limitSources: ["PG", "OCC", "CCCL"]
  }
];
function peakFp32Gflops(f) {
  if (f.sms === null || f.smClockMHz === null || f.fp32LanesPerSM === null) return null;
  return f.sms * f.fp32LanesPerSM * 2 * f.smClockMHz / 1e3;
}
function toSpec(row) {
  const [major, minor] = row.cc;
  return {
    name: `sm_${major}${minor}`,
    major,
    minor,
    family: row.family,
    warpSize: 32,
    maxThreadsPerBlock: 1024,
    maxBlockDims: [1024, 1024, 64],
    maxThreadsPerSM: row.maxThreadsPerSM,
    maxWarpsPerSM: row.maxThreadsPerSM / 32,
    maxBlocksPerSM: row.maxBlocksPerSM,
    registersPerSM: 65536,
    maxRegistersPerBlock: 65536,
    maxRegistersPerThread: 255,
    registerAllocationUnit: 256,
    registerAllocationGranularity: "warp",
    subPartitions: 4,
    sharedMemoryPerSM: row.sharedMemoryPerSM,
    sharedMemoryPerBlock: 48 * KB,
    sharedMemoryPerBlockOptin: row.sharedMemoryPerBlockOptin,
    // CCCL: reserved = cc >= 8.0 ? 1024 : 0; measured 1024 on H100.
    reservedSharedMemoryPerBlock: major >= 8 ? 1024 : 0,
    sharedMemoryAllocationUnit: major >= 8 ? 128 : 256,
    carveoutStepsBytes: row.carveoutKB.map((k) => k * KB),
    barrierSlotsPerBlockSlot: row.barrierSlotsPerBlockSlot,
    barrierLimitApplies: major >= 9,
    flagship: { ...row.flagship, peakFp32Gflops: peakFp32Gflops(row.flagship) },
    sources: { limits: row.limitSources, allocation: ["OCC", "BPG", "CCCL"], carveout: ["PG", "OCC"], barriers: ["OCC"] }
  };
}
var ARCHS = Object.freeze(ROWS.map(toSpec));
var KNOWN_ARCHS = Object.freeze(ARCHS.map((a) => a.name));
var UnknownArchError = class extends OccupancyInputError {
  constructor(arch) {
    super("arch", `unknown architecture '${arch}'; known: ${KNOWN_ARCHS.join(", ")} (also as sm_XXa, sm_XXf or compute_XX)`);
    this.arch = arch;
    this.name = "UnknownArchError";
  }
  arch;
};
var BY_NAME = new Map(ARCHS.map((a) => [a.name, a]));
function canonicalArchName(name) {
  const match = /^(?:sm|compute)_(\d{2,3})[af]?$/.exec(name.trim());
  return match ? `sm_${match[1]}` : null;
}
function getArch(name) {
  const exact = BY_NAME.get(name);
  if (exact) return exact;
  const canonical = canonicalArchName(name);
  const spec = canonical ? BY_NAME.get(canonical) : void 0;
  if (!spec) throw new UnknownArchError(name);
  return spec;
}

// src/gpu/occupancy.ts
var INT_MAX = 2147483647;
var FACTOR_WARPS = 1;
var FACTOR_REGISTERS = 2;
var FACTOR_SHARED = 4;
var FACTOR_BLOCKS = 8;
var FACTOR_BARRIERS = 16;
function newCore() {
  return {
    warpsPerBlock: 0,
    active: 0,
    factors: 0,
    limitWarps: 0,
    limitRegisters: 0,
    limitShared: 0,
    limitBlocks: 0,
    limitBarriers: 0,
    allocatedRegistersPerBlock: 0,
    allocatedSharedBytesPerBlock: 0
  };
}
function alignUpToCarveoutStep(arch, size) {
  const steps = arch.carveoutStepsBytes;
  for (let i = 0; i < steps.length; i++) if (size <= steps[i]) return steps[i];
  return -1;
}
var preferenceTables = /* @__PURE__ */ new Map();
function preferenceTable(arch) {
  let table = preferenceTables.get(arch);
  if (!table) {
    table = new Int32Array(102);
    for (let carveout = -1; carveout <= 100; carveout++) {
      const wanted = carveout === -1 ? arch.sharedMemoryPerSM : Math.floor(carveout * arch.sharedMemoryPerSM / 100);
      table[carveout + 1] = alignUpToCarveoutStep(arch, wanted);
    }
    preferenceTables.set(arch, table);
  }
  return table;
}
function evaluateCore(arch, blockSize, registers, staticShared, dynamicShared, maxDynamicShared, carveoutPercent, barriers, launchBound, out) {
  const warpsPerBlock = Math.ceil(blockSize / arch.warpSize);
  out.warpsPerBlock = warpsPerBlock;
  const unit = arch.registerAllocationUnit;
  const regsPerWarp = Math.ceil(registers * arch.warpSize / unit) * unit;
  const regsPerBlock = regsPerWarp * warpsPerBlock;
  const subPartitions = arch.subPartitions;
  const regsAssumedPerBlock = regsPerWarp * Math.ceil(warpsPerBlock / subPartitions) * subPartitions;
  let limitRegisters;
  if (arch.maxRegistersPerBlock < regsAssumedPerBlock || arch.maxRegistersPerBlock < regsPerBlock || registers > 256) {
    limitRegisters = 0;
  } else if (regsPerWarp === 0) {
    limitRegisters = INT_MAX;
  } else {
    const warpsPerSubPartition = Math.floor(arch.registersPerSM / subPartitions / regsPerWarp);
    limitRegisters = Math.floor(warpsPerSubPartition * subPartitions / warpsPerBlock);
  }
  out.allocatedRegistersPerBlock = regsPerBlock;
  const tooBig = blockSize > arch.maxThreadsPerBlock || launchBound > 0 && blockSize > launchBound;
  const limitWarps = tooBig ? 0 : Math.floor(arch.maxWarpsPerSM / warpsPerBlock);
  const limitBlocks = arch.maxBlocksPerSM;
  const unitShared = arch.sharedMemoryAllocationUnit;
  const staticWithReserved = staticShared + arch.reservedSharedMemoryPerBlock;
  const allocShared = Math.ceil((staticWithReserved + dynamicShared) / unitShared) * unitShared;
  const maxUsage = staticWithReserved + maxDynamicShared;
  let perBlockCap = maxUsage > arch.sharedMemoryPerBlock ? arch.sharedMemoryPerBlockOptin : arch.sharedMemoryPerBlock;
  if (arch.major >= 8) perBlockCap += arch.reservedSharedMemoryPerBlock;
  let limitShared;
  if (dynamicShared > maxDynamicShared || allocShared > perBlockCap) {
    limitShared = 0;
  } else {
    const preference = preferenceTable(arch)[carveoutPercent + 1];
    const sharedPerSM = preference >= allocShared ? preference : alignUpToCarveoutStep(arch, allocShared);
    limitShared = allocShared > 0 ? Math.floor(sharedPerSM / allocShared) : INT_MAX;
  }
  out.allocatedSharedBytesPerBlock = allocShared;
  let active = Math.min(limitRegisters, limitShared, limitWarps, limitBlocks);
  let factors = 0;
  if (active === limitWarps) factors |= FACTOR_WARPS;
  if (active === limitRegisters) factors |= FACTOR_REGISTERS;
  if (active === limitShared) factors |= FACTOR_SHARED;
  if (active === limitBlocks) factors |= FACTOR_BLOCKS;
  let limitBarriers = INT_MAX;
  if (arch.barrierLimitApplies && barriers > 0) {
    limitBarriers = Math.floor(limitBlocks * arch.barrierSlotsPerBlockSlot / barriers);
    active = Math.min(active, limitBarriers);
    if (active === limitBarriers) factors |= FACTOR_BARRIERS;
  }
  out.active = active;
  out.factors = factors;
  out.limitWarps = limitWarps;
  out.limitRegisters = limitRegisters;
  out.limitShared = limitShared;
  out.limitBlocks = limitBlocks;
  out.limitBarriers = limitBarriers;
  return out;
}
var LIMITER_BITS = [
  [FACTOR_WARPS, "warps"],
  [FACTOR_REGISTERS, "registers"],
  [FACTOR_SHARED, "sharedMemory"],
  [FACTOR_BLOCKS, "blocks"],
  [FACTOR_BARRIERS, "barriers"]
];
var LIMITERS_BY_FACTORS = Array.from(
  { length: 32 },
  (_, factors) => LIMITER_BITS.filter(([bit]) => factors & bit).map(([, name]) => name)
);
function limiterNames(factors) {
  return LIMITERS_BY_FACTORS[factors & 31].slice();
}
function describeField(field, arch, staticBytes) {
  const optinWhy = `the ${arch.name} opt-in shared memory limit per block (${arch.sharedMemoryPerBlockOptin} B) minus ${staticBytes} B static`;
  switch (field) {
    case "registers":
      return ["registers per thread", `the ${arch.name} maximum registers per thread`];
    case "staticShared":
      return ["static shared memory (bytes)", `the ${arch.name} static shared memory limit per block; more must be dynamic with opt-in`];
    case "dynamicShared":
      return ["dynamic shared memory (bytes)", optinWhy];
    case "maxDynamicShared":
      return ["max dynamic shared memory (bytes)", optinWhy];
    case "maxThreadsPerBlock":
      return ["max threads per block (launch bounds)", `the ${arch.name} maximum threads per block`];
    case "carveout":
      return ["carveout (percent)", "the carveout range -1..100"];
    case "barriers":
      return ["barriers per block", "the 16 named barriers per block"];
    default:
      return [field, `the ${arch.name} limit for ${field}`];
  }
}
function checkInteger(value, field, min, max, arch, staticBytes = 0) {
  if (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) return value;
  const [what, maxWhy] = describeField(field, arch, staticBytes);
  const limit = field.startsWith("block") ? "block" : field;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new OccupancyInputError(limit, `${what} must be an integer, got ${JSON.stringify(value)}`);
  }
  if (value < min) throw new OccupancyInputError(limit, `${what} ${value} is below the minimum ${min}`);
  throw new OccupancyInputError(limit, `${what} ${value} exceeds ${maxWhy} (${max})`);
}
var AXES = ["block.x", "block.y", "block.z"];
function normalizeBlock(arch, block) {
  if (typeof block === "number") return [checkInteger(block, "block.x", 1, arch.maxThreadsPerBlock, arch), 1, 1];
  if (!Array.isArray(block) || block.length < 1 || block.length > 3) {
    throw new OccupancyInputError("block", `block must be a number or 1-3 dimensions, got ${JSON.stringify(block)}`);
  }
  const full = [1, 1, 1];
  for (let i = 0; i < block.length; i++) full[i] = checkInteger(block[i], AXES[i], 1, arch.maxBlockDims[i], arch);
  const threads = full[0] * full[1] * full[2];
  if (threads > arch.maxThreadsPerBlock) {
    throw new OccupancyInputError(
      "block",
      `block of ${threads} threads exceeds the ${arch.name} maximum of ${arch.maxThreadsPerBlock} threads per block`
    );
  }
  return full;
}
function normalizeKernel(input) {
  const arch = getArch(input.arch);
  const registersPerThread = checkInteger(input.registersPerThread, "registers", 0, arch.maxRegistersPerThread, arch);
  const staticSharedBytes = checkInteger(input.staticSharedBytes, "staticShared", 0, arch.sharedMemoryPerBlock, arch);
  const optinRoom = arch.sharedMemoryPerBlockOptin - staticSharedBytes;
  const dynamicSharedBytes = checkInteger(input.dynamicSharedBytes ?? 0, "dynamicShared", 0, optinRoom, arch, staticSharedBytes);
  const maxDynamicSharedBytes = checkInteger(
    input.maxDynamicSharedBytes ?? arch.sharedMemoryPerBlock - staticSharedBytes,
    "maxDynamicShared",
    0,
    optinRoom,
    arch,
    staticSharedBytes
  );
  const maxThreadsPerBlock = input.maxThreadsPerBlock === void 0 || input.maxThreadsPerBlock === null ? null : checkInteger(input.maxThreadsPerBlock, "maxThreadsPerBlock", 1, arch.maxThreadsPerBlock, arch);
  const carveoutPercent = checkInteger(input.carveoutPercent ?? -1, "carveout", -1, 100, arch);
  const barriers = checkInteger(input.barriers ?? 1, "barriers", 0, 16, arch);
  return {
    arch,
    registersPerThread,
    staticSharedBytes,
    dynamicSharedBytes,
    maxDynamicSharedBytes,
    maxThreadsPerBlock,
    carveoutPercent,
    barriers
  };
}
function normalizeOccupancyInput(input) {
  const kernel = normalizeKernel(input);
  kernel.block = normalizeBlock(kernel.arch, input.block);
  kernel.blockSize = kernel.block[0] * kernel.block[1] * kernel.block[2];
  return kernel;
}
function nullIfUnlimited(limit) {
  return limit === INT_MAX ? null : limit;
}
function coreToResult(arch, blockSize, core) {
  const activeWarpsPerSM = core.active * core.warpsPerBlock;
  return {
    arch: arch.name,
    blockSize,
    warpsPerBlock: core.warpsPerBlock,
    activeBlocksPerSM: core.active,
    activeWarpsPerSM,
    occupancy: activeWarpsPerSM / arch.maxWarpsPerSM,
    limiter: limiterNames(core.factors),
    limits: {
      warps: core.limitWarps,
      registers: nullIfUnlimited(core.limitRegisters),
      sharedMemory: nullIfUnlimited(core.limitShared),
      blocks: core.limitBlocks,
      barriers: nullIfUnlimited(core.limitBarriers)
    },
    allocatedRegistersPerBlock: core.allocatedRegistersPerBlock,
    allocatedSharedBytesPerBlock: core.allocatedSharedBytesPerBlock
  };
}
function evaluateNormalized(n, out = newCore()) {
  return evaluateCore(
    n.arch,
    n.blockSize,
    n.registersPerThread,
    n.staticSharedBytes,
    n.dynamicSharedBytes,
    n.maxDynamicSharedBytes,
    n.carveoutPercent,
    n.barriers,
    n.maxThreadsPerBlock ?? 0,
    out
  );
}
function computeOccupancy(input) {
  const normalized = normalizeOccupancyInput(input);
  return coreToResult(normalized.arch, normalized.blockSize, evaluateNormalized(normalized));
}
function explainZeroOccupancy(input, result) {
  if (result.activeBlocksPerSM > 0) return null;
  const n = normalizeOccupancyInput(input);
  const reasons = [];
  if (n.maxThreadsPerBlock !== null && n.blockSize > n.maxThreadsPerBlock) {
    reasons.push(`block of ${n.blockSize} threads exceeds the kernel's launch bounds (${n.maxThreadsPerBlock} threads)`);
  }
  if (result.limits.registers === 0) {
    reasons.push(
      `${n.registersPerThread} registers x ${n.blockSize} threads do not fit the ${n.arch.maxRegistersPerBlock} registers per block (allocated per warp in units of ${n.arch.registerAllocationUnit}, warps rounded up to ${n.arch.subPartitions})`
    );
  }
  if (result.limits.sharedMemory === 0) {
    if (n.dynamicSharedBytes > n.maxDynamicSharedBytes) {
      reasons.push(
        `dynamic shared memory ${n.dynamicSharedBytes} B exceeds the kernel's max dynamic shared size ${n.maxDynamicSharedBytes} B (opt in with cudaFuncSetAttribute(MaxDynamicSharedMemorySize))`
      );
    } else {
      reasons.push(`shared memory ${result.allocatedSharedBytesPerBlock} B per block exceeds the per-block limit`);
    }
  }
  return reasons.length ? reasons.join("; ") : "no block fits";
}

// src/gpu/cliffs.ts
function blocksWith(n, registers, staticShared, core, dynamicShared = n.dynamicSharedBytes) {
  return evaluateCore(
    n.arch,
    n.blockSize,
    registers,
    staticShared,
    dynamicShared,
    n.maxDynamicSharedBytes,
    n.carveoutPercent,
    n.barriers,
    n.maxThreadsPerBlock ?? 0,
    core
  ).active;
}
function registerSide(n, current, core) {
  const side = { headroom: null, blocksAfterDrop: null, shedToGain: null, blocksAfterGain: null };
  const regs = n.registersPerThread;
  if (current > 0) {
    for (let r = regs + 1; r <= n.arch.maxRegistersPerThread; r++) {
      const blocks = blocksWith(n, r, n.staticSharedBytes, core);
      if (blocks < current) {
        side.headroom = r - 1 - regs;
        side.blocksAfterDrop = blocks;
        break;
      }
    }
  }
  for (let r = regs - 1; r >= 1; r--) {
    const blocks = blocksWith(n, r, n.staticSharedBytes, core);
    if (blocks > current) {
      side.shedToGain = regs - r;
      side.blocksAfterGain = blocks;
      break;
    }
  }
  return side;
}
function sharedSide(n, current, core) {
  const side = { headroom: null, blocksAfterDrop: null, shedToGain: null, blocksAfterGain: null };
  const arch = n.arch;
  const unit = arch.sharedMemoryAllocationUnit;
  const reserved = arch.reservedSharedMemoryPerBlock;
  const userBytes = n.staticSharedBytes + n.dynamicSharedBytes;
  const total = userBytes + reserved;
  const allocated = Math.ceil(total / unit) * unit;
  if (current > 0) {
    const maxUser = arch.sharedMemoryPerBlockOptin;
    for (let alloc = allocated + unit; alloc - reserved <= maxUser; alloc += unit) {
      const blocks = blocksWith(n, n.registersPerThread, alloc - reserved - n.dynamicSharedBytes, core);
      if (blocks < current) {
        side.headroom = alloc - unit - total;
        side.blocksAfterDrop = blocks;
        break;
      }
    }
    if (side.headroom === null) {
      side.headroom = maxUser - userBytes;
      side.blocksAfterDrop = 0;
    }
  }
  for (let alloc = allocated - unit; alloc >= reserved; alloc -= unit) {
    const userAfter = alloc - reserved;
    const dynamicAfter = Math.min(n.dynamicSharedBytes, userAfter);
    const blocks = blocksWith(n, n.registersPerThread, userAfter - dynamicAfter, core, dynamicAfter);
    if (blocks > current) {
      side.shedToGain = total - alloc;
      side.blocksAfterGain = blocks;
      break;
    }
  }
  return side;
}
function curveFor(kernel, core) {
  const arch = kernel.arch;
  const maxBlock = Math.min(arch.maxThreadsPerBlock, kernel.maxThreadsPerBlock ?? arch.maxThreadsPerBlock);
  const sizes = [];
  for (let size = arch.warpSize; size <= maxBlock; size += arch.warpSize) sizes.push(size);
  if (maxBlock % arch.warpSize !== 0) sizes.push(maxBlock);
  return sizes.map((blockSize) => {
    evaluateCore(
      arch,
      blockSize,
      kernel.registersPerThread,
      kernel.staticSharedBytes,
      kernel.dynamicSharedBytes,
      kernel.maxDynamicSharedBytes,
      kernel.carveoutPercent,
      kernel.barriers,
      kernel.maxThreadsPerBlock ?? 0,
      core
    );
    const activeWarpsPerSM = core.active * core.warpsPerBlock;
    return {
      blockSize,
      activeBlocksPerSM: core.active,
      activeWarpsPerSM,
      occupancy: activeWarpsPerSM / arch.maxWarpsPerSM,
      limiter: limiterNames(core.factors)
    };
  });
}
function occupancyCurve(input) {
  return curveFor(normalizeKernel(input), newCore());
}
function bestBlockSizes(curve) {
  let best = 0;
  for (const point of curve) best = Math.max(best, point.activeWarpsPerSM);
  if (best === 0) return [];
  return curve.filter((p) => p.activeWarpsPerSM === best).map((p) => p.blockSize);
}
function computeCliffs(input) {
  const n = normalizeOccupancyInput(input);
  const core = newCore();
  const current = evaluateNormalized(n, core).active;
  const curve = curveFor(n, core);
  return {
    registers: registerSide(n, current, core),
    sharedMemory: sharedSide(n, current, core),
    curve,
    bestBlockSizes: bestBlockSizes(curve)
  };
}

export {
  OccupancyInputError,
  KNOWN_ARCHS,
  UnknownArchError,
  getArch,
  normalizeOccupancyInput,
  computeOccupancy,
  explainZeroOccupancy,
  occupancyCurve,
  computeCliffs
};
