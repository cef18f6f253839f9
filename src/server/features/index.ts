import type { AppDeps } from '../platform/deps';
import type { AppInstance } from '../platform/http/types';
import type { JobDefinition } from '../platform/jobs/registry';
import { opsRoutes } from '../platform/ops/routes';
import { accountLinkCleanupJob } from './account/jobs';
import { accountRoutes } from './account/routes';
import { aiRoutes } from './ai/routes';
import { singleCheckRoutes } from './api-v1/check-routes';
import { idempotencyCleanupJob } from './api-v1/jobs';
import { apiV1Routes } from './api-v1/routes';
import { apiTokenRoutes } from './auth/api-tokens';
import { sessionCleanupJob } from './auth/jobs';
import { authRoutes } from './auth/routes';
import { stripeCustomerEraseJob } from './billing/customer-erase';
import { billingRoutes } from './billing/routes';
import { brandingRoutes } from './branding/routes';
import { dataExportCleanupJob, dataExportJob } from './data-export/jobs';
import { dataExportRoutes } from './data-export/routes';
import { deliverabilityRecheckJob, verifierStandingJob } from './deliverability/jobs';
import { deliverabilityRoutes } from './deliverability/routes';
import { emailComposerRoutes } from './email-composer/routes';
import { findRecoverJob, findRunJob, findSingleJob } from './finder/jobs';
import { finderRoutes } from './finder/routes';
import { listsJobs } from './lists/jobs';
import { listsRoutes } from './lists/routes';
import { mcpRoutes } from './mcp/routes';
import { onboardingRoutes } from './onboarding/routes';
import { retentionSweepJob } from './retention/jobs';
import { scrapeFullJob, scrapeRecoverJob, scrapeRunJob } from './scraper/jobs';
import { scraperRoutes } from './scraper/routes';
import { sendingMailboxes, workspacesWithSmartleadKey } from './smartlead';
import {
  smartleadImportDetailsJob,
  smartleadOutcomePollJob,
  smartleadSendJob,
  smartleadSweepJob,
} from './smartlead/jobs';
import { smartleadRoutes } from './smartlead/routes';
import { suppressionRoutes } from './suppressions/routes';
import { teamRoutes } from './team/routes';
import { usageRoutes } from './usage/routes';
import { webhookJobs } from './webhooks/jobs';
import { webhookRoutes } from './webhooks/routes';
import { workspaceRoutes } from './workspaces/routes';

/** The sending mailboxes deliverability checks the domains of: Smartlead's (smartlead stands on deliverability). */
const smartleadMailboxes = { workspaceIds: workspacesWithSmartleadKey, read: sendingMailboxes };

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
    jobs: [smartleadSendJob, smartleadSweepJob, smartleadOutcomePollJob, smartleadImportDetailsJob],
  },
  {
    name: 'deliverability',
    routes: (app, deps) => deliverabilityRoutes(app, deps, smartleadMailboxes),
    jobs: [deliverabilityRecheckJob(smartleadMailboxes), verifierStandingJob],
  },
  { name: 'suppressions', routes: suppressionRoutes },
  { name: 'api-tokens', routes: apiTokenRoutes },
  { name: 'scraper', routes: scraperRoutes, jobs: [scrapeRunJob, scrapeFullJob, scrapeRecoverJob] },
  { name: 'finder', routes: finderRoutes, jobs: [findRunJob, findSingleJob, findRecoverJob] },
  { name: 'ai', routes: aiRoutes },
  { name: 'email-composer', routes: emailComposerRoutes },
  { name: 'api-v1', routes: apiV1Routes, jobs: [idempotencyCleanupJob] },
  { name: 'single-check', routes: singleCheckRoutes },
  { name: 'mcp', routes: mcpRoutes },
  { name: 'usage', routes: usageRoutes },
  { name: 'webhooks', routes: webhookRoutes, jobs: webhookJobs },
  { name: 'retention', jobs: [retentionSweepJob] },
  { name: 'data-export', routes: dataExportRoutes, jobs: [dataExportJob, dataExportCleanupJob] },
];

export const allJobs = () => features.flatMap((f) => f.jobs ?? []);
