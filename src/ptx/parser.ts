// Hand-rolled PTX parser: one pass over the string with charCodeAt, no per-token regexes.
// It never throws; problems become PtxErrors with line:column and parsing resumes at the
// next ';' (or '}'), so one malformed function does not hide the others.
import type {
  Instruction, Operand, Parameter, ParseResult, PtxError, PtxFunction, PtxModule,
  SourceLocation, Statement, VariableDeclaration,
} from './ast.js';
import { rememberOpcode, walkOpcode, walkedOpcode } from './opcode-trie.js';
import { opcodeInfo, type OpcodeInfo } from './opcodes.js';

const C_TAB = 9, C_LF = 10, C_CR = 13, C_SPACE = 32, C_BANG = 33, C_QUOTE = 34, C_DOLLAR = 36,
  C_PERCENT = 37, C_LPAREN = 40, C_RPAREN = 41, C_STAR = 42, C_PLUS = 43, C_COMMA = 44, C_MINUS = 45,
  C_DOT = 46, C_SLASH = 47, C_0 = 48, C_9 = 57, C_COLON = 58, C_SEMI = 59, C_LT = 60, C_EQ = 61,
  C_GT = 62, C_AT = 64, C_LBRACKET = 91, C_RBRACKET = 93, C_UNDERSCORE = 95, C_LBRACE = 123,
  C_PIPE = 124, C_RBRACE = 125;

// Character classes by code (ASCII), one table load instead of a chain of comparisons.
const IDENT_CHAR = 1, WORD_CHAR = 2;
const CHAR_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ident = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
  CHAR_CLASS[c] = (ident ? IDENT_CHAR | WORD_CHAR : 0) | (c === 46 || c === 37 ? WORD_CHAR : 0);
}

function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === C_UNDERSCORE || c === C_DOLLAR || c === C_PERCENT;
}
function isIdentChar(c: number): boolean {
  return c < 128 && (CHAR_CLASS[c] & IDENT_CHAR) !== 0;
}
/** Identifier characters, '.' and '%' (opcodes, registers, directives). */
function isWordChar(c: number): boolean {
  return c < 128 && (CHAR_CLASS[c] & WORD_CHAR) !== 0;
}
function isDigit(c: number): boolean {
  return c >= C_0 && c <= C_9;
}

const TYPE_SIZES: Record<string, number> = {
  b8: 1, u8: 1, s8: 1, b16: 2, u16: 2, s16: 2, f16: 2, bf16: 2, b32: 4, u32: 4, s32: 4, f32: 4,
  f16x2: 4, bf16x2: 4, tf32: 4, b64: 8, u64: 8, s64: 8, f64: 8, b128: 16, pred: 1, e4m3: 1, e5m2: 1,
};

/** An interned word: its string, and the operand / opcode / address operands made from it. */
interface WordEntry {
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

const VARIABLE_SPACES = new Set(['global', 'shared', 'local', 'const', 'param', 'tex', 'surf', 'reg']);

const f32View = new Float32Array(1);
const f32Bits = new Uint32Array(f32View.buffer);
const f64View = new Float64Array(1);
const f64Bits = new Uint32Array(f64View.buffer);

class Parser {
  private pos = 0;
  private line = 1;
  private lineStart = 0;
  private readonly len: number;
  readonly errors: PtxError[] = [];
  /** Every `.loc` object made, so `.file` names (emitted at the end by nvcc 13) can be filled in afterwards. */
  private readonly locations: SourceLocation[] = [];
  private currentSource: SourceLocation | null = null;
  private functionName: string | null = null;
  readonly module: PtxModule = { version: null, target: [], addressSize: null, files: new Map(), globals: [], functions: [] };

  // Operands are immutable and repeat a lot (registers, immediates, addresses): one object
  // per distinct spelling keeps the AST small and the garbage collector idle.
  private readonly immediates = new Map<string, Operand>();

  constructor(private readonly text: string) {
    this.len = text.length;
  }

