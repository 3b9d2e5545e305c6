import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  overSizeLimit
} from "./chunk-R5MDRTYS.js";
import {
  childEnv,
  compileTimeoutMs
} from "./chunk-AI7SF5R3.js";

// src/toolchain/demangle.ts
var DemangleError = class extends Error {
};
var BUILTINS = {
  v: "void",
  w: "wchar_t",
  b: "bool",
  c: "char",
  a: "signed char",
  h: "unsigned char",
  s: "short",
  t: "unsigned short",
  i: "int",
  j: "unsigned int",
  l: "long",
  m: "unsigned long",
  x: "long long",
  y: "unsigned long long",
  n: "__int128",
  o: "unsigned __int128",
  f: "float",
  d: "double",
  e: "long double",
  g: "__float128",
  z: "..."
};
var D_BUILTINS = {
  n: "decltype(nullptr)",
  h: "half",
  i: "char32_t",
  s: "char16_t",
  u: "char8_t",
  a: "auto",
  c: "decltype(auto)"
};
var LITERAL_SUFFIX = { i: "", j: "u", l: "l", m: "ul", x: "ll", y: "ull" };
var STD_SUBSTITUTIONS = {
  a: "std::allocator",
  b: "std::basic_string",
  s: "std::string",
  i: "std::istream",
  o: "std::ostream",
  d: "std::iostream"
};
var OPERATORS = {
  nw: "new",
  na: "new[]",
  dl: "delete",
  da: "delete[]",
  ps: "+",
  ng: "-",
  ad: "&",
  de: "*",
  co: "~",
  pl: "+",
  mi: "-",
  ml: "*",
  dv: "/",
  rm: "%",
  an: "&",
  or: "|",
  eo: "^",
  aS: "=",
  pL: "+=",
  mI: "-=",
  mL: "*=",
  dV: "/=",
  rM: "%=",
  aN: "&=",
  oR: "|=",
  eO: "^=",
  ls: "<<",
  rs: ">>",
  lS: "<<=",
  rS: ">>=",
  eq: "==",
  ne: "!=",
  lt: "<",
  gt: ">",
  le: "<=",
  ge: ">=",
  ss: "<=>",
  nt: "!",
  aa: "&&",
  oo: "||",
  pp: "++",
  mm: "--",
  cm: ",",
  pm: "->*",
  pt: "->",
  cl: "()",
  ix: "[]"
};
var text = (t) => left(t) + right(t);
function left(t) {
  switch (t.kind) {
    case "name":
      return t.text;
    case "qual":
      return left(t.inner) + t.quals;
    case "pack":
      return t.items.map(text).join(", ");
    case "func":
      return t.ret ? left(t.ret) : "";
    case "array":
      return left(t.inner);
    case "ptr":
      if (t.inner.kind === "func" || t.inner.kind === "array") return `${left(t.inner)} (${t.op}`;
      return left(t.inner) + t.op;
  }
}
function right(t) {
  switch (t.kind) {
    case "name":
    case "pack":
      return "";
    case "qual":
      return right(t.inner);
    case "func":
      return `(${paramList(t.params)})${t.ret ? right(t.ret) : ""}`;
    case "array":
      return ` [${t.dim}]${right(t.inner)}`;
    case "ptr":
      return t.inner.kind === "func" || t.inner.kind === "array" ? `)${right(t.inner)}` : right(t.inner);
  }
}
function paramList(params) {
  return paramTexts(params).join(", ");
}
function paramTexts(params) {
  const flat = params.flatMap((p) => p.kind === "pack" ? p.items : [p]);
  if (flat.length === 1 && flat[0].kind === "name" && flat[0].text === "void") return [];
  return flat.map(text);
}
var closeTemplate = (args) => `<${args}${args.endsWith(">") ? " " : ""}>`;
var Parser = class {
  constructor(input) {
    this.input = input;
  }
  input;
  pos = 0;
  subs = [];
  /** Template arguments T_ / T0_ refer to (those of the outermost function name). */
  templateArgs = [];
  peek(offset = 0) {
    return this.input[this.pos + offset] ?? "";
  }
  eat(prefix) {
    if (this.input.startsWith(prefix, this.pos)) {
      this.pos += prefix.length;
      return true;
    }
    return false;
  }
  expect(prefix) {
    if (!this.eat(prefix)) throw new DemangleError(`expected '${prefix}' at ${this.pos}`);
  }
  number() {
    const m = /^n?\d+/.exec(this.input.slice(this.pos));
    if (!m) throw new DemangleError(`expected a number at ${this.pos}`);
    this.pos += m[0].length;
    return m[0].startsWith("n") ? -Number(m[0].slice(1)) : Number(m[0]);
  }
  /** `_` = 0, `<base-36>_` = n + 1 (substitutions); `_` = 0, `<n>_` = n + 1 (template params, discriminators). */
  seqId(base) {
    if (this.eat("_")) return 0;
    const m = base === 36 ? /^[0-9A-Z]+_/.exec(this.input.slice(this.pos)) : /^\d+_/.exec(this.input.slice(this.pos));
    if (!m) throw new DemangleError(`expected a sequence id at ${this.pos}`);
    this.pos += m[0].length;
    return parseInt(m[0].slice(0, -1), base) + 1;
  }
  mangledName() {
    return this.topLevel().text;
  }
  /** The function's parameter types (none for a data name). */
  parameters() {
    return paramTexts(this.topLevel().params);
  }
  topLevel() {
    this.expect("_Z");
    const result = this.function(true);
    if (this.pos < this.input.length && this.peek() !== ".") throw new DemangleError(`trailing characters at ${this.pos}`);
    return result;
  }
  encoding(topLevel) {
    return this.function(topLevel).text;
  }
  function(topLevel) {
    const name = this.name();
    if (this.pos >= this.input.length || this.peek() === "E" || this.peek() === ".") return { text: name.text, params: [] };
    if (topLevel) this.templateArgs = name.templateArgs ?? this.templateArgs;
    const ret = name.templateArgs && !name.isCtor ? this.type() : null;
    const params = [];
    while (this.pos < this.input.length && this.peek() !== "E" && this.peek() !== ".") params.push(this.type());
    const qualifiers = name.cvQualifiers ?? "";
    return { text: `${ret ? left(ret) + " " : ""}${name.text}(${paramList(params)})${qualifiers}${ret ? right(ret) : ""}`, params };
  }
  name() {
    if (this.peek() === "N") return this.nestedName();
    if (this.peek() === "Z") return this.localName();
    let prefix;
    if (this.eat("St")) prefix = "std::" + this.unqualifiedName("").text;
    else if (this.peek() === "S") {
      const sub = this.substitution();
      if (this.peek() !== "I") throw new DemangleError("substitution as a name without template arguments");
      prefix = text(sub);
      const args = this.templateArgList();
      return { text: prefix + closeTemplate(args.map(text).join(", ")), templateArgs: args, isCtor: false };
    } else prefix = this.unqualifiedName("").text;
    if (this.peek() === "I") {
      this.subs.push({ kind: "name", text: prefix });
      const args = this.templateArgList();
      return { text: prefix + closeTemplate(args.map(text).join(", ")), templateArgs: args, isCtor: false };
    }
    return { text: prefix, templateArgs: null, isCtor: false };
  }
  nestedName() {
    this.expect("N");
    const cv = this.cvQualifiers();
    if (!this.eat("R")) this.eat("O");
    let prefix = "";
    let lastArgs = null;
    let isCtor = false;
    let lastComponent = "";
    while (!this.eat("E")) {
      if (this.pos >= this.input.length) throw new DemangleError("unterminated nested name");
      if (this.peek() === "I") {
        if (!prefix) throw new DemangleError("template arguments without a template name");
        lastArgs = this.templateArgList();
        prefix += closeTemplate(lastArgs.map(text).join(", "));
      } else if (this.peek() === "S" && this.peek(1) !== "t") {
        prefix = text(this.substitution());
        lastArgs = null;
        continue;
      } else if (this.peek() === "T") {
        prefix = text(this.templateParam());
        lastArgs = null;
      } else {
        if (this.eat("St")) prefix = "std";
        const component = this.unqualifiedName(lastComponent);
        isCtor = component.isCtor;
        if (!component.isCtor) lastComponent = component.text.replace(/<.*$/, "");
        prefix = prefix ? `${prefix}::${component.text}` : component.text;
        lastArgs = null;
      }
      if (this.peek() !== "E") this.subs.push({ kind: "name", text: prefix });
    }
    return { text: prefix, templateArgs: lastArgs, isCtor, cvQualifiers: cv.trimEnd() ? cv : void 0 };
  }
  localName() {
    this.expect("Z");
    const savedArgs = this.templateArgs;
    const fn = this.encoding(false);
    this.templateArgs = savedArgs;
    this.expect("E");
    if (this.eat("s")) return { text: `${fn}::string literal`, templateArgs: null, isCtor: false };
    const entity = this.name();
    if (this.eat("_")) this.seqId(10);
    return { text: `${fn}::${entity.text}`, templateArgs: entity.templateArgs, isCtor: entity.isCtor };
  }
  unqualifiedName(enclosing) {
    const c = this.peek();
    if (/\d/.test(c)) return { text: this.sourceName(), isCtor: false };
    if (c === "C" && /[1-5]/.test(this.peek(1))) {
      this.pos += 2;
      return { text: enclosing, isCtor: true };
    }
    if (c === "D" && /[0-5]/.test(this.peek(1))) {
      this.pos += 2;
      return { text: `~${enclosing}`, isCtor: true };
    }
    if (this.eat("Ut")) {
      const n = this.seqId(10);
      return { text: `{unnamed type#${n + 1}}`, isCtor: false };
    }
    if (this.eat("Ul")) {
      const params = [];
      while (!this.eat("E")) params.push(this.type());
      const n = this.seqId(10);
      return { text: `{lambda(${paramList(params)})#${n + 1}}`, isCtor: false };
    }
    if (this.eat("cv")) return { text: `operator ${text(this.type())}`, isCtor: false };
    const op = OPERATORS[this.input.slice(this.pos, this.pos + 2)];
    if (op) {
      this.pos += 2;
      return { text: `operator${op}`, isCtor: false };
    }
    throw new DemangleError(`unsupported name at ${this.pos}`);
  }
  sourceName() {
    const length = this.number();
    const id = this.input.slice(this.pos, this.pos + length);
    if (id.length !== length) throw new DemangleError("source name runs past the end");
    this.pos += length;
    return id.startsWith("_GLOBAL__N") ? "(anonymous namespace)" : id;
  }
  cvQualifiers() {
    let quals = "";
    if (this.eat("r")) quals += " restrict";
    if (this.eat("V")) quals += " volatile";
    if (this.eat("K")) quals += " const";
    return quals.split(" ").filter(Boolean).sort((a, b) => order(a) - order(b)).map((q) => " " + q).join("");
  }
  substitution() {
    this.expect("S");
    const std = STD_SUBSTITUTIONS[this.peek()];
    if (std) {
      this.pos += 1;
      return { kind: "name", text: std };
    }
    const id = this.seqId(36);
    const sub = this.subs[id];
    if (!sub) throw new DemangleError(`substitution S${id} out of range`);
    return sub;
  }
  templateParam() {
    this.expect("T");
    const id = this.seqId(10);
    const arg = this.templateArgs[id];
    if (!arg) throw new DemangleError(`template parameter T${id} out of range`);
    this.subs.push(arg);
    return arg;
  }
  templateArgList() {
    this.expect("I");
    const args = [];
    while (!this.eat("E")) {
      if (this.pos >= this.input.length) throw new DemangleError("unterminated template arguments");
      args.push(this.templateArg());
    }
    return args;
  }
  templateArg() {
    if (this.peek() === "L") return this.literal();
    if (this.eat("J")) {
      const items = [];
      while (!this.eat("E")) items.push(this.templateArg());
      return { kind: "pack", items };
    }
    if (this.eat("X")) {
      const value = this.peek() === "T" ? this.templateParam() : this.peek() === "L" ? this.literal() : null;
      if (!value) throw new DemangleError(`unsupported template argument expression at ${this.pos}`);
      this.expect("E");
      return value;
    }
    return this.type();
  }
  literal() {
    this.expect("L");
    if (this.eat("_Z")) {
      const inner = this.encoding(false);
      this.expect("E");
      return { kind: "name", text: inner };
    }
    const typeCode = this.peek();
    if (!BUILTINS[typeCode]) {
      const named = this.type();
      const value2 = this.number();
      this.expect("E");
      return { kind: "name", text: `(${text(named)})${value2}` };
    }
    const typeName = BUILTINS[typeCode];
    this.pos += 1;
    const value = this.number();
    this.expect("E");
    if (typeCode === "b") return { kind: "name", text: value === 0 ? "false" : "true" };
    if (typeCode in LITERAL_SUFFIX) return { kind: "name", text: `${value}${LITERAL_SUFFIX[typeCode]}` };
    return { kind: "name", text: `(${typeName})${value}` };
  }
  type() {
    const c = this.peek();
    if (BUILTINS[c] && c !== "z") {
      this.pos += 1;
      return { kind: "name", text: BUILTINS[c] };
    }
    if (c === "z") {
      this.pos += 1;
      return { kind: "name", text: "..." };
    }
    let result;
    if (c === "r" || c === "V" || c === "K") {
      const quals = this.cvQualifiers();
      result = { kind: "qual", inner: this.type(), quals };
    } else if (c === "P" || c === "R" || c === "O") {
      this.pos += 1;
      result = { kind: "ptr", inner: this.type(), op: c === "P" ? "*" : c === "R" ? "&" : "&&" };
    } else if (c === "F") {
      this.pos += 1;
      this.eat("Y");
      const ret = this.type();
      const params = [];
      while (!this.eat("E")) {
        if (this.pos >= this.input.length) throw new DemangleError("unterminated function type");
        params.push(this.type());
      }
      result = { kind: "func", ret, params };
    } else if (c === "A") {
      this.pos += 1;
      const dim = /^\d+/.exec(this.input.slice(this.pos))?.[0] ?? "";
      this.pos += dim.length;
      this.expect("_");
      result = { kind: "array", inner: this.type(), dim };
    } else if (c === "T") {
      const param = this.templateParam();
      if (this.peek() !== "I") return param;
      result = { kind: "name", text: text(param) + closeTemplate(this.templateArgList().map(text).join(", ")) };
    } else if (c === "S" && this.peek(1) !== "t") {
      const sub = this.substitution();
      if (this.peek() !== "I") return sub;
      result = { kind: "name", text: text(sub) + closeTemplate(this.templateArgList().map(text).join(", ")) };
    } else if (c === "D") {
      if (this.eat("Dp")) {
        const expansion = this.type();
        this.subs.push(expansion);
        return expansion;
      }
      const code = this.peek(1);
      if (D_BUILTINS[code]) {
        this.pos += 2;
        return { kind: "name", text: D_BUILTINS[code] };
      }
      const float = /^DF(\d+)(b?)_/.exec(this.input.slice(this.pos));
      if (float) {
        this.pos += float[0].length;
        return { kind: "name", text: float[2] ? `std::bfloat${float[1]}_t` : `_Float${float[1]}` };
      }
      throw new DemangleError(`unsupported type D${code} at ${this.pos}`);
    } else if (c === "N" || c === "Z" || /\d/.test(c) || c === "S" && this.peek(1) === "t") {
      result = { kind: "name", text: this.name().text };
    } else if (c === "u") {
      this.pos += 1;
      result = { kind: "name", text: this.sourceName() };
    } else {
      throw new DemangleError(`unsupported type '${c}' at ${this.pos}`);
    }
    this.subs.push(result);
    return result;
  }
};
function order(qualifier) {
  return qualifier === "const" ? 0 : qualifier === "volatile" ? 1 : 2;
}
function demangle(mangled) {
  return parsed(mangled, (parser) => parser.mangledName()) ?? mangled;
}
function parsed(mangled, read) {
  if (!mangled.startsWith("_Z")) return null;
  try {
    return read(new Parser(mangled));
  } catch (error) {
    if (error instanceof DemangleError || error instanceof RangeError) return null;
    throw error;
  }
}

