// The harness manifest: plain text the C++ harness reads (no JSON parser on the C++ side).
//   variant SPACE ID CUBIN KERNEL gx gy gz bx by bz DYNAMIC_SHARED WARMUP SAMPLES
//   buffer TYPE COUNT INIT | int VALUE | float VALUE      (one line per kernel argument)
import type { ResolvedArgument } from '../model/variant.js';

export interface HarnessEntry {
  space: string;
  /** Variant id ("BM=64,BN=32"); must not contain whitespace. */
  id: string;
  /** Path of the cubin, relative to the harness's CUBIN_DIR argument or absolute. */
  cubin: string;
  /** The kernel's (mangled) symbol name in the cubin. */
  kernel: string;
  grid: [number, number, number];
  block: [number, number, number];
  dynamicSharedBytes: number;
  arguments: ResolvedArgument[];
  warmup: number;
  samples: number;
}

export class ManifestError extends Error {}

export function writeManifest(entries: HarnessEntry[]): string {
  const lines: string[] = ['# carve timing manifest'];
  for (const entry of entries) {
    for (const [what, text] of [
      ['space', entry.space],
      ['id', entry.id],
      ['cubin', entry.cubin],
      ['kernel', entry.kernel],
    ] as const) {
      if (!text || /\s/.test(text)) throw new ManifestError(`${what} '${text}' is empty or contains whitespace`);
    }
    lines.push(
      [
        'variant',
        entry.space,
        entry.id,
        entry.cubin,
        entry.kernel,
        ...entry.grid,
        ...entry.block,
        entry.dynamicSharedBytes,
        entry.warmup,
        entry.samples,
      ].join(' '),
    );
    for (const argument of entry.arguments) {
      if (argument.kind === 'buffer') lines.push(`buffer ${argument.type} ${argument.count} ${argument.init}`);
      else lines.push(`${argument.kind} ${argument.value}`);
    }
  }
  return lines.join('\n') + '\n';
}
