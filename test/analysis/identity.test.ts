// The analysis reports stay byte-identical over the whole fixture corpus (every PTX fixture,
// every .cu fixture and example, the bench kernels built by nvcc, three launches each):
// each kernel report's JSON digest against test/fixtures/analysis/golden.json, captured from
// the code before the analysis was restructured for speed. A report meant to change is
// re-captured with `node --import tsx scripts/analysis-golden.ts`.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { corpusDigests, GOLDEN_FILE, type CorpusDigests } from '../helpers/analysis-corpus.js';
import { requireNvcc } from '../helpers/tools.js';

const golden = JSON.parse(readFileSync(GOLDEN_FILE, 'utf8')) as CorpusDigests & { nvcc: string };

describe('analysis byte-identity over the corpus', () => {
  let current: CorpusDigests;
  let nvccVersion: string;
  beforeAll(async () => {
    nvccVersion = (await requireNvcc()).version;
    current = await corpusDigests();
  }, 900_000);

  it('covers the same modules, with the corpus sizes the golden was captured on', () => {
    expect(Object.keys(current.modules)).toEqual(Object.keys(golden.modules));
    const built = Object.values(golden.modules).filter((m) => !('buildFailed' in m)).length;
    expect(built).toBeGreaterThanOrEqual(60);
  });

  it('analyses the same PTX (nvcc output unchanged)', () => {
    const ptx = (digests: CorpusDigests) =>
      Object.fromEntries(Object.entries(digests.modules).map(([name, m]) => [name, 'buildFailed' in m ? 'build failed' : m.ptx]));
    expect(ptx(current), `PTX differs from the golden's (captured with nvcc ${golden.nvcc}, this is ${nvccVersion})`).toEqual(ptx(golden));
  });

  it('produces byte-identical reports for every kernel under every launch', () => {
    const reports = (digests: CorpusDigests) =>
      Object.fromEntries(Object.entries(digests.modules).map(([name, m]) => [name, 'buildFailed' in m ? null : m.launches]));
    expect(reports(current)).toEqual(reports(golden));
  });
});
