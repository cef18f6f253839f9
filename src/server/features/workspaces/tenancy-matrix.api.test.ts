import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, uniqueName } from '../../../../tests/helpers/client';
import { multipartBody } from '../../../../tests/helpers/lists';
import { newApiKey, TEST_ENCRYPTION_KEY } from '../../../../tests/helpers/smartlead';
import { insertApiToken, seedTenantData, type TenantData } from '../../../../tests/helpers/tenant-data';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { can, PERMISSIONS, type Permission, ROLES, type Role } from '../../../shared/workspaces';
import { encryptSecret } from '../../platform/crypto/secret-box';

// Tenancy matrix: workspace A has an owner, an admin and a member; workspace B's owner has data of
// every kind. Every route of the app (read from /api/openapi.json, so a new route is walked without
// being listed) is called as each person of A, by session and by API token, with B's ids in its path
// and body: nothing of B's may show, and B's ids answer 404 (a 403 only where the caller's role is
// below the route's permission, whatever the id). Then each route with a permission is called on A's
// own resources by each role: below the least role, 403 `forbidden`; from it up, never 403.

/** Routes not walked, with the reason. Hidden routes are not in the document either: /api/csrf and
 * /api/openapi.json (no account data), /api/stripe/webhook (Stripe-signed), /metrics (its own token). */
const NOT_WALKED: Record<string, string> = {
  'GET /api/health': 'public liveness probe: no account data',
  'GET /api/ready': 'public readiness probe: no account data',
  'GET /api/stripe/config': 'public: the publishable key only',
  'POST /api/apply': 'public sign-up: creates a new account and reads none',
  'POST /api/login': 'public sign-in: answers for the credentials sent, not the session',
  'POST /api/login/two-factor': "public sign-in's second step: answers for its challenge cookie only",
  'POST /api/logout': "ends the caller's own session (the walk would sign the caller out)",
  'POST /api/account/sessions/end-all': "ends every session of the caller's own (the walk would sign it out)",
  'POST /api/password-reset': 'public: answers the same whether or not the address has an account',
  'POST /api/password-reset/confirm': 'public: acts on the account its single-use link names',
  'POST /api/smartlead/events/{hookId}/{signature}':
    "Smartlead's signed event intake: no session or token, the path's signature names the workspace",
  'POST /api/workspaces/current/leave': 'takes the caller out of its own workspace; names no other',
  'GET /api/branding/logo/{workspaceId}': "public: a workspace's logo is shown on its sign-in page",
};

