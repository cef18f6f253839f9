import { envBool, envText } from '../config/env-helpers';

// Outbound connections to addresses users influence (profile websites, webhook endpoints): safe-fetch.ts.
export const netEnv = {
  // Test-only: lets guarded fetches reach fakes on loopback. Private ranges stay refused.
  SAFE_FETCH_ALLOW_LOOPBACK: envBool(false),
  /**
   * Suffixes accepted as public beside the Public Suffix List for typed domains (shared/public-domain.ts):
   * worlds of fakes name `test`, `example`, `invalid`. Empty in production: corp.internal stays refused.
   */
  DOMAIN_EXTRA_SUFFIXES: envText('', /^[a-z0-9.,\s-]*$/i),
};
