// A register's value as an exact affine function of the thread's indices at a known launch:
// constant + tid · (x, y, z) + ctaid · (x, y, z). Loop starts like `blockIdx.x * blockDim.x +
// threadIdx.x` are then read for every thread of a large grid by arithmetic instead of through the
// value resolver one thread at a time. Exact or nothing: an operation that is not affine, a merged
// definition or an intermediate that could wrap anywhere in the launch gives null.
import type { Instruction, Operand } from './ast.js';
import { destinations } from './destinations.js';
import { threadIndexRegister, type Dim3 } from './threads.js';
import { bitsOf, cvtTypes, isFloatType, type ValueResolver } from './values.js';

export interface AffineForm {
  constant: number;
  tid: Dim3;
  ctaid: Dim3;
}

export interface AffineLaunch {
  block: Dim3;
  /** Null when the grid is unknown: a form that needs %ctaid is then not exact. */
  grid: Dim3 | null;
}

const DEPTH_LIMIT = 24;

const constantForm = (constant: number): AffineForm => ({ constant, tid: [0, 0, 0], ctaid: [0, 0, 0] });

export function sameForm(a: AffineForm, b: AffineForm): boolean {
  return a.constant === b.constant && a.tid.every((v, i) => v === b.tid[i]) && a.ctaid.every((v, i) => v === b.ctaid[i]);
}

/** Whether the form reads %ctaid. */
export function needsGrid(form: AffineForm): boolean {
  return form.ctaid.some((c) => c !== 0);
}

/** Smallest and largest value of the form over the launch (null: it reads %ctaid and the grid is unknown). */
export function formRange(form: AffineForm, launch: AffineLaunch): [number, number] | null {
  if (needsGrid(form) && !launch.grid) return null;
  let low = form.constant,
    high = form.constant;
  const add = (coefficient: number, extent: number) => {
    const span = coefficient * (extent - 1);
    if (span < 0) low += span;
    else high += span;
  };
  form.tid.forEach((c, i) => add(c, launch.block[i]));
  if (launch.grid) form.ctaid.forEach((c, i) => add(c, launch.grid![i]));
  return [low, high];
}

/** Whether every value of the form is a value of the PTX integer type as the resolver holds it (no wrap). */
function fits(form: AffineForm, launch: AffineLaunch, type: string): boolean {
  const range = formRange(form, launch);
  return range !== null && rangeInType(range, type);
}

/** Whether every value in [low, high] is held unchanged by a register of the PTX integer type (within doubles' exact integers). */
export function rangeInType(range: readonly [number, number], type: string): boolean {
  const bits = bitsOf(type);
  const unsigned = type.startsWith('u');
  if (bits === 32) return unsigned ? range[0] >= 0 && range[1] <= 0xffffffff : range[0] >= -(2 ** 31) && range[1] < 2 ** 31;
  if (bits === 64)
    return unsigned ? range[0] >= 0 && range[1] <= Number.MAX_SAFE_INTEGER : Math.max(-range[0], range[1]) <= Number.MAX_SAFE_INTEGER;
  // 16-bit and narrower registers (old PTX's `mov.u16 %rs, %tid.x`).
  return unsigned ? range[0] >= 0 && range[1] < 2 ** bits : range[0] >= -(2 ** (bits - 1)) && range[1] < 2 ** (bits - 1);
}

export function scale(form: AffineForm, factor: number): AffineForm {
  return {
    constant: form.constant * factor,
    tid: form.tid.map((c) => c * factor) as Dim3,
    ctaid: form.ctaid.map((c) => c * factor) as Dim3,
  };
}

function sum(a: AffineForm, b: AffineForm, sign = 1): AffineForm {
  return {
    constant: a.constant + sign * b.constant,
    tid: a.tid.map((c, i) => c + sign * b.tid[i]) as Dim3,
    ctaid: a.ctaid.map((c, i) => c + sign * b.ctaid[i]) as Dim3,
  };
}

export const isConstant = (form: AffineForm): boolean => form.tid.every((c) => c === 0) && form.ctaid.every((c) => c === 0);

/**
 * The value of `register` just before `statement` of `block` (block end when -1) as an affine
 * form over the thread's indices, or null. The resolver must hold no per-thread indices (only what
 * the launch fixes): a value it resolves without them is a constant of the launch.
 */
