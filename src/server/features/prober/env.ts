import { z } from 'zod';
import { envInt } from '../../platform/config/env-helpers';

// Settings of the shared prober state (a fragment of the main config schema, like listsEnv).
export const proberEnv = {
  /** Seconds a domain's MX verdict and catch-all answer are reused across runs and processes (0: off). */
  VERIFICATION_DOMAIN_TTL_S: envInt(86_400, 0),
  /** Seconds a mailbox's final SMTP verdict is reused by later lists, any account (0: off). */
  VERIFICATION_MAILBOX_TTL_S: envInt(3 * 86_400, 0),
  /** Seconds a fleet-wide connection slot lives without renewal (a killed process frees it after this). */
  PROBER_SLOT_LEASE_S: envInt(30, 2, 3600),
  /** Boot-time check that port 25 is open from here: MX hosts of these domains (empty: skip). */
  // A plain default, not a preprocess: zod 4 does not run a preprocess for a key that is absent, so the
  // documented default never applied. An empty value stays empty (skip).
  SMTP_SELF_CHECK_DOMAINS: z.string().default('gmail.com,outlook.com,yahoo.com'),
};
