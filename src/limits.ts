// Size limits on the inputs Carve reads: a pull request controls PTX, ptxas logs, reports and
// its config, so each has a cap far above real files and far below what would exhaust memory
// or time. Checked where the input enters (before parsing); over the cap is an error naming
// the file and the limit, and the other inputs are still analysed.

const MIB = 1024 * 1024;

export const INPUT_LIMITS = {
  /** One PTX module (the largest nvcc 13 module of the corpus is a few MiB). */
  ptx: 256 * MIB,
  /** One ptxas -v log (150,000 kernels are about 50 MiB). */
  ptxasLog: 256 * MIB,
  /** One Carve JSON report (or an uploaded report in publish mode). */
  report: 256 * MIB,
  /** The config file (.github/carve.yml). */
  config: 1 * MIB,
  /** Markdown uploaded by an analyze job (comment, summary): GitHub keeps 65,536 characters of a comment. */
  markdown: 1 * MIB,
} as const;

export type InputKind = keyof typeof INPUT_LIMITS;

const NAMES: Record<InputKind, string> = {
  ptx: 'PTX module',
  ptxasLog: 'ptxas log',
  report: 'Carve report',
  config: 'config file',
  markdown: 'markdown file',
};

function size(bytes: number): string {
  return bytes >= MIB ? `${Number((bytes / MIB).toFixed(1))} MiB` : `${bytes} bytes`;
}

/** The error message when `length` (bytes, or characters of a decoded text) is over the cap of `kind`; null within it. */
export function overSizeLimit(kind: InputKind, length: number): string | null {
  const limit = INPUT_LIMITS[kind];
  if (length <= limit) return null;
  return `the ${NAMES[kind]} is ${size(length)}, over the limit of ${size(limit)}: not read`;
}
