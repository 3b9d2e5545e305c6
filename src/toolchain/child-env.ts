// The environment every child process gets (nvcc, ptxas, git, the timing harness and
// `timing.command`): the parent's, less the GitHub token, the Action's inputs (INPUT_GITHUB-TOKEN
// holds the token) and the runner's ACTIONS_* credentials (runtime, cache and OIDC tokens).
// A build or benchmark from a pull request can read its own environment; it must find no secret.

const SECRET_NAMES = /^(GITHUB_TOKEN|GH_TOKEN|GH_ENTERPRISE_TOKEN|GITHUB_ENTERPRISE_TOKEN|INPUT_.*|ACTIONS_.*|CARVE_GITHUB_TOKEN)$/i;

/** `base` without secrets, plus `extra`; also drops any variable whose value is one of `secrets`. */
export function childEnv(
  extra: Record<string, string> = {},
  base: NodeJS.ProcessEnv = process.env,
  secrets: readonly string[] = knownSecrets(base),
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  const secretValues = new Set(secrets.filter((s) => s.length >= 8));
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined || SECRET_NAMES.test(name) || secretValues.has(value)) continue;
    env[name] = value;
  }
  for (const [name, value] of Object.entries(extra)) if (!SECRET_NAMES.test(name)) env[name] = value;
  return env;
}

/** Token values the parent holds, so that a copy under another name is dropped too. */
function knownSecrets(base: NodeJS.ProcessEnv): string[] {
  return Object.entries(base)
    .filter(([name]) => SECRET_NAMES.test(name) && /TOKEN/i.test(name))
    .map(([, value]) => value ?? '');
}

/** One nvcc or ptxas run at most this long; CARVE_NVCC_TIMEOUT_MS overrides (a hung compiler fails that unit only). */
export const COMPILE_TIMEOUT_MS = 10 * 60 * 1000;
export function compileTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.CARVE_NVCC_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : COMPILE_TIMEOUT_MS;
}
