// The PTX mnemonics the parser knows (PTX ISA 7.x-9.x). Anything else is kept with
// `known: false`. Opcode strings split into mnemonic + modifiers once and are cached,
// because the same few hundred opcodes repeat across millions of instructions.

const KNOWN_MNEMONICS = new Set<string>([
  // integer and floating-point arithmetic
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
  'fma',
  'rcp',
  'sqrt',
  'rsqrt',
  'sin',
  'cos',
  'lg2',
  'ex2',
  'tanh',
  'testp',
  'copysign',
  'mad.hi',
  'mul.hi',
  // logic, shift, compare, select
  'and',
  'or',
  'xor',
  'not',
  'cnot',
  'lop3',
  'shf',
  'shl',
  'shr',
  'setp',
  'set',
  'selp',
  'slct',
  // data movement and conversion
  'mov',
  'cvt',
  'cvta',
  'prmt',
  'ld',
  'ldu',
  'st',
  'prefetch',
  'prefetchu',
  'isspacep',
  'shfl',
  'ldmatrix',
  'stmatrix',
  'movmatrix',
  'cp',
  'multimem',
  'st.async',
  'red.async',
  'applypriority',
  'discard',
  'createpolicy',
  'getctarank',
  'mapa',
  'alloca',
  'stacksave',
  'stackrestore',
  // atomics
  'atom',
  'red',
  // texture and surface
  'tex',
  'tld4',
  'txq',
  'suld',
  'sust',
  'sured',
  'suq',
  'istypep',
  // control flow
  'bra',
  'brx',
  'call',
  'ret',
  'exit',
  // synchronisation and communication
  'bar',
  'barrier',
  'membar',
  'fence',
  'mbarrier',
  'vote',
  'match',
  'activemask',
  'redux',
  'elect',
  'griddepcontrol',
  'elect',
  'setmaxnreg',
  'clusterlaunchcontrol',
  // tensor cores
  'wmma',
  'mma',
  'wgmma',
  'tcgen05',
  // miscellaneous
  'nanosleep',
  'trap',
  'brkpt',
  'pmevent',
  'tensormap',
]);

export interface OpcodeInfo {
  opcode: string;
  mnemonic: string;
  modifiers: string[];
  known: boolean;
}

const opcodeCache = new Map<string, OpcodeInfo>();

/**
 * The canonical (internalized) copy of a string: a property key. The analyses compare
 * mnemonics and modifiers with literals ('bra', 'global') and look them up in sets for
 * every instruction; with both sides internalized those are pointer comparisons.
 */
function canonical(text: string): string {
  const holder: Record<string, true> = {};
  holder[text] = true;
  return Object.keys(holder)[0];
}

/** Splits "ld.global.nc.v4.f32" into mnemonic "ld" and modifiers, cached per opcode string. */
export function opcodeInfo(opcode: string): OpcodeInfo {
  let info = opcodeCache.get(opcode);
  if (info === undefined) {
    const parts = opcode.split('.').map(canonical);
    // `::` scopes (ld.shared::cta) stay inside their modifier.
    const mnemonic = parts[0];
    info = { opcode: canonical(opcode), mnemonic, modifiers: parts.slice(1), known: KNOWN_MNEMONICS.has(mnemonic) };
    Object.freeze(info.modifiers);
    opcodeCache.set(opcode, info);
  }
  return info;
}
