import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);

// src/limits.ts
var MIB = 1024 * 1024;
var INPUT_LIMITS = {
  /** One PTX module (the largest nvcc 13 module of the corpus is a few MiB). */
  ptx: 256 * MIB,
  /** One ptxas -v log (150,000 kernels are about 50 MiB). */
  ptxasLog: 256 * MIB,
  /** One Carve JSON report (or an uploaded report in publish mode). */
  report: 256 * MIB,
  /** The config file (.github/carve.yml). */
  config: 1 * MIB,
  /** Markdown uploaded by an analyze job (comment, summary): GitHub keeps 65,536 characters of a comment. */
  markdown: 1 * MIB
};
var NAMES = {
  ptx: "PTX module",
  ptxasLog: "ptxas log",
  report: "Carve report",
  config: "config file",
  markdown: "markdown file"
};
function size(bytes) {
  return bytes >= MIB ? `${Number((bytes / MIB).toFixed(1))} MiB` : `${bytes} bytes`;
}
function overSizeLimit(kind, length) {
  const limit = INPUT_LIMITS[kind];
  if (length <= limit) return null;
  return `the ${NAMES[kind]} is ${size(length)}, over the limit of ${size(limit)}: not read`;
}

export {
  overSizeLimit
};
