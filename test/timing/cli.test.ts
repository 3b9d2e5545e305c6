import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';

function capture() {
  const io = {
    out: '',
    err: '',
    stdout: (t: string) => {
      io.out += t;
    },
    stderr: (t: string) => {
      io.err += t;
    },
    cwd: process.cwd(),
    isTTY: false,
    env: {},
  };
  return io;
}

describe('carve time --compare (H100 timings of the transpose space)', () => {
  const timings = 'test/fixtures/carving/transpose.timings.jsonl';

  it('finds no regression between identical runs', async () => {
    const io = capture();
    expect(await main(['time', '--compare', timings, timings, '--json'], io)).toBe(0);
    const comparisons = JSON.parse(io.out) as Array<{ variant: string; ratio: number; pValue: number; significant: boolean }>;
    expect(comparisons).toHaveLength(160);
    expect(comparisons.every((c) => c.ratio === 1 && !c.significant)).toBe(true);
  });

  it('flags a head whose samples are those of a slower variant', async () => {
    // Head: the padded 32x32 tile's id with the unpadded tile's measured samples (bank conflicts).
    const lines = readFileSync(timings, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { variant: string; samplesMs: number[] });
    const padded = lines.find((l) => l.variant === 'TX=32,TY=32,ROWS=8,SMEM=1,PAD=1,ORDER=0')!;
    const unpadded = lines.find((l) => l.variant === 'TX=32,TY=32,ROWS=8,SMEM=1,PAD=0,ORDER=0')!;
    const dir = mkdtempSync(path.join(tmpdir(), 'carve-time-'));
    writeFileSync(path.join(dir, 'base.jsonl'), JSON.stringify(padded) + '\n');
    writeFileSync(path.join(dir, 'head.jsonl'), JSON.stringify({ ...unpadded, variant: padded.variant }) + '\n');
    const io = capture();
    expect(await main(['time', '--compare', path.join(dir, 'base.jsonl'), path.join(dir, 'head.jsonl'), '--alpha', '0.01'], io)).toBe(1);
    expect(io.out).toMatch(/^TX=32,TY=32,ROWS=8,SMEM=1,PAD=1,ORDER=0: head\/base \d\.\d{4} \[\d\.\d{4}, \d\.\d{4}\] p=\S+ SLOWER\n$/);
  });

  it('reports a missing manifest as an input error', async () => {
    const io = capture();
    expect(await main(['time', '--manifest', 'no/such.manifest'], io)).toBe(2);
    expect(io.err).toContain('no/such.manifest');
  });
});
