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
  /** Explicit instantiation, written with the parameter names (absent for a kernel that is not a template). */
  instantiate?: string;
  /**
   * Parameters passed to the source as the -D macros themselves, not captured as constants: a
   * source that sets them with #define (its lines are emptied with blankLines), or a parameter
   * whose values are kernel names. A parameter with string values is always one.
   */
  defineParameters?: string[];
  /** The parameter whose value is the variant's kernel name (several kernels in one space). */
  kernelParameter?: string;
  /**
   * Line ranges [first, last] (1-based, inclusive) of the included file emptied in the copy the
   * variants compile, numbering kept: the source's own #define of a parameter, host code that
   * instantiates every kernel.
   */
  blankLines?: Array<[number, number]>;
  /** Folders of the repository put on the include path (e.g. a samples' shared headers). */
  includeDirs?: string[];
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
  const fail = (path: string, what: string): never => {
    throw new DescribedSpaceError(`${file}: ${path}: ${what}`);
  };
  if (typeof value !== 'object' || value === null) return fail('/', 'not an object');
  const d = value as Record<string, unknown>;
  if (d.role !== 'development' && d.role !== 'validation') fail('/role', "must be 'development' or 'validation'");
  const origin = d.origin as Record<string, unknown> | undefined;
  for (const key of ['repository', 'commit', 'path', 'licence', 'spaceFrom']) {
    if (typeof origin?.[key] !== 'string' || !origin[key]) fail(`/origin/${key}`, 'missing');
  }
  if (typeof d.include !== 'string' || d.include.includes('..')) fail('/include', 'must be a path inside the repository');
  if (!Array.isArray(d.stubHeaders) || d.stubHeaders.some((h) => typeof h !== 'string' || h.includes('..')))
    fail('/stubHeaders', 'must list header names');
  if (d.instantiate !== undefined && (typeof d.instantiate !== 'string' || !d.instantiate.trim().startsWith('template '))) {
    fail('/instantiate', 'must be an explicit instantiation (template ...;)');
  }
  const space = d.space as Record<string, unknown> | undefined;
  if (typeof space?.kernel !== 'string') fail('/space/kernel', 'missing');
  if (typeof space?.parameters !== 'object' || space.parameters === null) fail('/space/parameters', 'missing');
  const parameters = space!.parameters as Record<string, unknown>;
  const defines = (space!.defines ?? {}) as Record<string, unknown>;
  for (const name of [...Object.keys(parameters), ...Object.keys((space!.defines as object | undefined) ?? {})]) {
    if (!IDENTIFIER.test(name)) fail(`/space/parameters/${name}`, 'not a C identifier');
  }
  if (d.defineParameters !== undefined) {
    if (!Array.isArray(d.defineParameters)) fail('/defineParameters', 'must list parameter names');
    for (const [i, name] of (d.defineParameters as unknown[]).entries()) {
      if (typeof name !== 'string' || !(name in parameters || name in defines))
        fail(`/defineParameters/${i}`, `'${String(name)}' is not a parameter or define of the space`);
    }
  }
  if (d.kernelParameter !== undefined) {
    const name = typeof d.kernelParameter === 'string' ? d.kernelParameter : JSON.stringify(d.kernelParameter);
    const values = parameters[name];
    if (!Array.isArray(values)) fail('/kernelParameter', `'${name}' is not a parameter of the space`);
    for (const [i, kernel] of (values as unknown[]).entries()) {
      if (typeof kernel !== 'string' || !IDENTIFIER.test(kernel)) fail(`/space/parameters/${name}/${i}`, 'must be a kernel name');
    }
  }
  if (d.blankLines !== undefined) {
    if (!Array.isArray(d.blankLines)) fail('/blankLines', 'must list [first, last] line ranges');
    for (const [i, range] of (d.blankLines as unknown[]).entries()) {
      if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 1) || range[0] > range[1]) {
        fail(`/blankLines/${i}`, 'must be [first, last] with 1 <= first <= last');
      }
    }
  }
  if (
    d.includeDirs !== undefined &&
    (!Array.isArray(d.includeDirs) || d.includeDirs.some((h) => typeof h !== 'string' || h.includes('..')))
  ) {
    fail('/includeDirs', 'must list folders inside the repository');
  }
  return value as DescribedSpace;
}

/** The config space a described space builds as (source = the wrapper file). */
export function describedSpaceConfig(described: DescribedSpace, wrapperFile: string): SpaceConfig {
  const space = described.space;
  return {
    ...space,
    source: wrapperFile,
    constraints: space.constraints ?? [],
    defines: space.defines ?? {},
    arguments: space.arguments ?? [],
    objective: space.objective ?? 'ryoo',
    band: space.band ?? 0,
    ...(described.loopTrips ? { loopTrips: described.loopTrips } : {}),
  };
}

/** Parameters the source sees as the -D macros themselves (see DescribedSpace.defineParameters). */
export function macroParameters(described: DescribedSpace): Set<string> {
  const names = new Set(described.defineParameters ?? []);
  if (described.kernelParameter) names.add(described.kernelParameter);
  for (const [name, values] of Object.entries(described.space.parameters)) {
    if (values.some((v) => typeof v === 'string')) names.add(name);
  }
  return names;
}

/** The kernel a variant launches: its kernel parameter's value, else the space's kernel. */
export function variantKernel(described: DescribedSpace, parameters: Record<string, number | string>): string {
  return described.kernelParameter ? String(parameters[described.kernelParameter]) : described.space.kernel;
}

/** The included file as the variants compile it: blankLines emptied, line numbers kept. */
export function blankedSource(described: DescribedSpace, text: string, file: string): string {
  const lines = text.split('\n');
  for (const [i, [first, last]] of (described.blankLines ?? []).entries()) {
    if (last > lines.length)
      throw new DescribedSpaceError(
        `${file}: /blankLines/${i}: line ${last} is past the end of ${described.include} (${lines.length} lines)`,
      );
    for (let line = first; line <= last; line++) lines[line - 1] = '';
  }
  return lines.join('\n');
}

/** The translation unit every variant compiles (with -I at the folder holding `includeRoot`). */
export function wrapperSource(described: DescribedSpace, includeRoot: string): string {
  const macros = macroParameters(described);
  const names = [...new Set([...Object.keys(described.space.defines ?? {}), ...Object.keys(described.space.parameters)])].filter(
    (n) => !macros.has(n),
  );
  const lines = [
    `// ${described.origin.repository}@${described.origin.commit} ${described.origin.path} (${described.origin.licence})`,
    ...names.map((name) => `static constexpr auto carve_value_${name} = (${name});`),
    ...names.map((name) => `#undef ${name}`),
    ...(described.prelude ? [described.prelude] : []),
    `#include "${includeRoot}/${described.include}"`,
    ...Object.keys(described.space.parameters)
      .filter((n) => !macros.has(n))
      .map((name) => `#define ${name} carve_value_${name}`),
    ...(described.instantiate ? [described.instantiate] : []),
    '',
  ];
  return lines.join('\n');
}
