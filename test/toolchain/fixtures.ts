// Paths of the toolchain fixtures (made by scripts/fixtures/toolchain.sh with nvcc 13.0).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const FIXTURES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../fixtures/toolchain');
export const fixture = (name: string): string => path.join(FIXTURES, name);
export const fixtureText = (name: string): string => readFileSync(fixture(name), 'utf8');
export const fixtureBytes = (name: string): Uint8Array => new Uint8Array(readFileSync(fixture(name)));
export const ARCHS = ['sm_75', 'sm_80', 'sm_90', 'sm_100', 'sm_120'] as const;
