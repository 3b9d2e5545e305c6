// The Action's inputs, read through a getter (core.getInput in the Action, a map in tests)
// and validated: every problem is a Diagnostic naming the input, never an exception.
// Inputs left empty fall back to the config file, then to the schema's defaults.
import { KNOWN_ARCHS, UnknownArchError, getArch } from '../gpu/index.js';
import { FINDING_KINDS } from '../report/index.js';
import type { Diagnostic } from '../model/types.js';
import type { CommentPolicy } from '../pipeline/index.js';

export type ActionMode = 'gate' | 'analyze' | 'publish' | 'retune' | 'report';
export const MODES: readonly ActionMode[] = ['gate', 'analyze', 'publish', 'retune', 'report'];
const COMMENT_POLICIES: readonly CommentPolicy[] = ['always', 'changes', 'failures', 'never'];

export interface ActionInputs {
  config: string;
  mode: ActionMode;
  /** Empty: the config's archs. */
  archs: string[];
  token: string;
  /** null: the config's failOn. */
  failOn: string[] | null;
  /** null: the config's comment policy. */
  comment: CommentPolicy | null;
  timing: 'off' | 'on';
  nvcc: string | null;
  /** Empty: the config's artifacts. */
  artifacts: string[];
  reportDir: string;
  sarif: boolean;
  checkName: string;
  /** Under pull_request_target: build and time the pull request's code anyway (a warning says so). */
  allowUntrusted: boolean;
}

/** Splits a list input on commas, whitespace and newlines. */
export function listInput(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

function inputDiagnostic(name: string, message: string): Diagnostic {
  return { severity: 'error', stage: 'config', jsonPath: `inputs.${name}`, message: `input \`${name}\`: ${message}` };
}

export function readInputs(getInput: (name: string) => string): { inputs: ActionInputs; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const get = (name: string) => getInput(name).trim();

  const modeText = get('mode') || 'gate';
  const mode = (MODES as readonly string[]).includes(modeText) ? (modeText as ActionMode) : 'gate';
  if (mode !== modeText) diagnostics.push(inputDiagnostic('mode', `'${modeText}' is not one of ${MODES.join(', ')}; running as gate`));

  const archs: string[] = [];
  for (const arch of listInput(get('arch'))) {
    try {
      getArch(arch);
      archs.push(arch.replace(/^compute_/, 'sm_'));
    } catch (error) {
      if (!(error instanceof UnknownArchError)) throw error;
      diagnostics.push(inputDiagnostic('arch', `unknown architecture '${arch}' (known: ${KNOWN_ARCHS.join(', ')})`));
    }
  }

  let failOn: string[] | null = null;
  if (get('fail-on')) {
    failOn = [];
    for (const kind of listInput(get('fail-on'))) {
      if (kind === 'none') continue;
      if ((FINDING_KINDS as readonly string[]).includes(kind)) failOn.push(kind);
      else diagnostics.push(inputDiagnostic('fail-on', `unknown finding kind '${kind}' (known: ${FINDING_KINDS.join(', ')}, or none)`));
    }
  }

  const commentText = get('comment');
  let comment: CommentPolicy | null = null;
  if (commentText) {
    if ((COMMENT_POLICIES as readonly string[]).includes(commentText)) comment = commentText as CommentPolicy;
    else diagnostics.push(inputDiagnostic('comment', `'${commentText}' is not one of ${COMMENT_POLICIES.join(', ')}`));
  }

  const timingText = get('timing') || 'off';
  const timing = timingText === 'on' || timingText === 'true' ? 'on' : 'off';
  if (!['on', 'off', 'true', 'false'].includes(timingText))
    diagnostics.push(inputDiagnostic('timing', `'${timingText}' is not on or off; timing stays off`));

  const sarifText = get('sarif') || 'false';
  if (!['true', 'false'].includes(sarifText)) diagnostics.push(inputDiagnostic('sarif', `'${sarifText}' is not true or false`));

  const allowText = get('allow-untrusted') || 'false';
  if (!['true', 'false'].includes(allowText))
    diagnostics.push(
      inputDiagnostic('allow-untrusted', `'${allowText}' is not true or false; pull request code is not built under pull_request_target`),
    );

  return {
    inputs: {
      config: get('config') || '.github/carve.yml',
      mode,
      archs: [...new Set(archs)],
      token: get('github-token'),
      failOn,
      comment,
      timing,
      nvcc: get('nvcc') || null,
      // Globs may contain commas in braces ({a,b}); split artifacts on newlines only.
      artifacts: getInput('artifacts')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      reportDir: get('report-dir') || 'carve-report',
      sarif: sarifText === 'true',
      checkName: get('check-name') || 'Carve',
      allowUntrusted: allowText === 'true',
    },
    diagnostics,
  };
}
