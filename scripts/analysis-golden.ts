// Rewrites test/fixtures/analysis/golden.json, the digests test/analysis/identity.test.ts
// compares the analysis with, from the current code. Run only when an analysis change is
// meant to change reports: `node --import tsx scripts/analysis-golden.ts`.
import { writeFileSync } from 'node:fs';
import { corpusDigests, GOLDEN_FILE } from '../test/helpers/analysis-corpus.js';
import { findNvcc } from '../src/toolchain/index.js';

const nvcc = await findNvcc();
if (!nvcc) throw new Error('nvcc not found: the golden needs the corpus built');
const digests = await corpusDigests();
const golden = { nvcc: nvcc.version, ...digests };
writeFileSync(GOLDEN_FILE, JSON.stringify(golden, null, 1) + '\n');
console.log(`${Object.keys(digests.modules).length} modules -> ${GOLDEN_FILE}`);
