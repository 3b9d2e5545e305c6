// Shared types of the toolchain module: per-kernel resource records from ptxas logs and cubins.
import type { KernelResources } from '../model/types.js';

export interface ResourceRecord {
  /** Mangled name as ptxas / the cubin spells it. */
  name: string;
  /** Demangled for display. */
  displayName: string;
  /** 'sm_90', 'sm_90a', ... as the source states it; 'unknown' only with a diagnostic. */
  arch: string;
  resources: KernelResources;
  /** True for __global__ kernels; false for device functions ptxas or the cubin lists separately. */
  isEntry: boolean;
  /** For device functions: which fields are meaningful (registers, shared memory and barriers
   * belong to the calling kernels and are reported as 0 there). */
  partial?: string;
}

/** Why a device function's record carries only stack and spill figures. */
export const DEVICE_FUNCTION_NOTE =
  'device function: only its stack frame and spills are its own; registers, shared memory and barriers are counted in the calling kernels';
