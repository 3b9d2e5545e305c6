// The source line a user owns for an instruction: code nvcc inlined from the CUDA toolkit's
// headers (cuda_bf16.hpp, sm_32_intrinsics.hpp, crt/...) carries `.loc F L C, inlined_at ...`;
// the chain of call sites is followed outward until a file outside the toolkit. An
// annotation then points at the user's call, never into the toolkit.
import type { PtxFunction, PtxModule, SourceLocation } from './ast.js';

/** Headers installed with the toolkit or the host compiler (paths as nvcc writes them in `.file`). */
export function isToolkitFile(file: string | null): boolean {
  if (!file) return false;
  const f = file.replace(/\\/g, '/');
  return (
    /\/targets\/[^/]+\/include\//.test(f) ||
    /\/cuda[-.\w]*\/include\//.test(f) ||
    /\/include\/crt\//.test(f) ||
    /\/nvidia\/[\w_]+\/include\//.test(f) ||
    f.startsWith('/usr/include/') ||
    /\/lib\/gcc\/[^/]+\/[^/]+\/include\//.test(f)
  );
}

const key = (loc: SourceLocation): string => `${loc.fileIndex}:${loc.line}:${loc.column}`;

/** Each inlined location of the module (or, without one, of the function's instructions) -> its call site. */
export function inlineChains(fn: PtxFunction, module?: PtxModule): Map<string, SourceLocation> {
  if (module?.inlineCalls) return module.inlineCalls;
  const outer = new Map<string, SourceLocation>();
  for (const s of fn.body) {
    const src = (s as { source?: SourceLocation | null }).source;
    if (src?.inlinedAt && !outer.has(key(src))) outer.set(key(src), src.inlinedAt);
  }
  return outer;
}

/** The innermost location of the chain that is not in a toolkit header (the location itself when it is not; null when the chain never leaves the toolkit). */
export function userLocation(source: SourceLocation | null, chains: Map<string, SourceLocation>): SourceLocation | null {
  let loc = source;
  for (let depth = 0; loc && isToolkitFile(loc.file) && depth < 64; depth++) {
    const next = loc.inlinedAt ?? chains.get(key(loc));
    // A chain that ends inside the toolkit gives no line rather than a toolkit one.
    if (!next) return null;
    loc = next;
  }
  return loc;
}
