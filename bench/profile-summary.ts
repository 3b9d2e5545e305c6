// Hot spots of V8 CPU profiles (node --cpu-prof, e.g. CARVE_BENCH_PROFILE=DIR npm run bench
// -- analysis): self time per function and per source module, summed over every profile in
// DIR, with its share of all samples. Bundled code is attributed to its source module by
// esbuild's `// src/...ts` section comments. Usage: node --import tsx bench/profile-summary.ts DIR [TOP]
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [dir, topArg] = process.argv.slice(2);
if (!dir) {
  console.error('usage: profile-summary.ts DIR [TOP]');
  process.exit(2);
}
const top = Number(topArg ?? 25);

/** For a bundled file: the source module of each line, from esbuild's section comments. */
const sections = new Map<string, Array<{ line: number; module: string }>>();
function moduleOf(url: string, line: number): string {
  if (!url) return '(native / V8)';
  if (!url.startsWith('file:')) return url;
  const file = fileURLToPath(url);
  if (!sections.has(file)) {
    const marks: Array<{ line: number; module: string }> = [];
    try {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          const m = /^\/\/ ((?:src|node_modules|bench)\/\S+)$/.exec(text);
          if (m) marks.push({ line: i, module: m[1] });
        });
    } catch {
      // The bundle is gone (temp dir): attribute to the file.
    }
    sections.set(file, marks);
  }
  const marks = sections.get(file)!;
  let found = path.basename(file);
  for (const mark of marks) {
    if (mark.line > line) break;
    found = mark.module;
  }
  return found;
}

const byFunction = new Map<string, number>();
const byModule = new Map<string, number>();
let total = 0;
for (const name of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    const frame = nodes.get(id)!.callFrame;
    const module = moduleOf(frame.url, frame.lineNumber);
    const fn = `${frame.functionName || '(anonymous)'} (${module}${frame.url.startsWith('file:') ? '' : ''})`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    byModule.set(module, (byModule.get(module) ?? 0) + us);
    total += us;
  });
}
const print = (title: string, map: Map<string, number>) => {
  console.log(`${title} (self time, ${(total / 1e6).toFixed(1)} s sampled)`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}`);
  }
};
print('Functions', byFunction);
print('Modules', byModule);
