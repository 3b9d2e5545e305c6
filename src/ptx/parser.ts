// The PTX parser's public entry: parsePtx over the grammar (grammar.ts), which reads the
// lexer's words (lexer.ts). It never throws; problems become PtxErrors with line:column and
// parsing resumes at the next ';' (or '}'), so one malformed function does not hide the others.
import type { ParseResult } from './ast.js';
import { PtxGrammar } from './grammar.js';

export { decodePtxString, immediateValue } from './lexer.js';

/** Parses PTX text; never throws. Errors carry line:column and the function they were found in. */
export function parsePtx(text: string, file?: string): ParseResult {
  const parser = new PtxGrammar(typeof text === 'string' ? text : String(text));
  try {
    parser.parse();
  } catch (error) {
    // A parser bug must not take the whole report down: keep what was parsed.
    parser.errors.push({
      message: `internal parser error: ${(error as Error).message}${file ? ` in ${file}` : ''}`,
      line: 0,
      column: 0,
      functionName: null,
    });
  }
  return { module: parser.module, errors: parser.errors };
}