/** The permission each route checks (docs/decisions/0800-workspaces.md); the others any member may call. */
const ROUTE_PERMISSIONS: Record<string, Permission> = {
  'POST /api/upload': 'lists:verify',
  'POST /api/verify/{id}': 'lists:verify',
  'POST /api/verify/{id}/pending': 'lists:verify',
  'POST /api/verify/{id}/again': 'lists:verify',
  'POST /api/upload/{id}/estimate': 'lists:verify',
  'PUT /api/usage/credit-settings': 'billing:manage',
  'POST /api/v1/lists/estimate': 'lists:verify',
  'POST /api/v1/lists/{id}/verify-again': 'lists:verify',
  'POST /api/upload/{id}/cancel': 'lists:verify',
  'POST /api/upload/{id}/save': 'lists:verify',
  'DELETE /api/upload/{id}': 'lists:verify',
  'GET /api/upload/{id}/export': 'lists:export',
  'POST /api/v1/lists': 'lists:verify',
  'DELETE /api/v1/lists/{id}': 'lists:verify',
  'GET /api/v1/lists/{id}/export': 'lists:export',
  'POST /api/v1/verify': 'lists:verify',
  'POST /api/scrape-instagram': 'scraper:run',
  'POST /api/finds/single': 'finder:run',
  'POST /api/finds/bulk': 'finder:run',
  'GET /api/finds': 'finder:run',
  'GET /api/finds/{id}/results': 'finder:run',
  'POST /api/finds/{id}/stop': 'finder:run',
  'DELETE /api/finds/{id}': 'finder:run',
  'GET /api/finds/{id}/export.csv': 'lists:export',
  'POST /api/finds/{id}/send-to-verification': 'lists:verify',
  'POST /api/v1/find': 'finder:run',
  'POST /api/v1/finds': 'finder:run',
  'GET /api/v1/finds/{id}': 'finder:run',
  'GET /api/v1/finds/{id}/results': 'finder:run',
  'POST /api/scrape-instagram-urls': 'scraper:run',
  'POST /api/scrape-profile-email': 'scraper:run',
  'POST /api/scrape-job/{id}/get-full-all': 'scraper:run',
  'POST /api/scrape-job/{id}/send-to-verify': 'lists:verify',
  'POST /api/scrape-job/{id}/clean-export': 'lists:export',
  'GET /api/scrape-job/{id}/download-cleaned': 'lists:export',
  'POST /api/smartlead/create-campaign': 'campaigns:send',
  'POST /api/smartlead/campaigns/{id}/status': 'campaigns:send',
  'POST /api/smartlead/campaigns/{id}/leads': 'campaigns:send',
  'POST /api/smartlead/sends/{id}/unchecked': 'campaigns:send',
  'POST /api/email-templates': 'campaigns:send',
  'PUT /api/email-templates/{id}': 'campaigns:send',
  'DELETE /api/email-templates/{id}': 'campaigns:send',
  'POST /api/smartlead/settings': 'keys:manage',
  'POST /api/smartlead/test': 'keys:manage',
  'POST /api/smartlead/email-accounts': 'keys:manage',
  'POST /api/smartlead/email-accounts/{accountId}': 'keys:manage',
  'POST /api/smartlead/email-accounts/{accountId}/login': 'keys:manage',
  'POST /api/smartlead/email-accounts/{accountId}/warmup': 'keys:manage',
  'DELETE /api/smartlead/email-accounts/{accountId}': 'keys:manage',
  'POST /api/api-tokens': 'keys:manage',
  'DELETE /api/api-tokens/{id}': 'keys:manage',
  'POST /api/webhooks': 'keys:manage',
  'DELETE /api/webhooks/{id}': 'keys:manage',
  'POST /api/webhooks/{id}/test': 'keys:manage',
  'POST /api/create-subscription': 'billing:manage',
  'POST /api/subscription/change-plan': 'billing:manage',
  'POST /api/billing/preview-plan': 'billing:manage',
  'POST /api/billing/cancel': 'billing:manage',
  'POST /api/billing/resume': 'billing:manage',
  'POST /api/billing/portal': 'billing:manage',
  'GET /api/workspaces/current/invitations': 'members:manage',
  'POST /api/workspaces/current/invitations': 'members:manage',
  'DELETE /api/workspaces/current/invitations/{id}': 'members:manage',
  'PATCH /api/workspaces/current/members/{userId}': 'members:manage',
  'DELETE /api/workspaces/current/members/{userId}': 'members:manage',
  'POST /api/workspaces/current/transfer': 'workspace:transfer',
  'DELETE /api/workspaces/current': 'workspace:delete',
  'PUT /api/branding': 'branding:manage',
  'POST /api/branding/logo': 'branding:manage',
  'DELETE /api/branding/logo': 'branding:manage',
  'PUT /api/branding/domain': 'branding:manage',
  'DELETE /api/branding/domain': 'branding:manage',
  'POST /api/branding/domain/check': 'branding:manage',
};

/** The target of a call: one workspace's id (its owner's user id too) and its data's ids. */
type Target = TenantData & { workspaceId: string; invitationId: string };

/**
 * Which of the target's ids a path's `{id}` stands for; other parameters get the workspace's id, which
 * is also its owner's user id (`{userId}`: another workspace's owner is no member here).
 */
