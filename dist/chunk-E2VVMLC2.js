import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  require_ajv
} from "./chunk-YQ3MCREF.js";
import {
  getArch
} from "./chunk-JDTKYLUX.js";
import {
  __toESM
} from "./chunk-QMUWDXFR.js";

// src/report/validate.ts
var import_ajv = __toESM(require_ajv(), 1);

// schemas/report.schema.json
var report_schema_default = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://carve.dev/schemas/report.schema.json",
  title: "Carve kernel report",
  description: "Static analysis of CUDA kernels per architecture, as `carve analyze --json` prints it and the Action writes it. null means 'not derived', with a reason beside it.",
  type: "object",
  additionalProperties: false,
  required: ["schemaVersion", "tool", "archs", "kernels", "diagnostics"],
  properties: {
    schemaVersion: {
      const: 1
    },
    tool: {
      type: "object",
      required: ["name", "version"],
      properties: {
        name: {
          const: "carve"
        },
        version: {
          type: "string"
        }
      }
    },
    side: {
      enum: ["base", "head"]
    },
    commit: {
      type: ["string", "null"]
    },
    archs: {
      type: "array",
      items: {
        type: "string"
      }
    },
    kernels: {
      type: "array",
      items: {
        $ref: "#/definitions/kernel"
      }
    },
    diagnostics: {
      type: "array",
      items: {
        $ref: "#/definitions/diagnostic"
      }
    }
  },
  definitions: {
    diagnostic: {
      type: "object",
      additionalProperties: false,
      required: ["severity", "stage", "message"],
      properties: {
        severity: {
          enum: ["error", "warning", "note"]
        },
        stage: {
          enum: ["config", "build", "ptxas", "cubin", "ptx", "analysis", "timing", "github", "report"]
        },
        message: {
          type: "string"
        },
        file: {
          type: "string"
        },
        line: {
          type: "integer"
        },
        column: {
          type: "integer"
        },
        offset: {
          type: "integer"
        },
        jsonPath: {
          type: "string"
        },
        kernel: {
          type: "string"
        }
      }
    },
    resources: {
      type: "object",
      additionalProperties: false,
      required: [
        "registers",
        "staticSharedBytes",
        "localBytes",
        "stackFrameBytes",
        "spillStoreBytes",
        "spillLoadBytes",
        "barriers",
        "constantBytes",
        "maxThreadsPerBlock",
        "minBlocksPerSM",
        "source"
      ],
      properties: {
        registers: {
          type: "integer",
          minimum: 0
        },
        staticSharedBytes: {
          type: "integer",
          minimum: 0
        },
        localBytes: {
          type: "integer",
          minimum: 0
        },
        stackFrameBytes: {
          type: "integer",
          minimum: 0
        },
        spillStoreBytes: {
          type: ["integer", "null"],
          minimum: 0
        },
        spillLoadBytes: {
          type: ["integer", "null"],
          minimum: 0
        },
        barriers: {
          type: ["integer", "null"],
          minimum: 0
        },
        constantBytes: {
          type: ["integer", "null"],
          minimum: 0
        },
        maxThreadsPerBlock: {
          type: ["integer", "null"]
        },
        minBlocksPerSM: {
          type: ["integer", "null"]
        },
        source: {
          enum: ["ptxas", "cubin", "report"]
        },
        nullReasons: {
          type: "object",
          additionalProperties: false,
          properties: {
            spillStoreBytes: { type: "string" },
            spillLoadBytes: { type: "string" },
            barriers: { type: "string" },
            constantBytes: { type: "string" },
            maxThreadsPerBlock: { type: "string" },
            minBlocksPerSM: { type: "string" }
          }
        }
      }
    },
    occupancy: {
      type: "object",
      additionalProperties: false,
      required: [
        "arch",
        "blockSize",
        "warpsPerBlock",
        "activeBlocksPerSM",
        "activeWarpsPerSM",
        "occupancy",
        "limiter",
        "limits",
        "allocatedRegistersPerBlock",
        "allocatedSharedBytesPerBlock"
      ],
      properties: {
        arch: {
          type: "string"
        },
        blockSize: {
          type: "integer",
          minimum: 0
        },
        warpsPerBlock: {
          type: "integer",
          minimum: 0
        },
        activeBlocksPerSM: {
          type: "integer",
          minimum: 0
        },
        activeWarpsPerSM: {
          type: "integer",
          minimum: 0
        },
        occupancy: {
          type: "number",
          minimum: 0,
          maximum: 1
        },
        limiter: {
          type: "array",
          items: {
            enum: ["warps", "registers", "sharedMemory", "blocks", "barriers"]
          }
        },
        limits: {
          type: "object",
          additionalProperties: false,
          required: ["warps", "registers", "sharedMemory", "blocks", "barriers"],
          properties: {
            warps: {
              type: ["integer", "null"]
            },
            registers: {
              type: ["integer", "null"]
            },
            sharedMemory: {
              type: ["integer", "null"]
            },
            blocks: {
              type: ["integer", "null"]
            },
            barriers: {
              type: ["integer", "null"]
            }
          }
        },
        allocatedRegistersPerBlock: {
          type: "integer",
          minimum: 0
        },
        allocatedSharedBytesPerBlock: {
          type: "integer",
          minimum: 0
        }
      }
    },
    cliffSide: {
      type: "object",
      additionalProperties: false,
      required: ["headroom", "blocksAfterDrop", "shedToGain", "blocksAfterGain"],
      properties: {
        headroom: {
          type: ["integer", "null"]
        },
        blocksAfterDrop: {
          type: ["integer", "null"]
        },
        shedToGain: {
          type: ["integer", "null"]
        },
        blocksAfterGain: {
          type: ["integer", "null"]
        }
      }
    },
    curvePoint: {
      type: "object",
      additionalProperties: false,
      required: ["blockSize", "activeBlocksPerSM", "activeWarpsPerSM", "occupancy", "limiter"],
      properties: {
        blockSize: {
          type: "integer",
          minimum: 0
        },
        activeBlocksPerSM: {
          type: "integer",
          minimum: 0
        },
        activeWarpsPerSM: {
          type: "integer",
          minimum: 0
        },
        occupancy: {
          type: "number"
        },
        limiter: {
          type: "array",
          items: {
            enum: ["warps", "registers", "sharedMemory", "blocks", "barriers"]
          }
        }
      }
    },
    cliffs: {
      type: "object",
      additionalProperties: false,
      required: ["registers", "sharedMemory", "curve", "bestBlockSizes"],
      properties: {
        registers: {
          $ref: "#/definitions/cliffSide"
        },
        sharedMemory: {
          $ref: "#/definitions/cliffSide"
        },
        curve: {
          type: "array",
          items: {
            $ref: "#/definitions/curvePoint"
          }
        },
        bestBlockSizes: {
          type: "array",
          items: {
            type: "integer",
            minimum: 0
          }
        }
      }
    },
    mixCounts: {
      type: "object",
      additionalProperties: false,
      required: [
        "fp32",
        "fp64",
        "fp16",
        "integer",
        "sfu",
        "tensor",
        "conversion",
        "move",
        "predicate",
        "control",
        "barrier",
        "atomic",
        "other",
        "total",
        "load",
        "store"
      ],
      properties: {
        fp32: {
          type: "number"
        },
        fp64: {
          type: "number"
        },
        fp16: {
          type: "number"
        },
        integer: {
          type: "number"
        },
        sfu: {
          type: "number"
        },
        tensor: {
          type: "number"
        },
        conversion: {
          type: "number"
        },
        move: {
          type: "number"
        },
        predicate: {
          type: "number"
        },
        control: {
          type: "number"
        },
        barrier: {
          type: "number"
        },
        atomic: {
          type: "number"
        },
        other: {
          type: "number"
        },
        total: {
          type: "number"
        },
        load: {
          type: "object",
          additionalProperties: {
            type: "number"
          }
        },
        store: {
          type: "object",
          additionalProperties: {
            type: "number"
          }
        }
      }
    },
    instructionMix: {
      type: "object",
      additionalProperties: false,
      required: ["static", "dynamic", "weightedDynamic", "intensities"],
      properties: {
        static: {
          $ref: "#/definitions/mixCounts"
        },
        dynamic: {
          $ref: "#/definitions/mixCounts"
        },
        weightedDynamic: {
          type: "number"
        },
        intensities: {
          type: "object",
          additionalProperties: false,
          required: ["fl", "mem", "ctrl", "reg"],
          properties: {
            fl: {
              type: "number"
            },
            mem: {
              type: "number"
            },
            ctrl: {
              type: "number"
            },
            reg: {
              type: "number"
            }
          }
        }
      }
    },
    perThread: {
      type: "object",
      additionalProperties: false,
      required: [
        "instructions",
        "flops",
        "globalLoadBytes",
        "globalStoreBytes",
        "sharedLoadBytes",
        "sharedStoreBytes",
        "unknownBranchesCountedTaken",
        "usesAssumedTripCounts"
      ],
      properties: {
        instructions: {
          type: "number"
        },
        flops: {
          type: "number"
        },
        globalLoadBytes: {
          type: "number"
        },
        globalStoreBytes: {
          type: "number"
        },
        sharedLoadBytes: {
          type: "number"
        },
        sharedStoreBytes: {
          type: "number"
        },
        localLoadBytes: {
          type: "number"
        },
        localStoreBytes: {
          type: "number"
        },
        globalLoadBatches: {
          type: "number",
          description: "Batches of global loads per thread (trip-weighted): the loads a warp issues together before it waits on them; global load bytes / batches is what a thread keeps in flight."
        },
        globalLoadThreadShare: {
          type: "number",
          minimum: 0,
          maximum: 1,
          description: "Share of the launch's threads that reach a global load (a bounds check past the data leaves the rest idle); absent where every thread loads."
        },
        sassInstructions: {
          type: "number",
          description: "Estimated executed SASS instructions per thread from the cubin's line table; absent without one."
        },
        dependentCycles: {
          type: "number",
          description: "Cycles one warp needs for its chains of dependent instructions (each basic block's longest dependence path per execution, at least a cycle an instruction; a self-loop by what its second pass adds; Hopper latencies, loads at their L1-hit latency): a floor on a warp's time that no number of warps lowers."
        },
        unknownBranchesCountedTaken: {
          type: "boolean"
        },
        usesAssumedTripCounts: {
          type: "boolean"
        }
      }
    },
    loop: {
      type: "object",
      additionalProperties: false,
      required: ["file", "line", "depth", "tripCount", "tripCountReason", "assumedTripCount"],
      properties: {
        file: {
          type: ["string", "null"]
        },
        line: {
          type: ["integer", "null"]
        },
        depth: {
          type: "integer",
          minimum: 1
        },
        tripCount: {
          type: ["number", "null"]
        },
        tripCountReason: {
          type: "string"
        },
        assumedTripCount: {
          type: ["number", "null"]
        },
        unrollFactor: {
          type: "integer",
          minimum: 1
        },
        warpTripCount: {
          type: "number",
          minimum: 0
        },
        upperBound: {
          type: "boolean",
          const: true,
          description: "The trip count is an upper bound: another exit whose outcome is not known (a data-dependent break or return) may leave the loop earlier."
        },
        hint: {
          type: "string",
          description: "The loops.hints (or a carving space's loopTrips) key assumedTripCount came from."
        }
      }
    },
    access: {
      type: "object",
      additionalProperties: false,
      required: [
        "space",
        "kind",
        "class",
        "sectorsPerRequest",
        "idealSectors",
        "bankConflictWays",
        "bytesPerLane",
        "file",
        "line",
        "ptx",
        "dynamicWeight",
        "reason"
      ],
      properties: {
        space: {
          enum: ["global", "shared"]
        },
        kind: {
          enum: ["load", "store", "atomic"]
        },
        class: {
          enum: ["coalesced", "misaligned", "strided", "uncoalesced", "uniform", "indirect", "runtime", null]
        },
        sectorsPerRequest: {
          type: ["number", "null"]
        },
        idealSectors: {
          type: ["number", "null"]
        },
        bankConflictWays: {
          type: ["number", "null"]
        },
        bytesPerLane: {
          type: "integer",
          minimum: 0
        },
        file: {
          type: ["string", "null"]
        },
        line: {
          type: ["integer", "null"]
        },
        ptx: {
          type: "string"
        },
        dynamicWeight: {
          type: "number"
        },
        reason: {
          type: "string"
        }
      }
    },
    localAccess: {
      type: "object",
      additionalProperties: false,
      required: ["kind", "bytesPerLane", "file", "line", "ptx", "dynamicWeight"],
      properties: {
        kind: { enum: ["load", "store"] },
        bytesPerLane: { type: "number" },
        file: { type: ["string", "null"] },
        line: { type: ["integer", "null"] },
        ptx: { type: "string" },
        dynamicWeight: { type: "number" }
      }
    },
    divergence: {
      type: "object",
      additionalProperties: false,
      required: ["file", "line", "divergent", "loopDepth", "dynamicWeight", "ptx", "reason"],
      properties: {
        file: {
          type: ["string", "null"]
        },
        line: {
          type: ["integer", "null"]
        },
        divergent: {
          type: "boolean"
        },
        loopDepth: {
          type: "integer",
          minimum: 0
        },
        dynamicWeight: {
          type: "number"
        },
        ptx: {
          type: "string"
        },
        reason: {
          type: "string"
        },
        unresolved: {
          type: "boolean"
        }
      }
    },
    kernel: {
      type: "object",
      additionalProperties: false,
      required: [
        "name",
        "displayName",
        "arch",
        "file",
        "resources",
        "launch",
        "occupancy",
        "cliffs",
        "instructionMix",
        "perThread",
        "regions",
        "loops",
        "accesses",
        "divergence",
        "diagnostics"
      ],
      properties: {
        name: {
          type: "string"
        },
        displayName: {
          type: "string"
        },
        arch: {
          type: "string",
          pattern: "^sm_[0-9]+[af]?$"
        },
        file: {
          type: ["string", "null"]
        },
        resources: {
          oneOf: [
            {
              $ref: "#/definitions/resources"
            },
            {
              type: "null"
            }
          ]
        },
        launch: {
          type: "object",
          additionalProperties: false,
          required: ["block", "blockSource"],
          properties: {
            block: {
              oneOf: [
                {
                  type: "array",
                  items: {
                    type: "integer",
                    minimum: 1
                  },
                  minItems: 3,
                  maxItems: 3
                },
                {
                  type: "null"
                }
              ]
            },
            blockSource: {
              enum: ["cli", "config", "launch-bounds", "default", null]
            },
            note: {
              type: "string"
            }
          }
        },
        occupancy: {
          oneOf: [
            {
              $ref: "#/definitions/occupancy"
            },
            {
              type: "null"
            }
          ]
        },
        cliffs: {
          oneOf: [
            {
              $ref: "#/definitions/cliffs"
            },
            {
              type: "null"
            }
          ]
        },
        instructionMix: {
          oneOf: [
            {
              $ref: "#/definitions/instructionMix"
            },
            {
              type: "null"
            }
          ]
        },
        perThread: {
          oneOf: [
            {
              $ref: "#/definitions/perThread"
            },
            {
              type: "null"
            }
          ]
        },
        regions: {
          type: ["number", "null"]
        },
        loops: {
          type: "array",
          items: {
            $ref: "#/definitions/loop"
          }
        },
        accesses: {
          type: "array",
          items: {
            $ref: "#/definitions/access"
          }
        },
        divergence: {
          type: "array",
          items: {
            $ref: "#/definitions/divergence"
          }
        },
        localAccesses: {
          type: "array",
          items: {
            $ref: "#/definitions/localAccess"
          }
        },
        diagnostics: {
          type: "array",
          items: {
            $ref: "#/definitions/diagnostic"
          }
        }
      }
    }
  }
};

