// Reads per-kernel resources straight from a cubin (ELF64), so committed cubins need no CUDA
// toolkit: arch from e_flags, kernels from .text.<name> + STT_FUNC symbols, registers from
// EIATTR_REGCOUNT (or the .text section's sh_info high byte in older cubins), barriers from
// EIATTR_NUM_BARRIERS (or sh_flags bits 20-26), stack from EIATTR_FRAME_SIZE / MIN_STACK_SIZE,
// launch bounds from EIATTR_MAX_THREADS / REQNTID, static shared memory from .nv.shared.<name>
// and constant bank 0 from .nv.constant0.<name>. Never throws: problems become Diagnostics with
// the byte offset, and the other kernels are still read.
import type { Diagnostic, KernelResources } from '../model/types.js';
import { demangle } from './demangle.js';
import { ByteReader, ElfError, readElf, STT_FUNC, type ElfFile, type ElfSection } from './elf.js';
import { EIATTR, readInfoRecords, type InfoRecord } from './nv-info.js';
import type { ResourceRecord } from './types.js';

const STO_CUDA_ENTRY = 0x10;
/** sm_90 and newer lay the 1 KB system-reserved shared window into .nv.shared.<kernel>; ptxas's
 * "bytes smem" and cudaFuncAttributes.sharedSizeBytes exclude it. */
const RESERVED_SHARED_SINCE_SM = 90;
const DEFAULT_RESERVED_SHARED_BYTES = 1024;

/** SM number from e_flags: bits 8-15 in ABI version 8+ cubins (CUDA 13), bits 0-7 before. */
export function cubinSmVersion(elf: Pick<ElfFile, 'abiVersion' | 'flags'>): number {
  return elf.abiVersion >= 8 ? (elf.flags >> 8) & 0xff : elf.flags & 0xff;
}

interface KernelInfo {
  global: Map<number, number>; // attribute -> value for this kernel's symbol in .nv.info
  own: InfoRecord[]; // records of .nv.info.<kernel>
}

function diagnostic(message: string, file: string | undefined, offset: number, kernel?: string): Diagnostic {
  return { severity: 'error', stage: 'cubin', message, file, offset, ...(kernel ? { kernel } : {}) };
}

/** Attribute values in the module-wide .nv.info, keyed by symbol index. */
function readGlobalInfo(
  elf: ElfFile,
  reader: ByteReader,
  file: string | undefined,
  diagnostics: Diagnostic[],
): Map<number, Map<number, number>> {
  const bySymbol = new Map<number, Map<number, number>>();
  for (const section of elf.sections.filter((s) => s.name === '.nv.info')) {
    let records: InfoRecord[];
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
      if (!bySymbol.has(symbol)) bySymbol.set(symbol, new Map());
      bySymbol.get(symbol)!.set(record.attribute, value);
    }
  }
  return bySymbol;
}

function kernelResources(elf: ElfFile, sm: number | null, text: ElfSection, info: KernelInfo, reservedShared: number): KernelResources {
  const name = text.name.slice('.text.'.length);
  const own = (attribute: number) => info.own.find((r) => r.attribute === attribute);
  const registers = info.global.get(EIATTR.REGCOUNT) ?? text.info >>> 24;
  const barriersRecord = own(EIATTR.NUM_BARRIERS);
  const barriers = barriersRecord?.value ?? Number((text.flags >> 20n) & 0x7fn);
  const frame = info.global.get(EIATTR.FRAME_SIZE) ?? 0;
  const minStack = info.global.get(EIATTR.MIN_STACK_SIZE);
  const maxStack = info.global.get(EIATTR.MAX_STACK_SIZE);
  const threads = own(EIATTR.MAX_THREADS) ?? own(EIATTR.REQNTID);
  const shared = elf.sections.find((s) => s.name === `.nv.shared.${name}`);
  const constant = elf.sections.find((s) => s.name === `.nv.constant0.${name}`);
  const sharedBytes = shared ? Math.max(0, shared.size - (sm !== null && sm >= RESERVED_SHARED_SINCE_SM ? reservedShared : 0)) : 0;
  const nullReasons: KernelResources['nullReasons'] = {
    spillStoreBytes: 'a cubin does not record spills (only ptxas -v prints them)',
    spillLoadBytes: 'a cubin does not record spills (only ptxas -v prints them)',
    minBlocksPerSM: "a cubin does not record __launch_bounds__'s minimum blocks per SM (ptxas folds it into the register cap)",
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
    source: 'cubin',
    nullReasons,
  };
}

/** Reads a cubin's arch and per-kernel resources. Bad input yields Diagnostics with byte offsets. */
export function readCubin(bytes: Uint8Array, file?: string): { arch: string | null; kernels: ResourceRecord[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  let elf: ElfFile;
  try {
    elf = readElf(bytes);
  } catch (error) {
    if (!(error instanceof ElfError)) throw error;
    return { arch: null, kernels: [], diagnostics: [diagnostic(`not a readable cubin: ${error.message}`, file, error.offset)] };
  }
  const reader = new ByteReader(bytes);
  const sm = cubinSmVersion(elf);
  let arch: string | null = `sm_${sm}`;
  if (sm < 20 || sm > 200) {
    diagnostics.push(diagnostic(`e_flags 0x${elf.flags.toString(16)} name no known SM version`, file, 48));
    arch = null;
  }
  const global = readGlobalInfo(elf, reader, file, diagnostics);
  const reservedCap = elf.symbols.find((s) => s.name === '.nv.reservedSmem.cap');
  const reservedShared = reservedCap ? reservedCap.value : DEFAULT_RESERVED_SHARED_BYTES;
  const kernels: ResourceRecord[] = [];
  for (const text of elf.sections.filter((s) => s.name.startsWith('.text.'))) {
    const name = text.name.slice('.text.'.length);
    const symbol = elf.symbols.find((s) => s.type === STT_FUNC && s.name === name && s.sectionIndex === text.index);
    if (!symbol) {
      diagnostics.push(diagnostic(`section ${text.name} has no function symbol named '${name}'`, file, text.headerOffset, name));
      continue;
    }
    const ownSection = elf.sections.find((s) => s.name === `.nv.info.${name}`);
    let own: InfoRecord[] = [];
    if (ownSection) {
      try {
        own = readInfoRecords(reader, ownSection.offset, ownSection.size);
      } catch (error) {
        if (!(error instanceof ElfError)) throw error;
        diagnostics.push(diagnostic(`${ownSection.name}: ${error.message}`, file, error.offset, name));
        continue;
      }
    }
    const kernelGlobal = global.get(symbol.index) ?? new Map<number, number>();
    if (!kernelGlobal.has(EIATTR.FRAME_SIZE)) {
      diagnostics.push({
        severity: 'warning',
        stage: 'cubin',
        message: `no EIATTR_FRAME_SIZE record for '${name}' in .nv.info: stack frame taken as 0`,
        file,
        offset: text.headerOffset,
        kernel: name,
      });
    }
    const resources = kernelResources(elf, arch === null ? null : sm, text, { global: kernelGlobal, own }, reservedShared);
    kernels.push({ name, displayName: demangle(name), arch: arch ?? 'unknown', resources, isEntry: (symbol.other & STO_CUDA_ENTRY) !== 0 });
  }
  if (kernels.length === 0 && diagnostics.length === 0) {
    diagnostics.push({
      severity: 'warning',
      stage: 'cubin',
      message: 'the cubin contains no kernels (.text.<name> sections)',
      file,
      offset: 0,
    });
  }
  return { arch, kernels, diagnostics };
}
