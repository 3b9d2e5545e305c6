// Memory sites that are not one address per lane: warp-collective wmma tiles (rows of
// contiguous bytes, a row stride apart) and copies one thread hands to the TMA engine
// (cp.async.bulk: contiguous bytes; cp.async.bulk.tensor: a box of a host-built tensor map).
import type { AccessClass } from '../../model/types.js';
import type { SiteResult } from './classify.js';
import { isUnknown, type LaneValue } from './linear.js';
import type { Tile } from './sites.js';
import { monomialText } from './symbols.js';
import { idealSectors, sectorsTouched, SECTOR_BYTES } from './warp.js';

const round = (value: number) => Math.round(value * 1000) / 1000;

function tileClass(sectors: number, ideal: number, rows: number): AccessClass {
  if (sectors === ideal) return 'coalesced';
  // Each row straddling one extra sector: rows off the sector grid, not a stride.
  return sectors <= ideal + rows ? 'misaligned' : 'strided';
}

/**
 * A wmma.load / wmma.store of `tile` with row stride `stride` (elements; its value in the
 * warp, null when the instruction gives none: rows packed). wmma requires a 256-bit aligned
 * fragment pointer, so the first row starts on a sector.
 */
export function classifyTile(tile: Tile, space: 'global' | 'shared', stride: LaneValue | null): SiteResult {
  const shape = `${tile.rows} rows of ${tile.rowBytes} B`;
  if (space === 'shared') {
    return {
      class: null,
      sectorsPerRequest: null,
      idealSectors: null,
      bankConflictWays: null,
      reason: `warp-collective wmma fragment (${shape}) from shared memory: bank conflicts are not modelled`,
    };
  }
  if (stride !== null && isUnknown(stride)) {
    return {
      class: stride.indirect ? 'indirect' : 'runtime',
      sectorsPerRequest: null,
      idealSectors: null,
      bankConflictWays: null,
      reason: `wmma fragment (${shape}): row stride not resolved: ${stride.reason}`,
    };
  }
  if (stride === null || stride.terms.size === 0) {
    const elements = stride === null ? tile.rowLength : stride.constant;
    const strideBytes = (elements * tile.elementBits) / 8;
    const offsets = Array.from({ length: tile.rows }, (_, row) => row * strideBytes);
    const sectors = sectorsTouched(offsets, tile.rowBytes);
    const ideal = idealSectors(offsets, tile.rowBytes);
    const klass = tileClass(sectors, ideal, tile.rows);
    return {
      class: klass,
      sectorsPerRequest: sectors,
      idealSectors: ideal,
      bankConflictWays: null,
      reason: `${klass}: wmma fragment, ${shape}, rows ${strideBytes} B apart: ${sectors} sectors per warp request vs ${ideal} ideal (the fragment pointer is 256-bit aligned, as wmma requires)`,
    };
  }
  const symbolic = [...stride.terms.keys()].map(monomialText).join(' + ');
  const sectors = tile.rows * Math.ceil(tile.rowBytes / SECTOR_BYTES);
  const ideal = Math.ceil((tile.rows * tile.rowBytes) / SECTOR_BYTES);
  const klass = tileClass(sectors, ideal, tile.rows);
  return {
    class: klass,
    sectorsPerRequest: sectors,
    idealSectors: ideal,
    bankConflictWays: null,
    reason: `${klass}: wmma fragment, ${shape}, row stride ${symbolic} elements: ${sectors} sectors per warp request vs ${ideal} ideal, for a row stride that is a multiple of 32 B and at least one row`,
  };
}

/** A bulk copy of `bytes` contiguous bytes (null: size not resolved), or a tensor-map copy. */
export function classifyBulk(kind: 'copy' | 'tensor', bytes: number | null): SiteResult {
  if (kind === 'tensor') {
    return {
      class: 'runtime',
      sectorsPerRequest: null,
      idealSectors: null,
      bankConflictWays: null,
      reason: 'TMA tensor copy (cp.async.bulk.tensor): the box and its layout are set by the tensor map built on the host',
    };
  }
  if (bytes === null || bytes <= 0) {
    return {
      class: 'runtime',
      sectorsPerRequest: null,
      idealSectors: null,
      bankConflictWays: null,
      reason: 'bulk copy (cp.async.bulk) of a size not resolved',
    };
  }
  const sectors = round(Math.ceil(bytes / SECTOR_BYTES));
  return {
    class: 'coalesced',
    sectorsPerRequest: sectors,
    idealSectors: sectors,
    bankConflictWays: null,
    reason: `coalesced: bulk copy of ${bytes} contiguous bytes by the TMA engine, issued by one thread: ${sectors} sectors (assumes a 32-B aligned global address; cp.async.bulk requires 16 B)`,
  };
}
