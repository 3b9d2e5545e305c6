// Cleanup on SIGINT / SIGTERM: temporary worktrees and folders registered here are removed
// (synchronously, the process is about to end) before the process exits 130 / 143, so an
// interrupted run leaves no registered worktree and no scratch folder behind.
const pending = new Set<() => void>();
let installed = false;

/** Registers a cleanup; the returned function unregisters it (call it after the normal cleanup). */
export function onInterrupt(cleanup: () => void): () => void {
  if (!installed) {
    installed = true;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        for (const run of [...pending].reverse()) {
          try {
            run();
          } catch {
            // best effort: the next cleanup still runs
          }
        }
        process.exit(signal === 'SIGINT' ? 130 : 143);
      });
    }
  }
  pending.add(cleanup);
  return () => pending.delete(cleanup);
}
