// Change discovery: includes, the include graph, units reached by changed files, git's
// name-status output, and the merge base / changed files of a real repository.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildIncludeGraph,
  changedFiles,
  findChanges,
  includeClosure,
  parseNameStatus,
  scanIncludes,
  selectUnits,
  unitsReaching,
} from '../../src/discover/index.js';
import { createFixtureRepo, type FixtureRepo } from '../helpers/fixture-repo.js';

describe('include scanning', () => {
  it('finds quoted and angle includes with their lines; a line comment is not a directive', () => {
    const text = '#pragma once\n#include "a.cuh"\n  #  include <cuda/std/cmath>\n// #include "commented.h"\n#define X 1\n';
    expect(scanIncludes(text)).toEqual([
      { target: 'a.cuh', quoted: true, line: 2 },
      { target: 'cuda/std/cmath', quoted: false, line: 3 },
    ]);
  });

  it('resolves quoted includes next to the includer first, then the include directories', () => {
    const files: Record<string, string> = {
      'src/k.cu': '#include "util.cuh"\n#include "common/math.h"\n#include <vector>\n',
      'src/util.cuh': '#include "../include/deep.hpp"\n',
      'include/common/math.h': '',
      'include/deep.hpp': '#include "common/math.h"\n',
      'other/u.cu': '#include <common/math.h>\n',
    };
    const graph = buildIncludeGraph(Object.keys(files), (f) => files[f] ?? null, ['include']);
    expect(graph.get('src/k.cu')).toEqual(['src/util.cuh', 'include/common/math.h']);
    expect(graph.get('src/util.cuh')).toEqual(['include/deep.hpp']);
    expect(graph.get('include/deep.hpp')).toEqual(['include/common/math.h']);
    expect(includeClosure(graph, 'src/k.cu').sort()).toEqual(['include/common/math.h', 'include/deep.hpp', 'src/k.cu', 'src/util.cuh']);
    expect([...unitsReaching(graph, ['src/k.cu', 'other/u.cu'], ['include/deep.hpp'])]).toEqual([['src/k.cu', ['include/deep.hpp']]]);
    expect([...unitsReaching(graph, ['src/k.cu', 'other/u.cu'], ['include/common/math.h']).keys()]).toEqual(['src/k.cu', 'other/u.cu']);
  });

  it('survives include cycles', () => {
    const files: Record<string, string> = { 'a.cuh': '#include "b.cuh"\n', 'b.cuh': '#include "a.cuh"\n', 'k.cu': '#include "a.cuh"\n' };
    const graph = buildIncludeGraph(Object.keys(files), (f) => files[f]);
    expect(includeClosure(graph, 'k.cu')).toEqual(['k.cu', 'a.cuh', 'b.cuh']);
  });
});

describe('selecting units', () => {
  it('selects units through either side: a header dropped on head still selects its base includers', () => {
    const base: Record<string, string> = { 'k.cu': '#include "old.cuh"\n', 'old.cuh': '', 'n.cu': '' };
    const head: Record<string, string> = { 'k.cu': '\n', 'n.cu': '', 'new.cu': '' };
    const selection = selectUnits({
      headFiles: Object.keys(head),
      baseFiles: Object.keys(base),
      readHead: (f) => head[f] ?? null,
      readBase: (f) => base[f] ?? null,
      sources: ['**/*.cu'],
      includeDirs: [],
      changed: [
        { path: 'old.cuh', status: 'deleted', oldPath: null },
        { path: 'new.cu', status: 'added', oldPath: null },
      ],
    });
    expect([...selection.units]).toEqual(
      [
        ['k.cu', ['old.cuh']],
        ['new.cu', ['new.cu']],
      ].sort(),
    );
    expect(selection.headOnly).toEqual(['new.cu']);
    expect(selection.baseOnly).toEqual([]);
  });

  it('ignores changes to files that cannot affect a kernel and units outside `sources`', () => {
    const files: Record<string, string> = {
      'kernels/a.cu': '#include "h.h"\n',
      'tests/t.cu': '#include "../kernels/h.h"\n',
      'kernels/h.h': '',
    };
    const selection = selectUnits({
      headFiles: Object.keys(files),
      baseFiles: Object.keys(files),
      readHead: (f) => files[f],
      readBase: (f) => files[f],
      sources: ['kernels/**/*.cu'],
      includeDirs: [],
      changed: [
        { path: 'kernels/h.h', status: 'modified', oldPath: null },
        { path: 'README.md', status: 'modified', oldPath: null },
      ],
    });
    expect([...selection.units.keys()]).toEqual(['kernels/a.cu']);
  });
});

describe('git', () => {
  let repo: FixtureRepo;
  let base: string;
  let head: string;
  beforeAll(() => {
    repo = createFixtureRepo();
    base = repo.commitSide('base', 'base');
    repo.git('checkout', '-q', '-b', 'feature');
    head = repo.commitSide('head', 'head');
    repo.git('checkout', '-q', 'main');
    // main moves on after the branch point: the merge base stays at `base`.
    repo.commitFiles({ 'README.md': 'main moved\n' }, 'main moves on');
  });
  afterAll(() => repo.remove());

  it('parses name-status with renames', () => {
    expect(parseNameStatus('M\0a.cu\0R087\0old.cuh\0new.cuh\0A\0n.cu\0D\0gone.h\0')).toEqual([
      { path: 'a.cu', status: 'modified', oldPath: null },
      { path: 'new.cuh', status: 'renamed', oldPath: 'old.cuh' },
      { path: 'n.cu', status: 'added', oldPath: null },
      { path: 'gone.h', status: 'deleted', oldPath: null },
    ]);
  });

  it('diffs the merge base against head, not the moved base branch', async () => {
    const mainTip = repo.git('rev-parse', 'main');
    const range = await findChanges(repo.dir, mainTip, head);
    expect(range.mergeBase).toBe(base);
    expect(range.changed.map((c) => c.path)).toEqual(['kernels/common.cuh', 'kernels/pressure.cu']);
    expect(await changedFiles(repo.dir, mainTip, head)).toHaveLength(3);
  });

  it('reports a base commit that is not in the repository', async () => {
    await expect(findChanges(repo.dir, 'e'.repeat(40), head)).rejects.toThrow(
      /not in the checkout and could not be fetched \(use actions\/checkout with fetch-depth: 0\)/,
    );
  });
});
