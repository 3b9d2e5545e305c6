import { describe, expect, it } from 'vitest';
import { interleave } from '../../src/pipeline/space-timing.js';
import type { HarnessEntry } from '../../src/timing/index.js';

const entry = (space: string, id: string): HarnessEntry => ({
  space,
  id,
  cubin: `${id}.cubin`,
  kernel: 'k',
  grid: [1, 1, 1],
  block: [32, 1, 1],
  dynamicSharedBytes: 0,
  arguments: [],
  warmup: 1,
  samples: 2,
});

describe('interleaved timing order of base and head survivors', () => {
  const base = [entry('base/s', 'A'), entry('base/s', 'B')];
  const head = [entry('head/s', 'A'), entry('head/s', 'C'), entry('head/s', 'D')];
  const order = (round: number) => interleave(base, head, round).map((e) => `${e.space}:${e.id}`);

  it('pairs the sides and alternates which goes first from round to round', () => {
    expect(order(0)).toEqual(['base/s:A', 'head/s:A', 'base/s:B', 'head/s:C', 'head/s:D']);
    expect(order(1)).toEqual(['head/s:A', 'base/s:A', 'head/s:C', 'base/s:B', 'head/s:D']);
    expect(order(2)).toEqual(order(0));
  });
});
