// Small typed arrays carved out of shared slabs. A typed array of its own above 64 bytes
// gets an off-heap backing store (an allocation plus GC bookkeeping) that costs more than
// the per-function work it holds for the small functions of large corpora; views into a
// slab cost an object each. Regions are never reused, so every view starts zero-filled
// like a fresh array. A live view keeps its slab (64 KB) alive.
const SLAB_BYTES = 1 << 16;
/** Larger arrays get their own buffer. */
const MAX_CARVED_BYTES = SLAB_BYTES >> 3;

let slab = new ArrayBuffer(SLAB_BYTES);
let used = 0;

function carve(bytes: number): number {
  const aligned = (bytes + 7) & ~7;
  if (used + aligned > SLAB_BYTES) {
    slab = new ArrayBuffer(SLAB_BYTES);
    used = 0;
  }
  const offset = used;
  used += aligned;
  return offset;
}

/** A zero-filled Int32Array of `length` elements. */
export function newInt32Array(length: number): Int32Array {
  const bytes = length * 4;
  if (bytes > MAX_CARVED_BYTES || bytes === 0) return new Int32Array(length);
  const offset = carve(bytes);
  return new Int32Array(slab, offset, length);
}

/** A zero-filled Float64Array of `length` elements. */
export function newFloat64Array(length: number): Float64Array {
  const bytes = length * 8;
  if (bytes > MAX_CARVED_BYTES || bytes === 0) return new Float64Array(length);
  const offset = carve(bytes);
  return new Float64Array(slab, offset, length);
}
