// A guard predicate known per lane switches lanes off the warp request.
import { describe, expect, it } from 'vitest';
import { analyzeMemory } from '../../src/analysis/memory/index.js';
import { parsePtx } from '../../src/ptx/parser.js';
import { buildCfg } from '../../src/ptx/cfg.js';
import { findLoops, statementWeights } from '../../src/ptx/loops.js';

const PTX = `
.version 9.0
.target sm_90
.address_size 64

.visible .entry odd_lanes(
	.param .u64 odd_lanes_param_0,
	.param .u32 odd_lanes_param_1
)
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<6>;
	.reg .f32 	%f<2>;
	.reg .b64 	%rd<5>;
	ld.param.u64 	%rd1, [odd_lanes_param_0];
	ld.param.u32 	%r5, [odd_lanes_param_1];
	cvta.to.global.u64 	%rd2, %rd1;
	mov.u32 	%r1, %tid.x;
	and.b32 	%r2, %r1, 1;
	setp.eq.b32 	%p1, %r2, 1;
	setp.lt.s32 	%p2, %r1, %r5;
	mul.wide.u32 	%rd3, %r1, 4;
	add.s64 	%rd4, %rd2, %rd3;
	mov.f32 	%f1, 0f3F800000;
	@%p1 st.global.f32 	[%rd4], %f1;
	@!%p1 st.global.f32 	[%rd4+4], %f1;
	@%p2 st.global.f32 	[%rd4], %f1;
	ret;
}
`;

describe('guarded accesses', () => {
  const { module } = parsePtx(PTX, 'guards.ptx');
  const fn = module.functions[0];
  const cfg = buildCfg(fn);
  const loops = findLoops(cfg);
  const { accesses } = analyzeMemory({ module, fn, cfg, loops, weights: statementWeights(cfg, loops), block: [64, 1, 1], defines: {} });

  it('counts only the lanes the guard leaves on', () => {
    // odd lanes: 16 floats 8 B apart span 4 sectors but use 64 B (2 sectors): strided.
    expect(accesses.map((a) => [a.class, a.sectorsPerRequest, a.idealSectors])).toEqual([
      ['strided', 4, 2],
      ['strided', 4, 2],
      ['coalesced', 4, 4],
    ]);
    expect(accesses[0].reason).toContain('lanes the guard @%p1 switches off excluded');
    expect(accesses[1].reason).toContain('lanes the guard @!%p1 switches off excluded');
  });

  it('a guard against a runtime bound keeps every lane (assumed active)', () => {
    expect(accesses[2].reason).toContain('all lanes active');
  });
});
