// Itanium C++ ABI demangling for display, covering what nvcc emits for kernels and device
// functions: nested names, templates (incl. packs and literals), substitutions, template
// parameters, qualifiers, pointers / references / arrays / function pointers, lambdas,
// anonymous namespaces, constructors and common operators. Output matches c++filt's spelling.
// No npm demangler is maintained for Node (checked: only a browser WASM wrapper exists), so this
// is a careful hand-written subset; any name it cannot read is returned unchanged.

type TypeNode =
  | { kind: 'name'; text: string }
  | { kind: 'qual'; inner: TypeNode; quals: string }
  | { kind: 'ptr'; inner: TypeNode; op: string }
  | { kind: 'func'; ret: TypeNode | null; params: TypeNode[] }
  | { kind: 'array'; inner: TypeNode; dim: string }
  | { kind: 'pack'; items: TypeNode[] };

class DemangleError extends Error {}

const BUILTINS: Record<string, string> = {
  v: 'void',
  w: 'wchar_t',
  b: 'bool',
  c: 'char',
  a: 'signed char',
  h: 'unsigned char',
  s: 'short',
  t: 'unsigned short',
  i: 'int',
  j: 'unsigned int',
  l: 'long',
  m: 'unsigned long',
  x: 'long long',
  y: 'unsigned long long',
  n: '__int128',
  o: 'unsigned __int128',
  f: 'float',
  d: 'double',
  e: 'long double',
  g: '__float128',
  z: '...',
};
const D_BUILTINS: Record<string, string> = {
  n: 'decltype(nullptr)',
  h: 'half',
  i: 'char32_t',
  s: 'char16_t',
  u: 'char8_t',
  a: 'auto',
  c: 'decltype(auto)',
};
const LITERAL_SUFFIX: Record<string, string> = { i: '', j: 'u', l: 'l', m: 'ul', x: 'll', y: 'ull' };
const STD_SUBSTITUTIONS: Record<string, string> = {
  a: 'std::allocator',
  b: 'std::basic_string',
  s: 'std::string',
  i: 'std::istream',
  o: 'std::ostream',
  d: 'std::iostream',
};
const OPERATORS: Record<string, string> = {
  nw: 'new',
  na: 'new[]',
  dl: 'delete',
  da: 'delete[]',
  ps: '+',
  ng: '-',
  ad: '&',
  de: '*',
  co: '~',
  pl: '+',
  mi: '-',
  ml: '*',
  dv: '/',
  rm: '%',
  an: '&',
  or: '|',
  eo: '^',
  aS: '=',
  pL: '+=',
  mI: '-=',
  mL: '*=',
  dV: '/=',
  rM: '%=',
  aN: '&=',
  oR: '|=',
  eO: '^=',
  ls: '<<',
  rs: '>>',
  lS: '<<=',
  rS: '>>=',
  eq: '==',
  ne: '!=',
  lt: '<',
  gt: '>',
  le: '<=',
  ge: '>=',
  ss: '<=>',
  nt: '!',
  aa: '&&',
  oo: '||',
  pp: '++',
  mm: '--',
  cm: ',',
  pm: '->*',
  pt: '->',
  cl: '()',
  ix: '[]',
};

const text = (t: TypeNode): string => left(t) + right(t);

function left(t: TypeNode): string {
  switch (t.kind) {
    case 'name':
      return t.text;
    case 'qual':
      return left(t.inner) + t.quals;
    case 'pack':
      return t.items.map(text).join(', ');
    case 'func':
      return t.ret ? left(t.ret) : '';
    case 'array':
      return left(t.inner);
    case 'ptr':
      if (t.inner.kind === 'func' || t.inner.kind === 'array') return `${left(t.inner)} (${t.op}`;
      return left(t.inner) + t.op;
  }
}

