// Usage's surface for other features: the month's quotas (asked before paid work), the credits ledger of a
// list's runs, the month's summary (the MCP server's get_usage), and its rows for export and erasure.
export { type CreditTally, reserveCredits, reverifyDays, settleCredits } from './credits';
export { assertQuotaLeft, consumeQuota, quotaLeft, releaseQuota } from './quota';
export { usageSummary } from './usage';
export { deleteUsageBefore, eraseWorkspaceUsage, usageExportPage } from './workspace-data';
