// API v1's surface for other features (the MCP server): the token sign-in, the shared per-token
// allowance, and the list and single-address work the v1 routes do.
export { assertApiPlan, bearerOf, tokenCaller } from './auth';
export { createApiList } from './lists';
export { v1RateLimit } from './v1-limit';
export { verifyOne } from './verify-one';
export { eraseWorkspaceIdempotencyKeys } from './workspace-data';
