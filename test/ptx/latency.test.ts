// A warp's dependent-issue cycles (src/ptx/latency.ts): the longest dependence path of a block
// at the latencies of its instruction classes, and what each turn of a self-loop adds.
import { describe, expect, it } from 'vitest';
import type { Instruction } from '../../src/ptx/ast.js';
import { blockCycles, dependentCycles, LATENCY } from '../../src/ptx/latency.js';
import { buildCfg, findLoops, parsePtx, statementWeights } from '../../src/ptx/index.js';

const module = (body: string) => `.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 k_param_0, .param .u64 k_param_1)
{
  .reg .pred %p<4>;
  .reg .b32 %r<8>;
  .reg .f32 %f<8>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [k_param_0];
  ld.param.u64 %rd2, [k_param_1];
${body}
  ret;
}
`;

function parsed(body: string) {
  const { module: m, errors } = parsePtx(module(body), 'latency.ptx');
  expect(errors).toEqual([]);
  const fn = m.functions[0];
  const cfg = buildCfg(fn);
  const loops = findLoops(cfg, {});
  return { fn, cfg, weights: statementWeights(cfg, loops) };
}

const instructions = (body: string) =>
  parsed(body).fn.body.filter((s): s is Instruction => s.kind === 'instruction' && s.mnemonic !== 'ld' && s.mnemonic !== 'ret');

describe('dependent-issue cycles', () => {
  it('a chain through a load, a multiply and a special function: 33 + 4 + 18 cycles, and the store after them', () => {
    const chain = instructions(`  ld.global.f32 %f1, [%rd1];
  mul.f32 %f2, %f1, %f1;
  ex2.approx.f32 %f3, %f2;
  st.global.f32 [%rd2], %f3;`);
    // The load is filtered out above with the parameter loads: the chain from the multiply on.
    expect(blockCycles(chain, false)).toBe(LATENCY.alu + LATENCY.sfu + LATENCY.alu);
    const whole = parsed(`  ld.global.f32 %f1, [%rd1];
  mul.f32 %f2, %f1, %f1;
  ex2.approx.f32 %f3, %f2;
  st.global.f32 [%rd2], %f3;`);
    // Parameter loads (33 each, independent) then the chain: 33 + 33 + 4 + 18 + 4 in one block.
    expect(dependentCycles(whole.cfg, whole.weights)).toBe(2 * LATENCY.memory + LATENCY.alu + LATENCY.sfu + LATENCY.alu);
  });

  it('independent instructions take a cycle each', () => {
    const flat = instructions(`  add.s32 %r1, %r1, 1;
  add.s32 %r2, %r2, 1;
  add.s32 %r3, %r3, 1;
  add.s32 %r4, %r4, 1;
  add.s32 %r5, %r5, 1;`);
    expect(blockCycles(flat, false)).toBe(5);
  });

  it('a loop turn carrying three dependent FMAs adds 12 cycles; without the carried chain, a cycle an instruction', () => {
    const body = `  mov.u32 %r1, 0;
$L_loop:
  fma.rn.f32 %f1, %f2, %f3, %f1;
  fma.rn.f32 %f1, %f2, %f3, %f1;
  fma.rn.f32 %f1, %f2, %f3, %f1;
  add.s32 %r1, %r1, 1;
  setp.lt.s32 %p1, %r1, 100;
  @%p1 bra $L_loop;`;
    const { cfg, weights } = parsed(body);
    const loop = cfg.blocks.find((b) => b.successors.includes(b.id))!;
    const turn = loop.statements.map((s) => cfg.fn.body[s] as Instruction);
    expect(blockCycles(turn, true)).toBe(3 * LATENCY.alu);
    // 100 turns of 12 cycles, the entry block (2 parameter loads side by side, the move) and the exit (ret, 4).
    expect(dependentCycles(cfg, weights)).toBe(LATENCY.memory + 100 * 3 * LATENCY.alu + LATENCY.alu);
    const independent = turn.filter((ins) => ins.mnemonic !== 'fma');
    expect(blockCycles(independent, true)).toBe(LATENCY.alu);
  });

  it("a lower bound where the loop control's path is the longer in the first pass: two FMAs, 8 cycles a turn, counted 5", () => {
    const { cfg } = parsed(`  mov.u32 %r1, 0;
$L_loop:
  fma.rn.f32 %f1, %f2, %f3, %f1;
  fma.rn.f32 %f1, %f2, %f3, %f1;
  add.s32 %r1, %r1, 1;
  setp.lt.s32 %p1, %r1, 100;
  @%p1 bra $L_loop;`);
    const loop = cfg.blocks.find((b) => b.successors.includes(b.id))!;
    // First pass: the FMAs end at 8, the control (add, setp, bra) at 12; second: 16 and 16. The
    // difference (4) is below the turn's 5 instructions, which count instead.
    expect(
      blockCycles(
        loop.statements.map((s) => cfg.fn.body[s] as Instruction),
        true,
      ),
    ).toBe(5);
  });
});
