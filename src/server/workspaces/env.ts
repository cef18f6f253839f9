import { envInt } from '../config/env-helpers';

// Settings of workspaces and teams: a fragment of the main config schema (config/index.ts spreads it).
export const workspacesEnv = {
  /** How long an invitation link stays valid. */
  WORKSPACE_INVITE_TTL_HOURS: envInt(72, 1, 24 * 90),
};
