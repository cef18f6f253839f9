import { envInt } from '../../platform/config/env-helpers';

// Settings of teams (invitations): a fragment of the main config schema (config/index.ts spreads it).
export const teamEnv = {
  /** How long an invitation link stays valid. */
  WORKSPACE_INVITE_TTL_HOURS: envInt(72, 1, 24 * 90),
  /** Invitations (each one a mail) per workspace and per inviting account in any hour. */
  WORKSPACE_INVITES_PER_HOUR: envInt(20, 1, 10_000),
  ACCOUNT_INVITES_PER_HOUR: envInt(30, 1, 10_000),
};
