// The cubin reader against NVIDIA's cuobjdump -res-usage, run on the H100 machine over the same
// committed cubins (test/fixtures/toolchain/hardware/README.md records the command).
import { describe, expect, it } from 'vitest';
import { readCubin } from '../../src/toolchain/index.js';
import { fixtureBytes, fixtureText } from './fixtures.js';

const CUBINS = [
  'kernels.sm_75',
  'kernels.sm_80',
  'kernels.sm_90',
  'kernels.sm_100',
  'kernels.sm_120',
  'spill.sm_80',
  'spill.sm_90',
  'recursion.sm_90',
];

/** kernel -> { REG, STACK, SHARED, LOCAL, 'CONSTANT[0]', ... } from cuobjdump -res-usage output. */
function parseResUsage(text: string): Map<string, Record<string, number>> {
  const kernels = new Map<string, Record<string, number>>();
  let current: string | null = null;
  for (const line of text.split('\n')) {
    const fn = /^ Function (\S+):$/.exec(line);
    if (fn) {
      current = fn[1];
      continue;
    }
    if (current && /^\s+REG:/.test(line)) {
      kernels.set(
        current,
        Object.fromEntries(
          line
            .trim()
            .split(/\s+/)
            .map((item) => {
              const [key, value] = item.split(':');
              return [key, Number(value)];
            }),
        ),
      );
      current = null;
    }
  }
  return kernels;
}

describe('readCubin equals cuobjdump -res-usage (H100 machine, CUDA 13.0)', () => {
  it.each(CUBINS)('%s', (base) => {
    const measured = parseResUsage(fixtureText(`hardware/${base}.res-usage.txt`));
    const { arch, kernels } = readCubin(fixtureBytes(`${base}.cubin`));
    expect(kernels.map((k) => k.name).sort()).toEqual([...measured.keys()].sort());
    const sm = Number(arch!.slice(3));
    for (const kernel of kernels) {
      const r = kernel.resources;
      // cuobjdump prints the raw .nv.shared.<kernel> size, which on sm_90+ includes the 1 KB
      // system-reserved window that ptxas's "bytes smem" (and our staticSharedBytes) leave out.
      const rawShared = r.staticSharedBytes > 0 && sm >= 90 ? r.staticSharedBytes + 1024 : r.staticSharedBytes;
      expect({
        kernel: kernel.name,
        REG: r.registers,
        STACK: r.localBytes,
        SHARED: rawShared,
        LOCAL: 0,
        'CONSTANT[0]': r.constantBytes,
      }).toEqual({
        kernel: kernel.name,
        REG: measured.get(kernel.name)!.REG,
        STACK: measured.get(kernel.name)!.STACK,
        SHARED: measured.get(kernel.name)!.SHARED,
        LOCAL: measured.get(kernel.name)!.LOCAL,
        'CONSTANT[0]': measured.get(kernel.name)!['CONSTANT[0]'],
      });
    }
  });
});

describe('readCubin equals the CUDA driver (cuFuncGetAttribute on the H100)', () => {
  const rows = fixtureText('hardware/func-attrs.sm_90.tsv')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'));

  it('covers every kernel of the three sm_90 cubins', () => {
    expect(rows).toHaveLength(11);
  });

  it.each(rows.map((row) => [row[1], row]))('%s', (_name, row) => {
    const [file, kernel, registers, sharedSizeBytes, localSizeBytes, , maxThreadsPerBlock] = row;
    const ours = readCubin(fixtureBytes(file.split('/').pop()!)).kernels.find((k) => k.name === kernel)!.resources;
    // The driver reports 1024 (the hardware maximum) for a kernel without launch bounds.
    expect([ours.registers, ours.staticSharedBytes, ours.localBytes, ours.maxThreadsPerBlock ?? 1024]).toEqual([
      Number(registers),
      Number(sharedSizeBytes),
      Number(localSizeBytes),
      Number(maxThreadsPerBlock),
    ]);
  });
});
