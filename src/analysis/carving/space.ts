// A variant space from the config: the Cartesian product of parameter values, filtered by
// the constraints, each variant with its launch geometry and kernel arguments evaluated.
// Expressions are compiled once; a bad one is a Diagnostic with its JSON path and column.
import { compileExpression, ExpressionError, type CompiledExpression, type Environment } from '../../expr/index.js';
import type { SpaceConfig } from '../../config/types.js';
import type { Diagnostic } from '../../model/types.js';
import type { ResolvedArgument } from '../../model/variant.js';

export type ParameterValue = number | string;

export type { ResolvedArgument };

export interface Variant {
  /** Stable identity: "BM=64,BN=32,..." in the config's parameter order. */
  id: string;
  /** Position in the full Cartesian product (before constraints); shards split on it. */
  index: number;
  parameters: Record<string, ParameterValue>;
  /** Every -D the build passes: global defines, space defines, then parameters. */
  defines: Record<string, ParameterValue>;
  block: [number, number, number];
  grid: [number, number, number];
  dynamicSharedBytes: number;
  arguments: ResolvedArgument[];
  /** The space's loopTrips at this variant ('file:line' -> trips); absent when the space gives none. */
  loopTrips?: Record<string, number>;
}

export interface RejectedVariant {
  id: string;
  index: number;
  parameters: Record<string, ParameterValue>;
  reason: string;
}

export interface SpaceEnumeration {
  space: string;
  /** Size of the Cartesian product. */
  total: number;
  variants: Variant[];
  /** Variants a constraint excluded (count only: they are by design, not problems). */
  excludedByConstraints: number;
  /** Variants whose launch or arguments could not be evaluated to valid sizes. */
  rejected: RejectedVariant[];
  /** Config problems (bad expressions) with JSON paths; when any is an error, variants is empty. */
  diagnostics: Diagnostic[];
}

/** Default for `carving.maxSpaceSize`: the largest Cartesian product a space may have. */
export const DEFAULT_MAX_SPACE_SIZE = 100_000;

/** JSON-pointer escaping of one path segment. */
export function pointerSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function variantId(parameters: Record<string, ParameterValue>): string {
  return Object.entries(parameters)
    .map(([name, value]) => `${name}=${value}`)
    .join(',');
}

function numericEnvironment(values: Record<string, ParameterValue>): Environment {
  const env: Environment = {};
  for (const [name, value] of Object.entries(values)) {
    const number = typeof value === 'number' ? value : Number(value);
    if (value !== '' && Number.isFinite(number)) env[name] = number;
  }
  return env;
}

interface CompiledSpace {
  constraints: CompiledExpression[];
  block: CompiledExpression[];
  grid: CompiledExpression[];
  dynamicShared: CompiledExpression;
  argumentValues: Array<CompiledExpression | null>;
  loopTrips: Array<[string, CompiledExpression]>;
}

function compileSpace(
  name: string,
  space: SpaceConfig,
  knownNames: string[],
  diagnostics: Diagnostic[],
  configFile?: string,
): CompiledSpace | null {
  const base = `/spaces/${pointerSegment(name)}`;
  const compile = (source: string | number, jsonPath: string): CompiledExpression | null => {
    const outcome = compileExpression(source, knownNames);
    if (outcome.ok) return outcome.expression;
    diagnostics.push({
      severity: 'error',
      stage: 'config',
      jsonPath,
      column: outcome.column,
      file: configFile,
      message: `${jsonPath}: ${outcome.message} at column ${outcome.column} in '${shortened(String(source))}'`,
    });
    return null;
  };
  const constraints = (space.constraints ?? []).map((text, i) => compile(text, `${base}/constraints/${i}`));
  const block = space.launch.block.map((text, i) => compile(text, `${base}/launch/block/${i}`));
  const grid = space.launch.grid.map((text, i) => compile(text, `${base}/launch/grid/${i}`));
  const dynamicShared = compile(space.launch.dynamicShared ?? 0, `${base}/launch/dynamicShared`);
  const argumentValues = (space.arguments ?? []).map((argument, i) => {
    if ('buffer' in argument) return compile(argument.count, `${base}/arguments/${i}/count`);
    if ('int' in argument) return compile(argument.int, `${base}/arguments/${i}/int`);
    return compile(argument.float, `${base}/arguments/${i}/float`);
  });
  const loopTrips = Object.entries(space.loopTrips ?? {}).map(
    ([where, text]) => [where, compile(text, `${base}/loopTrips/${pointerSegment(where)}`)] as const,
  );
  const all = [...constraints, ...block, ...grid, dynamicShared, ...argumentValues, ...loopTrips.map(([, expression]) => expression)];
  if (all.some((expression) => expression === null)) return null;
  return {
    constraints: constraints as CompiledExpression[],
    block: block as CompiledExpression[],
    grid: grid as CompiledExpression[],
    dynamicShared: dynamicShared as CompiledExpression,
    argumentValues: argumentValues,
    loopTrips: loopTrips as Array<[string, CompiledExpression]>,
  };
}

