// The traffic footprint of an index carried around a loop (CarriedExpr: no closed form, entry +
// H with H warp-uniform) that moves by a constant each turn: H ranges over step x the turns, so
// its bytes join the array's others (llm.c's fused_residual_forward version 4, whose loop index
// enters from nvcc's unroll prologue or not, was counted as streaming: each request's sectors
// apart, its launch footprint 105 MB where 50 MB are touched).
import { describe, expect, it } from 'vitest';
import { warpLanes } from '../../src/analysis/memory/classify.js';
import { carriedExpr, constant, setCarriedLatches, symbol, type Expr } from '../../src/analysis/memory/expr.js';
import { FootprintBuilder } from '../../src/analysis/memory/footprint.js';
import { warpsOfBlock } from '../../src/analysis/memory/warp.js';

const add = (a: Expr, b: Expr): Expr => ({ op: 'add', a, b });
const mul = (a: Expr, b: Expr): Expr => ({ op: 'mul', a, b });

/** One warp per block and row of 768 bf16 (1,536 B), 8 values (16 B) a lane a turn, 3 turns; 4 blocks. */
function rowPasses(step: number) {
  const index = carriedExpr(
    0,
    mul(symbol('%tid.x'), constant(8)),
    'index merged before the loop',
    '%r1 carried around the loop at line 9',
    0,
  );
  setCarriedLatches(index, [add(index, constant(step))]);
  const row = add(symbol('param:out'), mul(symbol('%ctaid.x'), constant(1536)));
  const blockCache = new Map();
  const warps = warpsOfBlock([32, 1, 1]).map((envs) => warpLanes(envs, blockCache));
  const builder = new FootprintBuilder(new Map([[0, { mean: 3, span: 3 }]]), [4, 1, 1], 32);
  // The first pass stores each turn's 512 B; the pass back, after the loop, reads the last turn's chunk again.
  builder.add(add(row, mul(index, constant(2))), 16, warps, 3, 16, false, new Set([0]));
  builder.add(add(row, mul(add(index, constant(-256)), constant(2))), 16, warps, 1, 16, true, new Set());
  return builder.summary()!;
}

describe('traffic footprint of a carried index', () => {
  it('ranges an index that moves by a constant each turn over the turns, and reads after the loop at its last value', () => {
    const footprint = rowPasses(256);
    expect(footprint.streamingSites).toBe(0);
    // The row's 1,536 B once per block (the read after the loop is its last 512 B again), 4 rows apart.
    expect(footprint.blockFootprintBytes).toBe(1536);
    expect(footprint.launchFootprintBytes).toBe(4 * 1536);
  });

  it('counts an index whose latch does not add a constant as streaming, each request apart', () => {
    const index = carriedExpr(
      1,
      mul(symbol('%tid.x'), constant(8)),
      'index merged before the loop',
      '%r2 carried around the loop at line 9',
      0,
    );
    // Doubled each turn: entry + H does not hold (the lanes move apart), so the address is not followed.
    setCarriedLatches(index, [mul(index, constant(2))]);
    const blockCache = new Map();
    const warps = warpsOfBlock([32, 1, 1]).map((envs) => warpLanes(envs, blockCache));
    const builder = new FootprintBuilder(new Map([[0, { mean: 3, span: 3 }]]), [4, 1, 1], 32);
    builder.add(add(symbol('param:out'), mul(index, constant(2))), 16, warps, 3, 16, false, new Set([0]));
    const footprint = builder.summary()!;
    expect(footprint.streamingSites).toBe(1);
    expect(footprint.blockFootprintBytes).toBe(3 * 32 * 16);
  });
});

describe('traffic footprint of warps whose uniform parts differ', () => {
  // Block 32x2: warp 0 (tid.y 0) reads its row's 128 B once, warp 1 (tid.y 1) the 128 B at 128
  // + 512·k for the 4 turns k of loop 0 (as a thread-strided loop nvcc unrolled leaves some warps
  // with turns of a remainder loop that others skip): the warps' uniform parts differ (iter:0 in
  // one, not the other), so each is measured with its own.
  it('measures each set of warps with its own uniform part instead of streaming the site', () => {
    const address = add(
      add(symbol('param:in'), add(mul(symbol('%tid.x'), constant(4)), mul(symbol('%tid.y'), constant(128)))),
      mul(mul(symbol('%tid.y'), symbol('iter:0')), constant(512)),
    );
    const blockCache = new Map();
    const warps = warpsOfBlock([32, 2, 1]).map((envs) => warpLanes(envs, blockCache));
    const builder = new FootprintBuilder(new Map([[0, { mean: 4, span: 4 }]]), [1, 1, 1], 64);
    builder.add(address, 4, warps, 4, 4, true, new Set([0]));
    const footprint = builder.summary()!;
    expect(footprint.streamingSites).toBe(0);
    // Warp 0: 128 B; warp 1: 4 rows of 128 B, 512 B apart.
    expect(footprint.blockFootprintBytes).toBe(128 + 4 * 128);
    expect(footprint.launchFootprintBytes).toBe(128 + 4 * 128);
  });
});