const PATH_RESOURCE: [RegExp, (r: Target) => string][] = [
  [/^\/api\/(verify|upload|v1\/lists)\/\{id\}/, (r) => r.uploadIds[0]],
  [/^\/api\/smartlead\/(sends|campaigns)\/\{id\}/, (r) => r.campaignId],
  [/^\/api\/api-tokens\/\{id\}/, (r) => r.tokenId],
  [/^\/api\/scrape-job\/\{id\}/, (r) => r.scrapeJobId],
  [/^\/api\/(v1\/)?finds\/\{id\}/, (r) => r.findJobId],
  [/^\/api\/email-templates\/\{id\}/, (r) => r.templateId],
  [/^\/api\/webhooks\/\{id\}/, (r) => r.webhookId],
  [/^\/api\/workspaces\/current\/invitations\/\{id\}/, (r) => r.invitationId],
];

const template = { name: 'Matrix', steps: [{ delayDays: 0, variants: [{ subject: 'Hi', body: 'Hello' }] }] };
const lead = { email: 'someone@example.com' };
// A mailbox is the workspace's Smartlead account's (its key), not a row here: the walk's path id (a
// workspace id) names no Smartlead mailbox, so it is 404 (another key's real mailbox: mailboxes.api.test.ts).
const mailboxLogin = {
  username: 'sender@example.com',
  password: 'not the password',
  smtpHost: 'smtp.example.com',
  smtpPort: 587,
  smtpSecurity: 'TLS',
  imapHost: 'imap.example.com',
  imapPort: 993,
};
/** Valid bodies (a rejected body would answer 400 before any tenancy or role check). */
/** An OAuth authorization request as the MCP consent page passes it on (a client no workspace registered). */
const OAUTH_ASK = {
  response_type: 'code',
  client_id: 'vlc_matrix',
  redirect_uri: 'https://assistant.example/cb',
  code_challenge: 'c'.repeat(43),
  code_challenge_method: 'S256',
};
const BODIES: Record<string, (r: Target) => unknown> = {
  'POST /api/mcp/oauth/consent': () => ({ ...OAUTH_ASK, approve: true }),
  'POST /api/workspaces/switch': (r) => ({ workspaceId: r.workspaceId }),
  'POST /api/create-subscription': () => ({ plan: 'whitelabel' }),
  'POST /api/subscription/change-plan': () => ({ plan: 'whitelabel' }),
  'POST /api/billing/preview-plan': () => ({ plan: 'whitelabel' }),
  'POST /api/account/two-factor/enable': () => ({ code: '123456', password: 'not the password' }),
  'POST /api/account/two-factor/disable': () => ({ password: 'not the password' }),
  'POST /api/account/two-factor/recovery-codes': () => ({ password: 'not the password' }),
  'POST /api/onboarding/progress': () => ({ step: 1, profile: { businessType: 'agency' } }),
  'POST /api/smartlead/settings': () => ({ apiKey: newApiKey() }),
  'POST /api/smartlead/create-campaign': () => ({ campaignName: 'Matrix', rowIds: ['1'] }),
  'POST /api/smartlead/campaigns/{id}/status': () => ({ action: 'pause' }),
  'POST /api/smartlead/campaigns/import': () => ({ smartleadIds: [1] }),
  'POST /api/deliverability/domains': () => ({ domain: 'example.com' }),
  'POST /api/deliverability/headers': () => ({ headers: 'From: a@example.com\r\nTo: b@example.com\r\n' }),
  'POST /api/v1/deliverability/domains': () => ({ domain: 'example.com' }),
  'POST /api/v1/deliverability/headers': () => ({ headers: 'From: a@example.com\r\nTo: b@example.com\r\n' }),
  'PUT /api/smartlead/campaigns/{id}': () => ({
    settings: { trackOpens: true, trackClicks: true, stopLeadOn: 'REPLY_TO_AN_EMAIL', plainText: false },
  }),
  'POST /api/smartlead/campaigns/{id}/leads': () => ({ rowIds: ['1'] }),
  'POST /api/smartlead/sends/{id}/unchecked': () => ({ action: 'hold' }),
  'POST /api/smartlead/campaigns/{id}/leads/{email}/category': () => ({ categoryId: 1 }),
  'POST /api/smartlead/campaigns/{id}/leads/{email}/action': () => ({ action: 'pause' }),
  'POST /api/smartlead/campaigns/{id}/leads/{email}/reply': () => ({ text: 'Hello' }),
  'POST /api/smartlead/email-accounts': () => ({
    ...mailboxLogin,
    fromName: 'Matrix',
    fromEmail: 'sender@example.com',
    dailyLimit: 10,
  }),
  'POST /api/smartlead/email-accounts/{accountId}': () => ({ fromName: 'Matrix', dailyLimit: 10 }),
  'POST /api/smartlead/email-accounts/{accountId}/login': () => mailboxLogin,
  'POST /api/smartlead/email-accounts/{accountId}/warmup': () => ({
    enabled: false,
    perDay: 10,
    rampUp: 5,
    replyRate: 30,
  }),
  'POST /api/api-tokens': () => ({ name: 'matrix' }),
  'POST /api/scrape-instagram': () => ({ keywords: ['coffee'], location: 'Berlin', maxItems: 5 }),
  'POST /api/finds/single': () => ({ fullName: 'Matrix Person', company: 'example.com' }),
  'POST /api/v1/find': () => ({ fullName: 'Matrix Person', company: 'example.com' }),
  'POST /api/v1/finds': () => ({ people: [{ fullName: 'Matrix Person', company: 'example.com' }] }),
  'POST /api/scrape-instagram-urls': () => ({ urls: ['https://www.instagram.com/someone/'] }),
  'POST /api/scrape-profile-email': (r) => ({
    profileUrl: 'https://www.instagram.com/someone/',
    jobId: r.scrapeJobId,
  }),
  'POST /api/ai/suggestions': () => ({ fieldType: 'subject' }),
  'POST /api/email-templates': () => template,
  'PUT /api/email-templates/{id}': () => template,
  'POST /api/email-composer/draft': () => ({ mode: 'draft' }),
  'POST /api/v1/lists': () => ({ emails: [lead.email], name: 'Matrix' }),
  'POST /api/v1/verify': () => ({ email: lead.email, timeoutMs: 100 }),
  'POST /api/v1/lists/estimate': () => ({ emails: [lead.email], waitMs: 100 }),
  'POST /api/upload/{id}/estimate': () => ({ waitMs: 100 }),
  'PUT /api/usage/credit-settings': () => ({ reverifyDays: 30 }),
  'POST /api/webhooks': () => ({ url: 'https://hooks.example.com/matrix', events: ['list.completed'] }),
  'POST /api/workspaces/current/invitations': () => ({ email: 'invitee@example.com', role: 'member' }),
  'PATCH /api/workspaces/current/members/{userId}': () => ({ role: 'member' }),
  'POST /api/workspaces/current/transfer': (r) => ({ userId: r.workspaceId }),
  'DELETE /api/workspaces/current': () => ({ confirmName: 'not the name' }),
  'POST /api/invitations/accept': () => ({ token: 'not-an-invitation-token' }),
  'PUT /api/branding': () => ({ productName: 'Matrix', primaryColor: '#1a73e8' }),
  'PUT /api/branding/domain': () => ({ domain: `${uniqueName('matrix')}.example.com` }),
  'PATCH /api/account': () => ({ firstName: 'Matrix', lastName: null }),
  'POST /api/account/email': () => ({ email: 'matrix@example.com', password: 'not the password' }),
  'POST /api/account/email/confirm': () => ({ token: 'not-an-email-change-token' }),
  'POST /api/account/password': () => ({
    currentPassword: 'not the password',
    newPassword: 'Matrix-pass-123',
  }),
  'POST /api/account/delete': () => ({ password: 'not the password' }),
  'POST /api/suppressions': () => ({ email: 'someone@example.com' }),
  'POST /api/suppressions/import': () => ({ csv: 'email\nsomeone@example.com\n' }),
  'POST /api/verify-email': () => ({ email: 'someone@example.com' }),
};
/** Routes whose body names a resource (so they address the target like a path id does). */
const BODY_ADDRESSES = new Set([
  'POST /api/workspaces/switch',
  'POST /api/scrape-profile-email',
  'POST /api/workspaces/current/transfer',
]);
const QUERIES: Record<string, string> = {
  'GET /api/upload/{id}/export': '?type=all',
  'GET /api/v1/lists/{id}/export': '?type=all',
  'GET /api/scrape-job/{id}/download-cleaned': '?type=full',
  'GET /api/invitations/preview': '?token=not-an-invitation-token',
  'GET /api/mcp/oauth/consent': `?${new URLSearchParams(OAUTH_ASK)}`,
};

