import { envString } from '../config/env-helpers';

export const cryptoEnv = {
  // Seals secrets at rest (Smartlead keys, mailbox passwords, two-factor secrets); see secret-box.ts.
  ENCRYPTION_KEY: envString(),
};