// src/report/validate.ts
var ajv = new import_ajv.Ajv({ allErrors: true, strict: false });
var validateReport = ajv.compile(report_schema_default);
function reportSchemaErrors(report) {
  if (validateReport(report)) return [];
  return (validateReport.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? e.keyword}`);
}

// src/report/context.ts
var GITHUB_COMMENT_LIMIT = 65536;
function repoPath(file, repoRoot) {
  if (!file) return null;
  const normalized = file.replace(/\\/g, "/");
  if (!normalized.startsWith("/")) return normalized.replace(/^\.\//, "");
  if (!repoRoot) return null;
  const root = repoRoot.replace(/\\/g, "/").replace(/\/+$/, "") + "/";
  return normalized.startsWith(root) ? normalized.slice(root.length) : null;
}
function lineUrl(context, file, line) {
  const path = repoPath(file, context.repoRoot);
  if (!path || !context.repository || !context.sha) return null;
  const server = (context.serverUrl ?? "https://github.com").replace(/\/+$/, "");
  const encoded = path.split("/").map(encodeURIComponent).join("/");
  return `${server}/${context.repository}/blob/${context.sha}/${encoded}${line !== null ? `#L${line}` : ""}`;
}
function isFailing(finding, failOn) {
  return finding.severity !== "notice" && failOn.includes(finding.kind);
}
function levelOf(finding, failOn) {
  if (finding.severity === "notice") return "notice";
  return isFailing(finding, failOn) ? "failure" : "warning";
}
var KIND_DESCRIPTIONS = {
  cliff: "Occupancy dropped, or the kernel is a few registers / bytes of shared memory away from losing a block per SM",
  uncoalesced: "New or worse strided / uncoalesced global memory access (more 32-byte sectors per request than ideal)",
  "bank-conflict": "New or worse shared-memory bank conflicts",
  spill: "Register spills to local memory appeared or grew",
  registers: "Registers per thread grew beyond the threshold",
  shared: "Shared memory per block grew beyond the threshold",
  instructions: "Dynamic instructions per thread grew beyond the threshold",
  divergence: "New thread-divergent branch inside a loop",
  regression: "Timing regression (statistically significant and above the practical threshold)",
  build: "A kernel or file failed to build or parse",
  frontier: "A touched space's carving frontier moved: the configuration in use fell off it, or the predicted best changed"
};
var FINDING_KINDS = Object.keys(KIND_DESCRIPTIONS);

// src/report/annotations.ts
var TITLE_LIMIT = 255;
var MESSAGE_LIMIT = 64 * 1024;
function kernelAnchorLine(kernel, file) {
  if (!kernel) return null;
  const lines = [...kernel.accesses, ...kernel.divergence, ...kernel.loops].filter((site) => site.file === file && site.line !== null).map((site) => site.line);
  return lines.length ? Math.min(...lines) : null;
}
function findingLine(comparison, finding, file) {
  if (finding.line !== null) return finding.line;
  const pair = comparison.kernels.find((k) => k.name === finding.kernel && k.arch === finding.arch);
  return kernelAnchorLine(pair?.head ?? null, file) ?? 1;
}
function clip(text, limit) {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}\u2026`;
}
function toAnnotations(comparison, failOn, options = {}) {
  const annotations = [];
  for (const finding of comparison.findings) {
    const path = repoPath(finding.file, options.repoRoot);
    if (!path || !finding.file) continue;
    const line = findingLine(comparison, finding, finding.file);
    annotations.push({
      path,
      start_line: line,
      end_line: line,
      annotation_level: levelOf(finding, failOn),
      title: clip(`Carve ${finding.kind}: ${finding.displayName} (${finding.arch})`, TITLE_LIMIT),
      message: clip(`${finding.title}
${finding.message}${finding.remedy ? `
Remedy: ${finding.remedy}` : ""}`, MESSAGE_LIMIT),
      raw_details: clip(JSON.stringify(finding.evidence, null, 2), MESSAGE_LIMIT)
    });
  }
  return annotations;
}
function conclusionFor(comparison, failOn) {
  return comparison.findings.some((f) => isFailing(f, failOn)) ? "failure" : "success";
}

