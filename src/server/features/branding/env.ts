import { envInt } from '../../platform/config/env-helpers';

// Branding settings: a fragment of the main config schema (config/index.ts spreads it).
export const brandingEnv = {
  /** How long a custom-domain claim stays pending without its TXT record before it lapses. */
  DOMAIN_CLAIM_TTL_HOURS: envInt(72, 1, 24 * 30),
};
