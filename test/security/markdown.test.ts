// Names from a pull request cannot break out of their code span in the comment.
import { describe, expect, it } from 'vitest';
import { inlineCode } from '../../src/report/inline-code.js';

describe('inlineCode', () => {
  it('keeps plain names as before', () => {
    expect(inlineCode('saxpy(float, float const*, float*, int)')).toBe('`saxpy(float, float const*, float*, int)`');
  });

  it('fences a name holding backticks with a longer run, so markdown inside stays text', () => {
    expect(inlineCode('k`](https://evil.example)![x](y) @org/team')).toBe('`` k`](https://evil.example)![x](y) @org/team ``');
    expect(inlineCode('a``b`')).toBe('``` a``b` ```');
  });

  it('escapes pipes and flattens newlines for table cells', () => {
    expect(inlineCode('a|b\nc')).toBe('`a\\|b c`');
  });
});
