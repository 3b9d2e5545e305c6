// A space's `arguments` against the kernel's parameters: the harness passes them by position,
// so a missing argument, an extra one, or an int where the kernel takes a pointer would time a
// launch that reads garbage (or faults). Types come from the demangled signature when there
// is one (pointer, floating, integral), else from the PTX parameter types (.u64 may be either a
// pointer or a 64-bit integer there). Pure: text in, diagnostics out.
import type { ArgumentSpec } from '../../config/types.js';
import type { Diagnostic } from '../../model/types.js';
import { pointerSegment } from './space.js';

/** The PTX types of an entry's parameters ('u64', 'f32', ...); null when the entry is not found. */
export function entryParameterTypes(ptx: string, entry: string): string[] | null {
  const at = ptx.search(new RegExp(`\\.entry\\s+${entry.replace(/[$.]/g, '\\$&')}\\s*\\(`));
  if (at < 0) return null;
  const open = ptx.indexOf('(', at);
  const close = ptx.indexOf(')', open);
  if (close < 0) return null;
  return [...ptx.slice(open + 1, close).matchAll(/\.param\s+(?:\.align\s+\d+\s+)?\.(\w+)/g)].map((m) => m[1]);
}

/** The parameter types of a demangled signature ("void f<1, 2>(int, float const*)"); null without one. */
export function signatureParameterTypes(displayName: string): string[] | null {
  if (!displayName.endsWith(')')) return null;
  let depth = 0;
  for (let i = displayName.length - 1; i >= 0; i--) {
    const c = displayName[i];
    if (c === ')') depth++;
    else if (c === '(' && --depth === 0) {
      const inside = displayName.slice(i + 1, -1).trim();
      if (inside === '' || inside === 'void') return [];
      const parts: string[] = [];
      let level = 0;
      let start = 0;
      for (let j = 0; j < inside.length; j++) {
        if ('<(['.includes(inside[j])) level++;
        else if ('>)]'.includes(inside[j])) level--;
        else if (inside[j] === ',' && level === 0) {
          parts.push(inside.slice(start, j).trim());
          start = j + 1;
        }
      }
      parts.push(inside.slice(start).trim());
      return parts;
    }
  }
  return null;
}

type Kind = 'pointer' | 'floating' | 'integral' | 'pointer-or-integral' | 'other';

function kindOfSignature(type: string): Kind {
  if (type.includes('*')) return 'pointer';
  if (/\b(float|double|half|__half|__nv_bfloat16)\b/.test(type)) return 'floating';
  if (/\b(int|long|short|char|unsigned|size_t|bool|u?int\d+_t)\b/.test(type)) return 'integral';
  return 'other';
}

function kindOfPtx(type: string): Kind {
  if (/^f\d+$/.test(type)) return 'floating';
  if (/^[usb]64$/.test(type)) return 'pointer-or-integral';
  if (/^[usb](8|16|32)$/.test(type)) return 'integral';
  return 'other';
}

function accepts(argument: ArgumentSpec, kind: Kind): boolean {
  if (kind === 'other') return true;
  if ('buffer' in argument) return kind === 'pointer' || kind === 'pointer-or-integral';
  if ('int' in argument) return kind === 'integral' || kind === 'pointer-or-integral';
  return kind === 'floating';
}

const what = (argument: ArgumentSpec) =>
  'buffer' in argument
    ? `${/^[aeiou]/i.test(argument.buffer) ? 'an' : 'a'} ${argument.buffer} buffer (a pointer)`
    : 'int' in argument
      ? 'an int'
      : 'a float';

/** Errors, each with the JSON path of the argument, where the space's arguments cannot be the kernel's parameters. */
export function checkSpaceArguments(
  spaceName: string,
  kernel: string,
  args: ArgumentSpec[],
  displayName: string,
  ptxTypes: string[] | null,
  configFile?: string,
): Diagnostic[] {
  if (args.length === 0) return []; // arguments are only needed for timing
  const base = `/spaces/${pointerSegment(spaceName)}/arguments`;
  const signature = signatureParameterTypes(displayName);
  const count = signature?.length ?? ptxTypes?.length;
  if (count === undefined) return [];
  const described = signature ? `(${signature.join(', ')})` : `(PTX ${ptxTypes!.map((t) => `.${t}`).join(', ')})`;
  const error = (jsonPath: string, message: string): Diagnostic => ({
    severity: 'error',
    stage: 'config',
    file: configFile,
    jsonPath,
    message: `${jsonPath}: ${message}`,
  });
  if (args.length !== count) {
    return [
      error(
        args.length > count ? `${base}/${count}` : base,
        `the space gives ${args.length} arguments but kernel '${kernel}' takes ${count} ${described}`,
      ),
    ];
  }
  const out: Diagnostic[] = [];
  for (const [i, argument] of args.entries()) {
    const kind = signature ? kindOfSignature(signature[i]) : kindOfPtx(ptxTypes![i]);
    if (!accepts(argument, kind)) {
      const declared = signature ? `'${signature[i]}'` : `.${ptxTypes![i]}`;
      out.push(error(`${base}/${i}`, `argument ${i} is ${what(argument)}, but parameter ${i} of kernel '${kernel}' is ${declared}`));
    }
  }
  return out;
}
