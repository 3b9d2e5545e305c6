// The SASS estimate line by line against Nsight Compute's per-line thread instructions
// (bench/corpus/h100/lines.jsonl: every SASS instruction's executions summed per source line).
// Development set only: the validation set is reported by corpus-compare.ts, never inspected.
// Usage: npx tsx scripts/corpus-lines.ts LAUNCHES.json BUILD_DIR LINES.jsonl [KERNEL_SUBSTRING] [TOP]
// Prints, per development kernel (or those whose name contains KERNEL_SUBSTRING), its predicted
// and measured per-thread total and the TOP lines (default 8) with the largest difference.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeModule } from '../src/analysis/index.js';
import type { SassLineEstimate } from '../src/ptx/index.js';
import { sassTotal } from '../src/ptx/sass-estimate.js';
import { readSassLines } from '../src/toolchain/sass-lines.js';
import type { PlannedLaunch } from './corpus-plan.js';
import { corpusAnalysisInput, setOf } from './corpus-compare.js';

interface MeasuredLine {
  file: string;
  line: number;
  sass: number;
  threadExecuted: number;
  predOnThreadExecuted: number;
}

const [launchesFile, buildDir, linesFile, kernelPart, topArg] = process.argv.slice(2);
if (!linesFile) {
  console.error('usage: corpus-lines.ts LAUNCHES.json BUILD_DIR LINES.jsonl [KERNEL_SUBSTRING] [TOP]');
  process.exit(2);
}
const top = Number(topArg ?? 8);
const launches = (JSON.parse(readFileSync(launchesFile, 'utf8')) as { launches: PlannedLaunch[] }).launches;
const measured = new Map<number, { threadInst: number; lines: MeasuredLine[] }>();
for (const text of readFileSync(linesFile, 'utf8').split('\n'))
  if (text.trim()) {
    const entry = JSON.parse(text) as { id: number; threadInst: number; lines: MeasuredLine[] };
    measured.set(entry.id, entry);
  }

const wanted = launches.filter(
  (l) => setOf(l.source, l.path) === 'development' && measured.has(l.id) && (!kernelPart || l.kernel.includes(kernelPart)),
);
const byFile = new Map<string, PlannedLaunch[]>();
for (const l of wanted) byFile.set(l.fileId, [...(byFile.get(l.fileId) ?? []), l]);

for (const [fileId, fileLaunches] of byFile) {
  const ptxFile = path.join(buildDir, `${fileId}.ptx`);
  const cubinFile = path.join(buildDir, `${fileId}.cubin`);
  if (!existsSync(ptxFile) || !existsSync(cubinFile)) continue;
  const sass = readSassLines(new Uint8Array(readFileSync(cubinFile)), cubinFile);
  const estimates = new Map<string, readonly SassLineEstimate[]>();
  analyzeModule({
    ...corpusAnalysisInput(fileLaunches, readFileSync(ptxFile, 'utf8'), ptxFile, sass.functions),
    onSassLineEstimates: (name, lines) => estimates.set(name, lines),
  });
  for (const l of fileLaunches) {
    const lines = estimates.get(l.kernel);
    const m = measured.get(l.id)!;
    if (!lines) continue;
    const threads = l.grid.reduce((a, b) => a * b, 1) * l.block.reduce((a, b) => a * b, 1);
    // Lines by file name and number (ncu names files by their base name).
    const rows = new Map<
      string,
      { predicted: number; measured: number; sassPredicted: number; sassMeasured: number; predicatedOff: number }
    >();
    const row = (file: string, line: number) => {
      const key = `${path.basename(file)}:${line}`;
      let r = rows.get(key);
      if (!r) rows.set(key, (r = { predicted: 0, measured: 0, sassPredicted: 0, sassMeasured: 0, predicatedOff: 0 }));
      return r;
    };
    for (const e of lines) {
      const r = row(e.file, e.line);
      r.predicted += e.perThread;
      r.sassPredicted += e.instructions;
    }
    for (const e of m.lines) {
      const r = row(e.file, e.line);
      r.measured += e.threadExecuted / threads;
      r.sassMeasured += e.sass;
      r.predicatedOff += (e.threadExecuted - e.predOnThreadExecuted) / threads;
    }
    const predicted = sassTotal(lines);
    console.log(
      `\n${l.path} ${l.displayName} (launch ${l.id}): predicted ${predicted.toFixed(1)}, measured ${(m.threadInst / threads).toFixed(1)} per thread`,
    );
    const sorted = [...rows].sort((a, b) => Math.abs(b[1].predicted - b[1].measured) - Math.abs(a[1].predicted - a[1].measured));
    for (const [key, r] of sorted.slice(0, top))
      console.log(
        `  ${key.padEnd(28)} predicted ${r.predicted.toFixed(2).padStart(9)}  measured ${r.measured.toFixed(2).padStart(9)}  (predicated off ${r.predicatedOff.toFixed(2)})  SASS ${r.sassPredicted} / ${r.sassMeasured}`,
      );
  }
}
