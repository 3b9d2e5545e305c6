// GPU architecture model: the per-arch table, exact occupancy (cuda_occupancy.h semantics)
// and occupancy cliffs.
export { ARCHS, KNOWN_ARCHS, UnknownArchError, canonicalArchName, getArch, type ArchSpec, type FlagshipPart } from './arch.js';
export { SOURCES, type SourceKey } from './sources.js';
export { OccupancyInputError, type OccupancyLimitName } from './errors.js';
export {
  carveoutPreferenceBytes,
  computeOccupancy,
  explainZeroOccupancy,
  normalizeOccupancyInput,
  type NormalizedOccupancyInput,
  type OccupancyInput,
} from './occupancy.js';
export { computeCliffs, occupancyCurve } from './cliffs.js';
export type { Cliffs, CliffSide, LimiterName, OccupancyCurvePoint, OccupancyResult } from '../model/types.js';
