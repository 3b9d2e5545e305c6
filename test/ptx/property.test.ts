// The parser never throws, whatever the input, and every error has a position inside it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCfg, findLoops, parsePtx, statementWeights } from '../../src/ptx/index.js';
import { fixtureText } from './helpers.js';

const real = fixtureText('loops.sm_90.ptx');
const lineCount = (text: string) => text.split('\n').length;

function checkWellFormed(text: string): void {
  const { module, errors } = parsePtx(text);
  for (const e of errors) {
    expect(e.line).toBeGreaterThanOrEqual(1);
    expect(e.line).toBeLessThanOrEqual(lineCount(text) + 1);
    expect(e.column).toBeGreaterThanOrEqual(1);
    expect(e.message.length).toBeGreaterThan(0);
  }
  // Downstream stages must not throw on whatever the parser kept either.
  for (const fn of module.functions) {
    const cfg = buildCfg(fn);
    statementWeights(cfg, findLoops(cfg, { defines: { param_2: 5 } }));
  }
}

const ptxish = fc
  .array(
    fc.constantFrom(
      '.entry',
      '.func',
      '.reg',
      '{',
      '}',
      '(',
      ')',
      '[',
      ']',
      ';',
      ',',
      '@',
      '!',
      '%r1',
      '$L1:',
      'bra',
      'ld.global.f32',
      '0f3F800000',
      '-8',
      '+',
      '\n',
      ' ',
      '.loc 1 2 3',
      '"',
      '//',
      '/*',
      '*/',
      '.param .u64 p',
      'x',
    ),
    { maxLength: 80 },
  )
  .map((tokens) => tokens.join(''));

describe('parser robustness (fast-check)', () => {
  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => checkWellFormed(text)),
      { numRuns: 300 },
    );
  });

  it('never throws on PTX-like token soup', () => {
    fc.assert(
      fc.property(ptxish, (text) => checkWellFormed(text)),
      { numRuns: 300 },
    );
  });

  it('never throws on real PTX truncated or spliced at random points', () => {
    fc.assert(
      fc.property(fc.nat(real.length), fc.nat(real.length), fc.string({ maxLength: 20 }), (a, b, junk) => {
        checkWellFormed(real.slice(0, a));
        checkWellFormed(real.slice(0, Math.min(a, b)) + junk + real.slice(Math.max(a, b)));
      }),
      { numRuns: 150 },
    );
  });
});