export function affineRegister(
  resolver: ValueResolver,
  launch: AffineLaunch,
  register: string,
  block: number,
  statement: number,
  depth = 0,
): AffineForm | null {
  const index = threadIndexRegister(register);
  if (index) {
    const given = resolver.special.get(register);
    if (given !== undefined) return constantForm(given);
    const form = constantForm(0);
    form[index.of][index.axis] = 1;
    return form;
  }
  const resolved = resolver.register(register, block, statement);
  if (resolved.value !== null) return constantForm(resolved.value);
  if (depth > DEPTH_LIMIT) return null;
  const def = resolver.reachingIndex(register, block, statement);
  if (def < 0) return null;
  return affineStatement(resolver, launch, def, depth + 1);
}

/** An operand (a register or an immediate) as an affine form just before `statement`, or null. */
export function affineOperand(
  resolver: ValueResolver,
  launch: AffineLaunch,
  op: Operand | undefined,
  block: number,
  statement: number,
  depth = 0,
): AffineForm | null {
  if (!op) return null;
  if (op.kind === 'immediate') return Number.isFinite(op.value) ? constantForm(op.value) : null;
  if (op.kind === 'register') return affineRegister(resolver, launch, op.name, block, statement, depth);
  return null;
}

/** The value computed by the instruction at `statement` as an affine form, when it is one and cannot wrap. */
function affineStatement(resolver: ValueResolver, launch: AffineLaunch, statement: number, depth: number): AffineForm | null {
  const ins = resolver.cfg.fn.body[statement] as Instruction;
  if (ins.guard || destinations(ins).length !== 1) return null;
  const block = resolver.cfg.blockOfStatement[statement];
  const type = ins.modifiers[ins.modifiers.length - 1] ?? '';
  if (isFloatType(type)) return null;
  const operand = (i: number) => affineOperand(resolver, launch, ins.operands[i], block, statement, depth);
  const wide = ins.modifiers[0] === 'wide';
  // A .wide result is twice as wide as its sources: checked against the 64-bit range.
  const resultType = wide ? `${type[0]}64` : type;
  const checked = (form: AffineForm | null, sourceType = type): AffineForm | null => {
    if (!form) return null;
    return fits(form, launch, resultType) && fits(form, launch, sourceType) ? form : null;
  };
  switch (ins.mnemonic) {
    case 'mov':
      return checked(operand(1));
    case 'cvt': {
      // cvt.DST.SRC: the source read as SRC, the result held as DST.
      const [destType, sourceType] = cvtTypes(ins);
      if (!destType || !sourceType || isFloatType(destType) || isFloatType(sourceType)) return null;
      const form = operand(1);
      return form && fits(form, launch, sourceType) && fits(form, launch, destType) ? form : null;
    }
    case 'add':
    case 'sub': {
      const a = operand(1),
        b = operand(2);
      if (!a || !b) return null;
      const sourcesFit = fits(a, launch, type) && fits(b, launch, type);
      return sourcesFit ? checked(sum(a, b, ins.mnemonic === 'sub' ? -1 : 1)) : null;
    }
    case 'mul': {
      if (ins.modifiers[0] === 'hi') return null;
      const a = operand(1),
        b = operand(2);
      return a && b ? checked(product(a, b, launch, type)) : null;
    }
    case 'mad': {
      if (ins.modifiers[0] === 'hi') return null;
      const a = operand(1),
        b = operand(2),
        c = operand(3);
      if (!a || !b || !c) return null;
      const ab = product(a, b, launch, type);
      if (!ab || !fits(c, launch, resultType)) return null;
      return checked(sum(ab, c), resultType);
    }
    case 'shl': {
      const a = operand(1),
        b = operand(2);
      if (!a || !b || !isConstant(b) || b.constant < 0 || b.constant >= bitsOf(type)) return null;
      return fits(a, launch, type) ? checked(scale(a, 2 ** b.constant)) : null;
    }
    default:
      return null;
  }
}

/** a × b when one of them is a constant (and both hold values of `type`), else null. */
function product(a: AffineForm, b: AffineForm, launch: AffineLaunch, type: string): AffineForm | null {
  if (!fits(a, launch, type) || !fits(b, launch, type)) return null;
  if (isConstant(a)) return scale(b, a.constant);
  if (isConstant(b)) return scale(a, b.constant);
  return null;
}

/** The form's value at thread `tid` of block `ctaid`. */
export function formAt(form: AffineForm, tid: readonly number[], ctaid: readonly number[]): number {
  return (
    form.constant +
    form.tid[0] * tid[0] +
    form.tid[1] * tid[1] +
    form.tid[2] * tid[2] +
    form.ctaid[0] * ctaid[0] +
    form.ctaid[1] * ctaid[1] +
    form.ctaid[2] * ctaid[2]
  );
}
