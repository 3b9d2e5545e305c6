// compareReports: base vs head -> kernels with status + findings. Quiet by design: an
// unchanged kernel yields no findings, a changed one only what is new or worse; a kernel
// with no base (new file, new kernel, base failed to build) gets only absolute findings.
import type { CarveReport, Comparison, Finding, KernelComparison, KernelReport } from '../../model/types.js';
import type { CarveConfig } from '../../config/types.js';
import type { TimingComparisonInput } from './types.js';
import { pairKernels } from './kernels.js';
import { growthFindings, headroomFindings, occupancyDrop, spillFinding } from './resource-findings.js';
import { accessFindings, divergenceFindings } from './site-findings.js';
import { localMemoryFinding } from './local-findings.js';
import { buildFindings, regressionFinding } from './other-findings.js';

const KIND_ORDER: Finding['kind'][] = [
  'build',
  'regression',
  'cliff',
  'spill',
  'uncoalesced',
  'bank-conflict',
  'divergence',
  'registers',
  'shared',
  'instructions',
  'frontier',
];
const SEVERITY_ORDER: Finding['severity'][] = ['failure', 'warning', 'notice'];

/** True when the kernel side carries an analysis worth comparing (it built). */
function analysed(kernel: KernelReport | null): kernel is KernelReport {
  return kernel !== null && kernel.resources !== null;
}

function kernelFindings(pair: KernelComparison, config: CarveConfig): Finding[] {
  const head = pair.head;
  if (!head || pair.status === 'unchanged') return [];
  const thresholds = config.thresholds;
  const base = analysed(pair.base) ? pair.base : null;
  const raw: Array<Omit<Finding, 'kernel' | 'displayName' | 'arch' | 'file' | 'line'> & { file?: string | null; line?: number | null }> =
    [];
  if (base) {
    const drop = occupancyDrop(base, head);
    if (drop) raw.push(drop);
    else raw.push(...headroomFindings(base, head, thresholds));
    const spill = spillFinding(base, head);
    if (spill) raw.push(spill);
    // Spills already state the local bytes and stack frame.
    const local = spill ? null : localMemoryFinding(base, head);
    if (local) raw.push(local);
    // A drop already states the register / shared growth that caused it.
    const skip = new Set<string>();
    if (drop?.evidence.cause === 'registers') skip.add('registers');
    if (drop?.evidence.cause === 'sharedMemory') skip.add('shared');
    raw.push(...growthFindings(base, head, thresholds, skip));
    raw.push(...accessFindings(base, head, thresholds));
    raw.push(...divergenceFindings(base, head));
  } else {
    const spill = spillFinding(null, head);
    if (spill) raw.push({ ...spill, evidence: { ...spill.evidence, headOnly: true } });
    const local = spill ? null : localMemoryFinding(null, head);
    if (local) raw.push({ ...local, evidence: { ...local.evidence, headOnly: true } });
    raw.push(...accessFindings(null, head, thresholds).filter((f) => f.kind === 'uncoalesced'));
  }
  return raw.map((f) => ({
    ...f,
    kernel: head.name,
    displayName: head.displayName,
    arch: head.arch,
    file: f.file !== undefined ? f.file : head.file,
    line: f.line ?? null,
  }));
}

export function compareReports(
  base: CarveReport | null,
  head: CarveReport,
  config: CarveConfig,
  timing: readonly TimingComparisonInput[] = [],
): Comparison {
  const kernels = pairKernels(base, head);
  const findings: Finding[] = [...buildFindings(base, head)];
  for (const pair of kernels) findings.push(...kernelFindings(pair, config));
  for (const t of timing) {
    const pair = kernels.find((k) => k.arch === t.arch && (k.name === t.kernel || k.displayName === t.kernel));
    const identity = pair
      ? { name: pair.name, displayName: pair.displayName, arch: pair.arch, file: pair.head?.file ?? pair.base?.file ?? null }
      : null;
    const finding = regressionFinding(t, identity, config.thresholds, pair?.status === 'unchanged');
    if (finding) findings.push(finding);
  }
  const kernelOrder = new Map(kernels.map((k, i) => [`${k.name}@${k.arch}`, i]));
  findings.sort(
    (a, b) =>
      SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) ||
      KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
      (kernelOrder.get(`${a.kernel}@${a.arch}`) ?? -1) - (kernelOrder.get(`${b.kernel}@${b.arch}`) ?? -1) ||
      (a.line ?? 0) - (b.line ?? 0),
  );
  return { headOnly: base === null, kernels, findings };
}
