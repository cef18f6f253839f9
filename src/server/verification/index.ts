// Public API of the verification engine (library: no database, no HTTP server).
export { verificationEnvSchema } from './env';
export { verifierOptionsFromEnv } from './options';
export { checkReachability } from './smtp/self-check';
export type * from './types';
export { createVerifier } from './verifier';
