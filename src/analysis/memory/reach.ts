// Which lanes reach each basic block: a conditional branch whose outcome is known per lane
// (`if (threadIdx.x & 1)`) sends each lane down one edge only; every other branch may go
// either way. Sites in a block then count only the lanes that can execute them.
import type { Instruction } from '../../ptx/ast.js';
import type { Lane } from './classify.js';
import type { ValueBuilder } from './defs.js';
import { laneOutcome, predicateStatus } from './divergence.js';
import type { MemoryCfg } from './types.js';

interface LaneBranch { blockId: number; target: number; fallThrough: number; outcome: (lane: Lane) => boolean | null }

function lanewiseBranches(cfg: MemoryCfg, builder: ValueBuilder, warps: Lane[][]): LaneBranch[] {
  const blockOfLabel = new Map(cfg.blocks.filter((b) => b.label).map((b) => [b.label!, b.id]));
  const branches: LaneBranch[] = [];
  for (const block of cfg.blocks) {
    const last = block.statements[block.statements.length - 1];
    const ins = last === undefined ? null : (cfg.fn.body[last] as Instruction);
    if (!ins || ins.mnemonic !== 'bra' || !ins.guard) continue;
    const targetOperand = ins.operands.find((operand) => operand.kind === 'symbol');
    const target = targetOperand?.kind === 'symbol' ? blockOfLabel.get(targetOperand.name) : undefined;
    const fallThrough = block.successors.find((successor) => successor !== target);
    if (target === undefined || fallThrough === undefined) continue;
    const predicate = builder.register(ins.guard.register, last);
    if (predicateStatus(predicate, warps).status !== 'divergent') continue;
    const negated = ins.guard.negated;
    branches.push({ blockId: block.id, target, fallThrough, outcome: (lane) => {
      const value = laneOutcome(predicate, lane);
      return value === null ? null : value !== negated;
    } });
  }
  return branches;
}

/**
 * For each block, the lanes of each warp that can reach it; null when no branch splits lanes
 * in a known way (every lane reaches every block it can).
 */
export function laneReachability(cfg: MemoryCfg, builder: ValueBuilder, warps: Lane[][]): Map<number, Lane[][]> | null {
  const branches = new Map(lanewiseBranches(cfg, builder, warps).map((branch) => [branch.blockId, branch]));
  if (branches.size === 0) return null;
  const reached = new Map<number, Lane[][]>(cfg.blocks.map((block) => [block.id, warps.map(() => [])]));
  warps.forEach((warp, w) => {
    for (const lane of warp) {
      const seen = new Set<number>([cfg.entry]);
      const stack = [cfg.entry];
      while (stack.length) {
        const blockId = stack.pop()!;
        reached.get(blockId)![w].push(lane);
        const branch = branches.get(blockId);
        const outcome = branch ? branch.outcome(lane) : null;
        const next = branch && outcome !== null ? [outcome ? branch.target : branch.fallThrough] : cfg.blocks[blockId].successors;
        for (const successor of next) if (!seen.has(successor)) { seen.add(successor); stack.push(successor); }
      }
    }
  });
  return reached;
}
