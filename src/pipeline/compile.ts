// The compile path: every selected translation unit x arch through nvcc (PTX with line info
// + ptxas resources), then the static analysis. A unit that fails to build is a diagnostic
// on its side; the other units are still built and compared.
import path from 'node:path';
import { compileCuda } from '../toolchain/index.js';
import type { CarveConfig } from '../config/types.js';
import type { CarveReport, Diagnostic, KernelReport } from '../report/types.js';
import { escapeReason, safeFolderName } from './containment.js';
import { analyzeOne, sideReport, type Side } from './side.js';
import type { PathMapper } from './paths.js';

export interface CompileSideInput {
  side: Side;
  /** Checkout root of this side (workspace or base worktree). */
  root: string;
  commit: string | null;
  /** Repository-relative units to build. */
  units: readonly string[];
  archs: readonly string[];
  config: CarveConfig;
  nvcc: string;
  /** Scratch directory for PTX and cubins. */
  outDir: string;
  mapper: PathMapper;
  log?: (message: string) => void;
}

export async function compileSide(input: CompileSideInput): Promise<CarveReport> {
  const kernels: KernelReport[] = [];
  const diagnostics: Diagnostic[] = [];
  const includeDirs: string[] = [];
  input.config.include.forEach((dir, index) => {
    const reason = escapeReason(input.root, dir);
    if (reason) diagnostics.push({ severity: 'error', stage: 'config', jsonPath: `/include/${index}`, message: `include dir ${reason}: not used` });
    else includeDirs.push(path.join(input.root, dir));
  });
  for (const unit of input.units) {
    const escape = escapeReason(input.root, unit);
    if (escape) {
      diagnostics.push({ severity: 'error', stage: 'build', file: path.join(input.root, unit), message: `${escape}: not compiled` });
      continue;
    }
    for (const arch of input.archs) {
      input.log?.(`${input.side}: nvcc ${unit} for ${arch}`);
      const outDir = path.join(input.outDir, input.side, arch, safeFolderName(unit));
      const result = await compileCuda({
        source: path.join(input.root, unit),
        arch,
        outDir,
        defines: input.config.defines,
        includeDirs,
        flags: input.config.nvcc.flags,
        nvcc: input.nvcc,
      });
      diagnostics.push(...result.diagnostics.map((d) => ({ ...d, file: d.file ?? path.join(input.root, unit) })));
      if (!result.ok || result.ptx === null) {
        if (!result.diagnostics.some((d) => d.severity === 'error')) {
          diagnostics.push({ severity: 'error', stage: 'build', file: path.join(input.root, unit), message: `nvcc failed for ${arch} (${result.command.join(' ')})` });
        }
        continue;
      }
      const analysed = analyzeOne(
        { ptxText: result.ptx, ptxFile: result.ptxPath ?? unit, sourceFile: path.join(input.root, unit), arch, resources: result.resources },
        input.config,
      );
      kernels.push(...analysed.kernels);
      diagnostics.push(...analysed.diagnostics);
    }
  }
  return sideReport(input.side, input.commit, [...input.archs], kernels, diagnostics, input.mapper);
}
