import { envBool, envString, envText } from '../config/env-helpers';

// Outbound connections to addresses users influence (profile websites, webhook endpoints): safe-fetch.ts.
export const netEnv = {
  // Test-only: lets guarded fetches reach fakes on loopback. Private ranges stay refused.
  SAFE_FETCH_ALLOW_LOOPBACK: envBool(false),
  /**
   * Test-only: one more trusted certificate (PEM) for a fake HTTPS host on loopback, beside Node's roots.
   * Certificate and name are still verified. Unset in production.
   */
  SAFE_FETCH_EXTRA_CA: envString(),
  /**
   * Suffixes accepted as public beside the Public Suffix List for typed domains (shared/public-domain.ts):
   * worlds of fakes name `test`, `example`, `invalid`. Empty in production: corp.internal stays refused.
   */
  DOMAIN_EXTRA_SUFFIXES: envText('', /^[a-z0-9.,\s-]*$/i),
};
