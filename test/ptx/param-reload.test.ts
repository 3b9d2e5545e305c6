// A loop bound re-read from the kernel parameter inside the loop: nvcc reloads parameters under
// register pressure (Rodinia dwt2d's `for (w = 0; w < winSteps; w++)` reads `winSteps` with
// `ld.param` in its latch). A parameter cannot change while the kernel runs, so the loop is
// counted from its value. The PTX is nvcc 13's shape of that latch, reduced to the loop.
import { describe, expect, it } from 'vitest';
import { buildCfg } from '../../src/ptx/cfg.js';
import { findLoops } from '../../src/ptx/loops.js';
import { parsePtx } from '../../src/ptx/parser.js';

const ptx = (boundLoad: string) => `
.version 9.0
.target sm_90
.address_size 64

.visible .entry walk(
	.param .u64 walk_param_0,
	.param .u32 walk_param_1
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [walk_param_0];
	ld.param.u32 	%r1, [walk_param_1];
	setp.lt.s32 	%p1, %r1, 1;
	@%p1 bra 	$L__BB0_3;
	mov.u32 	%r5, 0;

$L__BB0_2:
	mul.wide.s32 	%rd2, %r5, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r5;
	bar.sync 	0;
	${boundLoad}
	add.s32 	%r5, %r5, 1;
	setp.lt.s32 	%p2, %r5, %r1;
	@%p2 bra 	$L__BB0_2;

$L__BB0_3:
	ret;
}
`;

function loopOf(text: string) {
  const { module, errors } = parsePtx(text, 'walk.ptx');
  expect(errors).toEqual([]);
  const cfg = buildCfg(module.functions[0]);
  return findLoops(cfg, { defines: { walk_param_1: 1024 } })[0];
}

describe('a loop bound reloaded from its parameter', () => {
  it('counts the loop from the parameter read again in the latch', () => {
    const loop = loopOf(ptx('ld.param.u32 \t%r1, [walk_param_1];'));
    expect([loop.tripCount, loop.assumedTripCount]).toEqual([1024, null]);
  });

  it('still treats a bound computed inside the loop as changing', () => {
    const loop = loopOf(ptx('add.s32 \t%r1, %r1, -1;'));
    expect(loop.tripCount).toBeNull();
    expect(loop.tripCountReason).toContain('bound %r1 changes inside the loop');
  });
});

// nvcc 13's latch of cuda-samples' MandelbrotDS0 grid-stride loop, reduced: under register
// pressure it re-reads both the bound (`numBlocks`) and the step (`gridDim.x`) in the latch.
const gridStride = (stepCopy: string) => `
.version 9.0
.target sm_90
.address_size 64

.visible .entry blocks(
	.param .u64 blocks_param_0,
	.param .u32 blocks_param_1
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [blocks_param_0];
	ld.param.u32 	%r1, [blocks_param_1];
	mov.u32 	%r5, %ctaid.x;
	setp.ge.u32 	%p1, %r5, %r1;
	@%p1 bra 	$L__BB0_3;

$L__BB0_2:
	mul.wide.u32 	%rd2, %r5, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.u32 	[%rd3], %r5;
	ld.param.u32 	%r2, [blocks_param_1];
	${stepCopy}
	add.s32 	%r5, %r5, %r3;
	setp.lt.u32 	%p2, %r5, %r2;
	@%p2 bra 	$L__BB0_2;

$L__BB0_3:
	ret;
}
`;

describe('a grid-stride loop whose step and bound are read again in the latch', () => {
  const loopOf = (text: string) => {
    const { module, errors } = parsePtx(text, 'blocks.ptx');
    expect(errors).toEqual([]);
    const cfg = buildCfg(module.functions[0]);
    return findLoops(cfg, { defines: { blocks_param_1: 1000 }, block: [256, 1, 1], grid: [64, 1, 1] })[0];
  };

  it('counts it per thread: blocks 0..63 step by 64 up to 1000 (blocks 0..39 take 16 trips, 40..63 take 15)', () => {
    const loop = loopOf(gridStride('mov.u32 \t%r3, %nctaid.x;'));
    expect(loop.tripCount).toBeCloseTo((40 * 16 + 24 * 15) / 64, 12);
    expect(loop.assumedTripCount).toBeNull();
  });

  it('takes only a launch-wide copy as the step: one from %tid is not followed', () => {
    const loop = loopOf(gridStride('mov.u32 \t%r3, %tid.x;'));
    expect(loop.tripCount).toBeNull();
  });
});
