// The whole Drizzle schema: each feature owns its tables in its own folder; this file gathers them.
// Each feature's tables are created by its own SQL migration in ./migrations (applied at boot).

export * from '../../features/account/schema';
export * from '../../features/api-v1/schema';
export * from '../../features/auth/schema';
export * from '../../features/billing/schema';
export * from '../../features/branding/schema';
export * from '../../features/data-export/schema';
export * from '../../features/deliverability/schema';
export * from '../../features/email-composer/schema';
export * from '../../features/finder/schema';
export * from '../../features/lists/schema';
export * from '../../features/mcp/schema';
export * from '../../features/outcomes/schema';
export * from '../../features/probe-budget/schema';
export * from '../../features/scraper/schema';
export * from '../../features/smartlead/schema';
export * from '../../features/suppressions/schema';
export * from '../../features/usage/schema';
export * from '../../features/webhooks/schema';
export * from '../../features/workspaces/schema';
