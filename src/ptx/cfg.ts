// Control-flow graph of one PTX function: basic blocks split at labels and after
// branches/returns, edges from `bra` targets and fall-through, and dominators
// (Cooper-Harvey-Kennedy iterative algorithm over reverse postorder).
import type { Instruction, PtxError, PtxFunction } from './ast.js';
import { newInt32Array } from './typed.js';
import { noteDestinations } from './destinations.js';

export interface BasicBlock {
  id: number;
  label: string | null;
  /** Indexes into fn.body (instructions only). */
  statements: number[];
  successors: number[];
  predecessors: number[];
}

export interface Cfg {
  fn: PtxFunction;
  blocks: BasicBlock[];
  entry: number;
  /** Block of each fn.body statement; -1 for non-instructions. */
  blockOfStatement: Int32Array;
  /** Immediate dominator of each block (entry: itself; unreachable: -1). */
  idom: Int32Array;
  /** Blocks in reverse postorder from the entry (unreachable blocks left out). */
  reversePostorder: number[];
  /** Branches to labels that do not exist, and similar. */
  errors: PtxError[];
  /**
   * Share of threads reaching each block once branches whose outcome is known (constant
   * operands, given parameter values) are folded: 0 or 1, or a fraction where a branch is
   * resolved per thread over a known launch (guards.ts); set by findLoops. Absent = every block counts.
   */
  live?: number[];
  /** Per-block factor from branches inside loops resolved per thread and iteration (guards.ts); absent = 1. */
  branchScale?: number[];
  /** Branches resolved per thread over a known launch (guards.ts), when there are any. */
  threadGuards?: { branches: number; scope: 'block' | 'grid'; threads: number };
  /** Blocks whose closing conditional branch has a known outcome (set with `live`). */
  decided?: number[];
  /**
   * The registers each instruction writes, as parallel lists in program order (statement,
   * register), recorded by buildCfg for the value resolver.
   */
  destinations?: { statements: number[]; registers: string[] };
}

/**
 * Instructions that end a basic block: bra, brx, ret, exit, trap. Comparisons rather than a
 * Set lookup: mnemonics are internalized (see opcodes.ts), so each is a pointer check.
 */
function endsBlock(mnemonic: string): boolean {
  return mnemonic === 'bra' || mnemonic === 'ret' || mnemonic === 'exit' || mnemonic === 'brx' || mnemonic === 'trap';
}

// Module-level functions rather than closures: buildCfg runs once per function of big corpora.
function newBlock(blocks: BasicBlock[], label: string | null): BasicBlock {
  const block: BasicBlock = { id: blocks.length, label, statements: [], successors: [], predecessors: [] };
  blocks.push(block);
  return block;
}

function addEdge(blocks: BasicBlock[], from: number, to: number): void {
  if (!blocks[from].successors.includes(to)) {
    blocks[from].successors.push(to);
    blocks[to].predecessors.push(from);
  }
}

function intersect(idom: Int32Array, rpoIndex: number[], a: number, b: number): number {
  while (a !== b) {
    while (rpoIndex[a] > rpoIndex[b]) a = idom[a];
    while (rpoIndex[b] > rpoIndex[a]) b = idom[b];
  }
  return a;
}

function branchTarget(ins: Instruction): string | null {
  for (const op of ins.operands) if (op.kind === 'symbol') return op.name;
  return null;
}

