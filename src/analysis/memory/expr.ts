// Symbolic values of PTX registers: expression trees over thread indices, uniform symbols
// (kernel parameters, %ctaid, %nctaid, loop iterations) and opaque values. Trees are built
// from reaching definitions (defs.ts) and evaluated per lane (linear.ts).

export type BinaryOp = 'add' | 'sub' | 'mul' | 'div' | 'rem' | 'and' | 'or' | 'xor' | 'shl' | 'shr' | 'min' | 'max';
export type CompareOp = 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge' | 'other';

export type Expr =
  | { op: 'const'; value: number }
  /** A named value: '%tid.x' (varies per lane), '%ctaid.x', 'param:NAME', 'iter:3', 'var:NAME' (address of a variable). */
  | { op: 'sym'; name: string }
  /** `bits`: operand width, for shifts (32 or 64). */
  | { op: BinaryOp; a: Expr; b: Expr; bits?: number }
  | { op: 'neg'; a: Expr }
  | { op: 'not'; a: Expr }
  /** Address-space conversion; value unchanged, kept for provenance (generic -> global / shared). */
  | { op: 'cvta'; space: string; toGeneric: boolean; a: Expr }
  /** A value the analysis cannot follow. `uniform`: same for every lane of a warp. `indirect`: read from memory.
   * `key` names the value (its definition) so a uniform one can stand as a symbol; `label` is its short text. */
  | { op: 'opaque'; uniform: boolean; indirect: boolean; reason: string; key?: string; label?: string }
  /** A predicate (setp); `combine` covers and/or/xor/not of predicates. */
  | { op: 'cmp'; cmp: CompareOp; a: Expr; b: Expr }
  | { op: 'pred'; combine: string; parts: Expr[] }
  /**
   * `cond ? a : b` (selp, or a register merged where an if/else joins): chosen per lane where
   * `cond` is known. `fallback`: the uniform value it stands as when `cond` is not known.
   */
  | { op: 'select'; cond: Expr; a: Expr; b: Expr; reason: string; fallback?: Expr }
  | CarriedExpr;

/**
 * A register carried around a loop (its value at the loop header) that no closed form fits
 * (`last += stride; if (last == end) { last -= 2*stride; stride = -stride; }`): it stands as
 * `entry + H`, H one warp-uniform unknown, when that holds by induction: on the assumption that
 * it holds at the header, the value leaving every latch differs from `entry` by the same amount
 * in every lane (checked per warp, linear.ts). `latches` (one per back edge; null when one
 * cannot be followed) refer to the node itself, so they are hidden from the generic tree walks
 * (not enumerable: JSON text and structural comparison see `id` and `entry` only).
 */
export interface CarriedExpr {
  op: 'carried';
  /** Unique within one function's analysis. */
  id: number;
  entry: Expr;
  reason: string;
  /** Short text naming the register and its loop, for the unknown's text in reasons. */
  label: string;
  /** The id of the loop whose header merges it (MemoryLoop.id). */
  loop: number;
  readonly latches: Expr[] | null;
}

/** A carried node whose latch values are filled in later (setCarriedLatches): they refer to the node. */
export function carriedExpr(id: number, entry: Expr, reason: string, label: string, loop: number): CarriedExpr {
  const node = { op: 'carried', id, entry, reason, label, loop } as CarriedExpr;
  Object.defineProperty(node, 'latches', { value: null, writable: true, enumerable: false });
  return node;
}

export function setCarriedLatches(node: CarriedExpr, latches: Expr[] | null): void {
  (node as { latches: Expr[] | null }).latches = latches;
}

export const constant = (value: number): Expr => ({ op: 'const', value });
export const symbol = (name: string): Expr => ({ op: 'sym', name });
export const opaque = (uniform: boolean, indirect: boolean, reason: string, key?: string, label?: string): Expr => ({
  op: 'opaque',
  uniform,
  indirect,
  reason,
  ...(key !== undefined ? { key } : {}),
  ...(label !== undefined ? { label } : {}),
});

/** The subtrees a node refers to (a carried node's entry and latches too: walks must stop at nodes already seen). */
export function childrenOf(expr: Expr): Expr[] {
  switch (expr.op) {
    case 'const':
    case 'sym':
    case 'opaque':
      return [];
    case 'carried':
      return [expr.entry, ...(expr.latches ?? [])];
    case 'neg':
    case 'not':
    case 'cvta':
      return [expr.a];
    case 'pred':
      return expr.parts;
    case 'cmp':
      return [expr.a, expr.b];
    case 'select':
      return [expr.cond, expr.a, expr.b];
    default:
      return [expr.a, expr.b];
  }
}

