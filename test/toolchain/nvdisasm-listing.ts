// nvdisasm -g -c listings (device/sass/run.sh, device/sass/colsum.sh): each SASS instruction under
// its `//## File "...", line N` annotation, counted per source line and subroutine the way the
// cubin line-table reader (src/toolchain/sass-lines.ts) counts them, the trailing padding apart.
import path from 'node:path';
import type { SassLineCount } from '../../src/model/types.js';

export interface Listing {
  /** Section -> 'file:line[:subroutine]' -> instructions, padding left out. */
  counts: Map<string, Map<string, number>>;
  /** Section -> 'file:line[:subroutine]' -> LDG and STG instructions among them. */
  globalMemory: Map<string, Map<string, number>>;
  /** Section -> 'file:line[:subroutine]' -> instructions under a guard predicate (`@P0`, `@!P1`; not `@PT`). */
  predicated: Map<string, Map<string, number>>;
  padding: Map<string, number>;
}

/** Counts nvdisasm -g -c's instructions per annotated line; trailing NOPs and a BRA to its own label are padding. */
export function readListing(text: string): Listing {
  const counts = new Map<string, Map<string, number>>();
  const globalMemory = new Map<string, Map<string, number>>();
  const predicated = new Map<string, Map<string, number>>();
  const padding = new Map<string, number>();
  for (const chunk of text.split(/^\/\/-+ \.text\./m).slice(1)) {
    const name = chunk.split(/\s/)[0];
    const functions = new Set([...chunk.matchAll(/\.type\s+(\S+),@function/g)].map((m) => m[1]));
    const rows: Array<{ key: string; text: string; label: string | null; own: boolean }> = [];
    let where = '';
    let subroutine = '';
    let label: string | null = null;
    for (const line of chunk.split('\n')) {
      const annotation = /\/\/## File "(.+)", line (\d+)/.exec(line);
      const labelled = /^(\S+):$/.exec(line);
      const instruction = /^\s+\/\*[0-9a-f]{4,}\*\/\s+(.*?)\s*;?\s*$/.exec(line);
      if (annotation) where = `${path.basename(annotation[1])}:${annotation[2]}`;
      else if (labelled && functions.has(labelled[1])) subroutine = labelled[1] === name ? '' : labelled[1];
      else if (labelled) label = labelled[1];
      else if (instruction) {
        rows.push({ key: `${where}${subroutine ? `:${subroutine}` : ''}`, text: instruction[1], label, own: !subroutine });
        label = null;
      }
    }
    let end = rows.length;
    while (end > 0 && rows[end - 1].text === 'NOP') end--;
    const last = rows[end - 1];
    if (last && last.label !== null && last.text === `BRA \`(${last.label})`) end--;
    // The function's own code past its last unguarded EXIT is out of line (':cold').
    const lastExit = rows.findLastIndex((row) => row.own && row.text === 'EXIT');
    rows.forEach((row, i) => {
      if (lastExit >= 0 && i > lastExit && row.own) row.key += ':cold';
    });
    const perLine = new Map<string, number>();
    const memoryPerLine = new Map<string, number>();
    const predicatedPerLine = new Map<string, number>();
    for (const row of rows.slice(0, end)) {
      perLine.set(row.key, (perLine.get(row.key) ?? 0) + 1);
      if (/^(@!?P\w+\s+)?(LDG|STG)\b/.test(row.text)) memoryPerLine.set(row.key, (memoryPerLine.get(row.key) ?? 0) + 1);
      if (/^@!?P[0-6]\s/.test(row.text)) predicatedPerLine.set(row.key, (predicatedPerLine.get(row.key) ?? 0) + 1);
    }
    counts.set(name, perLine);
    globalMemory.set(name, memoryPerLine);
    predicated.set(name, predicatedPerLine);
    padding.set(name, rows.length - end);
  }
  return { counts, globalMemory, predicated, padding };
}

export const keyOf = (e: SassLineCount) =>
  `${path.basename(e.file)}:${e.line}${e.subroutine ? `:${e.subroutine}` : ''}${e.outOfLine ? ':cold' : ''}`;
