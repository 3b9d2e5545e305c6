// Emits the driver-API timing harness and the shell command that builds it.
import { HARNESS_CPP } from './harness-source.js';

export function generateHarness(): string {
  return HARNESS_CPP;
}

/** g++ command line building the harness against the driver library (needs libcuda at link time). */
export function harnessBuildCommand(source: string, output: string, cudaHome = '/usr/local/cuda'): string[] {
  return [
    'g++',
    '-O2',
    '-std=c++17',
    '-o',
    output,
    source,
    `-I${cudaHome}/include`,
    `-L${cudaHome}/lib64`,
    `-L${cudaHome}/lib64/stubs`,
    '-lcuda',
  ];
}
