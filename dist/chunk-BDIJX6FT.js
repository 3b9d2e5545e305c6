import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);

// src/cli/failure.ts
var CAUSES = {
  ENOSPC: "disk full",
  EROFS: "read-only file system",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ENOENT: "no such file or directory",
  ENOTDIR: "not a directory",
  EISDIR: "is a directory",
  EMFILE: "too many open files"
};
function failureLine(error) {
  const err = error;
  const message = (err?.message ?? String(error)).split("\n")[0];
  const cause = err?.code ? CAUSES[err.code] : void 0;
  const where = err?.path ? ` (${err.path})` : "";
  return cause && !message.includes(cause) ? `${cause}${where}: ${message}` : `${message}${message.includes(err?.path ?? "\0") ? "" : where}`;
}

export {
  failureLine
};
