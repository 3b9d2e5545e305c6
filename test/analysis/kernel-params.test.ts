// Kernel parameter names from CUDA signatures, --param parsing, and the config's
// kernels.NAME.params reaching the analysis through the pipeline's launch choice.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bareKernelName, kernelSignatures, parseParamAssignment, resolveParams } from '../../src/analysis/kernel-params.js';
import { analyzeModule } from '../../src/analysis/analyze.js';
import { parseConfigText } from '../../src/config/load.js';
import { launchFor } from '../../src/pipeline/launch.js';

describe('kernel signatures', () => {
  it('names parameters of plain, templated and launch-bounded kernels, ignoring comments and defaults', () => {
    const source = [
      '// __global__ void commented(int x) {}',
      'template <int BM, typename T = float>',
      '__global__ void __launch_bounds__(256, 2) sgemm(int M, int N, int K, const T* __restrict__ A, const T *B, T* C) {}',
      'extern "C" __global__ void scale(float alpha, float* x /* in place */, int n) {}',
      'namespace ns { __global__ void fill(float4* __restrict__ out, unsigned long long count, int pad[4]) {} }',
      '__global__ void none(void) {}',
      '__global__ void fn_ptr(void (*cb)(int, int), int tail) {}',
    ].join('\n');
    const sigs = kernelSignatures(source);
    expect([...sigs.entries()]).toEqual([
      ['sgemm', ['M', 'N', 'K', 'A', 'B', 'C']],
      ['scale', ['alpha', 'x', 'n']],
      ['fill', ['out', 'count', 'pad']],
      ['none', []],
      ['fn_ptr', ['cb', 'tail']],
    ]);
  });

  it('takes the bare name of a demangled kernel', () => {
    expect(bareKernelName('void ns::sgemm<128, float>(int, int, float const*)')).toBe('sgemm');
    expect(bareKernelName('ns::inner::k<(int)4>(float*)')).toBe('k');
    expect(bareKernelName('scale')).toBe('scale');
  });

  it('parses --param and rejects bad input with the name in the message', () => {
    expect(parseParamAssignment('K=4096')).toEqual({ kernel: null, name: 'K', value: 4096 });
    expect(parseParamAssignment('sgemm:2=0x10')).toEqual({ kernel: 'sgemm', name: '2', value: 16 });
    expect(parseParamAssignment('K=')).toEqual({ error: "--param K: value '' is not a number" });
    expect(parseParamAssignment('K=big')).toEqual({ error: "--param K: value 'big' is not a number" });
    expect(parseParamAssignment('K')).toHaveProperty('error');
  });

  it('resolves names and indexes, listing the parameters for an unknown one', () => {
    expect(resolveParams({ K: 64, 0: 8 }, 'sgemm', ['M', 'N', 'K'], 3)).toEqual({ values: { 0: 8, 2: 64 }, errors: [] });
    expect(resolveParams({ Q: 1, 5: 2 }, 'sgemm', ['M', 'N', 'K'], 3).errors).toEqual([
      'parameter index 5 out of range: sgemm has 3 parameters',
      "unknown parameter 'Q' for sgemm: its parameters are 0:M, 1:N, 2:K",
    ]);
  });
});

describe('config kernels.NAME.params', () => {
  const ptx = readFileSync(path.resolve(import.meta.dirname, '../fixtures/ptx/loops.sm_90.ptx'), 'utf8');
  // The fixture's param_bound has three parameters; its loop is bounded by the third.
  const source = '__global__ void param_bound(float* out, const float* in, int n) {}';

  function analyse(yaml: string) {
    const { config, valid, diagnostics } = parseConfigText(yaml, 'carve.yml', '.');
    expect(diagnostics).toEqual([]);
    expect(valid).toBe(true);
    return analyzeModule({
      ptxText: ptx,
      ptxFile: 'loops.sm_90.ptx',
      sourceFile: 'loops.cu',
      arch: 'sm_90',
      resources: [],
      sourceText: source,
      launchFor: (name, displayName, resources) => launchFor(config, name, displayName, resources),
      defines: {},
      loops: { assumedTripCount: 1, hints: {} },
    }).kernels.find((k) => k.name === 'param_bound')!;
  }

  it('bounds a loop by a named parameter value, and reports an unknown name listing the parameters', () => {
    expect(analyse('kernels:\n  param_bound:\n    block: [128]\n    params: { n: 12 }\n').loops[0].tripCount).toBe(12);
    expect(analyse('kernels:\n  param_bound:\n    params: { 2: 7 }\n').loops[0].tripCount).toBe(7);
    const bad = analyse('kernels:\n  param_bound:\n    params: { m: 7 }\n');
    expect(bad.loops[0].tripCount).toBeNull();
    expect(bad.diagnostics.map((d) => d.message)).toContain("unknown parameter 'm' for param_bound: its parameters are 0:out, 1:in, 2:n");
  });

  it('rejects a non-numeric value in the config with its JSON path', () => {
    const { valid, diagnostics } = parseConfigText('kernels:\n  k:\n    params: { n: lots }\n', 'carve.yml', '.');
    expect(valid).toBe(false);
    expect(diagnostics).toEqual([expect.objectContaining({ jsonPath: '/kernels/k/params/n', line: 3 })]);
  });
});