function right(t: TypeNode): string {
  switch (t.kind) {
    case 'name':
    case 'pack':
      return '';
    case 'qual':
      return right(t.inner);
    case 'func':
      return `(${paramList(t.params)})${t.ret ? right(t.ret) : ''}`;
    case 'array':
      return ` [${t.dim}]${right(t.inner)}`;
    case 'ptr':
      return t.inner.kind === 'func' || t.inner.kind === 'array' ? `)${right(t.inner)}` : right(t.inner);
  }
}

/** Parameter list, expanding packs; a lone `void` means no parameters. */
function paramList(params: TypeNode[]): string {
  return paramTexts(params).join(', ');
}

/** Each parameter's type as text, packs expanded; a lone `void` means none. */
function paramTexts(params: TypeNode[]): string[] {
  const flat = params.flatMap((p) => (p.kind === 'pack' ? p.items : [p]));
  if (flat.length === 1 && flat[0].kind === 'name' && flat[0].text === 'void') return [];
  return flat.map(text);
}

const closeTemplate = (args: string): string => `<${args}${args.endsWith('>') ? ' ' : ''}>`;

class Parser {
  private pos = 0;
  private readonly subs: TypeNode[] = [];
  /** Template arguments T_ / T0_ refer to (those of the outermost function name). */
  private templateArgs: TypeNode[] = [];

  constructor(private readonly input: string) {}

  private peek(offset = 0): string {
    return this.input[this.pos + offset] ?? '';
  }
  private eat(prefix: string): boolean {
    if (this.input.startsWith(prefix, this.pos)) {
      this.pos += prefix.length;
      return true;
    }
    return false;
  }
  private expect(prefix: string): void {
    if (!this.eat(prefix)) throw new DemangleError(`expected '${prefix}' at ${this.pos}`);
  }
  private number(): number {
    const m = /^n?\d+/.exec(this.input.slice(this.pos));
    if (!m) throw new DemangleError(`expected a number at ${this.pos}`);
    this.pos += m[0].length;
    return m[0].startsWith('n') ? -Number(m[0].slice(1)) : Number(m[0]);
  }
  /** `_` = 0, `<base-36>_` = n + 1 (substitutions); `_` = 0, `<n>_` = n + 1 (template params, discriminators). */
  private seqId(base: number): number {
    if (this.eat('_')) return 0;
    const m = base === 36 ? /^[0-9A-Z]+_/.exec(this.input.slice(this.pos)) : /^\d+_/.exec(this.input.slice(this.pos));
    if (!m) throw new DemangleError(`expected a sequence id at ${this.pos}`);
    this.pos += m[0].length;
    return parseInt(m[0].slice(0, -1), base) + 1;
  }

  mangledName(): string {
    return this.topLevel().text;
  }

  /** The function's parameter types (none for a data name). */
  parameters(): string[] {
    return paramTexts(this.topLevel().params);
  }

  private topLevel(): { text: string; params: TypeNode[] } {
    this.expect('_Z');
    const result = this.function(true);
    if (this.pos < this.input.length && this.peek() !== '.') throw new DemangleError(`trailing characters at ${this.pos}`);
    return result;
  }

  private encoding(topLevel: boolean): string {
    return this.function(topLevel).text;
  }

  private function(topLevel: boolean): { text: string; params: TypeNode[] } {
    const name = this.name();
    if (this.pos >= this.input.length || this.peek() === 'E' || this.peek() === '.') return { text: name.text, params: [] };
    if (topLevel) this.templateArgs = name.templateArgs ?? this.templateArgs;
    // Template functions (other than constructors) mangle their return type first.
    const ret = name.templateArgs && !name.isCtor ? this.type() : null;
    const params: TypeNode[] = [];
    while (this.pos < this.input.length && this.peek() !== 'E' && this.peek() !== '.') params.push(this.type());
    const qualifiers = name.cvQualifiers ?? '';
    return { text: `${ret ? left(ret) + ' ' : ''}${name.text}(${paramList(params)})${qualifiers}${ret ? right(ret) : ''}`, params };
  }

