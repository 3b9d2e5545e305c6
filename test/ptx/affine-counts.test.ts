// Per-thread trip counts from an affine start (src/ptx/affine-counts.ts): the sum by runs of equal
// counts agrees with counting every thread, and the run sum has its closed form.
import { describe, expect, it } from 'vitest';
import { affineRegister } from '../../src/ptx/affine.js';
import { countByAffineStart, runSum, type StartByThread } from '../../src/ptx/affine-counts.js';
import { buildCfg } from '../../src/ptx/cfg.js';
import { findLoops } from '../../src/ptx/loops.js';
import { parsePtx } from '../../src/ptx/parser.js';
import { setLaunch, type Dim3 } from '../../src/ptx/threads.js';
import { ValueResolver } from '../../src/ptx/values.js';

/** `for (i = start; i < n; i += step)`: trips of a thread from its start. */
const gridStride = (n: number, step: number) => (start: number) => (start < n ? Math.ceil((n - start) / step) : 0);

/** Every thread in turn, as threadCounts in loops.ts gathers them. */
function bruteForce(start: StartByThread, block: Dim3, grid: Dim3) {
  let sum = 0,
    warpSum = 0,
    warps = 0;
  const blockThreads = block[0] * block[1] * block[2];
  for (let b = 0; b < grid[0] * grid[1] * grid[2]; b++) {
    const ctaid = [b % grid[0], Math.floor(b / grid[0]) % grid[1], Math.floor(b / (grid[0] * grid[1]))];
    let warpMax = 0;
    for (let t = 0; t < blockThreads; t++) {
      const tid = [t % block[0], Math.floor(t / block[0]) % block[1], Math.floor(t / (block[0] * block[1]))];
      const s = start.form.constant + [0, 1, 2].reduce((acc, i) => acc + start.form.tid[i] * tid[i] + start.form.ctaid[i] * ctaid[i], 0);
      const trips = start.trips(s)!;
      sum += trips;
      warpMax = Math.max(warpMax, trips);
      if (t % 32 === 31 || t === blockThreads - 1) {
        warpSum += warpMax;
        warps++;
        warpMax = 0;
      }
    }
  }
  return { sum, warpSum, warps };
}