interface Route {
  key: string;
  method: string;
  path: string;
  /** API v1: bearer tokens only. */
  v1: boolean;
  addresses: boolean;
}

type Kind = 'session' | 'bearer';
interface Caller {
  role: Role;
  kind: Kind;
  call(
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

let t: TestApp;
let routes: Route[];
let a: Target;
let b: Target;
const callers = new Map<string, Caller>();
/** Strings only B's data contains: its ids and its marker (file names, emails, campaign names...). */
let bSecrets: string[];
/** Routes outside API v1 that take an API token: the GET routes that do not answer A's owner's token 401. */
const bearerRoutes = new Set<string>();

function request(route: Route, target: Target) {
  let url = route.path;
  const resource = PATH_RESOURCE.find(([re]) => re.test(route.path))?.[1];
  // A campaign lead's routes take an address: one of the campaign's (B's campaign holds it too).
  const leadRoute = route.path.includes('/leads/{email}');
  url = url.replace(/\{[^}]+\}/g, (p) =>
    p === '{id}' && resource
      ? resource(target)
      : p === '{email}' && leadRoute
        ? encodeURIComponent(lead.email)
        : target.workspaceId,
  );
  url += QUERIES[route.key] ?? '';
  if (route.key === 'POST /api/upload') {
    const { payload, headers } = multipartBody('matrix.csv', 'email\nsomeone@example.com\n');
    return { url, body: payload, headers };
  }
  return { url, body: BODIES[route.key]?.(target), headers: {} };
}

beforeAll(async () => {
  t = await createTestApp({
    env: {
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      STRIPE_PRICE_WHITELABEL: 'price_whitelabel',
      // Outside services point at a closed loopback port: calls fail at once, nothing leaves the machine.
      SMARTLEAD_API_URL: 'http://127.0.0.1:9',
      DNS_SERVERS: '127.0.0.1:9',
      DNS_TIMEOUT_MS: '50',
      // The single-address check answers `pending` at once instead of waiting on the closed resolver.
      API_VERIFY_TIMEOUT_MS: '100',
      FINDER_SINGLE_WAIT_MS: '100',
      DNS_TRIES: '1',
    },
  });
  const q = t.database.raw;
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([m, op]) => {
      const key = `${m.toUpperCase()} ${path}`;
      return {
        key,
        method: m.toUpperCase(),
        path,
        v1: Boolean(op.security?.length),
        addresses: path.includes('{') || BODY_ADDRESSES.has(key),
      };
    }),
  );

