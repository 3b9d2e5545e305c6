// Remedies, drawn from the optimization patterns of [Stratton12] §3 and [Ryoo08] §3
// (docs/references.md). Each names the pattern so a reader can look it up.

export function registerCliffRemedy(blockSize: number, blocksWanted: number, registerCap: number | null): string {
  const cap = registerCap !== null ? ` (at most ${registerCap} registers/thread)` : '';
  return (
    `Cap registers so ${blocksWanted} blocks of ${blockSize} threads fit${cap}: ` +
    `\`__launch_bounds__(${blockSize}, ${blocksWanted})\`` +
    (registerCap !== null ? ` or \`-maxrregcount=${registerCap}\`` : '') +
    ', or keep fewer values live (recompute cheap values, shrink per-thread register tiles, avoid unroll/prefetch that holds extra values); ' +
    'check that the cap does not introduce spills (resource balancing, Ryoo et al. §3.6).'
  );
}

export function sharedCliffRemedy(blocksWanted: number, sharedCap: number | null): string {
  const cap = sharedCap !== null ? ` to at most ${sharedCap} B per block` : '';
  return (
    `Reduce shared memory${cap} so ${blocksWanted} blocks fit per SM: smaller tiles, reuse one buffer across phases, ` +
    'or keep the tile in registers (tile size trades reuse against occupancy, Ryoo et al. §3.5).'
  );
}

export function headroomRemedy(resource: 'registers' | 'sharedMemory'): string {
  return resource === 'registers'
    ? 'No action needed yet; the next added live value loses a block/SM. Pin the budget with `__launch_bounds__(threads, minBlocks)` so the compiler keeps it.'
    : 'No action needed yet; a slightly larger tile loses a block/SM. Size shared buffers from the block size so growth is deliberate.';
}

/** Strided vs fully uncoalesced calls for different transformations. */
export function accessRemedy(accessClass: string | null, kind: 'load' | 'store' | 'atomic', sectors: number | null): string {
  if (kind === 'atomic') {
    return 'Privatize: accumulate into per-block copies in shared memory (shared atomics) and commit them to global memory once per block (privatization, Stratton et al. §3.2).';
  }
  if (accessClass === 'strided' && (sectors === null || sectors < 32)) {
    return 'Lanes read one field of consecutive structures: store that field contiguously (array-of-structures to structure-of-arrays, data layout transformation, Stratton et al. §3.7; Ryoo et al. §3.1).';
  }
  return 'Each lane touches its own sector (e.g. walking a column of a row-major matrix): load a coalesced tile into shared memory and read it transposed there, or make threadIdx.x index the contiguous dimension (tiling, Stratton et al. §3.1; Ryoo et al. §3.1).';
}

/** Lanes read several fields of consecutive `stride`-byte structures (array of structures). */
export function structureRemedy(fields: number, stride: number): string {
  return (
    `Lanes read ${fields} fields of consecutive ${stride}-byte structures (array of structures): store each field in its own array ` +
    '(structure of arrays, `x[i]`, `vx[i]`, ...) so consecutive lanes read consecutive elements (data layout transformation, Stratton et al. §3.7; Ryoo et al. §3.1); ' +
    'where the layout must stay, load the structures of a block into shared memory with coalesced loads and read the fields there.'
  );
}

export function bankConflictRemedy(ways: number): string {
  return `Pad the shared array's row by one element (e.g. \`[32][33]\` instead of \`[32][32]\`) so the ${ways} lanes that share a bank map to different banks.`;
}

export function spillRemedy(): string {
  return (
    'Spills go to local memory (DRAM through L1): keep fewer values live, avoid dynamically indexed per-thread arrays (they live in local memory), ' +
    'relax a too-tight `__launch_bounds__`/`-maxrregcount`, or move large per-thread arrays to shared memory (resource balancing, Ryoo et al. §3.6).'
  );
}

export function growthRemedy(what: 'registers' | 'shared' | 'instructions'): string {
  if (what === 'instructions') {
    return 'Reduce dynamic instructions: hoist loop-invariant code, unroll loops with constant trip counts, coarsen work per thread to amortize index arithmetic (Ryoo et al. §3.2; granularity coarsening, Stratton et al. §3.8).';
  }
  if (what === 'registers')
    return 'Check whether the new live values are needed; the next register cliff is reported separately when it is close.';
  return 'Check whether the larger shared buffers are needed; the next shared-memory cliff is reported separately when it is close.';
}

export function divergenceRemedy(): string {
  return 'Make the branch condition uniform across a warp (branch on warp-level indices, sort or bin work so neighbouring lanes take the same path: regularization, Stratton et al. §3.5), or compute both sides with predication when they are short.';
}

export function regressionRemedy(): string {
  return 'Compare the static findings for this kernel above; if none explain it, profile both versions with Nsight Compute (memory throughput, achieved occupancy, stall reasons).';
}

export function buildRemedy(): string {
  return 'Fix the build error; the other kernels were still analysed.';
}

export function localMemoryRemedy(): string {
  return (
    'Index per-thread arrays with compile-time constants (fully unroll the loops that index them) so ptxas keeps them in registers, ' +
    'or move the array to shared memory (one slice per thread); `ptxas -v` shows the stack frame.'
  );
}
