import { envString, envUrl } from '../../platform/config/env-helpers';

// An OpenAI-compatible model; without a key the heuristics answer alone (decision 0300).
export const aiEnv = {
  OPENAI_API_KEY: envString(),
  OPENAI_BASE_URL: envUrl(),
  OPENAI_MODEL: envString(),
};