  private name(): { text: string; templateArgs: TypeNode[] | null; isCtor: boolean; cvQualifiers?: string } {
    if (this.peek() === 'N') return this.nestedName();
    if (this.peek() === 'Z') return this.localName();
    let prefix: string;
    if (this.eat('St')) prefix = 'std::' + this.unqualifiedName('').text;
    else if (this.peek() === 'S') {
      const sub = this.substitution();
      if (this.peek() !== 'I') throw new DemangleError('substitution as a name without template arguments');
      prefix = text(sub);
      const args = this.templateArgList();
      return { text: prefix + closeTemplate(args.map(text).join(', ')), templateArgs: args, isCtor: false };
    } else prefix = this.unqualifiedName('').text;
    if (this.peek() === 'I') {
      this.subs.push({ kind: 'name', text: prefix });
      const args = this.templateArgList();
      return { text: prefix + closeTemplate(args.map(text).join(', ')), templateArgs: args, isCtor: false };
    }
    return { text: prefix, templateArgs: null, isCtor: false };
  }

  private nestedName(): { text: string; templateArgs: TypeNode[] | null; isCtor: boolean; cvQualifiers?: string } {
    this.expect('N');
    const cv = this.cvQualifiers();
    if (!this.eat('R')) this.eat('O');
    let prefix = '';
    let lastArgs: TypeNode[] | null = null;
    let isCtor = false;
    let lastComponent = '';
    while (!this.eat('E')) {
      if (this.pos >= this.input.length) throw new DemangleError('unterminated nested name');
      if (this.peek() === 'I') {
        if (!prefix) throw new DemangleError('template arguments without a template name');
        lastArgs = this.templateArgList();
        prefix += closeTemplate(lastArgs.map(text).join(', '));
      } else if (this.peek() === 'S' && this.peek(1) !== 't') {
        prefix = text(this.substitution());
        lastArgs = null;
        continue; // a substitution is not a new candidate
      } else if (this.peek() === 'T') {
        prefix = text(this.templateParam());
        lastArgs = null;
      } else {
        if (this.eat('St')) prefix = 'std';
        const component = this.unqualifiedName(lastComponent);
        isCtor = component.isCtor;
        if (!component.isCtor) lastComponent = component.text.replace(/<.*$/, '');
        prefix = prefix ? `${prefix}::${component.text}` : component.text;
        lastArgs = null;
      }
      if (this.peek() !== 'E') this.subs.push({ kind: 'name', text: prefix });
    }
    return { text: prefix, templateArgs: lastArgs, isCtor, cvQualifiers: cv.trimEnd() ? cv : undefined };
  }

  private localName(): { text: string; templateArgs: TypeNode[] | null; isCtor: boolean } {
    this.expect('Z');
    const savedArgs = this.templateArgs;
    const fn = this.encoding(false);
    this.templateArgs = savedArgs;
    this.expect('E');
    if (this.eat('s')) return { text: `${fn}::string literal`, templateArgs: null, isCtor: false };
    const entity = this.name();
    if (this.eat('_')) this.seqId(10);
    return { text: `${fn}::${entity.text}`, templateArgs: entity.templateArgs, isCtor: entity.isCtor };
  }