  private readonly plainLocations = new Map<number, SourceLocation>();
  /** The plain location looked up last, and its key. */
  private lastLocationKey = -1;
  private lastLocation: SourceLocation | null = null;
  /** Guards of fast-path registers (see guardOf). */
  private readonly guards = new Map<Operand, Instruction['guard']>();
  private readonly negatedGuards = new Map<Operand, Instruction['guard']>();
  /** Decimal integer immediates by value (see readSmallInteger). */
  private readonly positiveIntegers = new Map<number, Operand>();
  private readonly negativeIntegers = new Map<number, Operand>();
  /** Operands of the instruction being parsed (reused; see parseInstruction). */
  private readonly operandScratch: Operand[] = [];
  /** nvcc virtual registers (%r12, %rd3) by their letters, then by their number (see readVirtualRegister). */
  private readonly virtualRegisters: Array<Operand[] | undefined> = [];
  /** Address operands [%reg+offset] of fast-path registers, by register operand then offset. */
  private readonly registerAddresses = new Map<Operand, Map<number, Operand>>();
  private wordKeys = new Int32Array(1024);
  private wordEntries = new Array<WordEntry | undefined>(1024);
  private wordCount = 0;

  /**
   * Reads a word (as readWord) and returns its interned entry, without making a string for
   * words seen before: an open-addressing table keyed by a hash of the characters.
   */
  private readWordEntry(): WordEntry {
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

  /** A register or symbol operand read at the current position, one object per spelling. */
  private readNameOperand(): Operand {
    const fast = this.readVirtualRegister();
    if (fast !== null) return fast;
    return this.nameOperand(this.text.charCodeAt(this.pos) === C_PERCENT, this.readWordEntry());
  }

  /**
   * Fast path for nvcc's virtual registers `%<1-3 lowercase letters><decimal>` (%r12, %rd3,
   * %fd7, %p1): an integer key from the letters and the number, no hashing of characters.
   * Anything else (%tid.x, %r1|%p2 pairs are fine, names with '_' or '.') returns null.
   */
  private readVirtualRegister(): Operand | null {
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

  private nameOperand(isRegister: boolean, entry: WordEntry): Operand {
    if (entry.operand === null) entry.operand = entry.name === '_' ? { kind: 'sink' } : isRegister ? { kind: 'register', name: entry.name } : { kind: 'symbol', name: entry.name };
    return entry.operand;
  }

  parse(): void {
    const text = this.text;
    let linkage: PtxFunction['visibility'] = null;
    let externVar = false;
    for (;;) {
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
        case '.version': this.module.version = this.restOfLine().trim(); break;
        case '.target': this.module.target = this.restOfLine().split(',').map((t) => t.trim()).filter((t) => t.length > 0); break;
        case '.address_size': this.module.addressSize = Number(this.restOfLine().trim()) || null; break;
        case '.file': this.parseFile(); break;
        case '.loc': this.parseLoc(); break;
        case '.visible': linkage = 'visible'; continue;
        case '.weak': linkage = 'weak'; continue;
        case '.extern': linkage = 'extern'; externVar = true; continue;
        case '.common': continue;
        case '.entry': case '.func':
          this.parseFunction(directive === '.entry' ? 'entry' : 'func', linkage, startLine, startColumn);
          break;
        case '.section': this.skipSection(); break;
        case '.pragma': case '.alias': this.skipStatement(); break;
        default: {
          const space = directive.slice(1);
          if (VARIABLE_SPACES.has(space)) {
            const decl = this.parseVariable(space as VariableDeclaration['stateSpace'], externVar, startLine, startColumn);
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

  // --- low-level scanning -------------------------------------------------------------

  private column(): number {
    return this.pos - this.lineStart + 1;
  }

  private error(message: string, line = this.line, column = this.column()): void {
    this.errors.push({ message, line, column, functionName: this.functionName });
  }

  /** Skips blanks, newlines and comments. */
  private skipTrivia(): void {
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
  private skipBlanks(): void {
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
  private readWord(): string {
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

  private restOfLine(): string {
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

  private readInteger(): number | null {
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
    while (this.pos < this.len && (isIdentChar(text.charCodeAt(this.pos)))) this.pos++;
    if (this.pos === start) return null;
    const parsed = Number(text.slice(start, this.pos));
    return Number.isFinite(parsed) ? parsed : null;
  }

  /** Skips to just after the next ';' at brace depth 0 (or stops before an unmatched '}'). */
  private skipStatement(): void {
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

  private skipString(): void {
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

  private skipSection(): void {
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

  // --- directives ---------------------------------------------------------------------

  private parseFile(): void {
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
  private parseLoc(): void {
    const line = this.line, column = this.column();
    this.skipBlanks();
    const fileIndex = this.readInteger();
    this.skipBlanks();
    const lineNumber = this.readInteger();
    this.skipBlanks();
    const col = this.readInteger();
    // Only inlined locations carry more on the line (", function_name ..., inlined_at F L C").
    const restStart = this.pos;
    let hasMore = false;
    while (this.pos < this.len) {
      const c = this.text.charCodeAt(this.pos);
      if (c === C_LF) break;
      if (c === C_COMMA) hasMore = true;
      this.pos++;
    }
    const rest = hasMore ? this.text.slice(restStart, this.pos) : '';
    if (fileIndex === null || lineNumber === null) {
      this.error('malformed .loc directive (expected: .loc FILE LINE COLUMN)', line, column);
      return;
    }
    if (lineNumber === 0) {
      // nvcc marks compiler-generated code with line 0: no source line.
      this.currentSource = null;
      return;
    }
    if (!hasMore) {
      // Plain locations repeat (.loc 1 22 3 before each statement of a line): share them.
      const key = (fileIndex * 1048576 + lineNumber) * 4096 + ((col ?? 0) & 4095);
      // Most often the same as the previous one (no map lookup of a non-small-integer key).
      if (key === this.lastLocationKey && this.lastLocation !== null) {
        this.currentSource = this.lastLocation;
        return;
      }
      let shared = this.plainLocations.get(key);
      if (shared === undefined) {
        shared = { file: null, fileIndex, line: lineNumber, column: col ?? 0 };
        this.plainLocations.set(key, shared);
        this.locations.push(shared);
      }
      this.lastLocationKey = key;
      this.lastLocation = shared;
      this.currentSource = shared;
      return;
    }
    const loc: SourceLocation = { file: null, fileIndex, line: lineNumber, column: col ?? 0 };
    const inlined = rest.indexOf('inlined_at');
    if (inlined >= 0) {
      const parts = rest.slice(inlined + 10).trim().split(/\s+/).map(Number);
      if (parts.length >= 2 && Number.isFinite(parts[0]) && Number.isFinite(parts[1]) && parts[1] > 0) {
        const outer: SourceLocation = { file: null, fileIndex: parts[0], line: parts[1], column: Number.isFinite(parts[2]) ? parts[2] : 0 };
        loc.inlinedAt = outer;
        this.locations.push(outer);
        (this.module.inlineCalls ??= new Map()).set(`${fileIndex}:${lineNumber}:${col ?? 0}`, outer);
      }
    }
    this.locations.push(loc);
    this.currentSource = loc;
  }

  /** Variable declaration after its state-space word, up to ';' (initialisers skipped). */
  private parseVariable(stateSpace: VariableDeclaration['stateSpace'], isExtern: boolean, line: number, column: number): VariableDeclaration | null {
    const text = this.text;
    let alignment: number | null = null;
    let type = '';
    let vectorWidth = 1;
    let name = '';
    const dimensions: number[] = [];
    for (;;) {
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
        if (word === '.align') {
          this.skipBlanks();
          alignment = this.readInteger();
        } else if (word === '.v2' || word === '.v4' || word === '.v8') vectorWidth = Number(word.slice(2));
        else if (!word.startsWith('.ptr')) type = word.slice(1);
        continue;
      }
      if (isIdentStart(c)) {
        name = this.readWord();
        // `.reg .b32 %r<12>` style counts on variables are rare; keep the plain name.
        if (text.charCodeAt(this.pos) === C_LT) {
          while (this.pos < this.len && text.charCodeAt(this.pos) !== C_GT) this.pos++;
          this.pos++;
        }
        continue;
      }
      if (c === C_COMMA) {
        // Several names in one declaration: keep the first, skip the rest.
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
    let sizeBytes: number | null = elementSize === undefined ? null : elementSize * vectorWidth;
    for (const d of dimensions) sizeBytes = sizeBytes === null || d < 0 ? null : sizeBytes * d;
    return { kind: 'var', stateSpace, type: vectorWidth > 1 ? `v${vectorWidth}.${type}` : type, name, dimensions, alignment, sizeBytes, isExtern, position: { line, column } };
  }

  // --- functions ----------------------------------------------------------------------

  private parseFunction(kind: 'entry' | 'func', visibility: PtxFunction['visibility'], line: number, column: number): void {
    const text = this.text;
    const fn: PtxFunction = {
      kind, name: '', visibility, params: [], returns: [], directives: {}, body: [], hasBody: false,
      position: { line, column }, endPosition: { line, column },
    };
    this.skipTrivia();
    if (kind === 'func' && text.charCodeAt(this.pos) === C_LPAREN) fn.returns = this.parseParams();
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
    // Performance directives between the parameter list and the body.
    for (;;) {
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
      if (word === '.pragma') {
        this.skipStatement();
        continue;
      }
      const values: number[] = [];
      for (;;) {
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

  private parseParams(): Parameter[] {
    const text = this.text;
    const params: Parameter[] = [];
    this.pos++; // '('
    for (;;) {
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
        // Resynchronise at the next ',' or ')'.
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

  private parseParam(): Parameter | null {
    const text = this.text;
    const position = { line: this.line, column: this.column() };
    let stateSpace: Parameter['stateSpace'] | null = null;
    let type = '';
    let alignment: number | null = null;
    let pointerSpace: string | null = null;
    let arraySize: number | null = null;
    for (;;) {
      this.skipTrivia();
      const c = text.charCodeAt(this.pos);
      if (c === C_DOT) {
        const word = this.readWord();
        if (word === '.param') stateSpace = 'param';
        else if (word === '.reg') stateSpace = 'reg';
        else if (word === '.align') {
          this.skipBlanks();
          alignment = this.readInteger();
        } else if (word.startsWith('.ptr')) {
          // .ptr.global.align 16 / .ptr.shared
          const parts = word.split('.');
          pointerSpace = parts[2] ?? null;
          if (parts[3] === 'align') {
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
      this.error(`unexpected '${text[this.pos] ?? 'end of input'}' in parameter list`);
      return null;
    }
  }

  private parseBody(fn: PtxFunction): void {
    const text = this.text;
    const body = fn.body;
    let depth = 1;
    this.currentSource = null;
    for (;;) {
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
        // Scoped block: inline asm (CUTLASS style) or a call sequence.
        this.pos++;
        depth++;
        continue;
      }
      const line = this.line, column = this.column();
      if (c === C_DOT) {
        // `.loc` is a quarter of -lineinfo PTX: recognise it without making a string.
        if (text.charCodeAt(this.pos + 1) === 108 && text.charCodeAt(this.pos + 2) === 111 && text.charCodeAt(this.pos + 3) === 99 && !isIdentChar(text.charCodeAt(this.pos + 4))) {
          this.pos += 4;
          this.parseLoc();
          continue;
        }
        const word = this.readWord();
        if (word === '.loc') this.parseLoc();
        else if (word === '.reg') this.parseRegisters(body, line, column);
        else if (word === '.pragma') body.push(this.parsePragma(line, column));
        else if (word === '.file') this.parseFile();
        else {
          const space = word.slice(1);
          if (VARIABLE_SPACES.has(space)) {
            const decl = this.parseVariable(space as VariableDeclaration['stateSpace'], false, line, column);
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
        // A known opcode, not followed by ':' (a label of the same spelling), is read in one pass.
        const known = this.readKnownOpcode();
        if (known !== null) {
          this.skipBlanks();
          if (text.charCodeAt(this.pos) !== C_COLON) {
            // The blanks just skipped are what parseInstruction would skip first anyway.
            const instruction = this.parseInstruction(line, column, start, null, known);
            if (instruction) body.push(instruction);
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
          if (text.startsWith('.callprototype', this.pos) || text.startsWith('.branchtargets', this.pos)) this.skipStatement();
          else body.push({ kind: 'label', name: word.name, position: { line, column } });
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
  private parseRegisters(body: Statement[], line: number, column: number): void {
    const text = this.text;
    let type = '';
    for (;;) {
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
        let count: number | null = null;
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
        body.push({ kind: 'reg', type, name, count, position: { line, column } });
        continue;
      }
      this.error(`unexpected '${text[this.pos]}' in .reg declaration`);
      this.skipStatement();
      return;
    }
  }

  private parsePragma(line: number, column: number): Statement {
    const text = this.text;
    const values: string[] = [];
    for (;;) {
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
    return { kind: 'pragma', values, position: { line, column } };
  }

  private parseInstruction(line: number, column: number, start = this.pos, opcodeWord: WordEntry | null = null, knownOpcode: OpcodeInfo | null = null): Instruction | null {
    const text = this.text;
    let guard: Instruction['guard'] = null;
    if (opcodeWord === null && knownOpcode === null && text.charCodeAt(this.pos) === C_AT) {
      this.pos++;
      let negated = false;
      if (text.charCodeAt(this.pos) === C_BANG) {
        negated = true;
        this.pos++;
      }
      // nvcc's predicates (%p1) take the fast path, so the guard names the same string as
      // the register's operands (string comparisons of the two are then pointer checks).
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
        guard = negated ? (word.negatedGuard ??= { register: word.name, negated: true }) : (word.guard ??= { register: word.name, negated: false });
      }
      this.skipBlanks();
    }
    if (opcodeWord === null && knownOpcode === null && !isIdentStart(text.charCodeAt(this.pos))) {
      this.error(`expected an opcode, found '${text[this.pos] ?? 'end of input'}'`);
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
    // Operands gather in a scratch array and are copied out at their exact length: an
    // array grown by push keeps a 16-slot backing store, most of an instruction's memory.
    const scratch = this.operandScratch;
    let count = 0;
    for (;;) {
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
      const next = text.charCodeAt(this.pos);
      if (next === C_COMMA) this.pos++;
      else if (next !== C_SEMI) {
        this.error(`expected ',' or ';' after an operand of '${opcode}', found '${text[this.pos] ?? 'end of input'}'`);
        this.skipStatement();
        return null;
      }
    }
    const instruction = new InstructionNode(text, start, line, info, guard, exactCopy(scratch, count), this.currentSource);
    this.pos++; // ';'
    return instruction;
  }

  private parseOperand(): Operand | null {
    const text = this.text;
    const c = text.charCodeAt(this.pos);
    if (c === C_LBRACE || c === C_LPAREN) {
      const close = c === C_LBRACE ? C_RBRACE : C_RPAREN;
      this.pos++;
      const elements: Operand[] = [];
      for (;;) {
        this.skipTrivia();
        if (this.pos >= this.len) {
          this.error(`unterminated operand list (missing '${String.fromCharCode(close)}')`);
          return null;
        }
        const d = text.charCodeAt(this.pos);
        if (d === close) {
          this.pos++;
          return { kind: 'vector', elements: exactCopy(elements, elements.length) };
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
      return { kind: 'negated-predicate', name: this.readWord() };
    }
    if (c === C_MINUS || isDigit(c)) return this.parseImmediate();
    if (isIdentStart(c)) {
      const start = this.pos;
      const operand = this.readNameOperand();
      const next = text.charCodeAt(this.pos);
      if (next === C_PIPE) {
        // setp's pair of destinations: %p1|%p2
        this.pos++;
        const second = this.readNameOperand();
        return { kind: 'vector', elements: [operand, second] };
      }
      if (next === C_PLUS || next === C_MINUS) {
        // symbol+offset outside brackets (e.g. mov.u64 %rd1, sym+8)
        while (this.pos < this.len && !this.atOperandEnd()) this.pos++;
        return { kind: 'unknown', text: text.slice(start, this.pos) };
      }
      return operand;
    }
    const start = this.pos;
    while (this.pos < this.len && !this.atOperandEnd()) this.pos++;
    if (this.pos === start) {
      this.error(`unexpected '${text[this.pos]}' in an operand`);
      return null;
    }
    return { kind: 'unknown', text: text.slice(start, this.pos) };
  }

  private atOperandEnd(): boolean {
    const c = this.text.charCodeAt(this.pos);
    return c === C_COMMA || c === C_SEMI || c === C_RBRACE || c === C_RPAREN || c === C_LF;
  }

  private parseImmediate(): Operand {
    const text = this.text;
    const start = this.pos;
    let negative = false;
    if (text.charCodeAt(this.pos) === C_MINUS) {
      negative = true;
      this.pos++;
    }
    // Plain decimal integers (offsets, shift counts, loop steps) without a word lookup.
    const small = this.readSmallInteger(negative);
    if (small !== null) return small;
    // Other common literals (0f3F800000, 1.5) are interned words: no string per occurrence.
    const wordStart = this.pos;
    const entry = this.readWordEntry();
    const next = text.charCodeAt(this.pos);
    const exponent = (next === C_PLUS || next === C_MINUS) && (text.charCodeAt(this.pos - 1) | 32) === 101 && !this.isHexLiteral(start);
    if (!exponent && this.pos > wordStart && entry.name.indexOf('%') < 0) {
      if (negative) return (entry.negative ??= { kind: 'immediate', value: immediateValue('-' + entry.name, true), text: '-' + entry.name });
      return (entry.immediate ??= { kind: 'immediate', value: immediateValue(entry.name, false), text: entry.name });
    }
    while (this.pos < this.len) {
      const c = text.charCodeAt(this.pos);
      if (isIdentChar(c) || c === C_DOT) this.pos++;
      else if ((c === C_PLUS || c === C_MINUS) && (text.charCodeAt(this.pos - 1) | 32) === 101 && !this.isHexLiteral(start)) this.pos++;
      else break;
    }
    const literal = text.slice(start, this.pos);
    let operand = this.immediates.get(literal);
    if (operand === undefined) {
      operand = { kind: 'immediate', value: immediateValue(literal, negative), text: literal };
      this.immediates.set(literal, operand);
    }
    return operand;
  }

  /**
   * A decimal literal of 1-9 digits without a leading zero (or "0") that ends the word, as
   * an interned immediate whose text is its canonical spelling; null (position unchanged)
   * for anything else, which the word path reads. "-0" is left to it too (value -0).
   */
  private readSmallInteger(negative: boolean): Operand | null {
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
  private readKnownOpcode(): OpcodeInfo | null {
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

  /** The guard `@reg` / `@!reg` of a fast-path register, one object per register and sign. */
  private guardOf(register: Operand, negated: boolean): Instruction['guard'] {
    const guards = negated ? this.negatedGuards : this.guards;
    let guard = guards.get(register);
    if (guard === undefined) {
      guard = { register: (register as { name: string }).name, negated };
      guards.set(register, guard);
    }
    return guard;
  }

  private isHexLiteral(start: number): boolean {
    const text = this.text;
    const s = text.charCodeAt(start) === C_MINUS ? start + 1 : start;
    const x = text.charCodeAt(s + 1) | 32;
    return text.charCodeAt(s) === C_0 && (x === 120 || x === 102 || x === 100);
  }

  private parseAddress(): Operand | null {
    const text = this.text;
    const start = this.pos;
    this.pos++; // '['
    this.skipBlanks();
    let base: Operand | null = null;
    let baseEntry: WordEntry | null = null;
    let offset = 0;
    const c = text.charCodeAt(this.pos);
    if (isIdentStart(c)) {
      base = this.readVirtualRegister();
      if (base === null) {
        baseEntry = this.readWordEntry();
        base = this.nameOperand(c === C_PERCENT, baseEntry);
      }
    } else if (isDigit(c) || c === C_MINUS) {
      const imm = this.parseImmediate();
      offset = imm.kind === 'immediate' ? imm.value : 0;
    }
    for (;;) {
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
        const value = imm.kind === 'immediate' ? imm.value : NaN;
        if (!Number.isFinite(value)) {
          this.error('malformed address offset');
          return null;
        }
        offset += d === C_MINUS ? -value : value;
        continue;
      }
      // A tensor address, `[tensorMap, {c0, c1}]` (cp.async.bulk.tensor, TMA): the map is the base;
      // the coordinates pick a box inside it. Not interned: its text differs from `[tensorMap]`.
      if (d === C_COMMA && base !== null) {
        const close = text.indexOf(']', this.pos);
        if (close < 0) break;
        this.pos = close + 1;
        return { kind: 'address', base, offset, text: text.slice(start, this.pos) };
      }
      this.error(`malformed address operand (expected ']', found '${text[this.pos] ?? 'end of input'}')`);
      return null;
    }
    // [reg+off] repeats: intern by base word and offset (text as first spelled).
    if (base === null) return { kind: 'address', base, offset, text: text.slice(start, this.pos) };
    let byOffset = baseEntry !== null ? (baseEntry.addresses ??= new Map<number, Operand>()) : this.registerAddresses.get(base);
    if (byOffset === undefined) {
      byOffset = new Map<number, Operand>();
      this.registerAddresses.set(base, byOffset);
    }
    let operand = byOffset.get(offset);
    if (operand === undefined) {
      operand = { kind: 'address', base, offset, text: text.slice(start, this.pos) };
      byOffset.set(offset, operand);
    }
    return operand;
  }
}

/** The first `count` items as an array of exactly that length (no spare capacity). */
function exactCopy<T>(items: T[], count: number): T[] {
  switch (count) {
    case 0: return [];
    case 1: return [items[0]];
    case 2: return [items[0], items[1]];
    case 3: return [items[0], items[1], items[2]];
    case 4: return [items[0], items[1], items[2], items[3]];
    default: return items.slice(0, count);
  }
}

/**
 * An instruction whose raw text and position are computed on first use: most consumers
 * never read them, and not allocating them halves the parser's garbage.
 */
class InstructionNode implements Instruction {
  // Own fields (not prototype getters) for what every consumer reads: statements are of
  // several shapes, and polymorphic getter access is slow. Declared only and assigned in
  // the constructor: field definitions would run as a separate initialiser per instance.
  declare readonly kind: 'instruction';
  declare readonly opcode: string;
  declare readonly mnemonic: string;
  declare readonly modifiers: string[];
  declare readonly known: boolean;
  declare readonly guard: Instruction['guard'];
  declare readonly operands: Operand[];
  declare readonly source: SourceLocation | null;
  declare private readonly sourceText: string;
  declare private readonly start: number;
  declare private readonly line: number;

  constructor(sourceText: string, start: number, line: number, info: OpcodeInfo, guard: Instruction['guard'], operands: Operand[], source: SourceLocation | null) {
    this.kind = 'instruction';
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
  get text(): string {
    const end = this.sourceText.indexOf(';', this.start);
    return this.sourceText.slice(this.start, end < 0 ? this.sourceText.length : end);
  }

  get position(): { line: number; column: number } {
    return { line: this.line, column: this.start - this.sourceText.lastIndexOf('\n', this.start - 1) };
  }

  /** Plain-object form (getters included) for JSON. */
  toJSON(): Instruction {
    const { kind, guard, opcode, mnemonic, modifiers, operands, text, position, source, known } = this;
    return { kind, guard, opcode, mnemonic, modifiers, operands, text, position, source, known };
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

/** Parses PTX text; never throws. Errors carry line:column and the function they were found in. */
export function parsePtx(text: string, file?: string): ParseResult {
  const parser = new Parser(typeof text === 'string' ? text : String(text));
  try {
    parser.parse();
  } catch (error) {
    // A parser bug must not take the whole report down: keep what was parsed.
    parser.errors.push({ message: `internal parser error: ${(error as Error).message}${file ? ` in ${file}` : ''}`, line: 0, column: 0, functionName: null });
  }
  return { module: parser.module, errors: parser.errors };
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
