// SASS instructions per source line, per function, from a cubin's DWARF line table
// (`.debug_line`, written by ptxas when the PTX carries `.loc`, i.e. nvcc -lineinfo). Each
// sequence starts with DW_LNE_set_address, whose 8 bytes `.rela.debug_line` relocates against
// the symbol of one `.text.<function>` section; a row's address range up to the next row, in
// bytes / 16, is its SASS instruction count: every SASS instruction is 16 bytes on sm_70 and
// later (Volta's 128-bit encoding), so older cubins are refused. Code ptxas placed in a
// subroutine inside the section (a `.func` it kept out of line, or a toolkit routine such as
// `__cuda_sm3x_div_rn_noftz_f32_slowpath`) is marked with that subroutine's symbol; the
// function's own code past its last EXIT is marked out of line (see outOfLineStart). Never
// throws: malformed input gives Diagnostics with the byte offset.
import path from 'node:path';
import type { Diagnostic, SassLineCount } from '../model/types.js';
import { cubinSmVersion } from './cubin.js';
import { readFile } from 'node:fs/promises';
import { ByteReader, ElfError, readElf, SHT_REL, SHT_RELA, STT_FUNC, type ElfFile, type ElfSection, type ElfSymbol } from './elf.js';

/** Fixed SASS instruction size in bytes since sm_70. */
export const SASS_INSTRUCTION_BYTES = 16;
const FIRST_FIXED_SIZE_SM = 70;
const DW_LNE_END_SEQUENCE = 1;
const DW_LNE_SET_ADDRESS = 2;
const DW_LNE_DEFINE_FILE = 3;

export interface SassLineTable {
  /** Function (section `.text.<name>`) -> SASS instructions per source line, in first-seen order. */
  functions: Map<string, SassLineCount[]>;
  /** Function -> instructions left out as padding: the never-executed `BRA` to itself after the
   * last EXIT and the NOPs that align the section's end. */
  padding: Map<string, number>;
  diagnostics: Diagnostic[];
}

interface Row {
  address: number;
  file: number;
  line: number;
}

interface Sequence {
  /** Byte offset of the set_address operand inside .debug_line, where its relocation applies. */
  addressOffset: number;
  /** The operand as stored: the addend of a REL relocation (sm_75 cubins); RELA (sm_90) carries its own. */
  storedAddress: number;
  rows: Row[];
  endAddress: number;
}

interface LineUnit {
  files: string[]; // 1-based file index -> path
  sequences: Sequence[];
}

class Cursor {
  constructor(
    readonly r: ByteReader,
    public at: number,
  ) {}
  u8(what: string): number {
    return this.r.u8(this.at++, what);
  }
  u16(what: string): number {
    const v = this.r.u16(this.at, what);
    this.at += 2;
    return v;
  }
  u32(what: string): number {
    const v = this.r.u32(this.at, what);
    this.at += 4;
    return v;
  }
  uleb(what: string): number {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      const b = this.u8(what);
      value += (b & 0x7f) * scale;
      scale *= 128;
      if ((b & 0x80) === 0) return value;
    }
    throw new ElfError(`${what}: LEB128 longer than 10 bytes`, this.at);
  }
  sleb(what: string): number {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      const b = this.u8(what);
      value += (b & 0x7f) * scale;
      scale *= 128;
      if ((b & 0x80) === 0) return b & 0x40 ? value - scale : value;
    }
    throw new ElfError(`${what}: LEB128 longer than 10 bytes`, this.at);
  }
  cString(limit: number, what: string): string {
    const s = this.r.cString(this.at, limit, what);
    // Past the NUL by the raw bytes (a name that is not valid UTF-8 decodes to another length).
    this.at = this.r.bytes.indexOf(0, this.at) + 1;
    return s;
  }
}

