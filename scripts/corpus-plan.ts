// Resolves the launch of every kernel of a corpus (bench/corpus/manifest.json) from the PTX
// that device/corpus/build.py produced: grid, block, dynamic shared memory and a value for
// every parameter (pointers get their own device buffer, filled by their element type: Fill;
// scalars the value the manifest gives by the parameter's source name, else the manifest's
// default). Writes the
// launch list as JSON (read by scripts/corpus-compare.ts) and as TSV (read by the device driver).
//
// Usage: npx tsx scripts/corpus-plan.ts MANIFEST BUILD_DIR OUT.json OUT.tsv
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parsePtx, type PtxFunction, type PtxModule } from '../src/ptx/index.js';
import { demangle, demangledParameters } from '../src/toolchain/demangle.js';

type Dim3 = [number, number, number];
interface KernelOverride {
  block?: number[];
  grid?: number[];
  params?: Record<string, number>;
  dynamicShared?: number;
  skip?: string;
}
export interface ManifestFile {
  source: string;
  path: string;
  flags?: string[];
  instantiate?: string[];
  maxKernels?: number;
  block?: number[];
  grid?: number[];
  params?: Record<string, number>;
  kernels?: Record<string, KernelOverride>;
}
export interface Manifest {
  sources: Record<string, { repository: string; commit: string; license: string; licenseFile: string; params?: Record<string, number> }>;
  defaults: {
    block: number[];
    grid: number[];
    int: number;
    float: number;
    bufferBytes: number;
    bufferOffset: number;
    externShared: number;
  };
  files: ManifestFile[];
}
/** What a pointer's buffer is filled with: floating-point elements get values in [1, 2) (no
 * zeros, no denormals: a zero-filled buffer sends divisions 0 / 0 to the toolkit's slow path,
 * which real data does not take), anything else zero bytes. */
export type Fill = 'f32' | 'f64' | 'f16' | 'bf16' | 'zero';
export type Arg =
  | { kind: 'ptr'; name: string; fill: Fill }
  | { kind: 'int' | 'float'; name: string; ptxType: string; value: number; from: 'kernel' | 'file' | 'source' | 'default' }
  | { kind: 'bytes'; name: string; size: number; align: number };
export interface PlannedLaunch {
  id: number;
  fileId: string;
  source: string;
  path: string;
  kernel: string;
  displayName: string;
  grid: Dim3;
  block: Dim3;
  dynamicShared: number;
  args: Arg[];
  signatureFound: boolean;
}

export const fileId = (f: Pick<ManifestFile, 'source' | 'path'>) => `${f.source}__${f.path}`.replaceAll('/', '__');
const dim3 = (d: number[]): Dim3 => [d[0] ?? 1, d[1] ?? 1, d[2] ?? 1];

/** 'void ns::k<int, 4>(float*, int)' -> 'k' (the name written in the kernel's source). */
export function baseName(display: string): string {
  let depth = 0;
  let end = display.length;
  for (let i = 0; i < display.length; i++) {
    const ch = display[i];
    if (ch === '<') depth++;
    else if (ch === '>') depth--;
    else if (ch === '(' && depth === 0) {
      end = i;
      break;
    }
  }
  let head = display.slice(0, end);
  while (head.endsWith('>')) {
    // strip trailing template arguments
    let d = 0;
    let i = head.length - 1;
    for (; i >= 0; i--) {
      if (head[i] === '>') d++;
      else if (head[i] === '<' && --d === 0) break;
    }
    head = head.slice(0, i);
  }
  const m = /([A-Za-z_]\w*)\s*$/.exec(head);
  return m ? m[1] : display;
}

/** Split at top-level commas (outside <>, (), []). */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if ('<([{'.includes(ch)) depth++;
    else if ('>)]}'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) parts.push(cur);
  return parts;
}

/** Parameter names and pointer-ness from the kernel's signature in its source file. */
export function sourceSignature(sourceText: string, firstLine: number, name: string): Array<{ name: string; pointer: boolean }> | null {
  const lines = sourceText.split('\n');
  const re = new RegExp(`\\b${name}\\s*(<[^;{]*?>)?\\s*\\(`);
  for (let l = Math.min(firstLine, lines.length) - 1; l >= Math.max(0, firstLine - 80); l--) {
    const m = re.exec(lines[l]);
    if (!m) continue;
    const text = lines.slice(l, l + 40).join('\n');
    const start = text.indexOf('(', re.exec(text)!.index + name.length);
    let depth = 0;
    let end = -1;
    for (let i = start; i < text.length; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && --depth === 0) {
        end = i;
        break;
      }
    }
    if (end < 0) return null;
    const inner = text
      .slice(start + 1, end)
      .replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '')
      .trim();
    if (inner === '' || inner === 'void') return [];
    return splitTop(inner).map((p) => {
      const decl = p.split('=')[0].trim();
      const ident = /([A-Za-z_]\w*)\s*(\[[^\]]*\]\s*)*$/.exec(decl);
      return { name: ident ? ident[1] : '', pointer: /[*[]/.test(decl) };
    });
  }
  return null;
}

function firstSourceLine(fn: PtxFunction): { file: string; line: number } | null {
  for (const st of fn.body) {
    if (st.kind === 'instruction' && st.source?.file && st.source.line > 0) return { file: st.source.file, line: st.source.line };
  }
  return null;
}

function usesExternShared(fn: PtxFunction, module: PtxModule): boolean {
  const names = module.globals.filter((g) => g.stateSpace === 'shared' && g.isExtern).map((g) => g.name);
  return names.some((n) => fn.body.some((st) => st.kind === 'instruction' && st.text.includes(n)));
}

