// The corpus of the analysis byte-identity test (test/analysis/identity.test.ts): every PTX
// file under test/fixtures and examples, every .cu there and the bench kernels
// (bench/kernels, the variants bench/analysis.bench.ts measures) built by nvcc, each analysed
// by analyzeModule under three launches (no block given, a 1-D and a 2-D block). Each kernel
// report is reduced to a SHA-256 of its JSON, with the repository and build directories
// replaced by fixed names so the digests do not depend on where the checkout lies.
// `node --import tsx scripts/analysis-golden.ts` rewrites the golden from the current code.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analyzeModule, type KernelLaunch } from '../../src/analysis/index.js';
import { compileCuda, type ResourceRecord } from '../../src/toolchain/index.js';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const GOLDEN_FILE = path.join(REPO_ROOT, 'test/fixtures/analysis/golden.json');
const ARCH = 'sm_90';

/** Bench variants (bench/analysis.bench.ts) and a small one of each source. */
const BENCH_VARIANTS: Array<{ source: string; defines: Record<string, number> }> = [
  { source: 'stencil3d.cu', defines: { R: 2, TZ: 4 } },
  { source: 'stencil3d.cu', defines: { R: 4, TZ: 16 } },
  { source: 'stencil3d.cu', defines: { R: 8, TZ: 32 } },
  { source: 'stencil3d.cu', defines: { R: 8, TZ: 64 } },
  { source: 'warp_gemm.cu', defines: { BK: 16, WNITER: 4, TM: 8, TN: 4 } },
  { source: 'warp_gemm.cu', defines: { BK: 32, WNITER: 2, TM: 4, TN: 4 } },
  { source: 'warp_gemm.cu', defines: { BK: 32, WNITER: 4, TM: 8, TN: 4 } },
  { source: 'warp_gemm.cu', defines: { BM: 256, BN: 256, BK: 16, WM: 128, WN: 64, WNITER: 4, TM: 8, TN: 8 } },
];

/** Launches each module is analysed under: none (launch bounds or a sweep), 1-D, 2-D with a grid and parameter values. */
const LAUNCHES: Record<string, KernelLaunch> = {
  none: { block: null, blockSource: null, dynamicSharedBytes: 0, carveoutPercent: -1 },
  '256x1x1': { block: [256, 1, 1], blockSource: 'cli', dynamicSharedBytes: 0, carveoutPercent: -1 },
  '16x16x1': {
    block: [16, 16, 1],
    blockSource: 'cli',
    dynamicSharedBytes: 0,
    carveoutPercent: -1,
    grid: [64, 64, 1],
    params: { 0: 0, 3: 1024 },
  },
};

export interface ModuleDigest {
  /** SHA-256 of the PTX analysed (paths normalised): a change here means the input changed, not the analysis. */
  ptx: string;
  /** Launch name -> SHA-256 of the module diagnostics and of each kernel's report JSON, by kernel name. */
  launches: Record<string, { diagnostics: string; kernels: Record<string, string> }>;
}