/** One line-program unit (DWARF 2-4) starting at `start`; returns the unit and where the next begins. */
function readUnit(r: ByteReader, start: number, sectionEnd: number): { unit: LineUnit; next: number } {
  const c = new Cursor(r, start);
  const length = c.u32('unit length');
  if (length >= 0xfffffff0) throw new ElfError('64-bit DWARF line tables are not supported', start);
  const end = c.at + length;
  if (end > sectionEnd) throw new ElfError(`line-table unit of ${length} bytes runs past the end of .debug_line`, start);
  const version = c.u16('version');
  if (version < 2 || version > 4) throw new ElfError(`DWARF line-table version ${version} is not supported (2-4)`, start + 4);
  const headerLength = c.u32('header length');
  const programStart = c.at + headerLength;
  const minInstruction = c.u8('minimum instruction length');
  if (version >= 4) c.u8('maximum operations per instruction');
  c.u8('default is_stmt');
  const lineBase = (c.u8('line base') << 24) >> 24;
  const lineRange = c.u8('line range');
  const opcodeBase = c.u8('opcode base');
  if (lineRange === 0) throw new ElfError('line range 0 in the line-table header', c.at - 2);
  const opcodeLengths: number[] = [];
  for (let i = 1; i < opcodeBase; i++) opcodeLengths.push(c.u8('standard opcode length'));
  const dirs: string[] = [''];
  for (let dir = c.cString(end, 'include directory'); dir !== ''; dir = c.cString(end, 'include directory')) dirs.push(dir);
  const files: string[] = [''];
  const readFile = (name: string) => {
    const dir = c.uleb('file directory');
    c.uleb('file time');
    c.uleb('file size');
    files.push(dirs[dir] ? path.posix.join(dirs[dir], name) : name);
  };
  for (let name = c.cString(end, 'file name'); name !== ''; name = c.cString(end, 'file name')) readFile(name);
  if (c.at > programStart) throw new ElfError('line-table header runs past its stated length', c.at);
  c.at = programStart;

  const sequences: Sequence[] = [];
  let state = { address: 0, file: 1, line: 1 };
  let sequence: Sequence | null = null;
  const emit = () => sequence?.rows.push({ ...state });
  while (c.at < end) {
    const opAt = c.at;
    const op = c.u8('opcode');
    if (op >= opcodeBase) {
      const adjusted = op - opcodeBase;
      state.address += Math.floor(adjusted / lineRange) * minInstruction;
      state.line += lineBase + (adjusted % lineRange);
      emit();
    } else if (op === 0) {
      const len = c.uleb('extended opcode length');
      const next = c.at + len;
      if (len === 0 || next > end) throw new ElfError(`extended opcode of ${len} bytes runs past the unit`, opAt);
      const sub = c.u8('extended opcode');
      if (sub === DW_LNE_END_SEQUENCE) {
        if (sequence) {
          sequence.endAddress = state.address;
          sequences.push(sequence);
        }
        sequence = null;
        state = { address: 0, file: 1, line: 1 };
      } else if (sub === DW_LNE_SET_ADDRESS) {
        if (len !== 9) throw new ElfError(`set_address with a ${len - 1}-byte operand (cubins use 8)`, opAt);
        // Row addresses count from the set_address; the relocation's symbol names the section.
        sequence ??= { addressOffset: c.at, storedAddress: Number(r.u64(c.at, 'address')), rows: [], endAddress: 0 };
        state.address = 0;
      } else if (sub === DW_LNE_DEFINE_FILE) {
        readFile(c.cString(next, 'file name'));
      }
      // Other extended opcodes (ptxas's 0x90 inlined-call records among them) do not move the row.
      c.at = next;
    } else if (op === 1) emit();
    else if (op === 2) state.address += c.uleb('advance_pc') * minInstruction;
    else if (op === 3) state.line += c.sleb('advance_line');
    else if (op === 4) state.file = c.uleb('set_file');
    else if (op === 8) state.address += Math.floor((255 - opcodeBase) / lineRange) * minInstruction;
    else if (op === 9) state.address += c.u16('fixed_advance_pc');
    else for (let i = 0; i < opcodeLengths[op - 1]; i++) c.uleb('standard opcode operand');
  }
  if (sequence) throw new ElfError('line-table unit ends inside a sequence (no DW_LNE_end_sequence)', end);
  return { unit: { files, sequences }, next: end };
}

/** set_address operand offset -> the symbol it is relocated against and the addend (null for REL:
 * the stored operand), from the RELA / REL sections that apply to .debug_line. */
