// ptxas on a PTX file: the resources of committed or generated PTX (no .cu needed).
import { execFile } from 'node:child_process';
import type { Diagnostic } from '../model/types.js';
import { childEnv, compileTimeoutMs } from './child-env.js';
import { launchBoundsFromPtx } from './launch-bounds.js';
import { parsePtxasLog } from './ptxas-log.js';
import type { ResourceRecord } from './types.js';

/**
 * A ptxas log carries no launch bounds: fill them in from the PTX's .maxntid / .minnctapersm,
 * and drop the "not in this source" reasons the log reader left for them.
 */
export function applyLaunchBounds(records: ResourceRecord[], ptxText: string): void {
  const bounds = launchBoundsFromPtx(ptxText);
  for (const record of records) {
    const fromPtx = bounds.get(record.name);
    if (!record.isEntry || !fromPtx) continue;
    record.resources.maxThreadsPerBlock = fromPtx.maxThreadsPerBlock;
    record.resources.minBlocksPerSM = fromPtx.minBlocksPerSM;
    delete record.resources.nullReasons?.maxThreadsPerBlock;
    delete record.resources.nullReasons?.minBlocksPerSM;
  }
}

/** Runs `ptxas -v` on a PTX file for one arch; a failure is a diagnostic, never a throw. */
export function assemblePtx(
  ptxas: string,
  arch: string,
  ptxPath: string,
  ptxText: string,
): Promise<{ records: ResourceRecord[]; diagnostics: Diagnostic[] }> {
  return new Promise((resolve) => {
    execFile(
      ptxas,
      [`-arch=${arch}`, '-v', '-o', '/dev/null', ptxPath],
      { encoding: 'utf8', maxBuffer: 64 << 20, timeout: compileTimeoutMs(), killSignal: 'SIGKILL', env: childEnv() },
      (error, _stdout, stderr) => {
        if (error && typeof (error as NodeJS.ErrnoException).code === 'string') {
          resolve({
            records: [],
            diagnostics: [
              {
                severity: 'note',
                stage: 'ptxas',
                file: ptxPath,
                message: `ptxas could not run (${(error as Error).message}): resources unknown`,
              },
            ],
          });
          return;
        }
        const parsed = parsePtxasLog(stderr, ptxPath);
        const diagnostics = parsed.diagnostics.filter((d) => d.severity !== 'note');
        if (error)
          diagnostics.push({
            severity: 'warning',
            stage: 'ptxas',
            file: ptxPath,
            message: `ptxas failed on this PTX: ${stderr.trim().split('\n').slice(-2).join(' ')}`,
          });
        applyLaunchBounds(parsed.kernels, ptxText);
        resolve({ records: parsed.kernels, diagnostics });
      },
    );
  });
}
