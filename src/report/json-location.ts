// Where a JSON text stops being valid. V8's JSON.parse names the position for most errors but
// not all ("Unexpected token ':', ... is not valid JSON"), and an error without a location is
// no use in a large report; this scanner finds the first offending character itself. Iterative
// (an explicit stack), so deeply nested input cannot overflow the call stack.

const LITERAL = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

/** Offset of the first character that makes `text` invalid JSON (text.length: it ends too early); -1 when valid. */
export function jsonErrorOffset(text: string): number {
  const stack: string[] = [];
  let i = 0;
  let expect: 'value' | 'valueOrEnd' | 'key' | 'keyOrEnd' | 'colon' | 'next' = 'value';
  const skipSpace = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  /** Past the string starting at i; or the offset of its bad character, negated minus one. */
  const stringEnd = (): number => {
    for (let j = i + 1; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (c === 0x22) return j + 1;
      if (c < 0x20) return -j - 1;
      if (c === 0x5c) {
        const e = text[j + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(j + 2, j + 6))) return -(j + 1) - 1;
          j += 5;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          j += 1;
        } else {
          return -(j + 1) - 1;
        }
      }
    }
    return -text.length - 1;
  };
  for (;;) {
    skipSpace();
    if (i >= text.length) return expect === 'next' && stack.length === 0 ? -1 : text.length;
    const c = text[i];
    if (expect === 'value' || expect === 'valueOrEnd') {
      if (expect === 'valueOrEnd' && c === ']') {
        stack.pop();
        i++;
        expect = 'next';
        continue;
      }
      if (c === '{') {
        stack.push('}');
        i++;
        expect = 'keyOrEnd';
        continue;
      }
      if (c === '[') {
        stack.push(']');
        i++;
        expect = 'valueOrEnd';
        continue;
      }
      if (c === '"') {
        const end = stringEnd();
        if (end < 0) return -end - 1;
        i = end;
        expect = 'next';
        continue;
      }
      LITERAL.lastIndex = i;
      const match = LITERAL.exec(text);
      if (!match) return i;
      i += match[0].length;
      expect = 'next';
    } else if (expect === 'key' || expect === 'keyOrEnd') {
      if (expect === 'keyOrEnd' && c === '}') {
        stack.pop();
        i++;
        expect = 'next';
        continue;
      }
      if (c !== '"') return i;
      const end = stringEnd();
      if (end < 0) return -end - 1;
      i = end;
      expect = 'colon';
    } else if (expect === 'colon') {
      if (c !== ':') return i;
      i++;
      expect = 'value';
    } else {
      const close = stack[stack.length - 1];
      if (close === undefined) return i;
      if (c === ',') {
        i++;
        expect = close === ']' ? 'value' : 'key';
        continue;
      }
      if (c !== close) return i;
      stack.pop();
      i++;
    }
  }
}

/** 1-based line:column of an offset. */
export function lineColumnAt(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `${line}:${offset - before.lastIndexOf('\n')}`;
}

/** JSON.parse's message plus where the text goes wrong: "line:column: message". */
export function jsonSyntaxError(text: string, error: Error): string {
  const position = /position (\d+)/.exec(error.message);
  const offset = position ? Number(position[1]) : jsonErrorOffset(text);
  // V8 quotes the text around the error, newlines included: kept on one line.
  const message = error.message.replace(/\r?\n/g, '\\n');
  return offset >= 0 ? `${lineColumnAt(text, offset)}: ${message}` : message;
}
