// The registers an instruction writes. Shared by buildCfg (which records them while it visits
// every instruction) and the value resolver (which reads the record).
import type { Instruction } from './ast.js';

/** Mnemonics whose first register operand is not a destination. */
const NO_DESTINATION = new Set([
  'st',
  'bar',
  'barrier',
  'bra',
  'brx',
  'call',
  'ret',
  'exit',
  'membar',
  'fence',
  'nanosleep',
  'trap',
  'pmevent',
  'setmaxnreg',
  'griddepcontrol',
  'red',
  'prefetch',
  'prefetchu',
  'sust',
  'sured',
  'stmatrix',
  'cp',
  'tensormap',
]);

/** Registers an instruction writes. */
export function destinations(ins: Instruction): string[] {
  if (NO_DESTINATION.has(ins.mnemonic) || ins.operands.length === 0) return [];
  if (ins.mnemonic === 'wmma' && ins.modifiers[0] === 'store') return [];
  const first = ins.operands[0];
  if (first.kind === 'register') return [first.name];
  if (first.kind === 'vector') {
    const names: string[] = [];
    for (const e of first.elements) if (e.kind === 'register') names.push(e.name);
    return names;
  }
  return [];
}

/**
 * Appends (statement, register) for each register the instruction writes (destinations()
 * semantics, without an array per instruction).
 */
export function noteDestinations(ins: Instruction, statement: number, statements: number[], registers: string[]): void {
  const first = ins.operands[0];
  if (first === undefined) return;
  // Operand kind first: stores and branches (address or label first) need no set lookup.
  if (first.kind === 'register') {
    if (NO_DESTINATION.has(ins.mnemonic)) return;
    statements.push(statement);
    registers.push(first.name);
  } else if (first.kind === 'vector') {
    if (NO_DESTINATION.has(ins.mnemonic)) return;
    if (ins.mnemonic === 'wmma' && ins.modifiers[0] === 'store') return;
    for (const e of first.elements) {
      if (e.kind !== 'register') continue;
      statements.push(statement);
      registers.push(e.name);
    }
  }
}
