// Instruction categories for the mix, bytes moved, flops and Ryoo's multi-cycle weights,
// per PTX instruction. Pure lookups on mnemonic + modifiers.
import type { Instruction } from './ast.js';

export type Category =
  | 'fp32'
  | 'fp64'
  | 'fp16'
  | 'integer'
  | 'sfu'
  | 'tensor'
  | 'conversion'
  | 'move'
  | 'predicate'
  | 'control'
  | 'barrier'
  | 'atomic'
  | 'load'
  | 'store'
  | 'other';

export type Space = 'global' | 'shared' | 'local' | 'const' | 'param' | 'tex' | 'surf' | 'generic';

export interface Classified {
  category: Category;
  /** State space of a load/store/atomic (generic when not given in the opcode). */
  space: Space | null;
  /** Bytes one thread moves (loads/stores), 0 when unknown or not memory. */
  bytes: number;
  flops: number;
  /** Ryoo-style weight: how many issue slots the instruction costs. */
  weight: number;
  /** Long-latency producer whose first use ends one of Ryoo's regions (global/texture/generic loads). */
  longLatency: boolean;
  /** A blocking synchronisation (barrier) ending a region. */
  blocking: boolean;
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
  f32x2: 8,
};
const SPACES = new Set(['global', 'shared', 'local', 'const', 'param', 'tex', 'surf']);
const SFU = new Set(['sin', 'cos', 'ex2', 'lg2', 'tanh', 'rsqrt']);
const INTEGER = new Set([
  'add',
  'sub',
  'mul',
  'mad',
  'mul24',
  'mad24',
  'sad',
  'div',
  'rem',
  'abs',
  'neg',
  'min',
  'max',
  'popc',
  'clz',
  'bfind',
  'fns',
  'brev',
  'bfe',
  'bfi',
  'bmsk',
  'szext',
  'dp4a',
  'dp2a',
  'addc',
  'subc',
  'madc',
  'and',
  'or',
  'xor',
  'not',
  'cnot',
  'lop3',
  'shf',
  'shl',
  'shr',
  'prmt',
  'redux',
]);
const FLOAT_ARITH = new Set([
  'add',
  'sub',
  'mul',
  'fma',
  'mad',
  'div',
  'rcp',
  'sqrt',
  'rsqrt',
  'abs',
  'neg',
  'min',
  'max',
  'testp',
  'copysign',
  'sin',
  'cos',
  'ex2',
  'lg2',
  'tanh',
]);
const FLOP_COUNT: Record<string, number> = {
  add: 1,
  sub: 1,
  mul: 1,
  fma: 2,
  mad: 2,
  div: 1,
  rcp: 1,
  sqrt: 1,
  rsqrt: 1,
  sin: 1,
  cos: 1,
  ex2: 1,
  lg2: 1,
  tanh: 1,
};
const BARRIER = new Set(['bar', 'barrier', 'membar', 'fence', 'mbarrier', 'griddepcontrol']);
const CONTROL = new Set(['bra', 'brx', 'call', 'ret', 'exit']);

function typeOf(modifiers: readonly string[]): string {
  for (let i = modifiers.length - 1; i >= 0; i--) if (TYPE_BYTES[modifiers[i]] !== undefined) return modifiers[i];
  return '';
}

function vectorWidth(modifiers: readonly string[]): number {
  for (const m of modifiers) if (m === 'v2' || m === 'v4' || m === 'v8') return Number(m.slice(1));
  return 1;
}

function spaceOf(modifiers: readonly string[]): Space | null {
  for (const m of modifiers) {
    const base = m.includes('::') ? m.slice(0, m.indexOf('::')) : m;
    if (SPACES.has(base)) return base as Space;
  }
  return null;
}

/** Elements per lane of a packed type: f16x2 / bf16x2 / f32x2 count two. */
function lanes(type: string): number {
  return type.endsWith('x2') ? 2 : 1;
}

function shapeFlops(modifiers: readonly string[], threads: number): number {
  for (const m of modifiers) {
    const shape = /^m(\d+)n(\d+)k(\d+)$/.exec(m);
    if (shape) return (2 * Number(shape[1]) * Number(shape[2]) * Number(shape[3])) / threads;
  }
  return 0;
}

const base = (category: Category, extra: Partial<Classified> = {}): Classified => ({
  category,
  space: null,
  bytes: 0,
  flops: 0,
  weight: 1,
  longLatency: false,
  blocking: false,
  ...extra,
});

const byOpcode = new Map<string, Classified>();

/** Category, space, bytes, flops and weight of one instruction (cached per opcode where operands do not matter). */
export function classify(ins: Instruction): Classified {
  if (ins.mnemonic === 'cp' || ins.mnemonic === 'wmma') return classifyUncached(ins);
  let c = byOpcode.get(ins.opcode);
  if (c === undefined) {
    c = Object.freeze(classifyUncached(ins));
    byOpcode.set(ins.opcode, c);
  }
  return c;
}