// src/toolchain/types.ts
var DEVICE_FUNCTION_NOTE = "device function: only its stack frame and spills are its own; registers, shared memory and barriers are counted in the calling kernels";

// src/toolchain/ptxas-log.ts
var COMPILING = /Compiling entry function '([^']+)' for '([^']+)'/;
var PROPERTIES = /Function properties for (\S+)/;
var FRAME = /^(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads\s*$/;
var USED = /Used (\S+) registers(.*)$/;
var IGNORED_INFO = [
  /^\d+ bytes gmem/,
  /^Compile time =/,
  /^Overriding maximum register limit/,
  /^Function properties for/,
  /^Compiling entry function/
];
function ptxasMessage(line) {
  const match = /ptxas\s+(info|warning|error|fatal)\s*:\s?/.exec(line);
  if (!match) return null;
  return { kind: match[1], message: line.slice(match.index + match[0].length).trim(), column: match.index + match[0].length + 1 };
}
function parseUsed(registersText, rest, at, diagnostics) {
  if (!/^\d+$/.test(registersText)) {
    diagnostics.push({
      severity: "error",
      stage: "ptxas",
      message: `cannot read the register count '${registersText}'`,
      file: at.file,
      line: at.line,
      column: at.column
    });
    return null;
  }
  const used = {
    registers: Number(registersText),
    barriers: null,
    staticSharedBytes: 0,
    constantBytes: null,
    cumulativeStackBytes: null,
    localBytes: null
  };
  for (const rawItem of rest.split(",")) {
    const item = rawItem.trim();
    if (item === "") continue;
    let m;
    if (m = /^used (\d+) barriers?$/.exec(item)) used.barriers = Number(m[1]);
    else if (m = /^(\d+)(?:\+(\d+))? bytes smem$/.exec(item)) used.staticSharedBytes = Number(m[1]) + Number(m[2] ?? 0);
    else if (m = /^(\d+) bytes cmem\[(\d+)\]$/.exec(item)) {
      if (m[2] === "0") used.constantBytes = Number(m[1]);
    } else if (m = /^(\d+) bytes cumulative stack size$/.exec(item)) used.cumulativeStackBytes = Number(m[1]);
    else if (m = /^(\d+)(?:\+(\d+))? bytes lmem$/.exec(item)) used.localBytes = Number(m[1]) + Number(m[2] ?? 0);
    else if (/^\d+ (textures?|samplers?|surfaces?)$/.test(item)) continue;
    else
      diagnostics.push({
        severity: "warning",
        stage: "ptxas",
        message: `unrecognised resource item '${item}' (ignored)`,
        file: at.file,
        line: at.line,
        column: at.column
      });
  }
  return used;
}
function toRecord(fn, fallbackArch, file, diagnostics) {
  const arch = fn.arch ?? fallbackArch;
  if (arch === null) {
    diagnostics.push({
      severity: "warning",
      stage: "ptxas",
      message: `no target arch stated for '${fn.name}'`,
      file,
      line: fn.line,
      kernel: fn.name
    });
  }
  if (fn.isEntry && fn.used === null) {
    diagnostics.push({
      severity: "error",
      stage: "ptxas",
      message: `no 'Used N registers' line for entry '${fn.name}'`,
      file,
      line: fn.line,
      kernel: fn.name
    });
    return null;
  }
  const used = fn.used;
  const nullReasons = {
    maxThreadsPerBlock: "a ptxas log does not record launch bounds (read .maxntid from the PTX)",
    minBlocksPerSM: "a ptxas log does not record launch bounds (read .minnctapersm from the PTX)"
  };
  if (fn.spillStoreBytes === null) {
    nullReasons.spillStoreBytes = nullReasons.spillLoadBytes = "ptxas printed no Function properties line for this function";
  }
  if (used && used.barriers === null) nullReasons.barriers = "this ptxas version prints no barrier count";
  if (used && used.constantBytes === null)
    nullReasons.constantBytes = "ptxas printed no cmem[0] size (nvcc 13 omits it for sm_90 and newer)";
  const stackFrameBytes = fn.stackFrameBytes ?? 0;
  const isDeviceOnly = !fn.isEntry && used === null;
  const resources = {
    registers: used?.registers ?? 0,
    staticSharedBytes: used?.staticSharedBytes ?? 0,
    localBytes: used?.cumulativeStackBytes ?? (used?.localBytes ?? 0) + stackFrameBytes,
    stackFrameBytes,
    spillStoreBytes: fn.spillStoreBytes,
    spillLoadBytes: fn.spillLoadBytes,
    barriers: isDeviceOnly ? 0 : used?.barriers ?? null,
    constantBytes: isDeviceOnly ? 0 : used?.constantBytes ?? null,
    maxThreadsPerBlock: null,
    minBlocksPerSM: null,
    source: "ptxas",
    nullReasons
  };
  if (isDeviceOnly) {
    delete nullReasons.barriers;
    delete nullReasons.constantBytes;
  }
  const record = { name: fn.name, displayName: demangle(fn.name), arch: arch ?? "unknown", resources, isEntry: fn.isEntry };
  if (isDeviceOnly) record.partial = DEVICE_FUNCTION_NOTE;
  return record;
}
function parsePtxasLog(text2, file) {
  const diagnostics = [];
  const tooLarge = overSizeLimit("ptxasLog", text2.length);
  if (tooLarge) return { kernels: [], diagnostics: [{ severity: "error", stage: "ptxas", file, message: tooLarge }] };
  const functions = [];
  let current = null;
  let lastArch = null;
  let sawPtxasLine = false;
  const lines = text2.split(/\r?\n/);
  lines.forEach((rawLine, index) => {
    const lineNumber = index + 1;
    const line = rawLine.replace(/\s+$/, "");
    const ptxas = ptxasMessage(line);
    if (!ptxas) {
      const frameText = line.replace(/^\s*(\d+>)?\s*/, "");
      const frame = FRAME.exec(frameText);
      if (frame) {
        if (!current) {
          diagnostics.push({
            severity: "warning",
            stage: "ptxas",
            message: "stack frame line without a preceding Function properties line",
            file,
            line: lineNumber
          });
          return;
        }
        current.stackFrameBytes = Number(frame[1]);
        current.spillStoreBytes = Number(frame[2]);
        current.spillLoadBytes = Number(frame[3]);
      } else if (/bytes stack frame/.test(frameText)) {
        diagnostics.push({
          severity: "error",
          stage: "ptxas",
          message: `cannot read stack frame line '${frameText.trim()}'`,
          file,
          line: lineNumber,
          column: line.indexOf(frameText) + 1
        });
      }
      return;
    }
    sawPtxasLine = true;
    const at = { file, line: lineNumber, column: ptxas.column };
    if (ptxas.kind !== "info") {
      diagnostics.push({
        severity: ptxas.kind === "warning" ? "warning" : "error",
        stage: "ptxas",
        message: ptxas.message,
        ...at,
        kernel: /'([^']+)'/.exec(ptxas.message)?.[1]
      });
      return;
    }
    const compiling = COMPILING.exec(ptxas.message);
    if (compiling) {
      lastArch = compiling[2];
      current = {
        name: compiling[1],
        arch: compiling[2],
        isEntry: true,
        line: lineNumber,
        stackFrameBytes: null,
        spillStoreBytes: null,
        spillLoadBytes: null,
        used: null
      };
      functions.push(current);
      return;
    }
    const properties = PROPERTIES.exec(ptxas.message);
    if (properties) {
      if (current && current.isEntry && current.name === properties[1] && current.stackFrameBytes === null) return;
      current = {
        name: properties[1],
        arch: lastArch,
        isEntry: false,
        line: lineNumber,
        stackFrameBytes: null,
        spillStoreBytes: null,
        spillLoadBytes: null,
        used: null
      };
      functions.push(current);
      return;
    }
    const used = USED.exec(ptxas.message);
    if (used) {
      if (!current) {
        diagnostics.push({
          severity: "error",
          stage: "ptxas",
          message: "'Used N registers' line without a preceding Compiling entry / Function properties line",
          ...at
        });
        return;
      }
      if (current.used) {
        diagnostics.push({
          severity: "warning",
          stage: "ptxas",
          message: `second 'Used' line for '${current.name}' (ignored)`,
          ...at,
          kernel: current.name
        });
        return;
      }
      current.used = parseUsed(used[1], used[2].replace(/^,/, ""), at, diagnostics);
      if (current.used === null) functions.splice(functions.indexOf(current), 1);
      return;
    }
    if (IGNORED_INFO.some((pattern) => pattern.test(ptxas.message))) return;
    diagnostics.push({ severity: "note", stage: "ptxas", message: `unrecognised ptxas line '${ptxas.message}' (ignored)`, ...at });
  });
  if (!sawPtxasLine) {
    diagnostics.push({
      severity: "error",
      stage: "ptxas",
      message: 'no ptxas output found (expected lines like "ptxas info    : Used 32 registers, ...")',
      file,
      line: 1
    });
  }
  const firstArch = functions.find((f) => f.arch !== null)?.arch ?? null;
  const kernels = [];
  for (const fn of functions) {
    const record = toRecord(fn, firstArch, file, diagnostics);
    if (record) kernels.push(record);
  }
  return { kernels, diagnostics };
}

// src/toolchain/elf.ts
var ElfError = class extends Error {
  constructor(message, offset) {
    super(message);
    this.offset = offset;
  }
  offset;
};
var SHT_SYMTAB = 2;
var SHT_RELA = 4;
var SHT_REL = 9;
var STT_FUNC = 2;
var EM_CUDA = 190;
var ByteReader = class {
  constructor(bytes) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  bytes;
  view;
  check(offset, length, what) {
    if (!Number.isSafeInteger(offset) || offset < 0 || offset + length > this.bytes.length) {
      throw new ElfError(
        `${what} at byte ${offset} runs past the end of the file (${this.bytes.length} bytes)`,
        Math.min(Math.max(offset, 0), this.bytes.length)
      );
    }
  }
  u8(offset, what = "byte") {
    this.check(offset, 1, what);
    return this.view.getUint8(offset);
  }
  u16(offset, what = "u16") {
    this.check(offset, 2, what);
    return this.view.getUint16(offset, true);
  }
  u32(offset, what = "u32") {
    this.check(offset, 4, what);
    return this.view.getUint32(offset, true);
  }
  u64(offset, what = "u64") {
    this.check(offset, 8, what);
    return this.view.getBigUint64(offset, true);
  }
  /** A u64 that must fit a JS number (offsets and sizes). */
  size(offset, what) {
    const value = this.u64(offset, what);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ElfError(`${what} ${value} is not a usable size`, offset);
    return Number(value);
  }
  cString(offset, limit, what) {
    this.check(offset, 1, what);
    const end = Math.min(limit, this.bytes.length);
    let stop = offset;
    while (stop < end && this.bytes[stop] !== 0) stop++;
    if (stop >= end) throw new ElfError(`${what} at byte ${offset} is not NUL-terminated`, offset);
    return new TextDecoder().decode(this.bytes.subarray(offset, stop));
  }
  range(offset, length, what) {
    this.check(offset, length, what);
  }
};
function readElf(bytes) {
  const r = new ByteReader(bytes);
  if (bytes.length < 4 || bytes[0] !== 127 || bytes[1] !== 69 || bytes[2] !== 76 || bytes[3] !== 70) {
    throw new ElfError("not an ELF file (missing \\x7fELF magic)", 0);
  }
  if (r.u8(4, "ELF class") !== 2) throw new ElfError("not a 64-bit ELF file (cubins are ELF64)", 4);
  if (r.u8(5, "ELF data encoding") !== 1) throw new ElfError("not a little-endian ELF file", 5);
  const osAbi = r.u8(7, "OS ABI");
  const abiVersion = r.u8(8, "ABI version");
  const machine = r.u16(18, "e_machine");
  if (machine !== EM_CUDA) throw new ElfError(`ELF machine ${machine} is not NVIDIA CUDA (${EM_CUDA})`, 18);
  const flags = r.u32(48, "e_flags");
  const shoff = r.size(40, "section header offset");
  const shentsize = r.u16(58, "section header size");
  const shnum = r.u16(60, "section count");
  const shstrndx = r.u16(62, "section name table index");
  if (shentsize < 64) throw new ElfError(`section header size ${shentsize} is below 64`, 58);
  r.range(shoff, shnum * shentsize, "section header table");
  const raw = [];
  const nameOffsets = [];
  for (let index = 0; index < shnum; index++) {
    const at = shoff + index * shentsize;
    nameOffsets.push(r.u32(at, "section name"));
    raw.push({
      index,
      type: r.u32(at + 4, "section type"),
      flags: r.u64(at + 8, "section flags"),
      offset: r.size(at + 24, "section offset"),
      size: r.size(at + 32, "section size"),
      link: r.u32(at + 40, "section link"),
      info: r.u32(at + 44, "section info"),
      headerOffset: at
    });
  }
  const names = raw[shstrndx];
  if (!names) throw new ElfError(`section name table index ${shstrndx} is out of range`, 62);
  r.range(names.offset, names.size, "section name table");
  const sections = raw.map((s, i) => ({
    ...s,
    name: r.cString(names.offset + nameOffsets[i], names.offset + names.size, "section name")
  }));
  const symbols = [];
  const symtab = sections.find((s) => s.type === SHT_SYMTAB);
  if (symtab) {
    const strtab = sections[symtab.link];
    if (!strtab) throw new ElfError(`symbol string table index ${symtab.link} is out of range`, symtab.headerOffset + 40);
    r.range(symtab.offset, symtab.size, "symbol table");
    r.range(strtab.offset, strtab.size, "symbol string table");
    for (let index = 0; index * 24 + 24 <= symtab.size; index++) {
      const at = symtab.offset + index * 24;
      const info = r.u8(at + 4, "symbol info");
      symbols.push({
        index,
        name: r.cString(strtab.offset + r.u32(at, "symbol name"), strtab.offset + strtab.size, "symbol name"),
        type: info & 15,
        bind: info >> 4,
        other: r.u8(at + 5, "symbol other"),
        sectionIndex: r.u16(at + 6, "symbol section"),
        value: r.size(at + 8, "symbol value"),
        size: r.size(at + 16, "symbol size")
      });
    }
  }
  return { osAbi, abiVersion, machine, flags, sections, symbols, bytes };
}

// src/toolchain/nv-info.ts
var EIFMT_SVAL = 4;
var EIATTR = {
  MAX_THREADS: 5,
  // u32 x, y, z from .maxntid
  PARAM_CBANK: 10,
  REQNTID: 16,
  // u32 x, y, z from .reqntid
  FRAME_SIZE: 17,
  // u32 symbol, u32 bytes
  MIN_STACK_SIZE: 18,
  // u32 symbol, u32 bytes (stack incl. callees, non-recursive)
  CBANK_PARAM_SIZE: 25,
  // u16 value: kernel parameter bytes
  MAXREG_COUNT: 27,
  // u16 value: register cap ptxas applied (maxrregcount / launch bounds)
  CRS_STACK_SIZE: 30,
  MAX_STACK_SIZE: 35,
  // u32 symbol, u32 bytes
  REGCOUNT: 47,
  // u32 symbol, u32 registers
  NUM_MBARRIERS: 56,
  NUM_BARRIERS: 76
  // u16 value: named barriers used
};
function readInfoRecords(reader, start, size) {
  const records = [];
  const end = start + size;
  let at = start;
  while (at < end) {
    if (at + 4 > end) throw new ElfError(`truncated .nv.info record at byte ${at}`, at);
    const format = reader.u8(at, "attribute format");
    const attribute = reader.u8(at + 1, "attribute code");
    if (format < 1 || format > EIFMT_SVAL) throw new ElfError(`unknown .nv.info record format ${format} at byte ${at}`, at);
    if (format !== EIFMT_SVAL) {
      records.push({ format, attribute, value: reader.u16(at + 2, "attribute value"), words: [], offset: at });
      at += 4;
      continue;
    }
    const length = reader.u16(at + 2, "attribute size");
    if (at + 4 + length > end) throw new ElfError(`.nv.info record at byte ${at} (${length} bytes) runs past its section`, at);
    const words = [];
    for (let w = 0; w + 4 <= length; w += 4) words.push(reader.u32(at + 4 + w, "attribute word"));
    records.push({ format, attribute, value: null, words, offset: at });
    at += 4 + length;
  }
  return records;
}

// src/toolchain/cubin.ts
var STO_CUDA_ENTRY = 16;
var RESERVED_SHARED_SINCE_SM = 90;
var DEFAULT_RESERVED_SHARED_BYTES = 1024;
function cubinSmVersion(elf) {
  return elf.abiVersion >= 8 ? elf.flags >> 8 & 255 : elf.flags & 255;
}
function diagnostic(message, file, offset, kernel) {
  return { severity: "error", stage: "cubin", message, file, offset, ...kernel ? { kernel } : {} };
}
function readGlobalInfo(elf, reader, file, diagnostics) {
  const bySymbol = /* @__PURE__ */ new Map();
  for (const section of elf.sections.filter((s) => s.name === ".nv.info")) {
    let records;
    try {
      records = readInfoRecords(reader, section.offset, section.size);
    } catch (error) {
      if (!(error instanceof ElfError)) throw error;
      diagnostics.push(diagnostic(`.nv.info: ${error.message}`, file, error.offset));
      continue;
    }
    for (const record of records) {
      if (record.words.length < 2) continue;
      const [symbol, value] = record.words;
      if (!bySymbol.has(symbol)) bySymbol.set(symbol, /* @__PURE__ */ new Map());
      bySymbol.get(symbol).set(record.attribute, value);
    }
  }
  return bySymbol;
}
function kernelResources(elf, sm, text2, info, reservedShared) {
  const name = text2.name.slice(".text.".length);
  const own = (attribute) => info.own.find((r) => r.attribute === attribute);
  const registers = info.global.get(EIATTR.REGCOUNT) ?? text2.info >>> 24;
  const barriersRecord = own(EIATTR.NUM_BARRIERS);
  const barriers = barriersRecord?.value ?? Number(text2.flags >> 20n & 0x7fn);
  const frame = info.global.get(EIATTR.FRAME_SIZE) ?? 0;
  const minStack = info.global.get(EIATTR.MIN_STACK_SIZE);
  const maxStack = info.global.get(EIATTR.MAX_STACK_SIZE);
  const threads = own(EIATTR.MAX_THREADS) ?? own(EIATTR.REQNTID);
  const shared = elf.sections.find((s) => s.name === `.nv.shared.${name}`);
  const constant = elf.sections.find((s) => s.name === `.nv.constant0.${name}`);
  const sharedBytes = shared ? Math.max(0, shared.size - (sm !== null && sm >= RESERVED_SHARED_SINCE_SM ? reservedShared : 0)) : 0;
  const nullReasons = {
    spillStoreBytes: "a cubin does not record spills (only ptxas -v prints them)",
    spillLoadBytes: "a cubin does not record spills (only ptxas -v prints them)",
    minBlocksPerSM: "a cubin does not record __launch_bounds__'s minimum blocks per SM (ptxas folds it into the register cap)"
  };
  if (!constant) nullReasons.constantBytes = `no .nv.constant0.${name} section`;
  return {
    registers,
    staticSharedBytes: sharedBytes,
    localBytes: Math.max(minStack ?? frame, maxStack ?? 0),
    stackFrameBytes: frame,
    spillStoreBytes: null,
    spillLoadBytes: null,
    barriers,
    constantBytes: constant ? constant.size : null,
    maxThreadsPerBlock: threads && threads.words.length >= 3 ? threads.words[0] * threads.words[1] * threads.words[2] : null,
    minBlocksPerSM: null,
    source: "cubin",
    nullReasons
  };
}
function readCubin(bytes, file) {
  const diagnostics = [];
  let elf;
  try {
    elf = readElf(bytes);
  } catch (error) {
    if (!(error instanceof ElfError)) throw error;
    return { arch: null, kernels: [], diagnostics: [diagnostic(`not a readable cubin: ${error.message}`, file, error.offset)] };
  }
  const reader = new ByteReader(bytes);
  const sm = cubinSmVersion(elf);
  let arch = `sm_${sm}`;
  if (sm < 20 || sm > 200) {
    diagnostics.push(diagnostic(`e_flags 0x${elf.flags.toString(16)} name no known SM version`, file, 48));
    arch = null;
  }
  const global = readGlobalInfo(elf, reader, file, diagnostics);
  const reservedCap = elf.symbols.find((s) => s.name === ".nv.reservedSmem.cap");
  const reservedShared = reservedCap ? reservedCap.value : DEFAULT_RESERVED_SHARED_BYTES;
  const kernels = [];
  for (const text2 of elf.sections.filter((s) => s.name.startsWith(".text."))) {
    const name = text2.name.slice(".text.".length);
    const symbol = elf.symbols.find((s) => s.type === STT_FUNC && s.name === name && s.sectionIndex === text2.index);
    if (!symbol) {
      diagnostics.push(diagnostic(`section ${text2.name} has no function symbol named '${name}'`, file, text2.headerOffset, name));
      continue;
    }
    const ownSection = elf.sections.find((s) => s.name === `.nv.info.${name}`);
    let own = [];
    if (ownSection) {
      try {
        own = readInfoRecords(reader, ownSection.offset, ownSection.size);
      } catch (error) {
        if (!(error instanceof ElfError)) throw error;
        diagnostics.push(diagnostic(`${ownSection.name}: ${error.message}`, file, error.offset, name));
        continue;
      }
    }
    const kernelGlobal = global.get(symbol.index) ?? /* @__PURE__ */ new Map();
    if (!kernelGlobal.has(EIATTR.FRAME_SIZE)) {
      diagnostics.push({
        severity: "warning",
        stage: "cubin",
        message: `no EIATTR_FRAME_SIZE record for '${name}' in .nv.info: stack frame taken as 0`,
        file,
        offset: text2.headerOffset,
        kernel: name
      });
    }
    const resources = kernelResources(elf, arch === null ? null : sm, text2, { global: kernelGlobal, own }, reservedShared);
    kernels.push({ name, displayName: demangle(name), arch: arch ?? "unknown", resources, isEntry: (symbol.other & STO_CUDA_ENTRY) !== 0 });
  }
  if (kernels.length === 0 && diagnostics.length === 0) {
    diagnostics.push({
      severity: "warning",
      stage: "cubin",
      message: "the cubin contains no kernels (.text.<name> sections)",
      file,
      offset: 0
    });
  }
  return { arch, kernels, diagnostics };
}

// src/toolchain/sass-lines.ts
import path from "node:path";
import { readFile } from "node:fs/promises";
var SASS_INSTRUCTION_BYTES = 16;
var FIRST_FIXED_SIZE_SM = 70;
var DW_LNE_END_SEQUENCE = 1;
var DW_LNE_SET_ADDRESS = 2;
var DW_LNE_DEFINE_FILE = 3;
var Cursor = class {
  constructor(r, at) {
    this.r = r;
    this.at = at;
  }
  r;
  at;
  u8(what) {
    return this.r.u8(this.at++, what);
  }
  u16(what) {
    const v = this.r.u16(this.at, what);
    this.at += 2;
    return v;
  }
  u32(what) {
    const v = this.r.u32(this.at, what);
    this.at += 4;
    return v;
  }
  uleb(what) {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      const b = this.u8(what);
      value += (b & 127) * scale;
      scale *= 128;
      if ((b & 128) === 0) return value;
    }
    throw new ElfError(`${what}: LEB128 longer than 10 bytes`, this.at);
  }
  sleb(what) {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      const b = this.u8(what);
      value += (b & 127) * scale;
      scale *= 128;
      if ((b & 128) === 0) return b & 64 ? value - scale : value;
    }
    throw new ElfError(`${what}: LEB128 longer than 10 bytes`, this.at);
  }
  cString(limit, what) {
    const s = this.r.cString(this.at, limit, what);
    this.at = this.r.bytes.indexOf(0, this.at) + 1;
    return s;
  }
};
function readUnit(r, start, sectionEnd) {
  const c = new Cursor(r, start);
  const length = c.u32("unit length");
  if (length >= 4294967280) throw new ElfError("64-bit DWARF line tables are not supported", start);
  const end = c.at + length;
  if (end > sectionEnd) throw new ElfError(`line-table unit of ${length} bytes runs past the end of .debug_line`, start);
  const version = c.u16("version");
  if (version < 2 || version > 4) throw new ElfError(`DWARF line-table version ${version} is not supported (2-4)`, start + 4);
  const headerLength = c.u32("header length");
  const programStart = c.at + headerLength;
  const minInstruction = c.u8("minimum instruction length");
  if (version >= 4) c.u8("maximum operations per instruction");
  c.u8("default is_stmt");
  const lineBase = c.u8("line base") << 24 >> 24;
  const lineRange = c.u8("line range");
  const opcodeBase = c.u8("opcode base");
  if (lineRange === 0) throw new ElfError("line range 0 in the line-table header", c.at - 2);
  const opcodeLengths = [];
  for (let i = 1; i < opcodeBase; i++) opcodeLengths.push(c.u8("standard opcode length"));
  const dirs = [""];
  for (let dir = c.cString(end, "include directory"); dir !== ""; dir = c.cString(end, "include directory")) dirs.push(dir);
  const files = [""];
  const readFile3 = (name) => {
    const dir = c.uleb("file directory");
    c.uleb("file time");
    c.uleb("file size");
    files.push(dirs[dir] ? path.posix.join(dirs[dir], name) : name);
  };
  for (let name = c.cString(end, "file name"); name !== ""; name = c.cString(end, "file name")) readFile3(name);
  if (c.at > programStart) throw new ElfError("line-table header runs past its stated length", c.at);
  c.at = programStart;
  const sequences = [];
  let state = { address: 0, file: 1, line: 1 };
  let sequence = null;
  const emit = () => sequence?.rows.push({ ...state });
  while (c.at < end) {
    const opAt = c.at;
    const op = c.u8("opcode");
    if (op >= opcodeBase) {
      const adjusted = op - opcodeBase;
      state.address += Math.floor(adjusted / lineRange) * minInstruction;
      state.line += lineBase + adjusted % lineRange;
      emit();
    } else if (op === 0) {
      const len = c.uleb("extended opcode length");
      const next = c.at + len;
      if (len === 0 || next > end) throw new ElfError(`extended opcode of ${len} bytes runs past the unit`, opAt);
      const sub = c.u8("extended opcode");
      if (sub === DW_LNE_END_SEQUENCE) {
        if (sequence) {
          sequence.endAddress = state.address;
          sequences.push(sequence);
        }
        sequence = null;
        state = { address: 0, file: 1, line: 1 };
      } else if (sub === DW_LNE_SET_ADDRESS) {
        if (len !== 9) throw new ElfError(`set_address with a ${len - 1}-byte operand (cubins use 8)`, opAt);
        sequence ??= { addressOffset: c.at, storedAddress: Number(r.u64(c.at, "address")), rows: [], endAddress: 0 };
        state.address = 0;
      } else if (sub === DW_LNE_DEFINE_FILE) {
        readFile3(c.cString(next, "file name"));
      }
      c.at = next;
    } else if (op === 1) emit();
    else if (op === 2) state.address += c.uleb("advance_pc") * minInstruction;
    else if (op === 3) state.line += c.sleb("advance_line");
    else if (op === 4) state.file = c.uleb("set_file");
    else if (op === 8) state.address += Math.floor((255 - opcodeBase) / lineRange) * minInstruction;
    else if (op === 9) state.address += c.u16("fixed_advance_pc");
    else for (let i = 0; i < opcodeLengths[op - 1]; i++) c.uleb("standard opcode operand");
  }
  if (sequence) throw new ElfError("line-table unit ends inside a sequence (no DW_LNE_end_sequence)", end);
  return { unit: { files, sequences }, next: end };
}
function addressRelocations(elf, r, debugLine) {
  const out = /* @__PURE__ */ new Map();
  for (const rel of elf.sections.filter((s) => (s.type === SHT_RELA || s.type === SHT_REL) && s.info === debugLine.index)) {
    const entry = rel.type === SHT_RELA ? 24 : 16;
    r.range(rel.offset, rel.size, `${rel.name}`);
    for (let at = rel.offset; at + entry <= rel.offset + rel.size; at += entry) {
      const offset = r.size(at, "relocation offset");
      const symbolIndex = Number(r.u64(at + 8, "relocation info") >> 32n);
      const symbol = elf.symbols[symbolIndex];
      if (!symbol) throw new ElfError(`relocation names symbol ${symbolIndex}, past the symbol table`, at + 8);
      const addend = rel.type === SHT_RELA ? Number(BigInt.asIntN(64, r.u64(at + 16, "relocation addend"))) : null;
      out.set(offset, { symbol, addend });
    }
  }
  return out;
}
function diagnostic2(message, file, offset, kernel) {
  return { severity: "warning", stage: "cubin", message, file, offset, ...kernel ? { kernel } : {} };
}
function addRange(into, file, line, start, end, subroutines, outOfLine, kindsIn) {
  const add = (from, to, subroutine) => {
    if (subroutine === null && from < outOfLine && to > outOfLine) {
      add(from, outOfLine, null);
      add(outOfLine, to, null);
      return;
    }
    if (to <= from) return;
    const cold = subroutine === null && from >= outOfLine;
    const key = `${file}\0${line}\0${subroutine ?? ""}\0${cold ? "cold" : ""}`;
    const entry = into.get(key) ?? {
      file,
      line,
      instructions: 0,
      ...subroutine ? { subroutine } : {},
      ...cold ? { outOfLine: true } : {}
    };
    entry.instructions += (to - from) / SASS_INSTRUCTION_BYTES;
    const { globalMemory, sharedMemory, fma, predicated } = kindsIn(from, to);
    if (globalMemory > 0) entry.globalMemory = (entry.globalMemory ?? 0) + globalMemory;
    if (sharedMemory > 0) entry.sharedMemory = (entry.sharedMemory ?? 0) + sharedMemory;
    if (fma > 0) entry.fma = (entry.fma ?? 0) + fma;
    if (predicated > 0) entry.predicated = (entry.predicated ?? 0) + predicated;
    into.set(key, entry);
  };
  let at = start;
  for (const s of subroutines) {
    const from = Math.max(at, s.value);
    const to = Math.min(end, s.value + s.size);
    if (to <= from) continue;
    add(at, from, null);
    add(from, to, s.name);
    at = to;
  }
  add(at, end, null);
}
var NOP = 2328;
var BRA_ALWAYS = 31047;
var GLOBAL_MEMORY_OPCODES = /* @__PURE__ */ new Set([897, 902, 2433, 2438]);
var SHARED_MEMORY_OPCODES = /* @__PURE__ */ new Set([2436, 904]);
var FFMA_OPCODES = /* @__PURE__ */ new Set([547, 1059, 2083, 2595]);
var NO_GUARD = 7;
function instructionKinds(r, text2, from, to) {
  const kinds = { globalMemory: 0, sharedMemory: 0, fma: 0, predicated: 0 };
  for (let at = from; at < to; at += SASS_INSTRUCTION_BYTES) {
    const word = r.u64(text2.offset + at, "SASS instruction");
    const opcode = Number(word & 0xfffn);
    if (GLOBAL_MEMORY_OPCODES.has(opcode)) kinds.globalMemory++;
    if (SHARED_MEMORY_OPCODES.has(opcode)) kinds.sharedMemory++;
    if (FFMA_OPCODES.has(opcode)) kinds.fma++;
    if (Number(word >> 12n & 0x7n) !== NO_GUARD) kinds.predicated++;
  }
  return kinds;
}
function isSelfBranch(word) {
  if (Number(word & 0xffffn) !== BRA_ALWAYS) return false;
  const low = Number(word >> 16n & 0xffn);
  return low === 0 && word >> 32n === 0xfffffff0n || low === 252 && word >> 34n === 0x3fffffffn;
}
var EXIT = 2381;
function outOfLineStart(r, text2, executable, subroutines) {
  let start = executable;
  for (let at = 0; at < executable; at += SASS_INSTRUCTION_BYTES) {
    if (subroutines.some((s) => at >= s.value && at < s.value + s.size)) continue;
    const word = r.u64(text2.offset + at, "SASS instruction");
    if (Number(word & 0xfffn) === EXIT && Number(word >> 12n & 0x7n) === NO_GUARD) start = at + SASS_INSTRUCTION_BYTES;
  }
  return start;
}
function paddingStart(r, text2) {
  let end = text2.size - text2.size % SASS_INSTRUCTION_BYTES;
  const word = (at) => r.u64(text2.offset + at, "SASS instruction");
  while (end > 0 && Number(word(end - 16) & 0xfffn) === NOP) end -= 16;
  if (end > 0 && isSelfBranch(word(end - 16))) end -= 16;
  return end;
}
function sequenceProblem(rows, base, text2, files) {
  for (let i = 0; i + 1 < rows.length; i++) {
    const start = base + rows[i].address;
    const stop = base + rows[i + 1].address;
    if (stop < start || stop > text2.size || start % SASS_INSTRUCTION_BYTES || stop % SASS_INSTRUCTION_BYTES)
      return `line-table rows 0x${start.toString(16)}-0x${stop.toString(16)} are not whole 16-byte instructions inside ${text2.name} (${text2.size} bytes)`;
    if (files[rows[i].file] === void 0) return `line-table row names file ${rows[i].file}, not in the file table`;
  }
  return null;
}
function readSassLines(bytes, file) {
  const functions = /* @__PURE__ */ new Map();
  const padding = /* @__PURE__ */ new Map();
  const diagnostics = [];
  let elf;
  try {
    elf = readElf(bytes);
  } catch (error) {
    if (!(error instanceof ElfError)) throw error;
    return { functions, padding, diagnostics: [diagnostic2(`not a readable cubin: ${error.message}`, file, error.offset)] };
  }
  const sm = cubinSmVersion(elf);
  if (sm < FIRST_FIXED_SIZE_SM) {
    diagnostics.push(
      diagnostic2(`sm_${sm} cubin: SASS instructions have a fixed 16-byte size only from sm_70 on, line counts not read`, file, 48)
    );
    return { functions, padding, diagnostics };
  }
  const debugLine = elf.sections.find((s) => s.name === ".debug_line");
  if (!debugLine) {
    diagnostics.push({ ...diagnostic2("no .debug_line section (build with -lineinfo): SASS per line unknown", file, 0), severity: "note" });
    return { functions, padding, diagnostics };
  }
  const r = new ByteReader(bytes);
  const counts = /* @__PURE__ */ new Map();
  const sectionBounds = /* @__PURE__ */ new Map();
  try {
    r.range(debugLine.offset, debugLine.size, ".debug_line");
    const relocations = addressRelocations(elf, r, debugLine);
    const functionSymbols = /* @__PURE__ */ new Map();
    for (const s of elf.symbols) {
      if (s.type !== STT_FUNC || s.size === 0) continue;
      functionSymbols.set(s.sectionIndex, [...functionSymbols.get(s.sectionIndex) ?? [], s]);
    }
    for (const list of functionSymbols.values()) list.sort((a, b) => a.value - b.value);
    const end = debugLine.offset + debugLine.size;
    for (let at = debugLine.offset; at < end; ) {
      const { unit, next } = readUnit(r, at, end);
      at = next;
      for (const sequence of unit.sequences) {
        const relocation = relocations.get(sequence.addressOffset - debugLine.offset);
        const text2 = relocation && elf.sections[relocation.symbol.sectionIndex];
        if (!relocation || !text2?.name.startsWith(".text.")) {
          diagnostics.push(
            diagnostic2("line-table sequence whose address is not relocated against a .text section", file, sequence.addressOffset)
          );
          continue;
        }
        const name = text2.name.slice(".text.".length);
        const base = relocation.symbol.value + (relocation.addend ?? sequence.storedAddress);
        const subroutines = (functionSymbols.get(text2.index) ?? []).filter((s) => s.name !== name);
        const rows = [...sequence.rows, { address: sequence.endAddress, file: 0, line: 0 }];
        const problem = sequenceProblem(rows, base, text2, unit.files);
        if (problem) {
          diagnostics.push(diagnostic2(problem, file, sequence.addressOffset, name));
          continue;
        }
        const lines = counts.get(name) ?? /* @__PURE__ */ new Map();
        let bounds = sectionBounds.get(text2.index);
        if (bounds === void 0) {
          const executableEnd = paddingStart(r, text2);
          bounds = { executable: executableEnd, outOfLine: outOfLineStart(r, text2, executableEnd, subroutines) };
          sectionBounds.set(text2.index, bounds);
        }
        const { executable, outOfLine } = bounds;
        for (let i = 0; i + 1 < rows.length; i++) {
          const start = Math.min(base + rows[i].address, executable);
          const stop = Math.min(base + rows[i + 1].address, executable);
          addRange(
            lines,
            path.posix.normalize(unit.files[rows[i].file]),
            rows[i].line,
            start,
            stop,
            subroutines,
            outOfLine,
            (from, to) => instructionKinds(r, text2, from, to)
          );
        }
        padding.set(name, (text2.size - executable) / SASS_INSTRUCTION_BYTES);
        counts.set(name, lines);
      }
    }
  } catch (error) {
    if (!(error instanceof ElfError)) throw error;
    diagnostics.push(diagnostic2(`.debug_line: ${error.message}`, file, error.offset));
  }
  for (const [name, lines] of counts) functions.set(name, [...lines.values()]);
  return { functions, padding, diagnostics };
}
async function readSassLinesFile(cubinPath) {
  if (cubinPath === null) return null;
  return readFile(cubinPath).then(
    (bytes) => readSassLines(new Uint8Array(bytes), cubinPath),
    () => null
  );
}

