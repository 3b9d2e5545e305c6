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
}

const TYPE_BYTES: Record<string, number> = {
  b8: 1, u8: 1, s8: 1, b16: 2, u16: 2, s16: 2, f16: 2, bf16: 2, b32: 4, u32: 4, s32: 4, f32: 4, f16x2: 4, bf16x2: 4, tf32: 4,
  b64: 8, u64: 8, s64: 8, f64: 8, b128: 16,
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
  if (ins.opcode.startsWith('cp.async') && !ins.opcode.startsWith('cp.async.bulk')) {
    const [target, source, size] = operands;
    if (target?.kind !== 'address' || source?.kind !== 'address' || size?.kind !== 'immediate') return [];
    return [
      { index, ins, space: 'global', kind: 'load', width: size.value, address: source },
      { index, ins, space: 'shared', kind: 'store', width: size.value, address: target },
    ];
  }
  const kind = mnemonic === 'ld' || mnemonic === 'ldu' ? 'load' : mnemonic === 'st' ? 'store' : mnemonic === 'atom' || mnemonic === 'red' ? 'atomic' : null;
  if (!kind) return [];
  const space = spaceOf(modifiers);
  const width = accessWidth(modifiers);
  const address = operands.find((operand) => operand.kind === 'address');
  if (!space || width === null || !address) return [];
  return [{ index, ins, space, kind, width, address }];
}
