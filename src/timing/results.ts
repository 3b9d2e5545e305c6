// Reading timing results: the harness's JSON lines, or an external benchmark command's JSON
// (an array, or one object per line, each {variant | parameters, samplesMs | medianMs}).
import type { Diagnostic } from '../model/types.js';
import type { TimingSamples } from './stats.js';

export interface TimingRecord extends TimingSamples {
  space: string | null;
  parameters: Record<string, number | string> | null;
  status: 'ok' | 'error';
  error: string | null;
  /** Harness extras: the driver's register count and active blocks per SM (an occupancy oracle). */
  registers: number | null;
  activeBlocksPerSM: number | null;
  device: string | null;
  /**
   * The harness timed every sample behind its hold kernel (the GPU's work alone: src/timing/
   * harness-source.ts); false: around bare launches, the host's submission included; null: not said.
   */
  held: boolean | null;
}

function asRecord(value: unknown, where: string, diagnostics: Diagnostic[]): TimingRecord | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    diagnostics.push({ severity: 'error', stage: 'timing', message: `${where}: expected an object`, jsonPath: '' });
    return null;
  }
  const object = value as Record<string, unknown>;
  const parameters =
    typeof object.parameters === 'object' && object.parameters !== null ? (object.parameters as Record<string, number | string>) : null;
  const variant =
    typeof object.variant === 'string'
      ? object.variant
      : parameters
        ? Object.entries(parameters)
            .map(([k, v]) => `${k}=${v}`)
            .join(',')
        : null;
  if (!variant) {
    diagnostics.push({ severity: 'error', stage: 'timing', message: `${where}: needs 'variant' or 'parameters'` });
    return null;
  }
  let samplesMs: number[] = [];
  if (Array.isArray(object.samplesMs) && object.samplesMs.every((s) => typeof s === 'number' && Number.isFinite(s)))
    samplesMs = object.samplesMs as number[];
  else if (typeof object.medianMs === 'number') samplesMs = [object.medianMs];
  const status = object.status === 'error' || (samplesMs.length === 0 && object.status !== 'ok') ? 'error' : 'ok';
  const error = typeof object.error === 'string' ? object.error : status === 'error' ? 'no samples' : null;
  return {
    variant,
    samplesMs,
    parameters,
    status,
    error,
    space: typeof object.space === 'string' ? object.space : null,
    registers: typeof object.registers === 'number' ? object.registers : null,
    activeBlocksPerSM: typeof object.activeBlocksPerSM === 'number' ? object.activeBlocksPerSM : null,
    device: typeof object.device === 'string' ? object.device : null,
    held: typeof object.held === 'boolean' ? object.held : null,
  };
}

/** Parses JSON lines or a JSON array; bad lines become diagnostics with their line number. */
export function parseTimingOutput(text: string, file?: string): { records: TimingRecord[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const records: TimingRecord[] = [];
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    try {
      const array = JSON.parse(trimmed) as unknown[];
      for (const [i, item] of (Array.isArray(array) ? array : []).entries()) {
        const record = asRecord(item, `[${i}]`, diagnostics);
        if (record) records.push(record);
      }
    } catch (error) {
      diagnostics.push({ severity: 'error', stage: 'timing', file, message: `not valid JSON: ${(error as Error).message}` });
    }
    return { records, diagnostics };
  }
  for (const [i, line] of text.split('\n').entries()) {
    if (!line.trim().startsWith('{')) continue; // profiler banners and other noise
    try {
      const record = asRecord(JSON.parse(line), `line ${i + 1}`, diagnostics);
      if (record) records.push(record);
    } catch (error) {
      diagnostics.push({ severity: 'error', stage: 'timing', file, line: i + 1, message: `not valid JSON: ${(error as Error).message}` });
    }
  }
  return { records, diagnostics };
}