  // Workspace A: its owner's personal workspace, an admin and a member who work in it.
  const people = {} as Record<Role, { client: TestClient; id: string; email: string }>;
  for (const role of ROLES) {
    const client = new TestClient(t.app);
    const { id, email } = await client.register({ plan: 'whitelabel' });
    people[role] = { client, id, email };
  }
  const aId = people.owner.id;
  for (const role of ['admin', 'member'] as const) {
    const { token } = await invite(people.owner.client, people[role].email, role);
    const res = await people[role].client.post('/api/invitations/accept', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect((await people[role].client.post('/api/workspaces/switch', { workspaceId: aId })).statusCode).toBe(
      200,
    );
  }
  const sealed = encryptSecret({
    config: t.config,
    plaintext: newApiKey(),
    context: `smartlead-api-key:${aId}`,
  });
  const aMarker = uniqueName('wsa');
  a = {
    workspaceId: aId,
    invitationId: (await invite(people.owner.client, `${aMarker}.invitee@example.com`, 'member')).id,
    ...(await seedTenantData(q, {
      owner: aId,
      marker: aMarker,
      tenantColumn: 'workspace_id',
      smartleadKeySealed: sealed,
    })),
  };

  // Workspace B: another account's personal workspace, with data of every kind.
  const bOwner = new TestClient(t.app);
  const bUser = await bOwner.register({ plan: 'whitelabel' });
  const bMarker = uniqueName('wsb');
  b = {
    workspaceId: bUser.id,
    invitationId: (await invite(bOwner, `${bMarker}.invitee@example.com`, 'admin')).id,
    ...(await seedTenantData(q, { owner: bUser.id, marker: bMarker, tenantColumn: 'workspace_id' })),
  };
  // Through the routes, so B's activity log has entries too: its branding and an export.
  expect((await bOwner.request('PUT', '/api/branding', { productName: `${bMarker} Brand` })).statusCode).toBe(
    200,
  );
  expect((await bOwner.get(`/api/upload/${b.uploadIds[0]}/export?type=all`)).statusCode).toBe(200);
  bSecrets = [
    bMarker,
    bUser.username,
    ...b.uploadIds,
    b.campaignId,
    b.scrapeJobId,
    b.templateId,
    b.webhookId,
    b.tokenId,
    b.invitationId,
    b.workspaceId,
  ];

  for (const role of ROLES) {
    const { client, id } = people[role];
    callers.set(`${role} session`, {
      role,
      kind: 'session',
      call: (method, url, body, headers) =>
        client.request(method as InjectOptions['method'], url, body, headers),
    });
    const { token } = await insertApiToken(q, { userId: id, workspaceId: aId });
    callers.set(`${role} bearer`, {
      role,
      kind: 'bearer',
      call: (method, url, body, headers = {}) =>
        t.app.inject({
          method: method as InjectOptions['method'],
          url,
          payload: body as InjectOptions['payload'],
          headers: { authorization: `Bearer ${token}`, ...headers },
        }),
    });
  }
  const ownerToken = callers.get('owner bearer')!;
  for (const route of routes.filter((r) => r.method === 'GET' && !r.v1 && !(r.key in NOT_WALKED))) {
    const { url } = request(route, a);
    if ((await ownerToken.call('GET', url)).statusCode !== 401) bearerRoutes.add(route.key);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** API v1 takes tokens only; other routes take sessions, and the downloads in `bearerRoutes` tokens too. */
const accepts = (route: Route, kind: Kind) =>
  route.v1 ? kind === 'bearer' : kind === 'session' || bearerRoutes.has(route.key);

/** An invitation into the client's current workspace; its token is the link's last segment. */
async function invite(client: TestClient, email: string, role: 'admin' | 'member') {
  const res = await client.post('/api/workspaces/current/invitations', { email, role });
  expect(res.statusCode, res.body).toBe(201);
  const { id, link } = res.json() as { id: string; link: string };
  return { id, token: link.slice(link.lastIndexOf('/') + 1) };
}

/** A 403 that requirePermission gave because this role is below the route's permission. */
function roleDenied(route: Route, role: Role, res: LightMyRequestResponse): boolean {
  if (res.statusCode !== 403) return false;
  const permission = ROUTE_PERMISSIONS[route.key];
  const body = res.json() as { code?: string; permission?: string; requiredRole?: string };
  return (
    body.code === 'forbidden' &&
    permission !== undefined &&
    body.permission === permission &&
    body.requiredRole === PERMISSIONS[permission] &&
    !can(role, permission)
  );
}

const walked = () => routes.filter((r) => !(r.key in NOT_WALKED));
// Deletions last, so a resource a route removes is still there for the routes before it.
const byDeletionsLast = (x: Route, y: Route) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE');

describe('the route list', () => {
  it('is read from the app, and every exempted route exists', () => {
    expect(routes.length).toBeGreaterThan(50);
    const keys = routes.map((r) => r.key);
    for (const key of [
      ...Object.keys(NOT_WALKED),
      ...Object.keys(ROUTE_PERMISSIONS),
      ...Object.keys(BODIES),
    ]) {
      expect(keys, key).toContain(key);
    }
  });

  it('puts every person of A in workspace A', async () => {
    for (const kind of ['session', 'bearer'] as const) {
      for (const role of ROLES) {
        const caller = callers.get(`${role} ${kind}`)!;
        const url = kind === 'session' ? '/api/uploads' : '/api/v1/lists';
        const res = await caller.call('GET', url);
        expect(res.statusCode, `${role} ${kind}`).toBe(200);
        expect(res.body).toContain(a.uploadIds[0]);
      }
    }
  });

  it('finds the downloads that take an API token (besides API v1)', () => {
    expect([...bearerRoutes]).toContain('GET /api/scrape-job/{id}/download-cleaned');
  });
});

describe("workspace B's data, as each person of workspace A", () => {
  it.each(ROLES.flatMap((role) => (['session', 'bearer'] as const).map((kind) => `${role} ${kind}`)))(
    '%s: shows none of it and answers 404 for its ids',
    async (name) => {
      const caller = callers.get(name)!;
      const problems: string[] = [];
      for (const route of walked().sort(byDeletionsLast)) {
        const { url, body, headers } = request(route, b);
        const res = await caller.call(route.method, url, body, headers);
        const seen = JSON.stringify(res.headers) + res.body;
        const leaked = bSecrets.filter((s) => seen.includes(s));
        if (leaked.length) problems.push(`${route.key}: ${res.statusCode} shows B's ${leaked.join(', ')}`);
        if (res.statusCode >= 200 && res.statusCode < 300 && route.addresses) {
          problems.push(`${route.key}: ${res.statusCode} for B's resource`);
        }
        // A credential the route does not take is no one: 401, whatever the id.
        if (!accepts(route, caller.kind)) {
          if (res.statusCode !== 401) problems.push(`${route.key}: ${res.statusCode}, expected 401`);
          continue;
        }
        if (route.addresses && res.statusCode !== 404 && !roleDenied(route, caller.role, res)) {
          problems.push(`${route.key}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );
});

describe("roles, on workspace A's own resources", () => {
  it('answers 403 below the least role of each permission and never from it up', async () => {
    const problems: string[] = [];
    const ranked = [...ROLES].reverse(); // member, admin, owner: refusals come before any change is made
    for (const route of walked().sort(byDeletionsLast)) {
      const permission = ROUTE_PERMISSIONS[route.key];
      for (const role of ranked) {
        const caller = callers.get(`${role} ${route.v1 ? 'bearer' : 'session'}`)!;
        const { url, body, headers } = request(route, a);
        const res = await caller.call(route.method, url, body, headers);
        const denied =
          res.statusCode === 403 && (res.json() as { permission?: string }).permission !== undefined;
        const expected = permission !== undefined && !can(role, permission);
        if (expected && !roleDenied(route, role, res)) {
          problems.push(`${route.key} as ${role}: ${res.statusCode}, expected 403 (${permission})`);
        }
        if (!expected && denied) {
          problems.push(`${route.key} as ${role}: 403 ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
