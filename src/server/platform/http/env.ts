import { z } from 'zod';
import { envBool, envInt, envString, envUrl } from '../config/env-helpers';

// How the server is reached: links in mail are built on PUBLIC_URL (or PUBLIC_HOSTS below).
export const httpEnv = {
  PUBLIC_URL: envUrl(),
  TRUST_PROXY: envBool(false),
  COOKIE_SECURE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['auto', 'true', 'false']).default('auto'),
  ),
};

// Abuse limits for unauthenticated routes: a fragment of the main config schema (config/index.ts spreads it).
export const securityEnv = {
  /** Accounts one address may create per window (each gets a trial). */
  RATE_LIMIT_SIGNUP_MAX: envInt(10, 1),
  RATE_LIMIT_SIGNUP_WINDOW_MINUTES: envInt(60, 1),
  /** Sign-in requests (right or wrong) one address may make per window: each costs an argon2 hash. */
  RATE_LIMIT_LOGIN_MAX: envInt(30, 1),
  RATE_LIMIT_LOGIN_WINDOW_MINUTES: envInt(1, 1),
  /**
   * Without PUBLIC_URL: the request hosts (`host[:port]`, comma-separated) links in mail may be built on.
   * Loopback hosts are always accepted; any other Host header never is.
   */
  PUBLIC_HOSTS: envString(),
};
