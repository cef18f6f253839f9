import { envString } from '../config/env-helpers';

export const opsEnv = {
  // Prometheus: /metrics exists only when a token is set, and answers only `Authorization: Bearer <token>`.
  METRICS_TOKEN: envString(),
};
