// Which instructions access global or shared memory, with their kind and bytes per lane.
import type { Instruction, Operand } from '../../ptx/ast.js';

export type SiteSpace = 'global' | 'shared' | 'generic';

export interface MemorySite {
  index: number;
  ins: Instruction;
  /** 'generic' until the address's provenance (cvta) resolves it. */
  space: SiteSpace;
  kind: 'load' | 'store' | 'atomic';
  /** Bytes per lane: element size x vector width (cp.async: the copy size). */
  width: number;
  address: Operand;
  /** A warp-collective tile (wmma.load / wmma.store): `rows` rows of `rowBytes` contiguous bytes, `stride` elements apart. */
  tile?: Tile;
  /** A copy one thread hands to the TMA engine: 'copy' (`width` contiguous bytes) or 'tensor' (a box of a host-built tensor map). */
  bulk?: 'copy' | 'tensor';
}

export interface Tile {
  rows: number;
  rowBytes: number;
  elementBits: number;
  /** Row stride operand in elements; null: rows packed (stride = row length). */
  stride: Operand | null;
  rowLength: number;
}

const ELEMENT_BITS: Record<string, number> = {
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
  f64: 64,
};

/** The tile a wmma.load / wmma.store moves: fragment a is M x K, b is K x N, c / d are M x N. */
function wmmaTile(ins: Instruction): Tile | null {
  const shape = ins.modifiers.map((m) => /^m(\d+)n(\d+)k(\d+)$/.exec(m)).find(Boolean);
  const matrix = ins.modifiers.find((m) => m === 'a' || m === 'b' || m === 'c' || m === 'd');
  const type = [...ins.modifiers].reverse().find((m) => m in ELEMENT_BITS);
  if (!shape || !matrix || !type) return null;
  const [m, n, k] = [Number(shape[1]), Number(shape[2]), Number(shape[3])];
  const [first, second] = matrix === 'a' ? [m, k] : matrix === 'b' ? [k, n] : [m, n];
  const rowMajor = !ins.modifiers.includes('col');
  const [rows, rowLength] = rowMajor ? [first, second] : [second, first];
  const elementBits = ELEMENT_BITS[type];
  const stride = ins.operands[2] ?? null;
  return {
    rows,
    rowBytes: (rowLength * elementBits) / 8,
    elementBits,
    stride: stride && stride.kind !== 'vector' ? stride : null,
    rowLength,
  };
}

function copySpace(modifier: string | undefined): SiteSpace | null {
  if (modifier === 'global') return 'global';
  if (modifier?.startsWith('shared')) return 'shared';
  return null;
}

/** cp.async.bulk[.tensor] / cp.reduce.async.bulk: the global side of a TMA copy (the engine, not the lanes, touches shared memory). */
function bulkSites(ins: Instruction, index: number): MemorySite[] {
  const spaces = ins.modifiers.filter((m) => m === 'global' || m.startsWith('shared'));
  const [destination, source] = [copySpace(spaces[0]), copySpace(spaces[1])];
  const [target, from, size] = ins.operands;
  if (target?.kind !== 'address' || from?.kind !== 'address') return [];
  const tensor = ins.modifiers.includes('tensor');
  const reduce = ins.mnemonic === 'cp' && ins.modifiers[0] === 'reduce';
  const width = !tensor && size?.kind === 'immediate' ? size.value : 0;
  if (destination === 'global')
    return [{ index, ins, space: 'global', kind: reduce ? 'atomic' : 'store', width, address: target, bulk: tensor ? 'tensor' : 'copy' }];
  if (source === 'global') return [{ index, ins, space: 'global', kind: 'load', width, address: from, bulk: tensor ? 'tensor' : 'copy' }];
  return [];
}

const TYPE_BYTES: Record<string, number> = {
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
};
const OTHER_SPACES = new Set(['local', 'const', 'param', 'tex', 'surf']);

export function accessWidth(modifiers: string[]): number | null {
  const vector = modifiers.find((m) => /^v(2|4|8)$/.test(m));
  const type = [...modifiers].reverse().find((m) => m in TYPE_BYTES);
  if (!type) return null;
  return TYPE_BYTES[type] * (vector ? Number(vector.slice(1)) : 1);
}

function spaceOf(modifiers: string[]): SiteSpace | null {
  if (modifiers.includes('global')) return 'global';
  if (modifiers.some((m) => m === 'shared' || m.startsWith('shared::'))) return 'shared';
  if (modifiers.some((m) => OTHER_SPACES.has(m))) return null;
  return 'generic';
}

/** The memory sites of one instruction (cp.async has two: the global source and the shared target). */
export function sitesOf(ins: Instruction, index: number): MemorySite[] {
  const { mnemonic, modifiers, operands } = ins;
  if (ins.opcode.startsWith('cp.async.bulk') || ins.opcode.startsWith('cp.reduce.async.bulk')) {
    return ins.opcode.includes('prefetch') ? [] : bulkSites(ins, index);
  }
  if (mnemonic === 'wmma' && (modifiers[0] === 'load' || modifiers[0] === 'store')) {
    const tile = wmmaTile(ins);
    const address = operands.find((operand) => operand.kind === 'address');
    const space = spaceOf(modifiers);
    if (!tile || !address || !space) return [];
    return [
      { index, ins, space, kind: modifiers[0] === 'load' ? 'load' : 'store', width: (tile.rows * tile.rowBytes) / 32, address, tile },
    ];
  }
  if (ins.opcode.startsWith('cp.async') && !ins.opcode.startsWith('cp.async.bulk')) {
    const [target, source, size] = operands;
    if (target?.kind !== 'address' || source?.kind !== 'address' || size?.kind !== 'immediate') return [];
    return [
      { index, ins, space: 'global', kind: 'load', width: size.value, address: source },
      { index, ins, space: 'shared', kind: 'store', width: size.value, address: target },
    ];
  }
  const kind =
    mnemonic === 'ld' || mnemonic === 'ldu'
      ? 'load'
      : mnemonic === 'st'
        ? 'store'
        : mnemonic === 'atom' || mnemonic === 'red'
          ? 'atomic'
          : null;
  if (!kind) return [];
  const space = spaceOf(modifiers);
  const width = accessWidth(modifiers);
  const address = operands.find((operand) => operand.kind === 'address');
  if (!space || width === null || !address) return [];
  return [{ index, ins, space, kind, width, address }];
}

/** An ld.local / st.local: its kind and bytes per lane; null for any other instruction. */
export function localSite(ins: Instruction): { kind: 'load' | 'store'; bytesPerLane: number } | null {
  if ((ins.mnemonic !== 'ld' && ins.mnemonic !== 'st') || !ins.modifiers.includes('local')) return null;
  const width = accessWidth(ins.modifiers);
  return width === null ? null : { kind: ins.mnemonic === 'ld' ? 'load' : 'store', bytesPerLane: width };
}
