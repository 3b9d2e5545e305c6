// A space whose arguments do not match the kernel's parameters (count, int vs pointer) is a
// config error naming the argument by its JSON path and line; the kernel is compiled by nvcc.
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfigFile } from '../../src/config/load.js';
import { carveSpace } from '../../src/analysis/carving/index.js';
import { checkSpaceArguments, entryParameterTypes, signatureParameterTypes } from '../../src/analysis/carving/arguments.js';
import { requireNvcc } from '../helpers/tools.js';

const SPACE = (args: string) => `archs: [sm_90]
spaces:
  tiny:
    source: tiny.cu
    kernel: scale
    parameters: { UNROLL: [1], STRIDE: [1], BLOCK: [128] }
    defines: { N: 1048576 }
    launch: { block: [BLOCK], grid: ["N / BLOCK"] }
    arguments:
${args}
`;

describe('space arguments against the kernel parameters', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'carve-args-'));
  const cacheDir = path.join(dir, 'cache');
  copyFileSync('test/fixtures/carving/tiny.cu', path.join(dir, 'tiny.cu'));
  const carveWith = async (args: string) => {
    const file = path.join(dir, 'carve.yml');
    writeFileSync(file, SPACE(args));
    const { config } = loadConfigFile(file);
    return (await carveSpace({ config, spaceName: 'tiny', arch: 'sm_90', cacheDir, configFile: file })).diagnostics.filter(
      (d) => d.stage === 'config',
    );
  };
  beforeAll(async () => {
    await requireNvcc();
  });

  it('accepts the arguments tiny.yml gives (two buffers, an int)', async () => {
    expect(await carveWith('      - { buffer: float32, count: N }\n      - { buffer: float32, count: N }\n      - { int: N }')).toEqual([]);
  });

  it('names a buffer given for the int parameter, with its line', async () => {
    const found = await carveWith(
      '      - { buffer: float32, count: N }\n      - { buffer: float32, count: N }\n      - { buffer: int32, count: N }',
    );
    expect(found.map((d) => [d.severity, d.jsonPath, d.line, d.message])).toEqual([
      [
        'error',
        '/spaces/tiny/arguments/2',
        12,
        "/spaces/tiny/arguments/2: argument 2 is an int32 buffer (a pointer), but parameter 2 of kernel 'scale' is .u32",
      ],
    ]);
  });

  it('names a missing argument', async () => {
    const found = await carveWith('      - { buffer: float32, count: N }\n      - { buffer: float32, count: N }');
    expect(found.map((d) => [d.jsonPath, d.message])).toEqual([
      ['/spaces/tiny/arguments', "/spaces/tiny/arguments: the space gives 2 arguments but kernel 'scale' takes 3 (PTX .u64, .u64, .u32)"],
    ]);
  });

  it('reads the PTX parameter types of an entry and the types of a demangled signature', () => {
    const ptx =
      '.visible .entry _Z1kPfif(\n\t.param .u64 .ptr .align 1 _Z1kPfif_param_0,\n\t.param .u32 _Z1kPfif_param_1,\n\t.param .f32 _Z1kPfif_param_2\n)\n{\n}';
    expect(entryParameterTypes(ptx, '_Z1kPfif')).toEqual(['u64', 'u32', 'f32']);
    expect(entryParameterTypes(ptx, 'other')).toBeNull();
    expect(signatureParameterTypes('void sgemmAutotuned<128, 128, 8, 8, 8>(int, int, int, float, float*, float*, float, float*)')).toEqual([
      'int',
      'int',
      'int',
      'float',
      'float*',
      'float*',
      'float',
      'float*',
    ]);
    expect(signatureParameterTypes('scale')).toBeNull();
  });

  it('with a demangled signature, an int for a pointer is named (a .u64 alone could be either)', () => {
    const signature = 'void sgemmAutotuned<128, 128, 8, 8, 8>(int, int, int, float, float*, float*, float, float*)';
    const args = [
      { int: 'MAT' },
      { int: 'MAT' },
      { int: 'MAT' },
      { float: 1 },
      { int: 0 },
      { buffer: 'float32', count: 4, init: 'random' as const },
      { float: 0 },
      { buffer: 'float32', count: 4, init: 'zero' as const },
    ];
    expect(checkSpaceArguments('k9', 'sgemmAutotuned', args, signature, null).map((d) => d.message)).toEqual([
      "/spaces/k9/arguments/4: argument 4 is an int, but parameter 4 of kernel 'sgemmAutotuned' is 'float*'",
    ]);
    expect(
      checkSpaceArguments('k9', 'sgemmAutotuned', args, 'sgemmAutotuned', ['u32', 'u32', 'u32', 'f32', 'u64', 'u64', 'f32', 'u64']),
    ).toEqual([]);
    expect(checkSpaceArguments('k9', 'sgemmAutotuned', [], signature, null)).toEqual([]);
  });
});
