// SARIF 2.1.0 for code scanning: one rule per finding kind, one result per finding.
import { createHash } from 'node:crypto';
import type { Comparison, FindingKind } from '../model/types.js';
import { findingLine } from './annotations.js';
import { FINDING_KINDS, KIND_DESCRIPTIONS, levelOf, repoPath } from './context.js';

export interface SarifOptions {
  failOn: readonly string[];
  repoRoot?: string | null;
  toolVersion: string;
}

const SARIF_LEVEL = { failure: 'error', warning: 'warning', notice: 'note' } as const;
export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export function toSarif(comparison: Comparison, options: SarifOptions): Record<string, unknown> {
  const rules = FINDING_KINDS.map((kind: FindingKind) => ({
    id: `carve/${kind}`,
    name: kind.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase()),
    shortDescription: { text: KIND_DESCRIPTIONS[kind] },
    defaultConfiguration: { level: options.failOn.includes(kind) ? 'error' : 'warning' },
  }));
  const results = comparison.findings.map((finding) => {
    const path = repoPath(finding.file, options.repoRoot);
    const fingerprint = createHash('sha256')
      .update(`${finding.kind}|${finding.kernel}|${finding.arch}|${path ?? ''}|${finding.evidence.ptx ?? ''}`)
      .digest('hex');
    return {
      ruleId: `carve/${finding.kind}`,
      ruleIndex: FINDING_KINDS.indexOf(finding.kind),
      level: SARIF_LEVEL[levelOf(finding, options.failOn)],
      message: {
        text: `${finding.displayName} (${finding.arch}): ${finding.title}. ${finding.message}${finding.remedy ? ` Remedy: ${finding.remedy}` : ''}`,
      },
      // Every result with a file has a region (code scanning places an alert by its startLine):
      // a finding without its own line (a cliff, a spill, a growth) sits on its kernel's line.
      locations:
        path && finding.file
          ? [
              {
                physicalLocation: {
                  artifactLocation: { uri: path, uriBaseId: '%SRCROOT%' },
                  region: { startLine: findingLine(comparison, finding, finding.file) },
                },
              },
            ]
          : [],
      partialFingerprints: { 'carveFinding/v1': fingerprint },
      properties: { kernel: finding.kernel, arch: finding.arch, evidence: finding.evidence },
    };
  });
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [{ tool: { driver: { name: 'carve', version: options.toolVersion, rules } }, results }],
  };
}
