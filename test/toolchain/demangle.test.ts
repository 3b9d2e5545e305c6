import { describe, expect, it } from 'vitest';
import { demangle } from '../../src/toolchain/index.js';
import { fixtureText } from './fixtures.js';

// demangle-expected.txt is c++filt's output for demangle-names.txt (scripts/fixtures/toolchain.sh):
// every kernel name in the nvcc 13 logs and in demangle.cu's PTX, plus hand-picked names.
const names = fixtureText('demangle-names.txt').trim().split('\n');
const expected = fixtureText('demangle-expected.txt').trim().split('\n');

describe('demangle', () => {
  it('has one c++filt line per name', () => {
    expect(names.length).toBe(expected.length);
    expect(names.length).toBeGreaterThanOrEqual(35);
  });

  it.each(names.map((name, i) => [name, expected[i]]))('%s', (name, want) => {
    expect(demangle(name)).toBe(want);
  });

  it('passes through names that are not Itanium-mangled', () => {
    expect(demangle('plainC')).toBe('plainC');
    expect(demangle('cudaMalloc')).toBe('cudaMalloc');
  });

  it('returns malformed or truncated names unchanged instead of throwing', () => {
    for (const bad of ['_Z', '_Z3fo', '_ZN5carve', '_Z4tmplIfLi4E', '_Z1fS9_', '_Z1fT3_', '_ZN5carve8fixtures9transposeEPKfPfiiXYZ']) {
      expect(demangle(bad)).toBe(bad);
    }
  });
});