export interface CorpusDigests {
  arch: string;
  /** Modules by repository-relative name (bench variants: `bench/kernels/X.cu D=1 ...`). */
  modules: Record<string, ModuleDigest | { buildFailed: true }>;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * nvcc names anonymous namespaces and internal-linkage symbols after a hash of the source's
 * absolute path (`_GLOBAL__N__ccbcaccc_11_demangle_cu_3ef0f324`, `_INTERNAL_911142d5_9_corpus_cu_1f57…`,
 * also spelt out as bytes in the debug string section), so the same source built in another
 * checkout differs there only. Those hashes are replaced, the debug byte lines dropped and the
 * toolkit include directory named by a placeholder.
 */
function withoutPathHashes(text: string): string {
  return (
    text
      // Toolkit headers are named through the nvcc found on PATH (/usr/local/cuda/bin/../targets/…
      // or /usr/local/cuda-13.0/bin/../targets/…).
      .replace(/"[^"\n]*\/targets\/[^/"\n]+\/include\//g, '"<toolkit>/include/')
      .replace(/^\.b8 [\d,]+$/gm, '')
      .replace(/_GLOBAL__N__[0-9a-f]{8}_(\d+_\w+?)_[0-9a-f]{8}/g, '_GLOBAL__N__<hash>_$1_<hash>')
      .replace(/_INTERNAL_[0-9a-f]{8}_(\d+_\w+?)_[0-9a-f]{8}/g, '_INTERNAL_<hash>_$1_<hash>')
  );
}

function listFiles(dir: string, ext: string): string[] {
  return readdirSync(path.join(REPO_ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(ext))
    .map((e) => path.relative(REPO_ROOT, path.join(e.parentPath, e.name)))
    .sort();
}

function digestModule(
  ptxText: string,
  ptxFile: string,
  resources: ResourceRecord[],
  defines: Record<string, number>,
  sourceText: string | null,
  normalise: (text: string) => string,
): ModuleDigest {
  const launches: ModuleDigest['launches'] = {};
  for (const [launchName, launch] of Object.entries(LAUNCHES)) {
    const result = analyzeModule({
      ptxText,
      ptxFile,
      sourceFile: null,
      arch: ARCH,
      resources,
      launchFor: () => launch,
      defines,
      loops: { assumedTripCount: 4, hints: {} },
      sourceText,
    });
    const kernels: Record<string, string> = {};
    for (const kernel of result.kernels) kernels[normalise(kernel.name)] = sha(normalise(JSON.stringify(kernel)));
    launches[launchName] = { diagnostics: sha(normalise(JSON.stringify(result.diagnostics))), kernels };
  }
  return { ptx: sha(normalise(ptxText)), launches };
}

/** Builds and analyses the whole corpus. `only` limits it to module names containing that text. */
export async function corpusDigests(only?: string): Promise<CorpusDigests> {
  const work = mkdtempSync(path.join(tmpdir(), 'carve-identity-'));
  const normalise = (text: string) => withoutPathHashes(text.split(work).join('<build>').split(REPO_ROOT).join('<repo>'));
  // Committed PTX is input data: paths recorded in it (the checkout it was built in) are kept as
  // written, so the digests do not depend on whether that checkout is this one.
  const asCommitted = (text: string) => text;
  const modules: CorpusDigests['modules'] = {};
  const wanted = (name: string) => !only || name.includes(only);
  try {
    for (const file of [...listFiles('test/fixtures', '.ptx'), ...listFiles('examples', '.ptx')]) {
      if (!wanted(file)) continue;
      modules[file] = digestModule(readFileSync(path.join(REPO_ROOT, file), 'utf8'), file, [], {}, null, asCommitted);
    }
    const builds: Array<{ name: string; source: string; defines: Record<string, number> }> = [
      ...[...listFiles('test/fixtures', '.cu'), ...listFiles('examples', '.cu')].map((file) => ({ name: file, source: file, defines: {} })),
      ...BENCH_VARIANTS.map((v) => ({
        name: `bench/kernels/${v.source} ${Object.entries(v.defines)
          .map(([k, x]) => `${k}=${x}`)
          .join(' ')}`,
        source: `bench/kernels/${v.source}`,
        defines: v.defines,
      })),
    ].filter((b) => wanted(b.name));
    // Two builds at a time; analysis in name order.
    const built = new Map<string, Awaited<ReturnType<typeof compileCuda>>>();
    let next = 0;
    const worker = async () => {
      while (next < builds.length) {
        const b = builds[next++];
        const outDir = path.join(work, b.name.replace(/[^\w.-]+/g, '_'));
        built.set(
          b.name,
          await compileCuda({ source: path.join(REPO_ROOT, b.source), arch: ARCH, outDir, defines: b.defines, cubin: false }),
        );
      }
    };
    await Promise.all([worker(), worker()]);
    for (const b of builds) {
      const result = built.get(b.name)!;
      if (!result.ok || !result.ptx || !result.ptxPath) {
        modules[b.name] = { buildFailed: true };
        continue;
      }
      const sourceText = readFileSync(path.join(REPO_ROOT, b.source), 'utf8');
      modules[b.name] = digestModule(result.ptx, normalise(result.ptxPath), result.resources, b.defines, sourceText, normalise);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { arch: ARCH, modules: Object.fromEntries(Object.entries(modules).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
}
