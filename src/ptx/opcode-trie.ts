// Opcodes seen so far, as a character trie shared by every parse: the parser recognises a
// known opcode in one pass over its characters (no hashing, no comparison afterwards).
// Words are the parser's words (identifier characters, '.', '%', and '::' pairs); the
// trie holds only complete opcodes, each with its cached OpcodeInfo.
import type { OpcodeInfo } from './opcodes.js';

// Transitions by a small alphabet (lowercase letters, digits, '.', ':', '_'; 0 = none), so a
// node's row is 160 bytes: the rows of the common opcodes stay in the first-level cache.
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789.:_';
const WIDTH = ALPHABET.length + 1;
const SYMBOL = new Uint8Array(128);
for (let i = 0; i < ALPHABET.length; i++) SYMBOL[ALPHABET.charCodeAt(i)] = i + 1;
let next = new Int32Array(WIDTH * 512);
const infos: Array<OpcodeInfo | undefined> = [undefined];
let nodes = 1;

/** Adds an opcode (one spelled with other characters is simply not remembered). */
export function rememberOpcode(word: string, info: OpcodeInfo): void {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c >= 128 || SYMBOL[c] === 0) return;
  }
  let node = 0;
  for (let i = 0; i < word.length; i++) {
    const slot = node * WIDTH + SYMBOL[word.charCodeAt(i)];
    let child = next[slot];
    if (child === 0) {
      child = nodes++;
      infos.push(undefined);
      if (nodes * WIDTH > next.length) {
        const grown = new Int32Array(next.length * 2);
        grown.set(next);
        next = grown;
      }
      next[slot] = child;
    }
    node = child;
  }
  infos[node] = info;
}

/**
 * Walks the trie along `text` from `start` as far as it goes; returns where the walk ended
 * (walkedOpcode then gives the opcode ending there, if any; two calls, so no result object).
 */
export function walkOpcode(text: string, start: number): number {
  let node = 0;
  let p = start;
  const table = next;
  for (;;) {
    const c = text.charCodeAt(p);
    if (!(c < 128)) break;
    const symbol = SYMBOL[c];
    if (symbol === 0) break;
    const child = table[node * WIDTH + symbol];
    if (child === 0) break;
    node = child;
    p++;
  }
  walkedNode = node;
  return p;
}

/** The node the last walkOpcode reached. */
let walkedNode = 0;

/** The opcode ending at the node the last walkOpcode reached, if any. */
export function walkedOpcode(): OpcodeInfo | undefined {
  return infos[walkedNode];
}
