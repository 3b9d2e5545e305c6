// Whether each side of a comparison yielded something to compare. A side whose every unit
// failed to build, or that has no kernels while the other side has some, cannot be
// compared: that is an error of the run (the check fails), never "no findings".
import type { CarveReport, Diagnostic } from '../../model/types.js';

const BUILD_STAGES = new Set<Diagnostic['stage']>(['build', 'ptxas', 'cubin', 'ptx']);

export interface SideCoverageInput {
  base: CarveReport | null;
  head: CarveReport;
  /** Units built per side (gate); null when unknown (reports read from files). */
  baseUnits?: number | null;
  headUnits?: number | null;
}

function buildErrors(report: CarveReport): Diagnostic[] {
  return [...report.diagnostics, ...report.kernels.flatMap((k) => k.diagnostics)].filter(
    (d) => d.severity === 'error' && BUILD_STAGES.has(d.stage),
  );
}

function firstError(errors: readonly Diagnostic[]): string {
  const d = errors[0];
  const where = d.file ? `${d.file}${d.line ? `:${d.line}` : ''}: ` : '';
  return `${where}${d.message.split('\n')[0]}`;
}

/** Error diagnostics for a side that has nothing to compare; empty when both sides are usable. */
export function sideCoverageErrors(input: SideCoverageInput): Diagnostic[] {
  const sides: Array<{ name: 'base' | 'head'; report: CarveReport; units: number | null; other: CarveReport | null }> = [
    { name: 'head', report: input.head, units: input.headUnits ?? null, other: input.base },
  ];
  if (input.base) sides.push({ name: 'base', report: input.base, units: input.baseUnits ?? null, other: input.head });
  const out: Diagnostic[] = [];
  for (const side of sides) {
    if (side.report.kernels.length > 0 || side.units === 0) continue;
    const errors = buildErrors(side.report);
    const otherKernels = side.other?.kernels.length ?? 0;
    if (errors.length) {
      const units = side.units !== null ? `all ${side.units} ${side.units === 1 ? 'unit' : 'units'}` : 'every unit';
      out.push({
        severity: 'error',
        stage: 'build',
        file: errors[0].file,
        line: errors[0].line,
        message: `the ${side.name} side has no kernels: ${units} failed to build (${errors.length} ${errors.length === 1 ? 'error' : 'errors'}; first: ${firstError(errors)})`,
      });
    } else if (otherKernels > 0) {
      out.push({
        severity: 'error',
        stage: 'build',
        message: `the ${side.name} side yielded no kernels where the ${side.name === 'head' ? 'base' : 'head'} side has ${otherKernels}: nothing to compare`,
      });
    }
  }
  return out;
}