  private unqualifiedName(enclosing: string): { text: string; isCtor: boolean } {
    const c = this.peek();
    if (/\d/.test(c)) return { text: this.sourceName(), isCtor: false };
    if (c === 'C' && /[1-5]/.test(this.peek(1))) {
      this.pos += 2;
      return { text: enclosing, isCtor: true };
    }
    if (c === 'D' && /[0-5]/.test(this.peek(1))) {
      this.pos += 2;
      return { text: `~${enclosing}`, isCtor: true };
    }
    if (this.eat('Ut')) {
      const n = this.seqId(10);
      return { text: `{unnamed type#${n + 1}}`, isCtor: false };
    }
    if (this.eat('Ul')) {
      const params: TypeNode[] = [];
      while (!this.eat('E')) params.push(this.type());
      const n = this.seqId(10);
      return { text: `{lambda(${paramList(params)})#${n + 1}}`, isCtor: false };
    }
    if (this.eat('cv')) return { text: `operator ${text(this.type())}`, isCtor: false };
    const op = OPERATORS[this.input.slice(this.pos, this.pos + 2)];
    if (op) {
      this.pos += 2;
      return { text: `operator${op}`, isCtor: false };
    }
    throw new DemangleError(`unsupported name at ${this.pos}`);
  }

  private sourceName(): string {
    const length = this.number();
    const id = this.input.slice(this.pos, this.pos + length);
    if (id.length !== length) throw new DemangleError('source name runs past the end');
    this.pos += length;
    return id.startsWith('_GLOBAL__N') ? '(anonymous namespace)' : id;
  }

  private cvQualifiers(): string {
    let quals = '';
    if (this.eat('r')) quals += ' restrict';
    if (this.eat('V')) quals += ' volatile';
    if (this.eat('K')) quals += ' const';
    // c++filt prints const before volatile.
    return quals
      .split(' ')
      .filter(Boolean)
      .sort((a, b) => order(a) - order(b))
      .map((q) => ' ' + q)
      .join('');
  }

  private substitution(): TypeNode {
    this.expect('S');
    const std = STD_SUBSTITUTIONS[this.peek()];
    if (std) {
      this.pos += 1;
      return { kind: 'name', text: std };
    }
    const id = this.seqId(36);
    const sub = this.subs[id];
    if (!sub) throw new DemangleError(`substitution S${id} out of range`);
    return sub;
  }

  private templateParam(): TypeNode {
    this.expect('T');
    const id = this.seqId(10);
    const arg = this.templateArgs[id];
    if (!arg) throw new DemangleError(`template parameter T${id} out of range`);
    this.subs.push(arg);
    return arg;
  }

  private templateArgList(): TypeNode[] {
    this.expect('I');
    const args: TypeNode[] = [];
    while (!this.eat('E')) {
      if (this.pos >= this.input.length) throw new DemangleError('unterminated template arguments');
      args.push(this.templateArg());
    }
    return args;
  }

  private templateArg(): TypeNode {
    if (this.peek() === 'L') return this.literal();
    if (this.eat('J')) {
      const items: TypeNode[] = [];
      while (!this.eat('E')) items.push(this.templateArg());
      return { kind: 'pack', items };
    }
    if (this.eat('X')) {
      // Only the simplest expressions: a template parameter or a literal.
      const value = this.peek() === 'T' ? this.templateParam() : this.peek() === 'L' ? this.literal() : null;
      if (!value) throw new DemangleError(`unsupported template argument expression at ${this.pos}`);
      this.expect('E');
      return value;
    }
    return this.type();
  }

  private literal(): TypeNode {
    this.expect('L');
    if (this.eat('_Z')) {
      const inner = this.encoding(false);
      this.expect('E');
      return { kind: 'name', text: inner };
    }
    const typeCode = this.peek();
    if (!BUILTINS[typeCode]) {
      // A literal of an enum (or other named) type: printed as a cast.
      const named = this.type();
      const value = this.number();
      this.expect('E');
      return { kind: 'name', text: `(${text(named)})${value}` };
    }
    const typeName = BUILTINS[typeCode];
    this.pos += 1;
    const value = this.number();
    this.expect('E');
    if (typeCode === 'b') return { kind: 'name', text: value === 0 ? 'false' : 'true' };
    if (typeCode in LITERAL_SUFFIX) return { kind: 'name', text: `${value}${LITERAL_SUFFIX[typeCode]}` };
    return { kind: 'name', text: `(${typeName})${value}` };
  }