// src/toolchain/ptxas.ts
import { execFile } from "node:child_process";

// src/toolchain/launch-bounds.ts
var product = (list) => list.split(",").map((v) => Number(v.trim())).reduce((a, b) => a * b, 1);
function launchBoundsFromPtx(ptx) {
  const bounds = /* @__PURE__ */ new Map();
  const entry = /\.entry\s+([A-Za-z_$%][\w$%]*)\s*\(/g;
  let match;
  while (match = entry.exec(ptx)) {
    const close = ptx.indexOf(")", match.index);
    const body = ptx.indexOf("{", close);
    if (close < 0 || body < 0) continue;
    const header = ptx.slice(close, body);
    const maxntid = /\.maxntid\s+([\d\s,]+)/.exec(header) ?? /\.reqntid\s+([\d\s,]+)/.exec(header);
    const minBlocks = /\.minnctapersm\s+(\d+)/.exec(header);
    bounds.set(match[1], {
      maxThreadsPerBlock: maxntid ? product(maxntid[1].replace(/[\s,]+$/, "")) : null,
      minBlocksPerSM: minBlocks ? Number(minBlocks[1]) : null
    });
  }
  return bounds;
}

// src/toolchain/ptxas.ts
function applyLaunchBounds(records, ptxText) {
  const bounds = launchBoundsFromPtx(ptxText);
  for (const record of records) {
    const fromPtx = bounds.get(record.name);
    if (!record.isEntry || !fromPtx) continue;
    record.resources.maxThreadsPerBlock = fromPtx.maxThreadsPerBlock;
    record.resources.minBlocksPerSM = fromPtx.minBlocksPerSM;
    delete record.resources.nullReasons?.maxThreadsPerBlock;
    delete record.resources.nullReasons?.minBlocksPerSM;
  }
}
function assemblePtx(ptxas, arch, ptxPath, ptxText) {
  return new Promise((resolve) => {
    execFile(
      ptxas,
      [`-arch=${arch}`, "-v", "-o", "/dev/null", ptxPath],
      { encoding: "utf8", maxBuffer: 64 << 20, timeout: compileTimeoutMs(), killSignal: "SIGKILL", env: childEnv() },
      (error, _stdout, stderr) => {
        if (error && typeof error.code === "string") {
          resolve({
            records: [],
            diagnostics: [
              {
                severity: "note",
                stage: "ptxas",
                file: ptxPath,
                message: `ptxas could not run (${error.message}): resources unknown`
              }
            ]
          });
          return;
        }
        const parsed2 = parsePtxasLog(stderr, ptxPath);
        const diagnostics = parsed2.diagnostics.filter((d) => d.severity !== "note");
        if (error)
          diagnostics.push({
            severity: "warning",
            stage: "ptxas",
            file: ptxPath,
            message: `ptxas failed on this PTX: ${stderr.trim().split("\n").slice(-2).join(" ")}`
          });
        applyLaunchBounds(parsed2.kernels, ptxText);
        resolve({ records: parsed2.kernels, diagnostics });
      }
    );
  });
}

// src/toolchain/nvcc.ts
import { execFile as execFile2 } from "node:child_process";
import { mkdir, readFile as readFile2, rm, writeFile } from "node:fs/promises";
import path3 from "node:path";

// src/toolchain/nvcc-args.ts
import { createHash } from "node:crypto";
import path2 from "node:path";
var SHELL_INERT = /^[A-Za-z0-9_@%+=:,./ -]*$/;
var DEFINE_NAME = /^[A-Za-z_]\w*$/;
var INLINE_VALUE = /^[A-Za-z0-9_.+-]*$/;
var shortHash = (text2) => createHash("sha256").update(text2).digest("hex").slice(0, 12);
function defineArgs(defines, outDir, stem) {
  const args = [];
  const lines = [];
  const errors = [];
  for (const [name, raw] of Object.entries(defines)) {
    const value = String(raw);
    if (!DEFINE_NAME.test(name)) errors.push(`define name '${printable(name)}' is not a C identifier ([A-Za-z_][A-Za-z0-9_]*)`);
    else if (/[\n\r\0]|\\$/.test(value))
      errors.push(`define ${name}: value '${printable(value)}' cannot be one line of a header (newline, NUL or trailing backslash)`);
    else if (INLINE_VALUE.test(value)) args.push(`-D${name}=${value}`);
    else lines.push(`#define ${name} ${value}`);
  }
  const files = [];
  if (lines.length && !errors.length) {
    const header = path2.join(outDir, `${stem}.carve-defines-${shortHash(lines.join("\n"))}.h`);
    files.push({
      path: header,
      text: `// Generated by Carve: defines whose values are not passed on nvcc's command line.
${lines.join("\n")}
`
    });
    args.push("-include", header);
  }
  return { args, files, errors };
}
function unitFor(source, outDir) {
  const base = path2.basename(source).replace(/\.[^.]+$/, "");
  if (SHELL_INERT.test(source)) return { unit: source, stem: base, files: [], errors: [] };
  const stem = `${base.replace(/[^A-Za-z0-9_.+-]/g, "_")}-${shortHash(path2.resolve(source))}`;
  if (/["\n\r\0]/.test(source))
    return { unit: source, stem, files: [], errors: [`source path '${printable(source)}' contains a quote or newline: not compiled`] };
  const wrapper = path2.join(outDir, `${stem}.carve-unit${path2.extname(source) || ".cu"}`);
  return {
    unit: wrapper,
    stem,
    files: [
      {
        path: wrapper,
        text: `// Generated by Carve: compiles a source whose name is unsafe on nvcc's command line.
#include "${path2.resolve(source)}"
`
      }
    ],
    errors: []
  };
}
var FLAG_NAMES = /* @__PURE__ */ new Set([
  "O0",
  "O1",
  "O2",
  "O3",
  "Os",
  "G",
  "g",
  "w",
  "lineinfo",
  "generate-line-info",
  "device-debug",
  "debug",
  "use_fast_math",
  "use-fast-math",
  "ftz",
  "prec-div",
  "prec-sqrt",
  "fmad",
  "maxrregcount",
  "std",
  "expt-relaxed-constexpr",
  "expt-extended-lambda",
  "extended-lambda",
  "relaxed-constexpr",
  "restrict",
  "default-stream",
  "rdc",
  "relocatable-device-code",
  "extra-device-vectorization",
  "Werror",
  "Wreorder",
  "Wno-deprecated-gpu-targets",
  "Wno-deprecated-declarations",
  "disable-warnings",
  "diag-suppress",
  "diag-warn",
  "diag-error",
  "display-error-number",
  "resource-usage",
  "Xptxas",
  "ptxas-options",
  "Xcompiler",
  "compiler-options",
  "U",
  "D",
  "I",
  "include-path",
  "dopt",
  "dlto",
  "split-compile"
]);
var FLAG_SHAPE = /^(--?)([A-Za-z][\w-]*)(=([\w.,+:=/-]*))?$/;
var GLUED = /^-([DIU])(.+)$/;
var PASSTHROUGH_ITEM = /^-{1,2}[A-Za-z][\w-]*(=[\w.+-]*)?$/;
var PASSTHROUGH_DENIED = /^-{1,2}(fplugin|wrapper|specs|B|o|output-file|include|imacros|iquote|isystem|idirafter|x|save-temps|dump|fdump|aux-info)/;
function checkFlags(flags) {
  const errors = [];
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i];
    const glued = GLUED.exec(flag);
    if (glued) {
      const [, kind, rest] = glued;
      if (kind === "D") {
        const [name2, ...value] = rest.split("=");
        if (!DEFINE_NAME.test(name2) || !INLINE_VALUE.test(value.join("=")))
          errors.push(
            `flag '${printable(flag)}': -D needs NAME=VALUE with NAME a C identifier and VALUE of [A-Za-z0-9_.+-] (put other values under defines)`
          );
      } else if (kind === "U" && !DEFINE_NAME.test(rest)) errors.push(`flag '${printable(flag)}': -U needs a C identifier`);
      else if (kind === "I" && (!SHELL_INERT.test(rest) || rest.includes(" ") || path2.isAbsolute(rest) || rest.split("/").includes("..")))
        errors.push(`flag '${printable(flag)}': -I takes a path inside the repository (use \`include\` in the config)`);
      continue;
    }
    const m = FLAG_SHAPE.exec(flag);
    const name = m?.[2];
    if (!m || !name || !FLAG_NAMES.has(name)) {
      errors.push(
        `flag '${printable(flag)}' is not an allowed nvcc option (options that pick an executable, run a program, name files or change the compile mode are refused; see docs/security.md)`
      );
      continue;
    }
    if (name === "Xptxas" || name === "ptxas-options" || name === "Xcompiler" || name === "compiler-options") {
      let value = m[4];
      if (value === void 0) value = flags[++i];
      if (value === void 0) {
        errors.push(`flag '${flag}' needs a value`);
        continue;
      }
      for (const item of value.split(",")) {
        if (!PASSTHROUGH_ITEM.test(item) || PASSTHROUGH_DENIED.test(item))
          errors.push(
            `flag '${flag}': '${printable(item)}' is not allowed (plain options only; no plugin, wrapper, spec file, include or output)`
          );
      }
    } else if (m[4] !== void 0 && m[4].includes("/") && name !== "dopt") {
      errors.push(`flag '${printable(flag)}': a value with '/' (a path) is not allowed here`);
    }
  }
  return errors;
}
function firstUnsafeArg(args) {
  return args.find((arg) => !SHELL_INERT.test(arg)) ?? null;
}
function printable(value) {
  const escaped = JSON.stringify(value).slice(1, -1);
  return escaped.length > 120 ? `${escaped.slice(0, 117)}...` : escaped;
}

// src/toolchain/nvcc.ts
function run(file, args) {
  const timeout = compileTimeoutMs();
  return new Promise((resolve) => {
    execFile2(
      file,
      args,
      { maxBuffer: 64 * 1024 * 1024, timeout, killSignal: "SIGKILL", encoding: "utf8", env: childEnv() },
      (error, stdout, stderr) => {
        const err = error;
        if (err?.killed && err.signal === "SIGKILL")
          resolve({ code: null, stdout, stderr, spawnError: `timed out after ${timeout} ms (${path3.basename(file)} killed)` });
        else if (err && typeof err.code === "string") resolve({ code: null, stdout, stderr, spawnError: `${err.code}: ${err.message}` });
        else resolve({ code: err ? typeof err.code === "number" ? err.code : 1 : 0, stdout, stderr, spawnError: null });
      }
    );
  });
}
async function findNvcc(hint) {
  const candidates = [
    hint,
    process.env.CUDA_HOME && path3.join(process.env.CUDA_HOME, "bin", "nvcc"),
    process.env.CUDA_PATH && path3.join(process.env.CUDA_PATH, "bin", "nvcc"),
    "nvcc",
    "/usr/local/cuda/bin/nvcc"
  ].filter((c) => Boolean(c));
  for (const candidate of candidates) {
    const result = await run(candidate, ["--version"]);
    if (result.code !== 0) continue;
    const version = /release [\d.]+, V([\d.]+)/.exec(result.stdout)?.[1] ?? /release ([\d.]+)/.exec(result.stdout)?.[1];
    if (version) return { path: candidate, version };
  }
  return null;
}
var NVCC_DIAGNOSTIC = /^(.+?)\((\d+)\): (catastrophic error|error|warning|remark)(?: #[\w-]+)?: (.*)$/;
var GCC_DIAGNOSTIC = /^(.+?):(\d+):(\d+): (fatal error|error|warning): (.*)$/;
var TOOL_DIAGNOSTIC = /^(nvcc|ptxas|nvlink|cicc) (fatal|error|warning)\s*:\s*(.*)$/;
function parseNvccDiagnostics(stderr) {
  const diagnostics = [];
  for (const line of stderr.split(/\r?\n/)) {
    let m;
    if (m = NVCC_DIAGNOSTIC.exec(line)) {
      diagnostics.push({
        severity: m[3] === "warning" ? "warning" : m[3] === "remark" ? "note" : "error",
        stage: "build",
        message: m[4],
        file: m[1],
        line: Number(m[2])
      });
    } else if (m = GCC_DIAGNOSTIC.exec(line)) {
      diagnostics.push({
        severity: m[4] === "warning" ? "warning" : "error",
        stage: "build",
        message: m[5],
        file: m[1],
        line: Number(m[2]),
        column: Number(m[3])
      });
    } else if ((m = TOOL_DIAGNOSTIC.exec(line)) && !/^ptxas info/.test(line)) {
      diagnostics.push({
        severity: m[2] === "warning" ? "warning" : "error",
        stage: m[1] === "ptxas" ? "ptxas" : "build",
        message: `${m[1]}: ${m[3]}`
      });
    }
  }
  return diagnostics;
}
var realArch = (arch) => arch.replace(/^compute_/, "sm_");
async function compileCuda(request) {
  const arch = realArch(request.arch);
  const nvcc = request.nvcc ?? (await findNvcc())?.path ?? "nvcc";
  const unit = unitFor(request.source, request.outDir);
  const defines = defineArgs(request.defines ?? {}, request.outDir, unit.stem);
  const ptxPath = path3.join(request.outDir, `${unit.stem}.${arch}.ptx`);
  const cubinFile = path3.join(request.outDir, `${unit.stem}.${arch}.cubin`);
  const common = [...defines.args, ...(request.includeDirs ?? []).map((d) => `-I${d}`), ...request.flags ?? []];
  const command = [nvcc, `-arch=${arch}`, "-lineinfo", "-ptx", ...common, "-o", ptxPath, unit.unit];
  const result = {
    ok: false,
    ptx: null,
    ptxPath: null,
    cubinPath: null,
    ptxasLog: "",
    resources: [],
    diagnostics: [],
    command
  };
  const refused = [...unit.errors, ...defines.errors, ...checkFlags(request.flags ?? [])];
  const unsafe = firstUnsafeArg(command.slice(1));
  if (unsafe !== null && !refused.length)
    refused.push(
      `argument '${printable(unsafe)}' has characters nvcc would hand to a shell ($, \`, \\, quotes, ;, |, &, <, >, ( ), newline): not run${SHELL_INERT.test(request.outDir) ? "" : ` (the output folder ${printable(request.outDir)} is one)`}`
    );
  if (refused.length) {
    for (const message of refused) result.diagnostics.push({ severity: "error", stage: "build", message, file: request.source });
    return result;
  }
  try {
    await mkdir(request.outDir, { recursive: true });
    for (const file of [...unit.files, ...defines.files]) await writeFile(file.path, file.text);
  } catch (error) {
    result.diagnostics.push({ severity: "error", stage: "build", message: `cannot create ${request.outDir}: ${error.message}` });
    return result;
  }
  const front = await run(command[0], command.slice(1));
  result.diagnostics.push(...parseNvccDiagnostics(front.stderr));
  if (front.spawnError || front.code !== 0) {
    const reason = front.spawnError ?? `nvcc exited with ${front.code}`;
    if (!result.diagnostics.some((d) => d.severity === "error")) {
      result.diagnostics.push({
        severity: "error",
        stage: "build",
        message: `${reason}${front.stderr.trim() ? `: ${front.stderr.trim().split("\n").slice(-3).join(" ")}` : ""}`,
        file: request.source
      });
    }
    return result;
  }
  result.ptxPath = ptxPath;
  result.ptx = await readFile2(ptxPath, "utf8");
  const back = await run(nvcc, [`-arch=${arch}`, "-cubin", "-Xptxas", "-v", "-o", cubinFile, ptxPath]);
  result.ptxasLog = back.stderr;
  result.diagnostics.push(...parseNvccDiagnostics(back.stderr));
  if (back.spawnError || back.code !== 0) {
    if (!result.diagnostics.some((d) => d.severity === "error")) {
      result.diagnostics.push({
        severity: "error",
        stage: "ptxas",
        message: back.spawnError ?? `ptxas step exited with ${back.code}`,
        file: ptxPath
      });
    }
    return result;
  }
  const parsed2 = parsePtxasLog(back.stderr, ptxPath);
  result.diagnostics.push(...parsed2.diagnostics.filter((d) => d.severity !== "note"));
  applyLaunchBounds(parsed2.kernels, result.ptx);
  result.resources = parsed2.kernels;
  if (request.cubin === false) await rm(cubinFile, { force: true });
  else result.cubinPath = cubinFile;
  result.ok = true;
  return result;
}

// src/toolchain/includes.ts
import { existsSync, readFileSync, statSync } from "node:fs";
import path4 from "node:path";
var INCLUDE = /^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"/gm;
function resolveInclude(target, fromDir, includeDirs) {
  for (const dir of [fromDir, ...includeDirs]) {
    const candidate = path4.resolve(dir, target);
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}
function withoutComments(source) {
  return source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")).replace(/\/\/[^\n]*/g, "");
}
function includeGraph(source, includeDirs = []) {
  const dirs = includeDirs.map((d) => path4.resolve(d));
  const seen = /* @__PURE__ */ new Set();
  const pending = [path4.resolve(source)];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    let text2;
    try {
      text2 = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const match of withoutComments(text2).matchAll(INCLUDE)) {
      const resolved = resolveInclude(match[1], path4.dirname(file), dirs);
      if (resolved && !seen.has(resolved)) pending.push(resolved);
    }
  }
  return seen;
}

export {
  demangle,
  parsePtxasLog,
  readCubin,
  readSassLinesFile,
  launchBoundsFromPtx,
  assemblePtx,
  findNvcc,
  compileCuda,
  includeGraph
};
