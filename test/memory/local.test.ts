// Local memory in test/fixtures/memory/symbolic.cu: s04_local_dynamic keeps float buf[64],
// indexed by a runtime value, in local memory (ptxas -v: 256 bytes stack frame). The first
// loop (unrolled by nvcc) stores 16 x st.local.v4.f32 = 256 B per thread; the second reads
// 8 x ld.local.f32 = 32 B per thread.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeModule, type KernelLaunch } from '../../src/analysis/index.js';
import { localMemoryFinding } from '../../src/analysis/compare/local-findings.js';
import type { CarveReport, KernelReport } from '../../src/model/types.js';
import { reportSchemaErrors } from '../../src/report/validate.js';
import { parsePtxasLog } from '../../src/toolchain/index.js';

const dir = new URL('../fixtures/memory/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, dir), 'utf8');

function kernels(): KernelReport[] {
  return analyzeModule({
    ptxText: read('symbolic.ptx'),
    ptxFile: 'symbolic.ptx',
    sourceFile: 'symbolic.cu',
    arch: 'sm_90',
    resources: parsePtxasLog(read('symbolic.ptxas.txt'), 'symbolic.ptxas.txt').kernels,
    launchFor: (): KernelLaunch => ({ block: [256, 1, 1], blockSource: 'cli', dynamicSharedBytes: 0, carveoutPercent: -1 }),
    defines: {},
    loops: { assumedTripCount: 1, hints: {} },
  }).kernels;
}

describe('local memory', () => {
  const all = kernels();
  const local = all.find((k) => k.name === 's04_local_dynamic')!;
  const copy = all.find((k) => k.name === 's01_param_stride')!;

  it('per-thread local bytes (trip-weighted ld.local / st.local) and the stack frame', () => {
    expect([local.perThread!.localStoreBytes, local.perThread!.localLoadBytes, local.resources!.stackFrameBytes]).toEqual([256, 32, 256]);
    expect(local.localAccesses!.map((a) => `${a.kind} ${a.line} ${a.bytesPerLane}x${a.dynamicWeight}`)).toEqual([
      ...Array.from({ length: 16 }, () => 'store 32 16x1'),
      ...Array.from({ length: 8 }, () => 'load 34 4x1'),
    ]);
    expect([copy.perThread!.localStoreBytes, copy.perThread!.localLoadBytes, copy.localAccesses]).toEqual([0, 0, undefined]);
  });

  it('the report with local sites is valid against the schema', () => {
    const report: CarveReport = {
      schemaVersion: 1,
      tool: { name: 'carve', version: 'test' },
      archs: ['sm_90'],
      kernels: all,
      diagnostics: [],
    };
    expect(reportSchemaErrors(report)).toEqual([]);
  });

  it('a kernel that gains a local array gets a finding naming local memory, at its heaviest local load', () => {
    // The base: the same kernel without local memory (s01's figures, renamed).
    const base: KernelReport = { ...copy, name: local.name, displayName: local.displayName };
    const finding = localMemoryFinding(base, local)!;
    expect(finding.kind).toBe('spill');
    expect(finding.severity).toBe('failure');
    expect(finding.title).toBe('local memory appeared: stack frame 0 → 256 B/thread, 0 → 256 B stored, 0 → 32 B loaded per thread');
    expect([finding.file, finding.line]).toEqual([local.localAccesses![0].file, 34]);
    expect(finding.message).toBe(
      'Per-thread data lives in local memory (DRAM through L1, like spills): 0 → 256 B stored, 0 → 32 B loaded per thread in the PTX ' +
        '(ld.local / st.local, trip-weighted) (heaviest: ld.local at line 34, 4 B x 1 per thread); stack frame 0 → 256 B/thread (ptxas).',
    );
    expect(finding.remedy).toContain('shared memory');
    expect(localMemoryFinding(local, local)).toBeNull();
    expect(localMemoryFinding(null, local)!.title).toBe(
      'local memory appeared: stack frame 256 B/thread, 256 B stored, 32 B loaded per thread',
    );
  });
});
