// Public API of the verification engine (library: no database, no HTTP server).
export { DnsClient } from './dns';
export { verificationEnvSchema } from './env';
export { budgetNotice, noticeOf } from './notice';
export { parseDnsServers, verifierOptionsFromEnv } from './options';
export { type ProxyRoute, parseProxyList } from './proxy-list';
export { checkReachability } from './smtp/self-check';
export { offlineVerdict } from './step1';
export { UnjudgedError } from './step2';
export type * from './types';
export { createVerifier } from './verifier';
