// PTX abstract syntax tree. Every node keeps its position (1-based line:column in the
// PTX text) so errors and findings can point at it; `.loc` source positions are attached
// to instructions separately (`source`).

export interface Position {
  line: number;
  column: number;
}

export interface SourceLocation {
  /** Resolved from `.file` (emitted at the end of the module by nvcc 13). */
  file: string | null;
  fileIndex: number;
  line: number;
  column: number;
  /** For code inlined from another function (`.loc ..., inlined_at F L C`): the call site. */
  inlinedAt?: SourceLocation;
}

export type Operand =
  | { kind: 'register'; name: string } // %r1, %rd2, %p3, %tid.x (special)
  | { kind: 'immediate'; value: number; text: string } // 0, -1, 0f3F800000, 0d..., 0x10
  | { kind: 'symbol'; name: string } // a label, function or variable name
  | { kind: 'address'; base: Operand | null; offset: number; text: string } // [%rd1+8], [sym], [sym+4]
  | { kind: 'vector'; elements: Operand[] } // {%f1, %f2}
  | { kind: 'sink' } // _
  | { kind: 'negated-predicate'; name: string } // !%p1 (operand form)
  | { kind: 'unknown'; text: string };

export interface Instruction {
  kind: 'instruction';
  /** Guard predicate `@%p1` / `@!%p1`, if any. */
  guard: { register: string; negated: boolean } | null;
  /** Full opcode with modifiers, e.g. "ld.global.nc.v4.f32". */
  opcode: string;
  /** The base mnemonic, e.g. "ld". */
  mnemonic: string;
  /** Modifiers in order, e.g. ["global", "nc", "v4", "f32"]. */
  modifiers: string[];
  operands: Operand[];
  /** The raw PTX text of the instruction (without the trailing ';'). */
  text: string;
  position: Position;
  source: SourceLocation | null;
  /** False when the mnemonic is not one the parser knows; kept, never dropped. */
  known: boolean;
}

export interface Label {
  kind: 'label';
  name: string;
  position: Position;
}

export interface Pragma {
  kind: 'pragma';
  values: string[];
  position: Position;
}

export interface RegisterDeclaration {
  kind: 'reg';
  type: string;
  /** "%r" with count 12 for `.reg .b32 %r<12>;`, or a plain name with count null. */
  name: string;
  count: number | null;
  position: Position;
}

export interface VariableDeclaration {
  kind: 'var';
  stateSpace: 'global' | 'shared' | 'local' | 'const' | 'param' | 'tex' | 'surf' | 'reg';
  type: string;
  name: string;
  /** Array dimensions, e.g. [32, 33]; empty for scalars; -1 for unsized (extern). */
  dimensions: number[];
  alignment: number | null;
  /** Total size in bytes when known. */
  sizeBytes: number | null;
  isExtern: boolean;
  position: Position;
}

export type Statement = Instruction | Label | Pragma | RegisterDeclaration | VariableDeclaration;

export interface Parameter {
  name: string;
  type: string;
  stateSpace: 'param' | 'reg';
  alignment: number | null;
  /** Array size for `.param .align 8 .b8 p[16]`. */
  arraySize: number | null;
  /** Pointer attribute in `.ptr.global` etc., when present. */
  pointerSpace: string | null;
  position: Position;
}

export interface PtxFunction {
  /** `.entry` is a kernel; `.func` a device function. */
  kind: 'entry' | 'func';
  name: string;
  visibility: 'visible' | 'extern' | 'weak' | null;
  params: Parameter[];
  returns: Parameter[];
  /** Performance directives: .maxntid, .reqntid, .minnctapersm, .maxnreg, .noreturn, ... */
  directives: Record<string, number[]>;
  body: Statement[];
  /** False for a declaration without a body (prototype). */
  hasBody: boolean;
  position: Position;
  endPosition: Position;
}

export interface PtxModule {
  version: string | null;
  target: string[];
  addressSize: number | null;
  /** `.file` index -> file name. */
  files: Map<number, string>;
  globals: VariableDeclaration[];
  functions: PtxFunction[];
  /** Inlined locations 'file:line:column' -> their call site, for every `.loc ..., inlined_at` (chains through headers). */
  inlineCalls?: Map<string, SourceLocation>;
}

export interface PtxError {
  message: string;
  line: number;
  column: number;
  /** The function the error was found in, when inside one. */
  functionName: string | null;
}

export interface ParseResult {
  module: PtxModule;
  /** Recoverable errors; functions with errors are still returned where possible. */
  errors: PtxError[];
}
