// The PTX lexer: characters to words, integers, literals and interned register operands, one
// pass over the string with charCodeAt and no per-token regexes. It tracks line and column
// for errors and skips to the next ';' (or '}') to resume after one. The grammar
// (grammar.ts) extends it; parser.ts is the public entry.
import type { Instruction, Operand, PtxError } from './ast.js';
import { walkOpcode, walkedOpcode } from './opcode-trie.js';
import type { OpcodeInfo } from './opcodes.js';

export const C_TAB = 9,
  C_LF = 10,
  C_CR = 13,
  C_SPACE = 32,
  C_BANG = 33,
  C_QUOTE = 34,
  C_DOLLAR = 36,
  C_PERCENT = 37,
  C_LPAREN = 40,
  C_RPAREN = 41,
  C_STAR = 42,
  C_PLUS = 43,
  C_COMMA = 44,
  C_MINUS = 45,
  C_DOT = 46,
  C_SLASH = 47,
  C_0 = 48,
  C_9 = 57,
  C_COLON = 58,
  C_SEMI = 59,
  C_LT = 60,
  C_EQ = 61,
  C_GT = 62,
  C_AT = 64,
  C_LBRACKET = 91,
  C_RBRACKET = 93,
  C_UNDERSCORE = 95,
  C_LBRACE = 123,
  C_PIPE = 124,
  C_RBRACE = 125;

// Character classes by code (ASCII), one table load instead of a chain of comparisons.
const IDENT_CHAR = 1,
  WORD_CHAR = 2;
const CHAR_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ident = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
  CHAR_CLASS[c] = (ident ? IDENT_CHAR | WORD_CHAR : 0) | (c === 46 || c === 37 ? WORD_CHAR : 0);
}

export function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === C_UNDERSCORE || c === C_DOLLAR || c === C_PERCENT;
}
export function isIdentChar(c: number): boolean {
  return c < 128 && (CHAR_CLASS[c] & IDENT_CHAR) !== 0;
}
/** Identifier characters, '.' and '%' (opcodes, registers, directives). */
export function isWordChar(c: number): boolean {
  return c < 128 && (CHAR_CLASS[c] & WORD_CHAR) !== 0;
}
export function isDigit(c: number): boolean {
  return c >= C_0 && c <= C_9;
}

/** An interned word: its string, and the operand / opcode / address operands made from it. */
export interface WordEntry {
  name: string;
  operand: Operand | null;
  info: OpcodeInfo | null;
  /** Address operands [word+offset] by offset. */
  addresses: Map<number, Operand> | null;
  /** The word as an immediate literal, and negated. */
  immediate?: Operand;
  negative?: Operand;
  /** Guards @word and @!word. */
  guard?: Instruction['guard'];
  negatedGuard?: Instruction['guard'];
}

const f32View = new Float32Array(1);
const f32Bits = new Uint32Array(f32View.buffer);
const f64View = new Float64Array(1);
const f64Bits = new Uint32Array(f64View.buffer);

export class PtxLexer {
  protected pos = 0;
  protected line = 1;
  protected lineStart = 0;
  protected readonly len: number;
  readonly errors: PtxError[] = [];
  /** The function being parsed, named in errors. */
  protected functionName: string | null = null;
  /** Decimal integer immediates by value (see readSmallInteger). */
  private readonly positiveIntegers = new Map<number, Operand>();
  private readonly negativeIntegers = new Map<number, Operand>();
  /** nvcc virtual registers (%r12, %rd3) by their letters, then by their number (see readVirtualRegister). */
  private readonly virtualRegisters: Array<Operand[] | undefined> = [];
  private wordKeys = new Int32Array(1024);
  private wordEntries = new Array<WordEntry | undefined>(1024);
  private wordCount = 0;

  constructor(protected readonly text: string) {
    this.len = text.length;
  }

