// The safe expression evaluator for space constraints and launch sizes (no eval).
// compileExpression checks syntax and names once; the result evaluates per variant.
import { parseExpression, namesIn, FUNCTIONS, type ExprNode } from './parse.js';
import { evaluateNode, type Environment } from './evaluate.js';
import { ExpressionError } from './tokenize.js';

export { ExpressionError, FUNCTIONS, parseExpression, namesIn, evaluateNode };
export type { ExprNode, Environment };

export interface CompiledExpression {
  text: string;
  node: ExprNode;
  names: string[];
  evaluate(env: Environment): number;
}

export type CompileOutcome = { ok: true; expression: CompiledExpression } | { ok: false; message: string; column: number };

/**
 * Parses `source` (a number is taken as a constant) and checks that every name it reads is
 * in `knownNames`. Never throws: a problem comes back with its 1-based column.
 */
export function compileExpression(source: string | number, knownNames: Iterable<string>): CompileOutcome {
  const text = typeof source === 'number' ? String(source) : source;
  let node: ExprNode;
  try {
    node = parseExpression(text);
  } catch (error) {
    if (error instanceof ExpressionError) return { ok: false, message: error.message, column: error.column };
    throw error;
  }
  const known = new Set(knownNames);
  const names = namesIn(node);
  for (const [name, column] of names) {
    if (!known.has(name)) {
      const list = [...known].sort().join(', ');
      return { ok: false, message: `unknown name '${name}' (known: ${list || 'none'})`, column };
    }
  }
  return { ok: true, expression: { text, node, names: [...names.keys()], evaluate: (env) => evaluateNode(node, env) } };
}

/** One-shot evaluation; throws ExpressionError (with column) on any problem. */
export function evaluateExpression(source: string | number, env: Environment): number {
  const compiled = compileExpression(source, Object.keys(env));
  if (!compiled.ok) throw new ExpressionError(compiled.message, compiled.column);
  return compiled.expression.evaluate(env);
}