function addressRelocations(elf: ElfFile, r: ByteReader, debugLine: ElfSection): Map<number, { symbol: ElfSymbol; addend: number | null }> {
  const out = new Map<number, { symbol: ElfSymbol; addend: number | null }>();
  for (const rel of elf.sections.filter((s) => (s.type === SHT_RELA || s.type === SHT_REL) && s.info === debugLine.index)) {
    const entry = rel.type === SHT_RELA ? 24 : 16;
    r.range(rel.offset, rel.size, `${rel.name}`);
    for (let at = rel.offset; at + entry <= rel.offset + rel.size; at += entry) {
      const offset = r.size(at, 'relocation offset');
      const symbolIndex = Number(r.u64(at + 8, 'relocation info') >> 32n);
      const symbol = elf.symbols[symbolIndex];
      if (!symbol) throw new ElfError(`relocation names symbol ${symbolIndex}, past the symbol table`, at + 8);
      const addend = rel.type === SHT_RELA ? Number(BigInt.asIntN(64, r.u64(at + 16, 'relocation addend'))) : null;
      out.set(offset, { symbol, addend });
    }
  }
  return out;
}

/** A warning: without the line table only the SASS estimate is missing. */
function diagnostic(message: string, file: string | undefined, offset: number, kernel?: string): Diagnostic {
  return { severity: 'warning', stage: 'cubin', message, file, offset, ...(kernel ? { kernel } : {}) };
}

