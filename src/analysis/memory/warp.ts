// The warp model: lane l of warp k is linear thread t = 32k + l of the block, with
// x = t mod X, y = (t / X) mod Y, z = t / (X*Y). Sectors are 32-byte aligned units;
// shared memory has 32 banks of 4 bytes and serves 8-byte accesses per half warp and
// 16-byte accesses per quarter warp.
import type { LaneEnvironment } from './linear.js';

export const WARP_SIZE = 32;
export const SECTOR_BYTES = 32;
const BANKS = 32;
const BANK_BYTES = 4;

/** The lanes of every warp of the block; a partial last warp has fewer lanes. */
export function warpsOfBlock(block: [number, number, number] | null): LaneEnvironment[][] {
  const [x, y, z] = block ?? [WARP_SIZE, 1, 1];
  const threads = x * y * z;
  const warps: LaneEnvironment[][] = [];
  for (let first = 0; first < threads; first += WARP_SIZE) {
    const lanes: LaneEnvironment[] = [];
    for (let t = first; t < Math.min(first + WARP_SIZE, threads); t++) {
      lanes.push({ tid: [t % x, Math.floor(t / x) % y, Math.floor(t / (x * y))], laneId: t - first, ntid: block });
    }
    warps.push(lanes);
  }
  return warps;
}

/** Distinct 32-byte sectors touched by lanes reading `width` bytes at each offset. */
export function sectorsTouched(offsets: number[], width: number, shift = 0): number {
  // Sorted sector numbers, each distinct one counted once (no Set per call: called per lane shift).
  const spans = offsets.length === 0 ? 0 : Math.max(1, Math.ceil(width / SECTOR_BYTES) + 1);
  let sectors = new Float64Array(offsets.length * spans);
  let count = 0;
  for (const unshifted of offsets) {
    const offset = shift === 0 ? unshifted : unshifted + shift;
    const last = Math.floor((offset + width - 1) / SECTOR_BYTES);
    for (let sector = Math.floor(offset / SECTOR_BYTES); sector <= last; sector++) {
      if (count === sectors.length) {
        const grown = new Float64Array(sectors.length * 2 + 8);
        grown.set(sectors);
        sectors = grown;
      }
      sectors[count++] = sector;
    }
  }
  const sorted = sectors.subarray(0, count).sort();
  let distinct = 0;
  for (let i = 0; i < count; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) distinct++;
  return distinct;
}

/** Distinct bytes the lanes use. */
export function uniqueBytes(offsets: number[], width: number): number {
  const sorted = Float64Array.from(offsets).sort();
  let total = 0;
  let coveredTo = -Infinity;
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i];
    if (i > 0 && start === sorted[i - 1]) continue;
    const end = start + width;
    total += Math.max(0, end - Math.max(start, coveredTo));
    coveredTo = Math.max(coveredTo, end);
  }
  return total;
}

/** Sectors the accessed bytes would need if packed and aligned (ncu's "ideal"). */
export function idealSectors(offsets: number[], width: number): number {
  return Math.ceil(uniqueBytes(offsets, width) / SECTOR_BYTES);
}

/** Lanes served together by the shared-memory pipe for an access of `width` bytes. */
export function sharedPhaseLanes(width: number): number {
  return width >= 16 ? 8 : width >= 8 ? 16 : WARP_SIZE;
}

/**
 * Shared-memory wavefronts of one warp request: per phase, the largest number of distinct
 * 4-byte words that fall into one bank (lanes reading the same word share it).
 */
export function sharedWavefronts(offsets: number[], width: number): number {
  const phaseLanes = sharedPhaseLanes(width);
  let wavefronts = 0;
  // Per phase: the words touched, sorted so each distinct word counts once in its bank.
  let words = new Float64Array(phaseLanes * (Math.ceil(width / BANK_BYTES) + 1));
  const wordsPerBank = new Int32Array(BANKS);
  for (let first = 0; first < offsets.length; first += phaseLanes) {
    let count = 0;
    const end = Math.min(offsets.length, first + phaseLanes);
    for (let lane = first; lane < end; lane++) {
      const offset = offsets[lane];
      const lastWord = Math.floor((offset + width - 1) / BANK_BYTES);
      for (let word = Math.floor(offset / BANK_BYTES); word <= lastWord; word++) {
        if (count === words.length) {
          const grown = new Float64Array(words.length * 2 + 8);
          grown.set(words);
          words = grown;
        }
        words[count++] = word;
      }
    }
    const sorted = words.subarray(0, count).sort();
    wordsPerBank.fill(0);
    let phaseWavefronts = 0;
    for (let i = 0; i < count; i++) {
      if (i > 0 && sorted[i] === sorted[i - 1]) continue;
      const bank = ((sorted[i] % BANKS) + BANKS) % BANKS;
      phaseWavefronts = Math.max(phaseWavefronts, ++wordsPerBank[bank]);
    }
    wavefronts += Math.max(1, phaseWavefronts);
  }
  return wavefronts;
}

/** Wavefronts without conflicts: one per phase. */
export function idealSharedWavefronts(activeLanes: number, width: number): number {
  return Math.ceil(activeLanes / sharedPhaseLanes(width));
}