  /**
   * Reads a word (as readWord) and returns its interned entry, without making a string for
   * words seen before: an open-addressing table keyed by a hash of the characters.
   */
  protected readWordEntry(): WordEntry {
    const text = this.text;
    const start = this.pos;
    let hash = 5381;
    let p = start;
    while (p < this.len) {
      const c = text.charCodeAt(p);
      if (isWordChar(c)) {
        hash = (Math.imul(hash, 33) ^ c) | 0;
        p++;
      } else if (c === C_COLON && text.charCodeAt(p + 1) === C_COLON) {
        hash = (Math.imul(hash, 33) ^ c) | 0;
        p += 2;
      } else break;
    }
    this.pos = p;
    const length = p - start;
    const mask = this.wordKeys.length - 1;
    let slot = hash & mask;
    for (;;) {
      const entry = this.wordEntries[slot];
      if (entry === undefined) break;
      if (this.wordKeys[slot] === hash && entry.name.length === length) {
        const name = entry.name;
        let same = true;
        for (let i = 0; i < length; i++) {
          if (name.charCodeAt(i) !== text.charCodeAt(start + i)) {
            same = false;
            break;
          }
        }
        if (same) return entry;
      }
      slot = (slot + 1) & mask;
    }
    const entry: WordEntry = { name: text.slice(start, p), operand: null, info: null, addresses: null };
    this.wordKeys[slot] = hash;
    this.wordEntries[slot] = entry;
    if (++this.wordCount * 2 > this.wordKeys.length) this.growWordTable();
    return entry;
  }

  private growWordTable(): void {
    const oldKeys = this.wordKeys;
    const oldEntries = this.wordEntries;
    this.wordKeys = new Int32Array(oldKeys.length * 2);
    this.wordEntries = new Array<WordEntry | undefined>(oldKeys.length * 2);
    const mask = this.wordKeys.length - 1;
    for (let i = 0; i < oldKeys.length; i++) {
      const entry = oldEntries[i];
      if (entry === undefined) continue;
      let slot = oldKeys[i] & mask;
      while (this.wordEntries[slot] !== undefined) slot = (slot + 1) & mask;
      this.wordKeys[slot] = oldKeys[i];
      this.wordEntries[slot] = entry;
    }
  }