export function buildCfg(fn: PtxFunction): Cfg {
  const body = fn.body;
  const blocks: BasicBlock[] = [];
  const blockOfStatement = newInt32Array(body.length).fill(-1);
  const labelBlock = new Map<string, number>();
  const errors: PtxError[] = [];
  const destinationStatements: number[] = [];
  const destinationRegisters: string[] = [];
  let current: BasicBlock | null = null;
  for (let i = 0; i < body.length; i++) {
    const s = body[i];
    if (s.kind === 'label') {
      // Consecutive labels share nothing: each starts its own (possibly empty) block.
      current = newBlock(blocks, s.name);
      labelBlock.set(s.name, current.id);
    } else if (s.kind === 'instruction') {
      if (current === null) current = newBlock(blocks, null);
      current.statements.push(i);
      blockOfStatement[i] = current.id;
      noteDestinations(s, i, destinationStatements, destinationRegisters);
      if (endsBlock(s.mnemonic)) current = null;
    }
  }
  if (blocks.length === 0) newBlock(blocks, null);

  for (const block of blocks) {
    const lastIndex = block.statements[block.statements.length - 1];
    const last = lastIndex === undefined ? null : (body[lastIndex] as Instruction);
    const fallsThrough = block.id + 1 < blocks.length;
    if (last === null || !endsBlock(last.mnemonic)) {
      if (fallsThrough) addEdge(blocks, block.id, block.id + 1);
      continue;
    }
    if (last.mnemonic === 'bra') {
      const target = branchTarget(last);
      const targetBlock = target === null ? undefined : labelBlock.get(target);
      if (targetBlock === undefined) {
        errors.push({
          message: `branch to unknown label '${target ?? '?'}'`,
          line: last.position.line,
          column: last.position.column,
          functionName: fn.name,
        });
      } else addEdge(blocks, block.id, targetBlock);
    } else if (last.mnemonic === 'brx') {
      // Indirect branch: any labelled block may be a target.
      for (const [, id] of labelBlock) addEdge(blocks, block.id, id);
    }
    if (last.guard !== null && fallsThrough) addEdge(blocks, block.id, block.id + 1);
  }

  const { idom, reversePostorder } = dominators(blocks, 0);
  return {
    fn,
    blocks,
    entry: 0,
    blockOfStatement,
    idom,
    reversePostorder,
    errors,
    destinations: { statements: destinationStatements, registers: destinationRegisters },
  };
}

function dominators(blocks: BasicBlock[], entry: number): { idom: Int32Array; reversePostorder: number[] } {
  const n = blocks.length;
  const order: number[] = [];
  const visited: number[] = new Array<number>(n).fill(0);
  // Iterative DFS producing postorder; the stack is two parallel arrays (block, next successor).
  const stackBlocks: number[] = [entry];
  const stackNext: number[] = [0];
  visited[entry] = 1;
  while (stackBlocks.length > 0) {
    const top = stackBlocks.length - 1;
    const succ = blocks[stackBlocks[top]].successors;
    if (stackNext[top] < succ.length) {
      const next = succ[stackNext[top]++];
      if (!visited[next]) {
        visited[next] = 1;
        stackBlocks.push(next);
        stackNext.push(0);
      }
    } else {
      order.push(stackBlocks[top]);
      stackBlocks.pop();
      stackNext.pop();
    }
  }
  const reversePostorder = order.reverse();
  const rpoIndex: number[] = new Array<number>(n).fill(-1);
  for (let i = 0; i < reversePostorder.length; i++) rpoIndex[reversePostorder[i]] = i;
  const idom = newInt32Array(n).fill(-1);
  idom[entry] = entry;
  let changed = true;
  while (changed) {
    changed = false;
    for (const b of reversePostorder) {
      if (b === entry) continue;
      let newIdom = -1;
      for (const p of blocks[b].predecessors) {
        if (idom[p] === -1) continue;
        newIdom = newIdom === -1 ? p : intersect(idom, rpoIndex, p, newIdom);
      }
      if (newIdom !== idom[b]) {
        idom[b] = newIdom;
        changed = true;
      }
    }
  }
  return { idom, reversePostorder };
}

/** The predicated two-way `bra` closing a block: its statement, predicate, and the successor taken when it branches (target) or not (fallthrough). */
export interface ClosingBranch {
  statement: number;
  register: string;
  negated: boolean;
  target: number;
  fallthrough: number;
}

export function closingBranch(
  cfg: Pick<Cfg, 'fn'> & { blocks: ReadonlyArray<Pick<BasicBlock, 'statements' | 'successors'>> },
  block: number,
): ClosingBranch | null {
  const node = cfg.blocks[block];
  if (node.successors.length !== 2) return null;
  const statement = node.statements[node.statements.length - 1];
  const last = statement === undefined ? null : (cfg.fn.body[statement] as Instruction);
  if (!last || last.mnemonic !== 'bra' || !last.guard) return null;
  const fallthrough = block + 1;
  const target = node.successors.find((s) => s !== fallthrough) ?? node.successors[0];
  return { statement, register: last.guard.register, negated: last.guard.negated, target, fallthrough };
}

/** True when block a dominates block b. */
export function dominates(cfg: Cfg, a: number, b: number): boolean {
  if (cfg.idom[b] === -1) return false;
  let x = b;
  for (;;) {
    if (x === a) return true;
    const up = cfg.idom[x];
    if (up === x || up === -1) return false;
    x = up;
  }
}
