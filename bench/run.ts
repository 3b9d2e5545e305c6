// `npm run bench`: runs every bench/*.bench.ts (or those named on the command line) and
// prints one line per measurement. Speed is measured here, never in a timed test.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  /** The bench's target, for the printed verdict, e.g. { max: 50 } ms or { min: 50 } MB/s. */
  target?: { max?: number; min?: number };
}

const dir = path.dirname(new URL(import.meta.url).pathname);
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let missed = 0;
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { bench: () => Promise<BenchResult[]> };
  for (const r of await mod.bench()) {
    const ok = (r.target?.max === undefined || r.value <= r.target.max) && (r.target?.min === undefined || r.value >= r.target.min);
    if (!ok) missed++;
    const target = r.target
      ? ` (target ${r.target.max !== undefined ? '<= ' + r.target.max : '>= ' + r.target.min} ${r.unit}: ${ok ? 'met' : 'MISSED'})`
      : '';
    console.log(`${file.replace('.bench.ts', '')}: ${r.name}: ${Number(r.value.toPrecision(4))} ${r.unit}${target}`);
  }
}
if (missed) console.log(`${missed} target(s) missed`);
