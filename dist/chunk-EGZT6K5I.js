import { createRequire as __carveCreateRequire } from 'node:module';
const require = __carveCreateRequire(import.meta.url);

// src/toolchain/child-env.ts
var SECRET_NAME = /^INPUT_|^ACTIONS_(RUNTIME|ID_TOKEN_REQUEST|RESULTS|CACHE)_|TOKEN|SECRET|PASSWORD|CREDENTIAL|PRIVATE_KEY/i;
function childEnv(env = process.env, extra = {}) {
  const clean = {};
  for (const [name, value] of Object.entries(env)) if (!SECRET_NAME.test(name)) clean[name] = value;
  return { ...clean, ...extra };
}

export {
  childEnv
};
