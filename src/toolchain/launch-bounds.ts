// Launch bounds per entry from PTX text (.maxntid / .reqntid / .minnctapersm), which ptxas logs
// do not print. A light scan of entry headers: the full PTX parser lives in src/ptx.

export interface PtxLaunchBounds {
  maxThreadsPerBlock: number | null;
  minBlocksPerSM: number | null;
}

const product = (list: string): number =>
  list
    .split(',')
    .map((v) => Number(v.trim()))
    .reduce((a, b) => a * b, 1);

/** Entry name -> launch bounds, for every `.entry` in the PTX (null fields when unset). */
export function launchBoundsFromPtx(ptx: string): Map<string, PtxLaunchBounds> {
  const bounds = new Map<string, PtxLaunchBounds>();
  const entry = /\.entry\s+([A-Za-z_$%][\w$%]*)\s*\(/g;
  let match: RegExpExecArray | null;
  while ((match = entry.exec(ptx))) {
    // Directives sit between the parameter list's closing ')' and the body's '{'.
    const close = ptx.indexOf(')', match.index);
    const body = ptx.indexOf('{', close);
    if (close < 0 || body < 0) continue;
    const header = ptx.slice(close, body);
    const maxntid = /\.maxntid\s+([\d\s,]+)/.exec(header) ?? /\.reqntid\s+([\d\s,]+)/.exec(header);
    const minBlocks = /\.minnctapersm\s+(\d+)/.exec(header);
    bounds.set(match[1], {
      maxThreadsPerBlock: maxntid ? product(maxntid[1].replace(/[\s,]+$/, '')) : null,
      minBlocksPerSM: minBlocks ? Number(minBlocks[1]) : null,
    });
  }
  return bounds;
}
