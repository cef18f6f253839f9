// Usage's surface for other features (the MCP server's get_usage): the month's summary and what is left.
export { quotaLeft } from './quota';
export { usageSummary } from './usage';