/** Adds `bytes` of SASS at `address` to the counts of (file, line), split by the subroutine symbols that cover it. */
function addRange(
  into: Map<string, SassLineCount>,
  file: string,
  line: number,
  start: number,
  end: number,
  subroutines: ElfSymbol[],
  outOfLine: number,
  kindsIn: (from: number, to: number) => InstructionKinds,
): void {
  const add = (from: number, to: number, subroutine: string | null) => {
    // The function's own code past its last EXIT is out of line (split off first).
    if (subroutine === null && from < outOfLine && to > outOfLine) {
      add(from, outOfLine, null);
      add(outOfLine, to, null);
      return;
    }
    if (to <= from) return;
    const cold = subroutine === null && from >= outOfLine;
    const key = `${file}\0${line}\0${subroutine ?? ''}\0${cold ? 'cold' : ''}`;
    const entry = into.get(key) ?? {
      file,
      line,
      instructions: 0,
      ...(subroutine ? { subroutine } : {}),
      ...(cold ? { outOfLine: true } : {}),
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

// Opcode and guard in bits 0-15 of the first 64-bit word (sm_70+ encodings, as cuobjdump -sass
// prints them): NOP, and BRA guarded by PT (always taken).
const NOP = 0x918;
const BRA_ALWAYS = 0x7947;
/** LDG and STG in bits 0-11: 0x381 / 0x386 on sm_75, 0x981 / 0x986 with a uniform descriptor (sm_90), as the recorded listings show. */
const GLOBAL_MEMORY_OPCODES = new Set([0x381, 0x386, 0x981, 0x986]);

/** LDS and STS in bits 0-11 (sm_90's cuobjdump listings of the measured PTX fixtures: 0x984, 0x388). */
const SHARED_MEMORY_OPCODES = new Set([0x984, 0x388]);

/** FFMA in bits 0-11: register, immediate, constant and uniform-register forms (0x223, 0x823, 0x423, 0xa23 in the recorded listings). */
const FFMA_OPCODES = new Set([0x223, 0x423, 0x823, 0xa23]);

/** The guard predicate in bits 12-14 (bit 15 negates it): 7 is PT, no guard (checked against the nvdisasm listings). */
const NO_GUARD = 7;

/** LDG / STG, LDS / STS, FFMA, and instructions run under a guard predicate (`@P0`, `@!P1`), among the section's bytes [from, to). */
function instructionKinds(r: ByteReader, text: ElfSection, from: number, to: number): InstructionKinds {
  const kinds = { globalMemory: 0, sharedMemory: 0, fma: 0, predicated: 0 };
  for (let at = from; at < to; at += SASS_INSTRUCTION_BYTES) {
    const word = r.u64(text.offset + at, 'SASS instruction');
    const opcode = Number(word & 0xfffn);
    if (GLOBAL_MEMORY_OPCODES.has(opcode)) kinds.globalMemory++;
    if (SHARED_MEMORY_OPCODES.has(opcode)) kinds.sharedMemory++;
    if (FFMA_OPCODES.has(opcode)) kinds.fma++;
    if (Number((word >> 12n) & 0x7n) !== NO_GUARD) kinds.predicated++;
  }
  return kinds;
}

interface InstructionKinds {
  globalMemory: number;
  sharedMemory: number;
  fma: number;
  predicated: number;
}

/** An always-taken BRA to itself: the offset -16 bytes in bits 32-63 (sm_75's encoding), or -4
 * words split over bits 16-23 and 34-63 (sm_90's), as the fixtures' cuobjdump listings show. */
function isSelfBranch(word: bigint): boolean {
  if (Number(word & 0xffffn) !== BRA_ALWAYS) return false;
  const low = Number((word >> 16n) & 0xffn);
  return (low === 0 && word >> 32n === 0xfffffff0n) || (low === 0xfc && word >> 34n === 0x3fffffffn);
}

const EXIT = 0x94d;

/**
 * Where the function's out-of-line code starts: right after its last unguarded EXIT, outside
 * the subroutines in its section (which keep their own symbols). ptxas places there what the
 * straight path only jumps to in rare cases: the fallback of a warp collective (`BRA.DIV` to
 * `WARPSYNC.COLLECTIVE` … `ENDCOLLECTIVE` copies of SHFL / VOTE, taken when the warp arrives
 * diverged). The end of the code when there is no such EXIT (a `.func` returns).
 */
function outOfLineStart(r: ByteReader, text: ElfSection, executable: number, subroutines: ElfSymbol[]): number {
  let start = executable;
  for (let at = 0; at < executable; at += SASS_INSTRUCTION_BYTES) {
    if (subroutines.some((s) => at >= s.value && at < s.value + s.size)) continue;
    const word = r.u64(text.offset + at, 'SASS instruction');
    if (Number(word & 0xfffn) === EXIT && Number((word >> 12n) & 0x7n) === NO_GUARD) start = at + SASS_INSTRUCTION_BYTES;
  }
  return start;
}

/** Where the section's trailing padding starts: the NOPs at its end and the `BRA` to itself before them. */
function paddingStart(r: ByteReader, text: ElfSection): number {
  let end = text.size - (text.size % SASS_INSTRUCTION_BYTES);
  const word = (at: number) => r.u64(text.offset + at, 'SASS instruction');
  while (end > 0 && Number(word(end - 16) & 0xfffn) === NOP) end -= 16;
  if (end > 0 && isSelfBranch(word(end - 16))) end -= 16;
  return end;
}

/** Why a sequence's rows cannot be counted (not whole instructions inside the section, unknown file), or null. */
function sequenceProblem(rows: Row[], base: number, text: ElfSection, files: string[]): string | null {
  for (let i = 0; i + 1 < rows.length; i++) {
    const start = base + rows[i].address;
    const stop = base + rows[i + 1].address;
    if (stop < start || stop > text.size || start % SASS_INSTRUCTION_BYTES || stop % SASS_INSTRUCTION_BYTES)
      return `line-table rows 0x${start.toString(16)}-0x${stop.toString(16)} are not whole 16-byte instructions inside ${text.name} (${text.size} bytes)`;
    if (files[rows[i].file] === undefined) return `line-table row names file ${rows[i].file}, not in the file table`;
  }
  return null;
}

/** SASS instructions per source line of each function in a cubin (see the header comment). */
export function readSassLines(bytes: Uint8Array, file?: string): SassLineTable {
  const functions = new Map<string, SassLineCount[]>();
  const padding = new Map<string, number>();
  const diagnostics: Diagnostic[] = [];
  let elf: ElfFile;
  try {
    elf = readElf(bytes);
  } catch (error) {
    if (!(error instanceof ElfError)) throw error;
    return { functions, padding, diagnostics: [diagnostic(`not a readable cubin: ${error.message}`, file, error.offset)] };
  }
  const sm = cubinSmVersion(elf);
  if (sm < FIRST_FIXED_SIZE_SM) {
    diagnostics.push(
      diagnostic(`sm_${sm} cubin: SASS instructions have a fixed 16-byte size only from sm_70 on, line counts not read`, file, 48),
    );
    return { functions, padding, diagnostics };
  }
  const debugLine = elf.sections.find((s) => s.name === '.debug_line');
  if (!debugLine) {
    diagnostics.push({ ...diagnostic('no .debug_line section (build with -lineinfo): SASS per line unknown', file, 0), severity: 'note' });
    return { functions, padding, diagnostics };
  }
  const r = new ByteReader(bytes);
  const counts = new Map<string, Map<string, SassLineCount>>();
  /** Per .text section: where its trailing padding and its out-of-line code start. */
  const sectionBounds = new Map<number, { executable: number; outOfLine: number }>();
  try {
    r.range(debugLine.offset, debugLine.size, '.debug_line');
    const relocations = addressRelocations(elf, r, debugLine);
    // Function symbols by section, in address order: the subroutines inside a kernel's section.
    const functionSymbols = new Map<number, ElfSymbol[]>();
    for (const s of elf.symbols) {
      if (s.type !== STT_FUNC || s.size === 0) continue;
      functionSymbols.set(s.sectionIndex, [...(functionSymbols.get(s.sectionIndex) ?? []), s]);
    }
    for (const list of functionSymbols.values()) list.sort((a, b) => a.value - b.value);
    const end = debugLine.offset + debugLine.size;
    for (let at = debugLine.offset; at < end;) {
      const { unit, next } = readUnit(r, at, end);
      at = next;
      for (const sequence of unit.sequences) {
        const relocation = relocations.get(sequence.addressOffset - debugLine.offset);
        const text = relocation && elf.sections[relocation.symbol.sectionIndex];
        if (!relocation || !text?.name.startsWith('.text.')) {
          diagnostics.push(
            diagnostic('line-table sequence whose address is not relocated against a .text section', file, sequence.addressOffset),
          );
          continue;
        }
        const name = text.name.slice('.text.'.length);
        const base = relocation.symbol.value + (relocation.addend ?? sequence.storedAddress);
        const subroutines = (functionSymbols.get(text.index) ?? []).filter((s) => s.name !== name);
        const rows = [...sequence.rows, { address: sequence.endAddress, file: 0, line: 0 }];
        const problem = sequenceProblem(rows, base, text, unit.files);
        if (problem) {
          diagnostics.push(diagnostic(problem, file, sequence.addressOffset, name));
          continue;
        }
        const lines = counts.get(name) ?? new Map<string, SassLineCount>();
        // Both scan the whole section: once per section, whatever number of sequences it has.
        let bounds = sectionBounds.get(text.index);
        if (bounds === undefined) {
          const executableEnd = paddingStart(r, text);
          bounds = { executable: executableEnd, outOfLine: outOfLineStart(r, text, executableEnd, subroutines) };
          sectionBounds.set(text.index, bounds);
        }
        const { executable, outOfLine } = bounds;
        for (let i = 0; i + 1 < rows.length; i++) {
          const start = Math.min(base + rows[i].address, executable);
          const stop = Math.min(base + rows[i + 1].address, executable);
          addRange(lines, path.posix.normalize(unit.files[rows[i].file]), rows[i].line, start, stop, subroutines, outOfLine, (from, to) =>
            instructionKinds(r, text, from, to),
          );
        }
        padding.set(name, (text.size - executable) / SASS_INSTRUCTION_BYTES);
        counts.set(name, lines);
      }
    }
  } catch (error) {
    if (!(error instanceof ElfError)) throw error;
    diagnostics.push(diagnostic(`.debug_line: ${error.message}`, file, error.offset));
  }
  for (const [name, lines] of counts) functions.set(name, [...lines.values()]);
  return { functions, padding, diagnostics };
}

/** The line table of the cubin ptxas wrote beside the PTX; null when there is none or it cannot be read. */
export async function readSassLinesFile(cubinPath: string | null): Promise<SassLineTable | null> {
  if (cubinPath === null) return null;
  return readFile(cubinPath).then(
    (bytes) => readSassLines(new Uint8Array(bytes), cubinPath),
    () => null,
  );
}
