// Findings that come from outside the kernels' static analysis: build failures on the head
// side and timing regressions.
import type { CarveReport, Diagnostic, Finding, KernelReport } from '../../model/types.js';
import type { Thresholds } from '../../config/types.js';
import type { TimingComparisonInput } from './types.js';
import { basename, round } from './format.js';
import { buildRemedy, regressionRemedy } from './remedies.js';

const BUILD_STAGES = new Set<Diagnostic['stage']>(['build', 'ptxas', 'cubin', 'ptx', 'analysis']);

/** A diagnostic's identity across sides: paths reduced to basenames, numbers erased (lines move). */
function diagnosticKey(d: Diagnostic): string {
  const file = d.file ? basename(d.file) : '';
  const message = d.message.replace(/(?:[\w.-]*[\\/])+/g, '').replace(/\d+/g, '#');
  return `${d.stage}|${d.kernel ?? ''}|${file}|${message}`;
}

function errorsOf(report: CarveReport): Array<{ diagnostic: Diagnostic; kernel: KernelReport | null }> {
  const errors: Array<{ diagnostic: Diagnostic; kernel: KernelReport | null }> = [];
  for (const d of report.diagnostics) if (d.severity === 'error' && BUILD_STAGES.has(d.stage)) errors.push({ diagnostic: d, kernel: null });
  for (const k of report.kernels)
    for (const d of k.diagnostics) if (d.severity === 'error' && BUILD_STAGES.has(d.stage)) errors.push({ diagnostic: d, kernel: k });
  return errors;
}

/**
 * Errors on the head side. One the base side did not have is a failure; one present on both
 * sides is not news, but it is still listed (a warning) so a unit that never builds is seen.
 */
export function buildFindings(base: CarveReport | null, head: CarveReport): Finding[] {
  const baseKeys = new Set(base ? errorsOf(base).map((e) => diagnosticKey(e.diagnostic)) : []);
  const seen = new Set<string>();
  const findings: Finding[] = [];
  for (const { diagnostic, kernel } of errorsOf(head)) {
    const key = diagnosticKey(diagnostic);
    if (seen.has(key)) continue;
    seen.add(key);
    const alsoOnBase = baseKeys.has(key);
    const file = diagnostic.file ?? kernel?.file ?? null;
    const subject = kernel?.displayName ?? diagnostic.kernel ?? (file ? basename(file) : 'the build');
    findings.push({
      kind: 'build',
      severity: alsoOnBase ? 'warning' : 'failure',
      kernel: kernel?.name ?? diagnostic.kernel ?? '',
      displayName: subject,
      arch: kernel?.arch ?? head.archs.join(','),
      file,
      line: diagnostic.line ?? null,
      title: `${diagnostic.stage} failed for ${subject}${alsoOnBase ? ' (also on the base side)' : ''}: ${diagnostic.message.split('\n')[0]}`,
      message: diagnostic.message,
      evidence: { stage: diagnostic.stage, column: diagnostic.column ?? null, headOnly: base === null, alsoOnBase },
      remedy: buildRemedy(),
    });
  }
  return findings;
}

export interface KernelIdentity {
  name: string;
  displayName: string;
  arch: string;
  file: string | null;
}

/** A regression needs both p < alpha and a median slowdown of at least the practical threshold. */
export function regressionFinding(
  timing: TimingComparisonInput,
  kernel: KernelIdentity | null,
  thresholds: Thresholds,
  codeUnchanged = false,
): Finding | null {
  const slowdownPercent = (timing.ratio - 1) * 100;
  if (!(timing.pValue < thresholds.timingAlpha) || slowdownPercent < thresholds.timingMinSlowdownPercent) return null;
  const ms = (value: number) => `${round(value, 4)} ms`;
  // Same PTX, resources and launch on both sides: the difference comes from the measurement
  // (cache state left by the previous launch, clocks), not from the change. Say so; do not fail.
  const unchangedNote = codeUnchanged
    ? " The kernel's code, resources and launch are identical on both sides, so this is measurement environment (cache state, clocks, launch order), not the change; reported as a notice."
    : '';
  return {
    kind: 'regression',
    severity: codeUnchanged ? 'notice' : 'failure',
    kernel: kernel?.name ?? timing.kernel,
    displayName: kernel?.displayName ?? timing.kernel,
    arch: timing.arch,
    file: kernel?.file ?? null,
    line: null,
    title: `${round(timing.ratio, 3)}× slower (+${round(slowdownPercent, 1)}%, CI ${round(timing.ratioCiLow, 3)}–${round(timing.ratioCiHigh, 3)}×, p = ${timing.pValue.toPrecision(2)})`,
    message:
      `Median ${ms(timing.base.medianMs)} → ${ms(timing.head.medianMs)} (base CI ${ms(timing.base.ciLowMs)}–${ms(timing.base.ciHighMs)}, n=${timing.base.n}; ` +
      `head CI ${ms(timing.head.ciLowMs)}–${ms(timing.head.ciHighMs)}, n=${timing.head.n}); ` +
      `p < ${thresholds.timingAlpha} and slowdown ≥ ${thresholds.timingMinSlowdownPercent}%.${unchangedNote}`,
    evidence: {
      ratio: timing.ratio,
      ratioCiLow: timing.ratioCiLow,
      ratioCiHigh: timing.ratioCiHigh,
      pValue: timing.pValue,
      baseMedianMs: timing.base.medianMs,
      headMedianMs: timing.head.medianMs,
      baseSamples: timing.base.n,
      headSamples: timing.head.n,
      alpha: thresholds.timingAlpha,
      minSlowdownPercent: thresholds.timingMinSlowdownPercent,
      codeUnchanged,
    },
    remedy: regressionRemedy(),
  };
}
