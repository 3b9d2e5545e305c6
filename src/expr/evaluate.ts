// Evaluation of parsed expressions. Semantics follow C on the values nvcc sees as -D defines:
// `/` and `%` of two whole numbers truncate toward zero (7 / 2 = 3, -7 / 2 = -3, -7 % 2 = -1);
// with a non-integer operand, or one C types as a double (a literal written `1.0` or `1e3`, and
// + - * ?: min max abs over one; parse.ts marks the node), `/` is real division: 1.0 / BLOCK is
// 1 / 256, not 0. Comparisons and && || ! give 1 or 0.
// Division or remainder by zero, and any result that is not finite (an overflow), is an
// error, never Infinity or NaN.
import { ExpressionError } from './tokenize.js';
import type { ExprNode } from './parse.js';

export type Environment = Record<string, number>;

export function evaluateNode(node: ExprNode, env: Environment): number {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'name': {
      const value = env[node.name];
      if (value === undefined || !Object.hasOwn(env, node.name)) throw new ExpressionError(`unknown name '${node.name}'`, node.column);
      return value;
    }
    case 'unary': {
      const operand = evaluateNode(node.operand, env);
      return node.op === '-' ? -operand : node.op === '+' ? operand : operand === 0 ? 1 : 0;
    }
    case 'ternary':
      return evaluateNode(node.condition, env) !== 0 ? evaluateNode(node.then, env) : evaluateNode(node.otherwise, env);
    case 'call':
      return finite(
        node,
        callFunction(
          node,
          node.args.map((arg) => evaluateNode(arg, env)),
        ),
      );
    case 'binary':
      return finite(node, binary(node, env));
  }
}

/** An overflow (pow(2, 1e308)) or log2 of a negative number is an error, never Infinity or NaN. */
function finite(node: ExprNode, value: number): number {
  if (Number.isFinite(value)) return value;
  const what = node.kind === 'call' ? `${node.name}()` : node.kind === 'binary' ? `'${node.op}'` : 'the expression';
  throw new ExpressionError(`${what} gives ${value}, not a finite number`, node.column);
}

function binary(node: Extract<ExprNode, { kind: 'binary' }>, env: Environment): number {
  const left = evaluateNode(node.left, env);
  // Short-circuit so `BK > 0 && N % BK == 0` never divides by zero.
  if (node.op === '&&') return left !== 0 && evaluateNode(node.right, env) !== 0 ? 1 : 0;
  if (node.op === '||') return left !== 0 || evaluateNode(node.right, env) !== 0 ? 1 : 0;
  const right = evaluateNode(node.right, env);
  switch (node.op) {
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '*':
      return left * right;
    case '/':
      if (right === 0) throw new ExpressionError('division by zero', node.column);
      return Number.isInteger(left) && Number.isInteger(right) && !node.real ? Math.trunc(left / right) : left / right;
    case '%':
      if (right === 0) throw new ExpressionError('remainder by zero', node.column);
      return left % right;
    case '==':
      return left === right ? 1 : 0;
    case '!=':
      return left !== right ? 1 : 0;
    case '<':
      return left < right ? 1 : 0;
    case '<=':
      return left <= right ? 1 : 0;
    case '>':
      return left > right ? 1 : 0;
    case '>=':
      return left >= right ? 1 : 0;
  }
  throw new ExpressionError(`unknown operator '${node.op}'`, node.column);
}

function callFunction(node: Extract<ExprNode, { kind: 'call' }>, args: number[]): number {
  switch (node.name) {
    case 'min':
      return Math.min(...args);
    case 'max':
      return Math.max(...args);
    case 'ceil':
      return Math.ceil(args[0]);
    case 'floor':
      return Math.floor(args[0]);
    case 'abs':
      return Math.abs(args[0]);
    case 'log2':
      return Math.log2(args[0]);
    case 'pow':
      return Math.pow(args[0], args[1]);
    case 'ceildiv':
    case 'divup':
      if (args[1] === 0) throw new ExpressionError('division by zero', node.column);
      return Math.ceil(args[0] / args[1]);
  }
  throw new ExpressionError(`unknown function '${node.name}'`, node.column);
}
