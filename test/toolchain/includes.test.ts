import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { includeGraph } from '../../src/toolchain/index.js';

const root = mkdtempSync(path.join(tmpdir(), 'carve-includes-'));
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
write(
  'src/unit.cu',
  '#include "local.cuh"\n#include <cuda_runtime.h>\n  #  include "common/shared.h"\n// #include "commented.h"\n/* #include "blocked.h" */\n#include "missing.h"\n',
);
write('src/local.cuh', '#include "detail/impl.cuh"\n#include "unit.cu"\n');
write('src/detail/impl.cuh', '#include "../local.cuh"\n');
write('include/common/shared.h', '#pragma once\n#include "tuning.h"\n');
write('include/common/tuning.h', '#define TILE 32\n');
write('src/commented.h', '');
write('src/blocked.h', '');
write('src/other.cu', '#include "common/tuning.h"\n');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('includeGraph', () => {
  it('follows quoted includes relative to the including file, then the include dirs, through cycles', () => {
    const files = [...includeGraph(path.join(root, 'src/unit.cu'), [path.join(root, 'include')])].map((f) => path.relative(root, f)).sort();
    expect(files).toEqual(['include/common/shared.h', 'include/common/tuning.h', 'src/detail/impl.cuh', 'src/local.cuh', 'src/unit.cu']);
  });

  it('skips what it cannot resolve without the include dir', () => {
    const files = [...includeGraph(path.join(root, 'src/other.cu'))].map((f) => path.relative(root, f));
    expect(files).toEqual(['src/other.cu']);
  });
});
