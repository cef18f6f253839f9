import { envInt } from '../../platform/config/env-helpers';

// Sessions and the sign-in limits (decision 0005).
export const authEnv = {
  SESSION_TTL_HOURS: envInt(24 * 7, 1, 24 * 365),
  LOGIN_MAX_FAILURES: envInt(5, 1),
  LOGIN_WINDOW_MINUTES: envInt(15, 1),
  LOGIN_USER_MAX_FAILURES: envInt(50, 1),
  LOGIN_USER_WINDOW_MINUTES: envInt(60, 1),
  LOGIN_KNOWN_ADDRESS_DAYS: envInt(90, 1),
};
