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
