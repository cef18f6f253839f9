import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callTool, connectMcp } from '../helpers/mcp';
import { checkA11y, screenshot } from './axe';
import { apiPost, chromiumAvailable, completeOnboardingViaApi, useE2E } from './harness';

// An assistant connects with OAuth through the consent screen in Chromium (registration, consent, code
// with PKCE, token, a tool call), then the person revokes it in Settings → AI assistants, and the
// assistant's token answers 401 (decision 0880).
describe.skipIf(!chromiumAvailable())('AI assistants (MCP)', () => {
  const e2e = useE2E();

  it('connects an assistant through the consent screen, then revokes it in Settings', async () => {
    const base = e2e.server.baseUrl;
    // bypassCSP: axe is injected as a script tag.
    const page = await e2e.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const name = `mcp${Date.now().toString(36)}`;
    const made = await apiPost(page, '/api/apply', {
      username: name,
      email: `${name}@example.com`,
      password: 'correct-horse-42',
      plan: 'whitelabel',
    });
    expect(made.status()).toBe(201);
    await completeOnboardingViaApi(page, {
      businessType: 'agency',
      targetAudience: 'B2B Decision Makers',
      primaryGoal: 'outreach',
      experienceLevel: 'beginner',
    });

    // The assistant registers itself (RFC 7591) and sends the person to the consent page with PKCE.
    const redirect = 'http://127.0.0.1:9/callback';
    const reg = await fetch(`${base}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Journey Assistant', redirect_uris: [redirect] }),
    });
    expect(reg.status).toBe(201);
    const { client_id } = await reg.json();
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const ask = new URLSearchParams({
      response_type: 'code',
      client_id,
      redirect_uri: redirect,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'xyz',
      resource: `${base}/mcp`,
    });
    // Nothing listens at the assistant's address: the browser's visit there is caught instead.
    let returned: URL | null = null;
    await page.route(`${redirect}**`, async (route) => {
      returned = new URL(route.request().url());
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<title>Back</title><h1>Back</h1>',
      });
    });
    await page.goto(`/oauth/authorize?${ask}`);
    await page.getByText('Journey Assistant wants to use Verilead').waitFor();
    expect(await page.getByTestId('consent-workspace').textContent()).toBeTruthy();
    await checkA11y(page, 'mcp consent');
    await screenshot(page, 'mcp-consent');
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect.poll(() => returned?.searchParams.get('state') ?? null).toBe('xyz');
    const code = (returned as URL | null)?.searchParams.get('code') ?? '';

    const tokenRes = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        client_id,
        redirect_uri: redirect,
        resource: `${base}/mcp`,
      }),
    });
    expect(tokenRes.status).toBe(200);
    const tokens = await tokenRes.json();
    const client = await connectMcp(`${base}/mcp`, { token: tokens.access_token, name: 'Journey Assistant' });
    expect((await callTool(client, 'get_usage')).isError).toBe(false);
    await client.close();

    // Settings → AI assistants, from the user menu: the connection, then Revoke.
    await page.goto('/');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'AI assistants' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/ai-assistants');
    await page.getByRole('heading', { name: 'AI assistants', level: 1 }).waitFor();
    expect(await page.getByTestId('mcp-server-url').textContent()).toBe(`${base}/mcp`);
    const row = page.getByTestId('mcp-connection');
    await row.getByText('Journey Assistant').waitFor();
    await checkA11y(page, 'ai assistants, one connected');
    await screenshot(page, 'mcp-settings');
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('No assistant is connected yet.').waitFor();

    const after = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain(`resource_metadata="${base}/.well-known/`);

    // A token for an assistant, with what it may do (Smartlead unticked), filled into the configurations.
    await page.getByRole('checkbox', { name: /smartlead/ }).click();
    await page.getByRole('button', { name: /Create a token for an assistant/ }).click();
    await expect.poll(() => page.getByTestId('config-claude-desktop').textContent()).toMatch(/Bearer vl_/);
    await checkA11y(page, 'ai assistants, token in the configurations');
    const pasted = /Bearer (vl_[\w-]+)/.exec(
      (await page.getByTestId('config-claude-desktop').textContent()) ?? '',
    );
    const assistant = await connectMcp(`${base}/mcp`, {
      token: pasted?.[1] ?? '',
      name: 'Desktop Assistant',
    });
    const tools = (await assistant.listTools()).tools.map((t) => t.name);
    expect(tools).toContain('get_usage');
    expect(tools).not.toContain('send_to_smartlead');
    await assistant.close();
  });
});
