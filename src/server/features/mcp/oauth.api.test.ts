import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUser } from '../../../../tests/helpers/api';
import { callTool, connectMcp, listenOnLoopback } from '../../../../tests/helpers/mcp';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// OAuth 2.1 end to end with the SDK's own client and its auth helpers: discovery (RFC 9728, RFC 8414),
// dynamic registration (RFC 7591), the consent (through the web app's calls), PKCE S256, a tool call,
// rotating refresh tokens, revocation in Settings, and the 401 after it.

let t: TestApp;
let base: string;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ env: { API_RATE_LIMIT_PER_MINUTE: '100000' } });
  base = await listenOnLoopback(t.app);
  url = `${base}/mcp`;
});
afterAll(() => t.close());

/** An assistant's side of OAuth, kept in memory; it never opens a browser, it keeps the address. */
class MemoryProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  get redirectUrl() {
    return 'http://127.0.0.1:8976/callback';
  }
  get clientMetadata() {
    return {
      client_name: 'Test Assistant',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(u: URL) {
    this.authorizationUrl = u;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** Connects through the whole flow; `approve` is what the signed-in person answers on the consent page. */
async function connectWithOAuth(web: Awaited<ReturnType<typeof apiUser>>['web'], granted?: string[]) {
  const provider = new MemoryProvider();
  const first = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  await expect(new Client({ name: 'Test Assistant', version: '1' }).connect(first)).rejects.toThrow(
    /Unauthorized/,
  );
  const asked = provider.authorizationUrl;
  if (!asked) throw new Error('no authorization request');
  expect(asked.origin + asked.pathname).toBe(`${base}/oauth/authorize`);
  const params = Object.fromEntries(asked.searchParams);
  expect(params).toMatchObject({ response_type: 'code', code_challenge_method: 'S256', resource: url });
  // The browser opens the consent page at the server's own address (the Host the resource is named by).
  const host = { host: new URL(base).host };
  const view = await web.get(`/api/mcp/oauth/consent?${asked.searchParams}`, host);
  expect(view.statusCode, view.body).toBe(200);
  const answer = await web.post('/api/mcp/oauth/consent', { ...params, approve: true, granted }, host);
  expect(answer.statusCode, answer.body).toBe(200);
  const back = new URL(answer.json().redirectTo);
  expect(back.searchParams.get('state')).toBe(params.state ?? null);
  await first.finishAuth(back.searchParams.get('code') ?? '');
  const client = new Client({ name: 'Test Assistant', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
  return { provider, client, view: view.json() };
}

describe('MCP OAuth 2.1', () => {
  it('publishes the resource and authorization server metadata', async () => {
    const prm = await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(prm).toMatchObject({ resource: url, authorization_servers: [base] });
    const as = await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json();
    expect(as).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      registration_endpoint: `${base}/oauth/register`,
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
  });

  it('registers, asks consent naming client, workspace and scopes, calls a tool, then 401 once revoked', async () => {
    const u = await apiUser(t.app);
    const { client, view, provider } = await connectWithOAuth(u.web);
    expect(view.clientName).toBe('Test Assistant');
    expect(view.workspace.id).toBe(u.user.id);
    expect(view.scopes.map((s: { scope: string }) => s.scope)).toContain('verify');
    expect(provider.saved?.access_token.startsWith('vlo_')).toBe(true);
    const usage = await callTool(client, 'get_usage');
    expect(usage.isError, usage.text).toBe(false);

    const listed = (await u.web.get('/api/mcp/connections', { host: new URL(base).host })).json();
    expect(listed.serverUrl).toBe(url);
    expect(listed.connections).toHaveLength(1);
    expect(listed.connections[0]).toMatchObject({ clientName: 'Test Assistant' });
    expect(listed.connections[0].lastUsedAt).not.toBeNull();
    const log = (await u.web.get('/api/workspaces/current/activity?pageSize=20')).json();
    expect(log.entries[0].detail).toMatchObject({ tool: 'get_usage', client: 'Test Assistant' });

    const other = await apiUser(t.app);
    const id = listed.connections[0].id;
    expect((await other.web.request('DELETE', `/api/mcp/connections/${id}`)).statusCode).toBe(404);
    expect((await u.web.request('DELETE', `/api/mcp/connections/${id}`)).statusCode).toBe(200);
    const after = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${provider.saved?.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('resource_metadata=');
    expect((await u.web.get('/api/mcp/connections')).json().connections).toHaveLength(0);
  });

  it('rotates refresh tokens, and a refresh token used twice revokes the connection', async () => {
    const u = await apiUser(t.app);
    const { provider } = await connectWithOAuth(u.web);
    const clientId = provider.info?.client_id ?? '';
    const refresh = (token: string) =>
      fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: clientId }),
      });
    const first = await refresh(provider.saved?.refresh_token ?? '');
    expect(first.status).toBe(200);
    const next = await first.json();
    expect(next.refresh_token).not.toBe(provider.saved?.refresh_token);
    expect((await connectMcp(url, { token: next.access_token })).getServerVersion()?.name).toBe('verilead');
    const replay = await refresh(provider.saved?.refresh_token ?? '');
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe('invalid_grant');
    await expect(connectMcp(url, { token: next.access_token })).rejects.toThrow();
  });

  it('grants only the scopes left ticked, and access tokens expire (the client refreshes)', async () => {
    const u = await apiUser(t.app);
    // The consent screen asks for every scope the server has; the person leaves one ticked.
    const { client, provider } = await connectWithOAuth(u.web, ['lists:read']);
    expect(provider.saved?.scope).toBe('lists:read');
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(['export_list', 'get_list', 'get_list_results']);
    const refused = await callTool(client, 'get_usage');
    expect(refused.text).toMatch(/lacks the "usage" scope/);
    const expired = provider.saved?.access_token ?? '';
    t.clock.advance(61 * 60_000);
    await expect(connectMcp(url, { token: expired })).rejects.toThrow();
    // The SDK's client answers the 401 by using its refresh token, and goes on with the same scopes.
    const again = await client.listTools();
    expect(again.tools).toHaveLength(3);
    expect(provider.saved?.access_token).not.toBe(expired);
  });

  it('refuses requests it cannot trust: without PKCE, another redirect address or another resource', async () => {
    const u = await apiUser(t.app);
    const reg = await fetch(`${base}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Evil', redirect_uris: ['https://evil.example/cb'] }),
    });
    expect(reg.status).toBe(201);
    const { client_id } = await reg.json();
    const ask = {
      response_type: 'code',
      client_id,
      redirect_uri: 'https://evil.example/cb',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    };
    const q = (o: Record<string, string>) => new URLSearchParams(o).toString();
    expect((await u.web.get(`/api/mcp/oauth/consent?${q(ask)}`)).statusCode).toBe(200);
    expect(
      (await u.web.get(`/api/mcp/oauth/consent?${q({ ...ask, code_challenge_method: 'plain' })}`)).statusCode,
    ).toBe(400);
    expect(
      (await u.web.get(`/api/mcp/oauth/consent?${q({ ...ask, redirect_uri: 'https://other.example/cb' })}`))
        .statusCode,
    ).toBe(400);
    expect(
      (await u.web.get(`/api/mcp/oauth/consent?${q({ ...ask, resource: 'https://other.example/mcp' })}`))
        .statusCode,
    ).toBe(400);
    const bad = await fetch(`${base}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Plain', redirect_uris: ['http://evil.example/cb'] }),
    });
    expect(bad.status).toBe(400);
  });
});