  private type(): TypeNode {
    const c = this.peek();
    if (BUILTINS[c] && c !== 'z') {
      this.pos += 1;
      return { kind: 'name', text: BUILTINS[c] };
    }
    if (c === 'z') {
      this.pos += 1;
      return { kind: 'name', text: '...' };
    }
    let result: TypeNode;
    if (c === 'r' || c === 'V' || c === 'K') {
      const quals = this.cvQualifiers();
      result = { kind: 'qual', inner: this.type(), quals };
    } else if (c === 'P' || c === 'R' || c === 'O') {
      this.pos += 1;
      result = { kind: 'ptr', inner: this.type(), op: c === 'P' ? '*' : c === 'R' ? '&' : '&&' };
    } else if (c === 'F') {
      this.pos += 1;
      this.eat('Y');
      const ret = this.type();
      const params: TypeNode[] = [];
      while (!this.eat('E')) {
        if (this.pos >= this.input.length) throw new DemangleError('unterminated function type');
        params.push(this.type());
      }
      result = { kind: 'func', ret, params };
    } else if (c === 'A') {
      this.pos += 1;
      const dim = /^\d+/.exec(this.input.slice(this.pos))?.[0] ?? '';
      this.pos += dim.length;
      this.expect('_');
      result = { kind: 'array', inner: this.type(), dim };
    } else if (c === 'T') {
      const param = this.templateParam();
      if (this.peek() !== 'I') return param;
      result = { kind: 'name', text: text(param) + closeTemplate(this.templateArgList().map(text).join(', ')) };
    } else if (c === 'S' && this.peek(1) !== 't') {
      const sub = this.substitution();
      if (this.peek() !== 'I') return sub;
      result = { kind: 'name', text: text(sub) + closeTemplate(this.templateArgList().map(text).join(', ')) };
    } else if (c === 'D') {
      if (this.eat('Dp')) {
        // Pack expansion: the pack's items, expanded by paramList. It is a substitution candidate itself.
        const expansion = this.type();
        this.subs.push(expansion);
        return expansion;
      }
      const code = this.peek(1);
      if (D_BUILTINS[code]) {
        this.pos += 2;
        return { kind: 'name', text: D_BUILTINS[code] };
      }
      const float = /^DF(\d+)(b?)_/.exec(this.input.slice(this.pos));
      if (float) {
        this.pos += float[0].length;
        return { kind: 'name', text: float[2] ? `std::bfloat${float[1]}_t` : `_Float${float[1]}` };
      }
      throw new DemangleError(`unsupported type D${code} at ${this.pos}`);
    } else if (c === 'N' || c === 'Z' || /\d/.test(c) || (c === 'S' && this.peek(1) === 't')) {
      result = { kind: 'name', text: this.name().text };
    } else if (c === 'u') {
      this.pos += 1;
      result = { kind: 'name', text: this.sourceName() };
    } else {
      throw new DemangleError(`unsupported type '${c}' at ${this.pos}`);
    }
    this.subs.push(result);
    return result;
  }
}

function order(qualifier: string): number {
  return qualifier === 'const' ? 0 : qualifier === 'volatile' ? 1 : 2;
}

/** Demangles an Itanium C++ name for display; returns the input unchanged when it is not one it can read. */
export function demangle(mangled: string): string {
  return parsed(mangled, (parser) => parser.mangledName()) ?? mangled;
}

/** The parameter types of a mangled function name ('_Z1kPKfi' -> ['float const*', 'int']); null when it does not demangle. */
export function demangledParameters(mangled: string): string[] | null {
  return parsed(mangled, (parser) => parser.parameters());
}

function parsed<T>(mangled: string, read: (parser: Parser) => T): T | null {
  if (!mangled.startsWith('_Z')) return null;
  try {
    return read(new Parser(mangled));
  } catch (error) {
    if (error instanceof DemangleError || error instanceof RangeError) return null;
    throw error;
  }
}