// node_modules/markdown-table/index.js
function defaultStringLength(value) {
  return value.length;
}
function markdownTable(table, options) {
  const settings = options || {};
  const align = (settings.align || []).concat();
  const stringLength = settings.stringLength || defaultStringLength;
  const alignments = [];
  const cellMatrix = [];
  const sizeMatrix = [];
  const longestCellByColumn = [];
  let mostCellsPerRow = 0;
  let rowIndex = -1;
  while (++rowIndex < table.length) {
    const row4 = [];
    const sizes2 = [];
    let columnIndex2 = -1;
    if (table[rowIndex].length > mostCellsPerRow) {
      mostCellsPerRow = table[rowIndex].length;
    }
    while (++columnIndex2 < table[rowIndex].length) {
      const cell = serialize(table[rowIndex][columnIndex2]);
      if (settings.alignDelimiters !== false) {
        const size = stringLength(cell);
        sizes2[columnIndex2] = size;
        if (longestCellByColumn[columnIndex2] === void 0 || size > longestCellByColumn[columnIndex2]) {
          longestCellByColumn[columnIndex2] = size;
        }
      }
      row4.push(cell);
    }
    cellMatrix[rowIndex] = row4;
    sizeMatrix[rowIndex] = sizes2;
  }
  let columnIndex = -1;
  if (typeof align === "object" && "length" in align) {
    while (++columnIndex < mostCellsPerRow) {
      alignments[columnIndex] = toAlignment(align[columnIndex]);
    }
  } else {
    const code = toAlignment(align);
    while (++columnIndex < mostCellsPerRow) {
      alignments[columnIndex] = code;
    }
  }
  columnIndex = -1;
  const row3 = [];
  const sizes = [];
  while (++columnIndex < mostCellsPerRow) {
    const code = alignments[columnIndex];
    let before = "";
    let after = "";
    if (code === 99) {
      before = ":";
      after = ":";
    } else if (code === 108) {
      before = ":";
    } else if (code === 114) {
      after = ":";
    }
    let size = settings.alignDelimiters === false ? 1 : Math.max(
      1,
      longestCellByColumn[columnIndex] - before.length - after.length
    );
    const cell = before + "-".repeat(size) + after;
    if (settings.alignDelimiters !== false) {
      size = before.length + size + after.length;
      if (size > longestCellByColumn[columnIndex]) {
        longestCellByColumn[columnIndex] = size;
      }
      sizes[columnIndex] = size;
    }
    row3[columnIndex] = cell;
  }
  cellMatrix.splice(1, 0, row3);
  sizeMatrix.splice(1, 0, sizes);
  rowIndex = -1;
  const lines = [];
  while (++rowIndex < cellMatrix.length) {
    const row4 = cellMatrix[rowIndex];
    const sizes2 = sizeMatrix[rowIndex];
    const cellsInRow = settings.fillRows === false ? Math.max(1, cellMatrix[rowIndex === 1 ? 0 : rowIndex].length) : mostCellsPerRow;
    columnIndex = -1;
    const line = [];
    while (++columnIndex < cellsInRow) {
      const cell = row4[columnIndex] || "";
      let before = "";
      let after = "";
      if (settings.alignDelimiters !== false) {
        const size = longestCellByColumn[columnIndex] - (sizes2[columnIndex] || 0);
        const code = alignments[columnIndex];
        if (code === 114) {
          before = " ".repeat(size);
        } else if (code === 99) {
          const half = size / 2;
          if (size % 2) {
            before = " ".repeat(half + 0.5);
            after = " ".repeat(half - 0.5);
          } else {
            before = " ".repeat(half);
            after = before;
          }
        } else {
          after = " ".repeat(size);
        }
      }
      if (settings.delimiterStart !== false && !columnIndex) {
        line.push("|");
      }
      if (settings.padding !== false && // Don’t add the opening space if we’re not aligning and the cell is
      // empty: there will be a closing space.
      !(settings.alignDelimiters === false && cell === "") && (settings.delimiterStart !== false || columnIndex)) {
        line.push(" ");
      }
      if (settings.alignDelimiters !== false) {
        line.push(before);
      }
      line.push(cell);
      if (settings.alignDelimiters !== false) {
        line.push(after);
      }
      if (settings.padding !== false) {
        line.push(" ");
      }
      if (settings.delimiterEnd !== false || columnIndex !== cellsInRow - 1) {
        line.push("|");
      }
    }
    lines.push(
      settings.delimiterEnd === false ? line.join("").replace(/ +$/, "") : line.join("")
    );
  }
  return lines.join("\n");
}
function serialize(value) {
  return value === null || value === void 0 ? "" : String(value);
}
function toAlignment(value) {
  const code = typeof value === "string" ? value.codePointAt(0) : 0;
  return code === 67 || code === 99 ? 99 : code === 76 || code === 108 ? 108 : code === 82 || code === 114 ? 114 : 0;
}

// src/report/inline-code.ts
function inlineCode(text) {
  const flat = text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|");
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = longest > 0 || flat.startsWith(" ") ? " " : "";
  return `${fence}${pad}${flat}${pad}${fence}`;
}

// src/report/format.ts
function pct(fraction) {
  return `${Number((fraction * 100).toFixed(1))}%`;
}
function change(before, after) {
  const text = (v) => v === null || v === void 0 ? "?" : String(v);
  if (before === void 0) return text(after);
  if (after === void 0) return text(before);
  return text(before) === text(after) ? text(after) : `${text(before)} \u2192 ${text(after)}`;
}
function spills(kernel) {
  if (!kernel) return void 0;
  const r = kernel.resources;
  if (!r || r.spillStoreBytes === null || r.spillLoadBytes === null) return null;
  return r.spillStoreBytes + r.spillLoadBytes;
}
function side(kernel, pick) {
  return kernel ? pick(kernel) : void 0;
}
function occupancyCell(kernel) {
  return side(kernel, (k) => k.occupancy ? `${pct(k.occupancy.occupancy)} (${k.occupancy.activeBlocksPerSM} blk)` : null);
}
function occupancyDelta(pair) {
  const before = pair.base?.occupancy?.occupancy;
  const after = pair.head?.occupancy?.occupancy;
  if (before === void 0 || after === void 0) return "";
  const points = Number(((after - before) * 100).toFixed(1));
  return points === 0 ? "0" : `${points > 0 ? "+" : "\u2212"}${Math.abs(points)} pts`;
}
var KERNEL_TABLE_HEADER = ["Kernel", "Arch", "Status", "Registers", "Shared (B)", "Spills (B)", "Occupancy", "\u0394"];
function kernelRow(pair) {
  return [
    inlineCode(pair.displayName),
    pair.arch,
    pair.status,
    change(
      side(pair.base, (k) => k.resources?.registers ?? null),
      side(pair.head, (k) => k.resources?.registers ?? null)
    ),
    change(
      side(pair.base, (k) => k.resources?.staticSharedBytes ?? null),
      side(pair.head, (k) => k.resources?.staticSharedBytes ?? null)
    ),
    change(spills(pair.base), spills(pair.head)),
    change(occupancyCell(pair.base), occupancyCell(pair.head)),
    occupancyDelta(pair)
  ];
}
function escapeCell(text) {
  return text.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}
