// The introduction of /api/openapi.json: what every API v1 client needs beyond the routes themselves.
export const API_DOC_DESCRIPTION = `
## API v1
Base path \`/api/v1\`. Authenticate with a personal API token (Settings → API tokens):
\`Authorization: Bearer vl_...\`. Tokens are scoped (\`lists:read\`, \`lists:write\`, \`verify\`), revocable,
and show when they were last used. API access is part of the White Label plan (and of the free trial).
Errors are JSON \`{"message", "code"}\` (the text to show, and a stable code to branch on). 401: missing, unknown or revoked token. 403: the token
lacks the route's scope, or the plan has no API access. 404: no such list *for this account* (another
account's id answers the same). 402: the plan's monthly quota is used up; the body adds \`kind\`, \`used\`,
\`limit\`, \`plan\`, \`resetsAt\`, \`upgradePlan\` and \`upgradeUrl\`, and nothing was stored or started.

### Rate limits and credits
Each token may make API_RATE_LIMIT_PER_MINUTE requests a minute (default 120), counted together over every
v1 route and the MCP server at \`/mcp\`. Every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and
\`RateLimit-Reset\` (seconds until the window starts again); beyond the limit the answer is 429 with
\`Retry-After\` (seconds). Every answer to a recognised token also carries the month's credits:
\`X-Credits-Remaining\` (list verifications left), \`X-Finds-Remaining\` (finds left), each a number or
\`unlimited\`, and \`X-Credits-Reset\` (ISO time the counters start again).

### Bulk JSON
\`POST /api/v1/lists\` takes \`{"emails": [...]}\` and \`POST /api/v1/finds\` takes \`{"people": [...]}\` as JSON:
bodies of 5,000 rows and more are accepted (lists up to API_MAX_JSON_EMAILS addresses, finds up to 10,000
people), so automation tools need not build a CSV file.

## Webhooks
Endpoints (Settings → Usage) receive \`POST\` requests with a JSON body
\`{"id": "evt_...", "type": "list.completed", "createdAt": "...", "data": {...}}\` for the events
\`list.completed\`, \`list.failed\`, \`list.cancelled\` (stopped from the app or with
\`POST /api/v1/lists/{id}/stop\`; \`POST /api/v1/lists/{id}/resume\` verifies the rest), \`campaign.sent\`,
\`domain.changed\` (a sending domain's daily DNS check changed state; \`data\` holds the domain, \`from\`, \`to\`
and each check) and \`test\`. Every delivery is signed:

    Verilead-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>

plus \`Verilead-Event\` (the type) and \`Verilead-Delivery\` (the delivery id). To verify: compute the HMAC of
the timestamp, a dot and the raw request body with the endpoint's secret (\`whsec_...\`, shown once), compare
it in constant time with \`v1\`, and refuse timestamps more than 5 minutes away from your clock. Answer any
2xx within 10 s; anything else (or no answer) is retried with exponential back-off (30 s, 1 min, 2 min, ...)
up to 8 attempts. Deliveries are at least once: deduplicate on \`id\`. Webhooks are part of the API plan:
while the workspace's plan does not include it, no endpoint can be added and nothing is sent (each
delivery reads the plan just before it goes out).
`.trim();
