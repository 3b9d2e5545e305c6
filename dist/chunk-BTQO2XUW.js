import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);

// src/report/json-location.ts
var LITERAL = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
function jsonErrorOffset(text) {
  const stack = [];
  let i = 0;
  let expect = "value";
  const skipSpace = () => {
    while (i < text.length && (text[i] === " " || text[i] === "	" || text[i] === "\n" || text[i] === "\r")) i++;
  };
  const stringEnd = () => {
    for (let j = i + 1; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (c === 34) return j + 1;
      if (c < 32) return -j - 1;
      if (c === 92) {
        const e = text[j + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(j + 2, j + 6))) return -(j + 1) - 1;
          j += 5;
        } else if (e !== void 0 && '"\\/bfnrt'.includes(e)) {
          j += 1;
        } else {
          return -(j + 1) - 1;
        }
      }
    }
    return -text.length - 1;
  };
  for (; ; ) {
    skipSpace();
    if (i >= text.length) return expect === "next" && stack.length === 0 ? -1 : text.length;
    const c = text[i];
    if (expect === "value" || expect === "valueOrEnd") {
      if (expect === "valueOrEnd" && c === "]") {
        stack.pop();
        i++;
        expect = "next";
        continue;
      }
      if (c === "{") {
        stack.push("}");
        i++;
        expect = "keyOrEnd";
        continue;
      }
      if (c === "[") {
        stack.push("]");
        i++;
        expect = "valueOrEnd";
        continue;
      }
      if (c === '"') {
        const end = stringEnd();
        if (end < 0) return -end - 1;
        i = end;
        expect = "next";
        continue;
      }
      LITERAL.lastIndex = i;
      const match = LITERAL.exec(text);
      if (!match) return i;
      i += match[0].length;
      expect = "next";
    } else if (expect === "key" || expect === "keyOrEnd") {
      if (expect === "keyOrEnd" && c === "}") {
        stack.pop();
        i++;
        expect = "next";
        continue;
      }
      if (c !== '"') return i;
      const end = stringEnd();
      if (end < 0) return -end - 1;
      i = end;
      expect = "colon";
    } else if (expect === "colon") {
      if (c !== ":") return i;
      i++;
      expect = "value";
    } else {
      const close = stack[stack.length - 1];
      if (close === void 0) return i;
      if (c === ",") {
        i++;
        expect = close === "]" ? "value" : "key";
        continue;
      }
      if (c !== close) return i;
      stack.pop();
      i++;
    }
  }
}
function lineColumnAt(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return `${line}:${offset - before.lastIndexOf("\n")}`;
}
function jsonSyntaxError(text, error) {
  const position = /position (\d+)/.exec(error.message);
  const offset = position ? Number(position[1]) : jsonErrorOffset(text);
  const message = error.message.replace(/\r?\n/g, "\\n");
  return offset >= 0 ? `${lineColumnAt(text, offset)}: ${message}` : message;
}

export {
  jsonSyntaxError
};
