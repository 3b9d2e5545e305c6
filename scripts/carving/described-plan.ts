// Prepares a folder the GPU machine can build and time described spaces from (it has no node):
// each space's wrapper, empty stand-ins for unneeded headers, a copy of the kernel's folder
// from a local checkout (blankLines emptied) and its includeDirs, one build line per variant
// (SPACE INDEX WRAPPER KERNEL -D...) and a timing manifest per space (kernel name @ENTRY: the
// build reads the mangled name of KERNEL from the PTX), and the harness source.
// Run: npx tsx scripts/carving/described-plan.ts --checkouts DIR --out DIR DESCRIPTION.json...
//   DIR/<name> is the checkout of repository owner/<name>; --samples N (default 10).
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  blankedSource,
  checkDescribedSpace,
  describedSpaceConfig,
  variantKernel,
  wrapperSource,
} from '../../src/analysis/carving/described-space.js';
import { enumerateSpace } from '../../src/analysis/carving/space.js';
import { generateHarness } from '../../src/timing/harness.js';
import { writeManifest, type HarnessEntry } from '../../src/timing/manifest.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    checkouts: { type: 'string' },
    out: { type: 'string' },
    samples: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '1' },
  },
});
if (!values.checkouts || !values.out || positionals.length === 0) {
  console.error('usage: described-plan.ts --checkouts DIR --out DIR DESCRIPTION.json...');
  process.exit(2);
}
const out = values.out;
const builds: string[] = [];
const copiedFolders = new Set<string>();
const blankedFiles = new Map<string, string>();
const index: string[] = [];
for (const file of positionals) {
  const name = path.basename(file, '.json');
  const described = checkDescribedSpace(JSON.parse(readFileSync(file, 'utf8')), file);
  const repository = described.origin.repository.split('/')[1];
  const folder = path.dirname(described.include);
  // Copied once: a second space from the same folder must not overwrite the first one's blanked file.
  const copy = path.join(out, 'src', repository, folder);
  if (!copiedFolders.has(copy)) cpSync(path.join(values.checkouts, repository, folder), copy, { recursive: true });
  copiedFolders.add(copy);
  const included = path.join(out, 'src', repository, described.include);
  const blanked = blankedSource(described, readFileSync(path.join(values.checkouts, repository, described.include), 'utf8'), file);
  if (blankedFiles.has(included) && blankedFiles.get(included) !== blanked)
    throw new Error(`${file}: ${described.include} is the include of another space in this plan with other blankLines`);
  blankedFiles.set(included, blanked);
  writeFileSync(included, blanked);
  // Per space too: Rodinia hybridsort's own helper_cuda.h (an older one) must not replace the
  // cuda-samples Common header another space of the plan includes.
  mkdirSync(path.join(out, 'include', name), { recursive: true });
  for (const dir of described.includeDirs ?? [])
    cpSync(path.join(values.checkouts, repository, dir), path.join(out, 'include', name), { recursive: true });
  // Per space: one space's empty stand-in (Rodinia cfd's helper_cuda.h) must not hide the real
  // header from another space of the same plan (the cuda-samples histogram256's checkCudaErrors).
  mkdirSync(path.join(out, 'stub', name), { recursive: true });
  for (const header of described.stubHeaders) writeFileSync(path.join(out, 'stub', name, header), '// empty stand-in\n');
  writeFileSync(path.join(out, `${name}.cu`), wrapperSource(described, `src/${repository}`));
  const enumeration = enumerateSpace(name, describedSpaceConfig(described, `${name}.cu`));
  if (enumeration.diagnostics.some((d) => d.severity === 'error') || enumeration.rejected.length) {
    throw new Error(`${file}: ${JSON.stringify([...enumeration.diagnostics, ...enumeration.rejected.slice(0, 3)])}`);
  }
  const entries: HarnessEntry[] = enumeration.variants.map((variant) => {
    builds.push(
      [
        name,
        variant.index,
        `${name}.cu`,
        variantKernel(described, variant.parameters),
        ...Object.entries(variant.defines).map(([d, v]) => `-D${d}=${v}`),
      ].join(' '),
    );
    return {
      space: name,
      id: variant.id,
      cubin: `${name}/${variant.index}.cubin`,
      kernel: '@ENTRY',
      grid: variant.grid,
      block: variant.block,
      dynamicSharedBytes: variant.dynamicSharedBytes,
      arguments: variant.arguments,
      warmup: Number(values.warmup),
      samples: Number(values.samples),
    };
  });
  writeFileSync(path.join(out, `${name}.manifest`), writeManifest(entries));
  index.push(`${name} ${described.role} ${enumeration.variants.length}`);
  console.log(`${name} (${described.role}): ${enumeration.total} in the product, ${enumeration.variants.length} variants`);
}
writeFileSync(path.join(out, 'builds.txt'), builds.join('\n') + '\n');
writeFileSync(path.join(out, 'spaces.txt'), index.join('\n') + '\n');
writeFileSync(path.join(out, 'harness.cpp'), generateHarness());
