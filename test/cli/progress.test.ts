// Progress output: a redrawn line on a terminal, plain lines in a log.
import { describe, expect, it } from 'vitest';
import { createProgress, stepLog } from '../../src/cli/progress.js';

function sink() {
  const chunks: string[] = [];
  return {
    chunks,
    write: (text: string) => {
      chunks.push(text);
    },
  };
}

describe('stepLog', () => {
  it('redraws one counted line on a terminal and ends it once', () => {
    const out = sink();
    const log = stepLog(out.write, true, 'carve compare');
    log.step('base: nvcc a.cu for sm_90');
    log.step('base: nvcc b.cu for sm_90');
    log.done();
    log.done();
    expect(out.chunks).toEqual([
      '\rcarve compare [1] base: nvcc a.cu for sm_90\x1b[K',
      '\rcarve compare [2] base: nvcc b.cu for sm_90\x1b[K',
      '\n',
    ]);
  });

  it('prints plain lines without control characters when not a terminal', () => {
    const out = sink();
    const log = stepLog(out.write, false, 'carve compare');
    log.step('head: nvcc a.cu for sm_90');
    log.done();
    expect(out.chunks).toEqual(['carve compare: head: nvcc a.cu for sm_90\n']);
  });
});

describe('createProgress (shared with carving)', () => {
  it('draws a bar on a terminal and every tenth item in a log', () => {
    const tty = sink();
    const bar = createProgress(2, tty.write, true, 'building', 1);
    bar.tick('A');
    bar.tick();
    bar.done();
    expect(tty.chunks).toEqual([
      `\rbuilding [${'#'.repeat(15)}${'.'.repeat(15)}] 1/2 A\x1b[K`,
      `\rbuilding [${'#'.repeat(30)}] 2/2\x1b[K`,
      '\n',
    ]);
    const log = sink();
    const lines = createProgress(20, log.write, false);
    for (let i = 0; i < 20; i++) lines.tick();
    lines.done();
    expect(log.chunks).toEqual(Array.from({ length: 10 }, (_, i) => `building: ${2 * (i + 1)}/20\n`));
  });
});