/** An expression as quoted in a message: long ones are cut (a 200 kB expression is not repeated). */
function shortened(text: string): string {
  return text.length <= 80 ? text : `${text.slice(0, 60)}... (${text.length} characters)`;
}

/** The three dimensions of a launch size; throws a message when one is not a positive integer. */
function dim3(expressions: CompiledExpression[], env: Environment, what: string): [number, number, number] {
  const values = expressions.map((expression, axis) => {
    try {
      return expression.evaluate(env);
    } catch (error) {
      throw new Error(`${what}[${axis}] = '${expression.text}': ${(error as Error).message}`);
    }
  });
  while (values.length < 3) values.push(1);
  for (const [axis, value] of values.entries()) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`${what}[${axis}] = ${value} is not a positive integer`);
  }
  return values as [number, number, number];
}

export function enumerateSpace(
  name: string,
  space: SpaceConfig,
  globalDefines: Record<string, ParameterValue> = {},
  configFile?: string,
  maxSize = DEFAULT_MAX_SPACE_SIZE,
): SpaceEnumeration {
  const diagnostics: Diagnostic[] = [];
  const parameterNames = Object.keys(space.parameters);
  const fixedDefines: Record<string, ParameterValue> = { ...globalDefines, ...(space.defines ?? {}) };
  for (const parameter of parameterNames) {
    if (parameter in (space.defines ?? {})) {
      diagnostics.push({
        severity: 'warning',
        stage: 'config',
        file: configFile,
        jsonPath: `/spaces/${pointerSegment(name)}/defines/${pointerSegment(parameter)}`,
        message: `define '${parameter}' is also a parameter; the parameter's value wins`,
      });
    }
  }
  const knownNames = [...new Set([...Object.keys(fixedDefines), ...parameterNames])];
  const total = parameterNames.reduce((product, parameter) => product * space.parameters[parameter].length, 1);
  const result: SpaceEnumeration = { space: name, total, variants: [], excludedByConstraints: 0, rejected: [], diagnostics };
  // Checked before anything is enumerated: 1000^3 variants would exhaust memory long before an error.
  if (total > maxSize) {
    const sizes = parameterNames.map((parameter) => `${parameter}: ${space.parameters[parameter].length}`).join(' x ');
    diagnostics.push({
      severity: 'error',
      stage: 'config',
      file: configFile,
      jsonPath: `/spaces/${pointerSegment(name)}/parameters`,
      message: `space '${name}' has ${total.toLocaleString('en-US')} variants (${sizes}), over the limit of ${maxSize.toLocaleString('en-US')} (\`carving.maxSpaceSize\`): narrow the parameter lists or raise the limit`,
    });
    return result;
  }
  const compiled = compileSpace(name, space, knownNames, diagnostics, configFile);
  if (!compiled) return result;
  const failedConstraint = new Set<number>();

  for (let index = 0; index < total; index++) {
    // Mixed-radix decode of index: the last parameter varies fastest.
    const parameters: Record<string, ParameterValue> = {};
    let rest = index;
    for (let p = parameterNames.length - 1; p >= 0; p--) {
      const values = space.parameters[parameterNames[p]];
      parameters[parameterNames[p]] = values[rest % values.length];
      rest = Math.floor(rest / values.length);
    }
    const ordered: Record<string, ParameterValue> = {};
    for (const parameter of parameterNames) ordered[parameter] = parameters[parameter];
    const defines = { ...fixedDefines, ...ordered };
    const env = numericEnvironment(defines);
    const id = variantId(ordered);

    let passes = true;
    for (const [c, constraint] of compiled.constraints.entries()) {
      try {
        if (constraint.evaluate(env) === 0) {
          passes = false;
          break;
        }
      } catch (error) {
        // E.g. a division by zero for this variant: the constraint cannot hold; say so once.
        if (!failedConstraint.has(c)) {
          failedConstraint.add(c);
          const column = error instanceof ExpressionError ? error.column : undefined;
          diagnostics.push({
            severity: 'warning',
            stage: 'config',
            file: configFile,
            column,
            jsonPath: `/spaces/${pointerSegment(name)}/constraints/${c}`,
            message: `constraint '${constraint.text}' cannot be evaluated for ${id}: ${(error as Error).message}; such variants are excluded`,
          });
        }
        passes = false;
        break;
      }
    }
    if (!passes) {
      result.excludedByConstraints++;
      continue;
    }

    try {
      const block = dim3(compiled.block, env, 'block');
      const grid = dim3(compiled.grid, env, 'grid');
      const dynamicSharedBytes = compiled.dynamicShared.evaluate(env);
      if (!Number.isInteger(dynamicSharedBytes) || dynamicSharedBytes < 0)
        throw new Error(`dynamicShared = ${dynamicSharedBytes} is not a non-negative integer`);
      const args = (space.arguments ?? []).map((argument, a): ResolvedArgument => {
        const value = compiled.argumentValues[a]!.evaluate(env);
        if ('buffer' in argument) {
          if (!Number.isInteger(value) || value < 1) throw new Error(`arguments[${a}].count = ${value} is not a positive integer`);
          return { kind: 'buffer', type: argument.buffer, count: value, init: argument.init ?? 'random' };
        }
        if ('int' in argument) {
          if (!Number.isInteger(value)) throw new Error(`arguments[${a}].int = ${value} is not an integer`);
          return { kind: 'int', value };
        }
        return { kind: 'float', value };
      });
      const loopTrips = Object.fromEntries(
        compiled.loopTrips.map(([where, expression]) => {
          const trips = expression.evaluate(env);
          if (!Number.isFinite(trips) || trips < 0) throw new Error(`loopTrips['${where}'] = ${trips} is not a non-negative number`);
          return [where, trips];
        }),
      );
      result.variants.push({
        id,
        index,
        parameters: ordered,
        defines,
        block,
        grid,
        dynamicSharedBytes,
        arguments: args,
        ...(compiled.loopTrips.length ? { loopTrips } : {}),
      });
    } catch (error) {
      result.rejected.push({ id, index, parameters: ordered, reason: (error as Error).message });
    }
  }
  // Every variant that passed the constraints was rejected: nothing to carve is an error of the
  // config (e.g. a block size that overflows), said with its first reason, never "0 of 0".
  if (result.variants.length === 0 && result.rejected.length > 0) {
    diagnostics.push({
      severity: 'error',
      stage: 'config',
      file: configFile,
      jsonPath: `/spaces/${pointerSegment(name)}/launch`,
      message: `every one of the ${result.rejected.length} variants that pass the constraints has an unusable launch or argument (first, ${result.rejected[0].id}: ${result.rejected[0].reason})`,
    });
  }
  return result;
}

/** Parses "i/n" (1-based i) for --shard; null when malformed. */
export function parseShard(text: string): { index: number; count: number } | null {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!match) return null;
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || index < 1 || index > count) return null;
  return { index, count };
}

/** The variants shard i of n builds: round-robin on the product index, so shards stay balanced and disjoint. */
export function shardVariants<T extends { index: number }>(variants: T[], shard: { index: number; count: number }): T[] {
  return variants.filter((variant) => variant.index % shard.count === shard.index - 1);
}
