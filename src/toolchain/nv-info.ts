// .nv.info / .nv.info.<kernel> attribute records (EIATTR_*), as ptxas writes them into cubins.
// Record layout: u8 format, u8 attribute, then either a u16 value (formats 1-3) or a u16 byte
// count followed by that many bytes (format 4, EIFMT_SVAL).
import { ByteReader, ElfError } from './elf.js';

export const EIFMT_SVAL = 4;

/** The attributes the resource reader uses (codes from nvdisasm's EIATTR names). */
export const EIATTR = {
  MAX_THREADS: 0x05, // u32 x, y, z from .maxntid
  PARAM_CBANK: 0x0a,
  REQNTID: 0x10, // u32 x, y, z from .reqntid
  FRAME_SIZE: 0x11, // u32 symbol, u32 bytes
  MIN_STACK_SIZE: 0x12, // u32 symbol, u32 bytes (stack incl. callees, non-recursive)
  CBANK_PARAM_SIZE: 0x19, // u16 value: kernel parameter bytes
  MAXREG_COUNT: 0x1b, // u16 value: register cap ptxas applied (maxrregcount / launch bounds)
  CRS_STACK_SIZE: 0x1e,
  MAX_STACK_SIZE: 0x23, // u32 symbol, u32 bytes
  REGCOUNT: 0x2f, // u32 symbol, u32 registers
  NUM_MBARRIERS: 0x38,
  NUM_BARRIERS: 0x4c, // u16 value: named barriers used
} as const;

export interface InfoRecord {
  format: number;
  attribute: number;
  /** For formats 1-3: the u16 value; for SVAL: null. */
  value: number | null;
  /** For SVAL: the payload's u32 words (a trailing partial word is dropped). */
  words: number[];
  offset: number;
}

/** Reads every record of one .nv.info* section. Throws ElfError at a malformed record. */
export function readInfoRecords(reader: ByteReader, start: number, size: number): InfoRecord[] {
  const records: InfoRecord[] = [];
  const end = start + size;
  let at = start;
  while (at < end) {
    if (at + 4 > end) throw new ElfError(`truncated .nv.info record at byte ${at}`, at);
    const format = reader.u8(at, 'attribute format');
    const attribute = reader.u8(at + 1, 'attribute code');
    if (format < 1 || format > EIFMT_SVAL) throw new ElfError(`unknown .nv.info record format ${format} at byte ${at}`, at);
    if (format !== EIFMT_SVAL) {
      records.push({ format, attribute, value: reader.u16(at + 2, 'attribute value'), words: [], offset: at });
      at += 4;
      continue;
    }
    const length = reader.u16(at + 2, 'attribute size');
    if (at + 4 + length > end) throw new ElfError(`.nv.info record at byte ${at} (${length} bytes) runs past its section`, at);
    const words: number[] = [];
    for (let w = 0; w + 4 <= length; w += 4) words.push(reader.u32(at + 4 + w, 'attribute word'));
    records.push({ format, attribute, value: null, words, offset: at });
    at += 4 + length;
  }
  return records;
}
