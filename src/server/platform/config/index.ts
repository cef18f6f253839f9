import path from 'node:path';
import { z } from 'zod';
import { accountEnv } from '../../features/account/env';
import { aiEnv } from '../../features/ai/env';
import { apiEnv } from '../../features/api-v1/env';
import { authEnv, PASSWORD_HASH_MEMORY_KIB } from '../../features/auth/env';
import { billingEnv } from '../../features/billing/env';
import { brandingEnv } from '../../features/branding/env';
import { deliverabilityEnv } from '../../features/deliverability/env';
import { finderEnv } from '../../features/finder/env';
import { listsEnv } from '../../features/lists/env';
import { probeBudgetEnv } from '../../features/probe-budget/env';
import { proberEnv } from '../../features/prober/env';
import { retentionEnv } from '../../features/retention/env';
import { scraperEnv } from '../../features/scraper/env';
import { smartleadEnv } from '../../features/smartlead/env';
import { teamEnv } from '../../features/team/env';
import { verificationEnv } from '../../features/verification/env';
import { cryptoEnv } from '../crypto/env';
import { dbEnv } from '../db/env';
import { httpEnv, securityEnv } from '../http/env';
import { jobsEnv } from '../jobs/env';
import { mailEnv } from '../mail/env';
import { netEnv } from '../net/env';
import { opsEnv } from '../ops/env';
import { envBool, envInt } from './env-helpers';

// One schema over the whole environment: the process's own settings here, the rest from the env.ts of
// the feature or platform module that reads them. Every variable is documented in .env.example and the README.
// Defaults make `npm start` work with nothing set; every external service is optional.
const schema = z
  .object({
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
    SERVE_WEB: envBool(true),
    WEB_DIST_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().default('./dist/web')),
    RUN_WORKERS: envBool(true),
    // How far the JavaScript heap may grow past what survived the last full collection (heap.ts); 0: V8's own.
    HEAP_GROWTH_PERCENT: envInt(40, 0, 400),
    // Browser journeys only (NODE_ENV=test): a file holding milliseconds added to the clock (clock.ts).
    TEST_CLOCK_FILE: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    ...dbEnv,
    ...jobsEnv,
    ...httpEnv,
    ...cryptoEnv,
    ...opsEnv,
    ...authEnv,
    ...billingEnv,
    ...smartleadEnv,
    ...aiEnv,
    ...verificationEnv,
    ...scraperEnv,
    ...listsEnv,
    ...retentionEnv,
    ...securityEnv,
    ...proberEnv,
    ...apiEnv,
    ...teamEnv,
    ...mailEnv,
    ...netEnv,
    ...accountEnv,
    ...brandingEnv,
    ...deliverabilityEnv,
    ...finderEnv,
    ...probeBudgetEnv,
  })
  .superRefine((c, ctx) => {
    // A cheaper password hash is for the test suites only (auth/password.ts).
    if (c.NODE_ENV !== 'test' && c.PASSWORD_HASH_MEMORY_KIB < PASSWORD_HASH_MEMORY_KIB) {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_MEMORY_KIB'],
        message: `must be at least ${PASSWORD_HASH_MEMORY_KIB} outside tests`,
      });
    }
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
    // Which variable and what is wrong, never its text: a value may be (or hold) a secret whatever its name.
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
