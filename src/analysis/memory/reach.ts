// Which lanes reach each basic block: a conditional branch whose outcome is known per lane
// (`if (threadIdx.x & 1)`) sends each lane down one edge only; every other branch may go
// either way. Sites in a block then count only the lanes that can execute them.
import type { Instruction } from '../../ptx/ast.js';
import type { Lane } from './classify.js';
import type { ValueBuilder } from './defs.js';
import { laneOutcome, predicateStatus } from './divergence.js';
import type { MemoryCfg } from './types.js';

interface LaneBranch {
  blockId: number;
  target: number;
  fallThrough: number;
  outcome: (lane: Lane) => boolean | null;
}

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
    branches.push({
      blockId: block.id,
      target,
      fallThrough,
      outcome: (lane) => {
        const value = laneOutcome(predicate, lane);
        return value === null ? null : value !== negated;
      },
    });
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
  // Per warp, the lanes reaching each block as a bit mask, propagated over the edges each lane
  // can take (a lane whose outcome is unknown takes every successor): the blocks a lane
  // reaches are those a walk of that lane alone would reach.
  const masks = new Uint32Array(cfg.blocks.length);
  const blockMasks = cfg.blocks.map((): number[] => []);
  warps.forEach((warp, w) => {
    const lanes = Math.min(warp.length, 32);
    const outcomes = new Map<number, { taken: number; notTaken: number; either: number }>();
    for (const [blockId, branch] of branches) {
      let taken = 0,
        notTaken = 0,
        either = 0;
      for (let l = 0; l < lanes; l++) {
        const outcome = branch.outcome(warp[l]);
        if (outcome === null) either |= 1 << l;
        else if (outcome) taken |= 1 << l;
        else notTaken |= 1 << l;
      }
      outcomes.set(blockId, { taken, notTaken, either });
    }
    masks.fill(0);
    const stack = [cfg.entry];
    masks[cfg.entry] = lanes === 32 ? 0xffffffff : (1 << lanes) - 1;
    const reach = (blockId: number, lanesIn: number) => {
      const next = (masks[blockId] | lanesIn) >>> 0;
      if (next === masks[blockId]) return;
      masks[blockId] = next;
      stack.push(blockId);
    };
    while (stack.length) {
      const blockId = stack.pop()!;
      const mask = masks[blockId];
      const branch = branches.get(blockId);
      const split = outcomes.get(blockId);
      if (branch && split) {
        for (const successor of cfg.blocks[blockId].successors) reach(successor, mask & split.either);
        reach(branch.target, mask & split.taken);
        reach(branch.fallThrough, mask & split.notTaken);
      } else {
        for (const successor of cfg.blocks[blockId].successors) reach(successor, mask);
      }
    }
    // Blocks reached by the same lanes share one list.
    const listOfMask = new Map<number, Lane[]>();
    for (const block of cfg.blocks) {
      const mask = masks[block.id];
      blockMasks[block.id].push(mask);
      if (mask === 0) continue;
      let list = listOfMask.get(mask);
      if (list === undefined) {
        list = [];
        for (let l = 0; l < lanes; l++) if (mask & (1 << l)) list.push(warp[l]);
        listOfMask.set(mask, list);
      }
      reached.get(block.id)![w] = list;
    }
  });
  // Blocks reached by the same lanes of every warp share one Lane[][] (site results are memoised by it).
  const byLanes = new Map<string, Lane[][]>();
  for (const block of cfg.blocks) {
    const key = blockMasks[block.id].join(' ');
    const shared = byLanes.get(key);
    if (shared === undefined) byLanes.set(key, reached.get(block.id)!);
    else reached.set(block.id, shared);
  }
  return reached;
}
