import { z } from 'zod';
import { envInt } from '../../platform/config/env-helpers';

// Account self-service settings: a fragment of the main config schema (config/index.ts spreads it).
export const accountEnv = {
  /** Whom /forgot-password names when no mail relay is configured (the operator resets by CLI). */
  OPERATOR_CONTACT: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().max(200).default('the administrator of this Verilead server'),
  ),
  /** How long a password-reset link works. */
  PASSWORD_RESET_TTL_MINUTES: envInt(30, 5, 24 * 60),
  /** How long the link confirming a new email address works. */
  EMAIL_CHANGE_TTL_HOURS: envInt(24, 1, 24 * 7),
  /** Reset requests per client address, and per email address, in any 15 minutes. */
  RATE_LIMIT_RESET_CLIENT_MAX: envInt(10, 1),
  RATE_LIMIT_RESET_ADDRESS_MAX: envInt(3, 1),
};
