import { envInt } from '../../platform/config/env-helpers';

/** Argon2id memory per password hash, in KiB: OWASP's first recommended setting (m = 19 MiB, t = 2, p = 1). */
export const PASSWORD_HASH_MEMORY_KIB = 19_456;

// Sessions and the sign-in limits (decision 0005).
export const authEnv = {
  SESSION_TTL_HOURS: envInt(24 * 7, 1, 24 * 365),
  LOGIN_MAX_FAILURES: envInt(5, 1),
  LOGIN_WINDOW_MINUTES: envInt(15, 1),
  LOGIN_USER_MAX_FAILURES: envInt(50, 1),
  LOGIN_USER_WINDOW_MINUTES: envInt(60, 1),
  LOGIN_KNOWN_ADDRESS_DAYS: envInt(90, 1),
  // Argon2id memory per password hash (KiB). Less than OWASP's 19456 only with NODE_ENV=test (the
  // config refuses it otherwise): the suites hash hundreds of passwords.
  PASSWORD_HASH_MEMORY_KIB: envInt(PASSWORD_HASH_MEMORY_KIB, 1_024, 1_048_576),
};
