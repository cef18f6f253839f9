import { envInt, envUrlDefault } from '../../platform/config/env-helpers';

export const smartleadEnv = {
  SMARTLEAD_API_URL: envUrlDefault('https://server.smartlead.ai/api/v1'),
  SMARTLEAD_APP_URL: envUrlDefault('https://app.smartlead.ai'),
  // Leads verified more than this many days ago are checked again before a send (0: never; decision 0221).
  REVERIFY_AFTER_DAYS: envInt(14, 0, 3650),
  // How long a send waits for those answers; leads left unchecked wait for the user's choice (decision 0221).
  REVERIFY_TIMEOUT_S: envInt(300, 1, 3600),
};
