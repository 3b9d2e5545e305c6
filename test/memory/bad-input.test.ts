// Addresses the analysis cannot follow come back as `runtime` / `indirect` with the reason;
// nothing is coalesced by default and nothing throws.
import { describe, expect, it } from 'vitest';
import { analyzeMemory } from '../../src/analysis/memory/index.js';
import { parsePtx } from '../../src/ptx/parser.js';
import { buildCfg } from '../../src/ptx/cfg.js';
import { findLoops, statementWeights } from '../../src/ptx/loops.js';

const PTX = `
.version 9.0
.target sm_90
.address_size 64

.visible .entry odd(
	.param .u64 odd_param_0
)
{
	.reg .b32 	%r<4>;
	.reg .f32 	%f<3>;
	.reg .b64 	%rd<6>;
	ld.param.u64 	%rd1, [odd_param_0];
	ld.global.f32 	%f1, [%rd5];
	ld.f32 	%f2, [%rd1];
	mov.u32 	%r1, %tid.x;
	mul.hi.u32 	%r2, %r1, 7;
	mul.wide.u32 	%rd2, %r2, 4;
	add.s64 	%rd3, %rd1, %rd2;
	st.global.f32 	[%rd3], %f1;
	ret;
}
`;

function analyze(block: [number, number, number] | null) {
  const { module, errors } = parsePtx(PTX, 'odd.ptx');
  expect(errors).toEqual([]);
  const fn = module.functions[0];
  const cfg = buildCfg(fn);
  const loops = findLoops(cfg);
  return analyzeMemory({ module, fn, cfg, loops, weights: statementWeights(cfg, loops), block, defines: {} });
}

describe('unresolvable addresses', () => {
  it('reports each with its class and reason', () => {
    const { accesses } = analyze([128, 1, 1]);
    expect(accesses.map((a) => [a.kind, a.class, a.sectorsPerRequest, a.reason])).toEqual([
      ['load', 'runtime', null, 'address not resolved: %rd5 has no reaching definition'],
      ['load', 'runtime', null, 'generic address whose space is not known (no cvta provenance); reported as global'],
      ['store', 'runtime', null, 'address not resolved: mul.hi.u32 at PTX line 17'],
    ]);
  });

  it('without a block shape it assumes a 1-D block and says so', () => {
    const { module } = parsePtx(PTX.replace('mul.hi.u32 \t%r2, %r1, 7', 'mul.lo.u32 \t%r2, %r1, 7'), 'odd.ptx');
    const fn = module.functions[0];
    const cfg = buildCfg(fn);
    const loops = findLoops(cfg);
    const { accesses } = analyzeMemory({ module, fn, cfg, loops, weights: statementWeights(cfg, loops), block: null, defines: {} });
    expect(accesses[2].class).toBe('strided');
    expect(accesses[2].sectorsPerRequest).toBe(28);
    // lanes 28 B apart (7 floats): 28 sectors of 32 B per warp.
    expect(accesses[2].reason).toContain('block unknown: assumes a 1-D block of at least 32 threads');
  });
});
