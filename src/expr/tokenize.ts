// Tokenizer for carve's arithmetic expressions (space constraints, launch sizes).
export type TokenKind = 'number' | 'name' | 'op' | 'end';

export interface Token {
  kind: TokenKind;
  text: string;
  /** 1-based column of the token's first character. */
  column: number;
  value?: number;
}

export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly column: number,
  ) {
    super(message);
  }
}

// Longest operators first so '<=' wins over '<'.
const OPERATORS = ['&&', '||', '==', '!=', '<=', '>=', '<', '>', '+', '-', '*', '/', '%', '!', '?', ':', '(', ')', ','];

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (/\s/.test(char)) {
      index++;
      continue;
    }
    const column = index + 1;
    const numberMatch = /^(?:0[xX][0-9a-fA-F]+|\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)/.exec(text.slice(index));
    if (numberMatch) {
      const literal = numberMatch[0];
      tokens.push({ kind: 'number', text: literal, column, value: Number(literal) });
      index += literal.length;
      continue;
    }
    const nameMatch = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(index));
    if (nameMatch) {
      tokens.push({ kind: 'name', text: nameMatch[0], column });
      index += nameMatch[0].length;
      continue;
    }
    const op = OPERATORS.find((candidate) => text.startsWith(candidate, index));
    if (!op) throw new ExpressionError(`unexpected character '${char}'`, column);
    tokens.push({ kind: 'op', text: op, column });
    index += op.length;
  }
  tokens.push({ kind: 'end', text: '', column: text.length + 1 });
  return tokens;
}
