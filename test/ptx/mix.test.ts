import { describe, expect, it } from 'vitest';
import { classify, intensities, type Instruction } from '../../src/ptx/index.js';
import { analyze, kernel, loadModule } from './helpers.js';

const module = loadModule('kernels.sm_90.ptx');
const opcodes = (name: string) => kernel(module, name).body.filter((s): s is Instruction => s.kind === 'instruction');

describe('instruction mix (kernels.cu, nvcc 13 sm_90)', () => {
  it('sorts every opcode of the fixtures into a category (nothing falls into other)', () => {
    for (const fn of module.functions)
      for (const ins of fn.body) if (ins.kind === 'instruction') expect([ins.opcode, classify(ins).category]).not.toContainEqual('other');
  });

  it('counts SFU, fp32 and loop weights for the transcendental kernel', () => {
    const a = analyze(module, 'transcendental');
    const sfuOps = opcodes('transcendental')
      .filter((i) => classify(i).category === 'sfu')
      .map((i) => i.opcode);
    expect(sfuOps).toEqual(['ex2.approx.f32', 'sin.approx.f32', 'rsqrt.approx.f32', 'lg2.approx.f32']);
    expect(a.mix.static.sfu).toBe(4);
    expect(a.mix.dynamic.sfu).toBe(4 * 32);
    expect(a.mix.dynamic.total).toBe(a.perThread.instructions);
  });

  it('counts fp64 work and weights the fp64 division as multi-cycle', () => {
    const a = analyze(module, 'poly_fp64');
    const divs = opcodes('poly_fp64').filter((i) => i.mnemonic === 'div' || i.mnemonic === 'rcp');
    expect(divs.map((i) => i.opcode)).toEqual(['rcp.rn.f64', 'div.rn.f64']);
    // rcp + fma in the 24-trip loop, add + div after it.
    expect(a.mix.static.fp64).toBe(4);
    expect(a.mix.dynamic.fp64).toBe(2 * 24 + 2);
    expect(a.mix.dynamic.conversion).toBe(2 + 24 + 1);
    // rcp.rn.f64 (9) runs 24 times, div.rn.f64 (16) once: weighted adds 8*24 + 15.
    expect(a.mix.weightedDynamic - a.perThread.instructions).toBe(8 * 24 + 15);
  });

  it('counts packed half2 FMAs as two flops each', () => {
    const a = analyze(module, 'half2_axpy');
    const fma = opcodes('half2_axpy').filter((i) => i.mnemonic === 'fma');
    expect(fma.map((i) => i.opcode)).toEqual(['fma.rn.f16x2']);
    expect(a.mix.dynamic.fp16).toBe(16);
    expect(a.perThread.flops).toBe(16 * 2 * 2);
  });

  it('counts atomics by space, shared and global, and vector float4 bytes', () => {
    const h = analyze(module, 'histogram');
    expect(h.mix.dynamic.atomic).toBe(16 + 1);
    expect(h.mix.dynamic.barrier).toBe(2);
    const s = analyze(module, 'scale_float4');
    expect(s.perThread.globalLoadBytes).toBe(8 * 16);
    expect(s.perThread.globalStoreBytes).toBe(8 * 16);
    expect(s.perThread.flops).toBe(8 * 4);
  });

  it('counts wmma as tensor work with 2 M N K / 32 flops per thread', () => {
    const a = analyze(module, 'wmma_gemm');
    expect(a.mix.dynamic.tensor).toBe(4);
    expect(a.perThread.flops).toBe((4 * 2 * 16 * 16 * 16) / 32);
    expect(a.mix.dynamic.load.global).toBe(8);
    expect(a.perThread.globalLoadBytes).toBe(8 * 8 * 4);
  });

  it('adds the callee of a call once per call, and reads inline-asm blocks', () => {
    const callee = analyze(module, '_Z4dot3PKfS0_');
    const caller = analyze(module, 'calls_func');
    const own = opcodes('calls_func').length;
    expect(caller.perThread.instructions).toBe(own + callee.perThread.instructions);
    expect(caller.perThread.flops).toBe(5);
    const asm = analyze(module, 'inline_asm');
    expect(asm.mix.dynamic.load.global).toBe(4);
    expect(asm.perThread.globalLoadBytes).toBe(16);
  });

  it("computes Lim et al.'s intensities over the dynamic mix", () => {
    const a = analyze(module, 'scale_float4');
    const d = a.mix.dynamic;
    const mem = Object.values(d.load).reduce((x, y) => x + y, 0) + Object.values(d.store).reduce((x, y) => x + y, 0) + d.atomic;
    expect(a.mix.intensities.mem).toBeCloseTo(mem / d.total, 12);
    expect(a.mix.intensities.fl).toBeCloseTo((d.fp32 + d.fp64 + d.fp16 + d.sfu + d.tensor + d.integer + d.conversion) / d.total, 12);
    expect(a.mix.intensities.ctrl).toBeCloseTo((d.control + d.barrier + d.move + d.predicate) / d.total, 12);
    expect(intensities(a.mix.static).fl).toBeGreaterThan(0);
  });
});
