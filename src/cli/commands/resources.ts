// `carve resources FILE.cubin|ptxas.log [--json]`: the resources ptxas allocated per kernel,
// read from a cubin (detected by its ELF magic) or from ptxas -v text.
import { readFile, stat } from 'node:fs/promises';
import { overSizeLimit } from '../../limits.js';
import path from 'node:path';
import { EXIT_OK, EXIT_USAGE, UsageError, parseCommandArgs, type CliIO, type Command } from '../command.js';
import type { Diagnostic } from '../../model/types.js';
import { parsePtxasLog, readCubin, type ResourceRecord } from '../../toolchain/index.js';

const USAGE = `Usage: carve resources FILE.cubin|ptxas.log [--json]

Prints the resources per kernel (registers, static shared memory, local memory / stack frame,
spills, barriers, constant bank 0, launch bounds) from a cubin or from ptxas -v output
(nvcc -Xptxas -v / --resource-usage). Unknown values print as '?' (JSON: null + nullReasons).
Exit 2 when the input cannot be read.`;

const ELF_MAGIC = [0x7f, 0x45, 0x4c, 0x46];

function location(d: Diagnostic): string {
  if (d.offset !== undefined) return `${d.file ?? ''}@${d.offset}`;
  return `${d.file ?? ''}${d.line !== undefined ? `:${d.line}` : ''}${d.column !== undefined ? `:${d.column}` : ''}`;
}

const show = (value: number | null): string => (value === null ? '?' : String(value));

function table(kernels: ResourceRecord[]): string {
  const header = ['kernel', 'arch', 'regs', 'shared', 'local/stack', 'spills st/ld', 'barriers', 'cmem[0]', 'launch bounds'];
  const rows = kernels.map((k) => {
    const r = k.resources;
    const bounds =
      r.maxThreadsPerBlock === null
        ? r.nullReasons?.maxThreadsPerBlock
          ? '?'
          : '-'
        : `${r.maxThreadsPerBlock}${r.minBlocksPerSM !== null ? `, ${r.minBlocksPerSM}` : r.nullReasons?.minBlocksPerSM ? ', ?' : ''}`;
    return [
      k.isEntry ? k.displayName : `${k.displayName} (device fn)`,
      k.arch,
      k.isEntry ? String(r.registers) : '-',
      k.isEntry ? String(r.staticSharedBytes) : '-',
      `${r.localBytes}/${r.stackFrameBytes}`,
      `${show(r.spillStoreBytes)}/${show(r.spillLoadBytes)}`,
      k.isEntry ? show(r.barriers) : '-',
      k.isEntry ? show(r.constantBytes) : '-',
      k.isEntry ? bounds : '-',
    ];
  });
  // A loop, not Math.max(...rows): spreading 150,000 rows as arguments overflows the stack.
  const widths = header.map((h) => h.length);
  for (const row of rows) for (const [i, cell] of row.entries()) if (cell.length > widths[i]) widths[i] = cell.length;
  const numeric = new Set([2, 3, 6, 7]);
  const format = (row: string[]) =>
    row
      .map((cell, i) => (numeric.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [format(header), ...rows.map(format)].join('\n');
}

export const resourcesCommand: Command = {
  name: 'resources',
  summary: 'print per-kernel resources from a cubin or ptxas -v log',
  usage: USAGE,
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseCommandArgs(argv, { json: { type: 'boolean' } });
    if (positionals.length !== 1) throw new UsageError('expected exactly one FILE');
    const file = positionals[0];
    let bytes: Uint8Array;
    try {
      // A cubin or a log over the cap is not read into memory.
      const tooLarge = overSizeLimit('ptxasLog', (await stat(path.resolve(io.cwd, file))).size);
      if (tooLarge) throw new Error(tooLarge);
      bytes = await readFile(path.resolve(io.cwd, file));
    } catch (error) {
      io.stderr(`carve resources: cannot read ${file}: ${(error as Error).message}\n`);
      return EXIT_USAGE;
    }
    const isCubin = ELF_MAGIC.every((b, i) => bytes[i] === b);
    const parsed = isCubin ? readCubin(bytes, file) : { arch: null, ...parsePtxasLog(new TextDecoder().decode(bytes), file) };
    const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
    if (values.json) {
      io.stdout(
        JSON.stringify(
          { file, kind: isCubin ? 'cubin' : 'ptxas-log', arch: parsed.arch, kernels: parsed.kernels, diagnostics: parsed.diagnostics },
          null,
          2,
        ) + '\n',
      );
    } else if (parsed.kernels.length > 0) {
      io.stdout(table(parsed.kernels) + '\n');
    }
    // In JSON mode the diagnostics are part of the document.
    if (!values.json) for (const d of parsed.diagnostics) io.stderr(`${location(d)}: ${d.severity}: ${d.message}\n`);
    return errors.length > 0 ? EXIT_USAGE : EXIT_OK;
  },
};
