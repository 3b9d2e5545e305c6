import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/command.js';

function capture(cwd = process.cwd()) {
  const out = { stdout: '', stderr: '' };
  const io: CliIO = { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t), cwd, isTTY: false, env: {} };
  return { io, out };
}

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'carve-occ-cli-'));
  writeFileSync(
    path.join(dir, 'launches.jsonl'),
    [
      '{"registers": 64, "shared": 2048, "block": 256}',
      '{"registers": 300, "block": 256}',
      '',
      '{"registers": 32, "block": "16x16x1", "dynamicShared": 100000, "maxDynamicShared": 100000}',
      '{"registers": 32, "block": [16, 16',
      '{"registers": 32, "block": 320, "maxThreads": 256}',
      '{"registers": 32, "block": 128, "sharedd": 4}',
    ].join('\n'),
  );
  writeFileSync(path.join(dir, 'good.jsonl'), '{"registers": 40, "block": 64}\n{"registers": 32, "block": 256, "arch": "sm_86"}\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('carve occupancy', () => {
  it('prints the result, the limiter, each limit and the cliffs', async () => {
    const { io, out } = capture();
    const code = await main(['occupancy', '--arch', 'sm_90', '--registers', '64', '--shared', '2048', '--block', '256'], io);
    expect(code).toBe(0);
    expect(out.stdout.split('\n')).toEqual([
      'sm_90 (Hopper): block 256 threads (8 warps), 64 registers/thread, 2048 B static + 0 B dynamic shared',
      'Active blocks per SM: 4 (32 of 64 warps, occupancy 50.0%)',
      'Limited by: registers',
      'Blocks per SM each resource allows:',
      '  warps         8',
      '  registers     4  <- limiter',
      '  shared memory 76',
      '  blocks        32',
      '  barriers      64',
      'Allocated per block: 16384 registers, 3072 B shared (incl. 1024 B reserved)',
      'Cliffs:',
      '  registers:     +0 registers keeps 4 blocks/SM, +1 registers drops to 3; shed 16 registers to reach 5',
      '  shared memory: +55296 B keeps 4 blocks/SM, +55297 B drops to 3; shedding gains no block',
      'Best block sizes (occupancy 50.0%): 32, 64, 128, 256, 512, 1024',
      '',
    ]);
  });

  it('--json gives the occupancy result with its cliffs; a 3-D block is accepted', async () => {
    const { io, out } = capture();
    const code = await main(
      [
        'occupancy',
        '--arch',
        'sm_90a',
        '--registers',
        '32',
        '--block',
        '16x16x1',
        '--dynamic-shared',
        '40000',
        '--carveout',
        '50',
        '--json',
      ],
      io,
    );
    expect(code).toBe(0);
    const json = JSON.parse(out.stdout);
    expect([json.arch, json.blockSize, json.activeBlocksPerSM, json.limiter, json.allocatedSharedBytesPerBlock]).toEqual([
      'sm_90',
      256,
      3,
      ['sharedMemory'],
      41088,
    ]);
    expect(json.cliffs.curve).toHaveLength(32);
  });

  it('explains a launch that cannot run', async () => {
    const { io, out } = capture();
    expect(await main(['occupancy', '--arch', 'sm_90', '--registers', '207', '--block', '288'], io)).toBe(0);
    expect(out.stdout).toContain('Active blocks per SM: 0 (0 of 64 warps, occupancy 0.0%)');
    expect(out.stdout).toContain('Cannot launch: 207 registers x 288 threads do not fit the 65536 registers per block');
  });

  it.each([
    [['--arch', 'sm_70', '--registers', '32', '--block', '256'], /unknown architecture 'sm_70'; known: sm_75/],
    [
      ['--arch', 'sm_90', '--registers', '256', '--block', '256'],
      /registers per thread 256 exceeds the sm_90 maximum registers per thread \(255\)/,
    ],
    [['--arch', 'sm_90', '--registers', '32', '--block', '2048'], /block.x 2048 exceeds the sm_90 limit for block.x \(1024\)/],
    [
      ['--arch', 'sm_90', '--registers', '32', '--block', '256', '--dynamic-shared', '300000'],
      /opt-in shared memory limit per block \(232448 B\)/,
    ],
    [['--arch', 'sm_90', '--registers', '32', '--block', '16y16'], /--block must be N or XxY or XxYxZ/],
    [['--arch', 'sm_90', '--block', '256'], /--registers is required/],
  ])('exit 2 with the violated limit: %j', async (args, message) => {
    const { io, out } = capture();
    expect(await main(['occupancy', ...args], io)).toBe(2);
    expect(out.stderr).toMatch(message);
  });

  it('--batch --json: one object per input line in order, errors with their line numbers, exit 2', async () => {
    const { io, out } = capture(dir);
    const code = await main(['occupancy', '--arch', 'sm_90', '--batch', 'launches.jsonl', '--json'], io);
    expect(code).toBe(2);
    const lines = out.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(
      lines.map((l) => [
        l.line,
        l.activeBlocksPerSM ?? null,
        l.activeWarpsPerSM ?? null,
        l.occupancy ?? null,
        l.limiter ?? null,
        l.limit ?? null,
      ]),
    ).toEqual([
      [1, 4, 32, 0.5, ['registers'], null],
      [2, null, null, null, null, 'registers'],
      [4, 2, 16, 0.25, ['sharedMemory'], null],
      [5, null, null, null, null, 'json'],
      [6, 0, 0, 0, ['warps'], null],
      [7, null, null, null, null, 'input'],
    ]);
    expect(lines[1].error).toMatch(/registers per thread 300 exceeds/);
    expect(lines[5].error).toMatch(/unknown field\(s\) sharedd/);
    expect(out.stderr).toContain('launches.jsonl:2: registers per thread 300');
  });

  it('--batch exits 0 when every line is good; a line may name its own arch', async () => {
    const { io, out } = capture(dir);
    expect(await main(['occupancy', '--arch', 'sm_90', '--batch', 'good.jsonl'], io)).toBe(0);
    expect(out.stdout).toBe(
      [
        'good.jsonl:1: sm_90 block 64: 24 blocks/SM, 48 warps, occupancy 75.0%, limited by registers',
        'good.jsonl:2: sm_86 block 256: 6 blocks/SM, 48 warps, occupancy 100.0%, limited by warps',
        '',
      ].join('\n'),
    );
  });

  it('a missing batch file is an input error, not a crash', async () => {
    const { io, out } = capture(dir);
    expect(await main(['occupancy', '--arch', 'sm_90', '--batch', 'nope.jsonl', '--json'], io)).toBe(2);
    expect(out.stderr).toBe('carve occupancy: cannot read nope.jsonl: ENOENT\n');
  });
});
