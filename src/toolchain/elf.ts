// Minimal, bounds-checked ELF64 little-endian reader: header, section headers, symbols.
// Every read past the end throws an ElfError carrying the byte offset, which callers turn into
// a Diagnostic; nothing here trusts a size or offset taken from the file.

export class ElfError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

export interface ElfSection {
  index: number;
  name: string;
  type: number;
  flags: bigint;
  offset: number;
  size: number;
  link: number;
  info: number;
  /** Byte offset of this section's header, for diagnostics. */
  headerOffset: number;
}

export interface ElfSymbol {
  index: number;
  name: string;
  type: number;
  bind: number;
  other: number;
  sectionIndex: number;
  value: number;
  size: number;
}

export interface ElfFile {
  osAbi: number;
  abiVersion: number;
  machine: number;
  flags: number;
  sections: ElfSection[];
  symbols: ElfSymbol[];
  bytes: Uint8Array;
}

export const SHT_SYMTAB = 2;
export const SHT_NOBITS = 8;
export const SHT_RELA = 4;
export const SHT_REL = 9;
export const STT_FUNC = 2;
export const EM_CUDA = 190;

export class ByteReader {
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private check(offset: number, length: number, what: string): void {
    if (!Number.isSafeInteger(offset) || offset < 0 || offset + length > this.bytes.length) {
      throw new ElfError(
        `${what} at byte ${offset} runs past the end of the file (${this.bytes.length} bytes)`,
        Math.min(Math.max(offset, 0), this.bytes.length),
      );
    }
  }
  u8(offset: number, what = 'byte'): number {
    this.check(offset, 1, what);
    return this.view.getUint8(offset);
  }
  u16(offset: number, what = 'u16'): number {
    this.check(offset, 2, what);
    return this.view.getUint16(offset, true);
  }
  u32(offset: number, what = 'u32'): number {
    this.check(offset, 4, what);
    return this.view.getUint32(offset, true);
  }
  u64(offset: number, what = 'u64'): bigint {
    this.check(offset, 8, what);
    return this.view.getBigUint64(offset, true);
  }
  /** A u64 that must fit a JS number (offsets and sizes). */
  size(offset: number, what: string): number {
    const value = this.u64(offset, what);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ElfError(`${what} ${value} is not a usable size`, offset);
    return Number(value);
  }
  cString(offset: number, limit: number, what: string): string {
    this.check(offset, 1, what);
    const end = Math.min(limit, this.bytes.length);
    let stop = offset;
    while (stop < end && this.bytes[stop] !== 0) stop++;
    if (stop >= end) throw new ElfError(`${what} at byte ${offset} is not NUL-terminated`, offset);
    return new TextDecoder().decode(this.bytes.subarray(offset, stop));
  }
  range(offset: number, length: number, what: string): void {
    this.check(offset, length, what);
  }
}

/** Parses the ELF header, section headers (with names) and the symbol table. Throws ElfError. */
export function readElf(bytes: Uint8Array): ElfFile {
  const r = new ByteReader(bytes);
  if (bytes.length < 4 || bytes[0] !== 0x7f || bytes[1] !== 0x45 || bytes[2] !== 0x4c || bytes[3] !== 0x46) {
    throw new ElfError('not an ELF file (missing \\x7fELF magic)', 0);
  }
  if (r.u8(4, 'ELF class') !== 2) throw new ElfError('not a 64-bit ELF file (cubins are ELF64)', 4);
  if (r.u8(5, 'ELF data encoding') !== 1) throw new ElfError('not a little-endian ELF file', 5);
  const osAbi = r.u8(7, 'OS ABI');
  const abiVersion = r.u8(8, 'ABI version');
  const machine = r.u16(18, 'e_machine');
  if (machine !== EM_CUDA) throw new ElfError(`ELF machine ${machine} is not NVIDIA CUDA (${EM_CUDA})`, 18);
  const flags = r.u32(48, 'e_flags');
  const shoff = r.size(40, 'section header offset');
  const shentsize = r.u16(58, 'section header size');
  const shnum = r.u16(60, 'section count');
  const shstrndx = r.u16(62, 'section name table index');
  if (shentsize < 64) throw new ElfError(`section header size ${shentsize} is below 64`, 58);
  r.range(shoff, shnum * shentsize, 'section header table');
  const raw: Omit<ElfSection, 'name'>[] = [];
  const nameOffsets: number[] = [];
  for (let index = 0; index < shnum; index++) {
    const at = shoff + index * shentsize;
    nameOffsets.push(r.u32(at, 'section name'));
    raw.push({
      index,
      type: r.u32(at + 4, 'section type'),
      flags: r.u64(at + 8, 'section flags'),
      offset: r.size(at + 24, 'section offset'),
      size: r.size(at + 32, 'section size'),
      link: r.u32(at + 40, 'section link'),
      info: r.u32(at + 44, 'section info'),
      headerOffset: at,
    });
  }
  const names = raw[shstrndx];
  if (!names) throw new ElfError(`section name table index ${shstrndx} is out of range`, 62);
  r.range(names.offset, names.size, 'section name table');
  const sections: ElfSection[] = raw.map((s, i) => ({
    ...s,
    name: r.cString(names.offset + nameOffsets[i], names.offset + names.size, 'section name'),
  }));
  const symbols: ElfSymbol[] = [];
  const symtab = sections.find((s) => s.type === SHT_SYMTAB);
  if (symtab) {
    const strtab = sections[symtab.link];
    if (!strtab) throw new ElfError(`symbol string table index ${symtab.link} is out of range`, symtab.headerOffset + 40);
    r.range(symtab.offset, symtab.size, 'symbol table');
    r.range(strtab.offset, strtab.size, 'symbol string table');
    for (let index = 0; index * 24 + 24 <= symtab.size; index++) {
      const at = symtab.offset + index * 24;
      const info = r.u8(at + 4, 'symbol info');
      symbols.push({
        index,
        name: r.cString(strtab.offset + r.u32(at, 'symbol name'), strtab.offset + strtab.size, 'symbol name'),
        type: info & 0xf,
        bind: info >> 4,
        other: r.u8(at + 5, 'symbol other'),
        sectionIndex: r.u16(at + 6, 'symbol section'),
        value: r.size(at + 8, 'symbol value'),
        size: r.size(at + 16, 'symbol size'),
      });
    }
  }
  return { osAbi, abiVersion, machine, flags, sections, symbols, bytes };
}