describe('trip counts from an affine start', () => {
  it('sums a monotone count by runs in closed form', () => {
    // ceil((1000 - i) / 64) over i = 0..999: 15 runs of 64 and one of 40.
    const budget = { evaluations: 1000 };
    expect(runSum(gridStride(1000, 64), 1000, budget)).toBe(
      Array.from({ length: 1000 }, (_, i) => Math.ceil((1000 - i) / 64)).reduce((a, b) => a + b),
    );
    // 16 runs, each found by doubling then bisection: 215 evaluations of the count, not 1000.
    expect(1000 - budget.evaluations).toBe(215);
    // Out of budget: null, never a partial sum.
    expect(runSum(gridStride(1000, 1), 1000, { evaluations: 100 })).toBeNull();
  });

  it('counts a grid-stride loop over a grid of 2^26 threads exactly', () => {
    // blockIdx.x * 1024 + threadIdx.x over 65,536 blocks; n = 2^24 + 48: each thread below n takes one trip.
    const n = 2 ** 24 + 48;
    const threads = 1024 * 65536;
    const start: StartByThread = {
      form: { constant: 0, tid: [1, 0, 0], ctaid: [1024, 0, 0] },
      trips: gridStride(n, threads),
      direction: -1,
    };
    const counts = countByAffineStart(start, [1024, 1, 1], [65536, 1, 1], null);
    expect(counts).toEqual({
      sum: n,
      threadsIn: threads,
      warpSum: Math.ceil(n / 32),
      warps: threads / 32,
      startMin: 0,
      startMax: threads - 1,
    });
  });

  it('agrees with every thread counted in turn, by runs or one by one', () => {
    const cases: { form: StartByThread['form']; block: Dim3; grid: Dim3; n: number; step: number; direction: -1 | 0 }[] = [
      // 1-D grid stride, the count not monotone-declared (one by one), and declared (by runs).
      {
        form: { constant: 0, tid: [1, 0, 0], ctaid: [96, 0, 0] },
        block: [96, 1, 1],
        grid: [37, 1, 1],
        n: 10000,
        step: 96 * 37,
        direction: 0,
      },
      {
        form: { constant: 0, tid: [1, 0, 0], ctaid: [96, 0, 0] },
        block: [96, 1, 1],
        grid: [37, 1, 1],
        n: 10000,
        step: 96 * 37,
        direction: -1,
      },
      // Rows over a 2-D grid: y = blockIdx.y * 8 + threadIdx.y, blocks 32 x 8 (x does not move the start).
      { form: { constant: 3, tid: [0, 1, 0], ctaid: [0, 8, 0] }, block: [32, 8, 1], grid: [1, 50, 1], n: 1001, step: 400, direction: -1 },
      // blockIdx.x * gridDim.y + blockIdx.y is not one step per block: counted one by one.
      {
        form: { constant: 0, tid: [1, 0, 0], ctaid: [64 * 3, 64, 0] },
        block: [64, 1, 1],
        grid: [5, 3, 1],
        n: 2000,
        step: 960,
        direction: -1,
      },
    ];
    for (const c of cases) {
      const start: StartByThread = { form: c.form, trips: gridStride(c.n, c.step), direction: c.direction };
      const counts = countByAffineStart(start, c.block, c.grid, null);
      if (typeof counts === 'string') throw new Error(counts);
      const expected = bruteForce(start, c.block, c.grid);
      expect([counts.sum, counts.warpSum, counts.warps]).toEqual([expected.sum, expected.warpSum, expected.warps]);
    }
  });
});

// threadIdx.x * 2^30 wraps in 32 bits from thread 2 on: the start is not affine over the launch,
// and each thread's count must come from the wrapped value (0, 2^30, -2^31, -2^30).
const WRAPPED = `
.version 8.0
.target sm_90
.address_size 64

.visible .entry wrapped(
	.param .u64 wrapped_param_0
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<4>;

	mov.u32 	%r1, %tid.x;
	mul.lo.s32 	%r2, %r1, 1073741824;
	setp.ge.s32 	%p1, %r2, 1073741825;
	@%p1 bra 	$L__END;
$L__LOOP:
	add.s32 	%r2, %r2, 536870912;
	setp.lt.s32 	%p2, %r2, 1073741825;
	@%p2 bra 	$L__LOOP;
$L__END:
	ret;
}
`;

describe('a start that wraps', () => {
  it('is not an affine form, and each thread is counted from its wrapped start', () => {
    const { module, errors } = parsePtx(WRAPPED, 'wrapped.ptx');
    expect(errors).toEqual([]);
    const cfg = buildCfg(module.functions[0]);
    const resolver = new ValueResolver(cfg);
    setLaunch(resolver, [4, 1, 1], null);
    const launch = { block: [4, 1, 1] as Dim3, grid: null };
    const mulAt = cfg.fn.body.findIndex((s) => 'mnemonic' in s && s.mnemonic === 'mul');
    expect(affineRegister(resolver, launch, '%r1', 0, mulAt)).toEqual({ constant: 0, tid: [1, 0, 0], ctaid: [0, 0, 0] });
    // 3 x 2^30 does not fit a signed 32-bit register: no form (an unchecked one would count 3, 1, 0, 0).
    expect(affineRegister(resolver, launch, '%r2', 0, -1)).toBeNull();
    // Steps of 2^29 below 2^30 + 1 from 0, 2^30, -2^31, -2^30: 3, 1, 7 and 5 iterations.
    const loops = findLoops(buildCfg(module.functions[0]), { block: [4, 1, 1] });
    expect(loops.map((l) => [l.tripCount, l.warpTripCount])).toEqual([[4, 7]]);
  });
});
