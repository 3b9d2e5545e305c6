// The per-instruction forms of the resolver's integer arithmetic (binaryOperator,
// integerComparator), which the per-thread evaluation runs for every thread of a launch, give
// what binary and compare give on every mnemonic, type and a spread of values (wrap-around,
// signs, 64-bit magnitudes).
import { describe, expect, it } from 'vitest';
import { binary, binaryOperator, BINARY_MNEMONICS, compare, integerComparator, toCompared } from '../../src/ptx/values.js';

const TYPES = ['s32', 'u32', 'b32', 's64', 'u64', 'b64', 's16', 'u16', ''];
const VALUES = [0, 1, 2, 3, 5, 31, 32, -1, -7, 255, 1024, 2 ** 31 - 1, -(2 ** 31), 2 ** 32 - 1, 2 ** 40 + 3, -(2 ** 40)];
const MODIFIERS = (type: string) => [[type], ['lo', type], ['hi', type], ['wide', type]];

describe('specialised integer arithmetic', () => {
  it('binaryOperator gives binary on every mnemonic, modifier and type', () => {
    let checked = 0;
    for (const mnemonic of BINARY_MNEMONICS)
      for (const type of TYPES)
        for (const modifiers of MODIFIERS(type)) {
          const operator = binaryOperator(mnemonic, modifiers);
          for (const a of VALUES)
            for (const b of VALUES) {
              // Shifts by a count the instruction can hold.
              if ((mnemonic === 'shl' || mnemonic === 'shr') && (b < 0 || b > 63)) continue;
              expect([mnemonic, modifiers, a, b, operator(a, b)]).toEqual([mnemonic, modifiers, a, b, binary(mnemonic, modifiers, a, b)]);
              checked++;
            }
        }
    // 10 mnemonics x 9 types x 4 modifier sets x 16 x 16 values; the two shifts by the 7 counts of 0-63.
    expect(checked).toBe(10 * 9 * 4 * 16 * 16 + 2 * 9 * 4 * 16 * 7);
  });

  it('integerComparator gives compare of the values as the type reads them', () => {
    for (const op of ['eq', 'ne', 'lt', 'lo', 'le', 'ls', 'gt', 'hi', 'ge', 'hs', 'nan'])
      for (const type of TYPES) {
        const comparator = integerComparator(op, type);
        for (const a of VALUES)
          for (const b of VALUES)
            expect([op, type, a, b, comparator(a, b)]).toEqual([op, type, a, b, compare(op, toCompared(a, type), toCompared(b, type))]);
      }
  });
});
