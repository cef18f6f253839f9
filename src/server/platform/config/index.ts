import path from 'node:path';
import { z } from 'zod';
import { TRIAL_DAYS as PLAN_TRIAL_DAYS } from '../../../shared/plans';
import { accountEnv } from '../../features/account/env';
import { apiEnv } from '../../features/api/env';
import { brandingEnv } from '../../features/branding/env';
import { listsEnv } from '../../features/lists/env';
import { proberEnv } from '../../features/prober/env';
import { retentionEnv } from '../../features/retention/env';
import { scraperEnv } from '../../features/scraper/env';
import { verificationEnv } from '../../features/verification/env';
import { workspacesEnv } from '../../features/workspaces/env';
import { securityEnv } from '../http/env';
import { mailEnv } from '../mail/env';
import { envBool, envInt, envString, envUrl } from './env-helpers';

// One schema over the whole environment. Every variable is documented in .env.example and the README.
// Defaults make `npm start` work with nothing set; every external service is optional.
const schema = z.object({
  NODE_ENV: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: envInt(5000, 0, 65535),
  HOST: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('0.0.0.0')),
  LOG_LEVEL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  DATA_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('./data')),
  DATABASE_URL: envUrl(),
  EMBEDDED_DB_THREAD: envBool(true),
  SERVE_WEB: envBool(true),
  WEB_DIST_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('./dist/web')),
  RUN_WORKERS: envBool(true),
  PUBLIC_URL: envUrl(),
  TRUST_PROXY: envBool(false),
  COOKIE_SECURE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['auto', 'true', 'false']).default('auto'),
  ),
  SESSION_TTL_HOURS: envInt(24 * 7, 1, 24 * 365),
  LOGIN_MAX_FAILURES: envInt(5, 1),
  LOGIN_WINDOW_MINUTES: envInt(15, 1),
  LOGIN_USER_MAX_FAILURES: envInt(50, 1),
  LOGIN_USER_WINDOW_MINUTES: envInt(60, 1),
  LOGIN_KNOWN_ADDRESS_DAYS: envInt(90, 1),
  ENCRYPTION_KEY: envString(),
  // The screens say the plan table's trial (shared/plans.ts); set this only where they are changed too.
  TRIAL_DAYS: envInt(PLAN_TRIAL_DAYS, 0, 365),
  // How often an idle job worker looks for retries and delayed jobs (new jobs wake workers at once).
  JOBS_IDLE_POLL_S: envInt(5, 1, 60),
  // How far the JavaScript heap may grow past what survived the last full collection (heap.ts); 0: V8's own.
  HEAP_GROWTH_PERCENT: envInt(40, 0, 400),
  // Prometheus: /metrics exists only when a token is set, and answers only `Authorization: Bearer <token>`.
  METRICS_TOKEN: envString(),
  // Smartlead
  SMARTLEAD_API_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().url().default('https://server.smartlead.ai/api/v1'),
  ),
  SMARTLEAD_APP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().url().default('https://app.smartlead.ai'),
  ),
  // Leads verified more than this many days ago are checked again before a send (0: never; decision 0221).
  REVERIFY_AFTER_DAYS: envInt(14, 0, 3650),
  // How long a send waits for those answers; leads left unchecked wait for the user's choice (decision 0221).
  REVERIFY_TIMEOUT_S: envInt(300, 1, 3600),
  // Apify (Instagram scraping)
  APIFY_TOKEN: envString(),
  APIFY_API_URL: envUrl(),
  APIFY_SEARCH_ACTOR: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().default('apify/instagram-search-scraper'),
  ),
  APIFY_PROFILE_ACTOR: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().default('apify/instagram-profile-scraper'),
  ),
  // OpenAI-compatible model
  OPENAI_API_KEY: envString(),
  OPENAI_BASE_URL: envUrl(),
  OPENAI_MODEL: envString(),
  // Stripe
  STRIPE_SECRET_KEY: envString(),
  STRIPE_PUBLISHABLE_KEY: envString(),
  STRIPE_PRICE_ID: envString(),
  // One price per plan (issue 14); STRIPE_PRICE_ID stands in for Professional when that one is unset.
  STRIPE_PRICE_HOBBYIST: envString(),
  STRIPE_PRICE_PROFESSIONAL: envString(),
  STRIPE_PRICE_WHITELABEL: envString(),
  STRIPE_WEBHOOK_SECRET: envString(),
  STRIPE_API_URL: envUrl(),
  ...verificationEnv,
  ...scraperEnv,
  ...listsEnv,
  ...retentionEnv,
  ...securityEnv,
  ...proberEnv,
  ...apiEnv,
  ...workspacesEnv,
  ...mailEnv,
  ...accountEnv,
  ...brandingEnv,
});

export type Config = z.infer<typeof schema> & { dataDir: string };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (i) => `${i.path.join('.') || '(root)'}: ${i.message} (got ${show(env, i.path)})`,
      ),
    );
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

function show(env: Record<string, string | undefined>, p: PropertyKey[]): string {
  const key = String(p[0] ?? '');
  const v = env[key];
  if (v === undefined) return 'nothing';
  // Never echo secrets back into logs.
  if (/KEY|SECRET|TOKEN|PASSWORD|URL/.test(key)) return '(hidden)';
  return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
}
