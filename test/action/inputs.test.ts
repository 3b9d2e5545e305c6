// Action inputs: defaults, lists, and every invalid value reported as a diagnostic naming the input.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { listInput, readInputs } from '../../src/action/inputs.js';

const reader = (values: Record<string, string>) => (name: string) => values[name] ?? '';

describe('readInputs', () => {
  it('applies the defaults when nothing is set (as when run outside action.yml)', () => {
    const { inputs, diagnostics } = readInputs(reader({}));
    expect(diagnostics).toEqual([]);
    expect(inputs).toEqual({
      config: '.github/carve.yml',
      mode: 'gate',
      archs: [],
      token: '',
      failOn: null,
      comment: null,
      timing: 'off',
      nvcc: null,
      artifacts: [],
      reportDir: 'carve-report',
      sarif: false,
      checkName: 'Carve',
      allowUntrusted: false,
    });
  });

  it('reads lists and overrides', () => {
    const { inputs, diagnostics } = readInputs(
      reader({
        arch: 'sm_90, sm_80\nsm_90a',
        'fail-on': 'cliff,spill',
        comment: 'always',
        timing: 'on',
        mode: 'analyze',
        artifacts: 'build/**/*.{ptx,log}\nreports/*.json\n',
        nvcc: '/opt/cuda/bin/nvcc',
        sarif: 'true',
      }),
    );
    expect(diagnostics).toEqual([]);
    expect(inputs).toMatchObject({
      archs: ['sm_90', 'sm_80', 'sm_90a'],
      failOn: ['cliff', 'spill'],
      comment: 'always',
      timing: 'on',
      mode: 'analyze',
      artifacts: ['build/**/*.{ptx,log}', 'reports/*.json'],
      nvcc: '/opt/cuda/bin/nvcc',
      sarif: true,
    });
    expect(readInputs(reader({ 'fail-on': 'none' })).inputs.failOn).toEqual([]);
  });

  it('reports each bad value with the input it came from and keeps going', () => {
    const { inputs, diagnostics } = readInputs(
      reader({ mode: 'deploy', arch: 'sm_90,sm_13', 'fail-on': 'cliff,slowness', comment: 'sometimes', timing: 'maybe' }),
    );
    expect(diagnostics.map((d) => [d.jsonPath, d.severity, d.stage])).toEqual([
      ['inputs.mode', 'error', 'config'],
      ['inputs.arch', 'error', 'config'],
      ['inputs.fail-on', 'error', 'config'],
      ['inputs.comment', 'error', 'config'],
      ['inputs.timing', 'error', 'config'],
    ]);
    expect(diagnostics[1].message).toMatch(/^input `arch`: unknown architecture 'sm_13' \(known: sm_75, /);
    expect(diagnostics[2].message).toMatch(/^input `fail-on`: unknown finding kind 'slowness'/);
    expect(inputs).toMatchObject({ mode: 'gate', archs: ['sm_90'], failOn: ['cliff'], comment: null, timing: 'off' });
  });

  it('splits lists on commas, spaces and newlines', () => {
    expect(listInput(' a, b\n\nc  d,')).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('action.yml', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const action = parse(readFileSync(path.join(root, 'action.yml'), 'utf8')) as {
    inputs: Record<string, unknown>;
    outputs: Record<string, unknown>;
  };

  it('declares exactly the inputs the Action reads, and the README documents each input and output', () => {
    const requested: string[] = [];
    readInputs((name) => {
      requested.push(name);
      return '';
    });
    expect([...new Set(requested)].sort()).toEqual(Object.keys(action.inputs).sort());
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    for (const name of [...Object.keys(action.inputs), ...Object.keys(action.outputs)]) expect(readme, name).toContain(`| \`${name}\` |`);
  });
});
