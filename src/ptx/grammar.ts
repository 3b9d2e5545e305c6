// The PTX grammar: module directives, functions, bodies, instructions and operands, over the
// lexer's words (lexer.ts). It never throws; problems become PtxErrors with line:column and
// parsing resumes at the next ';' (or '}'), so one malformed function does not hide the others.
import type { Instruction, Operand, Parameter, PtxFunction, PtxModule, SourceLocation, Statement, VariableDeclaration } from './ast.js';
import { rememberOpcode } from './opcode-trie.js';
import { opcodeInfo, type OpcodeInfo } from './opcodes.js';
import {
  PtxLexer,
  C_AT,
  C_BANG,
  C_COLON,
  C_COMMA,
  C_DOT,
  C_EQ,
  C_GT,
  C_LBRACE,
  C_LBRACKET,
  C_LF,
  C_LPAREN,
  C_LT,
  C_MINUS,
  C_PERCENT,
  C_PIPE,
  C_PLUS,
  C_QUOTE,
  C_RBRACE,
  C_RBRACKET,
  C_RPAREN,
  C_SEMI,
  decodePtxString,
  immediateValue,
  isDigit,
  isIdentChar,
  isIdentStart,
  type WordEntry,
} from './lexer.js';

/**
 * PTX's predefined constants, read as the immediates they are: `WARP_SZ` (CUDA's `warpSize`), a
 * "run-time constant" in the PTX ISA, is 32 on every architecture there is (../gpu/arch.ts
 * warpSize; CUDA's own headers assume 32 too).
 */
const PREDEFINED_CONSTANTS = new Map([['WARP_SZ', 32]]);

const TYPE_SIZES: Record<string, number> = {
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
  e5m2: 1,
};

const VARIABLE_SPACES = new Set(['global', 'shared', 'local', 'const', 'param', 'tex', 'surf', 'reg']);

export class PtxGrammar extends PtxLexer {
  /** Every `.loc` object made, so `.file` names (emitted at the end by nvcc 13) can be filled in afterwards. */
  private readonly locations: SourceLocation[] = [];
  private currentSource: SourceLocation | null = null;
  readonly module: PtxModule = { version: null, target: [], addressSize: null, files: new Map(), globals: [], functions: [] };

  // Operands are immutable and repeat a lot (registers, immediates, addresses): one object
  // per distinct spelling keeps the AST small and the garbage collector idle.
  private readonly immediates = new Map<string, Operand>();
  private readonly plainLocations = new Map<number, SourceLocation>();
  /** The plain location looked up last, and its key. */
  private lastLocationKey = -1;
  private lastLocation: SourceLocation | null = null;
  /** Guards of fast-path registers (see guardOf). */
  private readonly guards = new Map<Operand, Instruction['guard']>();
  private readonly negatedGuards = new Map<Operand, Instruction['guard']>();
  /** Operands of the instruction being parsed (reused; see parseInstruction). */
  private readonly operandScratch: Operand[] = [];
  /** Address operands [%reg+offset] of fast-path registers, by register operand then offset. */
  private readonly registerAddresses = new Map<Operand, Map<number, Operand>>();

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
      const startLine = this.line,
        startColumn = this.column();
      const directive = this.readWord();
      switch (directive) {
        case '.version':
          this.module.version = this.restOfLine().trim();
          break;
        case '.target':
          this.module.target = this.restOfLine()
            .split(',')
            .map((t) => t.trim())
            .filter((t) => t.length > 0);
          break;
        case '.address_size':
          this.module.addressSize = Number(this.restOfLine().trim()) || null;
          break;
        case '.file':
          this.parseFile();
          break;
        case '.loc':
          this.parseLoc();
          break;
        case '.visible':
          linkage = 'visible';
          continue;
        case '.weak':
          linkage = 'weak';
          continue;
        case '.extern':
          linkage = 'extern';
          externVar = true;
          continue;
        case '.common':
          continue;
        case '.entry':
        case '.func':
          this.parseFunction(directive === '.entry' ? 'entry' : 'func', linkage, startLine, startColumn);
          break;
        case '.section':
          this.skipSection();
          break;
        case '.pragma':
        case '.alias':
          this.skipStatement();
          break;
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

  /** A register or symbol operand read at the current position, one object per spelling. */
  private readNameOperand(): Operand {
    const fast = this.readVirtualRegister();
    if (fast !== null) return fast;
    return this.nameOperand(this.text.charCodeAt(this.pos) === C_PERCENT, this.readWordEntry());
  }

  private nameOperand(isRegister: boolean, entry: WordEntry): Operand {
    if (entry.operand === null) {
      const predefined = isRegister ? undefined : PREDEFINED_CONSTANTS.get(entry.name);
      entry.operand =
        entry.name === '_'
          ? { kind: 'sink' }
          : isRegister
            ? { kind: 'register', name: entry.name }
            : predefined !== undefined
              ? { kind: 'immediate', value: predefined, text: entry.name }
              : { kind: 'symbol', name: entry.name };
    }
    return entry.operand;
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
    const line = this.line,
      column = this.column();
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
      const parts = rest
        .slice(inlined + 10)
        .trim()
        .split(/\s+/)
        .map(Number);
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
  private parseVariable(
    stateSpace: VariableDeclaration['stateSpace'],
    isExtern: boolean,
    line: number,
    column: number,
  ): VariableDeclaration | null {
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
    return {
      kind: 'var',
      stateSpace,
      type: vectorWidth > 1 ? `v${vectorWidth}.${type}` : type,
      name,
      dimensions,
      alignment,
      sizeBytes,
      isExtern,
      position: { line, column },
    };
  }

  private parseFunction(kind: 'entry' | 'func', visibility: PtxFunction['visibility'], line: number, column: number): void {
    const text = this.text;
    const fn: PtxFunction = {
      kind,
      name: '',
      visibility,
      params: [],
      returns: [],
      directives: {},
      body: [],
      hasBody: false,
      position: { line, column },
      endPosition: { line, column },
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
      const line = this.line,
        column = this.column();
      if (c === C_DOT) {
        // `.loc` is a quarter of -lineinfo PTX: recognise it without making a string.
        if (
          text.charCodeAt(this.pos + 1) === 108 &&
          text.charCodeAt(this.pos + 2) === 111 &&
          text.charCodeAt(this.pos + 3) === 99 &&
          !isIdentChar(text.charCodeAt(this.pos + 4))
        ) {
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

  private parseInstruction(
    line: number,
    column: number,
    start = this.pos,
    opcodeWord: WordEntry | null = null,
    knownOpcode: OpcodeInfo | null = null,
  ): Instruction | null {
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
        guard = negated
          ? (word.negatedGuard ??= { register: word.name, negated: true })
          : (word.guard ??= { register: word.name, negated: false });
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
      if (negative)
        return (entry.negative ??= { kind: 'immediate', value: immediateValue('-' + entry.name, true), text: '-' + entry.name });
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

  constructor(
    sourceText: string,
    start: number,
    line: number,
    info: OpcodeInfo,
    guard: Instruction['guard'],
    operands: Operand[],
    source: SourceLocation | null,
  ) {
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
