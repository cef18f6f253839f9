import { envBool } from '../config/env-helpers';

// Outbound connections to addresses users influence (profile websites, webhook endpoints): safe-fetch.ts.
export const netEnv = {
  // Test-only: lets guarded fetches reach fakes on loopback. Private ranges stay refused.
  SAFE_FETCH_ALLOW_LOOPBACK: envBool(false),
};