function escapeHtml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
function codeSpan(text) {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = longest ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

// src/report/findings-markdown.ts
var ICONS = { failure: "\u274C", warning: "\u26A0\uFE0F", notice: "\u2139\uFE0F" };
function location(finding, context, anchorLine) {
  if (!finding.file) return "";
  const path = repoPath(finding.file, context.repoRoot) ?? finding.file.split("/").pop() ?? finding.file;
  const text = finding.line !== null ? `${path}:${finding.line}` : path;
  const url = lineUrl(context, finding.file, finding.line ?? anchorLine);
  return url ? ` ([${text}](${url}))` : ` (${text})`;
}
function findingMarkdown(finding, context, anchorLine = () => null) {
  const group = Array.isArray(finding) ? finding : [finding];
  const first = group[0];
  const level = levelOf(first, context.failOn);
  const kernels = group.length === 1 ? `${codeSpan(first.displayName)} (${first.arch})` : `${group.length} kernels: ${group.slice(0, GROUP_NAMES).map((f) => codeSpan(f.displayName)).join(
    ", "
  )}${group.length > GROUP_NAMES ? `, and ${group.length - GROUP_NAMES} more` : ""} (${[...new Set(group.map((f) => f.arch))].join(", ")})`;
  const count = group.length > 1 ? ` **\xD7${group.length}**` : "";
  const lines = [
    `- ${ICONS[level]} **${first.kind}**${count} \xB7 ${kernels}: ${first.title}${location(first, context, anchorLine(first))}`,
    `  ${group.length > 1 ? `For ${codeSpan(first.displayName)}: ` : ""}${first.message}`
  ];
  if (first.remedy) lines.push(`  **Remedy:** ${first.remedy}`);
  return lines.join("<br>\n");
}
var GROUP_NAMES = 5;
function groupFindings(findings, failOn) {
  const groups = /* @__PURE__ */ new Map();
  for (const f of findings) {
    const key = JSON.stringify([f.kind, levelOf(f, failOn), f.title, f.remedy, f.line === null ? null : f.file]);
    const group = groups.get(key);
    if (group) group.push(f);
    else groups.set(key, [f]);
  }
  return [...groups.values()];
}
function findingCounts(comparison, failOn) {
  const failingKinds = /* @__PURE__ */ new Set();
  let failing = 0;
  let warnings = 0;
  let notices = 0;
  for (const f of comparison.findings) {
    const level = levelOf(f, failOn);
    if (level === "failure") {
      failing++;
      failingKinds.add(f.kind);
    } else if (level === "warning") warnings++;
    else notices++;
  }
  const parts = [];
  if (failing) parts.push(`${failing} failing (${[...failingKinds].join(", ")})`);
  if (warnings) parts.push(`${warnings} ${warnings === 1 ? "warning" : "warnings"}`);
  if (notices) parts.push(`${notices} ${notices === 1 ? "notice" : "notices"}`);
  return { failing, text: parts.length ? parts.join(", ") : "no findings" };
}
function kernelCounts(comparison) {
  const archs = [...new Set(comparison.kernels.map((k) => k.arch))];
  const byStatus = /* @__PURE__ */ new Map();
  for (const k of comparison.kernels) byStatus.set(k.status, (byStatus.get(k.status) ?? 0) + 1);
  const statuses = ["changed", "added", "removed", "unchanged"].filter((s) => byStatus.has(s)).map((s) => `${byStatus.get(s)} ${s}`);
  const count = comparison.kernels.length;
  return `${count} ${count === 1 ? "kernel" : "kernels"}${archs.length ? ` on ${archs.join(", ")}` : ""}${statuses.length ? `: ${statuses.join(", ")}` : ""}`;
}

// src/report/mermaid.ts
function occupancyChanged(pair) {
  const base = pair.base;
  const head = pair.head;
  if (!base?.cliffs || !head?.cliffs) return false;
  if (base.occupancy?.activeWarpsPerSM !== head.occupancy?.activeWarpsPerSM) return true;
  return curveValues(base.cliffs.curve).join() !== curveValues(head.cliffs.curve).join();
}
function curveValues(curve) {
  return curve.map((p) => Number((p.occupancy * 100).toFixed(1)));
}
var palette = (colors) => `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${colors}"}}}}%%`;
var BASE_GREY = "#8c959f";
var HEAD_RED = "#cf222e";
var OCCUPANCY_LEGEND = "Legend: **grey** line = base, **red** line = head (occupancy % of the SM's warps at each block size). A chart with one red line is head-only (no base curve).";
function occupancyMermaid(pair) {
  const head = pair.head?.cliffs?.curve;
  const base = pair.base?.cliffs?.curve;
  if (!head || head.length === 0) return null;
  const baseBySize = new Map((base ?? []).map((p) => [p.blockSize, p]));
  const points = base?.length ? head.filter((p) => baseBySize.has(p.blockSize)) : head;
  if (points.length === 0) return null;
  const sizes = points.map((p) => p.blockSize);
  const baseLine = base?.length ? curveValues(sizes.map((s) => baseBySize.get(s))) : null;
  const title = `${pair.displayName} (${pair.arch}): occupancy % by block size, ${baseLine ? "base (grey) and head (red)" : "head"}`.replace(/"/g, "'");
  return [
    "```mermaid",
    palette(baseLine ? `${BASE_GREY}, ${HEAD_RED}` : HEAD_RED),
    "xychart-beta",
    `  title "${title}"`,
    `  x-axis "threads per block" [${sizes.join(", ")}]`,
    '  y-axis "occupancy %" 0 --> 100',
    ...baseLine ? [`  line [${baseLine.join(", ")}]`] : [],
    `  line [${curveValues(points).join(", ")}]`,
    "```"
  ].join("\n");
}

// src/report/details.ts
function row(pair, label, pick) {
  const value = (k) => k ? pick(k) : void 0;
  return [label, change(value(pair.base), value(pair.head))];
}
var headroom = (side2) => (k) => {
  const cliff = k.cliffs?.[side2];
  if (!cliff) return null;
  const add = cliff.headroom === null ? "no drop in range" : `+${cliff.headroom + 1}: ${cliff.blocksAfterDrop} blk`;
  const shed = cliff.shedToGain === null ? "no gain" : `\u2212${cliff.shedToGain}: ${cliff.blocksAfterGain} blk`;
  return `${add}, ${shed}`;
};
function kernelDetails(pair) {
  const kernel = pair.head ?? pair.base;
  if (!kernel) return "";
  const rows = [
    ["Metric", pair.base && pair.head ? "base \u2192 head" : pair.head ? "head" : "base"],
    row(pair, "Block", (k) => k.launch.block ? `${k.launch.block.join("\xD7")} (${k.launch.blockSource ?? "?"})` : null),
    row(pair, "Registers / thread", (k) => k.resources?.registers ?? null),
    row(pair, "Static shared / block (B)", (k) => k.resources?.staticSharedBytes ?? null),
    row(pair, "Local / thread (B)", (k) => k.resources?.localBytes ?? null),
    row(pair, "Spills / thread (B)", (k) => spills(k) ?? null),
    row(pair, "Blocks / SM", (k) => k.occupancy?.activeBlocksPerSM ?? null),
    row(pair, "Occupancy", (k) => k.occupancy ? pct(k.occupancy.occupancy) : null),
    row(pair, "Limiter", (k) => k.occupancy?.limiter.join(", ") ?? null),
    row(pair, "Next register cliff (add / shed)", headroom("registers")),
    row(pair, "Next shared cliff, B (add / shed)", headroom("sharedMemory")),
    row(pair, "Instructions / thread", (k) => k.perThread ? assumed(k, Number(k.perThread.instructions.toFixed(1))) : null),
    row(pair, "FLOPs / thread", (k) => k.perThread ? assumed(k, Number(k.perThread.flops.toFixed(1))) : null),
    row(
      pair,
      "Global bytes / thread (ld+st)",
      (k) => k.perThread ? assumed(k, Number((k.perThread.globalLoadBytes + k.perThread.globalStoreBytes).toFixed(1))) : null
    ),
    row(pair, "Regions", (k) => k.regions)
  ].map((cells) => cells.map(escapeCell));
  const parts = [markdownTable(rows, { align: ["l", "r"] })];
  const notes = [kernel.launch.note, kernel.perThread?.usesAssumedTripCounts ? assumedNote(kernel) : void 0].filter(Boolean);
  if (notes.length) parts.push(notes.map((n) => `_${n}_`).join(" "));
  const sites = siteRows(kernel);
  if (sites.length) parts.push(markdownTable([["Line", "Access", "Class", "Sectors (ideal)", "Bank ways", "Sites", "Weight"], ...sites]));
  const summary = `<code>${escapeHtmlText(pair.displayName)}</code> \xB7 ${pair.arch} \xB7 ${pair.status}`;
  return `<details><summary>${summary}</summary>

${parts.join("\n\n")}

</details>`;
}
function siteRows(kernel) {
  const rows = /* @__PURE__ */ new Map();
  for (const a of kernel.accesses) {
    if (a.class === null || a.class === "coalesced" || a.class === "uniform") continue;
    const where = a.file ? `${a.file.split("/").pop()}:${a.line ?? "?"}` : "?";
    const sectors = a.sectorsPerRequest === null ? "?" : `${a.sectorsPerRequest} (${a.idealSectors ?? "?"})`;
    const cells = [where, `${a.space} ${a.kind}`, a.class, sectors, a.bankConflictWays === null ? "" : String(a.bankConflictWays)];
    const key = cells.join("|");
    const row3 = rows.get(key) ?? { cells, sites: 0, weight: 0 };
    row3.sites++;
    row3.weight += a.dynamicWeight;
    rows.set(key, row3);
  }
  return [...rows.values()].map((r) => [...r.cells, String(r.sites), String(Number(r.weight.toFixed(2)))].map(escapeCell));
}
function assumed(k, value) {
  return k.perThread?.usesAssumedTripCounts ? `${value} (assumed trips)` : value;
}
function assumedNote(k) {
  const lines = k.loops.filter((l) => l.tripCount === null || l.upperBound).map(
    (l) => `${(l.file ?? "?").split("/").pop()}:${l.line ?? "?"} ${l.tripCount === null ? `= ${l.assumedTripCount}` : `\u2264 ${l.tripCount} (upper bound)`}`
  );
  return `Figures marked (assumed trips) rest on assumed loop trip counts (${lines.join(", ")}); give the parameter values (kernels.NAME.params) or loops.hints.`;
}
function escapeHtmlText(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

// src/report/carving-markdown.ts
var MAX_IDS = 4;
var COMPACT = { alignDelimiters: false };
function ids(list) {
  if (!list.length) return "\u2014";
  const shown = list.slice(0, MAX_IDS).map(codeSpan).join(", ");
  return list.length > MAX_IDS ? `${shown} +${list.length - MAX_IDS}` : shown;
}
function onFrontier(value) {
  return value === null ? "n/a" : value ? "yes" : "no";
}
function frontierCells(f) {
  const kept = (side2, missing) => side2 ? `${side2.survivors.length}/${side2.total}` : missing;
  return {
    baseKept: kept(f.base, "new on head"),
    headKept: kept(f.head, "not carved"),
    current: f.current ? `${onFrontier(f.current.onBase)} \u2192 ${onFrontier(f.current.onHead)}` : "not set",
    baseBest: f.base?.best?.id ?? null,
    headBest: f.head?.best?.id ?? null
  };
}
function row2(f) {
  const cells = frontierCells(f);
  const best = `${cells.baseBest !== null ? codeSpan(cells.baseBest) : "\u2014"} \u2192 ${cells.headBest !== null ? codeSpan(cells.headBest) : "\u2014"}`;
  return [codeSpan(f.space), f.arch, cells.baseKept, cells.headKept, ids(f.added), ids(f.removed), cells.current, best].map(escapeCell);
}
function steps(f) {
  const names = [...new Set([...f.base?.steps ?? [], ...f.head?.steps ?? []].map((s) => s.name))];
  const count = (side2, name) => {
    const step = side2?.steps.find((s) => s.name === name);
    return step ? `${step.before} \u2192 ${step.after}` : "\u2014";
  };
  return markdownTable([["step", "base", "head"], ...names.map((name) => [name, count(f.base, name), count(f.head, name)])], COMPACT);
}
var ms = (value) => `${value.toPrecision(4)} ms`;
function timingLine(f) {
  const t = f.timing;
  if (!t) return null;
  const failed = t.variants.filter((v) => v.error !== null).length;
  const pruned = (side2, id) => t.variants.some((v) => v.side === side2 && v.id === id && !v.survivor);
  const best = (side2, b) => b ? `${codeSpan(b.id)} ${ms(b.medianMs)}${pruned(side2, b.id) ? " (current, pruned by carving)" : ""}` : "none measured";
  const ratio = t.ratio === null ? "" : ` \xB7 head/base ${t.ratio.toFixed(3)}\xD7 (CI ${t.ratioCiLow.toFixed(3)}\u2013${t.ratioCiHigh.toFixed(3)}, p = ${t.pValue.toPrecision(2)})`;
  return `**${f.space}** (${f.arch}) timed in ${t.rounds} interleaved rounds (survivors and current): fastest on base ${best("base", t.baseBest)}, on head ${best("head", t.headBest)}${ratio}${failed ? ` \xB7 ${failed} launch(es) failed` : ""}.`;
}
var MAX_CAVEATS = 3;
var MAX_CAVEAT_CHARACTERS = 400;
function shortCaveat(text) {
  return text.length <= MAX_CAVEAT_CHARACTERS ? text : `${text.slice(0, MAX_CAVEAT_CHARACTERS - 1)}\u2026`;
}
function caveatLine(f) {
  if (!f.caveats?.length) return null;
  const shown = f.caveats.slice(0, MAX_CAVEATS).map((c) => codeSpan(shortCaveat(c)));
  const more = f.caveats.length - shown.length;
  return `**${f.space}** (${f.arch}), head: ${shown.join("; ")}${more > 0 ? `; and ${more} more` : ""}.`;
}
function renderCarvingSection(carving) {
  if (!carving) return "";
  const parts = ["### Carving frontiers"];
  if (carving.note) parts.push(carving.note.charAt(0).toUpperCase() + carving.note.slice(1) + ".");
  if (carving.frontiers.length) {
    parts.push(
      markdownTable(
        [
          ["space", "arch", "base kept", "head kept", "added", "removed", "current on frontier", "predicted best"],
          ...carving.frontiers.map(row2)
        ],
        COMPACT
      )
    );
    const timed = carving.frontiers.map(timingLine).filter((line) => line !== null);
    if (timed.length) parts.push(timed.join("\n\n"));
    const caveats = carving.frontiers.map(caveatLine).filter((line) => line !== null);
    if (caveats.length) parts.push(caveats.join("\n\n"));
    const plots = (f) => f.plots?.length ? `

Scatter plots in the report directory: ${f.plots.map(codeSpan).join(", ")}.` : "";
    parts.push(
      `<details><summary>Carving steps (${carving.variantsCarved} variants analysed)</summary>

${carving.frontiers.map((f) => `**${f.space}** (${f.arch})

${steps(f)}${plots(f)}`).join("\n\n")}

</details>`
    );
  }
  const skipped = carving.note ? [] : carving.skipped;
  if (skipped.length) {
    parts.push(
      `${skipped.length} ${skipped.length === 1 ? "space" : "spaces"} skipped: ${skipped.map((s) => `${codeSpan(s.space)} (${s.reason})`).join("; ")}.`
    );
  }
  return parts.join("\n\n");
}

// src/report/comment.ts
var COMMENT_MARKER = "<!-- carve:pr-comment -->";
var MAX_CHARTS = 6;
var MIN_ROWS = 20;
var STATUS_ORDER = ["changed", "added", "removed", "unchanged"];
function headline(comparison, context) {
  const counts = findingCounts(comparison, context.failOn);
  const errors = context.runErrors ?? 0;
  const icon = counts.failing || errors ? "\u274C" : comparison.findings.length ? "\u26A0\uFE0F" : "\u2705";
  const findings = counts.failing ? `${counts.failing} ${counts.failing === 1 ? "finding fails" : "findings fail"} the check` : comparison.findings.length ? "findings, none failing" : "no performance findings";
  const verdict = errors ? `${errors} ${errors === 1 ? "error of the run fails" : "errors of the run fail"} the check${counts.failing ? `; ${findings}` : ""}` : findings;
  const scope = comparison.headOnly ? " (head-only: no base report to compare with)" : "";
  const counted = counts.text[0].toUpperCase() + counts.text.slice(1);
  return `### ${icon} Carve: ${verdict}

${counted} \xB7 ${kernelCounts(comparison)}${scope}`;
}
var UNCHANGED_NAMES = 8;
function unchangedLine(unchanged) {
  const names = unchanged.slice(0, UNCHANGED_NAMES).map((k) => codeSpan(k.displayName)).join(", ");
  const more = unchanged.length > UNCHANGED_NAMES ? `, and ${unchanged.length - UNCHANGED_NAMES} more` : "";
  return `_${unchanged.length} unchanged ${unchanged.length === 1 ? "kernel" : "kernels"} (same resources, occupancy and accesses): ${names}${more}._`;
}
function footer(context, truncated) {
  const commits = context.sha ? ` \xB7 head ${context.sha.slice(0, 7)}${context.baseSha ? ` vs base ${context.baseSha.slice(0, 7)}` : ""}` : "";
  const failOn = ` \xB7 fail-on: ${context.failOn.length ? context.failOn.join(", ") : "nothing"}`;
  const full = context.fullReportUrl ? ` \xB7 [full report](${context.fullReportUrl})` : "";
  const cut = truncated ? `

_This comment was shortened to fit GitHub's limit${context.fullReportUrl ? "; the full report has everything" : "; see the job summary for everything"}._` : "";
  return `${cut}

<sub>Carve${commits}${failOn}${full}</sub>`;
}
function assemble(comparison, context, budget, truncated) {
  const parts = [COMMENT_MARKER, headline(comparison, context)];
  if (context.problems) parts.push(context.problems);
  const sorted = [...comparison.kernels].sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status));
  const changed = sorted.filter((k) => k.status !== "unchanged");
  const visible = changed.slice(0, budget.maxRows);
  if (visible.length) {
    const hidden = changed.length - visible.length;
    parts.push(
      markdownTable([KERNEL_TABLE_HEADER, ...visible.map(kernelRow)]) + (hidden ? `

_${hidden} more changed ${hidden === 1 ? "kernel" : "kernels"} not shown._` : "")
    );
  }
  const unchanged = sorted.filter((k) => k.status === "unchanged");
  if (unchanged.length) parts.push(unchangedLine(unchanged));
  if (comparison.findings.length) {
    const groups = groupFindings(comparison.findings, context.failOn);
    const shown = groups.slice(0, budget.maxFindings);
    const rest = groups.slice(shown.length).reduce((sum, g) => sum + g.length, 0);
    const anchor = anchorLines(comparison);
    parts.push(
      [
        "#### Findings",
        ...shown.map((g) => findingMarkdown(g, context, anchor)),
        ...rest ? [`_\u2026and ${rest} more ${rest === 1 ? "finding" : "findings"}._`] : []
      ].join("\n\n")
    );
  }
  const carving = budget.charts ? renderCarvingSection(comparison.carving) : "";
  if (carving) parts.push(carving);
  if (budget.charts) {
    const charts = comparison.kernels.filter(occupancyChanged).slice(0, MAX_CHARTS).map(occupancyMermaid).filter((c) => c !== null);
    if (charts.length) {
      const summary = `Occupancy by block size (${charts.length} ${charts.length === 1 ? "kernel" : "kernels"})`;
      parts.push(`<details><summary>${summary}</summary>

${OCCUPANCY_LEGEND}

${charts.join("\n\n")}

</details>`);
    }
  }
  if (budget.details) {
    const details = changed.map(kernelDetails).filter(Boolean);
    if (details.length) parts.push(["#### Details", ...details].join("\n\n"));
  }
  return parts.join("\n\n") + footer(context, truncated);
}
function anchorLines(comparison) {
  return (finding) => {
    if (!finding.file) return null;
    const pair = comparison.kernels.find((k) => k.name === finding.kernel && k.arch === finding.arch);
    return kernelAnchorLine(pair?.head ?? null, finding.file);
  };
}
function renderComment(comparison, context) {
  const limit = context.maxLength ?? GITHUB_COMMENT_LIMIT;
  const all = Number.MAX_SAFE_INTEGER;
  const full = assemble(comparison, context, { details: true, charts: true, maxRows: all, maxFindings: all }, false);
  if (full.length <= limit) return full;
  const steps2 = [
    { details: false, charts: true, maxRows: all, maxFindings: all },
    { details: false, charts: false, maxRows: all, maxFindings: all }
  ];
  for (const budget of steps2) {
    const text = assemble(comparison, context, budget, true);
    if (text.length <= limit) return text;
  }
  let maxFindings = groupFindings(comparison.findings, context.failOn).length;
  let maxRows = comparison.kernels.length;
  while (maxFindings > 0 || maxRows > 0) {
    if (maxRows > MIN_ROWS) maxRows = Math.max(MIN_ROWS, Math.floor(maxRows / 2));
    else if (maxFindings > 0) maxFindings = Math.floor(maxFindings / 2);
    else maxRows = Math.floor(maxRows / 2);
    const text = assemble(comparison, context, { details: false, charts: false, maxRows, maxFindings }, true);
    if (text.length <= limit) return text;
  }
  const bare = assemble(comparison, context, { details: false, charts: false, maxRows: 0, maxFindings: 0 }, true);
  return bare.slice(0, limit);
}

// src/report/summary.ts
var SUMMARY_LIMIT = 1024 * 1024;
function renderSummary(comparison, context) {
  const body = renderComment(comparison, { ...context, maxLength: Math.floor(SUMMARY_LIMIT / 4) });
  return body.slice(COMMENT_MARKER.length).replace(/^\n+/, "");
}

// src/report/sarif.ts
import { createHash } from "node:crypto";
var SARIF_LEVEL = { failure: "error", warning: "warning", notice: "note" };
var SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
function toSarif(comparison, options) {
  const rules = FINDING_KINDS.map((kind) => ({
    id: `carve/${kind}`,
    name: kind.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase()),
    shortDescription: { text: KIND_DESCRIPTIONS[kind] },
    defaultConfiguration: { level: options.failOn.includes(kind) ? "error" : "warning" }
  }));
  const results = comparison.findings.map((finding) => {
    const path = repoPath(finding.file, options.repoRoot);
    const fingerprint = createHash("sha256").update(`${finding.kind}|${finding.kernel}|${finding.arch}|${path ?? ""}|${finding.evidence.ptx ?? ""}`).digest("hex");
    return {
      ruleId: `carve/${finding.kind}`,
      ruleIndex: FINDING_KINDS.indexOf(finding.kind),
      level: SARIF_LEVEL[levelOf(finding, options.failOn)],
      message: {
        text: `${finding.displayName} (${finding.arch}): ${finding.title}. ${finding.message}${finding.remedy ? ` Remedy: ${finding.remedy}` : ""}`
      },
      // Every result with a file has a region (code scanning places an alert by its startLine):
      // a finding without its own line (a cliff, a spill, a growth) sits on its kernel's line.
      locations: path && finding.file ? [
        {
          physicalLocation: {
            artifactLocation: { uri: path, uriBaseId: "%SRCROOT%" },
            region: { startLine: findingLine(comparison, finding, finding.file) }
          }
        }
      ] : [],
      partialFingerprints: { "carveFinding/v1": fingerprint },
      properties: { kernel: finding.kernel, arch: finding.arch, evidence: finding.evidence }
    };
  });
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [{ tool: { driver: { name: "carve", version: options.toolVersion, rules } }, results }]
  };
}