export function planFile(
  manifest: Manifest,
  file: ManifestFile,
  ptxText: string,
  readSource: (p: string) => string | null,
  firstId: number,
): PlannedLaunch[] {
  const { module } = parsePtx(ptxText, fileId(file) + '.ptx');
  const d = manifest.defaults;
  const entries = module.functions.filter((f) => f.kind === 'entry' && f.hasBody);
  const out: PlannedLaunch[] = [];
  for (const fn of entries) {
    let display = fn.name;
    try {
      display = demangle(fn.name);
    } catch {
      /* keep the PTX name */
    }
    const base = baseName(display);
    const params = demangledParameters(fn.name) ?? [];
    const displayParams = params.length === fn.params.length ? params : [];
    const over: KernelOverride = file.kernels?.[fn.name] ?? file.kernels?.[base] ?? {};
    if (over.skip) continue;
    const first = firstSourceLine(fn);
    const text = first ? readSource(first.file) : null;
    const signature = text && first ? sourceSignature(text, first.line, base) : null;
    const usable = signature && signature.length === fn.params.length ? signature : null;
    const args: Arg[] = fn.params.map((p, i) => {
      const srcName = usable?.[i].name ?? `param_${i}`;
      if (p.arraySize !== null) return { kind: 'bytes', name: srcName, size: p.arraySize, align: p.alignment ?? 1 };
      const type = p.type.replace(/^\./, '');
      const pointer = usable ? usable[i].pointer : type === 'u64' || p.pointerSpace !== null;
      if (pointer && type.endsWith('64')) return { kind: 'ptr', name: srcName, fill: pointeeFill(displayParams[i]) };
      const lookup = (): [number, 'kernel' | 'file' | 'source' | 'default'] | null => {
        if (over.params && srcName in over.params) return [over.params[srcName], 'kernel'];
        if (file.params && srcName in file.params) return [file.params[srcName], 'file'];
        const s = manifest.sources[file.source]?.params;
        if (s && srcName in s) return [s[srcName], 'source'];
        return null;
      };
      const isFloat = type.startsWith('f');
      const found = lookup();
      const [value, from] = found ?? [isFloat ? d.float : d.int, 'default' as const];
      return { kind: isFloat ? 'float' : 'int', name: srcName, ptxType: type, value, from };
    });
    const bounds = fn.directives.reqntid ?? fn.directives.maxntid;
    const block = dim3(over.block ?? file.block ?? bounds ?? d.block);
    const grid = dim3(over.grid ?? file.grid ?? d.grid);
    const dynamicShared = over.dynamicShared ?? (usesExternShared(fn, module) ? d.externShared : 0);
    out.push({
      id: firstId + out.length,
      fileId: fileId(file),
      source: file.source,
      path: file.path,
      kernel: fn.name,
      displayName: display,
      grid,
      block,
      dynamicShared,
      args,
      signatureFound: usable !== null,
    });
    if (file.maxKernels !== undefined && out.length >= file.maxKernels) break;
  }
  return out;
}

/** The fill of a pointer parameter's buffer from its demangled type ('float const*' -> f32; unknown: zero). */
export function pointeeFill(type: string | undefined): Fill {
  if (!type || !type.endsWith('*') || type.endsWith('**')) return 'zero';
  const element = type
    .replace(/\*$/, '')
    .replace(/\bconst\b|\bvolatile\b/g, '')
    .trim();
  if (/^(float|float[1-4]|vec4<float>::Type)$/.test(element)) return 'f32';
  if (/^(double|double[1-4]|vec4<double>::Type)$/.test(element)) return 'f64';
  if (/^(__half2?|half2?)$/.test(element)) return 'f16';
  if (/^(__nv_bfloat162?|nv_bfloat162?)$/.test(element)) return 'bf16';
  return 'zero';
}

/** One TSV line per launch for device/corpus/driver.cpp. */
export function tsvLine(l: PlannedLaunch): string {
  const args = l.args.map((a) =>
    a.kind === 'ptr' ? (a.fill === 'zero' ? 'p' : `p:${a.fill}`) : a.kind === 'bytes' ? `z${a.size}:${a.align}` : `${a.ptxType}:${a.value}`,
  );
  return [l.id, l.fileId, l.kernel, l.grid.join(','), l.block.join(','), l.dynamicShared, args.join(' ') || '-'].join('\t');
}

function main(argv: string[]): void {
  const [manifestPath, buildDir, jsonOut, tsvOut] = argv;
  if (!tsvOut) throw new Error('usage: corpus-plan.ts MANIFEST BUILD_DIR OUT.json OUT.tsv');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const launches: PlannedLaunch[] = [];
  const skipped: Array<{ file: string; reason: string }> = [];
  for (const file of manifest.files) {
    const ptx = path.join(buildDir, fileId(file) + '.ptx');
    if (!existsSync(ptx)) {
      skipped.push({ file: `${file.source}/${file.path}`, reason: 'not built' });
      continue;
    }
    const read = (p: string) => {
      try {
        return readFileSync(p, 'utf8');
      } catch {
        return null;
      }
    };
    launches.push(...planFile(manifest, file, readFileSync(ptx, 'utf8'), read, launches.length));
  }
  writeFileSync(jsonOut, JSON.stringify({ launches, skipped }, null, 1) + '\n');
  writeFileSync(tsvOut, launches.map(tsvLine).join('\n') + '\n');
  console.log(
    `${launches.length} launches from ${manifest.files.length - skipped.length} files; ${skipped.length} files skipped; ` +
      `${launches.filter((l) => !l.signatureFound).length} without a source signature`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
