// Names of the warp-uniform runtime values an address may contain, and their text in reasons.
// A monomial is '*'-joined names ('param:k_param_2', '%ctaid.y*param:k_param_2'); a uniform
// value the analysis cannot follow (a load from a warp-uniform address, a merge of uniform
// definitions) is named after its definition: 'u:KEY|LABEL'.
import type { Expr } from './expr.js';

type Opaque = Extract<Expr, { op: 'opaque' }>;

/** The name 'u:KEY|LABEL' of a uniform value, with the characters monomials use ('*', '+', '|') replaced. */
export function uniformName(key: string, label: string): string {
  const clean = (text: string) => text.replace(/[*+|]/g, '_');
  return `u:${clean(key)}|${clean(label)}`;
}

/** The symbol a warp-uniform opaque value stands as; null when it is not uniform or has no definition key. */
export function uniformSymbolName(expr: Opaque): string | null {
  if (!expr.uniform || expr.key === undefined) return null;
  return uniformName(expr.key, expr.label ?? expr.reason);
}

function factorText(name: string): string {
  if (name.startsWith('u:')) return name.slice(name.indexOf('|') + 1);
  const param = /^param:.*?(param_\d+)(\+\d+)?$/.exec(name);
  if (param) return `${param[1]}${param[2] ?? ''}`;
  return name.replace(/^(param|var|global|shared):/, '');
}

/** Readable text of a monomial: 'param_2', '%ctaid.y·param_2', '%r1 (loaded at line 15)'. */
const monomialTexts = new Map<string, string>();

export function monomialText(monomial: string): string {
  // Asked per warp and lane shift for the same few monomials.
  let text = monomialTexts.get(monomial);
  if (text === undefined) {
    text = monomial.split('*').map(factorText).join('·');
    if (monomialTexts.size > 10_000) monomialTexts.clear();
    monomialTexts.set(monomial, text);
  }
  return text;
}