/** Greatest common divisor of two integers (0 with 0 gives 0): strides, alignments, residues. */
export function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

/** Thread-index symbols: the only ones that differ between lanes of one warp. */
export function isLaneSymbol(name: string): boolean {
  return name.startsWith('%tid.') || name === '%laneid';
}

/** True when the tree mentions no lane symbol and no lane-varying opaque value. */
export function isUniformExpr(expr: Expr): boolean {
  switch (expr.op) {
    case 'const':
      return true;
    case 'sym':
      return !isLaneSymbol(expr.name);
    case 'opaque':
      return expr.uniform;
    case 'carried':
      // Uniform only where its induction holds, which takes a warp to check.
      return false;
    case 'neg':
    case 'not':
    case 'cvta':
      return isUniformExpr(expr.a);
    case 'pred':
      return expr.parts.every(isUniformExpr);
    case 'select':
      return isUniformExpr(expr.cond) && isUniformExpr(expr.a) && isUniformExpr(expr.b);
    default:
      return isUniformExpr(expr.a) && isUniformExpr(expr.b);
  }
}

/** The first opaque leaf, for reasons ("address loaded from memory at line 12"). */
export function firstOpaque(expr: Expr): Extract<Expr, { op: 'opaque' }> | null {
  switch (expr.op) {
    case 'const':
    case 'sym':
      return null;
    case 'opaque':
      return expr;
    case 'carried':
      return firstOpaque(expr.entry);
    case 'neg':
    case 'not':
    case 'cvta':
      return firstOpaque(expr.a);
    case 'pred': {
      for (const part of expr.parts) {
        const found = firstOpaque(part);
        if (found) return found;
      }
      return null;
    }
    case 'select':
      return firstOpaque(expr.cond) ?? firstOpaque(expr.a) ?? firstOpaque(expr.b);
    default:
      return firstOpaque(expr.a) ?? firstOpaque(expr.b);
  }
}

/** Address space the value points into, from cvta provenance: 'global', 'shared', or null (unknown). */
export function provenance(expr: Expr): string | null {
  switch (expr.op) {
    case 'cvta':
      return expr.space;
    case 'sym':
      return expr.name.startsWith('shared:') ? 'shared' : expr.name.startsWith('global:') ? 'global' : null;
    case 'add':
    case 'sub':
    case 'select':
      return provenance(expr.a) ?? provenance(expr.b);
    case 'carried':
      return provenance(expr.entry);
    default:
      return null;
  }
}

/**
 * Numbers trees by structure: two trees get the same number when every field is equal, children
 * compared by their numbers, so each node's key is built once however often a shared subtree is
 * met (unrolled code compares and evaluates the same merges many times). A carried node is
 * named by its id, unique within one function's analysis: one numbering serves one analysis.
 */
export class ExprNumbering {
  private readonly ids = new WeakMap<Expr, number>();
  private readonly byKey = new Map<string, number>();
  /** Nodes of two children (and one-child nodes, right child -1) by kind, then by their children's numbers packed in one number. */
  private readonly byChildren = new Map<string, Map<number, number>>();
  private count = 0;

  id(expr: Expr): number {
    let id = this.ids.get(expr);
    if (id === undefined) {
      id = this.numberOf(expr);
      this.ids.set(expr, id);
    }
    return id;
  }

  /** Structural equality. */
  same(left: Expr, right: Expr): boolean {
    return left === right || this.id(left) === this.id(right);
  }

  private numberOf(expr: Expr): number {
    // Plain assignments, not destructuring: the baseline compiler (the JIT tier of short runs)
    // allocates an iterator for every destructured array.
    let kind: string | null = null;
    let left = 0;
    let right = -1;
    switch (expr.op) {
      case 'neg':
      case 'not':
        kind = expr.op;
        left = this.id(expr.a);
        break;
      case 'cmp':
        kind = expr.cmp;
        left = this.id(expr.a);
        right = this.id(expr.b);
        break;
      case 'const':
      case 'sym':
      case 'opaque':
      case 'carried':
      case 'cvta':
      case 'pred':
      case 'select':
        break;
      default:
        kind = expr.bits === undefined ? expr.op : `${expr.op}${expr.bits}`;
        left = this.id(expr.a);
        right = this.id(expr.b);
    }
    // Numbers below 2^26 pack exactly into one double (left * 2^26 + right + 1 < 2^53).
    if (kind !== null && left < CHILD_LIMIT && right < CHILD_LIMIT) {
      let byPair = this.byChildren.get(kind);
      if (byPair === undefined) this.byChildren.set(kind, (byPair = new Map<number, number>()));
      const pair = left * CHILD_LIMIT + right + 1;
      let id = byPair.get(pair);
      if (id === undefined) byPair.set(pair, (id = this.count++));
      return id;
    }
    // (Children numbered past the packing limit: the same fields as text; '#' starts no other key.)
    const key = kind !== null ? `#${kind} ${left} ${right}` : this.key(expr);
    let id = this.byKey.get(key);
    if (id === undefined) this.byKey.set(key, (id = this.count++));
    return id;
  }

