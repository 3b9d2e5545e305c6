// In gate mode on a pull request, what executes comes from trusted ground: the nvcc binary and
// its flags (`-ccbin=…` names a program), `timing.command` (a shell command) and the include
// directories are taken from the base branch's config (or the defaults when the base has none),
// never from the PR head's `.github/carve.yml`. A PR that changes them gets a notice saying the
// change takes effect once merged. Pure: both configs in, the config to run with out.
import type { CarveConfig } from './types.js';

export interface TrustedConfig {
  config: CarveConfig;
  /** One line per executing field the head changed and that was not used. */
  notices: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** `head` with its executing fields replaced by `base`'s. */
export function trustedConfig(head: CarveConfig, base: CarveConfig, baseLabel: string): TrustedConfig {
  const notices: string[] = [];
  const fields: Array<[string, unknown, unknown]> = [
    ['nvcc.path', head.nvcc.path, base.nvcc.path],
    ['nvcc.flags', head.nvcc.flags, base.nvcc.flags],
    ['timing.command', head.timing.command, base.timing.command],
    ['include', head.include, base.include],
  ];
  for (const [name, headValue, baseValue] of fields) {
    if (!same(headValue, baseValue)) {
      notices.push(`The pull request changes \`${name}\` in the config; ${baseLabel}'s value is used (${JSON.stringify(baseValue ?? null)}), because it decides what runs on this runner. The change takes effect once merged.`);
    }
  }
  const config: CarveConfig = {
    ...head,
    nvcc: { ...head.nvcc, flags: [...base.nvcc.flags], ...(base.nvcc.path !== undefined ? { path: base.nvcc.path } : {}) },
    timing: { ...head.timing, ...(base.timing.command !== undefined ? { command: base.timing.command } : {}) },
    include: [...base.include],
  };
  if (base.nvcc.path === undefined) delete config.nvcc.path;
  if (base.timing.command === undefined) delete config.timing.command;
  return { config, notices };
}
