import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);

// src/toolchain/child-env.ts
var SECRET_NAMES = /^(GITHUB_TOKEN|GH_TOKEN|GH_ENTERPRISE_TOKEN|GITHUB_ENTERPRISE_TOKEN|INPUT_.*|ACTIONS_.*|CARVE_GITHUB_TOKEN)$/i;
function childEnv(extra = {}, base = process.env, secrets = knownSecrets(base)) {
  const env = {};
  const secretValues = new Set(secrets.filter((s) => s.length >= 8));
  for (const [name, value] of Object.entries(base)) {
    if (value === void 0 || SECRET_NAMES.test(name) || secretValues.has(value)) continue;
    env[name] = value;
  }
  for (const [name, value] of Object.entries(extra)) if (!SECRET_NAMES.test(name)) env[name] = value;
  return env;
}
function knownSecrets(base) {
  return Object.entries(base).filter(([name]) => SECRET_NAMES.test(name) && /TOKEN/i.test(name)).map(([, value]) => value ?? "");
}
var COMPILE_TIMEOUT_MS = 10 * 60 * 1e3;
function compileTimeoutMs(env = process.env) {
  const value = Number(env.CARVE_NVCC_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : COMPILE_TIMEOUT_MS;
}

export {
  childEnv,
  compileTimeoutMs
};