  /** Text key of the nodes numberOf does not key by their children (leaves, cvta, pred, select, carried). */
  private key(expr: Expr): string {
    switch (expr.op) {
      case 'const':
        return `c${Object.is(expr.value, -0) ? '-0' : expr.value}`;
      case 'sym':
        return `s${expr.name}`;
      case 'opaque':
        return `o${JSON.stringify([expr.uniform, expr.indirect, expr.reason, expr.key ?? null, expr.label ?? null])}`;
      case 'carried':
        return `carried ${expr.id}`;
      case 'cvta':
        return `cvta ${expr.space} ${expr.toGeneric} ${this.id(expr.a)}`;
      case 'pred':
        return `pred ${expr.combine} ${expr.parts.map((part) => this.id(part)).join(' ')}`;
      case 'select':
        return `select ${this.id(expr.cond)} ${this.id(expr.a)} ${this.id(expr.b)} ${expr.fallback ? this.id(expr.fallback) : ''} ${JSON.stringify(expr.reason)}`;
      default:
        throw new Error(`ExprNumbering: ${expr.op} nodes are keyed by their children`);
    }
  }
}

/** Child numbers that pack into the numeric key of ExprNumbering (2^26). */
const CHILD_LIMIT = 1 << 26;

const sizes = new WeakMap<Expr, number>();

/**
 * Nodes of the tree with shared subtrees counted at every use: what a walk of the tree (its
 * text, a structural comparison) visits. Selects share their arms' subtrees, so a chain of
 * them doubles it per step; the builder keeps it below EXPANDED_SIZE_LIMIT.
 */
export function expandedSize(expr: Expr): number {
  let size = sizes.get(expr);
  if (size === undefined) {
    switch (expr.op) {
      case 'const':
      case 'sym':
      case 'opaque':
      case 'carried':
        size = 1;
        break;
      case 'neg':
      case 'not':
      case 'cvta':
        size = 1 + expandedSize(expr.a);
        break;
      case 'pred':
        size = expr.parts.reduce((sum, part) => sum + expandedSize(part), 1);
        break;
      case 'select':
        size = 1 + expandedSize(expr.cond) + expandedSize(expr.a) + expandedSize(expr.b);
        break;
      default:
        size = 1 + expandedSize(expr.a) + expandedSize(expr.b);
    }
    sizes.set(expr, size);
  }
  return size;
}

/**
 * 2^18: the walks that still visit shared subtrees once per use (reasons, uniformity, provenance)
 * stay affordable, while chains of selects like Rodinia dwt2d's mirrored loaders (up to 2^18 nodes
 * expanded) resolve per lane. From 2048 to 2^18: development global sites definite 83.1% -> 93.2%
 * (every new one measured agrees with ncu), dwt2d's 570 KB module 3.6 -> 5.9 s and 180 -> 288 MB.
 */
export const EXPANDED_SIZE_LIMIT = 262144;

/** Compact text for reasons and debugging: "param:a + 4*(%ctaid.x*256 + %tid.x)". */
export function formatExpr(expr: Expr): string {
  switch (expr.op) {
    case 'const':
      return String(expr.value);
    case 'sym':
      return expr.name;
    case 'opaque':
      return `?(${expr.reason})`;
    case 'carried':
      return `carried#${expr.id}(${formatExpr(expr.entry)})`;
    case 'neg':
      return `-(${formatExpr(expr.a)})`;
    case 'not':
      return `~(${formatExpr(expr.a)})`;
    case 'cvta':
      return formatExpr(expr.a);
    case 'cmp':
      return `(${formatExpr(expr.a)} ${expr.cmp} ${formatExpr(expr.b)})`;
    case 'pred':
      return `${expr.combine}(${expr.parts.map(formatExpr).join(', ')})`;
    case 'select':
      return `(${formatExpr(expr.cond)} ? ${formatExpr(expr.a)} : ${formatExpr(expr.b)})`;
    default:
      return `(${formatExpr(expr.a)} ${expr.op} ${formatExpr(expr.b)})`;
  }
}
