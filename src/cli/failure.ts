// One line for an unexpected error: what failed, named for the common system causes (disk
// full, read-only or unwritable path), never a stack trace. Exit 2: it is not a finding.
const CAUSES: Record<string, string> = {
  ENOSPC: 'disk full',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'not a directory',
  EISDIR: 'is a directory',
  EMFILE: 'too many open files',
};

export function failureLine(error: unknown): string {
  const err = error as NodeJS.ErrnoException;
  const message = (err?.message ?? String(error)).split('\n')[0];
  const cause = err?.code ? CAUSES[err.code] : undefined;
  const where = err?.path ? ` (${err.path})` : '';
  return cause && !message.includes(cause)
    ? `${cause}${where}: ${message}`
    : `${message}${message.includes(err?.path ?? '\0') ? '' : where}`;
}
