// Public API of the verification engine (library: no database, no HTTP server).
export { type VerificationEnv, verificationEnvSchema } from './env';
export { parseDnsServers, verifierOptionsFromEnv } from './options';
export { networkDownMessage } from './smtp/network';
export { checkReachability, type ReachabilityReport } from './smtp/self-check';
export type * from './types';
export { createVerifier } from './verifier';