  /**
   * Fast path for nvcc's virtual registers `%<1-3 lowercase letters><decimal>` (%r12, %rd3,
   * %fd7, %p1): an integer key from the letters and the number, no hashing of characters.
   * Anything else (%tid.x, %r1|%p2 pairs are fine, names with '_' or '.') returns null.
   */
  protected readVirtualRegister(): Operand | null {
    const text = this.text;
    let p = this.pos;
    if (text.charCodeAt(p) !== C_PERCENT) return null;
    p++;
    let prefix = 0;
    let letters = 0;
    for (;;) {
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
    for (;;) {
      const c = text.charCodeAt(p);
      if (c >= C_0 && c <= C_9 && p - digitsStart < 7) {
        number = number * 10 + (c - C_0);
        p++;
      } else break;
    }
    if (p === digitsStart || isIdentChar(text.charCodeAt(p)) || text.charCodeAt(p) === C_DOT) return null;
    // A leading zero would make %r01 and %r1 share a key: leave those to the slow path.
    if (text.charCodeAt(digitsStart) === C_0 && p - digitsStart > 1) return null;
    // Two small-integer indexes (letters, then number): a single numeric key would exceed
    // the small-integer range and make every lookup hash a heap number.
    let byNumber = this.virtualRegisters[prefix];
    if (byNumber === undefined) byNumber = this.virtualRegisters[prefix] = [];
    let operand = byNumber[number];
    if (operand === undefined) {
      operand = { kind: 'register', name: text.slice(this.pos, p) };
      byNumber[number] = operand;
    }
    this.pos = p;
    return operand;
  }

  protected column(): number {
    return this.pos - this.lineStart + 1;
  }

  protected error(message: string, line = this.line, column = this.column()): void {
    this.errors.push({ message, line, column, functionName: this.functionName });
  }

  /** Skips blanks, newlines and comments. */
  protected skipTrivia(): void {
    const text = this.text;
    const len = this.len;
    // Position and line in locals: this loop runs between every two tokens.
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
  protected skipBlanks(): void {
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
  protected readWord(): string {
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

  protected restOfLine(): string {
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

  protected readInteger(): number | null {
    const text = this.text;
    const start = this.pos;
    // Fast path: plain decimal digits (the common case), no string allocated.
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
  protected skipStatement(): void {
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

  protected skipString(): void {
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

  protected skipSection(): void {
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

  protected atOperandEnd(): boolean {
    const c = this.text.charCodeAt(this.pos);
    return c === C_COMMA || c === C_SEMI || c === C_RBRACE || c === C_RPAREN || c === C_LF;
  }

  /**
   * A decimal literal of 1-9 digits without a leading zero (or "0") that ends the word, as
   * an interned immediate whose text is its canonical spelling; null (position unchanged)
   * for anything else, which the word path reads. "-0" is left to it too (value -0).
   */
  protected readSmallInteger(negative: boolean): Operand | null {
    const text = this.text;
    const start = this.pos;
    let p = start;
    let value = 0;
    for (;;) {
      const c = text.charCodeAt(p);
      if (c >= C_0 && c <= C_9) {
        value = value * 10 + (c - C_0);
        p++;
      } else break;
    }
    const digits = p - start;
    if (digits === 0 || digits > 9 || (digits > 1 && text.charCodeAt(start) === C_0) || (negative && value === 0)) return null;
    const next = text.charCodeAt(p);
    if (isWordChar(next) || (next === C_COLON && text.charCodeAt(p + 1) === C_COLON)) return null;
    const cache = negative ? this.negativeIntegers : this.positiveIntegers;
    let operand = cache.get(value);
    if (operand === undefined) {
      operand = { kind: 'immediate', value: negative ? -value : value, text: negative ? '-' + String(value) : String(value) };
      cache.set(value, operand);
    }
    this.pos = p;
    return operand;
  }

  /**
   * The opcode info of the word here when it is a known opcode (see opcode-trie.ts), with
   * the position after it; null (position unchanged) otherwise.
   */
  protected readKnownOpcode(): OpcodeInfo | null {
    const text = this.text;
    const end = walkOpcode(text, this.pos);
    // The word must end where the walk did (readWordEntry's rules).
    const c = text.charCodeAt(end);
    if (isWordChar(c) || (c === C_COLON && text.charCodeAt(end + 1) === C_COLON)) return null;
    const info = walkedOpcode();
    if (info === undefined) return null;
    this.pos = end;
    return info;
  }

  protected isHexLiteral(start: number): boolean {
    const text = this.text;
    const s = text.charCodeAt(start) === C_MINUS ? start + 1 : start;
    const x = text.charCodeAt(s + 1) | 32;
    return text.charCodeAt(s) === C_0 && (x === 120 || x === 102 || x === 100);
  }
}

/** Value of a PTX integer or floating literal: 12, -1, 0x1F, 0f3F800000, 0d3FF0000000000000, 1.5, 7U. */
export function immediateValue(literal: string, negative = literal.startsWith('-')): number {
  const body = negative ? literal.slice(1) : literal;
  let value: number;
  const prefix = body.length > 2 && body.charCodeAt(0) === C_0 ? body.charCodeAt(1) | 32 : 0;
  if (prefix === 102 && body.length === 10) {
    f32Bits[0] = parseInt(body.slice(2), 16);
    value = f32View[0];
  } else if (prefix === 100 && body.length === 18) {
    f64Bits[1] = parseInt(body.slice(2, 10), 16);
    f64Bits[0] = parseInt(body.slice(10), 16);
    value = f64View[0];
  } else if (prefix === 120) {
    value = parseInt(body.slice(2).replace(/[uU]$/, ''), 16);
  } else {
    const last = body.charCodeAt(body.length - 1) | 32;
    value = Number(last === 117 ? body.slice(0, -1) : body);
  }
  return negative ? -value : value;
}

/**
 * A PTX string literal's text as written: nvcc escapes every byte outside ASCII as a
 * three-digit octal escape ("k\303\251rnel.cu" is "kérnel.cu" in UTF-8), and quotes and
 * backslashes with a backslash.
 */
export function decodePtxString(raw: string): string {
  if (!raw.includes('\\')) return raw;
  const parts: Buffer[] = [];
  let last = 0;
  for (const match of raw.matchAll(/\\([0-7]{3}|[\s\S])/g)) {
    parts.push(Buffer.from(raw.slice(last, match.index), 'utf8'));
    const escape = match[1];
    parts.push(escape.length === 3 ? Buffer.from([parseInt(escape, 8)]) : Buffer.from(PTX_ESCAPES[escape] ?? escape, 'utf8'));
    last = match.index + match[0].length;
  }
  parts.push(Buffer.from(raw.slice(last), 'utf8'));
  return Buffer.concat(parts).toString('utf8');
}

const PTX_ESCAPES: Record<string, string> = { n: '\n', t: '\t' };
