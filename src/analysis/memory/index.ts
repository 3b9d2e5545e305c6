// Memory-access and divergence analysis of one PTX kernel: coalescing class and sectors
// per warp request for every global access, bank-conflict degree for every shared access,
// and which conditional branches split warps.
import type { Instruction } from '../../ptx/ast.js';
import { inlineChains, userLocation } from '../../ptx/user-location.js';
import type { AccessReport, DivergenceReport } from '../../report/types.js';
import { classifyGlobal, classifyShared, warpLanes, type Lane, type SiteResult } from './classify.js';
import { ValueBuilder } from './defs.js';
import { activeLanes, predicateStatus } from './divergence.js';
import { provenance, type Expr } from './expr.js';
import type { LaneValue } from './linear.js';
import { laneReachability } from './reach.js';
import { sitesOf } from './sites.js';
import type { MemoryInput } from './types.js';
import { warpsOfBlock } from './warp.js';

export type { MemoryInput, MemoryCfg, MemoryLoop, MemoryBasicBlock } from './types.js';

function blockDescription(block: [number, number, number] | null, warpCount: number): string {
  return block
    ? `block ${block.join('x')}, ${warpCount} warp${warpCount === 1 ? '' : 's'}, all lanes active`
    : 'block unknown: assumes a 1-D block of at least 32 threads, all lanes active';
}

export function analyzeMemory(input: MemoryInput): { accesses: AccessReport[]; divergence: DivergenceReport[] } {
  const { module, fn, cfg, loops, weights, block } = input;
  const builder = new ValueBuilder(module, cfg, loops);
  // Every lane has the same block shape and a symbolic block index: one cache of lane-independent subtrees.
  const blockCache = new Map<Expr, LaneValue>();
  const warps: Lane[][] = warpsOfBlock(block).map((envs) => warpLanes(envs, blockCache));
  const blockText = blockDescription(block, warps.length);
  const accesses: Array<[number, AccessReport]> = [];
  const divergence: Array<[number, DivergenceReport]> = [];
  const depthOfBlock = (blockId: number) => Math.max(0, ...loops.filter((loop) => loop.blocks.includes(blockId)).map((loop) => loop.depth));

  const chains = inlineChains(fn, module);
  const reach = laneReachability(cfg, builder, warps);
  const laneCount = (list: Lane[][]) => list.reduce((sum, warp) => sum + warp.length, 0);
  const totalLanes = laneCount(warps);

  for (const basicBlock of cfg.blocks) {
    // Lanes a thread-dependent branch keeps out of this block do not take part in its requests.
    const reaching = reach?.get(basicBlock.id)?.filter((warp) => warp.length > 0) ?? warps;
    const blockWarps = laneCount(reaching) === totalLanes || reaching.length === 0 ? warps : reaching;
    const blockLanesText = blockWarps === warps ? blockText : `${blockText.replace(', all lanes active', '')}, only the lanes thread-dependent branches let into this block`;
    for (const index of basicBlock.statements) {
      const ins = fn.body[index] as Instruction;
      // Code inlined from toolkit headers is attributed to the user's call site.
      const where = userLocation(ins.source, chains);
      const file = where && where.line > 0 ? where.file : null;
      const line = where && where.line > 0 ? where.line : null;
      const weight = weights[index] ?? 0;
      // A guard that switches lanes off shrinks the warp request (e.g. @%p st for odd lanes only).
      const guarded = ins.guard ? activeLanes(builder.register(ins.guard.register, index), ins.guard.negated, blockWarps) : null;
      const siteWarps = guarded ?? blockWarps;
      const siteBlockText = guarded ? `${blockLanesText.replace(', all lanes active', '')}, lanes the guard ${ins.guard!.negated ? '@!' : '@'}${ins.guard!.register} switches off excluded` : blockLanesText;
      for (const site of sitesOf(ins, index)) {
        const address = builder.operand(site.address, index);
        const space = site.space === 'generic' ? provenance(address) : site.space;
        if (space !== 'global' && space !== 'shared') {
          if (site.space === 'generic') {
            accesses.push([index, { space: 'global', kind: site.kind, class: 'runtime', sectorsPerRequest: null, idealSectors: null, bankConflictWays: null,
              bytesPerLane: site.width, file, line, ptx: ins.text, dynamicWeight: weight,
              reason: 'generic address whose space is not known (no cvta provenance); reported as global' }]);
          }
          continue;
        }
        const result: SiteResult = space === 'global'
          ? classifyGlobal(address, site.width, siteWarps, siteBlockText)
          : classifyShared(address, site.width, siteWarps, siteBlockText);
        accesses.push([index, { space, kind: site.kind, class: result.class, sectorsPerRequest: result.sectorsPerRequest, idealSectors: result.idealSectors,
          bankConflictWays: result.bankConflictWays, bytesPerLane: site.width, file, line, ptx: ins.text, dynamicWeight: weight, reason: result.reason }]);
      }
      if (ins.mnemonic === 'bra' && ins.guard) {
        const predicate: Expr = builder.register(ins.guard.register, index);
        const { status, reason } = predicateStatus(predicate, warps);
        divergence.push([index, { file, line, divergent: status === 'divergent', loopDepth: depthOfBlock(basicBlock.id), dynamicWeight: weight, ptx: ins.text, reason }]);
      }
    }
  }
  // Blocks may be listed out of text order; report sites in PTX order.
  const byIndex = <T>(items: Array<[number, T]>) => items.sort((a, b) => a[0] - b[0]).map(([, item]) => item);
  return { accesses: byIndex(accesses), divergence: byIndex(divergence) };
}

/** Any global site strided or uncoalesced executed at least `minWeight` times per thread (the
 * schema's uncoalescedMinWeight: sites executed fewer times are ignored; compare and carving agree). */
export function hasUncoalescedAccess(accesses: readonly AccessReport[], minWeight: number): boolean {
  return accesses.some((access) => access.space === 'global' && (access.class === 'strided' || access.class === 'uncoalesced') && access.dynamicWeight >= minWeight);
}
