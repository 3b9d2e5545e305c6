// Pratt parser for carve expressions: numbers, names, + - * / %, comparisons, && || !,
// parentheses, `c ? a : b`, and calls of the functions in FUNCTIONS. No eval, no member access.
import { ExpressionError, tokenize, type Token } from './tokenize.js';

export type ExprNode =
  /** `real`: written with a decimal point or an exponent (`1.0`, `1e3`): a double in C, so `/` by it is real division. */
  | { kind: 'number'; value: number; column: number; real: boolean }
  | { kind: 'name'; name: string; column: number }
  | { kind: 'unary'; op: string; operand: ExprNode; column: number }
  /** `real`: an operand C types as a double (realTyped), so `/` is real division. */
  | { kind: 'binary'; op: string; left: ExprNode; right: ExprNode; column: number; real: boolean }
  | { kind: 'ternary'; condition: ExprNode; then: ExprNode; otherwise: ExprNode; column: number }
  | { kind: 'call'; name: string; args: ExprNode[]; column: number };

/** Function name -> number of arguments (null = one or more). */
export const FUNCTIONS: Record<string, number | null> = {
  min: null,
  max: null,
  ceil: 1,
  floor: 1,
  abs: 1,
  ceildiv: 2,
  divup: 2,
  log2: 1,
  pow: 2,
};

// Left binding power of each infix operator; higher binds tighter.
const INFIX_POWER: Record<string, number> = {
  '?': 1,
  '||': 2,
  '&&': 3,
  '==': 4,
  '!=': 4,
  '<': 5,
  '<=': 5,
  '>': 5,
  '>=': 5,
  '+': 6,
  '-': 6,
  '*': 7,
  '/': 7,
  '%': 7,
};
const PREFIX_POWER = 8;

/** Deepest nesting of parentheses, unary operators, calls and ternaries: recursion stays far from the stack's end. */
export const MAX_EXPRESSION_DEPTH = 200;
/** Longest expression text (a launch size or constraint is a line, not a program). */
export const MAX_EXPRESSION_LENGTH = 10_000;

export function parseExpression(text: string): ExprNode {
  if (text.length > MAX_EXPRESSION_LENGTH)
    throw new ExpressionError(`the expression is ${text.length} characters long; the limit is ${MAX_EXPRESSION_LENGTH}`, 1);
  const tokens = tokenize(text);
  let position = 0;
  let depth = 0;
  const peek = (): Token => tokens[position];
  const next = (): Token => tokens[position++];
  const expect = (op: string): Token => {
    const token = next();
    if (token.kind !== 'op' || token.text !== op) {
      throw new ExpressionError(`expected '${op}' but found ${describe(token)}`, token.column);
    }
    return token;
  };

  function parseBelow(minPower: number): ExprNode {
    if (++depth > MAX_EXPRESSION_DEPTH) {
      throw new ExpressionError(
        `the expression nests deeper than ${MAX_EXPRESSION_DEPTH} levels (parentheses, unary operators, calls)`,
        peek().column,
      );
    }
    let left = parsePrefix();
    for (;;) {
      const token = peek();
      if (token.kind !== 'op') break;
      const power = INFIX_POWER[token.text];
      if (power === undefined || power <= minPower) break;
      next();
      if (token.text === '?') {
        // Right-associative: `a ? b : c ? d : e` nests to the right.
        const then = parseBelow(0);
        expect(':');
        const otherwise = parseBelow(power - 1);
        left = { kind: 'ternary', condition: left, then, otherwise, column: token.column };
      } else {
        const right = parseBelow(power);
        left = { kind: 'binary', op: token.text, left, right, column: token.column, real: realTyped(left) || realTyped(right) };
      }
    }
    depth--;
    return left;
  }

  function parsePrefix(): ExprNode {
    const token = next();
    if (token.kind === 'number') {
      if (!Number.isFinite(token.value)) throw new ExpressionError(`bad number '${token.text}'`, token.column);
      return {
        kind: 'number',
        value: token.value as number,
        column: token.column,
        real: !/^0[xX]/.test(token.text) && /[.eE]/.test(token.text),
      };
    }
    if (token.kind === 'name') {
      if (peek().kind === 'op' && peek().text === '(') {
        next();
        const args: ExprNode[] = [];
        if (!(peek().kind === 'op' && peek().text === ')')) {
          for (;;) {
            args.push(parseBelow(0));
            if (peek().kind === 'op' && peek().text === ',') {
              next();
              continue;
            }
            break;
          }
        }
        expect(')');
        if (!(token.text in FUNCTIONS)) {
          throw new ExpressionError(`unknown function '${token.text}' (known: ${Object.keys(FUNCTIONS).join(', ')})`, token.column);
        }
        const arity = FUNCTIONS[token.text];
        if (arity === null ? args.length < 1 : args.length !== arity) {
          throw new ExpressionError(`${token.text}() takes ${arity ?? 'at least 1'} argument(s), got ${args.length}`, token.column);
        }
        return { kind: 'call', name: token.text, args, column: token.column };
      }
      return { kind: 'name', name: token.text, column: token.column };
    }
    if (token.kind === 'op' && token.text === '(') {
      const inner = parseBelow(0);
      expect(')');
      return inner;
    }
    if (token.kind === 'op' && (token.text === '-' || token.text === '+' || token.text === '!')) {
      return { kind: 'unary', op: token.text, operand: parseBelow(PREFIX_POWER - 1), column: token.column };
    }
    throw new ExpressionError(`expected a number, name or '(' but found ${describe(token)}`, token.column);
  }

  const root = parseBelow(0);
  const trailing = peek();
  if (trailing.kind !== 'end') throw new ExpressionError(`unexpected ${describe(trailing)} after the expression`, trailing.column);
  return root;
}

/** Whether C types the value as a double from its literals (the values of names decide at run time). */
function realTyped(node: ExprNode): boolean {
  switch (node.kind) {
    case 'number':
      return node.real;
    case 'unary':
      return node.op !== '!' && realTyped(node.operand);
    case 'binary':
      return ['+', '-', '*', '/'].includes(node.op) && node.real;
    case 'ternary':
      return realTyped(node.then) || realTyped(node.otherwise);
    case 'call':
      return ['min', 'max', 'abs'].includes(node.name) && node.args.some(realTyped);
    default:
      return false;
  }
}

function describe(token: Token): string {
  return token.kind === 'end' ? 'the end of the expression' : `'${token.text}'`;
}

/** Every name the expression reads (not function names), with the column of its first use. */
export function namesIn(node: ExprNode, out = new Map<string, number>()): Map<string, number> {
  switch (node.kind) {
    case 'name':
      if (!out.has(node.name)) out.set(node.name, node.column);
      break;
    case 'unary':
      namesIn(node.operand, out);
      break;
    case 'binary':
      namesIn(node.left, out);
      namesIn(node.right, out);
      break;
    case 'ternary':
      namesIn(node.condition, out);
      namesIn(node.then, out);
      namesIn(node.otherwise, out);
      break;
    case 'call':
      for (const arg of node.args) namesIn(arg, out);
      break;
    case 'number':
      break;
  }
  return out;
}
