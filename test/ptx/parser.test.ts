import { describe, expect, it } from 'vitest';
import { parsePtx, type Instruction } from '../../src/ptx/index.js';
import { fixtureText, kernel, loadModule } from './helpers.js';

const instructions = (body: { kind: string }[]) => body.filter((s): s is Instruction => s.kind === 'instruction');

describe('parsePtx on nvcc 13 output', () => {
  const loops = loadModule('loops.sm_90.ptx');
  const kernels = loadModule('kernels.sm_90.ptx');

  it('reads module directives and resolves .file emitted at the end of the module', () => {
    expect(loops.version).toBe('9.0');
    expect(loops.target).toEqual(['sm_90']);
    expect(loops.addressSize).toBe(64);
    expect(loops.files.get(1)).toMatch(/test\/fixtures\/ptx\/src\/loops\.cu$/);
    expect(loops.functions.map((f) => f.name)).toEqual([
      'rolled64',
      'unroll4',
      'nested',
      'param_bound',
      'param_unroll4',
      'data_dependent',
      'tree_reduce',
    ]);
    expect(kernels.files.size).toBe(6);
  });

  it('keeps params, performance directives, registers and demoted shared variables', () => {
    const tree = kernel(loops, 'tree_reduce');
    expect(tree.kind).toBe('entry');
    expect(tree.visibility).toBe('visible');
    expect(tree.params.map((p) => [p.name, p.type, p.stateSpace])).toEqual([
      ['tree_reduce_param_0', 'u64', 'param'],
      ['tree_reduce_param_1', 'u64', 'param'],
    ]);
    expect(tree.directives).toEqual({ maxntid: [256, 1, 1] });
    const regs = tree.body.filter((s) => s.kind === 'reg');
    expect(regs.map((r) => r.kind === 'reg' && [r.type, r.name, r.count])).toEqual([
      ['pred', '%p', 4],
      ['f32', '%f', 6],
      ['b32', '%r', 15],
      ['b64', '%rd', 9],
    ]);
    const shared = tree.body.find((s) => s.kind === 'var');
    expect(shared).toMatchObject({
      stateSpace: 'shared',
      type: 'b8',
      name: '_ZZ11tree_reduceE3buf',
      dimensions: [1024],
      alignment: 4,
      sizeBytes: 1024,
    });
  });

  it('parses operands: vectors, addresses with negative offsets, immediates, predicates, labels', () => {
    const sgemm = loadModule('sgemm.sm_90.ptx');
    const fn = sgemm.functions[1];
    const ld = instructions(fn.body).find((i) => i.text.includes('[%r96+-8]'))!;
    expect(ld.opcode).toBe('ld.shared.f32');
    expect(ld.mnemonic).toBe('ld');
    expect(ld.modifiers).toEqual(['shared', 'f32']);
    expect(ld.operands[1]).toEqual({ kind: 'address', base: { kind: 'register', name: '%r96' }, offset: -8, text: '[%r96+-8]' });
    const rolled = kernel(loops, 'rolled64');
    const mov = instructions(rolled.body).find((i) => i.text.includes('0f40000000'))!;
    expect(mov.operands[1]).toMatchObject({ kind: 'immediate', value: 2, text: '0f40000000' });
    const bra = instructions(rolled.body).find((i) => i.mnemonic === 'bra')!;
    expect(bra.guard).toEqual({ register: '%p1', negated: false });
    expect(bra.operands).toEqual([{ kind: 'symbol', name: '$L__BB0_1' }]);
    expect(rolled.body.filter((s) => s.kind === 'pragma')).toMatchObject([{ values: ['nounroll'] }]);
    const wmma = instructions(kernel(kernels, 'wmma_gemm').body).find((i) => i.opcode.startsWith('wmma.mma'))!;
    expect(wmma.operands.map((o) => (o.kind === 'vector' ? o.elements.length : -1))).toEqual([8, 8, 8, 8]);
  });

  it('maps instructions to source lines via .loc, with line 0 as no line and inlined_at kept', () => {
    const rolled = kernel(loops, 'rolled64');
    const fma = instructions(rolled.body).find((i) => i.mnemonic === 'fma')!;
    expect(fma.source).toMatchObject({ fileIndex: 1, line: 12, column: 5 });
    expect(fma.source!.file).toMatch(/loops\.cu$/);
    const asm = kernel(kernels, 'inline_asm');
    const setp = instructions(asm.body).find((i) => i.text.startsWith('setp.lt.s32'))!;
    expect(setp.source).toBeNull(); // after `.loc 1 0 0`
    const guarded = instructions(asm.body).find((i) => i.text.startsWith('@p ld.global'))!;
    expect(guarded.guard).toEqual({ register: 'p', negated: false });
    expect(guarded.source).toMatchObject({ line: 96, inlinedAt: { fileIndex: 1, line: 104, column: 3 } });
    expect(guarded.position).toEqual({ line: 513, column: 3 });
  });

  it('parses call sequences and .func declarations with return parameters', () => {
    const dot = kernel(kernels, '_Z4dot3PKfS0_');
    expect(dot.kind).toBe('func');
    expect(dot.returns.map((r) => r.name)).toEqual(['func_retval0']);
    expect(dot.params).toHaveLength(6);
    const call = instructions(kernel(kernels, 'calls_func').body).find((i) => i.mnemonic === 'call')!;
    expect(call.opcode).toBe('call.uni');
    expect(call.operands[1]).toEqual({ kind: 'symbol', name: '_Z4dot3PKfS0_' });
    expect(call.operands[2].kind === 'vector' && call.operands[2].elements.length).toBe(6);
  });

  it('keeps unknown opcodes with known: false', () => {
    const text = fixtureText('loops.sm_90.ptx').replace('mov.f32 \t%f5, 0f40000000;', 'frobnicate.f32 \t%f5, 0f40000000;');
    const { module, errors } = parsePtx(text);
    expect(errors).toEqual([]);
    const odd = instructions(module.functions[0].body).find((i) => i.mnemonic === 'frobnicate')!;
    expect(odd.known).toBe(false);
    expect(instructions(module.functions[0].body).every((i) => i === odd || i.known)).toBe(true);
  });

  it('reports malformed PTX with line:column and keeps the other functions', () => {
    const lines = fixtureText('loops.sm_90.ptx').split('\n');
    const at = lines.findIndex((l) => l.includes('ld.global.nc.f32 \t%f7, [%rd12+128];'));
    lines[at] = '\tld.global.nc.f32 \t%f7, [%rd12+128;';
    const { module, errors } = parsePtx(lines.join('\n'));
    expect(errors).toEqual([
      {
        message: "malformed address operand (expected ']', found ';')",
        line: at + 1,
        column: lines[at].indexOf(';') + 1,
        functionName: 'unroll4',
      },
    ]);
    expect(module.functions.map((f) => f.name)).toEqual([
      'rolled64',
      'unroll4',
      'nested',
      'param_bound',
      'param_unroll4',
      'data_dependent',
      'tree_reduce',
    ]);
  });

  it('reports an unterminated body and stray tokens at module scope', () => {
    const { module, errors } = parsePtx('.version 9.0\n.target sm_90\nbogus;\n.visible .entry k(\n.param .u64 p\n)\n{\n\tret;\n');
    expect(errors).toEqual([
      { message: "unexpected 'b' at module scope", line: 3, column: 1, functionName: null },
      { message: "unterminated body of k (missing '}')", line: 9, column: 1, functionName: 'k' },
    ]);
    expect(module.functions[0].body).toHaveLength(1);
  });
});
