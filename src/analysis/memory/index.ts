// Memory-access and divergence analysis of one PTX kernel: coalescing class and sectors
// per warp request for every global access, bank-conflict degree for every shared access,
// and which conditional branches split warps.
import type { Instruction, Operand } from '../../ptx/ast.js';
import { inlineChains, userLocation } from '../../ptx/user-location.js';
import type { AccessReport, DivergenceReport, LocalAccessReport, TrafficFootprint } from '../../model/types.js';
import { classifyAccess, laneValue, warpLanes, type Lane, type SiteResult } from './classify.js';
import { classifyBulk, classifyTile } from './collective.js';
import { ValueBuilder } from './defs.js';
import { activeLanes, predicateStatus } from './divergence.js';
import { provenance, type Expr } from './expr.js';
import { isUnknown, type LaneValue } from './linear.js';
import { FootprintBuilder, type LoopTrips } from './footprint.js';
import { laneReachability } from './reach.js';
import { localSite, sitesOf } from './sites.js';
import type { MemoryInput } from './types.js';
import { warpsOfBlock } from './warp.js';

export { idealSharedWavefronts, WARP_SIZE } from './warp.js';
export type { MemoryInput, MemoryCfg, MemoryLoop, MemoryBasicBlock } from './types.js';

function blockDescription(block: [number, number, number] | null, warpCount: number): string {
  return block
    ? `block ${block.join('x')}, ${warpCount} warp${warpCount === 1 ? '' : 's'}, all lanes active`
    : 'block unknown: assumes a 1-D block of at least 32 threads, all lanes active';
}

/** Looks up a kernel parameter's given value by its PTX name: `paramValues` by index, else `defines` by name, `param_N` or `N`. */
function parameterValues(input: MemoryInput): (name: string) => number | undefined {
  return (name) => {
    const index = input.fn.params.findIndex((p) => p.name === name);
    if (index >= 0 && input.paramValues && index in input.paramValues) return input.paramValues[index];
    for (const key of index >= 0 ? [name, `param_${index}`, String(index)] : [name]) {
      if (Object.prototype.hasOwnProperty.call(input.defines, key)) return input.defines[key];
    }
    return undefined;
  };
}

