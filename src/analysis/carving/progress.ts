// Build progress: a redrawn bar on a terminal, a plain line every `every` items in CI logs.
export interface Progress {
  tick(label?: string): void;
  done(): void;
}

export function createProgress(
  total: number,
  write: (text: string) => void,
  isTTY: boolean,
  title = 'building',
  every = Math.max(1, Math.ceil(total / 10)),
): Progress {
  let count = 0;
  const width = 30;
  return {
    tick(label) {
      count++;
      if (isTTY) {
        const filled = Math.round((count / Math.max(1, total)) * width);
        write(`\r${title} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${count}/${total}${label ? ` ${label}` : ''}\x1b[K`);
      } else if (count % every === 0 || count === total) {
        write(`${title}: ${count}/${total}\n`);
      }
    },
    done() {
      if (isTTY) write('\n');
    },
  };
}

/** Runs `task` over items with at most `jobs` in flight; results keep the input order. */
export async function mapPool<T, R>(items: T[], jobs: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next++;
      if (index >= items.length) return;
      results[index] = await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, worker));
  return results;
}