// src/report/svg.ts
var W = 560;
var H = 300;
var M = { left: 56, right: 16, top: 28, bottom: 44 };
var PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];
var fmt = (v) => String(Number(v.toPrecision(4)));
function linear(domain, range) {
  const span = domain[1] - domain[0] || 1;
  return (v) => range[0] + (v - domain[0]) / span * (range[1] - range[0]);
}
function frame(title, body, xLabel, yLabel) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeHtml(title)}" font-family="sans-serif" font-size="11"><title>${escapeHtml(title)}</title><text x="${W / 2}" y="16" text-anchor="middle" font-size="13" font-weight="bold">${escapeHtml(title)}</text><line x1="${M.left}" y1="${H - M.bottom}" x2="${W - M.right}" y2="${H - M.bottom}" stroke="#333"/><line x1="${M.left}" y1="${M.top}" x2="${M.left}" y2="${H - M.bottom}" stroke="#333"/><text x="${(M.left + W - M.right) / 2}" y="${H - 8}" text-anchor="middle">${escapeHtml(xLabel)}</text><text x="14" y="${(M.top + H - M.bottom) / 2}" text-anchor="middle" transform="rotate(-90 14 ${(M.top + H - M.bottom) / 2})">${escapeHtml(yLabel)}</text>` + body + "</svg>";
}
function ticks(values, x, y, label = fmt) {
  return values.map(
    (v) => x ? `<line x1="${x(v)}" y1="${H - M.bottom}" x2="${x(v)}" y2="${H - M.bottom + 4}" stroke="#333"/><text x="${x(v)}" y="${H - M.bottom + 15}" text-anchor="middle">${escapeHtml(label(v))}</text>` : `<line x1="${M.left - 4}" y1="${y(v)}" x2="${W - M.right}" y2="${y(v)}" stroke="#ddd"/><text x="${M.left - 6}" y="${y(v) + 4}" text-anchor="end">${escapeHtml(label(v))}</text>`
  ).join("");
}
function legend(series) {
  return series.map(
    (s, i) => `<rect x="${W - M.right - 110}" y="${M.top + 4 + i * 15}" width="10" height="10" fill="${s.color}"/><text x="${W - M.right - 96}" y="${M.top + 13 + i * 15}">${escapeHtml(s.name)}</text>`
  ).join("");
}
function lineChart(title, xLabel, yLabel, series, yMax) {
  const xs = series.flatMap((s) => s.points.map((p) => p[0]));
  if (xs.length === 0) return frame(title, `<text x="${W / 2}" y="${H / 2}" text-anchor="middle">no data</text>`, xLabel, yLabel);
  const x = linear([Math.min(...xs), Math.max(...xs)], [M.left, W - M.right]);
  const y = linear([0, yMax], [H - M.bottom, M.top]);
  const xTicks = [...new Set(xs)].sort((a, b) => a - b).filter((_, i, all) => i % Math.ceil(all.length / 8) === 0 || i === all.length - 1);
  const yTicks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * yMax);
  const lines = series.map(
    (s) => `<polyline fill="none" stroke="${s.color}" stroke-width="2" points="${s.points.map((p) => `${x(p[0]).toFixed(1)},${y(p[1]).toFixed(1)}`).join(" ")}"/>`
  ).join("");
  return frame(title, ticks(yTicks, null, y) + ticks(xTicks, x, null) + lines + legend(series), xLabel, yLabel);
}
function scatterChart(title, xLabel, yLabel, points) {
  if (points.length === 0)
    return frame(title, `<text x="${W / 2}" y="${H / 2}" text-anchor="middle">no variants with metrics</text>`, xLabel, yLabel);
  const xMax = Math.max(...points.map((p) => p.x)) || 1;
  const yMax = Math.max(...points.map((p) => p.y)) || 1;
  const x = linear([0, xMax * 1.05], [M.left, W - M.right]);
  const y = linear([0, yMax * 1.05], [H - M.bottom, M.top]);
  const frontier = points.filter((p) => p.frontier).sort((a, b) => a.x - b.x);
  const path = frontier.length > 1 ? `<polyline fill="none" stroke="${PALETTE[1]}" stroke-dasharray="4 3" points="${frontier.map((p) => `${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`).join(" ")}"/>` : "";
  const dots = points.map(
    (p) => `<circle cx="${x(p.x).toFixed(1)}" cy="${y(p.y).toFixed(1)}" r="${p.frontier ? 5 : 3.5}" fill="${p.survivor ? PALETTE[0] : "#fff"}" stroke="${p.frontier ? PALETTE[1] : PALETTE[0]}" stroke-width="1.5"><title>${escapeHtml(p.label)}</title></circle>`
  ).join("");
  const tickValues = (max) => [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  const key = legend([
    { name: "survivor", color: PALETTE[0] },
    { name: "frontier", color: PALETTE[1] }
  ]);
  return frame(title, ticks(tickValues(yMax), null, y) + ticks(tickValues(xMax), x, null) + path + dots + key, xLabel, yLabel);
}
function barChart(title, unit, bars) {
  const height = M.top + 20 + bars.length * 18;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const labelWidth = 110;
  const x = linear([0, max], [labelWidth, W - 80]);
  const rows = bars.map((b, i) => {
    const top = M.top + 8 + i * 18;
    return `<text x="${labelWidth - 6}" y="${top + 11}" text-anchor="end">${escapeHtml(b.label)}</text><rect x="${labelWidth}" y="${top}" width="${Math.max(0, x(b.value) - labelWidth).toFixed(1)}" height="13" fill="${PALETTE[0]}"/><text x="${(x(b.value) + 4).toFixed(1)}" y="${top + 11}">${escapeHtml(fmt(b.value))}</text>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${height}" width="${W}" height="${height}" role="img" aria-label="${escapeHtml(title)}" font-family="sans-serif" font-size="11"><title>${escapeHtml(title)}</title><text x="${W / 2}" y="16" text-anchor="middle" font-size="13" font-weight="bold">${escapeHtml(title)}</text><text x="${W - 8}" y="16" text-anchor="end" fill="#555">${escapeHtml(unit)}</text>${rows}</svg>`;
}
function rooflineChart(input) {
  const { intensity, bandwidthGBs, peakGflops } = input;
  const ridge = peakGflops !== null ? peakGflops / bandwidthGBs : null;
  const xMin = Math.min(intensity, ridge ?? intensity, 1) / 8;
  const xMax = Math.max(intensity, ridge ?? intensity, 1) * 8;
  const bound = (ai) => peakGflops !== null ? Math.min(peakGflops, ai * bandwidthGBs) : ai * bandwidthGBs;
  const yMax = (peakGflops ?? bound(xMax)) * 2;
  const yMin = Math.min(bound(xMin), bound(intensity)) / 2;
  const lx = linear([Math.log10(xMin), Math.log10(xMax)], [M.left, W - M.right]);
  const ly = linear([Math.log10(yMin), Math.log10(yMax)], [H - M.bottom, M.top]);
  const px = (v) => lx(Math.log10(v)).toFixed(1);
  const py = (v) => ly(Math.log10(v)).toFixed(1);
  const roofPoints = ridge !== null && ridge > xMin && ridge < xMax ? [xMin, ridge, xMax] : [xMin, xMax];
  const roof = `<polyline fill="none" stroke="#333" stroke-width="2" points="${roofPoints.map((v) => `${px(v)},${py(bound(v))}`).join(" ")}"/>`;
  const decades = (lo, hi) => {
    const out = [];
    for (let e = Math.ceil(Math.log10(lo)); e <= Math.floor(Math.log10(hi)); e++) out.push(10 ** e);
    return out;
  };
  const xTicks = decades(xMin, xMax).map((v) => `<text x="${px(v)}" y="${H - M.bottom + 15}" text-anchor="middle">${escapeHtml(fmt(v))}</text>`).join("");
  const yTicks = decades(yMin, yMax).map(
    (v) => `<line x1="${M.left}" y1="${py(v)}" x2="${W - M.right}" y2="${py(v)}" stroke="#eee"/><text x="${M.left - 6}" y="${Number(py(v)) + 4}" text-anchor="end">${escapeHtml(fmt(v))}</text>`
  ).join("");
  const point = `<circle cx="${px(intensity)}" cy="${py(bound(intensity))}" r="5" fill="${PALETTE[1]}"><title>${escapeHtml(`${fmt(intensity)} FLOP/B, bound ${fmt(bound(intensity))} GFLOP/s`)}</title></circle>`;
  const missing = peakGflops === null ? `<text x="${M.left + 8}" y="${M.top + 12}" fill="${PALETTE[1]}">no sourced peak FLOP/s: compute roof not drawn</text>` : "";
  const note = `<text x="${M.left + 8}" y="${M.top + (peakGflops === null ? 26 : 12)}" fill="#555">${escapeHtml(input.note)}</text>`;
  return frame(input.title, yTicks + xTicks + roof + point + missing + note, "FLOP per global byte (log)", "GFLOP/s (log)");
}

// src/report/release-model.ts
function archPeaks(arch) {
  try {
    const flagship = getArch(arch).flagship;
    return {
      part: flagship.part,
      bandwidthGBs: flagship.dramBandwidthGBs,
      peakGflops: flagship.peakFp32Gflops,
      unverified: flagship.unverified
    };
  } catch {
    return null;
  }
}
function arithmeticIntensity(kernel) {
  const t = kernel.perThread;
  if (!t) return { value: null, reason: "no per-thread counts (PTX not analysed)" };
  const bytes = t.globalLoadBytes + t.globalStoreBytes;
  if (bytes === 0) return { value: null, reason: "no global memory traffic" };
  if (t.flops === 0) return { value: null, reason: "no floating-point operations" };
  return { value: t.flops / bytes, reason: `${Number(t.flops.toFixed(2))} FLOP / ${Number(bytes.toFixed(2))} B per thread` };
}
var MIX_FIELDS = [
  "fp32",
  "fp64",
  "fp16",
  "integer",
  "sfu",
  "tensor",
  "conversion",
  "move",
  "predicate",
  "control",
  "barrier",
  "atomic",
  "other"
];
function mixBars(kernel) {
  const mix = kernel.instructionMix?.dynamic;
  if (!mix) return [];
  const bars = MIX_FIELDS.map((field) => ({ label: field, value: mix[field] }));
  for (const [space, count] of Object.entries(mix.load)) bars.push({ label: `ld.${space}`, value: count });
  for (const [space, count] of Object.entries(mix.store)) bars.push({ label: `st.${space}`, value: count });
  return bars.filter((b) => b.value > 0).map((b) => ({ label: b.label, value: Number(b.value.toFixed(2)) }));
}
function isSurvivor(v) {
  return v.survivor ?? v.status === "survivor";
}
function isOnFrontier(v) {
  return v.frontier ?? v.onFrontier ?? false;
}
function variantLabel(v) {
  return v.id ?? Object.entries(v.parameters).map(([k, val]) => `${k}=${val}`).join(" ");
}
function allKernels(input) {
  return input.reports.flatMap((r) => r.kernels);
}
function kernelsWithSide(input) {
  const bothSides = new Set(input.reports.map((r) => r.side).filter(Boolean)).size > 1;
  return input.reports.flatMap((r) => r.kernels.map((kernel) => ({ kernel, side: bothSides ? r.side ?? null : null })));
}

// src/report/html.ts
var STYLE = `body{font-family:sans-serif;margin:24px;color:#222;max-width:1200px}h1{font-size:22px}h2{font-size:18px;border-bottom:1px solid #ccc;padding-bottom:4px;margin-top:32px}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}th{background:#f4f4f4}td:first-child,th:first-child{text-align:left}
.charts{display:flex;flex-wrap:wrap;gap:12px}.note{color:#666;font-size:12px}code{background:#f4f4f4;padding:0 3px}`;
function metricsTable(kernel) {
  const r = kernel.resources;
  const o = kernel.occupancy;
  const rows = [
    ["Block", kernel.launch.block ? `${kernel.launch.block.join("\xD7")} (${kernel.launch.blockSource ?? "?"})` : "unknown"],
    ["Registers / thread", r ? String(r.registers) : "unknown"],
    ["Static shared / block", r ? `${r.staticSharedBytes} B` : "unknown"],
    [
      "Spills / thread",
      r ? r.spillStoreBytes === null || r.spillLoadBytes === null ? "unknown" : `${r.spillStoreBytes + r.spillLoadBytes} B` : "unknown"
    ],
    [
      "Occupancy",
      o ? `${pct(o.occupancy)} (${o.activeBlocksPerSM} blocks, ${o.activeWarpsPerSM} warps/SM; ${o.limiter.join(", ")})` : "unknown"
    ],
    ["Instructions / thread", kernel.perThread ? String(Number(kernel.perThread.instructions.toFixed(1))) : "unknown"],
    ["Regions", kernel.regions === null ? "unknown" : String(kernel.regions)]
  ];
  return `<table>${rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("")}</table>` + (kernel.launch.note ? `<p class="note">${escapeHtml(kernel.launch.note)}</p>` : "");
}
function occupancySvg(kernel) {
  const curve = kernel.cliffs?.curve ?? [];
  return lineChart(
    `Occupancy by block size (${kernel.arch})`,
    "threads per block",
    "occupancy %",
    [{ name: kernel.arch, color: PALETTE[0], points: curve.map((p) => [p.blockSize, p.occupancy * 100]) }],
    100
  );
}
function rooflineSvg(kernel) {
  const intensity = arithmeticIntensity(kernel);
  const peaks = archPeaks(kernel.arch);
  if (intensity.value === null || !peaks || peaks.bandwidthGBs === null) {
    const why = intensity.value === null ? intensity.reason : `no sourced DRAM bandwidth for ${kernel.arch}`;
    return `<p class="note">Roofline not drawn: ${escapeHtml(why)}.</p>`;
  }
  const unverified = peaks.unverified.length ? `; unverified: ${peaks.unverified.join(", ")}` : "";
  return rooflineChart({
    title: `Roofline position (${peaks.part})`,
    intensity: intensity.value,
    bandwidthGBs: peaks.bandwidthGBs,
    peakGflops: peaks.peakGflops,
    note: `${peaks.bandwidthGBs} GB/s${peaks.peakGflops !== null ? `, ${Math.round(peaks.peakGflops)} GFLOP/s FP32` : ""}${unverified}`
  });
}
function kernelSection(kernel, side2) {
  const bars = mixBars(kernel);
  const mix = bars.length ? barChart("Dynamic instruction mix per thread", "instructions", bars) : '<p class="note">No instruction mix (PTX not analysed).</p>';
  return `<section><h2><code>${escapeHtml(kernel.displayName)}</code> \xB7 ${escapeHtml(kernel.arch)}${side2 ? ` \xB7 ${side2}` : ""}</h2>${metricsTable(kernel)}<div class="charts">${occupancySvg(kernel)}${mix}${rooflineSvg(kernel)}</div></section>`;
}
function carvingSection(carving) {
  const points = carving.variants.filter((v) => v.efficiency !== null && v.utilization !== null).map((v) => ({
    x: v.efficiency,
    y: v.utilization,
    label: variantLabel(v),
    survivor: isSurvivor(v),
    frontier: isOnFrontier(v)
  }));
  const survivors = carving.variants.filter(isSurvivor).length;
  const name = [carving.space, carving.arch].filter(Boolean).join(" \xB7 ") || "variant space";
  return `<section><h2>Carving: ${escapeHtml(name)}</h2><p>${carving.variants.length} variants, ${survivors} survivors, ${points.filter((p) => p.frontier).length} on the frontier.</p>` + scatterChart(`Efficiency vs utilization (${name})`, "efficiency", "utilization", points) + "</section>";
}
function frontiersSection(carving) {
  if (!carving) return "";
  const rows = carving.frontiers.map((f) => ({ f, cells: frontierCells(f) })).map(
    ({ f, cells }) => `<tr>${[
      f.space,
      f.arch,
      cells.baseKept,
      cells.headKept,
      f.added.join(", ") || "\u2014",
      f.removed.join(", ") || "\u2014",
      cells.current,
      `${cells.baseBest ?? "\u2014"} \u2192 ${cells.headBest ?? "\u2014"}`,
      f.timing?.ratio != null ? `${f.timing.ratio.toFixed(3)}\xD7 (p = ${f.timing.pValue.toPrecision(2)})` : "\u2014"
    ].map((cell) => `<td>${escapeHtml(cell)}</td>`).join("")}</tr>`
  ).join("");
  const head = ["space", "arch", "base kept", "head kept", "added", "removed", "current on frontier", "predicted best", "head/base time"].map((h) => `<th>${h}</th>`).join("");
  const skipped = carving.skipped.map((s) => `<li><code>${escapeHtml(s.space)}</code>: ${escapeHtml(s.reason)}</li>`).join("");
  const caveats = carving.frontiers.flatMap((f) => (f.caveats ?? []).map((c) => `<li><code>${escapeHtml(f.space)}</code> (${escapeHtml(f.arch)}), head: ${escapeHtml(c)}</li>`)).join("");
  return `<section><h2>Carving frontiers (base \u2192 head)</h2>${carving.note ? `<p>${escapeHtml(carving.note)}</p>` : ""}` + (rows ? `<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>` : "") + (caveats ? `<ul>${caveats}</ul>` : "") + (skipped ? `<ul>${skipped}</ul>` : "") + "</section>";
}
function renderHtmlReport(input) {
  const kernels = allKernels(input);
  const archs = [...new Set(kernels.map((k) => k.arch))];
  const header = `<h1>${escapeHtml(input.title)}</h1><p>${kernels.length} kernel reports on ${escapeHtml(archs.join(", ") || "no arch")}${input.generatedAt ? ` \xB7 ${escapeHtml(input.generatedAt)}` : ""}</p>`;
  const diagnostics = input.reports.flatMap((r) => r.diagnostics);
  const problems = diagnostics.length ? `<h2>Diagnostics</h2><ul>${diagnostics.map((d) => `<li>${escapeHtml(`${d.severity} (${d.stage})${d.file ? ` ${d.file}${d.line ? `:${d.line}` : ""}` : ""}: ${d.message}`)}</li>`).join("")}</ul>` : "";
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(input.title)}</title><style>${STYLE}</style></head><body>` + header + kernelsWithSide(input).map(({ kernel, side: side2 }) => kernelSection(kernel, side2)).join("") + input.carving.map(carvingSection).join("") + frontiersSection(input.frontiers) + problems + "</body></html>\n";
}

// src/report/markdown-report.ts
function kernelRow2({ kernel, side: side2 }) {
  const r = kernel.resources;
  const o = kernel.occupancy;
  const ai = arithmeticIntensity(kernel);
  const peaks = archPeaks(kernel.arch);
  const bound = ai.value !== null && peaks?.bandwidthGBs != null ? `${Number((peaks.peakGflops !== null ? Math.min(peaks.peakGflops, ai.value * peaks.bandwidthGBs) : ai.value * peaks.bandwidthGBs).toPrecision(4))}${peaks.peakGflops === null ? " (memory roof only)" : ""}` : "?";
  return [
    `\`${kernel.displayName}\`${side2 ? ` (${side2})` : ""}`,
    kernel.arch,
    kernel.launch.block ? kernel.launch.block.join("\xD7") : "?",
    r ? String(r.registers) : "?",
    r ? String(r.staticSharedBytes) : "?",
    o ? `${pct(o.occupancy)} (${o.activeBlocksPerSM} blk)` : "?",
    kernel.perThread ? String(Number(kernel.perThread.instructions.toFixed(1))) : "?",
    ai.value !== null ? String(Number(ai.value.toPrecision(3))) : `? (${ai.reason})`,
    bound
  ].map(escapeCell);
}
function renderMarkdownReport(input) {
  const kernels = allKernels(input);
  const parts = [`# ${input.title}`, input.generatedAt ? `_${input.generatedAt}_` : ""];
  parts.push(
    markdownTable([
      ["Kernel", "Arch", "Block", "Registers", "Shared (B)", "Occupancy", "Instr/thread", "FLOP/B", "Roofline bound (GFLOP/s)"],
      ...kernelsWithSide(input).map(kernelRow2)
    ])
  );
  const archs = [...new Set(kernels.map((k) => k.arch))];
  const peakLines = archs.map((arch) => {
    const p = archPeaks(arch);
    if (!p) return `- ${arch}: unknown arch, no peaks`;
    return `- ${arch}: ${p.part}, ${p.bandwidthGBs ?? "?"} GB/s, ${p.peakGflops !== null ? `${Math.round(p.peakGflops)} GFLOP/s FP32` : "no sourced peak FLOP/s"}${p.unverified.length ? ` (unverified: ${p.unverified.join(", ")})` : ""}`;
  });
  if (peakLines.length) parts.push("## Peaks used for the roofline\n\n" + peakLines.join("\n"));
  for (const kernel of kernels) {
    const bars = mixBars(kernel);
    if (bars.length)
      parts.push(
        `### Instruction mix: \`${kernel.displayName}\` (${kernel.arch})

` + markdownTable([["Category", "Dynamic / thread"], ...bars.map((b) => [b.label, String(b.value)])])
      );
  }
  for (const carving of input.carving) {
    const name = [carving.space, carving.arch].filter(Boolean).join(" \xB7 ") || "variant space";
    const kept = carving.variants.filter((v) => isSurvivor(v) || isOnFrontier(v));
    parts.push(
      `## Carving: ${name}

${carving.variants.length} variants, ${carving.variants.filter(isSurvivor).length} survivors.

` + markdownTable([
        ["Variant", "Efficiency", "Utilization", "Survivor", "Frontier"],
        ...kept.map(
          (v) => [
            variantLabel(v),
            v.efficiency === null ? "?" : v.efficiency.toPrecision(4),
            v.utilization === null ? "?" : v.utilization.toPrecision(4),
            isSurvivor(v) ? "yes" : "no",
            isOnFrontier(v) ? "yes" : "no"
          ].map(escapeCell)
        )
      ])
    );
  }
  const frontiers = renderCarvingSection(input.frontiers ?? void 0);
  if (frontiers) parts.push(frontiers.replace(/^### /, "## "));
  return parts.filter(Boolean).join("\n\n") + "\n";
}

export {
  reportSchemaErrors,
  GITHUB_COMMENT_LIMIT,
  isFailing,
  levelOf,
  FINDING_KINDS,
  inlineCode,
  toAnnotations,
  conclusionFor,
  renderComment,
  SUMMARY_LIMIT,
  renderSummary,
  toSarif,
  renderHtmlReport,
  renderMarkdownReport
};