function classifyUncached(ins: Instruction): Classified {
  const m = ins.mnemonic;
  const mods = ins.modifiers;
  switch (m) {
    case 'ld':
    case 'ldu':
    case 'st': {
      const space = spaceOf(mods) ?? 'generic';
      const bytes = (TYPE_BYTES[typeOf(mods)] ?? 0) * vectorWidth(mods);
      return base(m === 'st' ? 'store' : 'load', { space, bytes, longLatency: m !== 'st' && (space === 'global' || space === 'generic') });
    }
    case 'tex':
    case 'tld4':
      return base('load', { space: 'tex', bytes: 16, longLatency: true });
    case 'suld':
      return base('load', { space: 'surf', bytes: (TYPE_BYTES[typeOf(mods)] ?? 0) * vectorWidth(mods), longLatency: true });
    case 'sust':
      return base('store', { space: 'surf', bytes: (TYPE_BYTES[typeOf(mods)] ?? 0) * vectorWidth(mods) });
    case 'atom':
    case 'red':
    case 'sured':
      return base('atomic', { space: spaceOf(mods) ?? 'generic', longLatency: m === 'atom' && spaceOf(mods) !== 'shared' });
    case 'ldmatrix':
    case 'stmatrix': {
      const count = mods.includes('x4') ? 4 : mods.includes('x2') ? 2 : 1;
      return base(m === 'ldmatrix' ? 'load' : 'store', { space: 'shared', bytes: 4 * count });
    }
    case 'cp': {
      if (
        mods[0] === 'async' &&
        (mods.includes('wait_group') || mods.includes('wait_all') || mods.includes('commit_group') || mods.includes('mbarrier'))
      ) {
        return base('barrier', { blocking: mods.includes('wait_group') || mods.includes('wait_all') });
      }
      // cp.async.ca.shared.global [dst], [src], 16: global -> shared copy of the given size.
      const size = ins.operands[2]?.kind === 'immediate' ? ins.operands[2].value : 0;
      return base('load', { space: 'global', bytes: size });
    }
    case 'wmma': {
      if (mods[0] === 'mma') return base('tensor', { flops: shapeFlops(mods, 32) });
      const regs = ins.operands.find((o) => o.kind === 'vector');
      const bytes = regs && regs.kind === 'vector' ? regs.elements.length * 4 : 0;
      return base(mods[0] === 'store' ? 'store' : 'load', {
        space: spaceOf(mods) ?? 'generic',
        bytes,
        longLatency: mods[0] === 'load' && spaceOf(mods) !== 'shared',
      });
    }
    case 'mma':
      return base('tensor', { flops: shapeFlops(mods, 32) });
    case 'wgmma':
      return mods[0] === 'mma_async' ? base('tensor', { flops: shapeFlops(mods, 128) }) : base('barrier');
    case 'tcgen05':
      return base('tensor');
    case 'cvt':
    case 'cvta':
      return base('conversion');
    case 'mov':
    case 'shfl':
    case 'movmatrix':
      return base('move');
    case 'setp':
    case 'set':
    case 'selp':
    case 'slct':
    case 'vote':
    case 'match':
    case 'isspacep':
    case 'testp':
      return base('predicate');
    default:
  }
  if (CONTROL.has(m)) return base('control');
  if (BARRIER.has(m)) {
    const sync = (m === 'bar' || m === 'barrier') && !mods.includes('arrive');
    return base('barrier', { blocking: sync, weight: 1 });
  }
  const type = typeOf(mods);
  if (type === 'pred' || mods.includes('pred')) return base('predicate');
  const isFloat = type.startsWith('f') || type.startsWith('bf') || type === 'tf32';
  if (isFloat && (SFU.has(m) || ((m === 'rcp' || m === 'sqrt') && mods.includes('approx')))) {
    return base('sfu', { flops: lanes(type), weight: sfuWeight(m, mods, type) });
  }
  if (isFloat && FLOAT_ARITH.has(m)) {
    const category: Category = type === 'f64' ? 'fp64' : type === 'f32' || type === 'f32x2' ? 'fp32' : 'fp16';
    return base(category, { flops: (FLOP_COUNT[m] ?? 0) * lanes(type), weight: floatWeight(m, mods, type) });
  }
  if (INTEGER.has(m)) return base('integer', { weight: integerWeight(m, mods, type) });
  return base('other');
}

// Weights are the SASS instructions ptxas 13 emits on sm_90 for the common (fast) path,
// read from the cuobjdump of the fixtures measured on the H100 (device/ptx-inst):
// e.g. ex2.approx.f32 = FSETP + @!P FMUL + MUFU.EX2 + @!P FMUL; rcp.rn.f64 = MUFU.RCP64H
// + 5 DFMA + range check and branch (9); div.rn.f64 = 16.

/** SFU ops: MUFU plus the denormal scaling around it unless .ftz; sin/cos add a range FMUL. */
function sfuWeight(m: string, mods: readonly string[], type: string): number {
  if (m === 'sin' || m === 'cos') return 2;
  if (type !== 'f32' || mods.includes('ftz') || m === 'tanh') return 1;
  return 4;
}

/** Multi-instruction expansions on sm_70+ (SASS sequences or slow paths). */
function floatWeight(m: string, mods: readonly string[], type: string): number {
  const approx = mods.includes('approx');
  if (type === 'f64') {
    if (m === 'div') return approx ? 4 : 16;
    if (m === 'rcp') return approx ? 1 : 9;
    if (m === 'sqrt') return 15;
    return 1;
  }
  if (m === 'div') return approx ? 2 : mods.includes('full') ? 3 : 12;
  if ((m === 'rcp' || m === 'sqrt') && !approx) return 8;
  return 1;
}

function integerWeight(m: string, mods: readonly string[], type: string): number {
  const wide64 = type.endsWith('64');
  if (m === 'div' || m === 'rem') return wide64 ? 70 : 20;
  if ((m === 'mul' || m === 'mad') && wide64 && !mods.includes('wide')) return mods.includes('hi') ? 4 : 3;
  return 1;
}
