// The whole Drizzle schema: each feature owns its tables in its own folder; this file gathers them.
// Each feature's tables are created by its own SQL migration in ./migrations (applied at boot).

export * from '../account/schema';
export * from '../api/schema';
export * from '../auth/schema';
export * from '../billing/schema';
export * from '../branding/schema';
export * from '../data-export/schema';
export * from '../email-composer/schema';
export * from '../lists/schema';
export * from '../scraper/schema';
export * from '../smartlead/schema';
export * from '../suppressions/schema';
export * from '../usage/schema';
export * from '../webhooks/schema';
export * from '../workspaces/schema';
