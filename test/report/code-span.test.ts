// A kernel name is shown in a markdown code span; a backtick in it (a name from a report or
// PTX, not C++) must not close the span early and let the rest be read as markdown.
import { describe, expect, it } from 'vitest';
import { codeSpan, kernelRow } from '../../src/report/format.js';
import { findingMarkdown } from '../../src/report/findings-markdown.js';
import type { Finding, KernelComparison } from '../../src/model/types.js';

describe('codeSpan', () => {
  it('fences with one backtick more than the longest run inside, padded when there is one', () => {
    expect(codeSpan('scale(float*)')).toBe('`scale(float*)`');
    expect(codeSpan('a`b')).toBe('`` a`b ``');
    expect(codeSpan('``x` **bold**')).toBe('``` ``x` **bold** ```');
    expect(codeSpan('`')).toBe('`` ` ``');
  });

  it('is used for the kernel in the table and in findings', () => {
    const finding: Finding = {
      kind: 'cliff',
      severity: 'failure',
      kernel: 'k',
      displayName: 'evil` **x** `',
      arch: 'sm_90',
      file: null,
      line: null,
      title: 't',
      message: 'm',
      evidence: {},
      remedy: null,
    };
    expect(findingMarkdown(finding, { failOn: ['cliff'] })).toContain('· `` evil` **x** ` `` (sm_90): t');
    const pair: KernelComparison = { name: 'k', displayName: 'a|b`c', arch: 'sm_90', status: 'added', base: null, head: null };
    expect(kernelRow(pair)[0]).toBe('`` a\\|b`c ``');
  });
});
