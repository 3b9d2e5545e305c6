// Unexpected errors become one line naming the system cause, never a stack trace.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureLine } from '../../src/cli/failure.js';

function thrown(body: () => void): unknown {
  try {
    body();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('failureLine', () => {
  it('names an unwritable output path, in one line', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'carve-fail-'));
    try {
      mkdirSync(path.join(dir, 'out'));
      const line = failureLine(thrown(() => writeFileSync(path.join(dir, 'out'), 'x')));
      expect(line).toBe(`is a directory (${dir}/out): EISDIR: illegal operation on a directory, open '${dir}/out'`);
      // The message already says the cause and the path: nothing is repeated.
      expect(failureLine(thrown(() => writeFileSync(path.join(dir, 'missing/report.json'), 'x')))).toBe(
        `ENOENT: no such file or directory, open '${dir}/missing/report.json'`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps only the first line of a multi-line message', () => {
    expect(failureLine(new Error('first\n    at frame (x.ts:1:1)'))).toBe('first');
    expect(failureLine('plain')).toBe('plain');
  });
});
