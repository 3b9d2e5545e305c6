// Everything Carve renders: the sticky PR comment, check-run annotations and conclusion,
// the job summary, SARIF, and the HTML / markdown release reports.
export type * from '../model/types.js';
export { reportSchemaErrors } from './validate.js';
export { COMMENT_MARKER, renderComment } from './comment.js';
export {
  GITHUB_COMMENT_LIMIT,
  lineUrl,
  repoPath,
  levelOf,
  isFailing,
  FINDING_KINDS,
  KIND_DESCRIPTIONS,
  type RenderContext,
} from './context.js';
export {
  toAnnotations,
  batchAnnotations,
  conclusionFor,
  ANNOTATIONS_PER_REQUEST,
  type CheckAnnotation,
  type CheckConclusion,
  type AnnotationOptions,
} from './annotations.js';
export { renderSummary, SUMMARY_LIMIT } from './summary.js';
export { toSarif, SARIF_SCHEMA, type SarifOptions } from './sarif.js';
export { renderHtmlReport } from './html.js';
export { renderMarkdownReport } from './markdown-report.js';
export {
  archPeaks,
  arithmeticIntensity,
  type ReleaseReportInput,
  type CarvingInput,
  type CarvingVariantInput,
  type ArchPeaks,
} from './release-model.js';
