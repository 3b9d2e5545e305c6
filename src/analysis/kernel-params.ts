// Kernel parameter values given by name or index (--param K=4096, the config's
// kernels.NAME.params, a carving space's int/float arguments) turned into the analysis's map
// paramIndex -> value. Names come from the kernel's signature in the .cu source: PTX keeps
// only positions (k_param_0 ...), and mangled names carry types, not names.

/** Parameter names per kernel (bare name, without namespace or template arguments), from CUDA source text. */
export function kernelSignatures(source: string): Map<string, string[]> {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
  const kernels = new Map<string, string[]>();
  const global = /__global__/g;
  for (let m = global.exec(text); m; m = global.exec(text)) {
    const open = text.indexOf('(', m.index);
    if (open < 0) break;
    // The kernel name is the identifier just before '(' (skipping `__launch_bounds__(...)` and the like).
    let head = text.slice(m.index, open);
    let nameMatch = /([A-Za-z_]\w*)\s*$/.exec(head);
    let paren = open;
    while (nameMatch && /^__\w+__$/.test(nameMatch[1])) {
      const close = matching(text, paren);
      if (close < 0) break;
      paren = text.indexOf('(', close + 1);
      if (paren < 0) break;
      head = text.slice(close + 1, paren);
      nameMatch = /([A-Za-z_]\w*)\s*$/.exec(head);
    }
    if (!nameMatch) continue;
    const close = matching(text, paren);
    if (close < 0) continue;
    const names = splitTopLevel(text.slice(paren + 1, close))
      .map(parameterName)
      .filter((n) => n !== '');
    if (!kernels.has(nameMatch[1])) kernels.set(nameMatch[1], names);
  }
  return kernels;
}

function matching(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0,
    start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '<' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === '>' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  if (list.trim() !== '') parts.push(list.slice(start));
  return parts;
}

function parameterName(declaration: string): string {
  const d = declaration
    .replace(/=.*$/s, '')
    .replace(/\[[^\]]*\]/g, '')
    .trim();
  if (d === 'void' || d === '...') return '';
  const pointerToFunction = /\(\s*\*\s*([A-Za-z_]\w*)\s*\)\s*\(/.exec(d);
  if (pointerToFunction) return pointerToFunction[1];
  const m = /([A-Za-z_]\w*)\s*$/.exec(d);
  return m ? m[1] : '';
}

/** 'ns::sgemm<128>(float*, int)' -> 'sgemm'. */
export function bareKernelName(displayName: string): string {
  let s = displayName.trim();
  // Drop the parameter list: the parenthesis matching the final ')' (template arguments may hold casts like (int)4).
  if (s.endsWith(')')) {
    let depth = 0,
      i = s.length - 1;
    for (; i >= 0; i--) {
      if (s[i] === ')') depth++;
      else if (s[i] === '(' && --depth === 0) break;
    }
    s = s.slice(0, Math.max(0, i)).trimEnd();
  }
  // Drop template arguments (nested) at the end.
  while (s.endsWith('>')) {
    let depth = 0,
      i = s.length - 1;
    for (; i >= 0; i--) {
      if (s[i] === '>') depth++;
      else if (s[i] === '<' && --depth === 0) break;
    }
    s = s.slice(0, Math.max(0, i)).trimEnd();
  }
  return s.replace(/^.*::/, '').replace(/^.*\s/, '');
}

export type ParamResolution = { values: Record<number, number>; errors: string[] };

/** Values by index for one kernel; names not in the signature are errors that list the parameters. */
export function resolveParams(given: Record<string, number>, kernel: string, names: string[] | null, paramCount: number): ParamResolution {
  const values: Record<number, number> = {};
  const errors: string[] = [];
  for (const [name, value] of Object.entries(given)) {
    if (/^\d+$/.test(name)) {
      const index = Number(name);
      if (index >= paramCount)
        errors.push(`parameter index ${index} out of range: ${kernel} has ${paramCount} parameter${paramCount === 1 ? '' : 's'}`);
      else values[index] = value;
      continue;
    }
    const index = names ? names.indexOf(name) : -1;
    if (index >= 0 && index < paramCount) values[index] = value;
    else errors.push(`unknown parameter '${name}' for ${kernel}: ${describeParams(names, paramCount)}`);
  }
  return { values, errors };
}

export function describeParams(names: string[] | null, paramCount: number): string {
  if (names) return names.length === 0 ? 'it has no parameters' : `its parameters are ${names.map((n, i) => `${i}:${n}`).join(', ')}`;
  return `parameter names unknown (no .cu source); use indexes 0..${paramCount - 1}`;
}

/** 'K=4096' -> ['K', 4096]; a non-numeric value is an error naming it. */
export function parseParamAssignment(item: string): { kernel: string | null; name: string; value: number } | { error: string } {
  const eq = item.indexOf('=');
  if (eq <= 0)
    return { error: `--param expects NAME=VALUE (NAME: parameter name or 0-based index, optionally KERNEL:NAME), got '${item}'` };
  const left = item.slice(0, eq).trim();
  const text = item.slice(eq + 1).trim();
  const value = Number(text);
  const colon = left.lastIndexOf(':');
  const kernel = colon > 0 ? left.slice(0, colon) : null;
  const name = colon > 0 ? left.slice(colon + 1) : left;
  if (!/^(\d+|[A-Za-z_]\w*)$/.test(name))
    return { error: `--param name must be a parameter name or 0-based index, got '${name}' in '${item}'` };
  if (text === '' || !Number.isFinite(value)) return { error: `--param ${left}: value '${text}' is not a number` };
  return { kernel, name, value };
}