export function analyzeMemory(input: MemoryInput): {
  accesses: AccessReport[];
  divergence: DivergenceReport[];
  local: LocalAccessReport[];
  /** With `footprints` and a known block and grid; null when a site's traffic is unknown. */
  footprint?: TrafficFootprint | null;
} {
  const { module, fn, cfg, loops, weights, block } = input;
  const grid = input.grid ?? null;
  const trips: LoopTrips = new Map();
  for (const loop of loops)
    if (loop.tripCount !== null) trips.set(loop.id, { mean: loop.tripCount, span: loop.warpTripCount ?? loop.tripCount });
  const footprint = input.footprints && block && grid ? new FootprintBuilder(trips, grid, block[0] * block[1] * block[2]) : null;
  const builder = new ValueBuilder(module, cfg, loops, parameterValues(input));
  // Every lane has the same block shape and a symbolic block index: one cache of lane-independent subtrees.
  const blockCache = new Map<Expr, LaneValue>();
  const warps: Lane[][] = warpsOfBlock(block).map((envs) => warpLanes(envs, blockCache));
  const blockText = blockDescription(block, warps.length);
  const accesses: Array<[number, AccessReport]> = [];
  const divergence: Array<[number, DivergenceReport]> = [];
  const locals: Array<[number, LocalAccessReport]> = [];
  const loopsOf = (blockId: number) => loops.filter((loop) => loop.blocks.includes(blockId));
  const depthOfBlock = (blockId: number) => Math.max(0, ...loopsOf(blockId).map((loop) => loop.depth));

  const chains = inlineChains(fn, module);
  const reach = laneReachability(cfg, builder, warps);
  const laneCount = (list: Lane[][]) => list.reduce((sum, warp) => sum + warp.length, 0);
  const totalLanes = laneCount(warps);
  // Shared per lane set, so that equal sites under equal lanes are classified once (classify.ts memoises by lanes).
  const warpsOfReached = new Map<Lane[][], Lane[][]>();
  const activeByGuard = [new Map<Lane[][], Map<Expr, Lane[][] | null>>(), new Map<Lane[][], Map<Expr, Lane[][] | null>>()];
  const evaluator = warps[0]?.[0]?.evaluator;
  const guardedLanes = (guard: Expr, negated: boolean, lanes: Lane[][]): Lane[][] | null => {
    if (evaluator === undefined) return activeLanes(guard, negated, lanes);
    const byLanes = activeByGuard[negated ? 1 : 0];
    let byGuard = byLanes.get(lanes);
    if (byGuard === undefined) byLanes.set(lanes, (byGuard = new Map<Expr, Lane[][] | null>()));
    const key = evaluator.canonical(guard);
    let active = byGuard.get(key);
    if (active === undefined) byGuard.set(key, (active = activeLanes(guard, negated, lanes)));
    return active;
  };

  for (const basicBlock of cfg.blocks) {
    // Lanes a thread-dependent branch keeps out of this block do not take part in its requests.
    const reachedLanes = reach?.get(basicBlock.id);
    let blockWarps = reachedLanes === undefined ? warps : warpsOfReached.get(reachedLanes);
    if (blockWarps === undefined) {
      const reaching = reachedLanes!.filter((warp) => warp.length > 0);
      blockWarps = laneCount(reaching) === totalLanes || reaching.length === 0 ? warps : reaching;
      warpsOfReached.set(reachedLanes!, blockWarps);
    }
    const blockLanesText =
      blockWarps === warps
        ? blockText
        : `${blockText.replace(', all lanes active', '')}, only the lanes thread-dependent branches let into this block`;
    let enclosing: Set<number> | undefined;
    for (const index of basicBlock.statements) {
      const ins = fn.body[index] as Instruction;
      const local = localSite(ins);
      const sites = sitesOf(ins, index);
      // Most statements report nothing: no location, guard or lanes are worked out for them.
      if (local === null && sites.length === 0 && !(ins.mnemonic === 'bra' && ins.guard)) continue;
      // Code inlined from toolkit headers is attributed to the user's call site.
      const where = userLocation(ins.source, chains);
      const file = where && where.line > 0 ? where.file : null;
      const line = where && where.line > 0 ? where.line : null;
      const weight = weights[index] ?? 0;
      // A guard that switches lanes off shrinks the warp request (e.g. @%p st for odd lanes only).
      const guarded =
        ins.guard && sites.length > 0 ? guardedLanes(builder.register(ins.guard.register, index), ins.guard.negated, blockWarps) : null;
      const siteWarps = guarded ?? blockWarps;
      const siteBlockText = guarded
        ? `${blockLanesText.replace(', all lanes active', '')}, lanes the guard ${ins.guard!.negated ? '@!' : '@'}${ins.guard!.register} switches off excluded`
        : blockLanesText;
      if (local) locals.push([index, { ...local, file, line, ptx: ins.text, dynamicWeight: weight }]);
      for (const site of sites) {
        const address = builder.operand(site.address, index);
        if (site.tile || site.bulk) {
          const space = site.space === 'generic' ? (provenance(address) ?? 'global') : site.space;
          const lane = siteWarps[0]?.[0] ?? warps[0]?.[0];
          const valueOf = (operand: Operand) => (lane ? laneValue(builder.operand(operand, index), lane) : null);
          let result: SiteResult;
          if (site.tile) {
            result = classifyTile(site.tile, space === 'shared' ? 'shared' : 'global', site.tile.stride ? valueOf(site.tile.stride) : null);
          } else {
            const size = site.bulk === 'copy' && site.width === 0 && ins.operands[2] ? valueOf(ins.operands[2]) : null;
            const bytes = site.width > 0 ? site.width : size && !isUnknown(size) && size.terms.size === 0 ? size.constant : null;
            result = classifyBulk(site.bulk!, bytes);
          }
          if (space !== 'shared') footprint?.stream(weight, result.sectorsPerRequest, 'a warp-wide tile or bulk copy');
          accesses.push([
            index,
            {
              space: space === 'shared' ? 'shared' : 'global',
              kind: site.kind,
              class: result.class,
              sectorsPerRequest: result.sectorsPerRequest,
              idealSectors: result.idealSectors,
              bankConflictWays: result.bankConflictWays,
              bytesPerLane: site.width,
              file,
              line,
              ptx: ins.text,
              dynamicWeight: weight,
              reason: result.reason,
            },
          ]);
          continue;
        }
        const space = site.space === 'generic' ? provenance(address) : site.space;
        if (space !== 'global' && space !== 'shared') {
          if (site.space === 'generic') {
            footprint?.stream(weight, null, 'generic address');
            accesses.push([
              index,
              {
                space: 'global',
                kind: site.kind,
                class: 'runtime',
                sectorsPerRequest: null,
                idealSectors: null,
                bankConflictWays: null,
                bytesPerLane: site.width,
                file,
                line,
                ptx: ins.text,
                dynamicWeight: weight,
                reason: 'generic address whose space is not known (no cvta provenance); reported as global',
              },
            ]);
          }
          continue;
        }
        const result: SiteResult = classifyAccess(space, address, site.width, siteWarps, siteBlockText, grid);
        if (space === 'global') {
          enclosing ??= new Set(loopsOf(basicBlock.id).map((loop) => loop.id));
          footprint?.add(address, site.width, siteWarps, weight, result.sectorsPerRequest, site.kind !== 'store', enclosing);
        }
        accesses.push([
          index,
          {
            space,
            kind: site.kind,
            class: result.class,
            sectorsPerRequest: result.sectorsPerRequest,
            idealSectors: result.idealSectors,
            bankConflictWays: result.bankConflictWays,
            bytesPerLane: site.width,
            file,
            line,
            ptx: ins.text,
            dynamicWeight: weight,
            reason: result.reason,
          },
        ]);
      }
      if (ins.mnemonic === 'bra' && ins.guard) {
        const predicate: Expr = builder.register(ins.guard.register, index);
        const { status, reason, unresolved } = predicateStatus(predicate, warps);
        divergence.push([
          index,
          {
            file,
            line,
            divergent: status === 'divergent',
            loopDepth: depthOfBlock(basicBlock.id),
            dynamicWeight: weight,
            ptx: ins.text,
            reason,
            ...(unresolved ? { unresolved } : {}),
          },
        ]);
      }
    }
  }
  // Blocks may be listed out of text order; report sites in PTX order.
  const byIndex = <T>(items: Array<[number, T]>) => items.sort((a, b) => a[0] - b[0]).map(([, item]) => item);
  return {
    accesses: byIndex(accesses),
    divergence: byIndex(divergence),
    local: byIndex(locals),
    ...(footprint ? { footprint: footprint.summary() } : {}),
  };
}

/** Any global site strided or uncoalesced executed at least `minWeight` times per thread (the
 * schema's uncoalescedMinWeight: sites executed fewer times are ignored; compare and carving agree). */
export function hasUncoalescedAccess(accesses: readonly AccessReport[], minWeight: number): boolean {
  return accesses.some(
    (access) =>
      access.space === 'global' && (access.class === 'strided' || access.class === 'uncoalesced') && access.dynamicWeight >= minWeight,
  );
}
