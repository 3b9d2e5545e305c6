// The environment of every child process Carve starts (nvcc, ptxas, git, the timing harness,
// timing.command): the parent's, without the GitHub token, the Action's inputs (INPUT_*, which
// hold the token too) and other credentials, so code from a pull request that runs during a
// build cannot read them.
const SECRET_NAME = /^INPUT_|^ACTIONS_(RUNTIME|ID_TOKEN_REQUEST|RESULTS|CACHE)_|TOKEN|SECRET|PASSWORD|CREDENTIAL|PRIVATE_KEY/i;

export function childEnv(env: NodeJS.ProcessEnv = process.env, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) if (!SECRET_NAME.test(name)) clean[name] = value;
  return { ...clean, ...extra };
}
