import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);
import {
  computeCliffs,
  computeOccupancy,
  occupancyCurve
} from "./chunk-JDTKYLUX.js";
import {
  demangle
} from "./chunk-AV3RR6WT.js";
import {
  overSizeLimit
} from "./chunk-R5MDRTYS.js";

// src/ptx/opcode-trie.ts
var ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789.:_";
var WIDTH = ALPHABET.length + 1;
var SYMBOL = new Uint8Array(128);
for (let i = 0; i < ALPHABET.length; i++) SYMBOL[ALPHABET.charCodeAt(i)] = i + 1;
var next = new Int32Array(WIDTH * 512);
var infos = [void 0];
var nodes = 1;
function rememberOpcode(word, info) {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c >= 128 || SYMBOL[c] === 0) return;
  }
  let node = 0;
  for (let i = 0; i < word.length; i++) {
    const slot = node * WIDTH + SYMBOL[word.charCodeAt(i)];
    let child = next[slot];
    if (child === 0) {
      child = nodes++;
      infos.push(void 0);
      if (nodes * WIDTH > next.length) {
        const grown = new Int32Array(next.length * 2);
        grown.set(next);
        next = grown;
      }
      next[slot] = child;
    }
    node = child;
  }
  infos[node] = info;
}
function walkOpcode(text, start) {
  let node = 0;
  let p = start;
  const table = next;
  for (; ; ) {
    const c = text.charCodeAt(p);
    if (!(c < 128)) break;
    const symbol2 = SYMBOL[c];
    if (symbol2 === 0) break;
    const child = table[node * WIDTH + symbol2];
    if (child === 0) break;
    node = child;
    p++;
  }
  walkedNode = node;
  return p;
}
var walkedNode = 0;
function walkedOpcode() {
  return infos[walkedNode];
}

// src/ptx/opcodes.ts
var KNOWN_MNEMONICS = /* @__PURE__ */ new Set([
  // integer and floating-point arithmetic
  "add",
  "sub",
  "mul",
  "mad",
  "mul24",
  "mad24",
  "sad",
  "div",
  "rem",
  "abs",
  "neg",
  "min",
  "max",
  "popc",
  "clz",
  "bfind",
  "fns",
  "brev",
  "bfe",
  "bfi",
  "bmsk",
  "szext",
  "dp4a",
  "dp2a",
  "addc",
  "subc",
  "madc",
  "fma",
  "rcp",
  "sqrt",
  "rsqrt",
  "sin",
  "cos",
  "lg2",
  "ex2",
  "tanh",
  "testp",
  "copysign",
  "mad.hi",
  "mul.hi",
  // logic, shift, compare, select
  "and",
  "or",
  "xor",
  "not",
  "cnot",
  "lop3",
  "shf",
  "shl",
  "shr",
  "setp",
  "set",
  "selp",
  "slct",
  // data movement and conversion
  "mov",
  "cvt",
  "cvta",
  "prmt",
  "ld",
  "ldu",
  "st",
  "prefetch",
  "prefetchu",
  "isspacep",
  "shfl",
  "ldmatrix",
  "stmatrix",
  "movmatrix",
  "cp",
  "multimem",
  "st.async",
  "red.async",
  "applypriority",
  "discard",
  "createpolicy",
  "getctarank",
  "mapa",
  "alloca",
  "stacksave",
  "stackrestore",
  // atomics
  "atom",
  "red",
  // texture and surface
  "tex",
  "tld4",
  "txq",
  "suld",
  "sust",
  "sured",
  "suq",
  "istypep",
  // control flow
  "bra",
  "brx",
  "call",
  "ret",
  "exit",
  // synchronisation and communication
  "bar",
  "barrier",
  "membar",
  "fence",
  "mbarrier",
  "vote",
  "match",
  "activemask",
  "redux",
  "elect",
  "griddepcontrol",
  "elect",
  "setmaxnreg",
  "clusterlaunchcontrol",
  // tensor cores
  "wmma",
  "mma",
  "wgmma",
  "tcgen05",
  // miscellaneous
  "nanosleep",
  "trap",
  "brkpt",
  "pmevent",
  "tensormap"
]);
var opcodeCache = /* @__PURE__ */ new Map();
function canonical(text) {
  const holder = {};
  holder[text] = true;
  return Object.keys(holder)[0];
}
function opcodeInfo(opcode) {
  let info = opcodeCache.get(opcode);
  if (info === void 0) {
    const parts = opcode.split(".").map(canonical);
    const mnemonic = parts[0];
    info = { opcode: canonical(opcode), mnemonic, modifiers: parts.slice(1), known: KNOWN_MNEMONICS.has(mnemonic) };
    Object.freeze(info.modifiers);
    opcodeCache.set(opcode, info);
  }
  return info;
}

// src/ptx/lexer.ts
var C_TAB = 9;
var C_LF = 10;
var C_CR = 13;
var C_SPACE = 32;
var C_BANG = 33;
var C_QUOTE = 34;
var C_DOLLAR = 36;
var C_PERCENT = 37;
var C_LPAREN = 40;
var C_RPAREN = 41;
var C_STAR = 42;
var C_PLUS = 43;
var C_COMMA = 44;
var C_MINUS = 45;
var C_DOT = 46;
var C_SLASH = 47;
var C_0 = 48;
var C_9 = 57;
var C_COLON = 58;
var C_SEMI = 59;
var C_LT = 60;
var C_EQ = 61;
var C_GT = 62;
var C_AT = 64;
var C_LBRACKET = 91;
var C_RBRACKET = 93;
var C_UNDERSCORE = 95;
var C_LBRACE = 123;
var C_PIPE = 124;
var C_RBRACE = 125;
var IDENT_CHAR = 1;
var WORD_CHAR = 2;
var CHAR_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ident = c >= 97 && c <= 122 || c >= 65 && c <= 90 || c >= 48 && c <= 57 || c === 95 || c === 36;
  CHAR_CLASS[c] = (ident ? IDENT_CHAR | WORD_CHAR : 0) | (c === 46 || c === 37 ? WORD_CHAR : 0);
}
function isIdentStart(c) {
  return c >= 97 && c <= 122 || c >= 65 && c <= 90 || c === C_UNDERSCORE || c === C_DOLLAR || c === C_PERCENT;
}
function isIdentChar(c) {
  return c < 128 && (CHAR_CLASS[c] & IDENT_CHAR) !== 0;
}
function isWordChar(c) {
  return c < 128 && (CHAR_CLASS[c] & WORD_CHAR) !== 0;
}
function isDigit(c) {
  return c >= C_0 && c <= C_9;
}
var f32View = new Float32Array(1);
var f32Bits = new Uint32Array(f32View.buffer);
var f64View = new Float64Array(1);
var f64Bits = new Uint32Array(f64View.buffer);
var PtxLexer = class {
  constructor(text) {
    this.text = text;
    this.len = text.length;
  }
  text;
  pos = 0;
  line = 1;
  lineStart = 0;
  len;
  errors = [];
  /** The function being parsed, named in errors. */
  functionName = null;
  /** Decimal integer immediates by value (see readSmallInteger). */
  positiveIntegers = /* @__PURE__ */ new Map();
  negativeIntegers = /* @__PURE__ */ new Map();
  /** nvcc virtual registers (%r12, %rd3) by their letters, then by their number (see readVirtualRegister). */
  virtualRegisters = [];
  wordKeys = new Int32Array(1024);
  wordEntries = new Array(1024);
  wordCount = 0;
  /**
   * Reads a word (as readWord) and returns its interned entry, without making a string for
   * words seen before: an open-addressing table keyed by a hash of the characters.
   */
  readWordEntry() {
    const text = this.text;
    const start = this.pos;
    let hash = 5381;
    let p = start;
    while (p < this.len) {
      const c = text.charCodeAt(p);
      if (isWordChar(c)) {
        hash = Math.imul(hash, 33) ^ c | 0;
        p++;
      } else if (c === C_COLON && text.charCodeAt(p + 1) === C_COLON) {
        hash = Math.imul(hash, 33) ^ c | 0;
        p += 2;
      } else break;
    }
    this.pos = p;
    const length = p - start;
    const mask = this.wordKeys.length - 1;
    let slot = hash & mask;
    for (; ; ) {
      const entry2 = this.wordEntries[slot];
      if (entry2 === void 0) break;
      if (this.wordKeys[slot] === hash && entry2.name.length === length) {
        const name = entry2.name;
        let same = true;
        for (let i = 0; i < length; i++) {
          if (name.charCodeAt(i) !== text.charCodeAt(start + i)) {
            same = false;
            break;
          }
        }
        if (same) return entry2;
      }
      slot = slot + 1 & mask;
    }
    const entry = { name: text.slice(start, p), operand: null, info: null, addresses: null };
    this.wordKeys[slot] = hash;
    this.wordEntries[slot] = entry;
    if (++this.wordCount * 2 > this.wordKeys.length) this.growWordTable();
    return entry;
  }
  growWordTable() {
    const oldKeys = this.wordKeys;
    const oldEntries = this.wordEntries;
    this.wordKeys = new Int32Array(oldKeys.length * 2);
    this.wordEntries = new Array(oldKeys.length * 2);
    const mask = this.wordKeys.length - 1;
    for (let i = 0; i < oldKeys.length; i++) {
      const entry = oldEntries[i];
      if (entry === void 0) continue;
      let slot = oldKeys[i] & mask;
      while (this.wordEntries[slot] !== void 0) slot = slot + 1 & mask;
      this.wordKeys[slot] = oldKeys[i];
      this.wordEntries[slot] = entry;
    }
  }
  /**
   * Fast path for nvcc's virtual registers `%<1-3 lowercase letters><decimal>` (%r12, %rd3,
   * %fd7, %p1): an integer key from the letters and the number, no hashing of characters.
   * Anything else (%tid.x, %r1|%p2 pairs are fine, names with '_' or '.') returns null.
   */
  readVirtualRegister() {
    const text = this.text;
    let p = this.pos;
    if (text.charCodeAt(p) !== C_PERCENT) return null;
    p++;
    let prefix = 0;
    let letters = 0;
    for (; ; ) {
      const c = text.charCodeAt(p);
      if (c >= 97 && c <= 122 && letters < 3) {
        prefix = prefix * 27 + (c - 96);
        letters++;
        p++;
      } else break;
    }
    if (letters === 0) return null;
    const digitsStart = p;
    let number = 0;
    for (; ; ) {
      const c = text.charCodeAt(p);
      if (c >= C_0 && c <= C_9 && p - digitsStart < 7) {
        number = number * 10 + (c - C_0);
        p++;
      } else break;
    }
    if (p === digitsStart || isIdentChar(text.charCodeAt(p)) || text.charCodeAt(p) === C_DOT) return null;
    if (text.charCodeAt(digitsStart) === C_0 && p - digitsStart > 1) return null;
    let byNumber = this.virtualRegisters[prefix];
    if (byNumber === void 0) byNumber = this.virtualRegisters[prefix] = [];
    let operand = byNumber[number];
    if (operand === void 0) {
      operand = { kind: "register", name: text.slice(this.pos, p) };
      byNumber[number] = operand;
    }
    this.pos = p;
    return operand;
  }
  column() {
    return this.pos - this.lineStart + 1;
  }
  error(message, line = this.line, column = this.column()) {
    this.errors.push({ message, line, column, functionName: this.functionName });
  }
  /** Skips blanks, newlines and comments. */
  skipTrivia() {
    const text = this.text;
    const len = this.len;
    let p = this.pos;
    while (p < len) {
      const c = text.charCodeAt(p);
      if (c === C_SPACE || c === C_TAB || c === C_CR) {
        p++;
      } else if (c === C_LF) {
        p++;
        this.line++;
        this.lineStart = p;
      } else if (c === C_SLASH && text.charCodeAt(p + 1) === C_SLASH) {
        while (p < len && text.charCodeAt(p) !== C_LF) p++;
      } else if (c === C_SLASH && text.charCodeAt(p + 1) === C_STAR) {
        p += 2;
        while (p < len && !(text.charCodeAt(p) === C_STAR && text.charCodeAt(p + 1) === C_SLASH)) {
          if (text.charCodeAt(p) === C_LF) {
            this.line++;
            this.lineStart = p + 1;
          }
          p++;
        }
        p = Math.min(len, p + 2);
      } else {
        break;
      }
    }
    this.pos = p;
  }
  /** Skips blanks and comments on the current line only. */
  skipBlanks() {
    const text = this.text;
    const len = this.len;
    let p = this.pos;
    while (p < len) {
      const c = text.charCodeAt(p);
      if (c === C_SPACE || c === C_TAB || c === C_CR) p++;
      else if (c === C_SLASH && text.charCodeAt(p + 1) === C_SLASH) {
        while (p < len && text.charCodeAt(p) !== C_LF) p++;
      } else break;
    }
    this.pos = p;
  }
  /** A word: '.' or identifier characters, and '::' scopes (ld.shared::cta). */
  readWord() {
    const text = this.text;
    const start = this.pos;
    while (this.pos < this.len) {
      const c = text.charCodeAt(this.pos);
      if (isWordChar(c)) this.pos++;
      else if (c === C_COLON && text.charCodeAt(this.pos + 1) === C_COLON) this.pos += 2;
      else break;
    }
    return text.slice(start, this.pos);
  }
  restOfLine() {
    const text = this.text;
    const start = this.pos;
    while (this.pos < this.len && text.charCodeAt(this.pos) !== C_LF) this.pos++;
    let end = this.pos;
    for (let i = start; i + 1 < end; i++) {
      if (text.charCodeAt(i) === C_SLASH && text.charCodeAt(i + 1) === C_SLASH) {
        end = i;
        break;
      }
    }
    return text.slice(start, end);
  }
  readInteger() {
    const text = this.text;
    const start = this.pos;
    let value = 0;
    let p = start;
    while (p < this.len) {
      const c = text.charCodeAt(p);
      if (c < C_0 || c > C_9) break;
      value = value * 10 + (c - C_0);
      p++;
    }
    if (p > start && p - start < 16 && !isIdentChar(text.charCodeAt(p))) {
      this.pos = p;
      return value;
    }
    if (text.charCodeAt(this.pos) === C_MINUS) this.pos++;
    while (this.pos < this.len && isIdentChar(text.charCodeAt(this.pos))) this.pos++;
    if (this.pos === start) return null;
    const parsed = Number(text.slice(start, this.pos));
    return Number.isFinite(parsed) ? parsed : null;
  }
  /** Skips to just after the next ';' at brace depth 0 (or stops before an unmatched '}'). */
  skipStatement() {
    const text = this.text;
    let depth = 0;
    while (this.pos < this.len) {
      const c = text.charCodeAt(this.pos);
      if (c === C_LF) {
        this.line++;
        this.lineStart = this.pos + 1;
      } else if (c === C_QUOTE) {
        this.skipString();
        continue;
      } else if (c === C_LBRACE) depth++;
      else if (c === C_RBRACE) {
        if (depth === 0) return;
        depth--;
      } else if (c === C_SEMI && depth === 0) {
        this.pos++;
        return;
      }
      this.pos++;
    }
  }
  skipString() {
    const text = this.text;
    this.pos++;
    while (this.pos < this.len) {
      const c = text.charCodeAt(this.pos);
      if (c === C_QUOTE) {
        this.pos++;
        return;
      }
      if (c === C_LF) return;
      if (c === 92) this.pos++;
      this.pos++;
    }
  }
  skipSection() {
    const text = this.text;
    while (this.pos < this.len && text.charCodeAt(this.pos) !== C_LBRACE && text.charCodeAt(this.pos) !== C_LF) this.pos++;
    this.skipTrivia();
    if (text.charCodeAt(this.pos) !== C_LBRACE) return;
    let depth = 0;
    while (this.pos < this.len) {
      const c = text.charCodeAt(this.pos);
      if (c === C_LF) {
        this.line++;
        this.lineStart = this.pos + 1;
      } else if (c === C_LBRACE) depth++;
      else if (c === C_RBRACE && --depth === 0) {
        this.pos++;
        return;
      }
      this.pos++;
    }
    this.error("unterminated .section (missing '}')");
  }
  atOperandEnd() {
    const c = this.text.charCodeAt(this.pos);
    return c === C_COMMA || c === C_SEMI || c === C_RBRACE || c === C_RPAREN || c === C_LF;
  }
  /**
   * A decimal literal of 1-9 digits without a leading zero (or "0") that ends the word, as
   * an interned immediate whose text is its canonical spelling; null (position unchanged)
   * for anything else, which the word path reads. "-0" is left to it too (value -0).
   */
  readSmallInteger(negative) {
    const text = this.text;
    const start = this.pos;
    let p = start;
    let value = 0;
    for (; ; ) {
      const c = text.charCodeAt(p);
      if (c >= C_0 && c <= C_9) {
        value = value * 10 + (c - C_0);
        p++;
      } else break;
    }
    const digits = p - start;
    if (digits === 0 || digits > 9 || digits > 1 && text.charCodeAt(start) === C_0 || negative && value === 0) return null;
    const next2 = text.charCodeAt(p);
    if (isWordChar(next2) || next2 === C_COLON && text.charCodeAt(p + 1) === C_COLON) return null;
    const cache = negative ? this.negativeIntegers : this.positiveIntegers;
    let operand = cache.get(value);
    if (operand === void 0) {
      operand = { kind: "immediate", value: negative ? -value : value, text: negative ? "-" + String(value) : String(value) };
      cache.set(value, operand);
    }
    this.pos = p;
    return operand;
  }
  /**
   * The opcode info of the word here when it is a known opcode (see opcode-trie.ts), with
   * the position after it; null (position unchanged) otherwise.
   */
  readKnownOpcode() {
    const text = this.text;
    const end = walkOpcode(text, this.pos);
    const c = text.charCodeAt(end);
    if (isWordChar(c) || c === C_COLON && text.charCodeAt(end + 1) === C_COLON) return null;
    const info = walkedOpcode();
    if (info === void 0) return null;
    this.pos = end;
    return info;
  }
  isHexLiteral(start) {
    const text = this.text;
    const s = text.charCodeAt(start) === C_MINUS ? start + 1 : start;
    const x = text.charCodeAt(s + 1) | 32;
    return text.charCodeAt(s) === C_0 && (x === 120 || x === 102 || x === 100);
  }
};
function immediateValue(literal, negative = literal.startsWith("-")) {
  const body = negative ? literal.slice(1) : literal;
  let value;
  const prefix = body.length > 2 && body.charCodeAt(0) === C_0 ? body.charCodeAt(1) | 32 : 0;
  if (prefix === 102 && body.length === 10) {
    f32Bits[0] = parseInt(body.slice(2), 16);
    value = f32View[0];
  } else if (prefix === 100 && body.length === 18) {
    f64Bits[1] = parseInt(body.slice(2, 10), 16);
    f64Bits[0] = parseInt(body.slice(10), 16);
    value = f64View[0];
  } else if (prefix === 120) {
    value = parseInt(body.slice(2).replace(/[uU]$/, ""), 16);
  } else {
    const last = body.charCodeAt(body.length - 1) | 32;
    value = Number(last === 117 ? body.slice(0, -1) : body);
  }
  return negative ? -value : value;
}
function decodePtxString(raw) {
  if (!raw.includes("\\")) return raw;
  const parts = [];
  let last = 0;
  for (const match of raw.matchAll(/\\([0-7]{3}|[\s\S])/g)) {
    parts.push(Buffer.from(raw.slice(last, match.index), "utf8"));
    const escape = match[1];
    parts.push(escape.length === 3 ? Buffer.from([parseInt(escape, 8)]) : Buffer.from(PTX_ESCAPES[escape] ?? escape, "utf8"));
    last = match.index + match[0].length;
  }
  parts.push(Buffer.from(raw.slice(last), "utf8"));
  return Buffer.concat(parts).toString("utf8");
}
var PTX_ESCAPES = { n: "\n", t: "	" };

// src/ptx/grammar.ts
var PREDEFINED_CONSTANTS = /* @__PURE__ */ new Map([["WARP_SZ", 32]]);
var TYPE_SIZES = {
  b8: 1,
  u8: 1,
  s8: 1,
  b16: 2,
  u16: 2,
  s16: 2,
  f16: 2,
  bf16: 2,
  b32: 4,
  u32: 4,
  s32: 4,
  f32: 4,
  f16x2: 4,
  bf16x2: 4,
  tf32: 4,
  b64: 8,
  u64: 8,
  s64: 8,
  f64: 8,
  b128: 16,
  pred: 1,
  e4m3: 1,
  e5m2: 1
};
var VARIABLE_SPACES = /* @__PURE__ */ new Set(["global", "shared", "local", "const", "param", "tex", "surf", "reg"]);
var PtxGrammar = class extends PtxLexer {
  /** Every `.loc` object made, so `.file` names (emitted at the end by nvcc 13) can be filled in afterwards. */
  locations = [];
  currentSource = null;
  module = { version: null, target: [], addressSize: null, files: /* @__PURE__ */ new Map(), globals: [], functions: [] };
  // Operands are immutable and repeat a lot (registers, immediates, addresses): one object
  // per distinct spelling keeps the AST small and the garbage collector idle.
  immediates = /* @__PURE__ */ new Map();
  plainLocations = /* @__PURE__ */ new Map();
  /** The plain location looked up last, and its key. */
  lastLocationKey = -1;
  lastLocation = null;
  /** Guards of fast-path registers (see guardOf). */
  guards = /* @__PURE__ */ new Map();
  negatedGuards = /* @__PURE__ */ new Map();
  /** Operands of the instruction being parsed (reused; see parseInstruction). */
  operandScratch = [];
  /** Address operands [%reg+offset] of fast-path registers, by register operand then offset. */
  registerAddresses = /* @__PURE__ */ new Map();
  parse() {
    const text = this.text;
    let linkage = null;
    let externVar = false;
    for (; ; ) {
      this.skipTrivia();
      if (this.pos >= this.len) break;
      const c = text.charCodeAt(this.pos);
      if (c !== C_DOT) {
        this.error(c === C_RBRACE ? "unexpected '}' at module scope" : `unexpected '${text[this.pos]}' at module scope`);
        if (c === C_RBRACE) this.pos++;
        else this.skipStatement();
        linkage = null;
        continue;
      }
      const startLine = this.line, startColumn = this.column();
      const directive = this.readWord();
      switch (directive) {
        case ".version":
          this.module.version = this.restOfLine().trim();
          break;
        case ".target":
          this.module.target = this.restOfLine().split(",").map((t) => t.trim()).filter((t) => t.length > 0);
          break;
        case ".address_size":
          this.module.addressSize = Number(this.restOfLine().trim()) || null;
          break;
        case ".file":
          this.parseFile();
          break;
        case ".loc":
          this.parseLoc();
          break;
        case ".visible":
          linkage = "visible";
          continue;
        case ".weak":
          linkage = "weak";
          continue;
        case ".extern":
          linkage = "extern";
          externVar = true;
          continue;
        case ".common":
          continue;
        case ".entry":
        case ".func":
          this.parseFunction(directive === ".entry" ? "entry" : "func", linkage, startLine, startColumn);
          break;
        case ".section":
          this.skipSection();
          break;
        case ".pragma":
        case ".alias":
          this.skipStatement();
          break;
        default: {
          const space = directive.slice(1);
          if (VARIABLE_SPACES.has(space)) {
            const decl = this.parseVariable(space, externVar, startLine, startColumn);
            if (decl) this.module.globals.push(decl);
          } else {
            this.error(`unknown directive '${directive}'`, startLine, startColumn);
            this.skipStatement();
          }
        }
      }
      linkage = null;
      externVar = false;
    }
    for (const loc of this.locations) loc.file = this.module.files.get(loc.fileIndex) ?? null;
  }
  /** A register or symbol operand read at the current position, one object per spelling. */
  readNameOperand() {
    const fast = this.readVirtualRegister();
    if (fast !== null) return fast;
    return this.nameOperand(this.text.charCodeAt(this.pos) === C_PERCENT, this.readWordEntry());
  }
  nameOperand(isRegister, entry) {
    if (entry.operand === null) {
      const predefined = isRegister ? void 0 : PREDEFINED_CONSTANTS.get(entry.name);
      entry.operand = entry.name === "_" ? { kind: "sink" } : isRegister ? { kind: "register", name: entry.name } : predefined !== void 0 ? { kind: "immediate", value: predefined, text: entry.name } : { kind: "symbol", name: entry.name };
    }
    return entry.operand;
  }
  /** The guard `@reg` / `@!reg` of a fast-path register, one object per register and sign. */
  guardOf(register, negated) {
    const guards = negated ? this.negatedGuards : this.guards;
    let guard = guards.get(register);
    if (guard === void 0) {
      guard = { register: register.name, negated };
      guards.set(register, guard);
    }
    return guard;
  }
  parseFile() {
    this.skipBlanks();
    const index = this.readInteger();
    this.skipBlanks();
    const text = this.text;
    if (index === null || text.charCodeAt(this.pos) !== C_QUOTE) {
      this.error('malformed .file directive (expected: .file INDEX "NAME")');
      this.restOfLine();
      return;
    }
    const start = this.pos + 1;
    this.skipString();
    this.module.files.set(index, decodePtxString(text.slice(start, this.pos - 1)));
    this.restOfLine();
  }
  /** `.loc F L C` optionally followed by `, function_name LABEL, inlined_at F L C`. */
  parseLoc() {
    const line = this.line, column = this.column();
    this.skipBlanks();
    const fileIndex = this.readInteger();
    this.skipBlanks();
    const lineNumber = this.readInteger();
    this.skipBlanks();
    const col = this.readInteger();
    const restStart = this.pos;
    let hasMore = false;
    while (this.pos < this.len) {
      const c = this.text.charCodeAt(this.pos);
      if (c === C_LF) break;
      if (c === C_COMMA) hasMore = true;
      this.pos++;
    }
    const rest = hasMore ? this.text.slice(restStart, this.pos) : "";
    if (fileIndex === null || lineNumber === null) {
      this.error("malformed .loc directive (expected: .loc FILE LINE COLUMN)", line, column);
      return;
    }
    if (lineNumber === 0) {
      this.currentSource = null;
      return;
    }
    if (!hasMore) {
      const key2 = (fileIndex * 1048576 + lineNumber) * 4096 + ((col ?? 0) & 4095);
      if (key2 === this.lastLocationKey && this.lastLocation !== null) {
        this.currentSource = this.lastLocation;
        return;
      }
      let shared = this.plainLocations.get(key2);
      if (shared === void 0) {
        shared = { file: null, fileIndex, line: lineNumber, column: col ?? 0 };
        this.plainLocations.set(key2, shared);
        this.locations.push(shared);
      }
      this.lastLocationKey = key2;
      this.lastLocation = shared;
      this.currentSource = shared;
      return;
    }
    const loc = { file: null, fileIndex, line: lineNumber, column: col ?? 0 };
    const inlined = rest.indexOf("inlined_at");
    if (inlined >= 0) {
      const parts = rest.slice(inlined + 10).trim().split(/\s+/).map(Number);
      if (parts.length >= 2 && Number.isFinite(parts[0]) && Number.isFinite(parts[1]) && parts[1] > 0) {
        const outer = { file: null, fileIndex: parts[0], line: parts[1], column: Number.isFinite(parts[2]) ? parts[2] : 0 };
        loc.inlinedAt = outer;
        this.locations.push(outer);
        (this.module.inlineCalls ??= /* @__PURE__ */ new Map()).set(`${fileIndex}:${lineNumber}:${col ?? 0}`, outer);
      }
    }
    this.locations.push(loc);
    this.currentSource = loc;
  }
  /** Variable declaration after its state-space word, up to ';' (initialisers skipped). */
  parseVariable(stateSpace, isExtern, line, column) {
    const text = this.text;
    let alignment = null;
    let type = "";
    let vectorWidth2 = 1;
    let name = "";
    const dimensions = [];
    for (; ; ) {
      this.skipTrivia();
      if (this.pos >= this.len) break;
      const c = text.charCodeAt(this.pos);
      if (c === C_SEMI) {
        this.pos++;
        break;
      }
      if (c === C_EQ) {
        this.skipStatement();
        break;
      }
      if (c === C_LBRACKET) {
        this.pos++;
        this.skipBlanks();
        if (text.charCodeAt(this.pos) === C_RBRACKET) dimensions.push(-1);
        else dimensions.push(this.readInteger() ?? -1);
        this.skipBlanks();
        if (text.charCodeAt(this.pos) === C_RBRACKET) this.pos++;
        else {
          this.error("expected ']' in array declaration");
          this.skipStatement();
          return null;
        }
        continue;
      }
      if (c === C_DOT) {
        const word = this.readWord();
        if (word === ".align") {
          this.skipBlanks();
          alignment = this.readInteger();
        } else if (word === ".v2" || word === ".v4" || word === ".v8") vectorWidth2 = Number(word.slice(2));
        else if (!word.startsWith(".ptr")) type = word.slice(1);
        continue;
      }
      if (isIdentStart(c)) {
        name = this.readWord();
        if (text.charCodeAt(this.pos) === C_LT) {
          while (this.pos < this.len && text.charCodeAt(this.pos) !== C_GT) this.pos++;
          this.pos++;
        }
        continue;
      }
      if (c === C_COMMA) {
        this.skipStatement();
        break;
      }
      this.error(`unexpected '${text[this.pos]}' in ${stateSpace} declaration`);
      this.skipStatement();
      return null;
    }
    if (!name) {
      this.error(`${stateSpace} declaration without a name`, line, column);
      return null;
    }
    const elementSize = TYPE_SIZES[type];
    let sizeBytes = elementSize === void 0 ? null : elementSize * vectorWidth2;
    for (const d of dimensions) sizeBytes = sizeBytes === null || d < 0 ? null : sizeBytes * d;
    return {
      kind: "var",
      stateSpace,
      type: vectorWidth2 > 1 ? `v${vectorWidth2}.${type}` : type,
      name,
      dimensions,
      alignment,
      sizeBytes,
      isExtern,
      position: { line, column }
    };
  }
  parseFunction(kind, visibility, line, column) {
    const text = this.text;
    const fn = {
      kind,
      name: "",
      visibility,
      params: [],
      returns: [],
      directives: {},
      body: [],
      hasBody: false,
      position: { line, column },
      endPosition: { line, column }
    };
    this.skipTrivia();
    if (kind === "func" && text.charCodeAt(this.pos) === C_LPAREN) fn.returns = this.parseParams();
    this.skipTrivia();
    if (!isIdentStart(text.charCodeAt(this.pos))) {
      this.error(`expected a name after .${kind}`);
      this.skipStatement();
      return;
    }
    fn.name = this.readWord();
    this.functionName = fn.name;
    this.skipTrivia();
    if (text.charCodeAt(this.pos) === C_LPAREN) fn.params = this.parseParams();
    for (; ; ) {
      this.skipTrivia();
      if (this.pos >= this.len) break;
      const c = text.charCodeAt(this.pos);
      if (c === C_LBRACE || c === C_SEMI) break;
      if (c !== C_DOT) {
        this.error(`unexpected '${text[this.pos]}' in the header of ${fn.name}`);
        this.skipStatement();
        this.module.functions.push(fn);
        this.functionName = null;
        return;
      }
      const word = this.readWord();
      if (word === ".pragma") {
        this.skipStatement();
        continue;
      }
      const values = [];
      for (; ; ) {
        this.skipBlanks();
        if (!isDigit(text.charCodeAt(this.pos))) break;
        const v = this.readInteger();
        if (v !== null) values.push(v);
        this.skipBlanks();
        if (text.charCodeAt(this.pos) === C_COMMA) this.pos++;
        else break;
      }
      fn.directives[word.slice(1)] = values;
    }
    if (text.charCodeAt(this.pos) === C_SEMI) {
      this.pos++;
    } else if (text.charCodeAt(this.pos) === C_LBRACE) {
      this.pos++;
      fn.hasBody = true;
      this.parseBody(fn);
    } else {
      this.error(`missing body or ';' for ${fn.name}`);
    }
    fn.endPosition = { line: this.line, column: this.column() };
    this.module.functions.push(fn);
    this.functionName = null;
  }
  parseParams() {
    const text = this.text;
    const params = [];
    this.pos++;
    for (; ; ) {
      this.skipTrivia();
      if (this.pos >= this.len) {
        this.error("unterminated parameter list (missing ')')");
        return params;
      }
      const c = text.charCodeAt(this.pos);
      if (c === C_RPAREN) {
        this.pos++;
        return params;
      }
      if (c === C_COMMA) {
        this.pos++;
        continue;
      }
      const param = this.parseParam();
      if (param) params.push(param);
      else {
        while (this.pos < this.len && text.charCodeAt(this.pos) !== C_COMMA && text.charCodeAt(this.pos) !== C_RPAREN) {
          if (text.charCodeAt(this.pos) === C_LF) {
            this.line++;
            this.lineStart = this.pos + 1;
          }
          this.pos++;
        }
      }
    }
  }
  parseParam() {
    const text = this.text;
    const position = { line: this.line, column: this.column() };
    let stateSpace = null;
    let type = "";
    let alignment = null;
    let pointerSpace = null;
    let arraySize = null;
    for (; ; ) {
      this.skipTrivia();
      const c = text.charCodeAt(this.pos);
      if (c === C_DOT) {
        const word = this.readWord();
        if (word === ".param") stateSpace = "param";
        else if (word === ".reg") stateSpace = "reg";
        else if (word === ".align") {
          this.skipBlanks();
          alignment = this.readInteger();
        } else if (word.startsWith(".ptr")) {
          const parts = word.split(".");
          pointerSpace = parts[2] ?? null;
          if (parts[3] === "align") {
            this.skipBlanks();
            alignment = this.readInteger();
          }
        } else type = word.slice(1);
        continue;
      }
      if (isIdentStart(c)) {
        const name = this.readWord();
        if (text.charCodeAt(this.pos) === C_LBRACKET) {
          this.pos++;
          arraySize = this.readInteger();
          while (this.pos < this.len && text.charCodeAt(this.pos) !== C_RBRACKET) this.pos++;
          this.pos++;
        }
        if (stateSpace === null) {
          this.error(`parameter '${name}' has no state space (.param or .reg)`, position.line, position.column);
          return null;
        }
        return { name, type, stateSpace, alignment, arraySize, pointerSpace, position };
      }
      this.error(`unexpected '${text[this.pos] ?? "end of input"}' in parameter list`);
      return null;
    }
  }
  parseBody(fn) {
    const text = this.text;
    const body = fn.body;
    let depth = 1;
    this.currentSource = null;
    for (; ; ) {
      this.skipTrivia();
      if (this.pos >= this.len) {
        this.error(`unterminated body of ${fn.name} (missing '}')`);
        return;
      }
      const c = text.charCodeAt(this.pos);
      if (c === C_RBRACE) {
        this.pos++;
        if (--depth === 0) return;
        continue;
      }
      if (c === C_LBRACE) {
        this.pos++;
        depth++;
        continue;
      }
      const line = this.line, column = this.column();
      if (c === C_DOT) {
        if (text.charCodeAt(this.pos + 1) === 108 && text.charCodeAt(this.pos + 2) === 111 && text.charCodeAt(this.pos + 3) === 99 && !isIdentChar(text.charCodeAt(this.pos + 4))) {
          this.pos += 4;
          this.parseLoc();
          continue;
        }
        const word = this.readWord();
        if (word === ".loc") this.parseLoc();
        else if (word === ".reg") this.parseRegisters(body, line, column);
        else if (word === ".pragma") body.push(this.parsePragma(line, column));
        else if (word === ".file") this.parseFile();
        else {
          const space = word.slice(1);
          if (VARIABLE_SPACES.has(space)) {
            const decl = this.parseVariable(space, false, line, column);
            if (decl) body.push(decl);
          } else {
            this.error(`unknown directive '${word}' in ${fn.name}`, line, column);
            this.skipStatement();
          }
        }
        continue;
      }
      if (c === C_AT) {
        const instruction = this.parseInstruction(line, column);
        if (instruction) body.push(instruction);
        continue;
      }
      if (isIdentStart(c)) {
        const start = this.pos;
        const known2 = this.readKnownOpcode();
        if (known2 !== null) {
          this.skipBlanks();
          if (text.charCodeAt(this.pos) !== C_COLON) {
            const instruction2 = this.parseInstruction(line, column, start, null, known2);
            if (instruction2) body.push(instruction2);
            continue;
          }
          this.pos = start;
        }
        const word = this.readWordEntry();
        const afterWord = this.pos;
        this.skipBlanks();
        if (text.charCodeAt(this.pos) === C_COLON) {
          this.pos++;
          this.skipTrivia();
          if (text.startsWith(".callprototype", this.pos) || text.startsWith(".branchtargets", this.pos)) this.skipStatement();
          else body.push({ kind: "label", name: word.name, position: { line, column } });
          continue;
        }
        this.pos = afterWord;
        const instruction = this.parseInstruction(line, column, start, word);
        if (instruction) body.push(instruction);
        continue;
      }
      this.error(`unexpected '${text[this.pos]}' in ${fn.name}`, line, column);
      this.skipStatement();
    }
  }
  /** `.reg .b32 %r<12>;` or `.reg .pred p, q;` */
  parseRegisters(body, line, column) {
    const text = this.text;
    let type = "";
    for (; ; ) {
      this.skipTrivia();
      if (this.pos >= this.len) return;
      const c = text.charCodeAt(this.pos);
      if (c === C_SEMI) {
        this.pos++;
        return;
      }
      if (c === C_COMMA) {
        this.pos++;
        continue;
      }
      if (c === C_DOT) {
        const word = this.readWord();
        type = type ? `${type}.${word.slice(1)}` : word.slice(1);
        continue;
      }
      if (isIdentStart(c)) {
        const name = this.readWord();
        let count = null;
        if (text.charCodeAt(this.pos) === C_LT) {
          this.pos++;
          count = this.readInteger();
          if (text.charCodeAt(this.pos) === C_GT) this.pos++;
          else {
            this.error("expected '>' in register declaration");
            this.skipStatement();
            return;
          }
        }
        body.push({ kind: "reg", type, name, count, position: { line, column } });
        continue;
      }
      this.error(`unexpected '${text[this.pos]}' in .reg declaration`);
      this.skipStatement();
      return;
    }
  }
  parsePragma(line, column) {
    const text = this.text;
    const values = [];
    for (; ; ) {
      this.skipTrivia();
      if (this.pos >= this.len) break;
      const c = text.charCodeAt(this.pos);
      if (c === C_SEMI) {
        this.pos++;
        break;
      }
      if (c === C_QUOTE) {
        const start = this.pos + 1;
        this.skipString();
        values.push(text.slice(start, this.pos - 1));
      } else this.pos++;
    }
    return { kind: "pragma", values, position: { line, column } };
  }
  parseInstruction(line, column, start = this.pos, opcodeWord = null, knownOpcode = null) {
    const text = this.text;
    let guard = null;
    if (opcodeWord === null && knownOpcode === null && text.charCodeAt(this.pos) === C_AT) {
      this.pos++;
      let negated = false;
      if (text.charCodeAt(this.pos) === C_BANG) {
        negated = true;
        this.pos++;
      }
      const register = this.readVirtualRegister();
      if (register !== null) {
        guard = this.guardOf(register, negated);
      } else {
        const word = this.readWordEntry();
        if (!word.name) {
          this.error("expected a predicate register after '@'");
          this.skipStatement();
          return null;
        }
        guard = negated ? word.negatedGuard ??= { register: word.name, negated: true } : word.guard ??= { register: word.name, negated: false };
      }
      this.skipBlanks();
    }
    if (opcodeWord === null && knownOpcode === null && !isIdentStart(text.charCodeAt(this.pos))) {
      this.error(`expected an opcode, found '${text[this.pos] ?? "end of input"}'`);
      this.skipStatement();
      return null;
    }
    let info = knownOpcode ?? (opcodeWord === null ? this.readKnownOpcode() : null);
    if (info === null) {
      const entry = opcodeWord ?? this.readWordEntry();
      info = entry.info ??= opcodeInfo(entry.name);
      rememberOpcode(entry.name, info);
    }
    const opcode = info.opcode;
    const scratch = this.operandScratch;
    let count = 0;
    for (; ; ) {
      this.skipTrivia();
      if (this.pos >= this.len) {
        this.error(`missing ';' after '${opcode}'`, line, column);
        return null;
      }
      const c = text.charCodeAt(this.pos);
      if (c === C_SEMI) break;
      if (c === C_RBRACE) {
        this.error(`missing ';' after '${opcode}'`, line, column);
        return null;
      }
      const operand = this.parseOperand();
      if (operand === null) {
        this.skipStatement();
        return null;
      }
      scratch[count++] = operand;
      this.skipTrivia();
      const next2 = text.charCodeAt(this.pos);
      if (next2 === C_COMMA) this.pos++;
      else if (next2 !== C_SEMI) {
        this.error(`expected ',' or ';' after an operand of '${opcode}', found '${text[this.pos] ?? "end of input"}'`);
        this.skipStatement();
        return null;
      }
    }
    const instruction = new InstructionNode(text, start, line, info, guard, exactCopy(scratch, count), this.currentSource);
    this.pos++;
    return instruction;
  }
  parseOperand() {
    const text = this.text;
    const c = text.charCodeAt(this.pos);
    if (c === C_LBRACE || c === C_LPAREN) {
      const close = c === C_LBRACE ? C_RBRACE : C_RPAREN;
      this.pos++;
      const elements = [];
      for (; ; ) {
        this.skipTrivia();
        if (this.pos >= this.len) {
          this.error(`unterminated operand list (missing '${String.fromCharCode(close)}')`);
          return null;
        }
        const d = text.charCodeAt(this.pos);
        if (d === close) {
          this.pos++;
          return { kind: "vector", elements: exactCopy(elements, elements.length) };
        }
        if (d === C_COMMA) {
          this.pos++;
          continue;
        }
        if (d === C_SEMI) {
          this.error(`unterminated operand list (missing '${String.fromCharCode(close)}')`);
          return null;
        }
        const element = this.parseOperand();
        if (element === null) return null;
        elements.push(element);
      }
    }
    if (c === C_LBRACKET) return this.parseAddress();
    if (c === C_BANG) {
      this.pos++;
      return { kind: "negated-predicate", name: this.readWord() };
    }
    if (c === C_MINUS || isDigit(c)) return this.parseImmediate();
    if (isIdentStart(c)) {
      const start2 = this.pos;
      const operand = this.readNameOperand();
      const next2 = text.charCodeAt(this.pos);
      if (next2 === C_PIPE) {
        this.pos++;
        const second = this.readNameOperand();
        return { kind: "vector", elements: [operand, second] };
      }
      if (next2 === C_PLUS || next2 === C_MINUS) {
        while (this.pos < this.len && !this.atOperandEnd()) this.pos++;
        return { kind: "unknown", text: text.slice(start2, this.pos) };
      }
      return operand;
    }
    const start = this.pos;
    while (this.pos < this.len && !this.atOperandEnd()) this.pos++;
    if (this.pos === start) {
      this.error(`unexpected '${text[this.pos]}' in an operand`);
      return null;
    }
    return { kind: "unknown", text: text.slice(start, this.pos) };
  }
  parseImmediate() {
    const text = this.text;
    const start = this.pos;
    let negative = false;
    if (text.charCodeAt(this.pos) === C_MINUS) {
      negative = true;
      this.pos++;
    }
    const small = this.readSmallInteger(negative);
    if (small !== null) return small;
    const wordStart = this.pos;
    const entry = this.readWordEntry();
    const next2 = text.charCodeAt(this.pos);
    const exponent = (next2 === C_PLUS || next2 === C_MINUS) && (text.charCodeAt(this.pos - 1) | 32) === 101 && !this.isHexLiteral(start);
    if (!exponent && this.pos > wordStart && entry.name.indexOf("%") < 0) {
      if (negative)
        return entry.negative ??= { kind: "immediate", value: immediateValue("-" + entry.name, true), text: "-" + entry.name };
      return entry.immediate ??= { kind: "immediate", value: immediateValue(entry.name, false), text: entry.name };
    }
    while (this.pos < this.len) {
      const c = text.charCodeAt(this.pos);
      if (isIdentChar(c) || c === C_DOT) this.pos++;
      else if ((c === C_PLUS || c === C_MINUS) && (text.charCodeAt(this.pos - 1) | 32) === 101 && !this.isHexLiteral(start)) this.pos++;
      else break;
    }
    const literal = text.slice(start, this.pos);
    let operand = this.immediates.get(literal);
    if (operand === void 0) {
      operand = { kind: "immediate", value: immediateValue(literal, negative), text: literal };
      this.immediates.set(literal, operand);
    }
    return operand;
  }
  parseAddress() {
    const text = this.text;
    const start = this.pos;
    this.pos++;
    this.skipBlanks();
    let base2 = null;
    let baseEntry = null;
    let offset = 0;
    const c = text.charCodeAt(this.pos);
    if (isIdentStart(c)) {
      base2 = this.readVirtualRegister();
      if (base2 === null) {
        baseEntry = this.readWordEntry();
        base2 = this.nameOperand(c === C_PERCENT, baseEntry);
      }
    } else if (isDigit(c) || c === C_MINUS) {
      const imm = this.parseImmediate();
      offset = imm.kind === "immediate" ? imm.value : 0;
    }
    for (; ; ) {
      this.skipBlanks();
      const d = text.charCodeAt(this.pos);
      if (d === C_RBRACKET) {
        this.pos++;
        break;
      }
      if (d === C_PLUS || d === C_MINUS) {
        this.pos++;
        this.skipBlanks();
        const imm = this.parseImmediate();
        const value = imm.kind === "immediate" ? imm.value : NaN;
        if (!Number.isFinite(value)) {
          this.error("malformed address offset");
          return null;
        }
        offset += d === C_MINUS ? -value : value;
        continue;
      }
      if (d === C_COMMA && base2 !== null) {
        const close = text.indexOf("]", this.pos);
        if (close < 0) break;
        this.pos = close + 1;
        return { kind: "address", base: base2, offset, text: text.slice(start, this.pos) };
      }
      this.error(`malformed address operand (expected ']', found '${text[this.pos] ?? "end of input"}')`);
      return null;
    }
    if (base2 === null) return { kind: "address", base: base2, offset, text: text.slice(start, this.pos) };
    let byOffset = baseEntry !== null ? baseEntry.addresses ??= /* @__PURE__ */ new Map() : this.registerAddresses.get(base2);
    if (byOffset === void 0) {
      byOffset = /* @__PURE__ */ new Map();
      this.registerAddresses.set(base2, byOffset);
    }
    let operand = byOffset.get(offset);
    if (operand === void 0) {
      operand = { kind: "address", base: base2, offset, text: text.slice(start, this.pos) };
      byOffset.set(offset, operand);
    }
    return operand;
  }
};
function exactCopy(items, count) {
  switch (count) {
    case 0:
      return [];
    case 1:
      return [items[0]];
    case 2:
      return [items[0], items[1]];
    case 3:
      return [items[0], items[1], items[2]];
    case 4:
      return [items[0], items[1], items[2], items[3]];
    default:
      return items.slice(0, count);
  }
}
var InstructionNode = class {
  constructor(sourceText, start, line, info, guard, operands, source) {
    this.kind = "instruction";
    this.opcode = info.opcode;
    this.mnemonic = info.mnemonic;
    this.modifiers = info.modifiers;
    this.known = info.known;
    this.sourceText = sourceText;
    this.start = start;
    this.line = line;
    this.guard = guard;
    this.operands = operands;
    this.source = source;
  }
  /** Raw text up to (not including) the ';'. */
  get text() {
    const end = this.sourceText.indexOf(";", this.start);
    return this.sourceText.slice(this.start, end < 0 ? this.sourceText.length : end);
  }
  get position() {
    return { line: this.line, column: this.start - this.sourceText.lastIndexOf("\n", this.start - 1) };
  }
  /** Plain-object form (getters included) for JSON. */
  toJSON() {
    const { kind, guard, opcode, mnemonic, modifiers, operands, text, position, source, known: known2 } = this;
    return { kind, guard, opcode, mnemonic, modifiers, operands, text, position, source, known: known2 };
  }
};

// src/ptx/parser.ts
function parsePtx(text, file) {
  const parser = new PtxGrammar(typeof text === "string" ? text : String(text));
  try {
    parser.parse();
  } catch (error) {
    parser.errors.push({
      message: `internal parser error: ${error.message}${file ? ` in ${file}` : ""}`,
      line: 0,
      column: 0,
      functionName: null
    });
  }
  return { module: parser.module, errors: parser.errors };
}

// src/ptx/typed.ts
var SLAB_BYTES = 1 << 16;
var MAX_CARVED_BYTES = SLAB_BYTES >> 3;
var slab = new ArrayBuffer(SLAB_BYTES);
var used = 0;
function carve(bytes) {
  const aligned = bytes + 7 & ~7;
  if (used + aligned > SLAB_BYTES) {
    slab = new ArrayBuffer(SLAB_BYTES);
    used = 0;
  }
  const offset = used;
  used += aligned;
  return offset;
}
function newInt32Array(length) {
  const bytes = length * 4;
  if (bytes > MAX_CARVED_BYTES || bytes === 0) return new Int32Array(length);
  const offset = carve(bytes);
  return new Int32Array(slab, offset, length);
}
function newFloat64Array(length) {
  const bytes = length * 8;
  if (bytes > MAX_CARVED_BYTES || bytes === 0) return new Float64Array(length);
  const offset = carve(bytes);
  return new Float64Array(slab, offset, length);
}

// src/ptx/destinations.ts
var NO_DESTINATION = /* @__PURE__ */ new Set([
  "st",
  "bar",
  "barrier",
  "bra",
  "brx",
  "call",
  "ret",
  "exit",
  "membar",
  "fence",
  "nanosleep",
  "trap",
  "pmevent",
  "setmaxnreg",
  "griddepcontrol",
  "red",
  "prefetch",
  "prefetchu",
  "sust",
  "sured",
  "stmatrix",
  "cp",
  "tensormap"
]);
function destinations(ins) {
  if (NO_DESTINATION.has(ins.mnemonic) || ins.operands.length === 0) return [];
  if (ins.mnemonic === "wmma" && ins.modifiers[0] === "store") return [];
  const first = ins.operands[0];
  if (first.kind === "register") return [first.name];
  if (first.kind === "vector") {
    const names = [];
    for (const e of first.elements) if (e.kind === "register") names.push(e.name);
    return names;
  }
  return [];
}
function noteDestinations(ins, statement, statements, registers) {
  const first = ins.operands[0];
  if (first === void 0) return;
  if (first.kind === "register") {
    if (NO_DESTINATION.has(ins.mnemonic)) return;
    statements.push(statement);
    registers.push(first.name);
  } else if (first.kind === "vector") {
    if (NO_DESTINATION.has(ins.mnemonic)) return;
    if (ins.mnemonic === "wmma" && ins.modifiers[0] === "store") return;
    for (const e of first.elements) {
      if (e.kind !== "register") continue;
      statements.push(statement);
      registers.push(e.name);
    }
  }
}

// src/ptx/cfg.ts
function endsBlock(mnemonic) {
  return mnemonic === "bra" || mnemonic === "ret" || mnemonic === "exit" || mnemonic === "brx" || mnemonic === "trap";
}
function newBlock(blocks, label) {
  const block = { id: blocks.length, label, statements: [], successors: [], predecessors: [] };
  blocks.push(block);
  return block;
}
function addEdge(blocks, from, to) {
  if (!blocks[from].successors.includes(to)) {
    blocks[from].successors.push(to);
    blocks[to].predecessors.push(from);
  }
}
function intersect(idom, rpoIndex, a, b) {
  while (a !== b) {
    while (rpoIndex[a] > rpoIndex[b]) a = idom[a];
    while (rpoIndex[b] > rpoIndex[a]) b = idom[b];
  }
  return a;
}
function branchTarget(ins) {
  for (const op of ins.operands) if (op.kind === "symbol") return op.name;
  return null;
}
function buildCfg(fn) {
  const body = fn.body;
  const blocks = [];
  const blockOfStatement = newInt32Array(body.length).fill(-1);
  const labelBlock = /* @__PURE__ */ new Map();
  const errors = [];
  const destinationStatements = [];
  const destinationRegisters = [];
  let current = null;
  for (let i = 0; i < body.length; i++) {
    const s = body[i];
    if (s.kind === "label") {
      current = newBlock(blocks, s.name);
      labelBlock.set(s.name, current.id);
    } else if (s.kind === "instruction") {
      if (current === null) current = newBlock(blocks, null);
      current.statements.push(i);
      blockOfStatement[i] = current.id;
      noteDestinations(s, i, destinationStatements, destinationRegisters);
      if (endsBlock(s.mnemonic)) current = null;
    }
  }
  if (blocks.length === 0) newBlock(blocks, null);
  for (const block of blocks) {
    const lastIndex = block.statements[block.statements.length - 1];
    const last = lastIndex === void 0 ? null : body[lastIndex];
    const fallsThrough = block.id + 1 < blocks.length;
    if (last === null || !endsBlock(last.mnemonic)) {
      if (fallsThrough) addEdge(blocks, block.id, block.id + 1);
      continue;
    }
    if (last.mnemonic === "bra") {
      const target = branchTarget(last);
      const targetBlock = target === null ? void 0 : labelBlock.get(target);
      if (targetBlock === void 0) {
        errors.push({
          message: `branch to unknown label '${target ?? "?"}'`,
          line: last.position.line,
          column: last.position.column,
          functionName: fn.name
        });
      } else addEdge(blocks, block.id, targetBlock);
    } else if (last.mnemonic === "brx") {
      for (const [, id] of labelBlock) addEdge(blocks, block.id, id);
    }
    if (last.guard !== null && fallsThrough) addEdge(blocks, block.id, block.id + 1);
  }
  const { idom, reversePostorder } = dominators(blocks, 0);
  return {
    fn,
    blocks,
    entry: 0,
    blockOfStatement,
    idom,
    reversePostorder,
    errors,
    destinations: { statements: destinationStatements, registers: destinationRegisters }
  };
}
function dominators(blocks, entry) {
  const n = blocks.length;
  const order = [];
  const visited = new Array(n).fill(0);
  const stackBlocks = [entry];
  const stackNext = [0];
  visited[entry] = 1;
  while (stackBlocks.length > 0) {
    const top = stackBlocks.length - 1;
    const succ = blocks[stackBlocks[top]].successors;
    if (stackNext[top] < succ.length) {
      const next2 = succ[stackNext[top]++];
      if (!visited[next2]) {
        visited[next2] = 1;
        stackBlocks.push(next2);
        stackNext.push(0);
      }
    } else {
      order.push(stackBlocks[top]);
      stackBlocks.pop();
      stackNext.pop();
    }
  }
  const reversePostorder = order.reverse();
  const rpoIndex = new Array(n).fill(-1);
  for (let i = 0; i < reversePostorder.length; i++) rpoIndex[reversePostorder[i]] = i;
  const idom = newInt32Array(n).fill(-1);
  idom[entry] = entry;
  let changed = true;
  while (changed) {
    changed = false;
    for (const b of reversePostorder) {
      if (b === entry) continue;
      let newIdom = -1;
      for (const p of blocks[b].predecessors) {
        if (idom[p] === -1) continue;
        newIdom = newIdom === -1 ? p : intersect(idom, rpoIndex, p, newIdom);
      }
      if (newIdom !== idom[b]) {
        idom[b] = newIdom;
        changed = true;
      }
    }
  }
  return { idom, reversePostorder };
}
function closingBranch(cfg, block) {
  const node = cfg.blocks[block];
  if (node.successors.length !== 2) return null;
  const statement = node.statements[node.statements.length - 1];
  const last = statement === void 0 ? null : cfg.fn.body[statement];
  if (!last || last.mnemonic !== "bra" || !last.guard) return null;
  const fallthrough = block + 1;
  const target = node.successors.find((s) => s !== fallthrough) ?? node.successors[0];
  return { statement, register: last.guard.register, negated: last.guard.negated, target, fallthrough };
}
function dominates(cfg, a, b) {
  if (cfg.idom[b] === -1) return false;
  let x = b;
  for (; ; ) {
    if (x === a) return true;
    const up = cfg.idom[x];
    if (up === x || up === -1) return false;
    x = up;
  }
}

// src/ptx/threads.ts
var AXES = ["x", "y", "z"];
var THREAD_INDEX_REGISTER = /^%(tid|ctaid)\.([xyz])$/;
function threadIndexRegister(name) {
  const match = THREAD_INDEX_REGISTER.exec(name);
  return match ? { of: match[1], axis: AXES.indexOf(match[2]) } : null;
}
function coordinates(i, shape) {
  return [i % shape[0], Math.floor(i / shape[0]) % shape[1], Math.floor(i / (shape[0] * shape[1]))];
}
function volume(shape) {
  return shape[0] * shape[1] * shape[2];
}
function setThread(resolver, tid, ctaid = null) {
  tid.forEach((v, i) => resolver.special.set(`%tid.${AXES[i]}`, v));
  if (ctaid) setCtaid(resolver, ctaid);
}
function setCtaid(resolver, ctaid) {
  ctaid.forEach((v, i) => resolver.special.set(`%ctaid.${AXES[i]}`, v));
}
function forEachThreadByBlock(resolver, block, grid, atBlock, visit) {
  try {
    return forEachThreadIndex(block, grid, (b, t, thread) => {
      if (t === 0) {
        setBlockOnly(resolver, thread.ctaid);
        atBlock(b);
      }
      return visit(b, t, thread);
    });
  } finally {
    clearThread(resolver);
  }
}
function setBlockOnly(resolver, ctaid) {
  clearThread(resolver);
  setCtaid(resolver, ctaid);
}
function clearThread(resolver) {
  for (const axis of AXES) {
    resolver.special.delete(`%tid.${axis}`);
    resolver.special.delete(`%ctaid.${axis}`);
  }
  setLaunchWide(resolver);
}
function setLaunchWide(resolver) {
  for (const [name, value] of resolver.launchWide) resolver.special.set(name, value);
}
function setLaunch(resolver, block, grid) {
  AXES.forEach((axis, i) => {
    if (block) resolver.special.set(`%ntid.${axis}`, block[i]);
    if (grid) resolver.special.set(`%nctaid.${axis}`, grid[i]);
    if (block && block[i] === 1) resolver.launchWide.set(`%tid.${axis}`, 0);
    if (grid && grid[i] === 1) resolver.launchWide.set(`%ctaid.${axis}`, 0);
  });
  setLaunchWide(resolver);
}
function forEachThread(resolver, block, grid, visit) {
  try {
    return forEachThreadIndex(block, grid, (b, t, thread) => {
      setThread(resolver, thread.tid, t === 0 && grid ? thread.ctaid : null);
      return visit(b, t, thread);
    });
  } finally {
    clearThread(resolver);
  }
}
function indexAxisBit(of, axis) {
  return 1 << (of === "ctaid" ? 3 : 0) + axis;
}
var THREAD_INDEX_AXES = 7;
var BLOCK_INDEX_AXES = 56;
function gridAlong(grid, axes) {
  return [0, 1, 2].map((axis) => axes & indexAxisBit("ctaid", axis) ? grid[axis] : 1);
}
function setBlockAxes(resolver, ctaid, axes) {
  clearThread(resolver);
  ctaid.forEach((v, i) => {
    if (axes & indexAxisBit("ctaid", i)) resolver.special.set(`%ctaid.${AXES[i]}`, v);
  });
}
function blockAxesNeeded(resolver, grid, probe, atThread = false) {
  let axes = BLOCK_INDEX_AXES;
  const setAt = (withAxes) => {
    setBlockAxes(resolver, [0, 0, 0], withAxes);
    if (atThread) setThread(resolver, [0, 0, 0]);
  };
  try {
    setAt(axes);
    if (!probe()) return null;
    for (let axis = 0; axis < 3; axis++) {
      const without = axes & ~indexAxisBit("ctaid", axis);
      setAt(without);
      if (grid[axis] === 1 || probe()) axes = without;
    }
    return axes;
  } finally {
    clearThread(resolver);
  }
}
function forEachBlockValue(resolver, grid, axes, visit) {
  const shape = gridAlong(grid, axes);
  const values = volume(shape);
  const weight = volume(grid) / values;
  try {
    for (let b = 0; b < values; b++) {
      setBlockAxes(resolver, coordinates(b, shape), axes);
      if (!visit(weight)) return false;
    }
    return true;
  } finally {
    clearThread(resolver);
  }
}
function scopeFor(resolver, grid, probe) {
  try {
    setThread(resolver, [0, 0, 0]);
    if (probe()) return "block";
    if (!grid) return null;
    setThread(resolver, [0, 0, 0], [0, 0, 0]);
    return probe() ? "grid" : null;
  } finally {
    clearThread(resolver);
  }
}
function forEachThreadIndex(block, grid, visit) {
  const blocks = grid ? volume(grid) : 1;
  const blockThreads = volume(block);
  const thread = { tid: [0, 0, 0], ctaid: [0, 0, 0], stamp: 0 };
  for (let b = 0; b < blocks; b++) {
    if (grid) thread.ctaid = coordinates(b, grid);
    for (let t = 0; t < blockThreads; t++) {
      thread.tid = coordinates(t, block);
      thread.stamp++;
      if (visit(b, t, thread) === false) return false;
    }
  }
  return true;
}

// src/ptx/values.ts
function lastDefinitionIn(defs, stmts, statement) {
  if (stmts.length === 0) return -1;
  const lo = stmts[0];
  const limit = statement < 0 ? stmts[stmts.length - 1] + 1 : statement;
  let low = 0;
  let high = defs.length;
  while (low < high) {
    const mid = low + high >>> 1;
    if (defs[mid] < limit) low = mid + 1;
    else high = mid;
  }
  const d = low > 0 ? defs[low - 1] : -1;
  return d >= lo ? d : -1;
}
var NO_DEFINITIONS = [];
var Definitions = class {
  lists = null;
  statements;
  registers;
  constructor(cfg) {
    if (cfg.destinations !== void 0) {
      this.statements = cfg.destinations.statements;
      this.registers = cfg.destinations.registers;
      return;
    }
    this.statements = [];
    this.registers = [];
    const body = cfg.fn.body;
    for (const block of cfg.blocks)
      for (const i of block.statements) noteDestinations(body[i], i, this.statements, this.registers);
  }
  /** Statement indexes writing the register, ascending, each once. */
  of(register) {
    if (this.lists === null) {
      const lists = /* @__PURE__ */ new Map();
      const { registers, statements } = this;
      for (let e = 0; e < registers.length; e++) {
        const statement = statements[e];
        const list = lists.get(registers[e]);
        if (list === void 0) lists.set(registers[e], [statement]);
        else if (list[list.length - 1] !== statement) list.push(statement);
      }
      this.lists = lists;
    }
    return this.lists.get(register) ?? NO_DEFINITIONS;
  }
};
function collectRegisters(op, names) {
  if (op.kind === "register" || op.kind === "negated-predicate") names.push(op.name);
  else if (op.kind === "vector") for (const e of op.elements) collectRegisters(e, names);
  else if (op.kind === "address" && op.base) collectRegisters(op.base, names);
}
function sources(ins, skipFirst = destinations(ins).length > 0) {
  const names = [];
  if (ins.guard) names.push(ins.guard.register);
  const ops = ins.operands;
  for (let i = skipFirst ? 1 : 0; i < ops.length; i++) collectRegisters(ops[i], names);
  return names;
}
var NEVER_ASSIGNED = -1;
var MERGE_HOPS = 8;
var NOT_ON_EVERY_PATH = -2;
var SEVERAL_PATHS = -3;
var unknown = (reason) => ({ value: null, reason });
var known = (value) => ({ value, reason: null });
var ValueResolver = class {
  constructor(cfg, options = {}) {
    this.cfg = cfg;
    this.options = options;
    this.defs = { get: (register) => this.definitionsOf(register) };
  }
  cfg;
  options;
  /** register -> statement indexes (fn.body) that write it, ascending. */
  defs;
  /**
   * Loops counted so far (findLoops, in order): leaving one, its induction register holds its
   * last iteration's value at the header, for the thread being resolved.
   */
  countedLoops = [];
  /** Launch-known special registers ('%ntid.x' -> 256 with a known block); per-thread ones (%tid, %ctaid) are set while enumerating threads. */
  special = new SpecialRegisters();
  /**
   * Thread indices every thread of the launch shares (%tid.y with blocks one thread tall,
   * %ctaid.y with a grid one block tall: 0): set for the whole analysis, and given back after
   * enumerating threads (threads.ts clearThread).
   */
  launchWide = /* @__PURE__ */ new Map();
  /**
   * Results of evaluate by statement. Enumerating threads re-resolves the same registers for
   * every thread: a result that read no special register is valid for all of them, one that
   * did holds while the special registers are unchanged (their version).
   */
  memo = /* @__PURE__ */ new Map();
  /** Set while evaluating when a special register was read / a given loop value / the depth cap was hit. */
  readSpecial = false;
  readLoopValue = false;
  hitDepthCap = false;
  /** Definitions of every register, recorded in one pass on the first query. */
  definitions = null;
  visited = null;
  definitionAbove = /* @__PURE__ */ new Map();
  visitStamp = 0;
  definitionsOf(register) {
    if (this.definitions === null) this.definitions = new Definitions(this.cfg);
    return this.definitions.of(register);
  }
  instruction(statement) {
    return this.cfg.fn.body[statement];
  }
  /** The statement defining `register` that reaches just before `statement` (or the block end when statement = -1), or null. */
  reachingDefinition(register, block, statement) {
    const def = this.reachingIndex(register, block, statement);
    return def >= 0 ? { def, reason: null } : { def: null, reason: unreachedReason(register, def) };
  }
  /** reachingDefinition as a number: the statement, or NEVER_ASSIGNED / NOT_ON_EVERY_PATH / SEVERAL_PATHS (no allocation). */
  reachingIndex(register, block, statement) {
    const defs = this.definitionsOf(register);
    if (defs.length === 0) return NEVER_ASSIGNED;
    const first = lastDefinitionIn(defs, this.cfg.blocks[block].statements, statement);
    if (first !== -1) return first;
    const b = this.dominatingDefinitionBlock(register, defs, block);
    if (b === -1) return NOT_ON_EVERY_PATH;
    const stmts = this.cfg.blocks[b].statements;
    const found = lastDefinitionIn(defs, stmts, -1);
    if (defs[0] >= stmts[0] && defs[defs.length - 1] <= stmts[stmts.length - 1]) return found;
    return this.otherDefinitionBetween(defs, b, block) ? SEVERAL_PATHS : found;
  }
  /**
   * The nearest strict dominator of `block` holding a definition of the register (-1: none),
   * memoised per register along the walked path: one walk per query was linear in the tree's
   * depth, quadratic on a chain of thousands of blocks.
   */
  dominatingDefinitionBlock(register, defs, block) {
    let memo = this.definitionAbove.get(register);
    if (!memo) {
      memo = new Int32Array(this.cfg.blocks.length).fill(-2);
      this.definitionAbove.set(register, memo);
    }
    const path2 = [];
    let b = block;
    let result;
    for (; ; ) {
      if (memo[b] !== -2) {
        result = memo[b];
        break;
      }
      path2.push(b);
      const up = this.cfg.idom[b];
      if (up === -1 || up === b) {
        result = -1;
        break;
      }
      if (lastDefinitionIn(defs, this.cfg.blocks[up].statements, -1) !== -1) {
        result = up;
        break;
      }
      b = up;
    }
    for (const p of path2) memo[p] = result;
    return result;
  }
  /** True when a definition of the register lies in a block on some path from `from` to `to` (excluding `from`). */
  otherDefinitionBetween(defs, from, to) {
    if (this.visited === null || this.visited.length !== this.cfg.blocks.length) this.visited = new Uint32Array(this.cfg.blocks.length);
    const seen = this.visited;
    const stamp = ++this.visitStamp;
    const work = [];
    for (const p of this.cfg.blocks[to].predecessors) if (p !== from) work.push(p);
    while (work.length > 0) {
      const b = work.pop();
      if (seen[b] === stamp) continue;
      seen[b] = stamp;
      if (lastDefinitionIn(defs, this.cfg.blocks[b].statements, -1) !== -1) return true;
      for (const p of this.cfg.blocks[b].predecessors) if (p !== from && seen[p] !== stamp) work.push(p);
    }
    return false;
  }
  /** Value of an operand just before `statement` (block end when -1) of `block`. */
  operand(op, block, statement, depth = 0) {
    if (op.kind === "immediate") return Number.isFinite(op.value) ? known(op.value) : unknown(`literal ${op.text}`);
    if (op.kind === "register") return this.register(op.name, block, statement, depth);
    return unknown(`operand ${op.kind === "symbol" ? op.name : op.kind} is not a constant`);
  }
  register(name, block, statement, depth = 0) {
    if (name.startsWith("%") && isSpecialRegister(name)) {
      this.readSpecial = true;
      const given = this.special.get(name.includes(".") ? name : `${name}.x`);
      if (given !== void 0) return known(given);
      return unknown(`${name} is a special register (differs per thread or launch)`);
    }
    if (depth > 24) {
      this.hitDepthCap = true;
      return unknown(`${name}: definition chain too deep`);
    }
    const def = this.reachingIndex(name, block, statement);
    if (def < 0) {
      this.readSpecial = true;
      this.readLoopValue = true;
      return this.valueAtEntry(name, block, def, depth);
    }
    return this.evaluate(def, depth + 1);
  }
  /**
   * Results of valueAtEntry by register and block, valid for the same content of the special map
   * (its version), the same counted loops and the same live blocks: the merges of a select chain
   * are asked for again and again, each time walking the paths into the block.
   */
  entryMemo = /* @__PURE__ */ new Map();
  /** The value of a register no definition in `block` reaches before the point (`def` says why): given, a loop's, or merged. */
  valueAtEntry(name, block, def, depth) {
    const key2 = `${name}@${block}:${def}`;
    const cached = this.entryMemo.get(key2);
    if (cached && cached.version === this.special.version && cached.loops === this.countedLoops.length && cached.live === this.cfg.live)
      return cached.result;
    const outerHitDepthCap = this.hitDepthCap;
    this.hitDepthCap = false;
    const result = this.valueAtEntryOnce(name, block, def, depth);
    if (!this.hitDepthCap)
      this.entryMemo.set(key2, { result, version: this.special.version, loops: this.countedLoops.length, live: this.cfg.live });
    this.hitDepthCap ||= outerHitDepthCap;
    return result;
  }
  valueAtEntryOnce(name, block, def, depth) {
    const given = this.special.get(name);
    if (given !== void 0) return known(given);
    const iterated = this.atIteration(name, block, depth);
    if (iterated !== null) return known(iterated);
    if (def === SEVERAL_PATHS || def === NOT_ON_EVERY_PATH) {
      const merged = this.mergedValue(name, block, depth);
      if (merged !== null) return known(merged);
    }
    return unknown(unreachedReason(name, def));
  }
  /**
   * The value of `name` on entry to `block` when every predecessor edge's feasibility is decided
   * and the feasible ones agree; null otherwise (and always at a loop header: a back edge carries
   * the loop's own values).
   */
  mergedValue(name, block, depth) {
    if (depth > 24) {
      this.hitDepthCap = true;
      return null;
    }
    let value = null;
    for (const p of this.cfg.blocks[block].predecessors) {
      if (this.cfg.idom[p] === -1 && p !== this.cfg.entry) continue;
      if (this.cfg.live?.[p] === 0) continue;
      if (dominates(this.cfg, block, p)) return null;
      const leaving = this.countedLoops.find((loop) => loop.blocks.has(p) && !loop.blocks.has(block));
      const v = leaving ? this.valueLeaving(leaving, name, p, block, depth) : this.valueAlong(name, p, block, depth);
      if (v === NOT_TAKEN) continue;
      if (v === null || value !== null && v !== value) return null;
      value = v;
    }
    return value;
  }
  /** The value of `name` at the end of `from` when control goes on to `to`; NOT_TAKEN when it does not. */
  valueAlong(name, from, to, depth) {
    const feasible = this.edgeFeasible(from, to, depth + 1, 0);
    if (feasible === null) return null;
    if (!feasible) return NOT_TAKEN;
    return this.register(name, from, -1, depth + 1).value;
  }
  /**
   * The value of `name` carried out of a counted loop by the edge `from` -> `to` (nvcc's unroll
   * prologue, then the unrolled body): the loop's induction at the header holds its last
   * iteration's value for the thread being resolved (an empty loop sends nothing out).
   */
  valueLeaving(loop, name, from, to, depth) {
    const values = loop.headerValues();
    if (values === null) return null;
    if (values.length === 0) return NOT_TAKEN;
    const given = this.special.get(loop.register);
    const iterationAt = iterationKey(loop.header);
    const givenIteration = this.special.get(iterationAt);
    this.special.set(loop.register, values[values.length - 1]);
    this.special.set(iterationAt, values.length - 1);
    try {
      const goes = this.branchGoesTo(from, to, depth + 1);
      if (goes === null || goes === void 0 && this.cfg.blocks[from].successors.length !== 1) return null;
      if (goes === false) return NOT_TAKEN;
      return this.register(name, from, -1, depth + 1).value;
    } finally {
      if (given === void 0) this.special.delete(loop.register);
      else this.special.set(loop.register, given);
      if (givenIteration === void 0) this.special.delete(iterationAt);
      else this.special.set(iterationAt, givenIteration);
    }
  }
  /** At the header of a counted loop whose iteration is set (valueLeaving): the loop's own inductions at that iteration. */
  atIteration(name, block, depth) {
    let loop = null;
    for (const l of this.countedLoops)
      if (l.blocks.has(block) && (loop === null || l.blocks.size < loop.blocks.size) && this.special.has(iterationKey(l.header))) loop = l;
    if (loop === null) return null;
    if (block !== loop.header && this.definedSinceHeader(name, loop, block)) return null;
    return loop.valueAt(name, this.special.get(iterationKey(loop.header)), depth + 1);
  }
  sinceHeader = /* @__PURE__ */ new Map();
  /** Whether `name` is written in the header or on a path from it to `block` inside the loop. */
  definedSinceHeader(name, loop, block) {
    const key2 = `${name}@${loop.header}:${block}`;
    let defined = this.sinceHeader.get(key2);
    if (defined === void 0) {
      const defBlocks = new Set(this.definitionsOf(name).map((d) => this.cfg.blockOfStatement[d]));
      const seen = /* @__PURE__ */ new Set();
      const work = [...this.cfg.blocks[block].predecessors];
      defined = defBlocks.has(loop.header);
      while (!defined && work.length > 0) {
        const b = work.pop();
        if (seen.has(b) || !loop.blocks.has(b)) continue;
        seen.add(b);
        if (defBlocks.has(b)) defined = true;
        else if (b !== loop.header) work.push(...this.cfg.blocks[b].predecessors);
      }
      this.sinceHeader.set(key2, defined);
    }
    return defined;
  }
  /**
   * Whether the conditional branch closing `from` goes to `to`, for the values given; null when
   * its predicate is not known, undefined when `from` does not end in one.
   */
  branchGoesTo(from, to, depth) {
    const branch = closingBranch(this.cfg, from);
    if (!branch) return void 0;
    const value = this.predicateRegister(branch.register, from, branch.statement, depth);
    return value === null ? null : (value !== branch.negated ? branch.target : branch.fallthrough) === to;
  }
  /**
   * Whether control can come from `from` to `to` here (its branch decided, and `from` reached);
   * null when not known. `merge`: the block whose value is asked for, reached by assumption.
   */
  edgeFeasible(from, to, depth, hops, merge = to) {
    if (hops > MERGE_HOPS) return null;
    const node = this.cfg.blocks[from];
    const goes = this.branchGoesTo(from, to, depth);
    if (goes === null) return null;
    if (goes === false) return false;
    if (dominates(this.cfg, from, merge)) return true;
    let reached = false;
    for (const q of node.predecessors) {
      if (this.cfg.idom[q] === -1 && q !== this.cfg.entry) continue;
      if (dominates(this.cfg, from, q)) return null;
      const feasible = this.edgeFeasible(q, from, depth, hops + 1, merge);
      if (feasible === null) return null;
      reached ||= feasible;
    }
    return reached;
  }
  /** Value computed by the instruction at `statement`, from its operands' reaching values. */
  evaluate(statement, depth) {
    const cached = this.memo.get(statement);
    if (cached && (cached.version < 0 || cached.version === (cached.onlySpecial ? this.special.specialVersion : this.special.version))) {
      if (cached.version >= 0) this.readSpecial = true;
      if (cached.version >= 0 && !cached.onlySpecial) this.readLoopValue = true;
      return cached.result;
    }
    const outerReadSpecial = this.readSpecial;
    const outerReadLoopValue = this.readLoopValue;
    const outerHitDepthCap = this.hitDepthCap;
    this.readSpecial = false;
    this.readLoopValue = false;
    this.hitDepthCap = false;
    const result = this.evaluateOnce(statement, depth);
    if (!this.hitDepthCap) {
      const onlySpecial = this.readSpecial && !this.readLoopValue;
      const version = !this.readSpecial ? -1 : onlySpecial ? this.special.specialVersion : this.special.version;
      this.memo.set(statement, { result, version, onlySpecial });
    }
    this.readSpecial ||= outerReadSpecial;
    this.readLoopValue ||= outerReadLoopValue;
    this.hitDepthCap ||= outerHitDepthCap;
    return result;
  }
  evaluateOnce(statement, depth) {
    const ins = this.instruction(statement);
    const block = this.cfg.blockOfStatement[statement];
    const ops = ins.operands;
    if (ins.guard) return unknown(`${destinations(ins)[0]} is assigned under a predicate`);
    const type = ins.modifiers[ins.modifiers.length - 1] ?? "";
    if (BINARY_MNEMONICS.has(ins.mnemonic)) {
      if (isFloatType(type)) return unknown(`${destinations(ins)[0]} is a floating-point value`);
      const a = this.argument(ops, 1, block, statement, depth);
      if (a.value === null) return a;
      const b = this.argument(ops, 2, block, statement, depth);
      if (b.value === null) return b;
      const value = known(binary(ins.mnemonic, ins.modifiers, a.value, b.value));
      return ins.modifiers[0] === "wide" ? value : wrap(value, type);
    }
    switch (ins.mnemonic) {
      case "mov":
      case "cvt": {
        if (ops[1]?.kind === "symbol") return unknown(`${destinations(ins)[0]} holds the address of ${ops[1].name}`);
        return wrap(this.argument(ops, 1, block, statement, depth), destinationType(ins));
      }
      case "ld": {
        const read = parameterRead(ins);
        if (read) return this.parameter(read.name, read.offset);
        return unknown(`${destinations(ins)[0]} is loaded from memory`);
      }
      case "mad": {
        const a = this.argument(ops, 1, block, statement, depth), b = this.argument(ops, 2, block, statement, depth), c = this.argument(ops, 3, block, statement, depth);
        if (a.value === null) return a;
        if (b.value === null) return b;
        if (c.value === null) return c;
        if (ins.modifiers[0] === "wide") return known(wideProduct(a.value, b.value, type) + c.value);
        return wrap(known(a.value * b.value + c.value), type);
      }
      case "neg": {
        const a = this.argument(ops, 1, block, statement, depth);
        return a.value === null ? a : wrap(known(-a.value), type);
      }
      case "not": {
        const a = this.argument(ops, 1, block, statement, depth);
        return a.value === null ? a : wrap(known(~a.value), type);
      }
      case "selp": {
        const p = this.predicate(ops[3], block, statement, depth);
        if (p === null) return unknown(`${destinations(ins)[0]} is selected by an unknown predicate`);
        return wrap(this.argument(ops, p ? 1 : 2, block, statement, depth), type);
      }
      default:
        return unknown(`${destinations(ins)[0] ?? "value"} comes from ${ins.opcode}`);
    }
  }
  argument(ops, i, block, statement, depth) {
    return ops[i] ? this.operand(ops[i], block, statement, depth) : unknown("missing operand");
  }
  /** A kernel parameter's value, if given. */
  parameter(symbol2, offset) {
    if (offset !== 0) return unknown(`parameter ${symbol2}+${offset} (part of an aggregate)`);
    const values = this.options.values ?? {};
    const index = this.cfg.fn.params.findIndex((p) => p.name === symbol2);
    const candidates = [symbol2];
    if (index >= 0) candidates.push(`param_${index}`, String(index));
    for (const key2 of candidates) if (Object.prototype.hasOwnProperty.call(values, key2)) return known(values[key2]);
    return unknown(`kernel parameter ${symbol2} (value not given; pass it as a define or loop hint)`);
  }
  /** Value of a predicate operand (register or negated) if constant; null otherwise. */
  predicate(op, block, statement, depth = 0) {
    if (!op) return null;
    if (op.kind === "negated-predicate") {
      const v = this.predicateRegister(op.name, block, statement, depth);
      return v === null ? null : !v;
    }
    if (op.kind === "register") return this.predicateRegister(op.name, block, statement, depth);
    if (op.kind === "immediate") return op.value !== 0;
    return null;
  }
  predicateRegister(name, block, statement, depth = 0) {
    if (depth > 24) {
      this.hitDepthCap = true;
      return null;
    }
    const def = this.reachingIndex(name, block, statement);
    if (def < 0) return null;
    const ins = this.instruction(def);
    if (ins.guard) return null;
    const defBlock = this.cfg.blockOfStatement[def];
    const ops = ins.operands;
    if (ins.mnemonic === "setp" && ops.length === 3 && ops[0].kind === "register") {
      const type = ins.modifiers[ins.modifiers.length - 1] ?? "";
      if (isFloatType(type)) return null;
      const a = this.operand(ops[1], defBlock, def, depth + 1);
      const b = this.operand(ops[2], defBlock, def, depth + 1);
      if (a.value === null || b.value === null) return null;
      return compare(ins.modifiers[0], toCompared(a.value, type), toCompared(b.value, type));
    }
    if (ins.mnemonic === "mov" && ins.modifiers[0] === "pred") return this.predicate(ops[1], defBlock, def, depth + 1);
    if (ins.mnemonic === "not" && ins.modifiers[0] === "pred") {
      const v = this.predicate(ops[1], defBlock, def, depth + 1);
      return v === null ? null : !v;
    }
    if ((ins.mnemonic === "and" || ins.mnemonic === "or" || ins.mnemonic === "xor") && ins.modifiers[0] === "pred") {
      const a = this.predicate(ops[1], defBlock, def, depth + 1);
      const b = this.predicate(ops[2], defBlock, def, depth + 1);
      if (ins.mnemonic === "and" && (a === false || b === false)) return false;
      if (ins.mnemonic === "or" && (a === true || b === true)) return true;
      if (a === null || b === null) return null;
      return ins.mnemonic === "and" ? a && b : ins.mnemonic === "or" ? a || b : a !== b;
    }
    return null;
  }
};
function unreachedReason(register, code) {
  if (code === NEVER_ASSIGNED) return `${register} is never assigned`;
  if (code === SEVERAL_PATHS) return `${register} is assigned on several paths`;
  return `${register} has no definition on every path`;
}
var NOT_TAKEN = /* @__PURE__ */ Symbol("edge not taken");
var iterationKeys = [];
function iterationKey(header) {
  return iterationKeys[header] ??= `@iteration:${header}`;
}
var SpecialRegisters = class extends Map {
  changed = true;
  /** The keys in order, and the special registers among them: sorted again only when a key comes or goes. */
  keysChanged = true;
  sortedKeys = [];
  sortedSpecialKeys = [];
  current = 0;
  currentSpecial = 0;
  /** Version by content (its entries in key order); special registers' content apart. */
  versions = new VersionTable();
  specialVersions = new VersionTable();
  get version() {
    this.name();
    return this.current;
  }
  get specialVersion() {
    this.name();
    return this.currentSpecial;
  }
  set(key2, value) {
    if (!super.has(key2)) this.changed = this.keysChanged = true;
    else if (super.get(key2) !== value) this.changed = true;
    return super.set(key2, value);
  }
  delete(key2) {
    const deleted = super.delete(key2);
    if (deleted) this.changed = this.keysChanged = true;
    return deleted;
  }
  clear() {
    this.changed = this.keysChanged = true;
    super.clear();
  }
  name() {
    if (!this.changed) return;
    this.changed = false;
    if (this.keysChanged) {
      this.keysChanged = false;
      this.sortedKeys = [...super.keys()].sort();
      this.sortedSpecialKeys = this.sortedKeys.filter(isSpecialRegister);
    }
    this.current = this.versions.of(this.sortedKeys, this);
    this.currentSpecial = this.specialVersions.of(this.sortedSpecialKeys, this);
  }
};
var VERSIONS_KEPT = 4096;
var VersionTable = class {
  root = {};
  size = 0;
  next = 0;
  of(keys2, values) {
    let node = this.root;
    for (let i = 0; i < keys2.length; i++) {
      const key2 = keys2[i];
      const value = values.get(key2);
      let byValue;
      if (node.key === void 0) {
        node.key = key2;
        byValue = node.byValue = /* @__PURE__ */ new Map();
      } else if (node.key === key2) byValue = node.byValue;
      else {
        node.other ??= /* @__PURE__ */ new Map();
        byValue = node.other.get(key2);
        if (byValue === void 0) node.other.set(key2, byValue = /* @__PURE__ */ new Map());
      }
      let child = byValue.get(value);
      if (child === void 0) byValue.set(value, child = {});
      node = child;
    }
    if (node.version === void 0) {
      if (this.size >= VERSIONS_KEPT) {
        this.root = {};
        this.size = 0;
        return this.of(keys2, values);
      }
      this.size++;
      node.version = this.next++;
    }
    return node.version;
  }
};
var SPECIAL_REGISTER = /^%(tid|ntid|ctaid|nctaid|laneid|warpid|nwarpid|smid|nsmid|gridid|lanemask_\w+|clock|clock64|globaltimer\w*|dynamic_smem_size|total_smem_size|cluster\w*|nclusterid|is_explicit_cluster|envreg\d+|pm\d+|aggr_smem_size|reserved_smem\w*)(\.[xyz])?$/;
var specialByName = /* @__PURE__ */ new Map();
function isSpecialRegister(name) {
  let special = specialByName.get(name);
  if (special === void 0) specialByName.set(name, special = SPECIAL_REGISTER.test(name));
  return special;
}
var TYPE_NAME = /^[subf]\d+$/;
function isFloatType(type) {
  return type.startsWith("f") || type.startsWith("bf") || type === "tf32" || type === "e4m3" || type === "e5m2";
}
var bitsByType = /* @__PURE__ */ new Map();
function bitsOf(type) {
  let bits = bitsByType.get(type);
  if (bits === void 0) {
    const m = /(\d+)$/.exec(type);
    bits = m ? Number(m[1]) : 64;
    bitsByType.set(type, bits);
  }
  return bits;
}
function wrap(r, type) {
  if (r.value === null) return r;
  const wrapper = wrapperOf(type);
  return wrapper === keepValue ? r : known(wrapper(r.value));
}
var keepValue = (value) => value;
var toUnsigned32 = (value) => value >>> 0;
var toSigned32 = (value) => value | 0;
function wrapperOf(type) {
  if (isFloatType(type) || type === "pred" || bitsOf(type) !== 32) return keepValue;
  return type.startsWith("u") ? toUnsigned32 : toSigned32;
}
function cvtTypes(ins) {
  return ins.modifiers.filter((m) => TYPE_NAME.test(m));
}
function destinationType(ins) {
  const type = ins.modifiers[ins.modifiers.length - 1] ?? "";
  return ins.mnemonic === "cvt" ? cvtTypes(ins)[0] ?? type : type;
}
function toCompared(value, type) {
  if (type.startsWith("u") && bitsOf(type) === 32) return value >>> 0;
  if (type.startsWith("u") && value < 0) return value + 2 ** 64;
  return value;
}
var BINARY_MNEMONICS = /* @__PURE__ */ new Set([
  "add",
  "sub",
  "mul",
  "shl",
  "shr",
  "and",
  "or",
  "xor",
  "div",
  "rem",
  "min",
  "max"
]);
function asSource(value, type) {
  const bits = bitsOf(type);
  if (bits > 32) return value;
  const range = 2 ** bits;
  const unsigned = (value % range + range) % range;
  return type.startsWith("s") && unsigned >= range / 2 ? unsigned - range : unsigned;
}
function wideProduct(a, b, type) {
  const x = asSource(a, type), y = asSource(b, type);
  const product2 = x * y;
  return Number.isSafeInteger(product2) ? product2 : Number(BigInt(x) * BigInt(y));
}
function binary(mnemonic, modifiers, a, b) {
  const type = modifiers[modifiers.length - 1] ?? "";
  const is32 = bitsOf(type) <= 32;
  switch (mnemonic) {
    case "add":
      return a + b;
    case "sub":
      return a - b;
    case "mul":
      if (modifiers[0] === "hi")
        return is32 ? Number(BigInt(asSource(a, type)) * BigInt(asSource(b, type)) >> 32n) : Number(BigInt(a) * BigInt(b) >> 64n);
      if (modifiers[0] === "wide") return wideProduct(a, b, type);
      return is32 ? Math.imul(a, b) : a * b;
    case "shl":
      return is32 ? a << b : a * 2 ** b;
    case "shr":
      return type.startsWith("s") ? is32 ? a >> b : Math.floor(a / 2 ** b) : is32 ? a >>> 0 >>> b : Math.floor(a / 2 ** b);
    case "and":
      return is32 ? a & b : Number(BigInt(a) & BigInt(b));
    case "or":
      return is32 ? a | b : Number(BigInt(a) | BigInt(b));
    case "xor":
      return is32 ? a ^ b : Number(BigInt(a) ^ BigInt(b));
    case "div":
      return b === 0 ? NaN : Math.trunc(a / b);
    case "rem":
      return b === 0 ? NaN : a % b;
    case "min":
      return Math.min(a, b);
    case "max":
      return Math.max(a, b);
    default:
      return NaN;
  }
}
function binaryOperator(mnemonic, modifiers) {
  const type = modifiers[modifiers.length - 1] ?? "";
  const is32 = bitsOf(type) <= 32;
  const signed = type.startsWith("s");
  switch (mnemonic) {
    case "add":
      return (a, b) => a + b;
    case "sub":
      return (a, b) => a - b;
    case "mul":
      if (modifiers[0] === "hi" || modifiers[0] === "wide") break;
      return is32 ? Math.imul : (a, b) => a * b;
    case "shl":
      return is32 ? (a, b) => a << b : (a, b) => a * 2 ** b;
    case "shr":
      if (!is32) return (a, b) => Math.floor(a / 2 ** b);
      return signed ? (a, b) => a >> b : (a, b) => a >>> 0 >>> b;
    case "and":
      if (is32) return (a, b) => a & b;
      break;
    case "or":
      if (is32) return (a, b) => a | b;
      break;
    case "xor":
      if (is32) return (a, b) => a ^ b;
      break;
    case "min":
      return Math.min;
    case "max":
      return Math.max;
  }
  return (a, b) => binary(mnemonic, modifiers, a, b);
}
function integerComparator(op, type) {
  const test = COMPARISONS.get(op);
  if (!test) return () => null;
  if (!type.startsWith("u")) return test;
  if (bitsOf(type) === 32) return (a, b) => test(a >>> 0, b >>> 0);
  return (a, b) => test(toCompared(a, type), toCompared(b, type));
}
var COMPARISONS = /* @__PURE__ */ new Map([
  ["eq", (a, b) => a === b],
  ["ne", (a, b) => a !== b],
  ["lt", (a, b) => a < b],
  ["lo", (a, b) => a < b],
  ["le", (a, b) => a <= b],
  ["ls", (a, b) => a <= b],
  ["gt", (a, b) => a > b],
  ["hi", (a, b) => a > b],
  ["ge", (a, b) => a >= b],
  ["hs", (a, b) => a >= b]
]);
function compare(op, a, b) {
  const test = COMPARISONS.get(op);
  return test ? test(a, b) : null;
}
function parameterRead(ins) {
  const address = ins.operands[1];
  if (ins.mnemonic !== "ld" || ins.modifiers[0] !== "param" || address?.kind !== "address" || address.base?.kind !== "symbol") return null;
  return { name: address.base.name, offset: address.offset };
}

// src/ptx/thread-function.ts
var DEPTH_LIMIT = 24;
var NODE_LIMIT = 4096;
var ThreadCompiler = class {
  constructor(resolver, loops) {
    this.resolver = resolver;
    this.loops = loops;
  }
  resolver;
  loops;
  byStatement = /* @__PURE__ */ new Map();
  nodes = 0;
  /** The thread indices the functions compiled so far read (indexAxisBit): %ctaid needs the grid; without %tid a value is the block's. */
  indexAxesRead = 0;
  get readsBlockIndex() {
    return (this.indexAxesRead & BLOCK_INDEX_AXES) !== 0;
  }
  /** The value of `name` just before `statement` of `block` (block end when -1) for a thread, or null when it cannot be compiled. */
  register(name, block, statement, depth = 0) {
    const index = threadIndexRegister(name);
    if (index) {
      const given = this.resolver.special.get(name);
      if (given !== void 0) return () => given;
      const { axis } = index;
      this.indexAxesRead |= indexAxisBit(index.of, axis);
      if (index.of === "ctaid") return (thread) => thread.ctaid[axis];
      return (thread) => thread.tid[axis];
    }
    const resolved = this.resolver.register(name, block, statement);
    if (resolved.value !== null) {
      const value = resolved.value;
      return () => value;
    }
    if (depth > DEPTH_LIMIT || ++this.nodes > NODE_LIMIT) return null;
    const def = this.resolver.reachingIndex(name, block, statement);
    return def >= 0 ? this.statement(def, depth + 1) : this.afterLoop(name, block, depth + 1);
  }
  operand(op, block, statement, depth) {
    if (!op) return null;
    if (op.kind === "immediate") {
      const value = op.value;
      return Number.isFinite(value) ? () => value : null;
    }
    return op.kind === "register" ? this.register(op.name, block, statement, depth) : null;
  }
  /** The instruction at `statement` as a function of the thread (ValueResolver.evaluateOnce's cases). */
  statement(statement, depth) {
    if (this.byStatement.has(statement)) return this.byStatement.get(statement);
    const compiled = this.compileStatement(statement, depth);
    const memoized = compiled && oncePerThread(compiled);
    this.byStatement.set(statement, memoized);
    return memoized;
  }
  compileStatement(statement, depth) {
    const ins = this.resolver.instruction(statement);
    if (ins.guard) return null;
    const block = this.resolver.cfg.blockOfStatement[statement];
    const ops = ins.operands;
    const type = ins.modifiers[ins.modifiers.length - 1] ?? "";
    const arg = (i) => this.operand(ops[i], block, statement, depth);
    if (BINARY_MNEMONICS.has(ins.mnemonic)) {
      if (isFloatType(type)) return null;
      const a = arg(1), b = arg(2);
      if (!a || !b) return null;
      const { mnemonic, modifiers } = ins;
      const wrap2 = modifiers[0] === "wide" ? keepValue : wrapperOf(type);
      const operator = binaryOperator(mnemonic, modifiers);
      return (thread) => {
        const x = a(thread);
        if (x === null) return null;
        const y = b(thread);
        if (y === null) return null;
        return wrap2(operator(x, y));
      };
    }
    switch (ins.mnemonic) {
      case "mov":
      case "cvt": {
        if (ops[1]?.kind === "symbol") return null;
        const a = arg(1);
        const wrap2 = wrapperOf(destinationType(ins));
        return a && ((thread) => {
          const v = a(thread);
          return v === null ? null : wrap2(v);
        });
      }
      case "mad": {
        const a = arg(1), b = arg(2), c = arg(3);
        if (!a || !b || !c) return null;
        if (ins.modifiers[0] === "wide")
          return (thread) => {
            const x = a(thread), y = b(thread), z = c(thread);
            return x === null || y === null || z === null ? null : wideProduct(x, y, type) + z;
          };
        const wrap2 = wrapperOf(type);
        return (thread) => {
          const x = a(thread), y = b(thread), z = c(thread);
          if (x === null || y === null || z === null) return null;
          return wrap2(x * y + z);
        };
      }
      case "neg":
      case "not": {
        const a = arg(1);
        const negate = ins.mnemonic === "neg";
        const wrap2 = wrapperOf(type);
        return a && ((thread) => {
          const v = a(thread);
          return v === null ? null : wrap2(negate ? -v : ~v);
        });
      }
      case "selp": {
        const p = this.predicateOperand(ops[3], block, statement, depth);
        const a = arg(1), b = arg(2);
        if (!p || !a || !b) return null;
        const wrap2 = wrapperOf(type);
        return (thread) => {
          const chosen = p(thread);
          if (chosen === null) return null;
          const v = (chosen ? a : b)(thread);
          return v === null ? null : wrap2(v);
        };
      }
      default:
        return null;
    }
  }
  predicateOperand(op, block, statement, depth) {
    if (!op) return null;
    if (op.kind === "immediate") {
      const value = op.value !== 0;
      return () => value;
    }
    if (op.kind === "negated-predicate") {
      const p = this.predicate(op.name, block, statement, depth);
      return p && negation(p);
    }
    return op.kind === "register" ? this.predicate(op.name, block, statement, depth) : null;
  }
  /** A predicate register as a function of the thread (ValueResolver.predicateRegister's cases). */
  predicate(name, block, statement, depth = 0) {
    const constant2 = this.resolver.predicateRegister(name, block, statement);
    if (constant2 !== null) return () => constant2;
    if (depth > DEPTH_LIMIT || ++this.nodes > NODE_LIMIT) return null;
    const def = this.resolver.reachingIndex(name, block, statement);
    if (def < 0) return null;
    const ins = this.resolver.instruction(def);
    if (ins.guard) return null;
    const defBlock = this.resolver.cfg.blockOfStatement[def];
    const ops = ins.operands;
    if (ins.mnemonic === "setp" && ops.length === 3 && ops[0].kind === "register") {
      const type = ins.modifiers[ins.modifiers.length - 1] ?? "";
      if (isFloatType(type)) return null;
      const a = this.operand(ops[1], defBlock, def, depth + 1), b = this.operand(ops[2], defBlock, def, depth + 1);
      if (!a || !b) return null;
      const comparator = integerComparator(ins.modifiers[0], type);
      return (thread) => {
        const x = a(thread), y = b(thread);
        return x === null || y === null ? null : comparator(x, y);
      };
    }
    if (ins.modifiers[0] !== "pred") return null;
    if (ins.mnemonic === "mov") return this.predicateOperand(ops[1], defBlock, def, depth + 1);
    if (ins.mnemonic === "not") {
      const p = this.predicateOperand(ops[1], defBlock, def, depth + 1);
      return p && negation(p);
    }
    if (ins.mnemonic === "and" || ins.mnemonic === "or" || ins.mnemonic === "xor") {
      const a = this.predicateOperand(ops[1], defBlock, def, depth + 1), b = this.predicateOperand(ops[2], defBlock, def, depth + 1);
      if (!a || !b) return null;
      const mnemonic = ins.mnemonic;
      return (thread) => {
        const x = a(thread), y = b(thread);
        if (mnemonic === "and" && (x === false || y === false)) return false;
        if (mnemonic === "or" && (x === true || y === true)) return true;
        if (x === null || y === null) return null;
        return mnemonic === "and" ? x && y : mnemonic === "or" ? x || y : x !== y;
      };
    }
    return null;
  }
  /**
   * A register no single definition reaches at `block`: compiled when its definitions are one
   * before a loop counted per thread (dominating the loop and `block`) and that loop's one update
   * `r = r ± c` (c a launch constant), run once in every iteration: its value after the loop is
   * the entry value + trips x c, on the path through the loop and on the one around it (0 trips).
   */
  afterLoop(name, block, depth) {
    const { cfg } = this.resolver;
    const reaching = blocksReaching(this.resolver, block);
    const defs = (this.resolver.defs.get(name) ?? []).filter((d) => reaching.has(cfg.blockOfStatement[d]));
    const loop = this.loops.find((l) => !l.blocks.has(block) && defs.some((d) => l.blocks.has(cfg.blockOfStatement[d])));
    if (!loop) return null;
    const inside = defs.filter((d) => loop.blocks.has(cfg.blockOfStatement[d]));
    const outside = defs.filter((d) => !loop.blocks.has(cfg.blockOfStatement[d]));
    if (inside.length !== 1 || outside.length !== 1) return null;
    const entryBlock = cfg.blockOfStatement[outside[0]];
    if (!dominates(cfg, entryBlock, loop.header) || !dominates(cfg, entryBlock, block)) return null;
    if (blocksReaching(this.resolver, loop.header).has(block)) return null;
    const step = loopStep(this.resolver, inside[0], name);
    if (step === null || !onceEveryIteration(this.resolver, loop, inside[0])) return null;
    const entry = this.statement(outside[0], depth + 1);
    if (!entry) return null;
    const { trips } = loop;
    this.indexAxesRead |= loop.indexAxesRead;
    const wrap2 = wrapperOf(step.type);
    return (thread) => {
      const start = entry(thread);
      if (start === null) return null;
      const count = trips(thread);
      return count === null ? null : wrap2(start + count * step.value);
    };
  }
};
function loopStep(resolver, statement, name) {
  const ins = resolver.instruction(statement);
  if (ins.guard || ins.mnemonic !== "add" && ins.mnemonic !== "sub" || ins.modifiers[0] === "wide") return null;
  const type = ins.modifiers[ins.modifiers.length - 1] ?? "";
  if (isFloatType(type)) return null;
  const [, a, b] = ins.operands;
  const block = resolver.cfg.blockOfStatement[statement];
  const isSelf = (op) => op?.kind === "register" && op.name === name;
  const other = isSelf(a) ? b : ins.mnemonic === "add" && isSelf(b) ? a : null;
  if (!other) return null;
  const step = resolver.operand(other, block, statement);
  if (step.value === null) return null;
  return { value: ins.mnemonic === "sub" ? -step.value : step.value, type };
}
function onceEveryIteration(resolver, loop, statement) {
  const { cfg } = resolver;
  const exits = [...loop.blocks].filter((b) => cfg.blocks[b].successors.some((s) => !loop.blocks.has(s)));
  if (exits.length !== 1) return false;
  const updateBlock = cfg.blockOfStatement[statement];
  if (!dominates(cfg, updateBlock, exits[0])) return false;
  if (inInnerCycle(resolver, loop, updateBlock) || inInnerCycle(resolver, loop, exits[0])) return false;
  const exitStatements = cfg.blocks[exits[0]].statements;
  return updateBlock !== exits[0] || statement < exitStatements[exitStatements.length - 1];
}
function inInnerCycle(resolver, loop, block) {
  if (block === loop.header) return false;
  const seen = /* @__PURE__ */ new Set();
  const work = [...resolver.cfg.blocks[block].successors];
  while (work.length > 0) {
    const b = work.pop();
    if (b === block) return true;
    if (seen.has(b) || b === loop.header || !loop.blocks.has(b)) continue;
    seen.add(b);
    work.push(...resolver.cfg.blocks[b].successors);
  }
  return false;
}
function blocksReaching(resolver, block) {
  const seen = /* @__PURE__ */ new Set();
  const work = [...resolver.cfg.blocks[block].predecessors];
  while (work.length > 0) {
    const b = work.pop();
    if (seen.has(b)) continue;
    seen.add(b);
    work.push(...resolver.cfg.blocks[b].predecessors);
  }
  return seen;
}
function oncePerThread(compute) {
  let stamp = -1;
  let value;
  return (thread) => {
    if (thread.stamp !== stamp) {
      value = compute(thread);
      stamp = thread.stamp;
    }
    return value;
  };
}
function negation(p) {
  return (thread) => {
    const v = p(thread);
    return v === null ? null : !v;
  };
}

// src/ptx/guards.ts
var EVALUATION_LIMIT = 1 << 18;
var COMPILED_EVALUATION_LIMIT = 1 << 24;
var PATH_LIMIT = 4096;
function threadReach(cfg, resolver, launch, live, decidedNext) {
  const block = launch.block;
  if (!block) return null;
  const candidates = findCandidates(cfg, resolver, launch, live, decidedNext);
  if (candidates.length === 0) return null;
  const blockThreads = volume(block);
  let scope = candidates.some((c) => c.needsGrid) ? "grid" : "block";
  const gridOf = (s) => s === "grid" ? launch.grid : [1, 1, 1];
  const threadsOf = (s) => blockThreads * volume(gridOf(s));
  const compiler = new ThreadCompiler(resolver, []);
  const compiledAll = candidates.map((c) => compiler.predicate(c.register, c.block, c.statement));
  const compiled = compiledAll.every((p) => p !== null) ? compiledAll : null;
  const limit = compiled ? COMPILED_EVALUATION_LIMIT : EVALUATION_LIMIT;
  let used2 = candidates;
  let usedCompiled = compiled;
  if (scope === "grid" && threadsOf("grid") * candidates.length > limit) {
    scope = "block";
    used2 = candidates.filter((c) => !c.needsGrid);
    usedCompiled = compiled && compiled.filter((_, i) => !candidates[i].needsGrid);
  }
  const grid = gridOf(scope);
  const threads = threadsOf(scope);
  if (used2.length === 0 || threads * used2.length > limit) return null;
  const pathOfThread = new Uint16Array(threads);
  const pathIndex = /* @__PURE__ */ new Map();
  const outcomes = [];
  const counts = [];
  const enumerate = (visit) => usedCompiled ? forEachThreadIndex(block, scope === "grid" ? grid : null, visit) : forEachThread(resolver, block, scope === "grid" ? grid : null, (b, t) => visit(b, t, null));
  const complete = enumerate((b, t, thread) => {
    const taken = [];
    let key2 = "";
    for (let i = 0; i < used2.length; i++) {
      const c = used2[i];
      const value = thread ? usedCompiled[i](thread) : resolver.predicateRegister(c.register, c.block, c.statement);
      if (value === null) return false;
      const isTaken = value !== c.negated;
      taken.push(isTaken);
      key2 += isTaken ? "1" : "0";
    }
    let index = pathIndex.get(key2);
    if (index === void 0) {
      if (outcomes.length >= PATH_LIMIT) return false;
      index = outcomes.length;
      pathIndex.set(key2, index);
      outcomes.push(taken);
      counts.push(0);
    }
    counts[index]++;
    pathOfThread[b * blockThreads + t] = index;
  });
  if (!complete) return null;
  const candidateAt = new Map(used2.map((c, i) => [c.block, i]));
  const reached = outcomes.map((taken) => walk(cfg, decidedNext, candidateAt, used2, taken));
  const fraction = new Array(cfg.blocks.length).fill(0);
  reached.forEach((r, path2) => {
    for (let b = 0; b < r.length; b++) if (r[b]) fraction[b] += counts[path2];
  });
  for (let b = 0; b < fraction.length; b++) fraction[b] /= threads;
  return { fraction, resolvedBranches: used2.map((c) => c.block), scope, block, grid, pathOfThread, reached };
}
function findCandidates(cfg, resolver, launch, live, decidedNext) {
  const candidates = [];
  for (const b of cfg.reversePostorder) {
    const branch = live[b] && decidedNext[b] < 0 ? closingBranch(cfg, b) : null;
    if (!branch) continue;
    const scope = scopeFor(resolver, launch.grid, () => resolver.predicateRegister(branch.register, b, branch.statement) !== null);
    if (scope !== null) candidates.push({ ...branch, block: b, needsGrid: scope === "grid" });
  }
  return candidates;
}
function walk(cfg, decidedNext, candidateAt, used2, taken) {
  const reached = new Uint8Array(cfg.blocks.length);
  const work = [cfg.entry];
  while (work.length > 0) {
    const b = work.pop();
    if (reached[b]) continue;
    reached[b] = 1;
    const c = candidateAt.get(b);
    const next2 = decidedNext[b] >= 0 ? [decidedNext[b]] : c !== void 0 ? [taken[c] ? used2[c].target : used2[c].fallthrough] : cfg.blocks[b].successors;
    for (const s of next2) if (!reached[s]) work.push(s);
  }
  return reached;
}
function threadReaches(reach, blockIndex, threadIndex, block) {
  const blockThreads = volume(reach.block);
  const b = reach.scope === "grid" ? blockIndex : 0;
  return reach.reached[reach.pathOfThread[b * blockThreads + threadIndex]][block] === 1;
}
var LOOP_EVALUATION_LIMIT = 1 << 20;
function loopBranchScale(cfg, resolver, launch, inductions, reach, decidedNext, guardedLoops = []) {
  const block = launch.block;
  if (!block || inductions.length === 0) return null;
  const innermost = /* @__PURE__ */ new Map();
  for (const loop of [...inductions].sort((a, b) => b.blocks.size - a.blocks.size)) for (const b of loop.blocks) innermost.set(b, loop);
  const scale3 = new Array(cfg.blocks.length).fill(1);
  const resolvedBranches = [];
  const resolved = new Set(reach?.resolvedBranches ?? []);
  let budget = LOOP_EVALUATION_LIMIT;
  let usedScope = "block";
  let usedThreads = 0;
  const sides = [];
  for (const b of cfg.reversePostorder) {
    const loop = innermost.get(b);
    const branch = loop && decidedNext[b] < 0 && !resolved.has(b) ? closingBranch(cfg, b) : null;
    if (!loop || !branch) continue;
    if (cfg.blocks[b].successors.some((s) => s === loop.header || !loop.blocks.has(s))) continue;
    const taken = () => {
      const value = resolver.predicateRegister(branch.register, b, branch.statement);
      return value === null ? null : value !== branch.negated;
    };
    const iterationAt = iterationKey(loop.header);
    const setIteration = (value, iteration) => {
      resolver.special.set(loop.register, value);
      resolver.special.set(iterationAt, iteration);
    };
    const clearIteration = () => {
      resolver.special.delete(loop.register);
      resolver.special.delete(iterationAt);
    };
    const probe = () => {
      const values = loop.headerValues();
      if (!values || values.length === 0) return false;
      setIteration(values[0], 0);
      const outcome = taken();
      clearIteration();
      return outcome !== null;
    };
    const allReach = !reach || reach.fraction[loop.header] === 1;
    const blockAxes = allReach && launch.grid ? blockAxesNeeded(resolver, launch.grid, probe) : null;
    const byBlock = blockAxes !== null && blockAxes !== 0;
    let scope = byBlock ? "grid" : scopeFor(resolver, launch.grid, probe);
    if (scope === null) continue;
    if (reach?.scope === "grid" && reach.fraction[loop.header] < 1) scope = "grid";
    const conditions = sides.filter((side) => side.loop === loop && dominates(cfg, side.successor, b));
    const reaches = () => {
      for (const side of conditions) {
        const outcome = side.taken();
        if (outcome === null) return null;
        if (outcome !== side.whenTaken) return false;
      }
      return true;
    };
    let takenCount = 0;
    let total = 0;
    const sweep = (values, weight) => {
      const always = conditions.length ? null : taken();
      if (always !== null) {
        if (always) takenCount += values.length * weight;
        total += values.length * weight;
        return (budget -= 1) >= 0;
      }
      if ((budget -= values.length) < 0) return false;
      for (const [iteration, v] of values.entries()) {
        setIteration(v, iteration);
        const reached = reaches();
        if (reached === null) return false;
        if (!reached) continue;
        const outcome = taken();
        if (outcome === null) return false;
        if (outcome) takenCount += weight;
        total += weight;
      }
      return true;
    };
    const sweepHere = (weight) => {
      clearIteration();
      const values = loop.headerValues();
      if (values === null) return false;
      const release = loop.holdEntering();
      try {
        return sweep(values, weight);
      } finally {
        release();
      }
    };
    const complete = byBlock ? forEachBlockValue(resolver, launch.grid, blockAxes, (blocks) => sweepHere(blocks * volume(block))) : forEachThread(resolver, block, scope === "grid" ? launch.grid : null, (g, t) => {
      if (reach && !reachesFrom(reach, scope, g, t, loop.header)) return;
      return sweepHere(1);
    });
    clearIteration();
    if (!complete || total === 0) continue;
    const counted = guardedLoops.filter((guarded) => guarded.guard === b);
    for (const [successor, share] of [
      [branch.target, takenCount / total],
      [branch.fallthrough, 1 - takenCount / total]
    ]) {
      if (cfg.blocks[successor].predecessors.length !== 1) continue;
      for (const inner of loop.blocks)
        if (dominates(cfg, successor, inner) && !counted.some((guarded) => guarded.blocks.has(inner))) scale3[inner] *= share;
      sides.push({ loop, successor, whenTaken: successor === branch.target, taken });
    }
    resolvedBranches.push(b);
    if (scope === "grid") usedScope = "grid";
    usedThreads = Math.max(usedThreads, volume(block) * (scope === "grid" ? volume(launch.grid) : 1));
  }
  return resolvedBranches.length ? { scale: scale3, resolvedBranches, scope: usedScope, threads: usedThreads } : null;
}
function reachesFrom(reach, scope, g, t, block) {
  if (reach.scope === "grid" && scope === "block") return true;
  return threadReaches(reach, reach.scope === "grid" ? g : 0, t, block);
}

// src/ptx/affine.ts
var DEPTH_LIMIT2 = 24;
var constantForm = (constant2) => ({ constant: constant2, tid: [0, 0, 0], ctaid: [0, 0, 0] });
function sameForm(a, b) {
  return a.constant === b.constant && a.tid.every((v, i) => v === b.tid[i]) && a.ctaid.every((v, i) => v === b.ctaid[i]);
}
function needsGrid(form) {
  return form.ctaid.some((c) => c !== 0);
}
function formRange(form, launch) {
  if (needsGrid(form) && !launch.grid) return null;
  let low = form.constant, high = form.constant;
  const add2 = (coefficient, extent) => {
    const span = coefficient * (extent - 1);
    if (span < 0) low += span;
    else high += span;
  };
  form.tid.forEach((c, i) => add2(c, launch.block[i]));
  if (launch.grid) form.ctaid.forEach((c, i) => add2(c, launch.grid[i]));
  return [low, high];
}
function fits(form, launch, type) {
  const range = formRange(form, launch);
  return range !== null && rangeInType(range, type);
}
function rangeInType(range, type) {
  const bits = bitsOf(type);
  const unsigned = type.startsWith("u");
  if (bits === 32) return unsigned ? range[0] >= 0 && range[1] <= 4294967295 : range[0] >= -(2 ** 31) && range[1] < 2 ** 31;
  if (bits === 64)
    return unsigned ? range[0] >= 0 && range[1] <= Number.MAX_SAFE_INTEGER : Math.max(-range[0], range[1]) <= Number.MAX_SAFE_INTEGER;
  return unsigned ? range[0] >= 0 && range[1] < 2 ** bits : range[0] >= -(2 ** (bits - 1)) && range[1] < 2 ** (bits - 1);
}
function scale(form, factor) {
  return {
    constant: form.constant * factor,
    tid: form.tid.map((c) => c * factor),
    ctaid: form.ctaid.map((c) => c * factor)
  };
}
function sum(a, b, sign = 1) {
  return {
    constant: a.constant + sign * b.constant,
    tid: a.tid.map((c, i) => c + sign * b.tid[i]),
    ctaid: a.ctaid.map((c, i) => c + sign * b.ctaid[i])
  };
}
var isConstant = (form) => form.tid.every((c) => c === 0) && form.ctaid.every((c) => c === 0);
function affineRegister(resolver, launch, register, block, statement, depth = 0) {
  const index = threadIndexRegister(register);
  if (index) {
    const given = resolver.special.get(register);
    if (given !== void 0) return constantForm(given);
    const form = constantForm(0);
    form[index.of][index.axis] = 1;
    return form;
  }
  const resolved = resolver.register(register, block, statement);
  if (resolved.value !== null) return constantForm(resolved.value);
  if (depth > DEPTH_LIMIT2) return null;
  const def = resolver.reachingIndex(register, block, statement);
  if (def < 0) return null;
  return affineStatement(resolver, launch, def, depth + 1);
}
function affineOperand(resolver, launch, op, block, statement, depth = 0) {
  if (!op) return null;
  if (op.kind === "immediate") return Number.isFinite(op.value) ? constantForm(op.value) : null;
  if (op.kind === "register") return affineRegister(resolver, launch, op.name, block, statement, depth);
  return null;
}
function affineStatement(resolver, launch, statement, depth) {
  const ins = resolver.cfg.fn.body[statement];
  if (ins.guard || destinations(ins).length !== 1) return null;
  const block = resolver.cfg.blockOfStatement[statement];
  const type = ins.modifiers[ins.modifiers.length - 1] ?? "";
  if (isFloatType(type)) return null;
  const operand = (i) => affineOperand(resolver, launch, ins.operands[i], block, statement, depth);
  const wide = ins.modifiers[0] === "wide";
  const resultType = wide ? `${type[0]}64` : type;
  const checked = (form, sourceType = type) => {
    if (!form) return null;
    return fits(form, launch, resultType) && fits(form, launch, sourceType) ? form : null;
  };
  switch (ins.mnemonic) {
    case "mov":
      return checked(operand(1));
    case "cvt": {
      const [destType, sourceType] = cvtTypes(ins);
      if (!destType || !sourceType || isFloatType(destType) || isFloatType(sourceType)) return null;
      const form = operand(1);
      return form && fits(form, launch, sourceType) && fits(form, launch, destType) ? form : null;
    }
    case "add":
    case "sub": {
      const a = operand(1), b = operand(2);
      if (!a || !b) return null;
      const sourcesFit = fits(a, launch, type) && fits(b, launch, type);
      return sourcesFit ? checked(sum(a, b, ins.mnemonic === "sub" ? -1 : 1)) : null;
    }
    case "mul": {
      if (ins.modifiers[0] === "hi") return null;
      const a = operand(1), b = operand(2);
      return a && b ? checked(product(a, b, launch, type)) : null;
    }
    case "mad": {
      if (ins.modifiers[0] === "hi") return null;
      const a = operand(1), b = operand(2), c = operand(3);
      if (!a || !b || !c) return null;
      const ab = product(a, b, launch, type);
      if (!ab || !fits(c, launch, resultType)) return null;
      return checked(sum(ab, c), resultType);
    }
    case "shl": {
      const a = operand(1), b = operand(2);
      if (!a || !b || !isConstant(b) || b.constant < 0 || b.constant >= bitsOf(type)) return null;
      return fits(a, launch, type) ? checked(scale(a, 2 ** b.constant)) : null;
    }
    default:
      return null;
  }
}
function product(a, b, launch, type) {
  if (!fits(a, launch, type) || !fits(b, launch, type)) return null;
  if (isConstant(a)) return scale(b, a.constant);
  if (isConstant(b)) return scale(a, b.constant);
  return null;
}
function formAt(form, tid, ctaid) {
  return form.constant + form.tid[0] * tid[0] + form.tid[1] * tid[1] + form.tid[2] * tid[2] + form.ctaid[0] * ctaid[0] + form.ctaid[1] * ctaid[1] + form.ctaid[2] * ctaid[2];
}

// src/ptx/affine-counts.ts
var ENUMERATION_LIMIT = 1 << 24;
var RUN_EVALUATION_SHARE = 0.5;
function comparisonDirection(op) {
  if (["lt", "le", "lo", "ls"].includes(op)) return -1;
  if (["gt", "ge", "hi", "hs"].includes(op)) return 1;
  return 0;
}
function guardByStart(resolver, launch, guard, start) {
  const def = resolver.reachingIndex(guard.register, guard.block, guard.statement);
  if (def < 0) return null;
  const setp = resolver.cfg.fn.body[def];
  if (setp.mnemonic !== "setp" || setp.guard || setp.operands.length !== 3 || setp.modifiers.length !== 2) return null;
  const [op, type] = setp.modifiers;
  if (isFloatType(type)) return null;
  const defBlock = resolver.cfg.blockOfStatement[def];
  const sides = setp.operands.slice(1).map((o) => affineOperand(resolver, launch, o, defBlock, def));
  if (!sides[0] || !sides[1]) return null;
  const constantSide = sides.findIndex((side) => isConstant(side));
  if (constantSide < 0) return null;
  const threadSide = sides[1 - constantSide];
  const limit = sides[constantSide].constant;
  const sign = [1, -1].find((\u03C3) => sameForm({ ...threadSide, constant: 0 }, { ...scale(start, \u03C3), constant: 0 }));
  if (sign === void 0) return null;
  const range = formRange(threadSide, launch);
  if (!range || !rangeInType(range, type) || !rangeInType([limit, limit], type)) return null;
  const offset = threadSide.constant - sign * start.constant;
  const flip = guard.negated !== !guard.entersWhenTaken;
  const enters = (s) => {
    const x = toCompared(sign * s + offset, type), k = toCompared(limit, type);
    const taken = constantSide === 1 ? compare(op, x, k) : compare(op, k, x);
    return taken !== flip;
  };
  let direction = comparisonDirection(op);
  if (constantSide === 0) direction = -direction;
  if (sign < 0) direction = -direction;
  if (flip) direction = -direction;
  return { enters, direction };
}
function countByAffineStart(start, block, grid, reaching) {
  const blockThreads = volume(block);
  const blocks = grid ? volume(grid) : 1;
  const withinBlock = new Float64Array(blockThreads);
  for (let t = 0; t < blockThreads; t++) {
    const [x, y, z] = coordinates(t, block);
    withinBlock[t] = start.form.constant + start.form.tid[0] * x + start.form.tid[1] * y + start.form.tid[2] * z;
  }
  const blockStep = grid ? linearBlockStep(start.form.ctaid, grid) : 0;
  if (blocks > 1 && start.direction !== 0 && blockStep !== null && reaching?.scope !== "grid") {
    const byRuns = countByRuns(start, withinBlock, blocks, blockStep, reaching);
    if (byRuns !== null) return byRuns;
  }
  return countEach(start, withinBlock, block, grid, reaching);
}
function countEach(start, withinBlock, block, grid, reaching) {
  const { ctaid: c } = start.form;
  return countEachThread(
    block,
    grid,
    reaching,
    (thread, t) => withinBlock[t] + c[0] * thread.ctaid[0] + c[1] * thread.ctaid[1] + c[2] * thread.ctaid[2],
    (_thread, s) => start.trips(s)
  );
}
function countEachThread(block, grid, reaching, startAt, tripsAt, enumerate = (visit) => forEachThreadIndex(block, grid, visit)) {
  const blocks = grid ? volume(grid) : 1;
  const blockThreads = volume(block);
  if (blocks * blockThreads > ENUMERATION_LIMIT)
    return `${blocks * blockThreads} threads exceed the enumeration limit of ${ENUMERATION_LIMIT}`;
  const counts = { sum: 0, threadsIn: 0, warpSum: 0, warps: 0, startMin: Infinity, startMax: -Infinity };
  let failure = null;
  let warpMax = 0, warpHasThread = false;
  enumerate((b, t, thread) => {
    if (!reaching || reaching.reaches(b, t)) {
      const s = startAt(thread, t);
      if (typeof s === "string") {
        failure = s;
        return false;
      }
      const trips = tripsAt(thread, s);
      if (trips === null) {
        failure = `no count for a thread starting at ${s} (its bound is unknown or the loop does not terminate cleanly)`;
        return false;
      }
      if (s < counts.startMin) counts.startMin = s;
      if (s > counts.startMax) counts.startMax = s;
      counts.sum += trips;
      counts.threadsIn++;
      warpHasThread = true;
      if (trips > warpMax) warpMax = trips;
    }
    if (t % 32 === 31 || t === blockThreads - 1) {
      if (warpHasThread) {
        counts.warpSum += warpMax;
        counts.warps++;
      }
      warpMax = 0;
      warpHasThread = false;
    }
  });
  if (failure !== null) return failure;
  return counts;
}
function countEachBlock(block, grid, blockAxesRead, startAt, tripsAt) {
  const shape = grid ? gridAlong(grid, blockAxesRead) : [1, 1, 1];
  const evaluations = volume(shape);
  if (evaluations > ENUMERATION_LIMIT) return `${evaluations} blocks exceed the enumeration limit of ${ENUMERATION_LIMIT}`;
  const blockThreads = volume(block);
  const warpsPerBlock = Math.ceil(blockThreads / 32);
  const blocksEach = (grid ? volume(grid) : 1) / evaluations;
  const counts = { sum: 0, threadsIn: 0, warpSum: 0, warps: 0, startMin: Infinity, startMax: -Infinity };
  const thread = { tid: [0, 0, 0], ctaid: [0, 0, 0], stamp: 0 };
  for (let b = 0; b < evaluations; b++) {
    thread.ctaid = coordinates(b, shape);
    thread.stamp++;
    const s = startAt(thread);
    if (typeof s === "string") return s;
    const trips = tripsAt(thread, s);
    if (trips === null) return `no count for a block starting at ${s} (its bound is unknown or the loop does not terminate cleanly)`;
    if (s < counts.startMin) counts.startMin = s;
    if (s > counts.startMax) counts.startMax = s;
    counts.sum += trips * blockThreads * blocksEach;
    counts.threadsIn += blockThreads * blocksEach;
    counts.warpSum += trips * warpsPerBlock * blocksEach;
    counts.warps += warpsPerBlock * blocksEach;
  }
  return counts;
}
function countByRuns(start, withinBlock, blocks, blockStep, reaching) {
  const blockThreads = withinBlock.length;
  const budget = { evaluations: Math.ceil(blocks * blockThreads * RUN_EVALUATION_SHARE) };
  const counts = { sum: 0, threadsIn: 0, warpSum: 0, warps: 0, startMin: Infinity, startMax: -Infinity };
  const lastBase = blockStep * (blocks - 1);
  for (let warpStart = 0; warpStart < blockThreads; warpStart += 32) {
    let low = Infinity, high = -Infinity;
    for (let t = warpStart; t < Math.min(warpStart + 32, blockThreads); t++) {
      if (reaching && !reaching.reaches(0, t)) continue;
      const own = withinBlock[t];
      const sum2 = runSum((b) => start.trips(own + blockStep * b), blocks, budget);
      if (sum2 === null) return null;
      counts.sum += sum2;
      counts.threadsIn += blocks;
      low = Math.min(low, own);
      high = Math.max(high, own);
    }
    if (low > high) continue;
    counts.startMin = Math.min(counts.startMin, low + Math.min(0, lastBase));
    counts.startMax = Math.max(counts.startMax, high + Math.max(0, lastBase));
    const warpSum = runSum(
      (b) => {
        const atLow = start.trips(low + blockStep * b), atHigh = start.trips(high + blockStep * b);
        return atLow === null || atHigh === null ? null : Math.max(atLow, atHigh);
      },
      blocks,
      budget
    );
    if (warpSum === null) return null;
    counts.warpSum += warpSum;
    counts.warps += blocks;
  }
  return counts;
}
function runSum(count, n, budget) {
  let total = 0;
  const at = (i) => --budget.evaluations < 0 ? null : count(i);
  for (let first = 0; first < n; ) {
    const value = at(first);
    if (value === null) return null;
    let last = first;
    let beyond = n;
    for (let step = 1; last + step < n; step *= 2) {
      const probe = at(last + step);
      if (probe === null) return null;
      if (probe !== value) {
        beyond = last + step;
        break;
      }
      last += step;
    }
    while (beyond - last > 1) {
      const middle = Math.floor((last + beyond) / 2);
      const probe = at(middle);
      if (probe === null) return null;
      if (probe === value) last = middle;
      else beyond = middle;
    }
    total += value * (last - first + 1);
    first = last + 1;
  }
  return total;
}
function linearBlockStep(ctaid, grid) {
  let step = null;
  let stride = 1;
  for (let axis = 0; axis < 3; axis++) {
    if (grid[axis] > 1) {
      if (step === null) step = ctaid[axis] / stride;
      else if (ctaid[axis] !== step * stride) return null;
    }
    stride *= grid[axis];
  }
  return step ?? 0;
}

// src/ptx/user-location.ts
function isToolkitFile(file) {
  if (!file) return false;
  const f = file.replace(/\\/g, "/");
  return /\/targets\/[^/]+\/include\//.test(f) || /\/cuda[-.\w]*\/include\//.test(f) || /\/include\/crt\//.test(f) || /\/nvidia\/[\w_]+\/include\//.test(f) || f.startsWith("/usr/include/") || /\/lib\/gcc\/[^/]+\/[^/]+\/include\//.test(f);
}
var key = (loc) => `${loc.fileIndex}:${loc.line}:${loc.column}`;
function inlineChains(fn, module) {
  if (module?.inlineCalls) return module.inlineCalls;
  const outer = /* @__PURE__ */ new Map();
  for (const s of fn.body) {
    const src = s.source;
    if (src?.inlinedAt && !outer.has(key(src))) outer.set(key(src), src.inlinedAt);
  }
  return outer;
}
function userLocation(source, chains) {
  let loc = source;
  for (let depth = 0; loc && isToolkitFile(loc.file) && depth < 64; depth++) {
    const next2 = loc.inlinedAt ?? chains.get(key(loc));
    if (!next2) return null;
    loc = next2;
  }
  return loc;
}

// src/ptx/loop-simulation.ts
var ITERATION_LIMIT = 1 << 16;
var SLICE_LIMIT = 32;
var EVALUATED = /* @__PURE__ */ new Set([...BINARY_MNEMONICS, "mov", "cvt", "mad", "neg", "not", "selp", "setp"]);
function simulateExit(cfg, resolver, inLoop, header, exitBlock, setpIndex, continueWhenTrue) {
  const latches = cfg.blocks[header].predecessors.filter((p) => inLoop.has(p));
  const everyIteration = (block) => latches.every((latch) => dominates(cfg, block, latch));
  if (!everyIteration(exitBlock)) return "the exit test is not reached in every iteration";
  const slice = [];
  const inSlice = /* @__PURE__ */ new Set();
  const invariant = /* @__PURE__ */ new Map();
  const work = [setpIndex];
  while (work.length > 0) {
    const statement = work.pop();
    if (inSlice.has(statement)) continue;
    const ins = resolver.instruction(statement);
    if (ins.guard) return `'${ins.text.trim()}' is predicated`;
    if (!EVALUATED.has(ins.mnemonic)) return `'${ins.text.trim()}' is not arithmetic on known values`;
    const type = ins.modifiers[ins.modifiers.length - 1] ?? "";
    if (isFloatType(type)) return `'${ins.text.trim()}' is floating-point`;
    if (!everyIteration(cfg.blockOfStatement[statement])) return `'${ins.text.trim()}' runs on some iterations' paths only`;
    inSlice.add(statement);
    slice.push(statement);
    if (slice.length > SLICE_LIMIT) return `the exit test depends on more than ${SLICE_LIMIT} instructions`;
    for (const operand of ins.operands.slice(destinations(ins).length)) {
      if (operand.kind === "immediate") continue;
      if (operand.kind !== "register") return `'${ins.text.trim()}' reads ${describe(operand)}`;
      const inside = (resolver.defs.get(operand.name) ?? []).filter((d) => inLoop.has(cfg.blockOfStatement[d]));
      if (inside.length > 1) return `${operand.name} is assigned ${inside.length} times in the loop`;
      if (inside.length === 1) {
        work.push(inside[0]);
        continue;
      }
      if (invariant.has(operand.name)) continue;
      const entering = enteringValue(cfg, resolver, inLoop, header, operand.name);
      if (typeof entering === "string") return entering;
      invariant.set(operand.name, entering);
    }
  }
  slice.sort((a, b) => {
    const blockA = cfg.blockOfStatement[a];
    const blockB = cfg.blockOfStatement[b];
    if (blockA === blockB) return a - b;
    return dominates(cfg, blockA, blockB) ? -1 : 1;
  });
  const state = new Map(invariant);
  const assigned = /* @__PURE__ */ new Set();
  const entered = [];
  for (const statement of slice) {
    const ins = resolver.instruction(statement);
    const written = destinations(ins);
    for (const operand of ins.operands.slice(written.length)) {
      if (operand.kind !== "register" || state.has(operand.name) || assigned.has(operand.name)) continue;
      const entering = enteringValue(cfg, resolver, inLoop, header, operand.name);
      if (typeof entering === "string") return entering;
      state.set(operand.name, entering);
      entered.push(`${operand.name} = ${entering}`);
    }
    for (const register of written) assigned.add(register);
  }
  for (let tests = 1; tests <= ITERATION_LIMIT; tests++) {
    for (const statement of slice) {
      const ins = resolver.instruction(statement);
      const value = evaluateIn(ins, state);
      if (value === null) return `'${ins.text.trim()}' has no value in iteration ${tests}`;
      state.set(destinations(ins)[0], value);
      if (statement === setpIndex && value !== 0 !== continueWhenTrue) {
        const steps = slice.map((s) => `'${resolver.instruction(s).text.trim()}'`).join("; ");
        return { trips: tests, text: `${entered.length ? `from ${entered.join(", ")}: ` : ""}${steps}` };
      }
    }
  }
  return `the exit is not taken within ${ITERATION_LIMIT} iterations`;
}
function describe(operand) {
  if (operand.kind === "symbol") return `the address of ${operand.name}`;
  return operand.kind === "address" ? "memory" : `an operand of kind ${operand.kind}`;
}
function enteringValue(cfg, resolver, inLoop, header, register) {
  let value = null;
  for (const p of cfg.blocks[header].predecessors) {
    if (inLoop.has(p) || cfg.idom[p] === -1) continue;
    const entering = resolver.register(register, p, -1);
    if (entering.value === null) return `${register} enters the loop unknown: ${entering.reason}`;
    if (value !== null && value !== entering.value) return `${register} enters the loop with different values`;
    value = entering.value;
  }
  return value ?? "the loop has no entry edge";
}
function evaluateIn(ins, state) {
  const operands = ins.operands;
  const read = (i) => {
    const operand = operands[i];
    if (!operand) return null;
    if (operand.kind === "immediate") return operand.value;
    if (operand.kind === "register") return state.get(operand.name) ?? null;
    return null;
  };
  const type = ins.modifiers[ins.modifiers.length - 1] ?? "";
  const held = (value) => Number.isFinite(value) ? wrapperOf(type)(value) : null;
  if (BINARY_MNEMONICS.has(ins.mnemonic)) {
    const a = read(1);
    const b = read(2);
    if (a === null || b === null) return null;
    const value = binary(ins.mnemonic, ins.modifiers, a, b);
    return ins.modifiers[0] === "wide" ? value : held(value);
  }
  switch (ins.mnemonic) {
    case "mov":
    case "cvt": {
      const a = read(1);
      if (a === null) return null;
      return Number.isFinite(a) ? wrapperOf(destinationType(ins))(a) : null;
    }
    case "mad": {
      const a = read(1);
      const b = read(2);
      const c = read(3);
      if (a === null || b === null || c === null) return null;
      return ins.modifiers[0] === "wide" ? a * b + c : held(a * b + c);
    }
    case "neg": {
      const a = read(1);
      return a === null ? null : held(-a);
    }
    case "not": {
      const a = read(1);
      return a === null ? null : held(~a);
    }
    case "selp": {
      const p = read(3);
      if (p === null) return null;
      return read(p !== 0 ? 1 : 2);
    }
    case "setp": {
      if (operands.length !== 3 || ins.modifiers.length !== 2) return null;
      const a = read(1);
      const b = read(2);
      if (a === null || b === null) return null;
      const outcome = compare(ins.modifiers[0], toCompared(a, type), toCompared(b, type));
      return outcome === null ? null : outcome ? 1 : 0;
    }
    default:
      return null;
  }
}

// src/ptx/loops.ts
var THREAD_DEPENDENT = /%(tid|ctaid)\b/;
var MERGED_START = /is assigned on several paths|has no definition on every path/;
var THREAD_LIMIT = 1 << 20;
var SIMULATION_LIMIT = 1e6;
var SEQUENCE_LIMIT = 1 << 16;
function findLoops(cfg, options = {}) {
  const resolver = new ValueResolver(cfg, { values: options.defines });
  const launch = { block: options.block ?? null, grid: options.grid ?? null };
  setLaunch(resolver, launch.block, launch.grid);
  const loops = naturalLoops(cfg);
  const chains = options.inlineCalls ?? inlineChains(cfg.fn);
  const { live, decidedNext } = liveBlocks(cfg, resolver);
  cfg.live = live;
  const reach = threadReach(cfg, resolver, launch, live, decidedNext);
  if (reach) {
    cfg.live = reach.fraction;
    for (const b of reach.resolvedBranches) cfg.decided[b] = 1;
    cfg.threadGuards = { branches: reach.resolvedBranches.length, scope: reach.scope, threads: reach.pathOfThread.length };
  }
  const byThread = [];
  for (const loop of loops) {
    const counted = tripCount(cfg, resolver, loop, launch, reach, decidedNext, resolver.countedLoops, byThread);
    if (counted.headerValues && counted.inductionRegister && cfg.live[loop.header]) {
      const blocks = new Set(loop.blocks);
      let entering = null;
      resolver.countedLoops.push({
        header: loop.header,
        blocks,
        register: counted.inductionRegister,
        headerValues: counted.headerValues,
        valueAt: (register, iteration, depth) => inductionAt(cfg, resolver, loop.header, blocks, register, iteration, depth, entering),
        holdEntering: () => {
          entering = /* @__PURE__ */ new Map();
          return () => entering = null;
        }
      });
    }
    loop.tripCount = counted.tripCount;
    loop.tripCountReason = counted.reason;
    loop.inductionRegister = counted.inductionRegister;
    if (counted.warpTripCount !== void 0) loop.warpTripCount = counted.warpTripCount;
    if (counted.upperBound) loop.upperBound = true;
    loop.source = userLocation(counted.source ?? firstSource(cfg, loop.header), chains);
    if (!cfg.live[loop.header]) {
      loop.tripCountReason = `never entered for the given values (${loop.tripCountReason})`;
      if (loop.tripCount === null) loop.tripCount = 0;
    }
    if (loop.tripCount === null) {
      const hint = hintFor(loop.source, options.hints ?? {});
      if (hint !== null) {
        loop.assumedTripCount = hint.trips;
        loop.hint = hint.key;
        loop.tripCountReason += `; assumed ${hint.trips} from loop hint '${hint.key}'`;
      } else {
        loop.assumedTripCount = options.assumedTripCount ?? 1;
        loop.tripCountReason += `; assumed ${loop.assumedTripCount} (default)`;
      }
    }
  }
  const guardedLoops = loops.flatMap((loop) => {
    const guard = loop.tripCount !== null ? bypassGuard(cfg, loop.header) : null;
    return guard ? [{ guard: guard.block, blocks: new Set(loop.blocks) }] : [];
  });
  const inLoop = loopBranchScale(cfg, resolver, launch, resolver.countedLoops, reach, decidedNext, guardedLoops);
  if (inLoop) {
    cfg.branchScale = inLoop.scale;
    for (const b of inLoop.resolvedBranches) cfg.decided[b] = 1;
    if (inLoop.resolvedBranches.length)
      cfg.threadGuards = {
        branches: (cfg.threadGuards?.branches ?? 0) + inLoop.resolvedBranches.length,
        scope: cfg.threadGuards?.scope === "grid" || inLoop.scope === "grid" ? "grid" : "block",
        threads: Math.max(cfg.threadGuards?.threads ?? 0, inLoop.threads)
      };
  }
  return loops;
}
function statementWeights(cfg, loops) {
  const blockWeight = new Array(cfg.blocks.length).fill(0);
  for (const b of cfg.reversePostorder) blockWeight[b] = (cfg.live ? cfg.live[b] : 1) * (cfg.branchScale?.[b] ?? 1);
  for (const loop of loops) {
    const trips = loop.tripCount ?? loop.assumedTripCount ?? 1;
    for (const b of loop.blocks) blockWeight[b] *= trips;
  }
  const weights = newFloat64Array(cfg.fn.body.length);
  for (const block of cfg.blocks) for (const s of block.statements) weights[s] = blockWeight[block.id];
  return weights;
}
function naturalLoops(cfg) {
  const byHeader = /* @__PURE__ */ new Map();
  const rpoIndex = new Array(cfg.blocks.length).fill(-1);
  for (let i = 0; i < cfg.reversePostorder.length; i++) rpoIndex[cfg.reversePostorder[i]] = i;
  for (const u of cfg.reversePostorder) {
    for (const h of cfg.blocks[u].successors) {
      if (rpoIndex[h] > rpoIndex[u] || !dominates(cfg, h, u)) continue;
      let body = byHeader.get(h);
      if (!body) byHeader.set(h, body = /* @__PURE__ */ new Set([h]));
      const work = [u];
      while (work.length > 0) {
        const b = work.pop();
        if (body.has(b)) continue;
        body.add(b);
        for (const p of cfg.blocks[b].predecessors) if (cfg.idom[p] !== -1) work.push(p);
      }
    }
  }
  const loops = [...byHeader.entries()].map(([header, body]) => ({ header, blocks: [...body].sort((a, b) => a - b) })).sort((a, b) => b.blocks.length - a.blocks.length || a.header - b.header).map((l, id) => ({
    id,
    header: l.header,
    blocks: l.blocks,
    depth: 1,
    parentId: null,
    tripCount: null,
    tripCountReason: "",
    assumedTripCount: null,
    source: null,
    inductionRegister: null
  }));
  for (const loop of loops) {
    for (let j = loops.length - 1; j >= 0; j--) {
      const other = loops[j];
      if (other !== loop && other.blocks.length > loop.blocks.length && other.blocks.includes(loop.header)) {
        loop.parentId = other.id;
        break;
      }
    }
  }
  for (const loop of loops) {
    let depth = 1;
    for (let p = loop.parentId; p !== null; p = loops[p].parentId) depth++;
    loop.depth = depth;
  }
  const ordered = [...loops].sort((a, b) => a.header - b.header);
  const newId = new Map(ordered.map((l, i) => [l.id, i]));
  for (const l of ordered) {
    l.id = newId.get(l.id);
    l.parentId = l.parentId === null ? null : newId.get(l.parentId);
  }
  return ordered;
}
function liveBlocks(cfg, resolver) {
  const live = new Array(cfg.blocks.length).fill(0);
  const decided = new Array(cfg.blocks.length).fill(0);
  const decidedNext = new Array(cfg.blocks.length).fill(-1);
  cfg.decided = decided;
  const work = [cfg.entry];
  while (work.length > 0) {
    const b = work.pop();
    if (live[b]) continue;
    live[b] = 1;
    let successors = cfg.blocks[b].successors;
    const branch = closingBranch(cfg, b);
    if (branch) {
      const value = resolver.predicateRegister(branch.register, b, branch.statement);
      if (value !== null) {
        decided[b] = 1;
        successors = [value !== branch.negated ? branch.target : branch.fallthrough];
        decidedNext[b] = successors[0];
      }
    }
    for (const s of successors) if (!live[s]) work.push(s);
  }
  return { live, decidedNext };
}
function firstSource(cfg, block) {
  for (const s of cfg.blocks[block].statements) {
    const src = cfg.fn.body[s].source;
    if (src) return src;
  }
  return null;
}
function hintFor(source, hints) {
  if (!source) return null;
  const file = source.file ?? "";
  const base2 = file.split("/").pop() ?? file;
  for (const key2 of [`${file}:${source.line}`, `${base2}:${source.line}`]) {
    if (Object.prototype.hasOwnProperty.call(hints, key2)) return { key: key2, trips: hints[key2] };
  }
  for (const key2 of Object.keys(hints)) {
    const colon = key2.lastIndexOf(":");
    if (Number(key2.slice(colon + 1)) === source.line && file.endsWith("/" + key2.slice(0, colon))) return { key: key2, trips: hints[key2] };
  }
  return null;
}
var NEGATE = {
  eq: "ne",
  ne: "eq",
  lt: "ge",
  ge: "lt",
  le: "gt",
  gt: "le",
  lo: "hs",
  hs: "lo",
  ls: "hi",
  hi: "ls"
};
var SWAP = { eq: "eq", ne: "ne", lt: "gt", gt: "lt", le: "ge", ge: "le", lo: "hi", hi: "lo", ls: "hs", hs: "ls" };
function tripCount(cfg, resolver, loop, launch, reach, decidedNext, enclosing, loopsByThread) {
  const chain = enclosing.filter((outer) => outer.header !== loop.header && outer.blocks.has(loop.header)).sort((a, b) => b.blocks.size - a.blocks.size);
  const parent = chain.length ? chain[chain.length - 1] : null;
  const inLoop = new Set(loop.blocks);
  const body = cfg.fn.body;
  const exits = loop.blocks.filter((b) => cfg.blocks[b].successors.some((s) => !inLoop.has(s)));
  const none = (reason2, source2 = null) => ({
    tripCount: null,
    reason: reason2,
    inductionRegister: null,
    source: source2
  });
  if (exits.length === 0) return none("no exit edge (infinite loop or exits only by return)");
  const latchExits = exits.filter((b) => cfg.blocks[b].successors.includes(loop.header));
  const exit = latchExits[0] ?? exits[0];
  const otherExits = exits.filter((b) => b !== exit && (decidedNext[b] < 0 || !inLoop.has(decidedNext[b]))).length;
  const boundText = otherExits > 0 ? ` (upper bound: ${otherExits} other exit${otherExits > 1 ? "s" : ""})` : "";
  const upper = otherExits > 0 ? { upperBound: true } : {};
  const block = cfg.blocks[exit];
  const branchIndex = block.statements[block.statements.length - 1];
  const branch = body[branchIndex];
  const source = branch.source;
  if (branch.mnemonic !== "bra" || !branch.guard) return none(`loop exit is '${branch.opcode}', not a conditional branch`, source);
  const fallthrough = exit + 1;
  const target = block.successors.find((s) => s !== fallthrough) ?? fallthrough;
  const takenContinues = inLoop.has(target);
  if (takenContinues === inLoop.has(fallthrough)) return none("both sides of the exit branch stay in (or leave) the loop", source);
  const continueWhenTrue = takenContinues !== branch.guard.negated;
  const { def: setpIndex } = resolver.reachingDefinition(branch.guard.register, exit, branchIndex);
  if (setpIndex === null || !inLoop.has(cfg.blockOfStatement[setpIndex]))
    return none(`exit predicate ${branch.guard.register} is not computed in the loop`, source);
  const setp = body[setpIndex];
  const setpSource = setp.source ?? source;
  if (setp.mnemonic !== "setp" || setp.operands.length !== 3 || setp.modifiers.length !== 2) {
    return none(`exit predicate comes from '${setp.opcode}', not a simple comparison`, setpSource);
  }
  const type = setp.modifiers[1];
  if (isFloatType(type)) return none("floating-point loop condition", setpSource);
  let cmp = continueWhenTrue ? setp.modifiers[0] : NEGATE[setp.modifiers[0]];
  if (!cmp) return none(`comparison '${setp.modifiers[0]}' not understood`, setpSource);
  const setpBlock = cfg.blockOfStatement[setpIndex];
  let tested = linked(cfg, resolver, inLoop, setp.operands[1], setpBlock, setpIndex);
  let boundOperand = setp.operands[2];
  if (!tested) {
    tested = linked(cfg, resolver, inLoop, setp.operands[2], setpBlock, setpIndex);
    boundOperand = setp.operands[1];
    cmp = SWAP[cmp];
  }
  if (!tested) {
    const simulate = () => simulateExit(cfg, resolver, inLoop, loop.header, exit, setpIndex, continueWhenTrue);
    const simulated = simulate();
    const testText = `continue while ${setp.operands[0].kind === "register" ? setp.operands[0].name : "the test"} is ${continueWhenTrue}`;
    if (typeof simulated !== "string")
      return {
        tripCount: simulated.trips,
        reason: `simulated: ${simulated.text}; ${testText}${boundText}`,
        inductionRegister: null,
        source: setpSource,
        ...upper
      };
    const byBlock = /%ctaid\b/.test(simulated) ? simulatedPerBlock(resolver, launch, reach, loop.header, simulate) : null;
    if (byBlock)
      return {
        tripCount: byBlock.mean,
        warpTripCount: byBlock.warpMax,
        reason: `simulated once per block over grid ${launch.grid.join("x")} of blocks ${launch.block.join("x")}: block 0 ${byBlock.text}; ${testText}; mean ${round(byBlock.mean)}, warp max ${round(byBlock.warpMax)} (mean over warps)${boundText}`,
        inductionRegister: null,
        source: setpSource,
        ...upper
      };
    const regs = setp.operands.slice(1).filter((o) => o.kind === "register").map((o) => o.name);
    const offsetReason = regs.map((r) => unresolvedOffset(cfg, resolver, inLoop, r)).find((r) => r !== null);
    if (offsetReason) return none(`bound unknown: ${offsetReason}`, setpSource);
    const why = regs.map((r) => describeInLoop(cfg, resolver, inLoop, r)).filter(Boolean).join("; ");
    return none(`exit condition '${setp.text.trim()}' has no induction variable with a constant step${why ? ` (${why})` : ""}`, setpSource);
  }
  const iv = tested.induction;
  if (boundOperand.kind === "register" && (resolver.defs.get(boundOperand.name) ?? []).some(
    (d) => inLoop.has(cfg.blockOfStatement[d]) && !isParameterLoad(body[d])
  )) {
    return { ...none(`bound ${boundOperand.name} changes inside the loop`, setpSource), inductionRegister: iv.register };
  }
  const bound = resolver.operand(boundOperand, setpBlock, setpIndex);
  const boundPerThread = bound.value === null && THREAD_DEPENDENT.test(bound.reason ?? "") || tested.offsetPerThread !== void 0;
  const boundUnknown = bound.value === null && !boundPerThread;
  if (boundUnknown && !parent) return { ...none(`bound unknown: ${bound.reason}`, setpSource), inductionRegister: iv.register };
  const updateIns = body[iv.update];
  const copiedFrom = updateIns.mnemonic === "mov" && updateIns.operands[1]?.kind === "register" ? updateIns.operands[1].name : null;
  const copiedAtHeader = copiedFrom !== null && cfg.blockOfStatement[iv.update] === loop.header && (resolver.defs.get(copiedFrom) ?? []).every(
    (d) => !inLoop.has(cfg.blockOfStatement[d]) || cfg.blockOfStatement[d] !== loop.header || d > iv.update
  ) ? copiedFrom : null;
  const startRegister = copiedAtHeader ?? iv.register;
  const startValue = () => {
    let start2 = null;
    for (const p of entryEdges(cfg, loop.header, inLoop)) {
      const r = resolver.register(startRegister, p, -1);
      if (r.value === null) return { value: null, reason: `start of ${iv.register} unknown: ${r.reason}` };
      if (start2 !== null && start2 !== r.value) return { value: null, reason: `${iv.register} enters the loop with different values` };
      start2 = r.value;
    }
    return start2 === null ? { value: null, reason: "loop has no entry edge" } : { value: start2, reason: "" };
  };
  const updateBlock = cfg.blockOfStatement[iv.update];
  const testBlock = cfg.blockOfStatement[tested.at];
  const after = tested.next === true || copiedAtHeader === null && (updateBlock === testBlock ? iv.update < tested.at : dominates(cfg, updateBlock, testBlock));
  const unsigned = type.startsWith("u") || ["lo", "ls", "hi", "hs"].includes(cmp);
  let first = startValue();
  let startPerThread = first.value === null && THREAD_DEPENDENT.test(first.reason);
  if (first.value === null && !startPerThread && launch.block && MERGED_START.test(first.reason)) {
    const scope = scopeFor(resolver, launch.grid, () => startValue().value !== null);
    if (scope) {
      startPerThread = true;
      first = { value: null, reason: `${first.reason}, known per thread (${scope === "grid" ? "%ctaid" : "%tid"})` };
    }
  }
  const guard = bypassGuard(cfg, loop.header);
  const loopTest = { iv, cmp, after, unsigned, bits: bitsOf(type) };
  const tripsFrom = (start2) => {
    const limit = bound.value ?? resolver.operand(boundOperand, setpBlock, setpIndex).value;
    const offset = tested.offsetPerThread ? tested.offsetPerThread() : tested.offset;
    if (limit === null || offset === null) return null;
    const taken = guard ? resolver.predicateRegister(guard.register, guard.block, guard.statement) : null;
    return tripsOnEntry(loopTest, guard && taken !== null ? entersOn(guard, taken) : null, start2, offset, limit);
  };
  let perThreadFailure = null;
  if (!boundUnknown && (startPerThread || boundPerThread && first.value !== null)) {
    const entered = reach && reach.fraction[loop.header] < 1 ? { reach, header: loop.header } : null;
    const why = [
      startPerThread ? first.reason : "",
      bound.value === null ? `bound: ${bound.reason}` : "",
      tested.offsetReason ? `tested offset: ${tested.offsetReason}` : ""
    ].filter(Boolean).join("; ");
    const boundAt = bound.value === null && boundOperand.kind === "register" ? { register: boundOperand.name, block: setpBlock, statement: setpIndex } : null;
    const offsetAt = tested.offsetPerThread ? tested.offsetAt ?? null : null;
    const pure = (bound.value !== null || boundAt) && (!tested.offsetPerThread || offsetAt) ? { test: loopTest, offset: tested.offset, offsetAt, limit: bound.value, boundAt } : null;
    const affine = startPerThread && pure && bound.value !== null && !offsetAt ? startByThread(resolver, launch, loop, inLoop, startRegister, guard, pure) : null;
    const compiled = !affine && pure ? compiledByThread(resolver, loop, inLoop, startRegister, guard, pure, loopsByThread) : null;
    const perThread = threadCounts(resolver, launch, why, entered, startValue, tripsFrom, affine, compiled);
    if (typeof perThread !== "string") {
      const byThread = compiled ?? (affine && affineTrips(affine));
      if (byThread)
        loopsByThread.push({
          header: loop.header,
          blocks: inLoop,
          trips: oncePerThread((thread) => byThread.trips(thread)),
          indexAxesRead: byThread.indexAxesRead
        });
    }
    if (typeof perThread === "string" && !parent) return { ...none(`${why}; ${perThread}`, setpSource), inductionRegister: iv.register };
    if (typeof perThread === "string") perThreadFailure = `${why}; ${perThread}`;
    else {
      const startText = startPerThread ? `starts per ${perThread.perBlock ? "block" : "thread"} (${perThread.startText})` : `= ${first.value}`;
      const text = `${iv.register} ${startText}; ${iv.register} ${describeStep(iv)}; continue while ${iv.register} ${cmp} ${boundPerThread ? "a per-thread bound" : bound.value}`;
      return {
        tripCount: perThread.mean,
        warpTripCount: perThread.warpMax,
        inductionRegister: iv.register,
        headerValues: () => {
          const start2 = startValue().value;
          const trips2 = start2 === null ? null : tripsFrom(start2);
          return start2 === null || trips2 === null ? null : headerSequence(iv, start2, trips2, bitsOf(type), unsigned);
        },
        source: setpSource,
        reason: `counted per thread over ${perThread.threads} threads (${perThread.scope}${entered ? ", those that reach the loop" : ""}): ${text}; mean ${round(perThread.mean)}, warp max ${round(perThread.warpMax)} (mean over warps); ${guard ? "threads the branch before the loop turns away skip it" : "threads whose start fails the test skip the loop"}${boundText}`,
        ...upper
      };
    }
  }
  if (parent && (boundUnknown || first.value === null || perThreadFailure !== null)) {
    const turnedAway = () => {
      const taken = guard ? resolver.predicateRegister(guard.register, guard.block, guard.statement) : null;
      return guard !== null && taken !== null && !entersOn(guard, taken);
    };
    const direct = nestedCounts(resolver, launch, reach, chain, startValue, tripsFrom, null);
    const extended = "reason" in direct ? nestedCounts(resolver, launch, reach, chain, startValue, tripsFrom, { turnedAway }) : direct;
    const nested = !("reason" in extended) || extended.tooMany ? extended : direct;
    const why = perThreadFailure ?? (boundUnknown ? `bound unknown: ${bound.reason}` : first.reason);
    if ("reason" in nested) return { ...none(`${why}; ${nested.reason}`, setpSource), inductionRegister: iv.register };
    return {
      tripCount: nested.mean,
      inductionRegister: iv.register,
      source: setpSource,
      reason: `counted per iteration of the enclosing loop${chain.length > 1 ? "s" : ""} (${chain.map((c) => c.register).join(", ")}) over ${nested.contexts} (thread, iteration) pairs (${nested.scope}): ${iv.register} ${describeStep(iv)}; continue while ${iv.register} ${cmp} ${bound.value ?? "a bound from the enclosing loop"}; mean ${round(nested.mean)}${boundText}`,
      ...upper
    };
  }
  if (first.value === null) return { ...none(first.reason, setpSource), inductionRegister: iv.register };
  if (bound.value === null || tested.offsetPerThread)
    return { ...none(`bound unknown: ${bound.reason ?? tested.offsetReason}`, setpSource), inductionRegister: iv.register };
  const start = first.value;
  const trips = countTrips(iv, start, after, tested.offset, cmp, bound.value, unsigned, bitsOf(type));
  const loopText = `${iv.register} = ${start}; ${iv.register} ${describeStep(iv)}; continue while ${tested.offset ? `${iv.register}${tested.offset > 0 ? "+" : ""}${tested.offset}` : iv.register} ${cmp} ${bound.value}`;
  if (trips === null)
    return {
      tripCount: null,
      reason: `counted loop does not terminate cleanly (${loopText})`,
      inductionRegister: iv.register,
      source: setpSource
    };
  const reason = `counted: ${loopText}${boundText}`;
  const values = headerSequence(iv, start, trips, bitsOf(type), unsigned);
  return { tripCount: trips, reason, inductionRegister: iv.register, source: setpSource, headerValues: () => values, ...upper };
}
function bypassGuard(cfg, header) {
  let block = cfg.idom[header];
  for (let steps = 0; steps < 8 && block >= 0; steps++) {
    const branch = closingBranch(cfg, block);
    if (branch) {
      const targetEnters = dominates(cfg, branch.target, header);
      const away = targetEnters ? branch.fallthrough : branch.target;
      if (targetEnters !== dominates(cfg, branch.fallthrough, header) && !reachesAvoiding(cfg, away, header, block))
        return { register: branch.register, negated: branch.negated, statement: branch.statement, block, entersWhenTaken: targetEnters };
    }
    if (cfg.idom[block] === block) break;
    block = cfg.idom[block];
  }
  return null;
}
function reachesAvoiding(cfg, from, target, avoid) {
  const seen = /* @__PURE__ */ new Set([avoid]);
  const stack = [from];
  while (stack.length > 0) {
    const block = stack.pop();
    if (block === target) return true;
    if (seen.has(block)) continue;
    seen.add(block);
    for (const next2 of cfg.blocks[block].successors) if (!seen.has(next2)) stack.push(next2);
  }
  return false;
}
function headerSequence(iv, start, trips, bits, unsigned) {
  if (trips > SEQUENCE_LIMIT) return null;
  const values = [];
  let v = start;
  for (let k = 0; k < trips; k++) {
    values.push(v);
    v = applyStep(iv, v, bits, unsigned);
  }
  return values;
}
function nextValueOf(cfg, resolver, inLoop, temporary) {
  const defs = (resolver.defs.get(temporary) ?? []).filter((d) => inLoop.has(cfg.blockOfStatement[d]));
  if (defs.length !== 1) return null;
  const def = resolver.instruction(defs[0]);
  const source = def.operands[1];
  if (def.operands.length !== 3 || source?.kind !== "register") return null;
  const iv = induction(cfg, resolver, inLoop, source.name);
  if (!iv) return null;
  const copy = resolver.instruction(iv.update);
  if (copy.mnemonic !== "mov" || copy.operands[1]?.kind !== "register" || copy.operands[1].name !== temporary) return null;
  return { induction: iv, offset: 0, at: defs[0], next: true };
}
function inductionAt(cfg, resolver, header, inLoop, register, iteration, depth, enteringHeld = null) {
  const iv = induction(cfg, resolver, inLoop, register);
  if (!iv || iteration > SEQUENCE_LIMIT) return null;
  const updateBlock = cfg.blockOfStatement[iv.update];
  for (const latch of cfg.blocks[header].predecessors) if (inLoop.has(latch) && !dominates(cfg, updateBlock, latch)) return null;
  let value = enteringHeld?.get(register) ?? null;
  if (value === null) {
    for (const p of cfg.blocks[header].predecessors) {
      if (inLoop.has(p) || cfg.idom[p] === -1) continue;
      const entering = resolver.register(register, p, -1, depth).value;
      if (entering === null || value !== null && entering !== value) return null;
      value = entering;
    }
    if (value === null) return null;
    enteringHeld?.set(register, value);
  }
  const bits = bitsOf(iv.type);
  const unsigned = iv.type.startsWith("u");
  for (let k = 0; k < iteration; k++) value = applyStep(iv, value, bits, unsigned);
  return value;
}
function linked(cfg, resolver, inLoop, op, block, at) {
  if (op.kind !== "register") return null;
  const direct = induction(cfg, resolver, inLoop, op.name);
  if (direct) return { induction: direct, offset: 0, at };
  const next2 = nextValueOf(cfg, resolver, inLoop, op.name);
  if (next2) return next2;
  const defs = (resolver.defs.get(op.name) ?? []).filter((d) => inLoop.has(cfg.blockOfStatement[d]));
  if (defs.length !== 1) return null;
  const def = resolver.instruction(defs[0]);
  if (def.mnemonic !== "add" && def.mnemonic !== "sub" || def.operands.length !== 3 || def.guard) return null;
  const defBlock = cfg.blockOfStatement[defs[0]];
  for (const [ivSide, otherSide] of def.mnemonic === "add" ? [
    [1, 2],
    [2, 1]
  ] : [[1, 2]]) {
    const ivOp = def.operands[ivSide];
    if (ivOp.kind !== "register") continue;
    const ind = induction(cfg, resolver, inLoop, ivOp.name);
    if (!ind) continue;
    const other = def.operands[otherSide];
    if (other.kind === "register" && inLoopDefined(cfg, resolver, inLoop, other.name)) continue;
    const value = resolver.operand(other, defBlock, defs[0]);
    const sign = def.mnemonic === "add" ? 1 : -1;
    if (value.value === null && THREAD_DEPENDENT.test(value.reason ?? ""))
      return {
        induction: ind,
        offset: 0,
        at: defs[0],
        offsetReason: value.reason ?? "",
        ...other.kind === "register" ? { offsetAt: { register: other.name, block: defBlock, statement: defs[0], sign } } : {},
        offsetPerThread: () => {
          const v = resolver.operand(other, defBlock, defs[0]).value;
          return v === null ? null : sign * v;
        }
      };
    if (value.value === null) continue;
    return { induction: ind, offset: sign * value.value, at: defs[0] };
  }
  void block;
  return null;
}
function unresolvedOffset(cfg, resolver, inLoop, register) {
  const defs = (resolver.defs.get(register) ?? []).filter((d) => inLoop.has(cfg.blockOfStatement[d]));
  if (defs.length !== 1) return null;
  const def = resolver.instruction(defs[0]);
  if (def.mnemonic !== "add" && def.mnemonic !== "sub" || def.operands.length !== 3) return null;
  for (const [ivSide, otherSide] of [
    [1, 2],
    [2, 1]
  ]) {
    const ivOp = def.operands[ivSide];
    if (ivOp.kind !== "register" || !induction(cfg, resolver, inLoop, ivOp.name)) continue;
    const value = resolver.operand(def.operands[otherSide], cfg.blockOfStatement[defs[0]], defs[0]);
    if (value.value === null) return value.reason;
  }
  return null;
}
var literalInductions = /* @__PURE__ */ new WeakMap();
function induction(cfg, resolver, inLoop, register) {
  let byRegister = literalInductions.get(inLoop);
  if (byRegister === void 0) literalInductions.set(inLoop, byRegister = /* @__PURE__ */ new Map());
  const known2 = byRegister.get(register);
  if (known2 !== void 0) return known2;
  const { result, literal } = inductionUncached(cfg, resolver, inLoop, register);
  if (literal) byRegister.set(register, result);
  return result;
}
function inductionUncached(cfg, resolver, inLoop, register) {
  const none = { result: null, literal: true };
  const defs = (resolver.defs.get(register) ?? []).filter((d) => inLoop.has(cfg.blockOfStatement[d]));
  if (defs.length !== 1) return none;
  let def = resolver.instruction(defs[0]);
  const copied = def.mnemonic === "mov" && !def.guard && def.operands[1]?.kind === "register" ? def.operands[1].name : null;
  if (copied !== null) {
    const tempDefs = (resolver.defs.get(copied) ?? []).filter((d) => inLoop.has(cfg.blockOfStatement[d]));
    if (tempDefs.length !== 1) return none;
    def = resolver.instruction(tempDefs[0]);
  }
  if (def.guard || def.operands.length !== 3) return none;
  let [, a, b] = def.operands;
  let op = def.mnemonic;
  const halved = signedHalving(cfg, resolver, inLoop, def, register);
  if (halved) [op, a, b] = ["div", { kind: "register", name: register }, halved];
  if (!["add", "sub", "shr", "shl", "mul", "div"].includes(op)) return none;
  if (op === "mul" && def.modifiers[0] !== "lo") return none;
  let stepOperand = null;
  if (a.kind === "register" && a.name === register) stepOperand = b;
  else if (op === "add" && b.kind === "register" && b.name === register) stepOperand = a;
  if (!stepOperand) {
    const chained = copied === null ? addChainStep(cfg, resolver, inLoop, defs[0], register) : null;
    if (chained === null) return none;
    return {
      result: { register, update: defs[0], op: "add", step: chained.step, type: def.modifiers[def.modifiers.length - 1] ?? "s32" },
      // A step read from a register holds for this launch only: not kept across launches.
      literal: chained.literal
    };
  }
  if (stepOperand.kind === "register" && variesInLoop(cfg, resolver, inLoop, stepOperand.name)) return none;
  const step = resolver.operand(stepOperand, cfg.blockOfStatement[defs[0]], defs[0]);
  if (step.value === null) return { result: null, literal: false };
  const result = { register, update: defs[0], op, step: step.value, type: def.modifiers[def.modifiers.length - 1] ?? "s32" };
  return { result, literal: stepOperand.kind === "immediate" && !halved };
}
var ADD_CHAIN_LIMIT = 32;
function addChainStep(cfg, resolver, inLoop, update, register) {
  let total = 0;
  let literal = true;
  let statement = update;
  for (let hop = 0; hop < ADD_CHAIN_LIMIT; hop++) {
    const ins = resolver.instruction(statement);
    if (ins.guard || ins.operands.length !== 3 || ins.mnemonic !== "add" && ins.mnemonic !== "sub") return null;
    const [, a, b] = ins.operands;
    let from;
    let amount;
    if (a.kind === "register" && b.kind === "immediate") [from, amount] = [a.name, ins.mnemonic === "add" ? b.value : -b.value];
    else if (ins.mnemonic === "add" && a.kind === "immediate" && b.kind === "register") [from, amount] = [b.name, a.value];
    else if (a.kind === "register" && b.kind === "register") {
      const sides = ins.mnemonic === "add" ? [
        [a.name, b.name],
        [b.name, a.name]
      ] : [[a.name, b.name]];
      const found = sides.map(([chain, other]) => ({ chain, value: invariantValue(cfg, resolver, inLoop, other, statement) })).find((side) => side.value !== null && (side.chain === register || inLoopDefined(cfg, resolver, inLoop, side.chain)));
      if (!found) return null;
      [from, amount] = [found.chain, ins.mnemonic === "add" ? found.value : -found.value];
      literal = false;
    } else return null;
    total += amount;
    if (from === register) return hop === 0 ? null : { step: total, literal };
    const defs = (resolver.defs.get(from) ?? []).filter((d) => inLoop.has(cfg.blockOfStatement[d]));
    if (defs.length !== 1) return null;
    const [defBlock, useBlock] = [cfg.blockOfStatement[defs[0]], cfg.blockOfStatement[statement]];
    if (!dominates(cfg, defBlock, useBlock) || defBlock === useBlock && defs[0] > statement) return null;
    statement = defs[0];
  }
  return null;
}
function invariantValue(cfg, resolver, inLoop, register, statement) {
  if (variesInLoop(cfg, resolver, inLoop, register)) return null;
  return resolver.operand({ kind: "register", name: register }, cfg.blockOfStatement[statement], statement).value;
}
function variesInLoop(cfg, resolver, inLoop, register) {
  return (resolver.defs.get(register) ?? []).some((d) => inLoop.has(cfg.blockOfStatement[d]) && !isLaunchConstant(resolver.instruction(d)));
}
function inLoopDefined(cfg, resolver, inLoop, register) {
  return (resolver.defs.get(register) ?? []).some((d) => inLoop.has(cfg.blockOfStatement[d]));
}
function signedHalving(cfg, resolver, inLoop, def, register) {
  const [, sum2, amount] = def.operands;
  if (def.mnemonic !== "shr" || sum2?.kind !== "register" || amount?.kind !== "immediate" || amount.value !== 1) return null;
  const only = (name) => {
    const defs = (resolver.defs.get(name) ?? []).filter((d) => inLoop.has(cfg.blockOfStatement[d]));
    return defs.length === 1 ? resolver.instruction(defs[0]) : null;
  };
  const add2 = only(sum2.name);
  if (!add2 || add2.mnemonic !== "add" || add2.guard || add2.operands.length !== 3) return null;
  const [, x, y] = add2.operands;
  const signOf = (operand, other) => {
    if (operand?.kind !== "register" || other?.kind !== "register" || other.name !== register) return false;
    const sign = only(operand.name);
    const [, source, shift] = sign?.operands ?? [];
    return sign?.mnemonic === "shr" && source?.kind === "register" && source.name === register && shift?.kind === "immediate" && shift.value === 31;
  };
  if (!signOf(y, x) && !signOf(x, y)) return null;
  return { kind: "immediate", value: 2, text: "2" };
}
function describeStep(iv) {
  switch (iv.op) {
    case "add":
      return iv.step >= 0 ? `+= ${iv.step}` : `-= ${-iv.step}`;
    case "sub":
      return `-= ${iv.step}`;
    case "shr":
      return `>>= ${iv.step}`;
    case "shl":
      return `<<= ${iv.step}`;
    case "mul":
      return `*= ${iv.step}`;
    default:
      return `/= ${iv.step}`;
  }
}
function describeInLoop(cfg, resolver, inLoop, register) {
  const defs = (resolver.defs.get(register) ?? []).filter((d) => inLoop.has(cfg.blockOfStatement[d]));
  if (defs.length === 0) return "";
  const ins = resolver.instruction(defs[0]);
  if (ins.mnemonic === "ld" || ins.mnemonic === "ldu" || ins.mnemonic === "atom") return `${register} is loaded from memory in the loop`;
  return `${register} is set by '${ins.text.trim()}'`;
}
function applyStep(iv, v, bits, unsigned) {
  let r;
  switch (iv.op) {
    case "add":
      r = v + iv.step;
      break;
    case "sub":
      r = v - iv.step;
      break;
    case "shr":
      r = unsigned || iv.type.startsWith("u") || iv.type.startsWith("b") ? Math.floor((bits === 32 ? v >>> 0 : v) / 2 ** iv.step) : Math.floor(v / 2 ** iv.step);
      break;
    case "shl":
      r = v * 2 ** iv.step;
      break;
    case "mul":
      r = v * iv.step;
      break;
    default:
      r = iv.step === 0 ? NaN : Math.trunc(v / iv.step);
  }
  if (bits === 32) r = unsigned ? r >>> 0 : r | 0;
  return r;
}
function countTrips(iv, start, after, offset, cmp, bound, unsigned, bits) {
  const norm = (v2) => unsigned && bits === 32 ? v2 >>> 0 : v2;
  const b = norm(bound);
  const linear2 = iv.op === "add" || iv.op === "sub";
  const step = iv.op === "sub" ? -iv.step : iv.step;
  const first = (after ? applyStep(iv, start, bits, unsigned) : start) + offset;
  const v1 = norm(bits === 32 ? unsigned ? first >>> 0 : first | 0 : first);
  if (compare(cmp, v1, b) === false) return 1;
  if (linear2 && !(unsigned && bits === 32)) {
    switch (cmp) {
      case "lt":
      case "lo":
        return step > 0 ? Math.ceil((b - v1) / step) + 1 : null;
      case "le":
      case "ls":
        return step > 0 ? Math.floor((b - v1) / step) + 2 : null;
      case "gt":
      case "hi":
        return step < 0 ? Math.ceil((v1 - b) / -step) + 1 : null;
      case "ge":
      case "hs":
        return step < 0 ? Math.floor((v1 - b) / -step) + 2 : null;
      case "ne": {
        if (step === 0 || (b - v1) % step !== 0 || (b - v1) / step < 0) return null;
        return (b - v1) / step + 1;
      }
      case "eq":
        return step === 0 ? null : 2;
      default:
        return null;
    }
  }
  let v = after ? applyStep(iv, start, bits, unsigned) : start;
  for (let k = 1; k <= SIMULATION_LIMIT; k++) {
    const tested = norm(bits === 32 ? unsigned ? v + offset >>> 0 : v + offset | 0 : v + offset);
    if (compare(cmp, tested, b) === false) return k;
    v = applyStep(iv, v, bits, unsigned);
    if (!Number.isFinite(v)) return null;
  }
  return null;
}
var round = (v) => String(Math.round(v * 1e3) / 1e3);
function entersOn(guard, taken) {
  return taken !== guard.negated === guard.entersWhenTaken;
}
function tripsOnEntry(test, enters, start, offset, limit) {
  const { iv, cmp, after, unsigned, bits } = test;
  if (enters === false) return 0;
  if (enters === null) {
    const norm = (v) => unsigned && bits === 32 ? v >>> 0 : v;
    if (compare(cmp, norm(start + offset), norm(limit)) === false) return 0;
  }
  return countTrips(iv, start, after, offset, cmp, limit, unsigned, bits);
}
function entryEdges(cfg, header, inLoop) {
  return cfg.blocks[header].predecessors.filter((p) => !inLoop.has(p) && cfg.idom[p] !== -1);
}
function startByThread(resolver, launch, loop, inLoop, startRegister, guard, count) {
  if (!launch.block) return null;
  const affineLaunch = { block: launch.block, grid: launch.grid };
  let form = null;
  for (const p of entryEdges(resolver.cfg, loop.header, inLoop)) {
    const entry = affineRegister(resolver, affineLaunch, startRegister, p, -1);
    if (!entry || form && !sameForm(form, entry)) return null;
    form = entry;
  }
  if (!form) return null;
  const range = formRange(form, affineLaunch);
  const { test, offset, limit } = count;
  const { iv, cmp, unsigned, bits } = test;
  if (limit === null) return null;
  let enters = null;
  let entryDirection = comparisonDirection(cmp);
  if (guard) {
    const taken = resolver.predicateRegister(guard.register, guard.block, guard.statement);
    if (taken !== null) {
      const always = entersOn(guard, taken);
      enters = () => always;
    } else {
      const byStart = guardByStart(resolver, affineLaunch, guard, form);
      if (!byStart) return null;
      enters = byStart.enters;
      entryDirection = byStart.direction;
    }
  }
  const trips = (start) => tripsOnEntry(test, enters ? enters(start) : null, start, offset, limit);
  const stepSign = iv.op === "add" ? Math.sign(iv.step) : iv.op === "sub" ? -Math.sign(iv.step) : 0;
  const tested = comparisonDirection(cmp);
  let direction = stepSign !== 0 && stepSign === -tested ? tested : 0;
  const span = Math.abs(iv.step) + Math.abs(offset);
  const low = unsigned || bits !== 32 ? 0 : -(2 ** 31);
  const high = bits === 32 ? 2 ** 31 : Number.MAX_SAFE_INTEGER;
  const inRange = (v) => v - span >= low && v + span < high;
  if (!range || !inRange(range[0]) || !inRange(range[1]) || !inRange(limit) || bits !== 32 && bits !== 64) direction = 0;
  if (entryDirection !== direction) direction = 0;
  return { form, trips, direction };
}
function affineTrips(affine) {
  let indexAxesRead = 0;
  for (let axis = 0; axis < 3; axis++) {
    if (affine.form.tid[axis] !== 0) indexAxesRead |= indexAxisBit("tid", axis);
    if (affine.form.ctaid[axis] !== 0) indexAxesRead |= indexAxisBit("ctaid", axis);
  }
  return { trips: (thread) => affine.trips(formAt(affine.form, thread.tid, thread.ctaid)), indexAxesRead };
}
function compiledByThread(resolver, loop, inLoop, startRegister, guard, count, loopsByThread) {
  const compiler = new ThreadCompiler(resolver, loopsByThread);
  const entries = [];
  for (const p of entryEdges(resolver.cfg, loop.header, inLoop)) {
    const entry = compiler.register(startRegister, p, -1);
    if (!entry) return null;
    entries.push(entry);
  }
  if (entries.length === 0) return null;
  const taken = guard ? resolver.predicateRegister(guard.register, guard.block, guard.statement) : null;
  const guardByThread = guard && taken === null ? compiler.predicate(guard.register, guard.block, guard.statement) : null;
  if (guard && taken === null && !guardByThread) return null;
  const { test, offset: sharedOffset, offsetAt, limit: sharedLimit, boundAt } = count;
  const boundByThread = boundAt ? compiler.register(boundAt.register, boundAt.block, boundAt.statement) : null;
  if (boundAt && !boundByThread) return null;
  const offsetByThread = offsetAt ? compiler.register(offsetAt.register, offsetAt.block, offsetAt.statement) : null;
  if (offsetAt && !offsetByThread) return null;
  const start = (thread) => {
    let value = null;
    for (const entry of entries) {
      const v = entry(thread);
      if (v === null || value !== null && v !== value) return null;
      value = v;
    }
    return value;
  };
  const trips = (thread, known2) => {
    const s = known2 ?? start(thread);
    if (s === null) return null;
    const limit = boundByThread ? boundByThread(thread) : sharedLimit;
    const offsetValue = offsetByThread ? offsetByThread(thread) : sharedOffset;
    if (limit === null || offsetValue === null) return null;
    const offset = offsetAt ? offsetAt.sign * offsetValue : offsetValue;
    const outcome = guard ? taken ?? guardByThread(thread) : null;
    return tripsOnEntry(test, guard && outcome !== null ? entersOn(guard, outcome) : null, s, offset, limit);
  };
  return { start, trips, indexAxesRead: compiler.indexAxesRead };
}
function threadCounts(resolver, launch, reason, entered, startValue, tripsFrom, byThread, compiled) {
  const block = launch.block;
  if (!block) return "the start depends on the thread and the block is unknown (give --block or the config's kernels.NAME.block)";
  const needsGrid2 = /%ctaid\b/.test(reason) || entered?.reach.scope === "grid" || byThread !== null && needsGrid(byThread.form) || compiled !== null && (compiled.indexAxesRead & BLOCK_INDEX_AXES) !== 0;
  if (needsGrid2 && !launch.grid)
    return "the start depends on the block index and the grid is unknown (give the config's kernels.NAME.grid or --grid)";
  const grid = needsGrid2 ? launch.grid : [1, 1, 1];
  const blockThreads = volume(block);
  const blocks = volume(grid);
  const scope = needsGrid2 ? `grid ${grid.join("x")} of blocks ${block.join("x")}` : `block ${block.join("x")}`;
  const gridOrNull = needsGrid2 ? launch.grid : null;
  const reaching = reachingOf(entered);
  const threads = blockThreads * blocks;
  const perBlock = !byThread && !compiled && threads > THREAD_LIMIT;
  let counts;
  if (byThread) counts = countByAffineStart(byThread, block, gridOrNull, reaching);
  else if (compiled) {
    const startAt = (thread) => compiled.start(thread) ?? "per-thread start unknown: the compiled start gives none (or two entries differ)";
    counts = (compiled.indexAxesRead & THREAD_INDEX_AXES) === 0 && !reaching ? countEachBlock(block, gridOrNull, compiled.indexAxesRead, startAt, compiled.trips) : countEachThread(block, gridOrNull, reaching, startAt, compiled.trips);
  } else if (perBlock)
    counts = gridOrNull && countByBlock(resolver, block, gridOrNull, reaching, startValue, tripsFrom) || `${threads} threads exceed the enumeration limit of ${THREAD_LIMIT}`;
  else {
    counts = countEachThread(
      block,
      gridOrNull,
      reaching,
      () => {
        const start = startValue();
        return start.value ?? `per-thread start unknown: ${start.reason}`;
      },
      (_thread, start) => tripsFrom(start),
      (visit) => forEachThread(resolver, block, gridOrNull, visit)
    );
  }
  if (typeof counts === "string") return counts;
  if (counts.threadsIn === 0) return { ...meanCounts(counts), threads, scope, startText: "no thread enters" };
  return { ...meanCounts(counts), threads, scope, startText: `${counts.startMin}..${counts.startMax}`, perBlock };
}
function reachingOf(entered) {
  return entered ? { scope: entered.reach.scope, reaches: (b, t) => threadReaches(entered.reach, b, t, entered.header) } : null;
}
function meanCounts(counts) {
  return counts.threadsIn === 0 ? { mean: 0, warpMax: 0 } : { mean: counts.sum / counts.threadsIn, warpMax: counts.warpSum / counts.warps };
}
var SIMULATED_ITERATIONS_LIMIT = 1 << 20;
function simulatedPerBlock(resolver, launch, reach, header, simulate) {
  if (!launch.block || !launch.grid) return null;
  let text = null;
  let iterations = 0;
  const trips = () => {
    const simulated = simulate();
    if (typeof simulated === "string") return null;
    text ??= simulated.text;
    iterations += simulated.trips;
    return iterations > SIMULATED_ITERATIONS_LIMIT ? null : simulated.trips;
  };
  const reaching = reachingOf(reach && reach.fraction[header] < 1 ? { reach, header } : null);
  const counts = countByBlock(resolver, launch.block, launch.grid, reaching, () => ({ value: 0, reason: "" }), trips);
  if (counts === null || typeof counts === "string" || text === null) return null;
  return { ...meanCounts(counts), text };
}
function countByBlock(resolver, block, grid, reaching, startValue, tripsFrom) {
  let start = "";
  let trips = null;
  const atBlock = () => {
    const s = startValue();
    start = s.value ?? `per-block start unknown: ${s.reason}`;
    trips = s.value === null ? null : tripsFrom(s.value);
  };
  try {
    setBlockOnly(resolver, [0, 0, 0]);
    atBlock();
  } finally {
    clearThread(resolver);
  }
  if (typeof start === "string" || trips === null) return null;
  return countEachThread(
    block,
    grid,
    reaching,
    () => start,
    () => trips,
    (visit) => forEachThreadByBlock(resolver, block, grid, atBlock, visit)
  );
}
var NESTED_LIMIT = 1 << 20;
var EXTENDED_NESTED_LIMIT = 1 << 16;
var failed = (reason, tooMany = false) => ({ reason, tooMany });
function nestedCounts(resolver, launch, reach, chain, startValue, tripsFrom, extended) {
  const limit = extended ? EXTENDED_NESTED_LIMIT : NESTED_LIMIT;
  const turnedAway = () => extended !== null && extended.turnedAway();
  const block = launch.block;
  if (!block) return failed("the enclosing loops are counted per thread and the block is unknown");
  const forget = (outer) => {
    resolver.special.delete(outer.register);
    resolver.special.delete(iterationKey(outer.header));
  };
  const clearChain = () => chain.forEach(forget);
  let sum2 = 0;
  let contexts = 0;
  let weight = 1;
  let evaluations = 0;
  let failure = "";
  const firstTrips = [];
  const visit = (level, first) => {
    if (level === chain.length) {
      const away = turnedAway();
      const start = away ? null : startValue().value;
      const trips = away ? 0 : start === null ? null : tripsFrom(start);
      if (trips === null) return false;
      sum2 += trips * weight;
      contexts += weight;
      return ++evaluations <= limit || (failure = `more than ${limit} (thread, iteration) pairs`, false);
    }
    const outer = chain[level];
    chain.slice(level).forEach(forget);
    const values = outer.headerValues();
    if (values === null) return false;
    if (first) firstTrips[level] = values.length;
    for (const [iteration, v] of (first ? values.slice(0, 1) : values).entries()) {
      resolver.special.set(outer.register, v);
      if (extended) resolver.special.set(iterationKey(outer.header), iteration);
      if (!visit(level + 1, first)) return false;
    }
    return true;
  };
  const probe = () => {
    const counted = visit(0, true);
    clearChain();
    return counted;
  };
  const countOver = (units, unit, each, scope, enumerate) => {
    const expected = firstTrips.reduce((product2, trips) => product2 * trips, units);
    if (extended && expected > 2 * limit) return failed(`about ${expected} (${unit}, iteration) pairs, more than ${limit}`, true);
    sum2 = 0;
    contexts = 0;
    evaluations = 0;
    weight = each;
    const complete = enumerate(() => visit(0, false));
    clearChain();
    if (!complete) return failure ? failed(failure, true) : failed("no count for some iteration of the enclosing loops");
    return { mean: contexts === 0 ? 0 : sum2 / contexts, contexts, scope };
  };
  const allReach = !reach || reach.fraction[chain[0].header] === 1;
  const blockAxes = allReach && launch.grid ? blockAxesNeeded(resolver, launch.grid, probe) : null;
  if (blockAxes !== null && blockAxes !== 0) {
    const grid2 = launch.grid;
    const values = volume(gridAlong(grid2, blockAxes));
    return countOver(
      values,
      "block",
      volume(block) * volume(grid2) / values,
      `grid ${grid2.join("x")} of blocks ${block.join("x")}, once per block`,
      (visitUnit) => forEachBlockValue(resolver, grid2, blockAxes, visitUnit)
    );
  }
  const probed = scopeFor(resolver, launch.grid, probe);
  if (probed === null)
    return failed(
      launch.grid ? "not resolved by the enclosing loops' indices either" : "it depends on the enclosing loops, which are not counted for a thread without the grid"
    );
  const scopeName = probed === "grid" || reach?.scope === "grid" && reach.fraction[chain[0].header] < 1 ? "grid" : "block";
  const grid = scopeName === "grid" ? launch.grid : null;
  const axes = grid && allReach ? blockAxesNeeded(resolver, grid, probe, true) : null;
  if (grid && axes !== null && volume(gridAlong(grid, axes)) < volume(grid)) {
    const values = gridAlong(grid, axes);
    return countOver(
      volume(block) * volume(values),
      "thread",
      volume(grid) / volume(values),
      `grid ${grid.join("x")} of blocks ${block.join("x")}, per thread of ${volume(values)} values of the block axes read`,
      (visitUnit) => forEachThread(resolver, block, values, () => visitUnit())
    );
  }
  return countOver(
    volume(block) * (grid ? volume(grid) : 1),
    "thread",
    1,
    grid ? `grid ${grid.join("x")} of blocks ${block.join("x")}` : `block ${block.join("x")}`,
    (visitUnit) => forEachThread(resolver, block, grid, (b, t) => {
      if (reach && !reachesFrom(reach, scopeName, b, t, chain[0].header)) return;
      return visitUnit();
    })
  );
}
function isParameterLoad(ins) {
  return !ins.guard && parameterRead(ins) !== null;
}
function isLaunchConstant(ins) {
  if (isParameterLoad(ins)) return true;
  const source = ins.operands[1];
  return !ins.guard && ins.mnemonic === "mov" && ins.operands.length === 2 && source?.kind === "register" && /^%n(tid|ctaid)\.[xyz]$/.test(source.name);
}

// src/ptx/classify.ts
var TYPE_BYTES = {
  b8: 1,
  u8: 1,
  s8: 1,
  b16: 2,
  u16: 2,
  s16: 2,
  f16: 2,
  bf16: 2,
  b32: 4,
  u32: 4,
  s32: 4,
  f32: 4,
  f16x2: 4,
  bf16x2: 4,
  tf32: 4,
  b64: 8,
  u64: 8,
  s64: 8,
  f64: 8,
  b128: 16,
  f32x2: 8
};
var SPACES = /* @__PURE__ */ new Set(["global", "shared", "local", "const", "param", "tex", "surf"]);
var SFU = /* @__PURE__ */ new Set(["sin", "cos", "ex2", "lg2", "tanh", "rsqrt"]);
var INTEGER = /* @__PURE__ */ new Set([
  "add",
  "sub",
  "mul",
  "mad",
  "mul24",
  "mad24",
  "sad",
  "div",
  "rem",
  "abs",
  "neg",
  "min",
  "max",
  "popc",
  "clz",
  "bfind",
  "fns",
  "brev",
  "bfe",
  "bfi",
  "bmsk",
  "szext",
  "dp4a",
  "dp2a",
  "addc",
  "subc",
  "madc",
  "and",
  "or",
  "xor",
  "not",
  "cnot",
  "lop3",
  "shf",
  "shl",
  "shr",
  "prmt",
  "redux"
]);
var FLOAT_ARITH = /* @__PURE__ */ new Set([
  "add",
  "sub",
  "mul",
  "fma",
  "mad",
  "div",
  "rcp",
  "sqrt",
  "rsqrt",
  "abs",
  "neg",
  "min",
  "max",
  "testp",
  "copysign",
  "sin",
  "cos",
  "ex2",
  "lg2",
  "tanh"
]);
var FLOP_COUNT = {
  add: 1,
  sub: 1,
  mul: 1,
  fma: 2,
  mad: 2,
  div: 1,
  rcp: 1,
  sqrt: 1,
  rsqrt: 1,
  sin: 1,
  cos: 1,
  ex2: 1,
  lg2: 1,
  tanh: 1
};
var BARRIER = /* @__PURE__ */ new Set(["bar", "barrier", "membar", "fence", "mbarrier", "griddepcontrol"]);
var CONTROL = /* @__PURE__ */ new Set(["bra", "brx", "call", "ret", "exit"]);
function typeOf(modifiers) {
  for (let i = modifiers.length - 1; i >= 0; i--) if (TYPE_BYTES[modifiers[i]] !== void 0) return modifiers[i];
  return "";
}
function vectorWidth(modifiers) {
  for (const m of modifiers) if (m === "v2" || m === "v4" || m === "v8") return Number(m.slice(1));
  return 1;
}
function spaceOf(modifiers) {
  for (const m of modifiers) {
    const base2 = m.includes("::") ? m.slice(0, m.indexOf("::")) : m;
    if (SPACES.has(base2)) return base2;
  }
  return null;
}
function lanes(type) {
  return type.endsWith("x2") ? 2 : 1;
}
function shapeFlops(modifiers, threads) {
  for (const m of modifiers) {
    const shape = /^m(\d+)n(\d+)k(\d+)$/.exec(m);
    if (shape) return 2 * Number(shape[1]) * Number(shape[2]) * Number(shape[3]) / threads;
  }
  return 0;
}
var base = (category, extra = {}) => ({
  category,
  space: null,
  bytes: 0,
  flops: 0,
  weight: 1,
  longLatency: false,
  blocking: false,
  ...extra
});
var byOpcode = /* @__PURE__ */ new Map();
function classify(ins) {
  if (ins.mnemonic === "cp" || ins.mnemonic === "wmma") return classifyUncached(ins);
  let c = byOpcode.get(ins.opcode);
  if (c === void 0) {
    c = Object.freeze(classifyUncached(ins));
    byOpcode.set(ins.opcode, c);
  }
  return c;
}
function classifyUncached(ins) {
  const m = ins.mnemonic;
  const mods = ins.modifiers;
  switch (m) {
    case "ld":
    case "ldu":
    case "st": {
      const space = spaceOf(mods) ?? "generic";
      const bytes = (TYPE_BYTES[typeOf(mods)] ?? 0) * vectorWidth(mods);
      return base(m === "st" ? "store" : "load", { space, bytes, longLatency: m !== "st" && (space === "global" || space === "generic") });
    }
    case "tex":
    case "tld4":
      return base("load", { space: "tex", bytes: 16, longLatency: true });
    case "suld":
      return base("load", { space: "surf", bytes: (TYPE_BYTES[typeOf(mods)] ?? 0) * vectorWidth(mods), longLatency: true });
    case "sust":
      return base("store", { space: "surf", bytes: (TYPE_BYTES[typeOf(mods)] ?? 0) * vectorWidth(mods) });
    case "atom":
    case "red":
    case "sured":
      return base("atomic", { space: spaceOf(mods) ?? "generic", longLatency: m === "atom" && spaceOf(mods) !== "shared" });
    case "ldmatrix":
    case "stmatrix": {
      const count = mods.includes("x4") ? 4 : mods.includes("x2") ? 2 : 1;
      return base(m === "ldmatrix" ? "load" : "store", { space: "shared", bytes: 4 * count });
    }
    case "cp": {
      if (mods[0] === "async" && (mods.includes("wait_group") || mods.includes("wait_all") || mods.includes("commit_group") || mods.includes("mbarrier"))) {
        return base("barrier", { blocking: mods.includes("wait_group") || mods.includes("wait_all") });
      }
      const size = ins.operands[2]?.kind === "immediate" ? ins.operands[2].value : 0;
      return base("load", { space: "global", bytes: size });
    }
    case "wmma": {
      if (mods[0] === "mma") return base("tensor", { flops: shapeFlops(mods, 32) });
      const regs = ins.operands.find((o) => o.kind === "vector");
      const bytes = regs && regs.kind === "vector" ? regs.elements.length * 4 : 0;
      return base(mods[0] === "store" ? "store" : "load", {
        space: spaceOf(mods) ?? "generic",
        bytes,
        longLatency: mods[0] === "load" && spaceOf(mods) !== "shared"
      });
    }
    case "mma":
      return base("tensor", { flops: shapeFlops(mods, 32) });
    case "wgmma":
      return mods[0] === "mma_async" ? base("tensor", { flops: shapeFlops(mods, 128) }) : base("barrier");
    case "tcgen05":
      return base("tensor");
    case "cvt":
    case "cvta":
      return base("conversion");
    case "mov":
    case "shfl":
    case "movmatrix":
      return base("move");
    case "setp":
    case "set":
    case "selp":
    case "slct":
    case "vote":
    case "match":
    case "isspacep":
    case "testp":
      return base("predicate");
    default:
  }
  if (CONTROL.has(m)) return base("control");
  if (BARRIER.has(m)) {
    const sync = (m === "bar" || m === "barrier") && !mods.includes("arrive");
    return base("barrier", { blocking: sync, weight: 1 });
  }
  const type = typeOf(mods);
  if (type === "pred" || mods.includes("pred")) return base("predicate");
  const isFloat = type.startsWith("f") || type.startsWith("bf") || type === "tf32";
  if (isFloat && (SFU.has(m) || (m === "rcp" || m === "sqrt") && mods.includes("approx"))) {
    return base("sfu", { flops: lanes(type), weight: sfuWeight(m, mods, type) });
  }
  if (isFloat && FLOAT_ARITH.has(m)) {
    const category = type === "f64" ? "fp64" : type === "f32" || type === "f32x2" ? "fp32" : "fp16";
    return base(category, { flops: (FLOP_COUNT[m] ?? 0) * lanes(type), weight: floatWeight(m, mods, type) });
  }
  if (INTEGER.has(m)) return base("integer", { weight: integerWeight(m, mods, type) });
  return base("other");
}
function sfuWeight(m, mods, type) {
  if (m === "sin" || m === "cos") return 2;
  if (type !== "f32" || mods.includes("ftz") || m === "tanh") return 1;
  return 4;
}
function floatWeight(m, mods, type) {
  const approx = mods.includes("approx");
  if (type === "f64") {
    if (m === "div") return approx ? 4 : 16;
    if (m === "rcp") return approx ? 1 : 9;
    if (m === "sqrt") return 15;
    return 1;
  }
  if (m === "div") return approx ? 2 : mods.includes("full") ? 3 : 12;
  if ((m === "rcp" || m === "sqrt") && !approx) return 8;
  return 1;
}
function integerWeight(m, mods, type) {
  const wide64 = type.endsWith("64");
  if (m === "div" || m === "rem") return wide64 ? 70 : 20;
  if ((m === "mul" || m === "mad") && wide64 && !mods.includes("wide")) return mods.includes("hi") ? 4 : 3;
  return 1;
}

// src/ptx/latency.ts
var LATENCY = {
  /** Integer and single-precision arithmetic, compares, moves, conversions. */
  alu: 4,
  /** Double-precision arithmetic. */
  fp64: 8,
  /** Special functions (ex2, lg2, rsqrt, rcp.approx, sin, cos, tanh). */
  sfu: 18,
  /** Integer division and remainder (a routine of about 20 SASS instructions). */
  divide: 40,
  /** Shared-memory loads. */
  shared: 30,
  /** Global, local and constant loads that hit the L1. */
  memory: 33,
  /** Atomics and reductions whose result is read. */
  atomic: 100
};
var SFU2 = /* @__PURE__ */ new Set(["ex2", "lg2", "rsqrt", "sin", "cos", "tanh", "sqrt"]);
function latencyOf(ins) {
  const m = ins.mnemonic;
  if (m === "ld" || m === "ldu" || m === "tex" || m === "tld4") {
    return ins.modifiers.includes("shared") ? LATENCY.shared : LATENCY.memory;
  }
  if (m === "atom") return ins.modifiers.includes("shared") ? LATENCY.shared : LATENCY.atomic;
  if (m === "div" || m === "rem") return ins.modifiers.some((mod) => mod.startsWith("f")) ? LATENCY.sfu : LATENCY.divide;
  if (SFU2.has(m) || m === "rcp" && ins.modifiers.includes("approx")) return LATENCY.sfu;
  if (ins.modifiers.includes("f64")) return LATENCY.fp64;
  return LATENCY.alu;
}
function pass(instructions, ready) {
  let latest = 0;
  for (const ins of instructions) {
    const written = destinations(ins);
    let issue = 0;
    for (const name of sources(ins, written.length > 0)) issue = Math.max(issue, ready.get(name) ?? 0);
    const done = issue + latencyOf(ins);
    for (const name of written) ready.set(name, done);
    latest = Math.max(latest, done);
  }
  return latest;
}
function blockCycles(instructions, loopsToItself) {
  const ready = /* @__PURE__ */ new Map();
  const first = pass(instructions, ready);
  if (!loopsToItself) return Math.max(first, instructions.length);
  return Math.max(pass(instructions, ready) - first, instructions.length);
}
function dependentCycles(cfg, weights) {
  let total = 0;
  for (const block of cfg.blocks) {
    if (block.statements.length === 0) continue;
    const weight = weights[block.statements[0]];
    if (!(weight > 0)) continue;
    const instructions = block.statements.map((s) => cfg.fn.body[s]);
    total += weight * blockCycles(instructions, block.successors.includes(block.id));
  }
  return total;
}

// src/ptx/facts.ts
var EMPTY = [];
var Facts = class {
  constructor(fn) {
    this.fn = fn;
    this.dests = new Array(fn.body.length);
    this.srcs = new Array(fn.body.length);
  }
  fn;
  dests;
  srcs;
  destsAt(index) {
    let d = this.dests[index];
    if (d === void 0) {
      const s = this.fn.body[index];
      d = s.kind === "instruction" ? destinations(s) : EMPTY;
      if (d.length === 0) d = EMPTY;
      this.dests[index] = d;
    }
    return d;
  }
  srcsAt(index) {
    let r = this.srcs[index];
    if (r === void 0) {
      const s = this.fn.body[index];
      r = s.kind === "instruction" ? sources(s, this.destsAt(index).length > 0) : EMPTY;
      this.srcs[index] = r;
    }
    return r;
  }
};
function functionFacts(fn) {
  return new Facts(fn);
}

// src/ptx/sass-estimate.ts
import path from "node:path";
var emptyTally = (name) => ({
  own: /* @__PURE__ */ new Map(),
  ownMarkers: emptyMarkers(),
  ownLoopWeights: /* @__PURE__ */ new Map(),
  weighted: /* @__PURE__ */ new Map(),
  weightedPredicated: /* @__PURE__ */ new Map(),
  reachable: /* @__PURE__ */ new Set([name])
});
var emptyMarkers = () => ({ memory: /* @__PURE__ */ new Map(), fma: /* @__PURE__ */ new Map(), contractible: /* @__PURE__ */ new Map() });
var lineKey = (file, line) => `${path.posix.normalize(file)}\0${line}`;
function sourceKey(source) {
  return source?.file ? lineKey(source.file, source.line) : null;
}
var add = (into, key2, value) => into.set(key2, (into.get(key2) ?? 0) + value);
function addCallee(into, callee, times) {
  for (const [key2, value] of callee.weighted) add(into.weighted, key2, value * times);
  for (const [key2, value] of callee.weightedPredicated) add(into.weightedPredicated, key2, value * times);
  for (const name of callee.reachable) into.reachable.add(name);
}
function tallyInstruction(into, key2, weight, marker = null, loop = "", weightPredicated = weight) {
  if (key2 === null) return;
  add(into.own, key2, 1);
  if (marker !== null) add(into.ownMarkers[marker], key2, 1);
  let byLoop = into.ownLoopWeights.get(key2);
  if (byLoop === void 0) into.ownLoopWeights.set(key2, byLoop = /* @__PURE__ */ new Map());
  add(byLoop, loop, weight);
  if (weight !== 0) add(into.weighted, key2, weight);
  if (weightPredicated !== 0) add(into.weightedPredicated, key2, weightPredicated);
}
var RARE_TOOLKIT_ROUTINE = /slowpath|mediumpath/;
var TOOLKIT_ROUTINE = /^\$__internal_\d+_\$_/;
var IF_CONVERTED_SHARE = 0.5;
var sassTotal = (estimates) => estimates.reduce((sum2, entry) => sum2 + entry.perThread, 0);
function estimateSassLines(lines, tally, ownOf) {
  const statics = /* @__PURE__ */ new Map();
  const staticMarkers = emptyMarkers();
  const loopWeights = /* @__PURE__ */ new Map();
  for (const name of tally.reachable) {
    const own = ownOf(name);
    for (const [key2, value] of own?.own ?? []) add(statics, key2, value);
    for (const marker of COPY_MARKERS) for (const [key2, value] of own?.ownMarkers[marker] ?? []) add(staticMarkers[marker], key2, value);
    for (const [key2, byLoop] of own?.ownLoopWeights ?? []) {
      let merged = loopWeights.get(key2);
      if (merged === void 0) loopWeights.set(key2, merged = /* @__PURE__ */ new Map());
      for (const [loop, weight] of byLoop) add(merged, `${name}:${loop}`, weight);
    }
  }
  const loopOf = /* @__PURE__ */ new Map();
  for (const [key2, byLoop] of loopWeights) {
    let best = null;
    for (const [loop, weight] of byLoop) if (best === null || weight > byLoop.get(best)) best = loop;
    if (best !== null) loopOf.set(key2, best);
  }
  const lineCounts = (entry, key2, withPtx) => ({
    sassMemory: (entry.globalMemory ?? 0) + (entry.sharedMemory ?? 0),
    sassFma: entry.fma ?? 0,
    ptxMemory: withPtx ? staticMarkers.memory.get(key2) ?? 0 : 0,
    ptxFma: withPtx ? staticMarkers.fma.get(key2) ?? 0 : 0,
    contractible: withPtx ? staticMarkers.contractible.get(key2) ?? 0 : 0
  });
  const loopCounts = /* @__PURE__ */ new Map();
  const counted = /* @__PURE__ */ new Set();
  for (const entry of lines) {
    const key2 = lineKey(entry.file, entry.line);
    const loop = loopOf.get(key2);
    if (!loop || loop.endsWith(":")) continue;
    const line = lineCounts(entry, key2, !counted.has(key2));
    counted.add(key2);
    const sum2 = loopCounts.get(loop);
    loopCounts.set(loop, sum2 ? addCounts(sum2, line) : line);
  }
  const estimates = [];
  const push = (entry, perThread) => estimates.push({
    file: entry.file,
    line: entry.line,
    ...entry.subroutine !== void 0 ? { subroutine: entry.subroutine } : {},
    instructions: entry.instructions,
    perThread
  });
  for (const entry of lines) {
    if (entry.outOfLine) {
      push(entry, 0);
      continue;
    }
    if (entry.subroutine !== void 0 && TOOLKIT_ROUTINE.test(entry.subroutine)) {
      push(entry, RARE_TOOLKIT_ROUTINE.test(entry.subroutine) ? 0 : entry.instructions);
      continue;
    }
    const key2 = lineKey(entry.file, entry.line);
    const count = statics.get(key2) ?? 0;
    if (count === 0) {
      push(entry, entry.instructions);
      continue;
    }
    const loop = loopOf.get(key2);
    const inLoop = loop && !loop.endsWith(":") ? loopCounts.get(loop) : void 0;
    const counts = inLoop ?? lineCounts(entry, key2, true);
    const fmaCopies = counts.contractible === 0 ? ratio(counts.sassFma, counts.ptxFma) : 1;
    const copies = Math.max(1, ratio(counts.sassMemory, counts.ptxMemory), fmaCopies);
    const ifConverted = (entry.predicated ?? 0) >= IF_CONVERTED_SHARE * entry.instructions;
    const executions = (ifConverted ? tally.weightedPredicated : tally.weighted).get(key2) ?? 0;
    push(entry, entry.instructions * executions / count / copies);
  }
  return estimates;
}
var COPY_MARKERS = ["memory", "fma", "contractible"];
var ratio = (sass, ptx) => ptx > 0 ? sass / ptx : 1;
function addCounts(a, b) {
  return {
    sassMemory: a.sassMemory + b.sassMemory,
    ptxMemory: a.ptxMemory + b.ptxMemory,
    sassFma: a.sassFma + b.sassFma,
    ptxFma: a.ptxFma + b.ptxFma,
    contractible: a.contractible + b.contractible
  };
}

// src/ptx/mix.ts
function emptyCounts() {
  return {
    fp32: 0,
    fp64: 0,
    fp16: 0,
    integer: 0,
    sfu: 0,
    tensor: 0,
    conversion: 0,
    move: 0,
    predicate: 0,
    control: 0,
    barrier: 0,
    atomic: 0,
    load: {},
    store: {},
    other: 0,
    total: 0
  };
}
var CATEGORY_SLOTS = [
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
var SPACE_SLOTS = ["global", "shared", "local", "const", "param", "tex", "surf", "generic"];
var LOAD_BASE = CATEGORY_SLOTS.length;
var STORE_BASE = LOAD_BASE + SPACE_SLOTS.length;
var SLOT_COUNT = STORE_BASE + SPACE_SLOTS.length;
function spaceSlot(space) {
  switch (space) {
    case "global":
      return 0;
    case "shared":
      return 1;
    case "local":
      return 2;
    case "const":
      return 3;
    case "param":
      return 4;
    case "tex":
      return 5;
    case "surf":
      return 6;
    default:
      return 7;
  }
}
function slotOf(c, space) {
  switch (c.category) {
    case "load":
      return LOAD_BASE + spaceSlot(space);
    case "store":
      return STORE_BASE + spaceSlot(space);
    case "fp32":
      return 0;
    case "fp64":
      return 1;
    case "fp16":
      return 2;
    case "integer":
      return 3;
    case "sfu":
      return 4;
    case "tensor":
      return 5;
    case "conversion":
      return 6;
    case "move":
      return 7;
    case "predicate":
      return 8;
    case "control":
      return 9;
    case "barrier":
      return 10;
    case "atomic":
      return 11;
    default:
      return 12;
  }
}
function countsFromTally(tally) {
  const counts = {
    fp32: tally[0],
    fp64: tally[1],
    fp16: tally[2],
    integer: tally[3],
    sfu: tally[4],
    tensor: tally[5],
    conversion: tally[6],
    move: tally[7],
    predicate: tally[8],
    control: tally[9],
    barrier: tally[10],
    atomic: tally[11],
    load: {},
    store: {},
    other: tally[12],
    total: 0
  };
  let total = 0;
  for (let i = 0; i < CATEGORY_SLOTS.length; i++) total += tally[i];
  for (let i = 0; i < SPACE_SLOTS.length; i++) {
    const space = SPACE_SLOTS[i];
    if (tally[LOAD_BASE + i] > 0) counts.load[space] = tally[LOAD_BASE + i];
    if (tally[STORE_BASE + i] > 0) counts.store[space] = tally[STORE_BASE + i];
    total += tally[LOAD_BASE + i] + tally[STORE_BASE + i];
  }
  counts.total = total;
  return counts;
}
function addCounts2(into, from, times) {
  for (const key2 of [
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
    "total"
  ]) {
    into[key2] += from[key2] * times;
  }
  for (const [k, v] of Object.entries(from.load)) into.load[k] = (into.load[k] ?? 0) + v * times;
  for (const [k, v] of Object.entries(from.store)) into.store[k] = (into.store[k] ?? 0) + v * times;
}
function addTo(prov, reg, space) {
  let set = prov.get(reg);
  if (!set) prov.set(reg, set = /* @__PURE__ */ new Set());
  if (set.has(space)) return false;
  set.add(space);
  return true;
}
var PROVENANCE_OPS = /* @__PURE__ */ new Set(["cvta", "ld", "mov", "add", "sub", "mad", "cvt", "selp"]);
function addressProvenance(module, fn, facts = functionFacts(fn)) {
  const prov = /* @__PURE__ */ new Map();
  const globalsSpace = new Map(module.globals.map((g) => [g.name, g.stateSpace]));
  for (const s of fn.body) if (s.kind === "var") globalsSpace.set(s.name, s.stateSpace);
  const entryParams = new Set(fn.kind === "entry" ? fn.params.map((p) => p.name) : []);
  const candidates = [];
  for (let i = 0; i < fn.body.length; i++) {
    const s = fn.body[i];
    if (s.kind === "instruction" && PROVENANCE_OPS.has(s.mnemonic) && facts.destsAt(i).length === 1) candidates.push(i);
  }
  for (let pass2 = 0; pass2 < 8; pass2++) {
    let changed = false;
    for (const index of candidates) {
      const ins = fn.body[index];
      const dest = facts.destsAt(index)[0];
      const m = ins.mnemonic;
      if (m === "cvta") {
        const space = ins.modifiers.find((x) => x === "global" || x === "shared" || x === "local" || x === "const");
        if (space) changed = addTo(prov, dest, space) || changed;
        continue;
      }
      if (m === "ld" && ins.modifiers[0] === "param") {
        const addr = ins.operands[1];
        if (addr?.kind === "address" && addr.base?.kind === "symbol" && entryParams.has(addr.base.name) && /64$/.test(ins.modifiers[ins.modifiers.length - 1] ?? "")) {
          changed = addTo(prov, dest, "global") || changed;
        }
        continue;
      }
      if (m === "mov" || m === "add" || m === "sub" || m === "mad" || m === "cvt" || m === "selp") {
        for (const op of ins.operands.slice(1)) {
          if (op.kind === "symbol") {
            const space = globalsSpace.get(op.name);
            if (space === "shared" || space === "global" || space === "const" || space === "local")
              changed = addTo(prov, dest, space) || changed;
          } else if (op.kind === "register") {
            if (op.name === "%SP" || op.name === "%SPL") changed = addTo(prov, dest, "local") || changed;
            for (const space of prov.get(op.name) ?? []) changed = addTo(prov, dest, space) || changed;
          }
        }
      }
    }
    if (!changed) break;
  }
  return prov;
}
function addressRegister(ins) {
  for (const op of ins.operands) if (op.kind === "address" && op.base?.kind === "register") return op.base.name;
  return null;
}
function newLoadBatch() {
  return { open: false, ordered: false, results: /* @__PURE__ */ new Set() };
}
var ORDERING_CATEGORIES = /* @__PURE__ */ new Set(["store", "atomic", "barrier"]);
var FLOATING_CATEGORIES = /* @__PURE__ */ new Set(["fp32", "fp64", "fp16", "sfu", "tensor"]);
function globalLoadBatch(batch, ins, c, space, dests) {
  if (c.category === "load" && c.longLatency && space !== "local" && space !== "shared" && space !== "const" && space !== "param") {
    const nonCoherent = ins.modifiers.includes("nc") || ins.mnemonic === "ldu" || space === "tex";
    const starts = !batch.open || batch.ordered && !nonCoherent || readsAny(ins, batch.results, dests.length > 0);
    if (starts) {
      batch.open = true;
      batch.ordered = false;
      batch.results.clear();
    }
    for (const d of dests) batch.results.add(d);
    return starts;
  }
  if (!batch.open) return false;
  if (ins.mnemonic === "call" || ORDERING_CATEGORIES.has(c.category) && space !== "shared" && space !== "local") batch.ordered = true;
  if (dests.length > 0 && !FLOATING_CATEGORIES.has(c.category) && readsAny(ins, batch.results, true))
    for (const d of dests) batch.results.add(d);
  return false;
}
function blockingStatements(cfg, classes, facts) {
  const body = cfg.fn.body;
  const blocking = new Array(body.length).fill(0);
  const rpoIndex = new Array(cfg.blocks.length).fill(-1);
  for (let i = 0; i < cfg.reversePostorder.length; i++) rpoIndex[cfg.reversePostorder[i]] = i;
  let acyclic = true;
  for (const b of cfg.reversePostorder) {
    for (const p of cfg.blocks[b].predecessors) if (rpoIndex[p] >= rpoIndex[b]) acyclic = false;
  }
  const outSets = cfg.blocks.map(() => []);
  let changed = true;
  for (let iteration = 0; changed && iteration < 50; iteration++) {
    if (iteration === 1 && acyclic) break;
    changed = false;
    for (const b of cfg.reversePostorder) {
      const pending = [];
      for (const p of cfg.blocks[b].predecessors) for (const r of outSets[p]) if (!pending.includes(r)) pending.push(r);
      for (const s of cfg.blocks[b].statements) {
        const c = classes[s];
        let blocks = c.blocking;
        if (!blocks && pending.length > 0) blocks = readsAny(body[s], pending, facts.destsAt(s).length > 0);
        if (blocks) {
          blocking[s] = 1;
          if (!c.blocking) pending.length = 0;
        }
        if (c.longLatency) {
          for (const d of facts.destsAt(s)) if (!pending.includes(d)) pending.push(d);
        } else if (pending.length > 0) deleteWritten(body[s], pending, facts.destsAt(s));
      }
      if (!sameSet(pending, outSets[b])) {
        outSets[b] = pending;
        changed = true;
      }
    }
  }
  return blocking;
}
function holds(registers, name) {
  return Array.isArray(registers) ? registers.includes(name) : registers.has(name);
}
function readsAny(ins, pending, writes) {
  if (ins.guard && holds(pending, ins.guard.register)) return true;
  const ops = ins.operands;
  const first = ops[0];
  const skipFirst = first !== void 0 && (first.kind === "register" || first.kind === "vector") && writes;
  for (let i = skipFirst ? 1 : 0; i < ops.length; i++) if (operandReads(ops[i], pending)) return true;
  return false;
}
function operandReads(op, pending) {
  switch (op.kind) {
    case "register":
    case "negated-predicate":
      return holds(pending, op.name);
    case "address":
      return op.base !== null && operandReads(op.base, pending);
    case "vector":
      for (const e of op.elements) if (operandReads(e, pending)) return true;
      return false;
    default:
      return false;
  }
}
function deleteWritten(ins, pending, written) {
  const first = ins.operands[0];
  if (first === void 0) return;
  if (first.kind === "register") {
    const at = pending.indexOf(first.name);
    if (at >= 0 && written.length > 0) pending.splice(at, 1);
  } else if (first.kind === "vector") {
    if (first.elements.some((e) => e.kind === "register" && pending.includes(e.name))) {
      for (const d of written) {
        const at = pending.indexOf(d);
        if (at >= 0) pending.splice(at, 1);
      }
    }
  }
}
function sameSet(a, b) {
  if (a.length !== b.length) return false;
  for (const x of a) if (!b.includes(x)) return false;
  return true;
}
function loopControlBlocks(cfg, loops) {
  const control = /* @__PURE__ */ new Set();
  for (const loop of loops) {
    const inLoop = new Set(loop.blocks);
    for (const b of loop.blocks) {
      if (cfg.blocks[b].successors.some((s) => !inLoop.has(s) || s === loop.header)) control.add(b);
    }
  }
  return control;
}
function innermostLoops(cfg, loops) {
  const depth = new Array(cfg.blocks.length).fill(-1);
  const loopOf = new Array(cfg.blocks.length).fill("");
  for (const loop of loops)
    for (const block of loop.blocks)
      if (loop.depth > depth[block]) {
        depth[block] = loop.depth;
        loopOf[block] = String(loop.header);
      }
  return loopOf;
}
function copyMarker(ins, c) {
  if ((c.space === "global" || c.space === "shared") && (ins.mnemonic === "ld" || ins.mnemonic === "ldu" || ins.mnemonic === "st"))
    return "memory";
  if (ins.modifiers.includes("f32")) {
    if (ins.mnemonic === "fma") return "fma";
    const rounded = ins.modifiers.some((m) => m === "rn" || m === "rz" || m === "rm" || m === "rp");
    if ((ins.mnemonic === "mul" || ins.mnemonic === "add" || ins.mnemonic === "sub") && !rounded) return "contractible";
  }
  return null;
}
function callContext(module, root, lines) {
  const bodies = /* @__PURE__ */ new Map();
  for (const f of module.functions) if (f.hasBody && !bodies.has(f.name)) bodies.set(f.name, f);
  const stack = /* @__PURE__ */ new Set();
  stack.add(root);
  return { stack, summaries: /* @__PURE__ */ new Map(), bodies, ownLines: lines ? /* @__PURE__ */ new Map() : null };
}
function calleeSummary(module, callee, loopOptions, context) {
  const known2 = context.summaries.get(callee.name);
  if (known2) return known2;
  context.stack.add(callee.name);
  const calleeCfg = buildCfg(callee);
  const calleeLoops = findLoops(calleeCfg, loopOptions);
  const inner = analyzeFunction(module, callee, calleeCfg, calleeLoops, statementWeights(calleeCfg, calleeLoops), loopOptions, context);
  context.stack.delete(callee.name);
  if (!inner.cutRecursion) context.summaries.set(callee.name, inner);
  return inner;
}
function analyzeFunction(module, fn, cfg, loops, weights, loopOptions, context) {
  const body = fn.body;
  const classes = new Array(body.length).fill(null);
  const facts = functionFacts(fn);
  let prov = null;
  const control = loopControlBlocks(cfg, loops);
  const staticTally = new Array(SLOT_COUNT).fill(0);
  const dynamicTally = new Array(SLOT_COUNT).fill(0);
  const totals = {
    dynamic: emptyCounts(),
    weighted: 0,
    flops: 0,
    globalLoadBytes: 0,
    globalStoreBytes: 0,
    sharedLoadBytes: 0,
    sharedStoreBytes: 0,
    localLoadBytes: 0,
    localStoreBytes: 0,
    blocking: 0,
    globalLoadBatches: 0,
    globalLoadReach: 0,
    unknownBranches: false,
    assumed: loops.some((l) => (l.tripCount === null || l.upperBound === true) && (cfg.live?.[l.header] ?? 1) > 0)
  };
  const calleeCounts = [];
  const lines = context.ownLines ? emptyTally(fn.name) : null;
  context.ownLines?.set(fn.name, lines);
  const innermostLoop = lines ? innermostLoops(cfg, loops) : [];
  const armWeights = lines ? branchArmWeights(cfg, weights, innermostLoop) : [];
  const calleeBlocking = [];
  let cutRecursion = false;
  for (const block of cfg.blocks) {
    const batch = newLoadBatch();
    for (const s of block.statements) {
      const ins = body[s];
      const c = classify(ins);
      classes[s] = c;
      let space = c.space;
      if (space === "generic") {
        prov ??= addressProvenance(module, fn, facts);
        const reg = addressRegister(ins);
        const spaces = reg ? prov.get(reg) : void 0;
        if (spaces && spaces.size === 1) space = [...spaces][0];
      }
      const w = weights[s];
      if (globalLoadBatch(batch, ins, c, space, facts.destsAt(s))) totals.globalLoadBatches += w;
      const slot = slotOf(c, space);
      staticTally[slot] += 1;
      if (lines) tallyInstruction(lines, sourceKey(ins.source), w, copyMarker(ins, c), innermostLoop[block.id], armWeights[block.id]);
      if (w === 0) continue;
      dynamicTally[slot] += w;
      totals.weighted += c.weight * w;
      totals.flops += c.flops * w;
      if (c.bytes > 0) {
        if (c.category === "load" && space === "global") {
          totals.globalLoadBytes += c.bytes * w;
          totals.globalLoadReach = Math.max(totals.globalLoadReach, cfg.live?.[block.id] ?? 1);
        }
        if (c.category === "store" && space === "global") totals.globalStoreBytes += c.bytes * w;
        if (c.category === "load" && space === "shared") totals.sharedLoadBytes += c.bytes * w;
        if (c.category === "store" && space === "shared") totals.sharedStoreBytes += c.bytes * w;
        if (c.category === "load" && space === "local") totals.localLoadBytes += c.bytes * w;
        if (c.category === "store" && space === "local") totals.localStoreBytes += c.bytes * w;
        if (ins.mnemonic === "cp") totals.sharedStoreBytes += c.bytes * w;
      }
      if (ins.mnemonic === "bra" && ins.guard) {
        const b = cfg.blockOfStatement[s];
        if (cfg.blocks[b].successors.length > 1 && !cfg.decided?.[b] && !control.has(b)) totals.unknownBranches = true;
      }
      if (ins.mnemonic === "call") {
        const target = ins.operands.find((o) => o.kind === "symbol");
        const callee = target && target.kind === "symbol" ? context.bodies.get(target.name) : void 0;
        if (callee && context.stack.has(callee.name)) cutRecursion = true;
        if (callee && !context.stack.has(callee.name)) {
          const inner = calleeSummary(module, callee, loopOptions, context);
          cutRecursion ||= inner.cutRecursion;
          const t = inner.totals;
          calleeCounts.push([t.dynamic, w]);
          if (lines && inner.lines) addCallee(lines, inner.lines, w);
          totals.weighted += t.weighted * w;
          totals.flops += t.flops * w;
          totals.globalLoadBytes += t.globalLoadBytes * w;
          totals.globalStoreBytes += t.globalStoreBytes * w;
          totals.sharedLoadBytes += t.sharedLoadBytes * w;
          totals.sharedStoreBytes += t.sharedStoreBytes * w;
          totals.localLoadBytes += t.localLoadBytes * w;
          totals.localStoreBytes += t.localStoreBytes * w;
          totals.globalLoadBatches += t.globalLoadBatches * w;
          totals.globalLoadReach = Math.max(totals.globalLoadReach, (cfg.live?.[block.id] ?? 1) * t.globalLoadReach);
          calleeBlocking.push(s, t.blocking * w);
          totals.unknownBranches ||= t.unknownBranches;
          totals.assumed ||= t.assumed;
        }
      }
    }
  }
  const blocking = blockingStatements(cfg, classes, facts);
  let next2 = 0;
  for (let s = 0; s < body.length; s++) {
    const w = weights[s];
    if (classes[s] === null || w === 0) continue;
    if (blocking[s]) totals.blocking += w;
    if (next2 < calleeBlocking.length && calleeBlocking[next2] === s) {
      totals.blocking += calleeBlocking[next2 + 1];
      next2 += 2;
    }
  }
  totals.dynamic = countsFromTally(dynamicTally);
  for (const [counts, times] of calleeCounts) addCounts2(totals.dynamic, counts, times);
  return { static: countsFromTally(staticTally), totals, cutRecursion, lines };
}
function intensities(counts) {
  const total = counts.total;
  if (total === 0) return { fl: 0, mem: 0, ctrl: 0, reg: 0 };
  const sum2 = (m) => Object.values(m).reduce((a, b) => a + b, 0);
  const fl = counts.fp32 + counts.fp64 + counts.fp16 + counts.sfu + counts.tensor + counts.integer + counts.conversion;
  const mem = sum2(counts.load) + sum2(counts.store) + counts.atomic;
  const ctrl = counts.control + counts.barrier + counts.move + counts.predicate;
  const reg = total - mem - counts.control - counts.barrier;
  return { fl: fl / total, mem: mem / total, ctrl: ctrl / total, reg: reg / total };
}
function analyzeInstructions(module, fn, cfg, loops, weights, loopOptions = {}, sassLines) {
  const context = callContext(module, fn.name, sassLines !== void 0);
  const { static: staticCounts, totals, lines } = analyzeFunction(module, fn, cfg, loops, weights, loopOptions, context);
  const sassLineEstimates = sassLines && lines ? estimateSassLines(sassLines, lines, (name) => context.ownLines?.get(name)) : void 0;
  return {
    mix: { static: staticCounts, dynamic: totals.dynamic, weightedDynamic: totals.weighted, intensities: intensities(totals.dynamic) },
    perThread: {
      instructions: totals.dynamic.total,
      flops: totals.flops,
      globalLoadBytes: totals.globalLoadBytes,
      globalStoreBytes: totals.globalStoreBytes,
      sharedLoadBytes: totals.sharedLoadBytes,
      sharedStoreBytes: totals.sharedStoreBytes,
      localLoadBytes: totals.localLoadBytes,
      localStoreBytes: totals.localStoreBytes,
      globalLoadBatches: totals.globalLoadBatches,
      // Only where a bounds check leaves threads idle: absent means every thread loads.
      ...totals.globalLoadBytes > 0 && totals.globalLoadReach < 1 ? { globalLoadThreadShare: totals.globalLoadReach } : {},
      ...sassLineEstimates ? { sassInstructions: sassTotal(sassLineEstimates) } : {},
      dependentCycles: dependentCycles(cfg, weights),
      unknownBranchesCountedTaken: totals.unknownBranches,
      usesAssumedTripCounts: totals.assumed
    },
    regions: totals.blocking + 1,
    ...sassLineEstimates ? { sassLineEstimates } : {}
  };
}
var MAX_IF_CONVERTED_ARM = 32;
function branchArmWeights(cfg, weights, innermostLoop) {
  return cfg.blocks.map((block) => {
    const own = block.statements.length ? weights[block.statements[0]] : 0;
    if (block.predecessors.length !== 1 || block.statements.length > MAX_IF_CONVERTED_ARM) return own;
    const branch = cfg.blocks[block.predecessors[0]];
    if (branch.successors.length !== 2 || innermostLoop[branch.id] !== innermostLoop[block.id] || !branch.statements.length) return own;
    return Math.max(own, weights[branch.statements[branch.statements.length - 1]]);
  });
}

// src/analysis/kernel-params.ts
function kernelSignatures(source) {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/\/\/[^\n]*/g, " ");
  const kernels = /* @__PURE__ */ new Map();
  const global = /__global__/g;
  for (let m = global.exec(text); m; m = global.exec(text)) {
    const open = text.indexOf("(", m.index);
    if (open < 0) break;
    let head = text.slice(m.index, open);
    let nameMatch = /([A-Za-z_]\w*)\s*$/.exec(head);
    let paren = open;
    while (nameMatch && /^__\w+__$/.test(nameMatch[1])) {
      const close2 = matching(text, paren);
      if (close2 < 0) break;
      paren = text.indexOf("(", close2 + 1);
      if (paren < 0) break;
      head = text.slice(close2 + 1, paren);
      nameMatch = /([A-Za-z_]\w*)\s*$/.exec(head);
    }
    if (!nameMatch) continue;
    const close = matching(text, paren);
    if (close < 0) continue;
    const names = splitTopLevel(text.slice(paren + 1, close)).map(parameterName).filter((n) => n !== "");
    if (!kernels.has(nameMatch[1])) kernels.set(nameMatch[1], names);
  }
  return kernels;
}
function matching(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i;
  }
  return -1;
}
function splitTopLevel(list) {
  const parts = [];
  let depth = 0, start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === "(" || c === "<" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === ">" || c === "]" || c === "}") depth--;
    else if (c === "," && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  if (list.trim() !== "") parts.push(list.slice(start));
  return parts;
}
function parameterName(declaration) {
  const d = declaration.replace(/=.*$/s, "").replace(/\[[^\]]*\]/g, "").trim();
  if (d === "void" || d === "...") return "";
  const pointerToFunction = /\(\s*\*\s*([A-Za-z_]\w*)\s*\)\s*\(/.exec(d);
  if (pointerToFunction) return pointerToFunction[1];
  const m = /([A-Za-z_]\w*)\s*$/.exec(d);
  return m ? m[1] : "";
}
function bareKernelName(displayName) {
  let s = displayName.trim();
  if (s.endsWith(")")) {
    let depth = 0, i = s.length - 1;
    for (; i >= 0; i--) {
      if (s[i] === ")") depth++;
      else if (s[i] === "(" && --depth === 0) break;
    }
    s = s.slice(0, Math.max(0, i)).trimEnd();
  }
  while (s.endsWith(">")) {
    let depth = 0, i = s.length - 1;
    for (; i >= 0; i--) {
      if (s[i] === ">") depth++;
      else if (s[i] === "<" && --depth === 0) break;
    }
    s = s.slice(0, Math.max(0, i)).trimEnd();
  }
  return s.replace(/^.*::/, "").replace(/^.*\s/, "");
}
function resolveParams(given, kernel, names, paramCount) {
  const values = {};
  const errors = [];
  for (const [name, value] of Object.entries(given)) {
    if (/^\d+$/.test(name)) {
      const index2 = Number(name);
      if (index2 >= paramCount)
        errors.push(`parameter index ${index2} out of range: ${kernel} has ${paramCount} parameter${paramCount === 1 ? "" : "s"}`);
      else values[index2] = value;
      continue;
    }
    const index = names ? names.indexOf(name) : -1;
    if (index >= 0 && index < paramCount) values[index] = value;
    else errors.push(`unknown parameter '${name}' for ${kernel}: ${describeParams(names, paramCount)}`);
  }
  return { values, errors };
}
function describeParams(names, paramCount) {
  if (names) return names.length === 0 ? "it has no parameters" : `its parameters are ${names.map((n, i) => `${i}:${n}`).join(", ")}`;
  return `parameter names unknown (no .cu source); use indexes 0..${paramCount - 1}`;
}
function parseParamAssignment(item) {
  const eq = item.indexOf("=");
  if (eq <= 0)
    return { error: `--param expects NAME=VALUE (NAME: parameter name or 0-based index, optionally KERNEL:NAME), got '${item}'` };
  const left = item.slice(0, eq).trim();
  const text = item.slice(eq + 1).trim();
  const value = Number(text);
  const colon = left.lastIndexOf(":");
  const kernel = colon > 0 ? left.slice(0, colon) : null;
  const name = colon > 0 ? left.slice(colon + 1) : left;
  if (!/^(\d+|[A-Za-z_]\w*)$/.test(name))
    return { error: `--param name must be a parameter name or 0-based index, got '${name}' in '${item}'` };
  if (text === "" || !Number.isFinite(value)) return { error: `--param ${left}: value '${text}' is not a number` };
  return { kernel, name, value };
}

// src/analysis/memory/expr.ts
function carriedExpr(id, entry, reason, label, loop) {
  const node = { op: "carried", id, entry, reason, label, loop };
  Object.defineProperty(node, "latches", { value: null, writable: true, enumerable: false });
  return node;
}
function setCarriedLatches(node, latches) {
  node.latches = latches;
}
var constant = (value) => ({ op: "const", value });
var symbol = (name) => ({ op: "sym", name });
var opaque = (uniform, indirect, reason, key2, label) => ({
  op: "opaque",
  uniform,
  indirect,
  reason,
  ...key2 !== void 0 ? { key: key2 } : {},
  ...label !== void 0 ? { label } : {}
});
function childrenOf(expr) {
  switch (expr.op) {
    case "const":
    case "sym":
    case "opaque":
      return [];
    case "carried":
      return [expr.entry, ...expr.latches ?? []];
    case "neg":
    case "not":
    case "cvta":
      return [expr.a];
    case "pred":
      return expr.parts;
    case "cmp":
      return [expr.a, expr.b];
    case "select":
      return [expr.cond, expr.a, expr.b];
    default:
      return [expr.a, expr.b];
  }
}
function gcd(a, b) {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}
function isLaneSymbol(name) {
  return name.startsWith("%tid.") || name === "%laneid";
}
function isUniformExpr(expr) {
  switch (expr.op) {
    case "const":
      return true;
    case "sym":
      return !isLaneSymbol(expr.name);
    case "opaque":
      return expr.uniform;
    case "carried":
      return false;
    case "neg":
    case "not":
    case "cvta":
      return isUniformExpr(expr.a);
    case "pred":
      return expr.parts.every(isUniformExpr);
    case "select":
      return isUniformExpr(expr.cond) && isUniformExpr(expr.a) && isUniformExpr(expr.b);
    default:
      return isUniformExpr(expr.a) && isUniformExpr(expr.b);
  }
}
function provenance(expr) {
  switch (expr.op) {
    case "cvta":
      return expr.space;
    case "sym":
      return expr.name.startsWith("shared:") ? "shared" : expr.name.startsWith("global:") ? "global" : null;
    case "add":
    case "sub":
    case "select":
      return provenance(expr.a) ?? provenance(expr.b);
    case "carried":
      return provenance(expr.entry);
    default:
      return null;
  }
}
var ExprNumbering = class {
  ids = /* @__PURE__ */ new WeakMap();
  byKey = /* @__PURE__ */ new Map();
  /** Nodes of two children (and one-child nodes, right child -1) by kind, then by their children's numbers packed in one number. */
  byChildren = /* @__PURE__ */ new Map();
  count = 0;
  id(expr) {
    let id = this.ids.get(expr);
    if (id === void 0) {
      id = this.numberOf(expr);
      this.ids.set(expr, id);
    }
    return id;
  }
  /** Structural equality. */
  same(left, right) {
    return left === right || this.id(left) === this.id(right);
  }
  numberOf(expr) {
    let kind = null;
    let left = 0;
    let right = -1;
    switch (expr.op) {
      case "neg":
      case "not":
        kind = expr.op;
        left = this.id(expr.a);
        break;
      case "cmp":
        kind = expr.cmp;
        left = this.id(expr.a);
        right = this.id(expr.b);
        break;
      case "const":
      case "sym":
      case "opaque":
      case "carried":
      case "cvta":
      case "pred":
      case "select":
        break;
      default:
        kind = expr.bits === void 0 ? expr.op : `${expr.op}${expr.bits}`;
        left = this.id(expr.a);
        right = this.id(expr.b);
    }
    if (kind !== null && left < CHILD_LIMIT && right < CHILD_LIMIT) {
      let byPair = this.byChildren.get(kind);
      if (byPair === void 0) this.byChildren.set(kind, byPair = /* @__PURE__ */ new Map());
      const pair = left * CHILD_LIMIT + right + 1;
      let id2 = byPair.get(pair);
      if (id2 === void 0) byPair.set(pair, id2 = this.count++);
      return id2;
    }
    const key2 = kind !== null ? `#${kind} ${left} ${right}` : this.key(expr);
    let id = this.byKey.get(key2);
    if (id === void 0) this.byKey.set(key2, id = this.count++);
    return id;
  }
  /** Text key of the nodes numberOf does not key by their children (leaves, cvta, pred, select, carried). */
  key(expr) {
    switch (expr.op) {
      case "const":
        return `c${Object.is(expr.value, -0) ? "-0" : expr.value}`;
      case "sym":
        return `s${expr.name}`;
      case "opaque":
        return `o${JSON.stringify([expr.uniform, expr.indirect, expr.reason, expr.key ?? null, expr.label ?? null])}`;
      case "carried":
        return `carried ${expr.id}`;
      case "cvta":
        return `cvta ${expr.space} ${expr.toGeneric} ${this.id(expr.a)}`;
      case "pred":
        return `pred ${expr.combine} ${expr.parts.map((part) => this.id(part)).join(" ")}`;
      case "select":
        return `select ${this.id(expr.cond)} ${this.id(expr.a)} ${this.id(expr.b)} ${expr.fallback ? this.id(expr.fallback) : ""} ${JSON.stringify(expr.reason)}`;
      default:
        throw new Error(`ExprNumbering: ${expr.op} nodes are keyed by their children`);
    }
  }
};
var CHILD_LIMIT = 1 << 26;
var sizes = /* @__PURE__ */ new WeakMap();
function expandedSize(expr) {
  let size = sizes.get(expr);
  if (size === void 0) {
    switch (expr.op) {
      case "const":
      case "sym":
      case "opaque":
      case "carried":
        size = 1;
        break;
      case "neg":
      case "not":
      case "cvta":
        size = 1 + expandedSize(expr.a);
        break;
      case "pred":
        size = expr.parts.reduce((sum2, part) => sum2 + expandedSize(part), 1);
        break;
      case "select":
        size = 1 + expandedSize(expr.cond) + expandedSize(expr.a) + expandedSize(expr.b);
        break;
      default:
        size = 1 + expandedSize(expr.a) + expandedSize(expr.b);
    }
    sizes.set(expr, size);
  }
  return size;
}
var EXPANDED_SIZE_LIMIT = 262144;
function formatExpr(expr) {
  switch (expr.op) {
    case "const":
      return String(expr.value);
    case "sym":
      return expr.name;
    case "opaque":
      return `?(${expr.reason})`;
    case "carried":
      return `carried#${expr.id}(${formatExpr(expr.entry)})`;
    case "neg":
      return `-(${formatExpr(expr.a)})`;
    case "not":
      return `~(${formatExpr(expr.a)})`;
    case "cvta":
      return formatExpr(expr.a);
    case "cmp":
      return `(${formatExpr(expr.a)} ${expr.cmp} ${formatExpr(expr.b)})`;
    case "pred":
      return `${expr.combine}(${expr.parts.map(formatExpr).join(", ")})`;
    case "select":
      return `(${formatExpr(expr.cond)} ? ${formatExpr(expr.a)} : ${formatExpr(expr.b)})`;
    default:
      return `(${formatExpr(expr.a)} ${expr.op} ${formatExpr(expr.b)})`;
  }
}

// src/analysis/memory/symbols.ts
function uniformName(key2, label) {
  const clean = (text) => text.replace(/[*+|]/g, "_");
  return `u:${clean(key2)}|${clean(label)}`;
}
function uniformSymbolName(expr) {
  if (!expr.uniform || expr.key === void 0) return null;
  return uniformName(expr.key, expr.label ?? expr.reason);
}
function factorText(name) {
  if (name.startsWith("u:")) return name.slice(name.indexOf("|") + 1);
  const param = /^param:.*?(param_\d+)(\+\d+)?$/.exec(name);
  if (param) return `${param[1]}${param[2] ?? ""}`;
  return name.replace(/^(param|var|global|shared):/, "");
}
var monomialTexts = /* @__PURE__ */ new Map();
function monomialText(monomial) {
  let text = monomialTexts.get(monomial);
  if (text === void 0) {
    text = monomial.split("*").map(factorText).join("\xB7");
    if (monomialTexts.size > 1e4) monomialTexts.clear();
    monomialTexts.set(monomial, text);
  }
  return text;
}

// src/analysis/memory/linear.ts
var isUnknown = (value) => "unknown" in value;
var NO_TERMS = /* @__PURE__ */ new Map();
var linear = (constant2, terms = NO_TERMS) => ({ constant: constant2, terms });
var unknown2 = (reason, indirect = false) => ({ unknown: true, indirect, reason });
function isConstant2(value) {
  return value.terms.size === 0;
}
function addScaled(left, right, scale3) {
  if (right.terms.size === 0) return linear(left.constant + scale3 * right.constant, left.terms.size === 0 ? NO_TERMS : left.terms);
  if (left.terms.size === 0 && scale3 === 1 && !hasZeroCoefficient(right.terms)) return linear(left.constant + right.constant, right.terms);
  return linear(left.constant + scale3 * right.constant, addedTerms(left.terms, right.terms, scale3));
}
var sums = /* @__PURE__ */ new WeakMap();
var scalings = /* @__PURE__ */ new WeakMap();
var quotients = /* @__PURE__ */ new WeakMap();
function pairMemo(cache, left, right) {
  let byRight = cache.get(left);
  if (byRight === void 0) cache.set(left, byRight = /* @__PURE__ */ new WeakMap());
  let byKey = byRight.get(right);
  if (byKey === void 0) byRight.set(right, byKey = /* @__PURE__ */ new Map());
  return byKey;
}
function addTerm(terms, monomial, coefficient) {
  const sum2 = (terms.get(monomial) ?? 0) + coefficient;
  if (sum2 === 0) terms.delete(monomial);
  else terms.set(monomial, sum2);
}
function addedTerms(left, right, scale3) {
  const byScale = pairMemo(sums, left, right);
  let terms = byScale.get(scale3);
  if (terms === void 0) {
    terms = new Map(left);
    for (const [monomial, coefficient] of right) addTerm(terms, monomial, scale3 * coefficient);
    byScale.set(scale3, terms);
  }
  return terms;
}
function mappedTerms(cache, source, factor, divide2) {
  let byFactor = cache.get(source);
  if (byFactor === void 0) cache.set(source, byFactor = /* @__PURE__ */ new Map());
  let terms = byFactor.get(factor);
  if (terms === void 0) {
    terms = /* @__PURE__ */ new Map();
    for (const [monomial, coefficient] of source) terms.set(monomial, divide2 ? coefficient / factor : coefficient * factor);
    byFactor.set(factor, terms);
  }
  return terms;
}
function hasZeroCoefficient(terms) {
  for (const coefficient of terms.values()) if (coefficient === 0) return true;
  return false;
}
function scale2(value, factor) {
  if (factor === 0) return linear(0);
  if (value.terms.size === 0) return linear(value.constant * factor);
  return linear(value.constant * factor, mappedTerms(scalings, value.terms, factor, false));
}
function multiplyMonomials(left, right) {
  return [...left.split("*"), ...right.split("*")].sort().join("*");
}
var products = /* @__PURE__ */ new WeakMap();
var MAX_PRODUCT_TERMS = 256;
function multiply(left, right) {
  if (isConstant2(left)) return scale2(right, left.constant);
  if (isConstant2(right)) return scale2(left, right.constant);
  const mostTerms = left.terms.size * right.terms.size + left.terms.size + right.terms.size;
  if (mostTerms > MAX_PRODUCT_TERMS)
    return unknown2(`product of two runtime values of ${left.terms.size} and ${right.terms.size} terms (more than ${MAX_PRODUCT_TERMS})`);
  const byConstants = pairMemo(products, left.terms, right.terms);
  const constants = `${left.constant},${right.constant}`;
  let terms = byConstants.get(constants);
  if (terms === void 0) {
    const sum2 = /* @__PURE__ */ new Map();
    if (right.constant !== 0) for (const [monomial, coefficient] of left.terms) sum2.set(monomial, coefficient * right.constant);
    if (left.constant !== 0) for (const [monomial, coefficient] of right.terms) addTerm(sum2, monomial, left.constant * coefficient);
    for (const [lm, lc] of left.terms) for (const [rm, rc] of right.terms) addTerm(sum2, multiplyMonomials(lm, rm), lc * rc);
    terms = sum2.size ? sum2 : NO_TERMS;
    byConstants.set(constants, terms);
  }
  return linear(left.constant * right.constant, terms);
}
function commonFactor(value) {
  let factor = Math.abs(value.constant);
  for (const coefficient of value.terms.values()) factor = gcd(factor, Math.abs(coefficient));
  return Number.isInteger(factor) && factor > 0 ? factor : 1;
}
function symbolicPartDivisible(value, divisor) {
  for (const coefficient of value.terms.values()) if (coefficient % divisor !== 0) return false;
  return true;
}
function divide(value, divisor) {
  if (divisor <= 0) return unknown2(`division by ${divisor}`);
  if (!symbolicPartDivisible(value, divisor)) return unknown2(`division of a runtime value by ${divisor}`);
  if (value.terms.size === 0) return linear(Math.trunc(value.constant / divisor));
  return linear(Math.trunc(value.constant / divisor), mappedTerms(quotients, value.terms, divisor, true));
}
function remainder(value, divisor) {
  if (divisor <= 0) return unknown2(`remainder by ${divisor}`);
  if (!symbolicPartDivisible(value, divisor)) return unknown2(`remainder of a runtime value by ${divisor}`);
  return linear(value.constant % divisor);
}
function bitAnd(value, mask) {
  if (isConstant2(value)) {
    if ((value.constant | 0) === value.constant && (mask | 0) === mask) return linear(value.constant & mask);
    return linear(Number(BigInt.asIntN(64, BigInt(value.constant) & BigInt(mask))));
  }
  if (mask < 0) {
    const complement = bitAnd(value, -mask - 1);
    return isUnknown(complement) ? complement : addScaled(value, complement, -1);
  }
  const span = 2 ** Math.max(1, Math.ceil(Math.log2(mask + 1)));
  if (!symbolicPartDivisible(value, span)) return unknown2(`mask 0x${mask.toString(16)} of a runtime value`);
  const low = (value.constant % span + span) % span;
  return linear(Number(BigInt(low) & BigInt(mask)));
}
function lowBits(op, value, mask) {
  if (!Number.isInteger(mask) || mask < 0 || mask >= 2 ** 30) return unknown2(`${op} of a runtime value`);
  const span = 2 ** Math.ceil(Math.log2(mask + 1));
  if (!symbolicPartDivisible(value, span) || !Number.isInteger(value.constant)) return unknown2(`${op} of a runtime value`);
  const low = (value.constant % span + span) % span;
  const combined = op === "or" ? low | mask : low ^ mask;
  return linear(value.constant - low + combined, value.terms);
}
function constantOf(value) {
  return !isUnknown(value) && isConstant2(value) ? value.constant : null;
}
function binary2(op, left, right, bits) {
  if (isUnknown(left)) return left;
  if (isUnknown(right)) return right;
  const rightConstant = constantOf(right);
  const leftConstant = constantOf(left);
  switch (op) {
    case "add":
      return addScaled(left, right, 1);
    case "sub":
      return addScaled(left, right, -1);
    case "mul":
      return multiply(left, right);
    case "shl":
      return rightConstant === null ? unknown2("shift by a runtime amount") : scale2(left, 2 ** rightConstant);
    case "shr":
      if (rightConstant === null) return unknown2("shift by a runtime amount");
      if (bits !== void 0 && rightConstant >= bits - 1) return linear(0);
      return divide(left, 2 ** rightConstant);
    case "div":
      return rightConstant === null ? unknown2("division by a runtime value") : divide(left, rightConstant);
    case "rem":
      return rightConstant === null ? unknown2("remainder by a runtime value") : remainder(left, rightConstant);
    case "and":
      if (rightConstant !== null) return bitAnd(left, rightConstant);
      if (leftConstant !== null) return bitAnd(right, leftConstant);
      return unknown2("and of runtime values");
    case "or":
    case "xor":
      if (leftConstant !== null && rightConstant !== null) {
        return linear(op === "or" ? leftConstant | rightConstant : leftConstant ^ rightConstant);
      }
      if (rightConstant !== null) return lowBits(op, left, rightConstant);
      if (leftConstant !== null) return lowBits(op, right, leftConstant);
      return unknown2(`${op} of a runtime value`);
    case "min":
    case "max":
      if (leftConstant !== null && rightConstant !== null) {
        return linear(op === "min" ? Math.min(leftConstant, rightConstant) : Math.max(leftConstant, rightConstant));
      }
      return unknown2(`${op} of a runtime value`);
    default:
      return unknown2(`operation ${op}`);
  }
}
var AXES2 = ["x", "y", "z"];
function symbolValue(name, env) {
  if (name.startsWith("%tid.")) return linear(env.tid[AXES2.indexOf(name.slice(5))] ?? 0);
  if (name === "%laneid") return linear(env.laneId);
  if (name.startsWith("%ctaid.") && env.ctaid) return linear(env.ctaid[AXES2.indexOf(name.slice(7))] ?? 0);
  if (name.startsWith("%ntid.") && env.ntid) return linear(env.ntid[AXES2.indexOf(name.slice(6))] ?? 1);
  return linear(0, /* @__PURE__ */ new Map([[name, 1]]));
}
var laneFreeTrees = /* @__PURE__ */ new WeakMap();
function isLaneFree(expr) {
  let free = laneFreeTrees.get(expr);
  if (free === void 0) {
    switch (expr.op) {
      case "const":
      case "opaque":
        free = true;
        break;
      case "carried":
        free = false;
        break;
      case "sym":
        free = !isLaneSymbol(expr.name);
        break;
      case "neg":
      case "not":
      case "cvta":
        free = isLaneFree(expr.a);
        break;
      case "pred":
        free = expr.parts.every(isLaneFree);
        break;
      case "select":
        free = isLaneFree(expr.cond) && isLaneFree(expr.a) && isLaneFree(expr.b);
        break;
      default:
        free = isLaneFree(expr.a) && isLaneFree(expr.b);
    }
    laneFreeTrees.set(expr, free);
  }
  return free;
}
function evaluateLane(expr, env, cache = /* @__PURE__ */ new Map(), blockCache) {
  const cached = cache.get(expr);
  if (cached) return cached;
  if (blockCache !== void 0 && isLaneFree(expr)) {
    let value = blockCache.get(expr);
    if (value === void 0) {
      value = evaluateNode(expr, env, cache, blockCache);
      blockCache.set(expr, value);
    }
    return value;
  }
  const result = evaluateNode(expr, env, cache, blockCache);
  cache.set(expr, result);
  return result;
}
function evaluateNode(expr, env, cache, blockCache) {
  switch (expr.op) {
    case "const":
      return linear(expr.value);
    case "sym":
      return symbolValue(expr.name, env);
    case "opaque": {
      const name = uniformSymbolName(expr);
      return name === null ? unknown2(expr.reason, expr.indirect) : linear(0, /* @__PURE__ */ new Map([[name, 1]]));
    }
    case "cvta":
      return evaluateLane(expr.a, env, cache, blockCache);
    case "neg": {
      const inner = evaluateLane(expr.a, env, cache, blockCache);
      return isUnknown(inner) ? inner : scale2(inner, -1);
    }
    case "not": {
      const inner = evaluateLane(expr.a, env, cache, blockCache);
      return isUnknown(inner) ? inner : addScaled(linear(-1), inner, -1);
    }
    case "cmp":
    case "pred":
      return unknown2(PREDICATE_AS_VALUE);
    case "carried":
      return unknown2(expr.reason);
    case "select": {
      const outcome = conditionOutcome(expr.cond, (side) => evaluateLane(side, env, cache, blockCache));
      if (outcome === null) return unselected(expr, (side) => evaluateLane(side, env, cache, blockCache));
      return evaluateLane(outcome ? expr.a : expr.b, env, cache, blockCache);
    }
    default:
      return binary2(expr.op, evaluateLane(expr.a, env, cache, blockCache), evaluateLane(expr.b, env, cache, blockCache), expr.bits);
  }
}
function compareDifference(cmp, difference) {
  switch (cmp) {
    case "eq":
      return difference === 0;
    case "ne":
      return difference !== 0;
    case "lt":
      return difference < 0;
    case "le":
      return difference <= 0;
    case "gt":
      return difference > 0;
    case "ge":
      return difference >= 0;
    default:
      return null;
  }
}
function conditionOutcome(cond, valueOf) {
  switch (cond.op) {
    case "const":
      return cond.value !== 0;
    case "cmp": {
      const left = valueOf(cond.a);
      const right = valueOf(cond.b);
      if (isUnknown(left) || isUnknown(right)) return null;
      const difference = addScaled(left, right, -1);
      return difference.terms.size > 0 ? null : compareDifference(cond.cmp, difference.constant);
    }
    case "pred":
      return combineOutcomes(
        cond.combine,
        cond.parts.map((part) => conditionOutcome(part, valueOf))
      );
    default:
      return null;
  }
}
function combineOutcomes(combine, parts) {
  if (parts.some((part) => part === null)) return null;
  switch (combine) {
    case "not":
      return !parts[0];
    case "and":
      return parts.every(Boolean);
    case "or":
      return parts.some(Boolean);
    case "xor":
      return parts[0] !== parts[1];
    default:
      return null;
  }
}
function unselected(expr, valueOf) {
  if (expr.fallback) return valueOf(expr.fallback);
  const left = valueOf(expr.a);
  const right = valueOf(expr.b);
  if (!isUnknown(left) && !isUnknown(right) && left.constant === right.constant && symbolicKey(left) === symbolicKey(right)) return left;
  return unknown2(`${expr.reason}, its condition not known per lane`);
}
var PREDICATE_AS_VALUE = "predicate used as a value";
var ExprInterner = class {
  numbering = new ExprNumbering();
  /** The first node met with each number. */
  representatives = [];
  canonical(expr) {
    return this.representatives[this.numbering.id(expr)] ??= expr;
  }
  /** A number naming this tree (its canonical node), stable across the warps that share the interner. */
  idFor(expr) {
    return this.numbering.id(expr);
  }
};
var carriedStepsByCache = /* @__PURE__ */ new WeakMap();
var interners = /* @__PURE__ */ new WeakMap();
var WarpEvaluator = class {
  constructor(envs, blockCache) {
    this.envs = envs;
    this.blockCache = blockCache;
    let interner = interners.get(blockCache);
    if (interner === void 0) interners.set(blockCache, interner = new ExprInterner());
    this.interner = interner;
    let steps = carriedStepsByCache.get(blockCache);
    if (steps === void 0) carriedStepsByCache.set(blockCache, steps = /* @__PURE__ */ new Map());
    this.carriedSteps = steps;
  }
  envs;
  blockCache;
  // One exception to lane-by-lane equality: a division or remainder by a constant that the lanes
  // alone cannot resolve may be resolved for the whole warp (warpDivision).
  memo = /* @__PURE__ */ new Map();
  /** Carried values whose induction is being checked: inside the check they stand as entry + H. */
  assumed = /* @__PURE__ */ new Set();
  /** Memo entries made while an induction is being checked: dropped if it fails. */
  assumptionLog = null;
  /** Never written: lane-free subtrees only use the block cache. */
  noLaneCache = /* @__PURE__ */ new Map();
  interner;
  /** min / max nodes (canonical) taken as their lane-varying side: a clamp by a warp-uniform bound. */
  clamps = /* @__PURE__ */ new Set();
  /** usedClamp's answers by canonical node, made once clamps exist. */
  clampUse = null;
  /**
   * Carried values found to move by a constant each turn of their loop (every latch is the
   * header's value + step), by the name of their uniform part H: shared by the warps of a block
   * shape, for the traffic footprint (H = step x iterations).
   */
  carriedSteps;
  /**
   * Whether `expr`'s value was taken through a clamp (clampedSide): a min / max node in its tree
   * that this warp evaluated as its lane-varying side.
   */
  usedClamp(expr) {
    if (this.clamps.size === 0) return false;
    const root = this.interner.canonical(expr);
    const memo = this.clampUse ??= /* @__PURE__ */ new Map();
    let used2 = memo.get(root);
    if (used2 === void 0) {
      const seen = /* @__PURE__ */ new Set();
      const visit = (node) => {
        if (seen.has(node)) return false;
        seen.add(node);
        if ((node.op === "min" || node.op === "max") && this.clamps.has(this.interner.canonical(node))) return true;
        return childrenOf(node).some(visit);
      };
      used2 = visit(expr);
      memo.set(root, used2);
    }
    return used2;
  }
  /**
   * min / max of a warp-uniform bound and a value that differs between lanes
   * (`x[min(C - 1, i + u * blockDim.x)]`, a row clamped to its last element): the lane-varying
   * side, whose lane differences the classification then measures. Lanes past the bound would
   * all read the bound, one address: the request touches no more sectors than the unclamped
   * addresses do, as many where no lane passes it. Exact whenever the bound is not reached in
   * the warp; the classification says it assumes that.
   */
  clampedSide(left, right) {
    const leftUniform = identicalInEveryLane(left);
    if (leftUniform === identicalInEveryLane(right)) return null;
    const varying = leftUniform ? right : left;
    return varying.some(isUnknown) ? null : varying;
  }
  /** The node standing for every tree equal to `expr` (shared by the warps of one block cache). */
  canonical(expr) {
    return this.interner.canonical(expr);
  }
  /** The value of `expr` in each lane (by position in the warp). */
  values(expr) {
    const canonical2 = this.interner.canonical(expr);
    let values = this.memo.get(canonical2);
    if (values === void 0) {
      values = this.compute(canonical2);
      this.memo.set(canonical2, values);
      this.assumptionLog?.push(canonical2);
    }
    return values;
  }
  /**
   * A loop-carried value (CarriedExpr): entry + H in each lane, H a warp-uniform unknown named
   * after it, when its induction holds: assuming that form at the loop header, every latch's
   * value differs from the entry by the same amount in every lane. Several carried values that
   * depend on one another (an index and its direction) are assumed together. Unknown otherwise.
   */
  carriedValues(expr) {
    const entry = this.values(expr.entry);
    const unknownValue = entry.find(isUnknown);
    if (unknownValue) return entry.map(() => unknownValue);
    const hypothesisName = uniformName(`carried${expr.id}`, expr.label);
    const hypothesis = linear(0, /* @__PURE__ */ new Map([[hypothesisName, 1]]));
    const assumedForm = () => entry.map((value) => addScaled(value, hypothesis, 1));
    if (this.assumed.has(expr.id)) return assumedForm();
    if (expr.latches === null) return entry.map(() => unknown2(expr.reason));
    const outerLog = this.assumptionLog;
    const log = [];
    this.assumed.add(expr.id);
    this.assumptionLog = log;
    let holds2 = true;
    let failure = unknown2(expr.reason);
    const latchSteps = [];
    for (const latch of expr.latches) {
      const moved = laneDifferences(this.values(latch), entry);
      latchSteps.push(constantStepOf(moved[0], hypothesisName));
      if (!identicalInEveryLane(moved)) {
        const unfollowed = moved.find(isUnknown);
        if (unfollowed) failure = unknown2(`${expr.label}: ${unfollowed.reason}`, unfollowed.indirect);
        holds2 = false;
        break;
      }
    }
    this.assumed.delete(expr.id);
    this.assumptionLog = outerLog;
    if (!holds2) for (const key2 of log) this.memo.delete(key2);
    else outerLog?.push(...log);
    const step = latchSteps[0];
    if (holds2 && step && latchSteps.every((other) => other === step)) this.carriedSteps.set(hypothesisName, { loop: expr.loop, step });
    return holds2 ? assumedForm() : entry.map(() => failure);
  }
  /**
   * A select whose condition is not known but is the same in every lane of the warp (its
   * compared values differ by the same amount in every lane: `last == end` with both
   * lane-strided), with sides a fixed amount D apart in every lane: the whole warp takes one
   * side, so lane l has b_l + D·s, s (0 or 1) a uniform unknown of its own. Null otherwise.
   */
  warpChoice(expr, whenTrue, whenFalse) {
    if (!this.sameInEveryLane(expr.cond)) return null;
    const apart = laneDifferences(whenTrue, whenFalse);
    if (!identicalInEveryLane(apart)) return null;
    const id = this.interner.idFor(expr);
    const difference = apart[0];
    if (isConstant2(difference) && difference.constant === 0) return whenFalse;
    const [symbol2, factor] = isConstant2(difference) ? [uniformName(`select${id}`, `the choice of ${expr.reason}`), difference.constant] : [uniformName(`select${id}:amount`, `the amount the choice of ${expr.reason} adds`), commonFactor(difference)];
    const moved = linear(0, /* @__PURE__ */ new Map([[symbol2, factor]]));
    return whenFalse.map((b) => addScaled(b, moved, 1));
  }
  /** The condition's compared values differ by the same amount in every lane (so every lane decides alike). */
  sameInEveryLane(cond) {
    switch (cond.op) {
      case "const":
        return true;
      case "cmp":
        return identicalInEveryLane(laneDifferences(this.values(cond.a), this.values(cond.b)));
      case "pred":
        return cond.parts.every((part) => this.sameInEveryLane(part));
      default:
        return false;
    }
  }
  compute(expr) {
    const envs = this.envs;
    const count = envs.length;
    const out = new Array(count);
    if (isLaneFree(expr)) {
      const value = count === 0 ? null : evaluateLane(expr, envs[0], this.noLaneCache, this.blockCache);
      if (value === null || !isUnknown(value) || !(WARP_DIVISIBLE.test(value.reason) || WARP_UNIFORM_EXTREMUM.test(value.reason))) {
        for (let i = 0; i < count; i++) out[i] = value;
        return out;
      }
    }
    switch (expr.op) {
      case "sym":
        for (let i = 0; i < count; i++) out[i] = symbolValue(expr.name, envs[i]);
        return out;
      case "cvta":
        return this.values(expr.a);
      case "neg": {
        const inner = this.values(expr.a);
        for (let i = 0; i < count; i++) out[i] = isUnknown(inner[i]) ? inner[i] : scale2(inner[i], -1);
        return out;
      }
      case "not": {
        const inner = this.values(expr.a);
        for (let i = 0; i < count; i++) out[i] = isUnknown(inner[i]) ? inner[i] : addScaled(linear(-1), inner[i], -1);
        return out;
      }
      case "cmp":
      case "pred":
        for (let i = 0; i < count; i++) out[i] = unknown2(PREDICATE_AS_VALUE);
        return out;
      case "select": {
        const whenTrue = this.values(expr.a);
        const whenFalse = this.values(expr.b);
        let undecided = false;
        for (let i = 0; i < count; i++) {
          const valueOf = (side) => this.values(side)[i];
          const outcome = conditionOutcome(expr.cond, valueOf);
          undecided ||= outcome === null;
          out[i] = outcome === null ? unselected(expr, valueOf) : outcome ? whenTrue[i] : whenFalse[i];
        }
        if (undecided && (!expr.fallback || out.some(isUnknown))) return this.warpChoice(expr, whenTrue, whenFalse) ?? out;
        return out;
      }
      case "carried":
        return this.carriedValues(expr);
      case "const":
      case "opaque":
        for (let i = 0; i < count; i++) out[i] = evaluateLane(expr, envs[i]);
        return out;
      default: {
        const left = this.values(expr.a);
        const right = this.values(expr.b);
        for (let i = 0; i < count; i++) out[i] = binary2(expr.op, left[i], right[i], expr.bits);
        if (count > 0 && isUnknown(out[0]) && (expr.op === "div" || expr.op === "rem" || expr.op === "shr")) {
          const divisor = constantOf(right[0]);
          const d = divisor === null ? null : expr.op === "shr" ? 2 ** divisor : divisor;
          const whole = d === null ? null : warpDivision(expr.op === "rem" ? "rem" : "div", left, right, d, this.interner.idFor(expr));
          if (whole) return whole;
        }
        if ((expr.op === "min" || expr.op === "max") && out.some(isUnknown)) {
          const clamped = this.clampedSide(left, right);
          if (clamped) {
            this.clamps.add(expr);
            return clamped;
          }
        }
        if (count > 1 && isUnknown(out[0]) && identicalInEveryLane(left) && identicalInEveryLane(right)) {
          const named = linear(0, /* @__PURE__ */ new Map([[uniformName(`same${this.interner.idFor(expr)}`, out[0].reason), 1]]));
          return out.map(() => named);
        }
        return out;
      }
    }
  }
};
function warpDivision(op, left, right, d, id) {
  if (!Number.isInteger(d) || d <= 0) return null;
  const first = left[0];
  if (isUnknown(first) || first.terms.size === 0) return null;
  const key2 = symbolicKey(first);
  let cmin = Infinity;
  let cmax = -Infinity;
  for (let i = 0; i < left.length; i++) {
    const value = left[i];
    if (isUnknown(value) || isUnknown(right[i]) || constantOf(right[i]) !== constantOf(right[0]) || symbolicKey(value) !== key2) return null;
    if (!Number.isInteger(value.constant) || value.constant < 0) return null;
    cmin = Math.min(cmin, value.constant);
    cmax = Math.max(cmax, value.constant);
  }
  let g = d;
  for (const coefficient of first.terms.values()) {
    if (!Number.isInteger(coefficient)) return null;
    g = gcd(g, coefficient);
  }
  if (d / g > RESIDUE_LIMIT) return null;
  for (let r = 0; r < d; r += g) if (Math.floor((r + cmin) / d) !== Math.floor((r + cmax) / d)) return null;
  const range = `iter:d${id}`;
  if (op === "div") {
    const quotient = linear(0, /* @__PURE__ */ new Map([[range, 1]]));
    return left.map(() => quotient);
  }
  return left.map((value) => linear(value.constant, /* @__PURE__ */ new Map([[range, g]])));
}
function constantStepOf(moved, hypothesisName) {
  if (moved === void 0 || isUnknown(moved) || moved.terms.size !== 1 || moved.terms.get(hypothesisName) !== 1) return null;
  return moved.constant;
}
function laneDifferences(a, b) {
  return a.map((left, i) => {
    const right = b[i];
    return isUnknown(left) ? left : isUnknown(right) ? right : addScaled(left, right, -1);
  });
}
function identicalInEveryLane(values) {
  const first = values[0];
  if (first === void 0 || isUnknown(first)) return false;
  const key2 = symbolicKey(first);
  for (let i = 1; i < values.length; i++) {
    const value = values[i];
    if (isUnknown(value) || value.constant !== first.constant || symbolicKey(value) !== key2) return false;
  }
  return true;
}
var WARP_DIVISIBLE = /^(division|remainder) of a runtime value by /;
var WARP_UNIFORM_EXTREMUM = /^(min|max) of a runtime value$/;
var RESIDUE_LIMIT = 4096;
var keys = /* @__PURE__ */ new WeakMap();
function symbolicKey(value) {
  const terms = value.terms;
  if (terms.size === 0) return "";
  let key2 = keys.get(terms);
  if (key2 === void 0) {
    key2 = [...terms.entries()].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0).map(([m, c]) => `${c}*${m}`).join("+");
    keys.set(terms, key2);
  }
  return key2;
}

// src/analysis/memory/warp.ts
var WARP_SIZE = 32;
var SECTOR_BYTES = 32;
var BANKS = 32;
var BANK_BYTES = 4;
function warpsOfBlock(block) {
  const [x, y, z] = block ?? [WARP_SIZE, 1, 1];
  const threads = x * y * z;
  const warps = [];
  for (let first = 0; first < threads; first += WARP_SIZE) {
    const lanes2 = [];
    for (let t = first; t < Math.min(first + WARP_SIZE, threads); t++) {
      lanes2.push({ tid: [t % x, Math.floor(t / x) % y, Math.floor(t / (x * y))], laneId: t - first, ntid: block });
    }
    warps.push(lanes2);
  }
  return warps;
}
function sectorsTouched(offsets, width, shift = 0) {
  const spans = offsets.length === 0 ? 0 : Math.max(1, Math.ceil(width / SECTOR_BYTES) + 1);
  let sectors = new Float64Array(offsets.length * spans);
  let count = 0;
  for (const unshifted of offsets) {
    const offset = shift === 0 ? unshifted : unshifted + shift;
    const last = Math.floor((offset + width - 1) / SECTOR_BYTES);
    for (let sector = Math.floor(offset / SECTOR_BYTES); sector <= last; sector++) {
      if (count === sectors.length) {
        const grown = new Float64Array(sectors.length * 2 + 8);
        grown.set(sectors);
        sectors = grown;
      }
      sectors[count++] = sector;
    }
  }
  const sorted = sectors.subarray(0, count).sort();
  let distinct = 0;
  for (let i = 0; i < count; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) distinct++;
  return distinct;
}
function uniqueBytes(offsets, width) {
  const sorted = Float64Array.from(offsets).sort();
  let total = 0;
  let coveredTo = -Infinity;
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i];
    if (i > 0 && start === sorted[i - 1]) continue;
    const end = start + width;
    total += Math.max(0, end - Math.max(start, coveredTo));
    coveredTo = Math.max(coveredTo, end);
  }
  return total;
}
function idealSectors(offsets, width) {
  return Math.ceil(uniqueBytes(offsets, width) / SECTOR_BYTES);
}
function sharedPhaseLanes(width) {
  return width >= 16 ? 8 : width >= 8 ? 16 : WARP_SIZE;
}
function sharedWavefronts(offsets, width) {
  const phaseLanes = sharedPhaseLanes(width);
  let wavefronts = 0;
  let words = new Float64Array(phaseLanes * (Math.ceil(width / BANK_BYTES) + 1));
  const wordsPerBank = new Int32Array(BANKS);
  for (let first = 0; first < offsets.length; first += phaseLanes) {
    let count = 0;
    const end = Math.min(offsets.length, first + phaseLanes);
    for (let lane = first; lane < end; lane++) {
      const offset = offsets[lane];
      const lastWord = Math.floor((offset + width - 1) / BANK_BYTES);
      for (let word = Math.floor(offset / BANK_BYTES); word <= lastWord; word++) {
        if (count === words.length) {
          const grown = new Float64Array(words.length * 2 + 8);
          grown.set(words);
          words = grown;
        }
        words[count++] = word;
      }
    }
    const sorted = words.subarray(0, count).sort();
    wordsPerBank.fill(0);
    let phaseWavefronts = 0;
    for (let i = 0; i < count; i++) {
      if (i > 0 && sorted[i] === sorted[i - 1]) continue;
      const bank = (sorted[i] % BANKS + BANKS) % BANKS;
      phaseWavefronts = Math.max(phaseWavefronts, ++wordsPerBank[bank]);
    }
    wavefronts += Math.max(1, phaseWavefronts);
  }
  return wavefronts;
}
function idealSharedWavefronts(activeLanes2, width) {
  return Math.ceil(activeLanes2 / sharedPhaseLanes(width));
}

// src/analysis/memory/classify.ts
function warpLanes(envs, blockCache) {
  const evaluator = new WarpEvaluator(envs, blockCache);
  return envs.map((env, position) => ({ env, evaluator, position }));
}
var CLAMPED = { unknown: true, indirect: false, reason: "a min / max by a warp-uniform bound that lanes may pass" };
function laneValue(expr, lane, clamps = false) {
  const value = lane.evaluator.values(expr)[lane.position];
  return !clamps && lane.evaluator.usedClamp(expr) ? CLAMPED : value;
}
function usedClamp(address, warps) {
  const evaluators = /* @__PURE__ */ new Set();
  for (const warp of warps) for (const lane of warp) evaluators.add(lane.evaluator);
  for (const evaluator of evaluators) if (evaluator.usedClamp(address)) return true;
  return false;
}
var CLAMP_ASSUMPTION = "no lane past its min / max bound (lanes past it read one address: fewer sectors)";
var SHARED_CLAMP_ASSUMPTION = "no lane past its min / max bound (lanes past it read one address: fewer wavefronts)";
var CLASS_RANK = ["uniform", "coalesced", "misaligned", "strided", "uncoalesced"];
var round2 = (value) => Math.round(value * 1e3) / 1e3;
function isRangingSymbol(monomial) {
  return /^(%ctaid\.[xyz]|iter:[md]?\d+)$/.test(monomial);
}
function carriedText(monomial) {
  const factor = monomial.split("*").find((name) => name.startsWith("u:carried"));
  return monomialText(factor);
}
function uniformShifts(common, covered) {
  let shifts = [0];
  const assumptions = [];
  for (const [monomial, coefficient] of common.terms) {
    if (coefficient % SECTOR_BYTES === 0) continue;
    if (covered && monomial === covered.monomial && coefficient % covered.unit === 0) continue;
    if (isRangingSymbol(monomial)) {
      const period = SECTOR_BYTES / gcd(coefficient, SECTOR_BYTES);
      const next2 = [];
      for (const shift of shifts)
        for (let r = 0; r < period; r++) next2.push(((shift + coefficient * r) % SECTOR_BYTES + SECTOR_BYTES) % SECTOR_BYTES);
      shifts = next2;
    } else if (coefficient === 1 && /^(param:|shared:|global:|var:)/.test(monomial)) {
      assumptions.push(`${monomialText(monomial)} 256-B aligned`);
    } else if (monomial.includes("u:carried")) {
      assumptions.push(`${carriedText(monomial)} moved by multiples of 32 B`);
    } else {
      assumptions.push(`${coefficient}\xB7${monomialText(monomial)} a multiple of 32 B`);
    }
  }
  return { shifts, assumptions };
}
function laneValues(address, warp, clamps = false) {
  if (warp.length === 0) return [];
  const all = warp[0].evaluator.values(address);
  let whole = all.length === warp.length;
  for (let l = 0; l < warp.length && whole; l++) whole = warp[l].position === l && warp[l].evaluator === warp[0].evaluator;
  if (!whole) return warp.map((lane) => laneValue(address, lane, clamps));
  return !clamps && warp[0].evaluator.usedClamp(address) ? all.map(() => CLAMPED) : all;
}
function strideText(offsets) {
  if (offsets.length < 2) return "one lane";
  const stride = offsets[1] - offsets[0];
  return offsets.every((offset, i) => i === 0 || offset - offsets[i - 1] === stride) ? `lane stride ${stride} B` : "irregular lane offsets";
}
function resolveWarps(address, warps) {
  const offsets = [];
  const commons = [];
  const coefficients = [];
  let strideMonomial = null;
  for (const warp of warps) {
    const values = laneValues(address, warp, true);
    const unknownValue = values.find(isUnknown);
    if (unknownValue && isUnknown(unknownValue)) {
      const klass = unknownValue.indirect ? "indirect" : "runtime";
      return {
        unresolved: {
          class: klass,
          sectorsPerRequest: null,
          idealSectors: null,
          bankConflictWays: null,
          reason: `address not resolved: ${unknownValue.reason}`
        }
      };
    }
    const linears = values;
    const key2 = symbolicKey(linears[0]);
    const warpCoefficients = linears.map(() => 0);
    for (let l = 1; l < linears.length; l++) {
      if (symbolicKey(linears[l]) === key2) continue;
      const difference = termDifference(linears[l].terms, linears[0].terms);
      const monomials = [...difference.keys()];
      const single = monomials.length === 1 && (strideMonomial === null || strideMonomial === monomials[0]) && Number.isInteger(difference.get(monomials[0]));
      if (!single) {
        return {
          unresolved: {
            class: "runtime",
            sectorsPerRequest: null,
            idealSectors: null,
            bankConflictWays: null,
            reason: `lanes' addresses differ by a runtime amount that is not one multiple of a uniform value (${key2 || "0"} vs ${symbolicKey(linears[l]) || "0"})`
          }
        };
      }
      strideMonomial = monomials[0];
      warpCoefficients[l] = difference.get(monomials[0]);
    }
    offsets.push(linears.map((value) => value.constant));
    commons.push(linears[0]);
    coefficients.push(warpCoefficients);
  }
  return { offsets, commons, stride: strideMonomial === null ? null : { monomial: strideMonomial, coefficients } };
}
function termDifference(left, right) {
  const difference = /* @__PURE__ */ new Map();
  for (const [monomial, coefficient] of left)
    if (coefficient !== (right.get(monomial) ?? 0)) difference.set(monomial, coefficient - (right.get(monomial) ?? 0));
  for (const [monomial, coefficient] of right) if (!left.has(monomial)) difference.set(monomial, -coefficient);
  return difference;
}
function classifyWarp(offsets, width, sectors, ideal) {
  if (offsets.every((offset) => offset === offsets[0])) return "uniform";
  if (sectors === ideal) return "coalesced";
  const span = Math.max(...offsets) - Math.min(...offsets) + width;
  if (uniqueBytes(offsets, width) === span) return "misaligned";
  return sectors >= offsets.length * Math.ceil(width / SECTOR_BYTES) ? "uncoalesced" : "strided";
}
var mentionMemo = /* @__PURE__ */ new Map();
function mentions(expr, name, walk2) {
  let memo = walk2 ?? mentionMemo.get(name);
  if (memo === void 0) mentionMemo.set(name, memo = /* @__PURE__ */ new WeakMap());
  const known2 = memo.get(expr);
  if (known2 !== void 0) return known2;
  const found = mentionsUncached(expr, name, walk2);
  memo.set(expr, found);
  return found;
}
function mentionsUncached(expr, name, walk2) {
  switch (expr.op) {
    case "const":
    case "opaque":
      return false;
    case "carried": {
      const inner = walk2 ?? /* @__PURE__ */ new Map();
      inner.set(expr, false);
      return mentions(expr.entry, name, inner) || (expr.latches ?? []).some((latch) => mentions(latch, name, inner));
    }
    case "sym":
      return expr.name === name;
    case "neg":
    case "not":
    case "cvta":
      return mentions(expr.a, name, walk2);
    case "pred":
      return expr.parts.some((part) => mentions(part, name, walk2));
    case "select":
      return mentions(expr.cond, name, walk2) || mentions(expr.a, name, walk2) || mentions(expr.b, name, walk2);
    default:
      return mentions(expr.a, name, walk2) || mentions(expr.b, name, walk2);
  }
}
var SAMPLES_ONE_AXIS = 16;
var SAMPLES_TWO_AXES = 6;
function spreadIndices(size, count) {
  if (size <= count) return Array.from({ length: size }, (_, i) => i);
  return Array.from({ length: count }, (_, i) => Math.round(i * (size - 1) / (count - 1)));
}
function resolveOrSample(address, warps, grid) {
  const resolved = resolveWarps(address, warps);
  if (!("unresolved" in resolved) || resolved.unresolved.class !== "runtime") return { resolved, warps, note: "" };
  const usesX = mentions(address, "%ctaid.x");
  const usesY = mentions(address, "%ctaid.y");
  if (!usesX && !usesY) return { resolved, warps, note: "" };
  const perAxis = usesX && usesY ? SAMPLES_TWO_AXES : SAMPLES_ONE_AXIS;
  const axisSamples = (used2, size) => !used2 ? [0] : size === void 0 ? [0, 1, 2, 3] : spreadIndices(size, perAxis);
  const xs = axisSamples(usesX, grid?.[0]);
  const ys = axisSamples(usesY, grid?.[1]);
  const sampled = sampledWarps(warps, xs, ys);
  const retried = resolveWarps(address, sampled);
  if ("unresolved" in retried) return { resolved, warps, note: "" };
  const axisText = (name, used2, indices, size) => !used2 ? null : size === void 0 ? `${name} in 0..3` : indices.length === size ? `${name} all ${size}` : `${name} ${indices.length} of ${size} evenly spread`;
  const axes = [axisText("ctaid.x", usesX, xs, grid?.[0]), axisText("ctaid.y", usesY, ys, grid?.[1])].filter(Boolean).join(", ");
  return { resolved: retried, warps: sampled, note: `; averaged over blocks ${axes}` };
}
function measureGlobal(offsetsPerWarp, commons, width, covered, weights) {
  let sectorTotal = 0;
  let idealTotal = 0;
  let worst = 0;
  const assumptions = /* @__PURE__ */ new Set();
  offsetsPerWarp.forEach((offsets, w) => {
    const { shifts, assumptions: made } = uniformShifts(commons[w], covered);
    made.forEach((a) => assumptions.add(a));
    let warpSectors = 0;
    for (const shift of shifts) warpSectors += sectorsTouched(offsets, width, shift);
    warpSectors /= shifts.length;
    const warpIdeal = idealSectors(offsets, width);
    const weight = weights?.[w] ?? 1;
    sectorTotal += warpSectors * weight;
    idealTotal += warpIdeal * weight;
    worst = Math.max(worst, CLASS_RANK.indexOf(classifyWarp(offsets, width, warpSectors, warpIdeal)));
  });
  const count = Math.max(1, weights ? weights.reduce((sum2, weight) => sum2 + weight, 0) : offsetsPerWarp.length);
  return { klass: CLASS_RANK[worst], sectors: round2(sectorTotal / count), ideal: round2(idealTotal / count), assumptions };
}
var MAX_STRIDE_STEPS = 64;
var MAX_STRIDE_VALUES = 64;
function classifySymbolicStride(resolved, stride, width, blockText, note, clamped) {
  const all = stride.coefficients.flat().filter((c) => c !== 0);
  const unit = all.reduce((g, c) => gcd(g, c), 0);
  const covered = { monomial: stride.monomial, unit };
  const groups = /* @__PURE__ */ new Map();
  resolved.offsets.forEach((offsets, w) => {
    const { shifts, assumptions } = uniformShifts(resolved.commons[w], covered);
    const key2 = `${offsets.join(",")}|${stride.coefficients[w].join(",")}|${shifts.join(",")}|${assumptions.join(",")}`;
    const group = groups.get(key2);
    if (group) group.count++;
    else groups.set(key2, { warp: w, count: 1 });
  });
  const representatives = [...groups.values()];
  const commons = representatives.map(({ warp }) => resolved.commons[warp]);
  const weights = representatives.map(({ count }) => count);
  const at = (value) => representatives.map(({ warp }) => resolved.offsets[warp].map((offset, l) => offset + stride.coefficients[warp][l] * value));
  const measureAt = (value) => measureGlobal(at(value), commons, width, covered, weights);
  const step = SECTOR_BYTES / gcd(unit, SECTOR_BYTES);
  const span = Math.max(...resolved.offsets.map((offsets) => Math.max(...offsets) - Math.min(...offsets))) + width;
  const large = step * Math.max(1, Math.ceil((span + SECTOR_BYTES) / (unit * step)));
  const limit = measureAt(large);
  const same = (m) => m.klass === limit.klass && m.sectors === limit.sectors;
  let threshold = null;
  if (large / step <= MAX_STRIDE_STEPS) {
    threshold = large;
    for (let value = large - step; value >= step && same(measureAt(value)); value -= step) threshold = value;
  }
  let everyValue = step === 1;
  if (!everyValue && threshold !== null && large + step <= MAX_STRIDE_VALUES) {
    everyValue = true;
    for (let value = threshold; value < large + step && everyValue; value++) everyValue = same(measureAt(value));
  }
  const name = monomialText(stride.monomial);
  const arithmetic = stride.coefficients.every((lanes2) => lanes2.every((c, l) => c === l * (lanes2[1] ?? 0)));
  const apart = arithmetic ? `lanes ${name}\xB7${stride.coefficients[0][1]} B apart` : `lane groups ${name}\xB7${unit} B apart`;
  const condition = threshold === null ? `for large ${name}` : `for ${name} \u2265 ${threshold}${everyValue ? "" : ` (a multiple of ${step})`}`;
  const one = measureAt(1);
  const atOne = same(one) ? "" : `; ${one.sectors} sectors (${one.klass}) at ${name} = 1`;
  if (clamped) limit.assumptions.add(CLAMP_ASSUMPTION);
  const assumed = limit.assumptions.size ? `; assumes ${[...limit.assumptions].join(", ")}` : "";
  return {
    class: limit.klass,
    sectorsPerRequest: limit.sectors,
    idealSectors: limit.ideal,
    bankConflictWays: null,
    reason: `${limit.klass}: ${apart}, ${width} B per lane: ${limit.sectors} sectors per warp request vs ${limit.ideal} ideal ${condition}${atOne} (${blockText}${note})${assumed}`
  };
}
var sampledLanes = /* @__PURE__ */ new WeakMap();
function sampledWarps(warps, xs, ys) {
  let bySamples = sampledLanes.get(warps);
  if (bySamples === void 0) sampledLanes.set(warps, bySamples = /* @__PURE__ */ new Map());
  const key2 = `${xs.join(",")}|${ys.join(",")}`;
  let sampled = bySamples.get(key2);
  if (sampled === void 0) {
    const samples = ys.flatMap((y) => xs.map((x) => [x, y, 0]));
    sampled = samples.flatMap((ctaid) => {
      const blockCache = /* @__PURE__ */ new Map();
      return warps.map(
        (warp) => warpLanes(
          warp.map((lane) => ({ ...lane.env, ctaid })),
          blockCache
        )
      );
    });
    bySamples.set(key2, sampled);
  }
  return sampled;
}
var siteResults = /* @__PURE__ */ new WeakMap();
var OFFSET_PERIOD = 128;
function constantOffset(address) {
  let base2 = address;
  let offset = 0;
  for (; ; ) {
    if ((base2.op === "add" || base2.op === "sub") && base2.b.op === "const" && Number.isInteger(base2.b.value)) {
      offset += base2.op === "add" ? base2.b.value : -base2.b.value;
      base2 = base2.a;
    } else if (base2.op === "add" && base2.a.op === "const" && Number.isInteger(base2.a.value)) {
      offset += base2.a.value;
      base2 = base2.b;
    } else return { base: base2, offset };
  }
}
function memoised(address, width, laneWarps, blockText, space, classify2) {
  const evaluator = laneWarps[0]?.[0]?.evaluator;
  if (evaluator === void 0) return classify2();
  const { base: base2, offset } = constantOffset(evaluator.canonical(address));
  const canonical2 = evaluator.canonical(base2);
  let byAddress = siteResults.get(laneWarps);
  if (byAddress === void 0) siteResults.set(laneWarps, byAddress = /* @__PURE__ */ new WeakMap());
  let byRest = byAddress.get(canonical2);
  if (byRest === void 0) byAddress.set(canonical2, byRest = /* @__PURE__ */ new Map());
  const key2 = `${space} ${width} ${blockText} +${(offset % OFFSET_PERIOD + OFFSET_PERIOD) % OFFSET_PERIOD}`;
  let result = byRest.get(key2);
  if (result === void 0) byRest.set(key2, result = classify2());
  return result;
}
function classifyAccess(space, address, width, laneWarps, blockText, grid = null) {
  const once = space === "global" ? classifyGlobalOnce : classifySharedOnce;
  return memoised(address, width, laneWarps, blockText, space, () => once(address, width, laneWarps, blockText, grid));
}
function classifyGlobalOnce(address, width, laneWarps, blockText, grid) {
  const { resolved, warps, note } = resolveOrSample(address, laneWarps, grid);
  if ("unresolved" in resolved) return resolved.unresolved;
  const clamped = usedClamp(address, warps);
  if (resolved.stride) return classifySymbolicStride(resolved, resolved.stride, width, blockText, note, clamped);
  const { klass, sectors, ideal, assumptions } = measureGlobal(resolved.offsets, resolved.commons, width);
  if (clamped) assumptions.add(CLAMP_ASSUMPTION);
  const assumed = assumptions.size ? `; assumes ${[...assumptions].join(", ")}` : "";
  return {
    class: klass,
    sectorsPerRequest: sectors,
    idealSectors: ideal,
    bankConflictWays: null,
    reason: `${klass}: ${strideText(resolved.offsets[0])}, ${width} B per lane: ${sectors} sectors per warp request vs ${ideal} ideal (${blockText}${note})${assumed}`
  };
}
function classifySharedOnce(address, width, laneWarps, blockText, grid) {
  const { resolved, warps, note } = resolveOrSample(address, laneWarps, grid);
  if ("unresolved" in resolved) return resolved.unresolved;
  if (resolved.stride) {
    return {
      class: "runtime",
      sectorsPerRequest: null,
      idealSectors: null,
      bankConflictWays: null,
      reason: `lanes' shared addresses differ by multiples of ${monomialText(resolved.stride.monomial)} (a runtime value): bank conflicts depend on it`
    };
  }
  let wavefronts = 0;
  let ideal = 0;
  resolved.offsets.forEach((offsets) => {
    wavefronts += sharedWavefronts(offsets, width);
    ideal += idealSharedWavefronts(offsets.length, width);
  });
  const ways = round2(wavefronts / ideal);
  const conflict = ways === 1 ? "no bank conflict" : `${ways}-way bank conflict`;
  return {
    class: null,
    sectorsPerRequest: null,
    idealSectors: null,
    bankConflictWays: ways,
    reason: `${conflict}: ${strideText(resolved.offsets[0])}, ${width} B per lane, ${round2(wavefronts / warps.length)} wavefronts per request vs ${round2(ideal / warps.length)} ideal (${blockText}${note}; assumes the shared variable starts on a 128-B boundary${usedClamp(address, warps) ? `, ${SHARED_CLAMP_ASSUMPTION}` : ""})`
  };
}

// src/analysis/memory/collective.ts
var round3 = (value) => Math.round(value * 1e3) / 1e3;
function tileClass(sectors, ideal, rows) {
  if (sectors === ideal) return "coalesced";
  return sectors <= ideal + rows ? "misaligned" : "strided";
}
function classifyTile(tile, space, stride) {
  const shape = `${tile.rows} rows of ${tile.rowBytes} B`;
  if (space === "shared") {
    return {
      class: null,
      sectorsPerRequest: null,
      idealSectors: null,
      bankConflictWays: null,
      reason: `warp-collective wmma fragment (${shape}) from shared memory: bank conflicts are not modelled`
    };
  }
  if (stride !== null && isUnknown(stride)) {
    return {
      class: stride.indirect ? "indirect" : "runtime",
      sectorsPerRequest: null,
      idealSectors: null,
      bankConflictWays: null,
      reason: `wmma fragment (${shape}): row stride not resolved: ${stride.reason}`
    };
  }
  if (stride === null || stride.terms.size === 0) {
    const elements = stride === null ? tile.rowLength : stride.constant;
    const strideBytes = elements * tile.elementBits / 8;
    const offsets = Array.from({ length: tile.rows }, (_, row) => row * strideBytes);
    const sectors2 = sectorsTouched(offsets, tile.rowBytes);
    const ideal2 = idealSectors(offsets, tile.rowBytes);
    const klass2 = tileClass(sectors2, ideal2, tile.rows);
    return {
      class: klass2,
      sectorsPerRequest: sectors2,
      idealSectors: ideal2,
      bankConflictWays: null,
      reason: `${klass2}: wmma fragment, ${shape}, rows ${strideBytes} B apart: ${sectors2} sectors per warp request vs ${ideal2} ideal (the fragment pointer is 256-bit aligned, as wmma requires)`
    };
  }
  const symbolic = [...stride.terms.keys()].map(monomialText).join(" + ");
  const sectors = tile.rows * Math.ceil(tile.rowBytes / SECTOR_BYTES);
  const ideal = Math.ceil(tile.rows * tile.rowBytes / SECTOR_BYTES);
  const klass = tileClass(sectors, ideal, tile.rows);
  return {
    class: klass,
    sectorsPerRequest: sectors,
    idealSectors: ideal,
    bankConflictWays: null,
    reason: `${klass}: wmma fragment, ${shape}, row stride ${symbolic} elements: ${sectors} sectors per warp request vs ${ideal} ideal, for a row stride that is a multiple of 32 B and at least one row`
  };
}
function classifyBulk(kind, bytes) {
  if (kind === "tensor") {
    return {
      class: "runtime",
      sectorsPerRequest: null,
      idealSectors: null,
      bankConflictWays: null,
      reason: "TMA tensor copy (cp.async.bulk.tensor): the box and its layout are set by the tensor map built on the host"
    };
  }
  if (bytes === null || bytes <= 0) {
    return {
      class: "runtime",
      sectorsPerRequest: null,
      idealSectors: null,
      bankConflictWays: null,
      reason: "bulk copy (cp.async.bulk) of a size not resolved"
    };
  }
  const sectors = round3(Math.ceil(bytes / SECTOR_BYTES));
  return {
    class: "coalesced",
    sectorsPerRequest: sectors,
    idealSectors: sectors,
    bankConflictWays: null,
    reason: `coalesced: bulk copy of ${bytes} contiguous bytes by the TMA engine, issued by one thread: ${sectors} sectors (assumes a 32-B aligned global address; cp.async.bulk requires 16 B)`
  };
}

// src/analysis/memory/defs.ts
var NO_DESTINATION2 = /* @__PURE__ */ new Set([
  "st",
  "red",
  "bra",
  "brx",
  "ret",
  "exit",
  "bar",
  "barrier",
  "membar",
  "fence",
  "cp",
  "prefetch",
  "prefetchu",
  "trap",
  "brkpt",
  "nanosleep",
  "pmevent",
  "call",
  "sust",
  "sured",
  "stmatrix",
  "wmma",
  "griddepcontrol"
]);
function registerNames(operand) {
  if (!operand) return [];
  if (operand.kind === "register") {
    const name = operand.name;
    if (!name.includes("|")) return name.length > 0 && name !== "_" ? [name] : [];
    return name.split("|").filter((part) => part.length > 0 && part !== "_");
  }
  if (operand.kind === "vector") return operand.elements.flatMap(registerNames);
  return [];
}
function definedRegisters(ins) {
  if (NO_DESTINATION2.has(ins.mnemonic) || ins.opcode.startsWith("st.") || ins.opcode.startsWith("cp.")) return [];
  if (ins.mnemonic === "ld" && ins.modifiers.includes("async")) return [];
  return registerNames(ins.operands[0]);
}
var DefinitionSets = class {
  members = [new Int32Array(0)];
  ids = /* @__PURE__ */ new Map([["", 0]]);
  unions = /* @__PURE__ */ new Map();
  intern(sorted) {
    let key2 = "";
    for (let i = 0; i < sorted.length; i++) key2 += `${sorted[i]},`;
    let id = this.ids.get(key2);
    if (id === void 0) {
      id = this.members.length;
      this.members.push(sorted);
      this.ids.set(key2, id);
    }
    return id;
  }
  get(id) {
    return this.members[id];
  }
  union(a, b) {
    if (a === b || b === 0) return a;
    if (a === 0) return b;
    if (a > b) [a, b] = [b, a];
    const key2 = a * 67108864 + b;
    let id = this.unions.get(key2);
    if (id === void 0) {
      id = this.intern(mergeSorted(this.members[a], this.members[b]));
      this.unions.set(key2, id);
    }
    return id;
  }
};
function dominatorTreeOrder(cfg) {
  const count = cfg.blocks.length;
  const children = Array.from({ length: count }, () => []);
  const roots = [];
  for (let b = 0; b < count; b++) {
    const up = cfg.idom[b];
    if (up === -1) continue;
    if (up === b) roots.push(b);
    else children[up].push(b);
  }
  const pre = new Int32Array(count).fill(-1);
  const post = new Int32Array(count).fill(-1);
  let preCount = 0;
  let postCount = 0;
  for (const root of roots) {
    pre[root] = preCount++;
    const stack = [[root, 0]];
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const [block, next2] = top;
      if (next2 < children[block].length) {
        top[1]++;
        const child = children[block][next2];
        pre[child] = preCount++;
        stack.push([child, 0]);
      } else {
        post[block] = postCount++;
        stack.pop();
      }
    }
  }
  return { pre, post };
}
function mergeSorted(a, b) {
  const out = new Int32Array(a.length + b.length);
  let i = 0, j = 0, n = 0;
  while (i < a.length || j < b.length) {
    const next2 = j >= b.length || i < a.length && a[i] <= b[j] ? a[i++] : b[j++];
    if (n === 0 || out[n - 1] !== next2) out[n++] = next2;
  }
  return out.subarray(0, n);
}
var ReachingDefinitions = class {
  constructor(cfg) {
    this.cfg = cfg;
    const body = cfg.fn.body;
    for (const block of cfg.blocks) {
      for (const index of block.statements) {
        const ins = body[index];
        for (const register of definedRegisters(ins)) {
          let id = this.registerIds.get(register);
          if (id === void 0) {
            id = this.defIndices.length;
            this.registerIds.set(register, id);
            this.defIndices.push([]);
            this.defGuarded.push([]);
          }
          const indices = this.defIndices[id];
          if (indices.length > 0 && indices[indices.length - 1] === index) continue;
          indices.push(index);
          this.defGuarded[id].push(Boolean(ins.guard));
        }
      }
    }
    for (let id = 0; id < this.defIndices.length; id++) this.sortDefinitions(id);
  }
  cfg;
  registerIds = /* @__PURE__ */ new Map();
  /** Per register id: the indices of the statements defining it, ascending, and whether each is guarded. */
  defIndices = [];
  defGuarded = [];
  /** Per register id: the definition set reaching each block's entry, once solved. */
  blockIn = [];
  sets = new DefinitionSets();
  /** Pre- and post-order numbers of each block in the dominator tree (O(1) dominance), built on first use. */
  dominatorOrder = null;
  sortDefinitions(id) {
    const indices = this.defIndices[id];
    let sorted = true;
    for (let i = 1; i < indices.length && sorted; i++) sorted = indices[i - 1] < indices[i];
    if (sorted) return;
    const order = indices.map((_, i) => i).sort((a, b) => indices[a] - indices[b]);
    const guarded = this.defGuarded[id];
    this.defIndices[id] = order.map((i) => indices[i]);
    this.defGuarded[id] = order.map((i) => guarded[i]);
  }
  /** Definition sets of register `id` at every block entry (least fixpoint over the CFG). */
  solve(id) {
    const solved = this.blockIn[id];
    if (solved) return solved;
    const { blocks, blockOfStatement } = this.cfg;
    const indices = this.defIndices[id];
    const guarded = this.defGuarded[id];
    const kills = /* @__PURE__ */ new Map();
    const gens = /* @__PURE__ */ new Map();
    for (let k = 0; k < indices.length; ) {
      const block = blockOfStatement[indices[k]];
      let end = k;
      while (end < indices.length && blockOfStatement[indices[end]] === block) end++;
      let first = end - 1;
      while (first > k && guarded[first]) first--;
      kills.set(block, !guarded[first]);
      gens.set(block, this.sets.intern(Int32Array.from(indices.slice(first, end))));
      k = end;
    }
    const entry = new Int32Array(blocks.length);
    const exit = new Int32Array(blocks.length);
    const queued = new Uint8Array(blocks.length);
    const worklist = [];
    gens.forEach((_, block) => {
      worklist.push(block);
      queued[block] = 1;
    });
    while (worklist.length > 0) {
      const block = worklist.pop();
      queued[block] = 0;
      let incoming = 0;
      const predecessors = blocks[block].predecessors;
      for (let p = 0; p < predecessors.length; p++) incoming = this.sets.union(incoming, exit[predecessors[p]]);
      entry[block] = incoming;
      const gen = gens.get(block);
      const outgoing = gen === void 0 ? incoming : kills.get(block) ? gen : this.sets.union(incoming, gen);
      if (outgoing === exit[block]) continue;
      exit[block] = outgoing;
      const successors = blocks[block].successors;
      for (let s = 0; s < successors.length; s++) {
        const successor = successors[s];
        if (!queued[successor]) {
          queued[successor] = 1;
          worklist.push(successor);
        }
      }
    }
    this.blockIn[id] = entry;
    return entry;
  }
  /** Definitions of `register` that reach the entry of `block`, ascending. */
  atEntry(block, register) {
    const id = this.registerIds.get(register);
    if (id === void 0) return [];
    return this.soleDefinitionDominating(id, block) ? [this.defIndices[id][0]] : Array.from(this.sets.get(this.solve(id)[block]));
  }
  /**
   * Whether register `id` has one definition, in a block that strictly dominates `block`: then
   * every path to `block` passes it and nothing redefines it, so it alone reaches the entry (the
   * common case of nvcc's single-assignment registers), without solving the register's sets.
   */
  soleDefinitionDominating(id, block) {
    const indices = this.defIndices[id];
    if (indices.length !== 1) return false;
    const defBlock = this.cfg.blockOfStatement[indices[0]];
    return defBlock !== block && this.dominates(defBlock, block);
  }
  /** Whether block `a` dominates block `b` (O(1) through the dominator tree's numbering; unreachable blocks dominate nothing). */
  dominates(a, b) {
    if (a < 0 || b < 0 || this.cfg.idom[a] === -1 || this.cfg.idom[b] === -1) return false;
    const { pre, post } = this.dominatorOrder ??= dominatorTreeOrder(this.cfg);
    return pre[a] <= pre[b] && post[b] <= post[a];
  }
  /** Definitions of `register` that reach the statement at `index` (before it executes), ascending. */
  at(index, register) {
    const blockId = this.cfg.blockOfStatement[index];
    if (blockId < 0) return [];
    const id = this.registerIds.get(register);
    if (id === void 0) return [];
    const indices = this.defIndices[id];
    const guarded = this.defGuarded[id];
    let low = 0;
    let high = indices.length;
    while (low < high) {
      const middle = low + high >>> 1;
      if (indices[middle] < index) low = middle + 1;
      else high = middle;
    }
    const local = [];
    for (let k = low - 1; k >= 0 && this.cfg.blockOfStatement[indices[k]] === blockId; k--) {
      local.push(indices[k]);
      if (!guarded[k]) return local.reverse();
    }
    local.reverse();
    if (local.length === 0 && this.soleDefinitionDominating(id, blockId)) return [indices[0]];
    const entering = this.sets.get(this.solve(id)[blockId]);
    return local.length === 0 ? Array.from(entering) : Array.from(mergeSorted(entering, local));
  }
};
var ARITHMETIC = {
  add: "add",
  sub: "sub",
  div: "div",
  rem: "rem",
  and: "and",
  or: "or",
  xor: "xor",
  shl: "shl",
  shr: "shr",
  min: "min",
  max: "max"
};
var COMPARISONS2 = /* @__PURE__ */ new Set(["eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs"]);
var FLOAT_TYPES = /* @__PURE__ */ new Set(["f16", "f16x2", "bf16", "bf16x2", "f32", "f64", "tf32"]);
function isFloatType2(ins) {
  return ins.modifiers.some((m) => FLOAT_TYPES.has(m));
}
function compareOp(modifier) {
  const unsigned = { lo: "lt", ls: "le", hi: "gt", hs: "ge" };
  return unsigned[modifier] ?? modifier;
}
var ValueBuilder = class {
  /** `parameterValue(name)`: the known value of a kernel parameter (by its PTX name), else undefined: it stays a symbol. */
  constructor(module, cfg, loops, parameterValue = () => void 0) {
    this.cfg = cfg;
    this.parameterValue = parameterValue;
    this.reaching = new ReachingDefinitions(cfg);
    const variables = [...module.globals, ...cfg.fn.body.filter((s) => s.kind === "var")];
    this.sharedNames = new Set(
      variables.filter((v) => v.kind === "var" && v.stateSpace === "shared").map((v) => v.name)
    );
    this.globalNames = new Set(
      variables.filter((v) => v.kind === "var" && v.stateSpace === "global").map((v) => v.name)
    );
    this.blockLoops = cfg.blocks.map((block) => loops.filter((loop) => loop.blocks.includes(block.id)).sort((a, b) => b.depth - a.depth));
  }
  cfg;
  parameterValue;
  reaching;
  memo = /* @__PURE__ */ new Map();
  inProgress = /* @__PURE__ */ new Set();
  /** Memo keys set by the outermost resolution under way (outermost()). */
  resolvedNow = null;
  /** Carried values (carriedMerge) by loop header and register; in the map from before their latches are built. */
  carried = /* @__PURE__ */ new Map();
  /** Structural equality of the values built here (merges that agree on every path). */
  numbering = new ExprNumbering();
  sharedNames;
  globalNames;
  blockLoops;
  instruction(index) {
    return this.cfg.fn.body[index];
  }
  lineOf(index) {
    const line = this.instruction(index).source?.line;
    return line ? `line ${line}` : `PTX line ${this.instruction(index).position.line}`;
  }
  /** The value of an operand as read by the statement at `index`. */
  operand(operand, index) {
    if (!operand) return opaque(false, false, "missing operand");
    switch (operand.kind) {
      case "immediate":
        return constant(operand.value);
      case "register": {
        if (operand.name.startsWith("%") && operand.name.includes(".") && /^%(n?tid|n?ctaid|nclusterid|clusterid|cluster_n?ctaid)\./.test(operand.name)) {
          return symbol(operand.name);
        }
        if (operand.name === "%laneid") return symbol("%laneid");
        if (/^%(warpid|smid|nsmid|gridid|clock|clock64|globaltimer|lanemask_)/.test(operand.name)) {
          return opaque(
            operand.name.startsWith("%lanemask") ? false : operand.name !== "%warpid",
            false,
            `special register ${operand.name}`,
            operand.name,
            operand.name
          );
        }
        return this.register(operand.name, index);
      }
      case "symbol":
        return this.variableAddress(operand.name);
      case "address": {
        const base2 = operand.base ? this.operand(operand.base, index) : constant(0);
        return operand.offset === 0 ? base2 : { op: "add", a: base2, b: constant(operand.offset) };
      }
      default:
        return opaque(false, false, `operand ${operand.kind}`);
    }
  }
  variableAddress(name) {
    if (this.sharedNames.has(name)) return symbol(`shared:${name}`);
    if (this.globalNames.has(name)) return symbol(`global:${name}`);
    return symbol(`var:${name}`);
  }
  /** The value of `register` just before the statement at `index`. */
  register(register, index) {
    const key2 = `${index}:${register}`;
    const memoised2 = this.memo.get(key2);
    if (memoised2) return memoised2;
    if (this.inProgress.has(key2)) return opaque(false, false, `cyclic definition of ${register}`);
    if (this.inProgress.size === 0) return this.outermost(register, index, key2);
    return this.resolve(register, index, key2);
  }
  resolve(register, index, key2) {
    this.inProgress.add(key2);
    const value = this.registerUncached(register, index);
    this.inProgress.delete(key2);
    this.memo.set(key2, value);
    this.resolvedNow?.push(key2);
    return value;
  }
  /**
   * A value asked for from outside any resolution. Values resolved before a carried node was
   * made for a loop they depend on may hold a cyclic definition where the node now stands: when
   * the resolution made one, everything it memoised is forgotten and it runs again (the nodes
   * stay, so each run makes fewer).
   */
  outermost(register, index, key2) {
    const enclosing = this.resolvedNow;
    try {
      for (let run = 0; ; run++) {
        const nodesBefore = this.carried.size;
        const resolved = [];
        this.resolvedNow = resolved;
        const value = this.resolve(register, index, key2);
        if (this.carried.size === nodesBefore || run >= MAX_CARRIED_RERUNS) {
          enclosing?.push(...resolved);
          return value;
        }
        for (const stale of resolved) this.memo.delete(stale);
      }
    } finally {
      this.resolvedNow = enclosing;
    }
  }
  registerUncached(register, index) {
    const defs = this.reaching.at(index, register);
    if (defs.length === 0) return opaque(false, false, `${register} has no reaching definition`);
    if (defs.length === 1) return this.definition(defs[0], register);
    const early = this.carried.size > 0 ? this.headerMerge(register, index, defs) : void 0;
    const known2 = early && this.carried.get(early.key);
    if (known2) return known2;
    const induction2 = this.induction(register, index, defs);
    if (induction2) return induction2;
    const values = defs.map((def) => this.definition(def, register));
    if (values.every((value) => this.numbering.same(value, values[0]))) return values[0];
    const lines = defs.map((def) => this.lineOf(def)).join(", ");
    if (this.loopCarried(index, defs, values)) {
      const offset = laneOffsetMerge(register, values, lines, `iter:m${index}`);
      if (offset) return offset;
      if (values.every(uniformApartFromCycles))
        return opaque(
          true,
          false,
          `${register} merges different definitions (${lines})`,
          `${register}@${defs.join(",")}`,
          `${register} (merged at ${lines})`
        );
    }
    const merged = opaque(
      values.every(isUniformExpr),
      false,
      `${register} merges different definitions (${lines})`,
      `${register}@${defs.join(",")}`,
      `${register} (merged at ${lines})`
    );
    const carriedAt = () => this.carriedMerge(early === void 0 ? this.headerMerge(register, index, defs) : early, register, index, lines, merged);
    return this.gatedMerge(register, index, defs, lines, merged) ?? carriedAt() ?? merged;
  }
  /**
   * The loop whose header's merge of `register` reaches `index` unchanged (the definitions
   * reaching `index` are those reaching the header, some inside the loop, some outside).
   */
  headerMerge(register, index, defs) {
    const { blockOfStatement } = this.cfg;
    for (const loop of this.blockLoops[blockOfStatement[index]] ?? []) {
      const inside = defs.filter((def) => loop.blocks.includes(blockOfStatement[def])).length;
      if (inside === 0 || inside === defs.length) continue;
      const atHeader = this.reaching.atEntry(loop.header, register);
      if (atHeader.length !== defs.length || atHeader.some((def, i) => def !== defs[i])) return null;
      return { loop, key: `${loop.header}:${register}` };
    }
    return null;
  }
  /**
   * A loop-carried register no closed form fits: a CarriedExpr, its value at the header as
   * `entry + H` (H warp-uniform) where that holds by induction, which the warp evaluation
   * checks. Its latch values are built afresh, with every use of the header's value in the
   * loop standing for the node itself (values built before it saw a cyclic definition there);
   * they replace the memoised ones. Null when the entry value differs between the ways in.
   */
  carriedMerge(header, register, index, lines, standIn) {
    if (!header) return null;
    const known2 = this.carried.get(header.key);
    if (known2) return known2;
    const { loop } = header;
    const predecessors = this.cfg.blocks[loop.header].predecessors;
    const ways = predecessors.filter((p) => !loop.blocks.includes(p));
    const entries = ways.map((p) => this.exitValue(register, p));
    let entry = entries[0];
    if (!entry || entries.some((value) => !value || !this.numbering.same(value, entry))) {
      entry = this.joinValue(register, loop.header, lines, standIn, ways.length);
      if (!entry) return null;
    }
    const where = this.lineOf(this.cfg.blocks[loop.header].statements[0] ?? index);
    const node = carriedExpr(
      this.carried.size,
      entry,
      `${register} carried around the loop at ${where} (${lines}), not the same offset from its entry value in every lane`,
      `${register} carried around the loop at ${where}`,
      loop.id
    );
    this.carried.set(header.key, node);
    const outerMemo = this.memo;
    const outerProgress = this.inProgress;
    this.memo = /* @__PURE__ */ new Map();
    this.inProgress = /* @__PURE__ */ new Set();
    const latches = [];
    try {
      for (const latch of predecessors.filter((p) => loop.blocks.includes(p))) {
        const value = this.exitValue(register, latch);
        if (!value) {
          setCarriedLatches(node, null);
          return node;
        }
        latches.push(value);
      }
      setCarriedLatches(node, latches);
    } finally {
      const rebuilt = this.memo;
      this.memo = outerMemo;
      this.inProgress = outerProgress;
      for (const [key2, value] of rebuilt) {
        outerMemo.set(key2, value);
        this.resolvedNow?.push(key2);
      }
    }
    return node;
  }
  /**
   * A merge where an if/else (or a chain of them) joins: the value as a select on the branch
   * conditions, `c ? v1 : v2`, resolved per lane where the conditions are known. The join is
   * the nearest block dominating the use whose entry sees the same definitions; every block
   * between its immediate dominator and it must have a single predecessor (no other way in).
   */
  gatedMerge(register, index, defs, lines, standIn) {
    const { blocks, idom } = this.cfg;
    const wanted = defs.join(",");
    let join = this.cfg.blockOfStatement[index];
    for (let step = 0; step < MAX_JOIN_SEARCH; step++) {
      if (blocks[join].predecessors.length >= 2 && this.reaching.atEntry(join, register).join(",") === wanted && !this.invariantIn(join, defs)) {
        return this.joinValue(register, join, lines, standIn, blocks[join].predecessors.length);
      }
      const up = idom[join];
      if (up < 0 || up === join) return null;
      join = up;
    }
    return null;
  }
  /** `block` heads a loop none of `defs` is in: the value is the one the loop was entered with. */
  invariantIn(block, defs) {
    const loop = this.blockLoops[block]?.find((candidate) => candidate.header === block);
    return loop !== void 0 && defs.every((def) => !loop.blocks.includes(this.cfg.blockOfStatement[def]));
  }
  /**
   * The value of `register` entering `join`, walked from its immediate dominator: a select on
   * the branches between, where every one of `predecessors` (a count) is reached that way.
   */
  joinValue(register, join, lines, standIn, predecessors) {
    const dominator = this.cfg.idom[join];
    if (dominator < 0 || dominator === join) return null;
    const walk2 = {
      register,
      join,
      reached: /* @__PURE__ */ new Set(),
      reason: `${register} merged where branches join (${lines})`,
      standIn,
      walked: /* @__PURE__ */ new Map()
    };
    const value = this.arriving(walk2, dominator, 0);
    return value && value !== DEAD_END && walk2.reached.size === predecessors ? value : null;
  }
  /**
   * The value of `register` flowing into `join` from `from`'s exit, over every path from
   * `from` to `join`: a branch gives a select on its predicate; a block entered from
   * elsewhere too (an inner if/else joining first) continues with that block's own merged
   * value, which holds however it was reached. A path that ends (ret, exit) never reaches
   * the join: DEAD_END, and the branch leading to it picks the other side. The predecessors
   * of `join` met are added to `reached`.
   */
  arriving(walk2, from, depth) {
    if (depth > MAX_JOIN_SEARCH) return null;
    if (walk2.walked.has(from)) return walk2.walked.get(from);
    walk2.walked.set(from, DEAD_END);
    const value = this.arrivingFrom(walk2, from, depth);
    walk2.walked.set(from, value);
    return value;
  }
  arrivingFrom(walk2, from, depth) {
    const successors = this.cfg.blocks[from].successors;
    const along = (next2) => {
      if (next2 === walk2.join) return this.reachJoin(walk2, from);
      return this.acrossLoop(walk2, from, next2, depth) ?? this.arriving(walk2, next2, depth + 1);
    };
    if (successors.length === 0) return DEAD_END;
    if (successors.length === 1) return along(successors[0]);
    const branch = closingBranch(this.cfg, from);
    if (!branch) return null;
    const whenTaken = along(branch.target);
    const whenNotTaken = whenTaken && along(branch.fallthrough);
    if (!whenTaken || !whenNotTaken) return null;
    if (whenTaken === DEAD_END) return whenNotTaken;
    if (whenNotTaken === DEAD_END || this.numbering.same(whenTaken, whenNotTaken)) return whenTaken;
    const predicate = this.register(branch.register, branch.statement);
    const taken = branch.negated ? { op: "pred", combine: "not", parts: [predicate] } : predicate;
    return selectOf(taken, whenTaken, whenNotTaken, walk2.reason, walk2.standIn);
  }
  /**
   * A walk entering a loop at `header` (from `from`, outside it) that the join is not in goes on
   * from the loop's one exit: the value leaving it is the exit block's (the loop's own updates
   * are in it, an induction read after the loop included), whatever the body's branches did.
   * Walking the body instead takes a step per if of an unrolled body (FDTD3d's stencil loop
   * unrolled 9 times: 36 ifs, past the search depth, and its remainder loop's addresses were
   * left unresolved). Undefined where this does not apply (several exits, not a header); where
   * it applies but the value is not found (null), the caller walks the body as before.
   */
  acrossLoop(walk2, from, header, depth) {
    const loop = this.blockLoops[header]?.find((candidate) => candidate.header === header);
    if (!loop || loop.blocks.includes(from) || loop.blocks.includes(walk2.join)) return void 0;
    let exit = null;
    for (const block of loop.blocks) {
      for (const next2 of this.cfg.blocks[block].successors) {
        if (loop.blocks.includes(next2)) continue;
        if (exit) return void 0;
        exit = { block, next: next2 };
      }
    }
    if (!exit) return DEAD_END;
    return exit.next === walk2.join ? this.reachJoin(walk2, exit.block) : this.arriving(walk2, exit.next, depth + 1);
  }
  /** The walk reaches its join from `from`: the value `from` leaves with. */
  reachJoin(walk2, from) {
    walk2.reached.add(from);
    return this.exitValue(walk2.register, from);
  }
  /** The value of `register` when the block's last statement has run; null for a guarded definition there. */
  exitValue(register, block) {
    const statements = this.cfg.blocks[block].statements;
    const last = statements[statements.length - 1];
    if (last === void 0) {
      const entering = this.reaching.atEntry(block, register);
      return entering.length === 1 ? this.definition(entering[0], register) : null;
    }
    if (definedRegisters(this.instruction(last)).includes(register)) {
      return this.instruction(last).guard ? null : this.definition(last, register);
    }
    return this.register(register, last);
  }
  /**
   * True when the merge is a loop-carried value: one entry value (every definition outside the
   * innermost loop around the use is the same) and updates only in the loop's header or latch
   * blocks, which run once per iteration in every lane still in the loop. A definition inside
   * an `if` of the body could be skipped by some lanes, and is not one of these.
   */
  loopCarried(index, defs, values) {
    const loop = this.blockLoops[this.cfg.blockOfStatement[index]]?.[0];
    if (!loop) return false;
    let entry = null;
    let updates = 0;
    for (let i = 0; i < defs.length; i++) {
      const block = this.cfg.blockOfStatement[defs[i]];
      const onceEachIteration = this.inHeaderOrLatch(block);
      if (loop.blocks.includes(block)) {
        if (!onceEachIteration) return false;
        updates++;
      } else if (!onceEachIteration) {
        if (entry && !this.numbering.same(entry, values[i])) return false;
        entry = values[i];
      }
    }
    return updates > 0;
  }
  /** The block is its innermost loop's header or a latch (branches back to the header). */
  inHeaderOrLatch(block) {
    const inner = this.blockLoops[block]?.[0];
    return inner !== void 0 && (block === inner.header || this.cfg.blocks[block].successors.includes(inner.header));
  }
  /** init + iter*step for `register` updated once per iteration of a loop around `index`. */
  induction(register, index, defs) {
    const useBlock = this.cfg.blockOfStatement[index];
    for (const loop of this.blockLoops[useBlock] ?? []) {
      const inside = defs.filter((def) => loop.blocks.includes(this.cfg.blockOfStatement[def]));
      const outside = defs.filter((def) => !inside.includes(def));
      if (inside.length !== 1 || outside.length === 0) continue;
      const update = this.instruction(inside[0]);
      if (update.mnemonic !== "add" && update.mnemonic !== "sub" || update.guard || isFloatType2(update)) continue;
      const [, first, second] = update.operands;
      const selfFirst = first?.kind === "register" && first.name === register;
      const selfSecond = update.mnemonic === "add" && second?.kind === "register" && second.name === register;
      let iterations;
      if (selfFirst || selfSecond) {
        const step = this.invariantStep(selfFirst ? second : first, inside[0], loop);
        iterations = step && { op: "mul", a: symbol(`iter:${loop.id}`), b: step };
      } else {
        iterations = update.mnemonic === "add" ? this.chainedIterations(register, inside[0], loop) : null;
      }
      if (iterations === null) continue;
      const inits = outside.map((def) => this.definition(def, register));
      if (!inits.every((init) => this.numbering.same(init, inits[0]))) continue;
      return { op: selfFirst || selfSecond ? update.mnemonic : "add", a: inits[0], b: iterations };
    }
    return null;
  }
  /** A step operand invariant in `loop` (an immediate, or defined outside it) and uniform; null otherwise. */
  invariantStep(operand, index, loop) {
    if (operand?.kind === "register") {
      const stepDefs = this.reaching.at(index, operand.name);
      if (stepDefs.some((def) => loop.blocks.includes(this.cfg.blockOfStatement[def]))) return null;
    }
    const step = this.operand(operand, index);
    return isUniformExpr(step) ? step : null;
  }
  /**
   * `iter·step` for an update that reaches `register` through a chain of adds (nvcc's unrolled
   * thread-strided loop: `r65 = r170 + ntid; r67 = r65 + ntid; ...; r170 = r77 + ntid`): each
   * link adds an invariant uniform step to the previous one, the first to `register` itself, and
   * runs on every iteration before the update. Equal steps are counted (`(iter·ntid)·8`, the form
   * summands() splits into a multiple of one step); null when the chain is anything else.
   */
  chainedIterations(register, updateIndex, loop) {
    let index = updateIndex;
    const steps = [];
    for (let link = 0; link < MAX_STEP_CHAIN; link++) {
      const ins = this.instruction(index);
      if (ins.mnemonic !== "add" || ins.guard || isFloatType2(ins)) return null;
      const [, first, second] = ins.operands;
      const chained = [first, second].map((operand) => {
        if (operand?.kind !== "register") return null;
        if (operand.name === register) return "self";
        const defs = this.reaching.at(index, operand.name);
        if (defs.length !== 1 || !loop.blocks.includes(this.cfg.blockOfStatement[defs[0]])) return null;
        const defBlock = this.cfg.blockOfStatement[defs[0]];
        const linkBlock = this.cfg.blockOfStatement[index];
        return defBlock === linkBlock ? defs[0] < index ? defs[0] : null : this.reaching.dominates(defBlock, linkBlock) ? defs[0] : null;
      });
      const position = chained[0] !== null ? 0 : chained[1] !== null ? 1 : -1;
      if (position < 0 || chained[1 - position] !== null) return null;
      const step = this.invariantStep(position === 0 ? second : first, index, loop);
      if (step === null) return null;
      steps.push(step);
      const next2 = chained[position];
      if (next2 === "self") return chainIterations(symbol(`iter:${loop.id}`), steps);
      index = next2;
    }
    return null;
  }
  /** The value the definition at `index` gives `register`. */
  definition(index, register) {
    const ins = this.instruction(index);
    const source = (position) => this.operand(ins.operands[position], index);
    const allUniform = () => ins.operands.slice(1).every((operand) => isUniformExpr(this.operand(operand, index)));
    const where = this.lineOf(index);
    const { mnemonic, modifiers } = ins;
    const factor = (position) => {
      const operand = ins.operands[position];
      const type = modifiers[modifiers.length - 1] ?? "";
      if (!modifiers.includes("wide") || operand?.kind !== "immediate" || !/^[us]32$/.test(type)) return source(position);
      return constant(type.startsWith("u") ? operand.value >>> 0 : operand.value | 0);
    };
    if (ins.operands[0]?.kind === "vector" || ins.operands[0]?.kind === "register" && ins.operands[0].name.includes("|")) {
      if (mnemonic === "ld" || mnemonic === "ldu") return this.loaded(ins, index, register);
      if (mnemonic === "setp") return this.comparison(ins, index, register);
      return opaque(allUniform(), false, `${ins.opcode} at ${where}`, `${index}:${register}`, `${register} (${ins.opcode} at ${where})`);
    }
    switch (mnemonic) {
      case "mov":
      case "cvt":
        return source(1);
      case "cvta": {
        const space = modifiers.find((m) => m === "global" || m === "shared" || m === "local" || m === "const" || m.startsWith("shared")) ?? "generic";
        return { op: "cvta", space: space.startsWith("shared") ? "shared" : space, toGeneric: !modifiers.includes("to"), a: source(1) };
      }
      case "ld":
      case "ldu":
      case "atom":
        return this.loaded(ins, index, register);
      case "setp":
        return this.comparison(ins, index, register);
      case "selp": {
        const [whenTrue, whenFalse] = [source(1), source(2)];
        if (this.numbering.same(whenTrue, whenFalse)) return whenTrue;
        const condition = source(3);
        const standIn = opaque(
          isUniformExpr(whenTrue) && isUniformExpr(whenFalse) && isUniformExpr(condition),
          false,
          `selp at ${where}`,
          `${index}:${register}`,
          `${register} (selp at ${where})`
        );
        return selectOf(condition, whenTrue, whenFalse, `selp at ${where}`, standIn);
      }
      case "abs": {
        if (isFloatType2(ins)) break;
        const value = source(1);
        const standIn = opaque(
          isUniformExpr(value),
          false,
          `${ins.opcode} at ${where}`,
          `${index}:${register}`,
          `${register} (${ins.opcode} at ${where})`
        );
        return selectOf(
          { op: "cmp", cmp: "lt", a: value, b: constant(0) },
          { op: "neg", a: value },
          value,
          `${ins.opcode} at ${where}`,
          standIn
        );
      }
      case "not":
        if (modifiers.includes("pred")) return { op: "pred", combine: "not", parts: [source(1)] };
        return { op: "not", a: source(1) };
      case "neg":
        return isFloatType2(ins) ? opaque(allUniform(), false, `${ins.opcode} at ${where}`, `${index}:${register}`, `${register} (${ins.opcode} at ${where})`) : { op: "neg", a: source(1) };
      case "mul":
      case "mul24":
        if (isFloatType2(ins) || modifiers.includes("hi")) break;
        return { op: "mul", a: factor(1), b: factor(2) };
      case "mad":
      case "mad24":
        if (isFloatType2(ins) || modifiers.includes("hi")) break;
        return { op: "add", a: { op: "mul", a: factor(1), b: factor(2) }, b: source(3) };
      default: {
        if (modifiers.includes("pred") && (mnemonic === "and" || mnemonic === "or" || mnemonic === "xor")) {
          return { op: "pred", combine: mnemonic, parts: [source(1), source(2)] };
        }
        const op = ARITHMETIC[mnemonic];
        if (op && !isFloatType2(ins)) {
          const bits = Number(modifiers.map((m) => /^[bsu](\d+)$/.exec(m)?.[1]).find(Boolean) ?? 0) || void 0;
          return { op, a: source(1), b: source(2), bits };
        }
      }
    }
    return opaque(allUniform(), false, `${ins.opcode} at ${where}`, `${index}:${register}`, `${register} (${ins.opcode} at ${where})`);
  }
  loaded(ins, index, register) {
    const addressOperand = ins.operands.find((operand) => operand.kind === "address");
    if (ins.modifiers.includes("param") && addressOperand?.kind === "address" && addressOperand.base?.kind === "symbol") {
      const offset = addressOperand.offset ? `+${addressOperand.offset}` : "";
      const known2 = offset ? void 0 : this.parameterValue(addressOperand.base.name);
      return known2 !== void 0 ? constant(known2) : symbol(`param:${addressOperand.base.name}${offset}`);
    }
    const address = addressOperand ? this.operand(addressOperand, index) : opaque(false, false, "no address");
    const uniform = ins.mnemonic !== "atom" && isUniformExpr(address);
    return opaque(
      uniform,
      true,
      `${register} loaded from memory (${ins.opcode} at ${this.lineOf(index)})`,
      `${index}:${register}`,
      `${register} (loaded at ${this.lineOf(index)})`
    );
  }
  comparison(ins, index, register) {
    const destination = ins.operands[0];
    const names = destination ? registerNames(destination) : [];
    const cmpModifier = ins.modifiers.find((m) => COMPARISONS2.has(m));
    if (isFloatType2(ins) || !cmpModifier) {
      const parts = ins.operands.slice(1).map((operand) => this.operand(operand, index));
      return opaque(
        parts.every(isUniformExpr),
        parts.some((p) => p.op === "opaque" && p.indirect),
        `${ins.opcode} at ${this.lineOf(index)}`
      );
    }
    const compared = {
      op: "cmp",
      cmp: compareOp(cmpModifier),
      a: this.operand(ins.operands[1], index),
      b: this.operand(ins.operands[2], index)
    };
    return names.length > 1 && names[1] === register ? { op: "pred", combine: "not", parts: [compared] } : compared;
  }
};
var DEAD_END = /* @__PURE__ */ Symbol("dead end");
function chainIterations(iterations, steps) {
  if (steps.every((step) => step.op === "const")) {
    return { op: "mul", a: iterations, b: { op: "const", value: steps.reduce((sum2, step) => sum2 + step.value, 0) } };
  }
  const first = formatExpr(steps[0]);
  if (steps.every((step) => formatExpr(step) === first)) {
    const once = { op: "mul", a: iterations, b: steps[0] };
    return steps.length === 1 ? once : { op: "mul", a: once, b: { op: "const", value: steps.length } };
  }
  return { op: "mul", a: iterations, b: steps.slice(1).reduce((sum2, step) => ({ op: "add", a: sum2, b: step }), steps[0]) };
}
var MAX_STEP_CHAIN = 64;
var MAX_CARRIED_RERUNS = 64;
var MAX_JOIN_SEARCH = 32;
function selectOf(cond, whenTrue, whenFalse, reason, standIn) {
  if (1 + expandedSize(cond) + expandedSize(whenTrue) + expandedSize(whenFalse) > EXPANDED_SIZE_LIMIT) return standIn;
  const uniform = standIn.op === "opaque" && standIn.uniform;
  return { op: "select", cond, a: whenTrue, b: whenFalse, reason, ...uniform ? { fallback: standIn } : {} };
}
function foldedConstant(expr) {
  let value;
  switch (expr.op) {
    case "const":
      return expr.value;
    case "add":
    case "sub":
    case "mul": {
      const a = foldedConstant(expr.a);
      const b = a === null ? null : foldedConstant(expr.b);
      if (a === null || b === null) return null;
      value = expr.op === "add" ? a + b : expr.op === "sub" ? a - b : a * b;
      break;
    }
    case "shl": {
      const a = foldedConstant(expr.a);
      const b = a === null ? null : foldedConstant(expr.b);
      if (a === null || b === null || b < 0 || b > 30) return null;
      value = a * 2 ** b;
      break;
    }
    default:
      return null;
  }
  return Number.isSafeInteger(value) ? value : null;
}
function constantFactor(expr) {
  const right = foldedConstant(expr.b);
  if (right !== null) return { value: right, other: expr.a };
  const left = foldedConstant(expr.a);
  return left === null ? null : { value: left, other: expr.b };
}
function summands(expr, coefficient, out) {
  const factor = expr.op === "mul" ? constantFactor(expr) : null;
  if (expr.op === "add" || expr.op === "sub") {
    summands(expr.a, coefficient, out);
    summands(expr.b, expr.op === "sub" ? -coefficient : coefficient, out);
  } else if (expr.op === "neg") {
    summands(expr.a, -coefficient, out);
  } else if (factor !== null) {
    summands(factor.other, coefficient * factor.value, out);
  } else if (expr.op === "shl" && expr.b.op === "const" && expr.b.value < 31) {
    summands(expr.a, coefficient * 2 ** expr.b.value, out);
  } else {
    out.push({ expr, coefficient });
  }
  return out;
}
function laneOffsetMerge(register, values, lines, rangeName) {
  let key2 = null;
  let lanePart = [];
  let uniformKey = null;
  let uniformPart = [];
  let uniformConstant = 0;
  let moves = [];
  const steps = { step: null, multiples: [] };
  const addStepMultiples = (terms) => {
    for (const term of terms) {
      const multiple = stepMultiple(term);
      if (!multiple || steps.step !== null && steps.step.key !== multiple.key) {
        steps.multiples = null;
        return;
      }
      steps.step = multiple;
      steps.multiples?.push(term.coefficient);
    }
  };
  for (const value of values) {
    const terms = summands(value, 1, []);
    const selfTerms = terms.filter((t) => isCycle(t.expr));
    const laneTerms = terms.filter((t) => !selfTerms.includes(t) && !isUniformExpr(t.expr));
    const uniformTerms = terms.filter((t) => !selfTerms.includes(t) && !laneTerms.includes(t));
    const constantSum = uniformTerms.reduce((sum2, t) => sum2 + (t.expr.op === "const" ? t.coefficient * t.expr.value : 0), 0);
    const iterationTerms = uniformTerms.filter((t) => isIterationSymbol(t.expr));
    const symbolicTerms = uniformTerms.filter((t) => t.expr.op !== "const" && !iterationTerms.includes(t));
    for (const t of iterationTerms) moves?.push(t.coefficient);
    if (iterationTerms.length) steps.multiples = null;
    if (selfTerms.length) {
      if (selfTerms.length > 1 || selfTerms[0].coefficient !== 1 || laneTerms.length) return null;
      if (symbolicTerms.length) moves = null;
      else moves?.push(constantSum);
      if (constantSum !== 0) steps.multiples = null;
      else addStepMultiples(symbolicTerms);
      continue;
    }
    const termKey = termsKey(laneTerms);
    const symbolicKey2 = termsKey(symbolicTerms);
    if (key2 === null) {
      key2 = termKey;
      lanePart = laneTerms;
      uniformKey = symbolicKey2;
      uniformPart = uniformTerms;
      uniformConstant = constantSum;
    } else if (termKey !== key2) {
      return null;
    } else if (symbolicKey2 !== uniformKey) {
      moves = null;
      if (constantSum !== uniformConstant) steps.multiples = null;
      else addStepMultiples(termDifference2(symbolicTerms, uniformPart));
    } else {
      moves?.push(constantSum - uniformConstant);
      if (constantSum !== uniformConstant) steps.multiples = null;
    }
  }
  if (key2 === null || !lanePart.length || lanePart.some((t) => t.expr.op === "opaque")) return null;
  const lane = sumOf(lanePart);
  const stride = moves === null ? 0 : moves.reduce((g, m) => gcd(g, m), 0);
  const { step, multiples } = steps;
  const stepStride = step && multiples ? multiples.reduce((g, m) => gcd(g, m), 0) : 0;
  if (stride === 0 && (step === null || stepStride === 0))
    return { op: "add", a: lane, b: opaque(true, false, `${register} merges definitions that differ by warp-uniform terms (${lines})`) };
  const rest = stride !== 0 || step === null ? { op: "mul", a: symbol(rangeName), b: { op: "const", value: stride } } : { op: "mul", a: { op: "mul", a: symbol(rangeName), b: step.expr }, b: { op: "const", value: stepStride } };
  return { op: "add", a: uniformPart.length ? { op: "add", a: lane, b: sumOf(uniformPart) } : lane, b: rest };
}
function isIterationSymbol(expr) {
  return expr.op === "sym" && expr.name.startsWith("iter:");
}
function stepMultiple(term) {
  let expr = term.expr;
  if (expr.op === "mul" && isIterationSymbol(expr.a)) expr = expr.b;
  else if (expr.op === "mul" && isIterationSymbol(expr.b)) expr = expr.a;
  if (expr.op === "const" || isIterationSymbol(expr) || !Number.isInteger(term.coefficient)) return null;
  return { key: formatExpr(expr), expr };
}
function termDifference2(left, right) {
  const byKey = /* @__PURE__ */ new Map();
  const add2 = (terms, sign) => {
    for (const t of terms) {
      if (t.expr.op === "const") continue;
      const k = formatExpr(t.expr);
      const found = byKey.get(k);
      byKey.set(k, { expr: t.expr, coefficient: (found?.coefficient ?? 0) + sign * t.coefficient });
    }
  };
  add2(left, 1);
  add2(right, -1);
  return [...byKey.values()].filter((t) => t.coefficient !== 0);
}
function termsKey(terms) {
  return terms.map((t) => `${t.coefficient}*${formatExpr(t.expr)}`).sort().join(" + ");
}
function sumOf(terms) {
  return terms.map((t) => t.coefficient === 1 ? t.expr : { op: "mul", a: t.expr, b: { op: "const", value: t.coefficient } }).reduce((sum2, term) => ({ op: "add", a: sum2, b: term }));
}
function isCycle(expr) {
  return expr.op === "opaque" && !expr.uniform && expr.reason.startsWith("cyclic definition of ");
}
function uniformApartFromCycles(expr) {
  switch (expr.op) {
    case "const":
      return true;
    case "sym":
      return isUniformExpr(expr);
    case "opaque":
      return expr.uniform || isCycle(expr);
    case "carried":
      return false;
    case "neg":
    case "not":
    case "cvta":
      return uniformApartFromCycles(expr.a);
    case "pred":
      return expr.parts.every(uniformApartFromCycles);
    case "select":
      return uniformApartFromCycles(expr.cond) && uniformApartFromCycles(expr.a) && uniformApartFromCycles(expr.b);
    default:
      return uniformApartFromCycles(expr.a) && uniformApartFromCycles(expr.b);
  }
}

// src/analysis/memory/divergence.ts
var differences = /* @__PURE__ */ new WeakMap();
function differenceOf(expr, lane) {
  let difference = differences.get(expr);
  if (difference === void 0) {
    const copies = /* @__PURE__ */ new Map();
    difference = { op: "sub", a: uniformAsSymbols(expr.a, lane, copies), b: uniformAsSymbols(expr.b, lane, copies) };
    differences.set(expr, difference);
  }
  return difference;
}
var uniformSymbols = /* @__PURE__ */ new WeakMap();
var nextUniform = 0;
function uniformAsSymbols(expr, lane, copies) {
  if (expr.op === "const" || expr.op === "sym") return expr;
  let copy = copies.get(expr);
  if (copy === void 0) {
    copy = rewriteUniforms(expr, lane, copies);
    copies.set(expr, copy);
  }
  return copy;
}
function rewriteUniforms(expr, lane, copies) {
  if (isUniformExpr(expr)) {
    if (!isUnknown(laneValue(expr, lane))) return expr;
    let named = uniformSymbols.get(expr);
    if (!named) {
      named = { op: "sym", name: `uniform#${nextUniform++}` };
      uniformSymbols.set(expr, named);
    }
    return named;
  }
  switch (expr.op) {
    case "const":
    case "sym":
    case "opaque":
    case "carried":
      return expr;
    case "neg":
    case "not":
    case "cvta":
      return { ...expr, a: uniformAsSymbols(expr.a, lane, copies) };
    case "pred":
      return { ...expr, parts: expr.parts.map((part) => uniformAsSymbols(part, lane, copies)) };
    case "select":
      return {
        ...expr,
        cond: uniformAsSymbols(expr.cond, lane, copies),
        a: uniformAsSymbols(expr.a, lane, copies),
        b: uniformAsSymbols(expr.b, lane, copies)
      };
    default:
      return { ...expr, a: uniformAsSymbols(expr.a, lane, copies), b: uniformAsSymbols(expr.b, lane, copies) };
  }
}
var RANK = ["uniform", "bound", "divergent"];
function comparisonStatus(expr, warps) {
  if (isUniformExpr(expr.a) && isUniformExpr(expr.b)) return { status: "uniform", reason: "warp-uniform predicate" };
  if (!warps[0]?.length) return { status: "uniform", reason: "warp-uniform predicate" };
  const difference = differenceOf(expr, warps[0][0]);
  let status = "uniform";
  for (const warp of warps) {
    const values = laneValues(difference, warp);
    const unknownValue = values.find(isUnknown);
    if (unknownValue && isUnknown(unknownValue)) {
      return { status: "divergent", reason: `predicate depends on the lane through ${unknownValue.reason}`, unresolved: true };
    }
    const linears = values;
    const key2 = symbolicKey(linears[0]);
    if (linears.some((value) => symbolicKey(value) !== key2)) {
      return { status: "divergent", reason: "lanes compare against different runtime values" };
    }
    if (key2 === "") {
      const outcomes = new Set(linears.map((value) => compareDifference(expr.cmp, value.constant)));
      if (outcomes.size > 1)
        return { status: "divergent", reason: `lanes of a warp take different directions (${expr.cmp} on the thread index)` };
    } else if (new Set(linears.map((value) => value.constant)).size > 1) {
      status = "bound";
    }
  }
  return status === "bound" ? { status, reason: "thread-dependent bound check: only the warp straddling the runtime bound diverges" } : { status, reason: "warp-uniform predicate" };
}
var statuses = /* @__PURE__ */ new WeakMap();
function predicateStatus(expr, warps) {
  const evaluator = warps[0]?.[0]?.evaluator;
  if (evaluator === void 0) return predicateStatusOnce(expr, warps);
  const canonical2 = evaluator.canonical(expr);
  let byPredicate = statuses.get(warps);
  if (byPredicate === void 0) statuses.set(warps, byPredicate = /* @__PURE__ */ new WeakMap());
  let result = byPredicate.get(canonical2);
  if (result === void 0) byPredicate.set(canonical2, result = predicateStatusOnce(expr, warps));
  return result;
}
function predicateStatusOnce(expr, warps) {
  if (isUniformExpr(expr)) return { status: "uniform", reason: "warp-uniform predicate" };
  switch (expr.op) {
    case "cmp":
      return comparisonStatus(expr, warps);
    case "pred": {
      let worst = { status: "uniform", reason: "warp-uniform predicate" };
      for (const part of expr.parts) {
        const result = predicateStatus(part, warps);
        if (RANK.indexOf(result.status) > RANK.indexOf(worst.status)) worst = result;
      }
      return worst;
    }
    case "opaque":
      return expr.uniform ? { status: "uniform", reason: `warp-uniform predicate (${expr.reason})` } : { status: "divergent", reason: `predicate varies per lane: ${expr.reason}` };
    default:
      return { status: "divergent", reason: "predicate not resolved" };
  }
}
function laneOutcome(expr, lane) {
  switch (expr.op) {
    case "const":
      return expr.value !== 0;
    case "cmp": {
      const difference = laneValue(differenceOf(expr, lane), lane);
      return isUnknown(difference) || difference.terms.size > 0 ? null : compareDifference(expr.cmp, difference.constant);
    }
    case "pred":
      return combineOutcomes(
        expr.combine,
        expr.parts.map((part) => laneOutcome(part, lane))
      );
    default:
      return null;
  }
}
function activeLanes(guard, negated, warps) {
  if (isUniformExpr(guard)) return null;
  const active = [];
  for (const warp of warps) {
    const kept = [];
    for (const lane of warp) {
      const outcome = laneOutcome(guard, lane);
      if (outcome === null) return null;
      if (outcome !== negated) kept.push(lane);
    }
    if (kept.length) active.push(kept);
  }
  return active;
}

// src/analysis/memory/footprint.ts
var CTAID = ["%ctaid.x", "%ctaid.y", "%ctaid.z"];
var FootprintBuilder = class {
  constructor(trips, grid, threadsPerBlock) {
    this.trips = trips;
    this.grid = grid;
    this.lanesPerBlock = Math.ceil(threadsPerBlock / WARP_SIZE) * WARP_SIZE;
  }
  trips;
  grid;
  groups = /* @__PURE__ */ new Map();
  arrays = /* @__PURE__ */ new Map();
  l2Bytes = 0;
  streamingBytes = 0;
  streamingSites = 0;
  streamingReason = null;
  unknown = false;
  /** Lanes of the block's warps, partial warps whole: a request's sectors serve a warp, however few
   * of its lanes the block fills (as metrics.ts counts the launch's traffic). */
  lanesPerBlock;
  /** An access whose addresses are not followed (a warp-wide tile, a bulk copy): its sectors read once per request. */
  stream(weight, sectorsPerRequest, reason) {
    if (weight === 0) return;
    if (sectorsPerRequest === null) this.unknown = true;
    else this.streaming(weight * this.lanesPerBlock * sectorsPerRequest, reason);
  }
  streaming(bytes, reason) {
    this.streamingSites++;
    this.streamingReason ??= reason;
    this.streamingBytes += bytes;
    this.l2Bytes += bytes;
  }
  /**
   * One global access executed `weight` times per thread by the lanes of `warps`;
   * `sectorsPerRequest` as classified (null: unknown traffic, the footprint is then unknown);
   * `enclosing`: the ids of the loops it is in (whose iterations its address ranges over).
   */
  add(address, width, warps, weight, sectorsPerRequest, loads, enclosing) {
    if (weight === 0 || warps.length === 0) return;
    if (sectorsPerRequest === null) {
      this.unknown = true;
      return;
    }
    const requestBytes = weight * this.lanesPerBlock * sectorsPerRequest;
    const perWarp = [];
    for (const warp of warps) {
      const values = laneValues(address, warp, true);
      if (values.some(isUnknown)) return this.streaming(requestBytes, "address not resolved per lane");
      perWarp.push(values);
    }
    const warpsByKey = /* @__PURE__ */ new Map();
    for (const [w, lanes2] of perWarp.entries()) {
      const key2 = symbolicKey(lanes2[0]);
      if (!lanes2.every((lane) => symbolicKey(lane) === key2)) return this.streaming(requestBytes, "lanes differ by a runtime amount");
      const same = warpsByKey.get(key2);
      if (same) same.push(w);
      else warpsByKey.set(key2, [w]);
    }
    const carriedSteps = warps[0][0].evaluator.carriedSteps;
    let streamingBytes = 0;
    let streamingReason = null;
    for (const indices of warpsByKey.values()) {
      const share = requestBytes * indices.length / perWarp.length;
      const reason = this.addWarps(perWarp, indices, width, share, loads, enclosing, carriedSteps);
      if (reason === null) continue;
      streamingBytes += share;
      streamingReason ??= reason;
    }
    if (streamingReason !== null) this.streaming(streamingBytes, streamingReason);
  }
  /** The warps `indices` of one access, whose lanes share one uniform part; the reason when they stream, else null. */
  addWarps(perWarp, indices, width, requestBytes, loads, enclosing, carriedSteps) {
    const first = perWarp[indices[0]][0];
    const common = first.terms;
    const commonKey = symbolicKey(first);
    let low = 0;
    let high = 0;
    let iterations = 1;
    const steps = [];
    const ctaid = [0, 0, 0];
    const arrayTerms = [];
    for (const [term, termCoefficient] of common) {
      const { monomial, coefficient } = gridSizesApplied(term, termCoefficient, this.grid);
      if (monomial === "") {
        low += coefficient;
        high += coefficient;
        continue;
      }
      const axis = CTAID.indexOf(monomial);
      if (axis >= 0) {
        ctaid[axis] = coefficient;
        continue;
      }
      const carried = monomial.startsWith("u:carried") ? carriedSteps.get(monomial) : void 0;
      const index = carried ? null : /^iter:(\d+)$/.exec(monomial);
      const moving = carried ? { loop: carried.loop, perTurn: coefficient * carried.step, turnsBefore: 0 } : index ? { loop: Number(index[1]), perTurn: coefficient, turnsBefore: 1 } : null;
      if (moving) {
        const counted = this.trips.get(moving.loop);
        if (counted === void 0) return `loop ${moving.loop} has no trip count`;
        if (!enclosing.has(moving.loop)) {
          low += moving.perTurn * (counted.mean - moving.turnsBefore);
          high += moving.perTurn * (counted.mean - moving.turnsBefore);
          continue;
        }
        const reach = moving.perTurn * (counted.span - 1);
        if (reach < 0) low += reach;
        else high += reach;
        iterations *= counted.mean;
        if (counted.span > 1) steps.push({ bytes: Math.abs(moving.perTurn), count: counted.span });
        continue;
      }
      if (monomial.includes("iter:") || monomial.includes("%ctaid")) return `${monomial} does not range over a known count`;
      if (monomial.includes("u:carried") || monomial.includes("u:") && enclosing.size > 0)
        return "a warp-uniform value the loop may change moves the address";
      arrayTerms.push(`${coefficient}*${monomial}`);
    }
    const groupKey = `${commonKey}|${width}|${low}|${high}|${iterations}`;
    let group = this.groups.get(groupKey);
    if (group === void 0) {
      const key2 = `${arrayTerms.sort().join("+")}|${ctaid.join(",")}`;
      this.groups.set(
        groupKey,
        group = {
          array: key2,
          ctaid,
          width,
          low,
          high,
          iterations,
          loopStep: steps.length === 1 ? steps[0] : null,
          warps: [],
          requestSectors: 0,
          requestBytes: 0,
          loads
        }
      );
    }
    group.loads ||= loads;
    for (const w of indices) {
      const offsets = perWarp[w].map((lane) => lane.constant);
      group.requestSectors += sectorsTouched(offsets, width) * iterations;
      (group.warps[w] ??= []).push(...offsets);
    }
    group.requestBytes += requestBytes;
    return null;
  }
  /** Per group: the sectors its warps touch over the iterations against those they request, and its bytes on its array. */
  measureGroups() {
    for (const group of this.groups.values()) {
      let minOffset = Infinity;
      let maxOffset = -Infinity;
      for (const offsets of group.warps) {
        if (offsets === void 0) continue;
        for (const offset of offsets) {
          minOffset = Math.min(minOffset, offset);
          maxOffset = Math.max(maxOffset, offset);
        }
      }
      const strided = group.loopStep !== null && group.loopStep.bytes >= maxOffset + group.width - minOffset ? group.loopStep : null;
      let distinctSectors = 0;
      for (const offsets of group.warps) {
        if (offsets === void 0) continue;
        distinctSectors += strided ? mergedSectors(offsets.map((offset) => [offset, offset + group.width])) * strided.count : mergedSectors(offsets.map((offset) => [offset + group.low, offset + group.high + group.width]));
      }
      const first = minOffset + group.low;
      const last = maxOffset + group.high + group.width;
      const reuse = Math.min(1, distinctSectors / Math.max(1e-9, group.requestSectors));
      this.l2Bytes += group.requestBytes * reuse;
      let array = this.arrays.get(group.array);
      if (array === void 0)
        this.arrays.set(
          group.array,
          array = { intervals: [], distinctBytes: 0, stridedSets: /* @__PURE__ */ new Set(), ctaid: group.ctaid, loads: false }
        );
      array.loads ||= group.loads;
      array.intervals.push([first, last]);
      const signature = strided ? stridedSignature(group, strided) : null;
      if (signature !== null && array.stridedSets.has(signature)) continue;
      if (signature !== null) array.stridedSets.add(signature);
      array.distinctBytes += Math.min(distinctSectors * SECTOR_BYTES, group.requestBytes * reuse);
    }
    this.groups.clear();
  }
  summary() {
    if (this.unknown) return null;
    this.measureGroups();
    const blocks = this.grid[0] * this.grid[1] * this.grid[2];
    let blockBytes = this.streamingBytes;
    let launchBytes = this.streamingBytes * blocks;
    let privateLoaded = 0;
    let sharedLoaded = 0;
    for (const array of this.arrays.values()) {
      const span = mergedSectors(array.intervals) * SECTOR_BYTES;
      const touched = Math.min(span, array.distinctBytes);
      blockBytes += touched;
      if (array.loads && array.ctaid.every((coefficient) => coefficient === 0)) sharedLoaded += touched;
      else if (array.loads) privateLoaded = Math.max(privateLoaded, touched);
      const shift = array.ctaid.reduce((sum2, coefficient, axis) => sum2 + Math.abs(coefficient) * (this.grid[axis] - 1), 0);
      launchBytes += shift === 0 ? touched : Math.min(touched * blocks, Math.ceil((span + shift) / SECTOR_BYTES) * SECTOR_BYTES);
    }
    return {
      l2BytesPerBlock: this.l2Bytes,
      blockFootprintBytes: blockBytes,
      launchFootprintBytes: launchBytes,
      loadedBytesPerBlock: privateLoaded,
      sharedLoadedBytes: sharedLoaded,
      streamingSites: this.streamingSites,
      streamingReason: this.streamingReason
    };
  }
};
function stridedSignature(group, strided) {
  const offsets = group.warps.map((lanes2) => lanes2 === void 0 ? "" : [...new Set(lanes2)].sort((a, b) => a - b).join(","));
  return `${offsets.join(";")}|${group.low}|${strided.bytes}|${strided.count}|${group.width}`;
}
var NCTAID = /^%nctaid\.([xyz])$/;
function gridSizesApplied(monomial, coefficient, grid) {
  if (!monomial.includes("%nctaid")) return { monomial, coefficient };
  const kept = [];
  for (const factor of monomial.split("*")) {
    const axis = NCTAID.exec(factor);
    if (axis) coefficient *= grid["xyz".indexOf(axis[1])];
    else kept.push(factor);
  }
  return { monomial: kept.join("*"), coefficient };
}
function mergedSectors(intervals) {
  const sorted = intervals.map(([start, end]) => [Math.floor(start / SECTOR_BYTES), Math.ceil(end / SECTOR_BYTES)]).sort((a, b) => a[0] - b[0]);
  let sectors = 0;
  let coveredTo = -Infinity;
  for (const [start, end] of sorted) {
    if (end <= coveredTo) continue;
    sectors += end - Math.max(start, coveredTo);
    coveredTo = end;
  }
  return sectors;
}

// src/analysis/memory/reach.ts
function lanewiseBranches(cfg, builder, warps) {
  const blockOfLabel = new Map(cfg.blocks.filter((b) => b.label).map((b) => [b.label, b.id]));
  const branches = [];
  for (const block of cfg.blocks) {
    const last = block.statements[block.statements.length - 1];
    const ins = last === void 0 ? null : cfg.fn.body[last];
    if (!ins || ins.mnemonic !== "bra" || !ins.guard) continue;
    const targetOperand = ins.operands.find((operand) => operand.kind === "symbol");
    const target = targetOperand?.kind === "symbol" ? blockOfLabel.get(targetOperand.name) : void 0;
    const fallThrough = block.successors.find((successor) => successor !== target);
    if (target === void 0 || fallThrough === void 0) continue;
    const predicate = builder.register(ins.guard.register, last);
    if (predicateStatus(predicate, warps).status !== "divergent") continue;
    const negated = ins.guard.negated;
    branches.push({
      blockId: block.id,
      target,
      fallThrough,
      outcome: (lane) => {
        const value = laneOutcome(predicate, lane);
        return value === null ? null : value !== negated;
      }
    });
  }
  return branches;
}
function laneReachability(cfg, builder, warps) {
  const branches = new Map(lanewiseBranches(cfg, builder, warps).map((branch) => [branch.blockId, branch]));
  if (branches.size === 0) return null;
  const reached = new Map(cfg.blocks.map((block) => [block.id, warps.map(() => [])]));
  const masks = new Uint32Array(cfg.blocks.length);
  const blockMasks = cfg.blocks.map(() => []);
  warps.forEach((warp, w) => {
    const lanes2 = Math.min(warp.length, 32);
    const outcomes = /* @__PURE__ */ new Map();
    for (const [blockId, branch] of branches) {
      let taken = 0, notTaken = 0, either = 0;
      for (let l = 0; l < lanes2; l++) {
        const outcome = branch.outcome(warp[l]);
        if (outcome === null) either |= 1 << l;
        else if (outcome) taken |= 1 << l;
        else notTaken |= 1 << l;
      }
      outcomes.set(blockId, { taken, notTaken, either });
    }
    masks.fill(0);
    const stack = [cfg.entry];
    masks[cfg.entry] = lanes2 === 32 ? 4294967295 : (1 << lanes2) - 1;
    const reach = (blockId, lanesIn) => {
      const next2 = (masks[blockId] | lanesIn) >>> 0;
      if (next2 === masks[blockId]) return;
      masks[blockId] = next2;
      stack.push(blockId);
    };
    while (stack.length) {
      const blockId = stack.pop();
      const mask = masks[blockId];
      const branch = branches.get(blockId);
      const split = outcomes.get(blockId);
      if (branch && split) {
        for (const successor of cfg.blocks[blockId].successors) reach(successor, mask & split.either);
        reach(branch.target, mask & split.taken);
        reach(branch.fallThrough, mask & split.notTaken);
      } else {
        for (const successor of cfg.blocks[blockId].successors) reach(successor, mask);
      }
    }
    const listOfMask = /* @__PURE__ */ new Map();
    for (const block of cfg.blocks) {
      const mask = masks[block.id];
      blockMasks[block.id].push(mask);
      if (mask === 0) continue;
      let list = listOfMask.get(mask);
      if (list === void 0) {
        list = [];
        for (let l = 0; l < lanes2; l++) if (mask & 1 << l) list.push(warp[l]);
        listOfMask.set(mask, list);
      }
      reached.get(block.id)[w] = list;
    }
  });
  const byLanes = /* @__PURE__ */ new Map();
  for (const block of cfg.blocks) {
    const key2 = blockMasks[block.id].join(" ");
    const shared = byLanes.get(key2);
    if (shared === void 0) byLanes.set(key2, reached.get(block.id));
    else reached.set(block.id, shared);
  }
  return reached;
}

// src/analysis/memory/sites.ts
var ELEMENT_BITS = {
  b1: 1,
  s4: 4,
  u4: 4,
  s8: 8,
  u8: 8,
  f16: 16,
  bf16: 16,
  e4m3: 8,
  e5m2: 8,
  f32: 32,
  s32: 32,
  tf32: 32,
  f64: 64
};
function wmmaTile(ins) {
  const shape = ins.modifiers.map((m2) => /^m(\d+)n(\d+)k(\d+)$/.exec(m2)).find(Boolean);
  const matrix = ins.modifiers.find((m2) => m2 === "a" || m2 === "b" || m2 === "c" || m2 === "d");
  const type = [...ins.modifiers].reverse().find((m2) => m2 in ELEMENT_BITS);
  if (!shape || !matrix || !type) return null;
  const [m, n, k] = [Number(shape[1]), Number(shape[2]), Number(shape[3])];
  const [first, second] = matrix === "a" ? [m, k] : matrix === "b" ? [k, n] : [m, n];
  const rowMajor = !ins.modifiers.includes("col");
  const [rows, rowLength] = rowMajor ? [first, second] : [second, first];
  const elementBits = ELEMENT_BITS[type];
  const stride = ins.operands[2] ?? null;
  return {
    rows,
    rowBytes: rowLength * elementBits / 8,
    elementBits,
    stride: stride && stride.kind !== "vector" ? stride : null,
    rowLength
  };
}
function copySpace(modifier) {
  if (modifier === "global") return "global";
  if (modifier?.startsWith("shared")) return "shared";
  return null;
}
function bulkSites(ins, index) {
  const spaces = ins.modifiers.filter((m) => m === "global" || m.startsWith("shared"));
  const [destination, source] = [copySpace(spaces[0]), copySpace(spaces[1])];
  const [target, from, size] = ins.operands;
  if (target?.kind !== "address" || from?.kind !== "address") return [];
  const tensor = ins.modifiers.includes("tensor");
  const reduce = ins.mnemonic === "cp" && ins.modifiers[0] === "reduce";
  const width = !tensor && size?.kind === "immediate" ? size.value : 0;
  if (destination === "global")
    return [{ index, ins, space: "global", kind: reduce ? "atomic" : "store", width, address: target, bulk: tensor ? "tensor" : "copy" }];
  if (source === "global") return [{ index, ins, space: "global", kind: "load", width, address: from, bulk: tensor ? "tensor" : "copy" }];
  return [];
}
var TYPE_BYTES2 = {
  b8: 1,
  u8: 1,
  s8: 1,
  b16: 2,
  u16: 2,
  s16: 2,
  f16: 2,
  bf16: 2,
  b32: 4,
  u32: 4,
  s32: 4,
  f32: 4,
  f16x2: 4,
  bf16x2: 4,
  tf32: 4,
  b64: 8,
  u64: 8,
  s64: 8,
  f64: 8,
  b128: 16
};
var OTHER_SPACES = /* @__PURE__ */ new Set(["local", "const", "param", "tex", "surf"]);
function accessWidth(modifiers) {
  const vector = modifiers.find((m) => /^v(2|4|8)$/.test(m));
  const type = [...modifiers].reverse().find((m) => m in TYPE_BYTES2);
  if (!type) return null;
  return TYPE_BYTES2[type] * (vector ? Number(vector.slice(1)) : 1);
}
function spaceOf2(modifiers) {
  if (modifiers.includes("global")) return "global";
  if (modifiers.some((m) => m === "shared" || m.startsWith("shared::"))) return "shared";
  if (modifiers.some((m) => OTHER_SPACES.has(m))) return null;
  return "generic";
}
function sitesOf(ins, index) {
  const { mnemonic, modifiers, operands } = ins;
  if (ins.opcode.startsWith("cp.async.bulk") || ins.opcode.startsWith("cp.reduce.async.bulk")) {
    return ins.opcode.includes("prefetch") ? [] : bulkSites(ins, index);
  }
  if (mnemonic === "wmma" && (modifiers[0] === "load" || modifiers[0] === "store")) {
    const tile = wmmaTile(ins);
    const address2 = operands.find((operand) => operand.kind === "address");
    const space2 = spaceOf2(modifiers);
    if (!tile || !address2 || !space2) return [];
    return [
      { index, ins, space: space2, kind: modifiers[0] === "load" ? "load" : "store", width: tile.rows * tile.rowBytes / 32, address: address2, tile }
    ];
  }
  if (ins.opcode.startsWith("cp.async") && !ins.opcode.startsWith("cp.async.bulk")) {
    const [target, source, size] = operands;
    if (target?.kind !== "address" || source?.kind !== "address" || size?.kind !== "immediate") return [];
    return [
      { index, ins, space: "global", kind: "load", width: size.value, address: source },
      { index, ins, space: "shared", kind: "store", width: size.value, address: target }
    ];
  }
  const kind = mnemonic === "ld" || mnemonic === "ldu" ? "load" : mnemonic === "st" ? "store" : mnemonic === "atom" || mnemonic === "red" ? "atomic" : null;
  if (!kind) return [];
  const space = spaceOf2(modifiers);
  const width = accessWidth(modifiers);
  const address = operands.find((operand) => operand.kind === "address");
  if (!space || width === null || !address) return [];
  return [{ index, ins, space, kind, width, address }];
}
function localSite(ins) {
  if (ins.mnemonic !== "ld" && ins.mnemonic !== "st" || !ins.modifiers.includes("local")) return null;
  const width = accessWidth(ins.modifiers);
  return width === null ? null : { kind: ins.mnemonic === "ld" ? "load" : "store", bytesPerLane: width };
}

// src/analysis/memory/index.ts
function blockDescription(block, warpCount) {
  return block ? `block ${block.join("x")}, ${warpCount} warp${warpCount === 1 ? "" : "s"}, all lanes active` : "block unknown: assumes a 1-D block of at least 32 threads, all lanes active";
}
function parameterValues(input) {
  return (name) => {
    const index = input.fn.params.findIndex((p) => p.name === name);
    if (index >= 0 && input.paramValues && index in input.paramValues) return input.paramValues[index];
    for (const key2 of index >= 0 ? [name, `param_${index}`, String(index)] : [name]) {
      if (Object.prototype.hasOwnProperty.call(input.defines, key2)) return input.defines[key2];
    }
    return void 0;
  };
}
function analyzeMemory(input) {
  const { module, fn, cfg, loops, weights, block } = input;
  const grid = input.grid ?? null;
  const trips = /* @__PURE__ */ new Map();
  for (const loop of loops)
    if (loop.tripCount !== null) trips.set(loop.id, { mean: loop.tripCount, span: loop.warpTripCount ?? loop.tripCount });
  const footprint = input.footprints && block && grid ? new FootprintBuilder(trips, grid, block[0] * block[1] * block[2]) : null;
  const builder = new ValueBuilder(module, cfg, loops, parameterValues(input));
  const blockCache = /* @__PURE__ */ new Map();
  const warps = warpsOfBlock(block).map((envs) => warpLanes(envs, blockCache));
  const blockText = blockDescription(block, warps.length);
  const accesses = [];
  const divergence = [];
  const locals = [];
  const loopsOf = (blockId) => loops.filter((loop) => loop.blocks.includes(blockId));
  const depthOfBlock = (blockId) => Math.max(0, ...loopsOf(blockId).map((loop) => loop.depth));
  const chains = inlineChains(fn, module);
  const reach = laneReachability(cfg, builder, warps);
  const laneCount = (list) => list.reduce((sum2, warp) => sum2 + warp.length, 0);
  const totalLanes = laneCount(warps);
  const warpsOfReached = /* @__PURE__ */ new Map();
  const activeByGuard = [/* @__PURE__ */ new Map(), /* @__PURE__ */ new Map()];
  const evaluator = warps[0]?.[0]?.evaluator;
  const guardedLanes = (guard, negated, lanes2) => {
    if (evaluator === void 0) return activeLanes(guard, negated, lanes2);
    const byLanes = activeByGuard[negated ? 1 : 0];
    let byGuard = byLanes.get(lanes2);
    if (byGuard === void 0) byLanes.set(lanes2, byGuard = /* @__PURE__ */ new Map());
    const key2 = evaluator.canonical(guard);
    let active = byGuard.get(key2);
    if (active === void 0) byGuard.set(key2, active = activeLanes(guard, negated, lanes2));
    return active;
  };
  for (const basicBlock of cfg.blocks) {
    const reachedLanes = reach?.get(basicBlock.id);
    let blockWarps = reachedLanes === void 0 ? warps : warpsOfReached.get(reachedLanes);
    if (blockWarps === void 0) {
      const reaching = reachedLanes.filter((warp) => warp.length > 0);
      blockWarps = laneCount(reaching) === totalLanes || reaching.length === 0 ? warps : reaching;
      warpsOfReached.set(reachedLanes, blockWarps);
    }
    const blockLanesText = blockWarps === warps ? blockText : `${blockText.replace(", all lanes active", "")}, only the lanes thread-dependent branches let into this block`;
    let enclosing;
    for (const index of basicBlock.statements) {
      const ins = fn.body[index];
      const local = localSite(ins);
      const sites = sitesOf(ins, index);
      if (local === null && sites.length === 0 && !(ins.mnemonic === "bra" && ins.guard)) continue;
      const where = userLocation(ins.source, chains);
      const file = where && where.line > 0 ? where.file : null;
      const line = where && where.line > 0 ? where.line : null;
      const weight = weights[index] ?? 0;
      const guarded = ins.guard && sites.length > 0 ? guardedLanes(builder.register(ins.guard.register, index), ins.guard.negated, blockWarps) : null;
      const siteWarps = guarded ?? blockWarps;
      const siteBlockText = guarded ? `${blockLanesText.replace(", all lanes active", "")}, lanes the guard ${ins.guard.negated ? "@!" : "@"}${ins.guard.register} switches off excluded` : blockLanesText;
      if (local) locals.push([index, { ...local, file, line, ptx: ins.text, dynamicWeight: weight }]);
      for (const site of sites) {
        const address = builder.operand(site.address, index);
        if (site.tile || site.bulk) {
          const space2 = site.space === "generic" ? provenance(address) ?? "global" : site.space;
          const lane = siteWarps[0]?.[0] ?? warps[0]?.[0];
          const valueOf = (operand) => lane ? laneValue(builder.operand(operand, index), lane) : null;
          let result2;
          if (site.tile) {
            result2 = classifyTile(site.tile, space2 === "shared" ? "shared" : "global", site.tile.stride ? valueOf(site.tile.stride) : null);
          } else {
            const size = site.bulk === "copy" && site.width === 0 && ins.operands[2] ? valueOf(ins.operands[2]) : null;
            const bytes = site.width > 0 ? site.width : size && !isUnknown(size) && size.terms.size === 0 ? size.constant : null;
            result2 = classifyBulk(site.bulk, bytes);
          }
          if (space2 !== "shared") footprint?.stream(weight, result2.sectorsPerRequest, "a warp-wide tile or bulk copy");
          accesses.push([
            index,
            {
              space: space2 === "shared" ? "shared" : "global",
              kind: site.kind,
              class: result2.class,
              sectorsPerRequest: result2.sectorsPerRequest,
              idealSectors: result2.idealSectors,
              bankConflictWays: result2.bankConflictWays,
              bytesPerLane: site.width,
              file,
              line,
              ptx: ins.text,
              dynamicWeight: weight,
              reason: result2.reason
            }
          ]);
          continue;
        }
        const space = site.space === "generic" ? provenance(address) : site.space;
        if (space !== "global" && space !== "shared") {
          if (site.space === "generic") {
            footprint?.stream(weight, null, "generic address");
            accesses.push([
              index,
              {
                space: "global",
                kind: site.kind,
                class: "runtime",
                sectorsPerRequest: null,
                idealSectors: null,
                bankConflictWays: null,
                bytesPerLane: site.width,
                file,
                line,
                ptx: ins.text,
                dynamicWeight: weight,
                reason: "generic address whose space is not known (no cvta provenance); reported as global"
              }
            ]);
          }
          continue;
        }
        const result = classifyAccess(space, address, site.width, siteWarps, siteBlockText, grid);
        if (space === "global") {
          enclosing ??= new Set(loopsOf(basicBlock.id).map((loop) => loop.id));
          footprint?.add(address, site.width, siteWarps, weight, result.sectorsPerRequest, site.kind !== "store", enclosing);
        }
        accesses.push([
          index,
          {
            space,
            kind: site.kind,
            class: result.class,
            sectorsPerRequest: result.sectorsPerRequest,
            idealSectors: result.idealSectors,
            bankConflictWays: result.bankConflictWays,
            bytesPerLane: site.width,
            file,
            line,
            ptx: ins.text,
            dynamicWeight: weight,
            reason: result.reason
          }
        ]);
      }
      if (ins.mnemonic === "bra" && ins.guard) {
        const predicate = builder.register(ins.guard.register, index);
        const { status, reason, unresolved } = predicateStatus(predicate, warps);
        divergence.push([
          index,
          {
            file,
            line,
            divergent: status === "divergent",
            loopDepth: depthOfBlock(basicBlock.id),
            dynamicWeight: weight,
            ptx: ins.text,
            reason,
            ...unresolved ? { unresolved } : {}
          }
        ]);
      }
    }
  }
  const byIndex = (items) => items.sort((a, b) => a[0] - b[0]).map(([, item]) => item);
  return {
    accesses: byIndex(accesses),
    divergence: byIndex(divergence),
    local: byIndex(locals),
    ...footprint ? { footprint: footprint.summary() } : {}
  };
}

// src/analysis/analyze.ts
var MEMORY_ANALYSIS_BUDGET = 2e7;
function archNumber(arch) {
  const m = /(\d+)[a-z]?$/.exec(arch.trim());
  return m ? m[1] : arch;
}
function ptxDiagnostic(error, file) {
  return {
    severity: "error",
    stage: "ptx",
    message: error.message,
    file,
    line: error.line,
    column: error.column,
    ...error.functionName ? { kernel: error.functionName } : {}
  };
}
function launchBoundsBlock(fn) {
  for (const key2 of ["reqntid", "maxntid"]) {
    const dims = fn.directives[key2];
    if (dims && dims.length > 0 && dims.every((d) => d > 0)) {
      const block = [dims[0], dims[1] ?? 1, dims[2] ?? 1];
      return { block, note: `block ${block.join("x")} from .${key2} (launch bounds)` };
    }
  }
  return null;
}
function loopReport(loop) {
  const report = {
    file: loop.source?.file ?? null,
    line: loop.source?.line ?? null,
    depth: loop.depth,
    tripCount: loop.tripCount,
    tripCountReason: loop.tripCountReason,
    assumedTripCount: loop.tripCount === null ? loop.assumedTripCount : null
  };
  if (loop.unrollFactor !== void 0) report.unrollFactor = loop.unrollFactor;
  if (loop.warpTripCount !== void 0) report.warpTripCount = loop.warpTripCount;
  if (loop.upperBound) report.upperBound = true;
  if (loop.hint !== void 0) report.hint = loop.hint;
  return report;
}
function sweepOnly(curve) {
  const best = Math.max(0, ...curve.map((p) => p.occupancy));
  const none = { headroom: null, blocksAfterDrop: null, shedToGain: null, blocksAfterGain: null };
  return {
    registers: { ...none },
    sharedMemory: { ...none },
    curve,
    bestBlockSizes: best > 0 ? curve.filter((p) => p.occupancy === best).map((p) => p.blockSize) : []
  };
}
function analyzeKernel(input, fn, module, errors) {
  const displayName = safeDemangle(fn.name);
  const diagnostics = errors.map((e) => ptxDiagnostic(e, input.ptxFile));
  const wanted = archNumber(input.arch);
  const record = input.resources.find((r) => r.name === fn.name && archNumber(r.arch) === wanted) ?? input.resources.find((r) => r.name === fn.name && r.arch === "unknown");
  const resources = record ? record.resources : null;
  if (!record) {
    diagnostics.push({
      severity: "note",
      stage: "analysis",
      kernel: fn.name,
      file: input.ptxFile,
      message: `no resource usage (ptxas / cubin) for ${displayName} on ${input.arch}: occupancy not computed`
    });
  }
  const launch = input.launchFor(fn.name, displayName, resources, fn.params.length);
  let block = launch.block;
  let blockSource = launch.blockSource;
  let note = launch.note;
  if (block === null) {
    const bounds = launchBoundsBlock(fn);
    if (bounds) {
      block = bounds.block;
      blockSource = "launch-bounds";
      note = note ?? bounds.note;
    } else {
      note = note ?? "no block size given (--block, config) and no launch bounds: occupancy is shown as a sweep over block sizes";
    }
  }
  const paramCount = fn.params.length;
  const names = input.sourceText ? kernelSignatures(input.sourceText).get(bareKernelName(displayName)) ?? null : null;
  const params = resolveParams(launch.params ?? {}, displayName, names, paramCount);
  for (const message of params.errors)
    diagnostics.push({ severity: "error", stage: "analysis", kernel: fn.name, file: input.sourceFile ?? input.ptxFile, message });
  const paramValues = params.values;
  const values = { ...input.defines };
  for (const [index, value] of Object.entries(paramValues)) values[index] = value;
  const report = {
    name: fn.name,
    displayName,
    arch: input.arch,
    file: input.sourceFile ?? input.ptxFile,
    resources,
    launch: { block, blockSource: block === null ? null : blockSource, ...note ? { note } : {} },
    occupancy: null,
    cliffs: null,
    instructionMix: null,
    perThread: null,
    regions: null,
    loops: [],
    accesses: [],
    divergence: [],
    diagnostics
  };
  if (resources) {
    const base2 = {
      arch: input.arch,
      registersPerThread: resources.registers,
      staticSharedBytes: resources.staticSharedBytes,
      dynamicSharedBytes: launch.dynamicSharedBytes,
      maxThreadsPerBlock: resources.maxThreadsPerBlock ?? fn.directives.maxntid?.reduce((a, b) => a * b, 1),
      carveoutPercent: launch.carveoutPercent,
      barriers: resources.barriers ?? void 0,
      ...launch.maxDynamicSharedBytes !== void 0 ? { maxDynamicSharedBytes: launch.maxDynamicSharedBytes } : {}
    };
    try {
      if (block) {
        report.occupancy = computeOccupancy({ ...base2, block });
        report.cliffs = computeCliffs({ ...base2, block });
      } else {
        report.cliffs = sweepOnly(occupancyCurve(base2));
      }
    } catch (error) {
      diagnostics.push({
        severity: "error",
        stage: "analysis",
        kernel: fn.name,
        file: input.ptxFile,
        message: `occupancy: ${error.message}`
      });
    }
  }
  if (errors.length > 0) {
    diagnostics.push({
      severity: "error",
      stage: "ptx",
      kernel: fn.name,
      file: input.ptxFile,
      line: fn.position.line,
      column: fn.position.column,
      message: `${displayName} has PTX errors: instruction mix, loops and memory analysis skipped`
    });
    return report;
  }
  try {
    const cfg = buildCfg(fn);
    for (const e of cfg.errors) diagnostics.push(ptxDiagnostic(e, input.ptxFile));
    if (cfg.errors.length > 0) return report;
    const loopOptions = {
      defines: values,
      assumedTripCount: input.loops.assumedTripCount,
      hints: input.loops.hints,
      block,
      grid: launch.grid ?? null,
      inlineCalls: module.inlineCalls
    };
    const loops = findLoops(cfg, loopOptions);
    const weights = statementWeights(cfg, loops);
    const analysis = analyzeInstructions(module, fn, cfg, loops, weights, loopOptions, input.sassLines?.get(fn.name));
    report.instructionMix = analysis.mix;
    report.perThread = analysis.perThread;
    report.regions = analysis.regions;
    if (analysis.sassLineEstimates) input.onSassLineEstimates?.(fn.name, analysis.sassLineEstimates);
    report.loops = loops.map(loopReport);
    if (cfg.threadGuards) {
      const g = cfg.threadGuards;
      diagnostics.push({
        severity: "note",
        stage: "analysis",
        kernel: fn.name,
        file: input.ptxFile,
        message: `${g.branches} branch${g.branches === 1 ? "" : "es"} resolved per thread over the ${g.threads} threads of the ${g.scope === "grid" ? "grid" : "block"}: per-thread figures weight each side by the share of threads taking it`
      });
    }
    if (analysis.perThread.unknownBranchesCountedTaken) {
      diagnostics.push({
        severity: "note",
        stage: "analysis",
        kernel: fn.name,
        file: input.ptxFile,
        message: "branches with an unknown outcome are counted as taken (both sides of an if count fully)"
      });
    }
    const memoryWork = cfg.blocks.length * fn.body.length;
    if (memoryWork > MEMORY_ANALYSIS_BUDGET) {
      diagnostics.push({
        severity: "warning",
        stage: "analysis",
        kernel: fn.name,
        file: input.ptxFile,
        line: fn.position.line,
        column: fn.position.column,
        message: `memory analysis skipped: ${cfg.blocks.length} basic blocks x ${fn.body.length} statements = ${memoryWork.toLocaleString("en-US")}, over the limit of ${MEMORY_ANALYSIS_BUDGET.toLocaleString("en-US")}; coalescing, bank conflicts and divergence are unknown for this kernel`
      });
      return report;
    }
    try {
      const memory = analyzeMemory({
        module,
        fn,
        cfg,
        loops,
        weights,
        block,
        grid: launch.grid ?? null,
        defines: input.defines,
        paramValues,
        footprints: input.footprints ?? false
      });
      report.accesses = memory.accesses;
      if (memory.footprint !== void 0) report.trafficFootprint = memory.footprint;
      report.divergence = memory.divergence;
      if (memory.local.length > 0) report.localAccesses = memory.local;
    } catch (error) {
      diagnostics.push({
        severity: "warning",
        stage: "analysis",
        kernel: fn.name,
        file: input.ptxFile,
        message: `memory analysis failed: ${error.message}`
      });
    }
  } catch (error) {
    diagnostics.push({
      severity: "error",
      stage: "analysis",
      kernel: fn.name,
      file: input.ptxFile,
      message: `analysis failed: ${error.message}`
    });
  }
  return report;
}
function safeDemangle(name) {
  try {
    return demangle(name);
  } catch {
    return name;
  }
}
function analyzeModule(input) {
  const tooLarge = overSizeLimit("ptx", input.ptxText.length);
  if (tooLarge) return { kernels: [], diagnostics: [{ severity: "error", stage: "ptx", file: input.ptxFile, message: tooLarge }] };
  const { module, errors } = parsePtx(input.ptxText, input.ptxFile);
  const diagnostics = errors.filter((e) => e.functionName === null).map((e) => ptxDiagnostic(e, input.ptxFile));
  const kernels = [];
  const leftOut = [];
  const entries = module.functions.filter((f) => f.kind === "entry" && f.hasBody && f.name);
  for (const fn of entries) {
    if (input.onlyKernels) {
      const displayName = safeDemangle(fn.name);
      if (!input.onlyKernels(fn.name, displayName)) {
        leftOut.push(displayName);
        continue;
      }
    }
    kernels.push(
      analyzeKernel(
        input,
        fn,
        module,
        errors.filter((e) => e.functionName === fn.name)
      )
    );
  }
  const entryNames = new Set(entries.map((f) => f.name));
  for (const e of errors) if (e.functionName !== null && !entryNames.has(e.functionName)) diagnostics.push(ptxDiagnostic(e, input.ptxFile));
  if (entries.length === 0 && errors.length === 0) {
    diagnostics.push({ severity: "warning", stage: "ptx", file: input.ptxFile, message: "no kernels (.entry) in this PTX" });
  }
  return input.onlyKernels ? { kernels, diagnostics, leftOut } : { kernels, diagnostics };
}

export {
  parsePtx,
  kernelSignatures,
  bareKernelName,
  parseParamAssignment,
  WARP_SIZE,
  idealSharedWavefronts,
  analyzeModule
};
