import { envInt } from '../config/env-helpers';

export const jobsEnv = {
  // How often an idle job worker looks for retries and delayed jobs (new jobs wake workers at once).
  JOBS_IDLE_POLL_S: envInt(5, 1, 60),
};
