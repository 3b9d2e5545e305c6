// A variant space over a kernel kept outside this repository (e.g. a third-party template
// kernel): where the code comes from (repository, commit, path, licence), the header to
// include, one explicit-instantiation line written with the parameter names, and a space in
// the config's format. wrapperSource makes the one translation unit each variant compiles:
// the -D values are captured as constants and the macros removed before the include, so a
// parameter named like a template parameter (BM, NUM_THREADS) or a variable (N) cannot clash.
import type { SpaceConfig } from '../../config/types.js';

export interface SpaceOrigin {
  repository: string;
  commit: string;
  /** The kernel's file inside the repository. */
  path: string;
  licence: string;
  /** Where the parameter lists and constraints come from (e.g. the author's autotuning script). */
  spaceFrom: string;
}

export interface DescribedSpace {
  /** development: carving rules may be tuned on it; validation: only measured against. */
  role: 'development' | 'validation';
  origin: SpaceOrigin;
  /** Header to include, relative to the repository's root. */
  include: string;
  /** Headers the code includes but the kernel does not need (e.g. cublas_v2.h): empty stand-ins. */
  stubHeaders: string[];
  /** Explicit instantiation, written with the parameter names. */
  instantiate: string;
  /** Declarations the header needs from elsewhere in its repository (placed before it). */
  prelude?: string;
  /**
   * Trip counts of loops the analysis cannot count ('file:line' of the loop test -> expression of
   * parameters and defines), e.g. a K loop whose pointers advance inside it; evaluated per variant.
   */
  loopTrips?: Record<string, string>;
  space: Omit<SpaceConfig, 'source' | 'objective' | 'band'> & Partial<Pick<SpaceConfig, 'objective' | 'band'>>;
}

export class DescribedSpaceError extends Error {}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Checks the fields a wrapper needs; throws with the JSON path of the first bad one. */
export function checkDescribedSpace(value: unknown, file: string): DescribedSpace {
  const fail = (path: string, what: string): never => { throw new DescribedSpaceError(`${file}: ${path}: ${what}`); };
  if (typeof value !== 'object' || value === null) return fail('/', 'not an object');
  const d = value as Record<string, unknown>;
  if (d.role !== 'development' && d.role !== 'validation') fail('/role', "must be 'development' or 'validation'");
  const origin = d.origin as Record<string, unknown> | undefined;
  for (const key of ['repository', 'commit', 'path', 'licence', 'spaceFrom']) {
    if (typeof origin?.[key] !== 'string' || !(origin[key])) fail(`/origin/${key}`, 'missing');
  }
  if (typeof d.include !== 'string' || d.include.includes('..')) fail('/include', 'must be a path inside the repository');
  if (!Array.isArray(d.stubHeaders) || d.stubHeaders.some((h) => typeof h !== 'string' || h.includes('..'))) fail('/stubHeaders', 'must list header names');
  if (typeof d.instantiate !== 'string' || !d.instantiate.trim().startsWith('template ')) fail('/instantiate', 'must be an explicit instantiation (template ...;)');
  const space = d.space as Record<string, unknown> | undefined;
  if (typeof space?.kernel !== 'string') fail('/space/kernel', 'missing');
  if (typeof space?.parameters !== 'object' || space.parameters === null) fail('/space/parameters', 'missing');
  for (const name of [...Object.keys(space!.parameters as object), ...Object.keys((space!.defines as object | undefined) ?? {})]) {
    if (!IDENTIFIER.test(name)) fail(`/space/parameters/${name}`, 'not a C identifier');
  }
  return value as DescribedSpace;
}

/** The config space a described space builds as (source = the wrapper file). */
export function describedSpaceConfig(described: DescribedSpace, wrapperFile: string): SpaceConfig {
  const space = described.space;
  return {
    ...space, source: wrapperFile, constraints: space.constraints ?? [], defines: space.defines ?? {}, arguments: space.arguments ?? [],
    objective: space.objective ?? 'ryoo', band: space.band ?? 0,
  };
}

/** The translation unit every variant compiles (with -I at the folder holding `includeRoot`). */
export function wrapperSource(described: DescribedSpace, includeRoot: string): string {
  const names = [...new Set([...Object.keys(described.space.defines ?? {}), ...Object.keys(described.space.parameters)])];
  const lines = [
    `// ${described.origin.repository}@${described.origin.commit} ${described.origin.path} (${described.origin.licence})`,
    ...names.map((name) => `static constexpr auto carve_value_${name} = (${name});`),
    ...names.map((name) => `#undef ${name}`),
    ...(described.prelude ? [described.prelude] : []),
    `#include "${includeRoot}/${described.include}"`,
    ...Object.keys(described.space.parameters).map((name) => `#define ${name} carve_value_${name}`),
    described.instantiate,
    '',
  ];
  return lines.join('\n');
}
