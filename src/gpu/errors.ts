// Input errors of the occupancy calculator; `limit` names the violated limit so callers
// (CLI, batch mode, analysis) can say exactly what was wrong.

export type OccupancyLimitName =
  | 'arch'
  | 'block'
  | 'registers'
  | 'staticShared'
  | 'dynamicShared'
  | 'maxDynamicShared'
  | 'maxThreadsPerBlock'
  | 'carveout'
  | 'barriers'
  | 'input';

export class OccupancyInputError extends Error {
  constructor(
    readonly limit: OccupancyLimitName,
    message: string,
  ) {
    super(message);
    this.name = 'OccupancyInputError';
  }
}
