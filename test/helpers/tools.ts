// The external tools some tests run (nvcc, g++). A test that needs one calls its require
// function in beforeAll: a missing tool fails the test file with one message naming the tool
// and how to install it, so a machine without it never passes by skipping.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { findNvcc } from '../../src/toolchain/index.js';

const INSTALL = {
  nvcc: 'install the CUDA Toolkit 13 (https://developer.nvidia.com/cuda-downloads; on Debian/Ubuntu the cuda-nvcc-13-0 package) or set CUDA_HOME to its root',
  'g++': 'install a C++17 compiler (on Debian/Ubuntu: apt-get install g++)',
  'cuda headers': 'install the CUDA Toolkit 13 (it ships include/cuda.h and include/cuda_occupancy.h) or set CUDA_HOME to its root',
} as const;

/** The error a test throws when a tool is missing: the tool, where it was looked for, how to get it. */
export function missingTool(tool: keyof typeof INSTALL, lookedIn: string): Error {
  return new Error(`${tool} not found (looked in ${lookedIn}): this test needs it; ${INSTALL[tool]}.`);
}

/** nvcc, found the way the engine finds it ($CUDA_HOME, $CUDA_PATH, PATH, /usr/local/cuda/bin). */
export async function requireNvcc(): Promise<{ path: string; version: string }> {
  const nvcc = await findNvcc();
  if (!nvcc) throw missingTool('nvcc', '$CUDA_HOME/bin, $CUDA_PATH/bin, PATH, /usr/local/cuda/bin');
  return nvcc;
}

/** g++ on PATH. */
export function requireGxx(): string {
  const gxx = spawnSync('g++', ['--version'], { encoding: 'utf8' });
  if (gxx.error || gxx.status !== 0) throw missingTool('g++', 'PATH');
  return 'g++';
}

/** The CUDA include directory holding `header` ($CUDA_INCLUDE, else $CUDA_HOME/include, else /usr/local/cuda/include). */
export function requireCudaInclude(header: string): string {
  const dir = process.env.CUDA_INCLUDE ?? path.join(process.env.CUDA_HOME ?? '/usr/local/cuda', 'include');
  if (!existsSync(path.join(dir, header))) throw missingTool('cuda headers', `${dir}/${header}`);
  return dir;
}
