// Matches per-instruction sites (memory accesses, branches) between base and head. Lines
// move and registers are renumbered between builds, so sites are aligned in program order
// on their opcode (an LCS), preferring pairs that also share a source line or PTX text.

export interface SiteLike {
  file: string | null;
  line: number | null;
  ptx: string;
}

/** The opcode of a PTX instruction text without its guard: "@%p1 ld.global.f32 %f1, [%rd2]" -> "ld.global.f32". */
export function siteOpcode(ptx: string): string {
  const withoutGuard = ptx.trim().replace(/^@!?%?\w+\s+/, '');
  return withoutGuard.split(/\s+/)[0] ?? '';
}

/** PTX text with register numbers erased, so renumbered registers still compare equal. */
export function normalizedPtx(ptx: string): string {
  return ptx
    .trim()
    .replace(/%([a-z]+)\d+/g, '%$1')
    .replace(/\s+/g, ' ')
    .replace(/;$/, '');
}

/**
 * Aligns two site lists (each in program order) and returns, for each head site, the index
 * of its base counterpart or -1. Same opcode is required; same line or same normalized PTX
 * scores higher, so a moved-but-identical load still pairs with itself.
 */
export function alignSites<T extends SiteLike>(base: readonly T[], head: readonly T[], key: (site: T) => string): number[] {
  // Keys and normalized text once per site; the DP below only compares strings.
  const describe = (site: T) => ({ key: key(site), text: normalizedPtx(site.ptx), line: site.line });
  const b = base.map(describe);
  const h = head.map(describe);
  const rows = base.length + 1;
  const cols = head.length + 1;
  const score = new Float64Array(rows * cols);
  const pairScore = (i: number, j: number): number => {
    const x = b[i];
    const y = h[j];
    if (x.key !== y.key) return 0;
    return 4 + (x.text === y.text ? 2 : 0) + (x.line !== null && x.line === y.line ? 1 : 0);
  };
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const pair = pairScore(i - 1, j - 1);
      const diagonal = pair > 0 ? score[(i - 1) * cols + (j - 1)] + pair : -Infinity;
      score[i * cols + j] = Math.max(diagonal, score[(i - 1) * cols + j], score[i * cols + (j - 1)]);
    }
  }
  const match = new Array<number>(head.length).fill(-1);
  let i = base.length;
  let j = head.length;
  while (i > 0 && j > 0) {
    const here = score[i * cols + j];
    const pair = pairScore(i - 1, j - 1);
    if (pair > 0 && here === score[(i - 1) * cols + (j - 1)] + pair) {
      match[j - 1] = i - 1;
      i--;
      j--;
    } else if (here === score[(i - 1) * cols + j]) {
      i--;
    } else {
      j--;
    }
  }
  return match;
}
