import { accountLinkCleanupJob } from './features/account/jobs';
import { accountRoutes } from './features/account/routes';
import { aiRoutes } from './features/ai/routes';
import { singleCheckRoutes } from './features/api/check-routes';
import { idempotencyCleanupJob } from './features/api/jobs';
import { apiV1Routes } from './features/api/routes';
import { apiTokenRoutes } from './features/auth/api-tokens';
import { sessionCleanupJob } from './features/auth/jobs';
import { authRoutes } from './features/auth/routes';
import { stripeCustomerEraseJob } from './features/billing/customer-erase';
import { billingRoutes } from './features/billing/routes';
import { brandingRoutes } from './features/branding/routes';
import { dataExportCleanupJob, dataExportJob } from './features/data-export/jobs';
import { dataExportRoutes } from './features/data-export/routes';
import { emailComposerRoutes } from './features/email-composer/routes';
import type { AppDeps } from './platform/http/deps';
import type { AppInstance } from './platform/http/types';
import type { JobDefinition } from './platform/jobs/registry';
import { listsJobs } from './features/lists/jobs';
import { listsRoutes } from './features/lists/routes';
import { onboardingRoutes } from './features/onboarding/routes';
import { opsRoutes } from './platform/ops/routes';
import { retentionSweepJob } from './features/retention/jobs';
import { scrapeFullJob, scrapeRecoverJob, scrapeRunJob } from './features/scraper/jobs';
import { scraperRoutes } from './features/scraper/routes';
import { smartleadOutcomePollJob, smartleadSendJob, smartleadSweepJob } from './features/smartlead/jobs';
import { smartleadRoutes } from './features/smartlead/routes';
import { suppressionRoutes } from './features/suppressions/routes';
import { usageRoutes } from './features/usage/routes';
import { webhookJobs } from './features/webhooks/jobs';
import { webhookRoutes } from './features/webhooks/routes';
import { workspaceRoutes } from './features/workspaces/routes';
import { teamRoutes } from './features/workspaces/team-routes';

/**
 * The product's features, each a folder with its routes and background jobs. Adding a feature is one
 * entry here; app.ts and the queue read this list.
 */
export interface Feature {
  name: string;
  routes?: (app: AppInstance, deps: AppDeps) => Promise<void>;
  jobs?: JobDefinition<any>[];
}

export const features: Feature[] = [
  { name: 'ops', routes: opsRoutes },
  { name: 'auth', routes: authRoutes, jobs: [sessionCleanupJob] },
  { name: 'account', routes: accountRoutes, jobs: [accountLinkCleanupJob] },
  { name: 'workspaces', routes: workspaceRoutes },
  // Before the other features: its activity log hook records their routes.
  { name: 'team', routes: teamRoutes },
  { name: 'branding', routes: brandingRoutes },
  { name: 'billing', routes: billingRoutes, jobs: [stripeCustomerEraseJob] },
  { name: 'onboarding', routes: onboardingRoutes },
  { name: 'lists', routes: listsRoutes, jobs: listsJobs },
  {
    name: 'smartlead',
    routes: smartleadRoutes,
    jobs: [smartleadSendJob, smartleadSweepJob, smartleadOutcomePollJob],
  },
  { name: 'suppressions', routes: suppressionRoutes },
  { name: 'api-tokens', routes: apiTokenRoutes },
  { name: 'scraper', routes: scraperRoutes, jobs: [scrapeRunJob, scrapeFullJob, scrapeRecoverJob] },
  { name: 'ai', routes: aiRoutes },
  { name: 'email-composer', routes: emailComposerRoutes },
  { name: 'api-v1', routes: apiV1Routes, jobs: [idempotencyCleanupJob] },
  { name: 'single-check', routes: singleCheckRoutes },
  { name: 'usage', routes: usageRoutes },
  { name: 'webhooks', routes: webhookRoutes, jobs: webhookJobs },
  { name: 'retention', jobs: [retentionSweepJob] },
  { name: 'data-export', routes: dataExportRoutes, jobs: [dataExportJob, dataExportCleanupJob] },
];

export const allJobs = () => features.flatMap((f) => f.jobs ?? []);
