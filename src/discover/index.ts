// Change discovery: changed files between merge base and head, the translation units they
// reach through includes, and the base-side worktree.
export {
  GitError,
  addWorktree,
  changedFiles,
  commitExists,
  fetchCommit,
  filesAt,
  git,
  mergeBase,
  parseNameStatus,
  removeWorktree,
  type ChangedFile,
} from './git.js';
export { buildIncludeGraph, includeClosure, scanIncludes, unitsReaching, type IncludeDirective, type IncludeGraph } from './includes.js';
export {
  CUDA_EXTENSIONS,
  fileReader,
  findChanges,
  isCudaRelevant,
  selectUnits,
  type ChangeRange,
  type SelectInput,
  type UnitSelection,
} from './select.js';
