import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../../../../tests/fakes/smtp-world';
import { apiUser } from '../../../../tests/helpers/api';
import { callTool, connectMcp, listenOnLoopback } from '../../../../tests/helpers/mcp';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { assistantConfigs } from '../../../shared/mcp-configs';

// The MCP server through the SDK's own client over real HTTP: sign-in, the tool list, scopes, tenancy,
// bad input, and the verification tools against the loopback DNS and SMTP fakes.

let w: World;
let t: TestApp;
let base: string;
let url: string;
beforeAll(async () => {
  w = await startWorld(
    {
      'acme.test': { mailboxes: ['alice@acme.test', 'bob@acme.test'] },
      'paused.test': { mailboxes: ['dan@paused.test'] },
    },
    {
      'nodomain.test': 'NXDOMAIN',
    },
  );
  t = await createTestApp({
    work: true,
    env: {
      ...w.env(),
      SMTP_TIMEOUT_MS: '5000',
      DNS_TIMEOUT_MS: '1000',
      LISTS_LANES: '1',
      API_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  base = await listenOnLoopback(t.app);
  url = `${base}/mcp`;
});
afterAll(async () => {
  await t?.close();
  await w?.close();
});

const ALL_TOOLS = [
  'verify_email',
  'verify_emails',
  'start_list_verification',
  'get_list',
  'estimate_list',
  'get_list_results',
  'export_list',
  'find_email',
  'find_emails',
  'get_find',
  'get_find_results',
  'check_sending_domain',
  'list_sending_domains',
  'check_message_headers',
  'list_smartlead_campaigns',
  'send_to_smartlead',
  'add_suppression',
  'list_suppressions',
  'get_usage',
];

describe('MCP sign-in', () => {
  it('answers 401 with the resource metadata address without a valid token, and serves that document', async () => {
    for (const auth of [undefined, 'Bearer vl_nope']) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(auth ? { authorization: auth } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(
        `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource"`,
      );
    }
    const meta = await (await fetch(`${base}/.well-known/oauth-protected-resource`)).json();
    expect(meta.resource).toBe(url);
    expect(meta.authorization_servers).toEqual([base]);
    await expect(connectMcp(url, { token: 'vl_nope' })).rejects.toThrow();
  });

  it('initializes with an API token and lists every tool with its annotations and schemas', async () => {
    const u = await apiUser(t.app);
    const client = await connectMcp(url, { token: (await u.token()).token });
    expect(client.getServerVersion()?.name).toBe('verilead');
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual([...ALL_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description?.length, tool.name).toBeGreaterThan(60);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(Object.keys(tool.annotations ?? {})).toEqual(
        expect.arrayContaining(['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']),
      );
    }
    const send = tools.find((x) => x.name === 'send_to_smartlead');
    if (!send) throw new Error('send_to_smartlead is not listed');
    expect(send.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
    expect((send.inputSchema.properties as any).dryRun.default).toBe(true);
    expect(tools.find((x) => x.name === 'get_list')?.annotations).toMatchObject({ readOnlyHint: true });
    await client.close();
  });
});

describe('MCP scopes, tenancy and bad input', () => {
  it('hides the tools outside a narrow token, and a call to one anyway is a tool error naming the scope', async () => {
    const u = await apiUser(t.app);
    const client = await connectMcp(url, { token: (await u.token(['lists:read'])).token });
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(['export_list', 'get_list', 'get_list_results']);
    const res = await callTool(client, 'verify_email', { email: 'alice@acme.test' });
    expect(res.isError).toBe(true);
    expect(res.text).toMatch(/lacks the "verify" scope/);
    const uploads = await t.database.raw.query('SELECT id FROM uploads WHERE workspace_id = $1', [u.user.id]);
    expect(uploads).toHaveLength(0);
    await client.close();
  });

  it("never finds another workspace's list, and answers bad input as a tool error", async () => {
    const owner = await apiUser(t.app);
    const a = await connectMcp(url, { token: (await owner.token()).token });
    const started = await callTool(a, 'start_list_verification', { emails: ['alice@acme.test'] });
    expect(started.isError).toBe(false);
    const other = await apiUser(t.app);
    const b = await connectMcp(url, { token: (await other.token()).token });
    for (const [tool, args] of [
      ['get_list', { listId: started.data.id }],
      ['get_list_results', { listId: started.data.id }],
      ['export_list', { listId: started.data.id }],
    ] as const) {
      const res = await callTool(b, tool, args);
      expect(res.isError, tool).toBe(true);
      expect(res.text, tool).toMatch(/not found.*Check the id/i);
    }
    const bad = await callTool(b, 'verify_emails', { emails: Array(201).fill('x@acme.test') });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/200/);
    const missing = await callTool(b, 'start_list_verification', {});
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/emails or csv/);
    const notUuid = await callTool(b, 'get_find', { findId: 'nope' });
    expect(notUuid.isError).toBe(true);
    await a.close();
    await b.close();
  });
});

describe('MCP verification tools', () => {
  it('verifies one address and a few, starts lists from JSON and CSV, reads them, and records each call', async () => {
    const u = await apiUser(t.app);
    const client = await connectMcp(url, { token: (await u.token()).token, name: 'Claude Desktop' });
    const one = await callTool(client, 'verify_email', { email: 'alice@acme.test' });
    expect(one.isError).toBe(false);
    expect(one.data).toMatchObject({ status: 'done', result: { finalStatus: 'valid' } });
    expect(one.text).toMatch(/alice@acme.test: valid/);

    // The client asks for progress (a progress token): the wait reports rows checked as it goes.
    const progress: { progress: number; total?: number }[] = [];
    await client.callTool(
      { name: 'verify_emails', arguments: { emails: ['alice@acme.test', 'carol@acme.test'] } },
      undefined,
      { onprogress: (p) => void progress.push(p) },
    );
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0].total).toBe(2);
    const many = await callTool(client, 'verify_emails', {
      emails: ['bob@acme.test', 'nobody@acme.test', 'x@nodomain.test'],
    });
    expect(many.isError).toBe(false);
    expect(many.data.complete).toBe(true);
    const verdicts = Object.fromEntries(many.data.results.map((r: any) => [r.email.email, r.finalStatus]));
    expect(verdicts).toEqual({
      'bob@acme.test': 'valid',
      'nobody@acme.test': 'invalid',
      'x@nodomain.test': 'invalid',
    });

    const fromCsv = await callTool(client, 'start_list_verification', {
      name: 'Leads',
      csv: 'name,email\nAlice,alice@acme.test\nNobody,nobody@acme.test\n',
    });
    expect(fromCsv.isError).toBe(false);
    expect(fromCsv.data.counts.total).toBe(2);
    let list = fromCsv.data;
    for (let i = 0; i < 100 && list.status !== 'completed'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      list = (await callTool(client, 'get_list', { listId: list.id })).data;
    }
    expect(list).toMatchObject({ status: 'completed', counts: { valid: 1, invalid: 1 }, notice: null });
    const valid = await callTool(client, 'get_list_results', { listId: list.id, status: 'valid' });
    expect(valid.data.results.map((r: any) => r.email.email)).toEqual(['alice@acme.test']);
    const byReason = await callTool(client, 'get_list_results', {
      listId: list.id,
      reason: 'no_such_reason',
    });
    expect(byReason.data.results).toHaveLength(0);

    const link = await callTool(client, 'export_list', { listId: list.id, type: 'valid' });
    expect(link.isError).toBe(false);
    expect(link.data.url.startsWith(`${base}/api/mcp/exports/vlx_`)).toBe(true);
    const csv = await fetch(link.data.url);
    expect(csv.status).toBe(200);
    const body = await csv.text();
    expect(body).toContain('alice@acme.test');
    expect(body).not.toContain('nobody@acme.test');
    t.clock.advance(61 * 60_000);
    expect((await fetch(link.data.url)).status).toBe(404);

    const log = (await u.web.get('/api/workspaces/current/activity?pageSize=100')).json();
    const calls = log.entries.filter((e: any) => e.action === 'mcp.tool_called');
    expect(calls.map((e: any) => e.target)).toContain('verify_emails');
    expect(calls[0].detail).toMatchObject({ client: 'Claude Desktop', via: 'mcp' });
    await client.close();
  });
});

describe('MCP when verification is paused on our side', () => {
  it('answers a tool error saying so and what to do, and get_list shows the notice', async () => {
    const u = await apiUser(t.app);
    const client = await connectMcp(url, { token: (await u.token()).token });
    // The resolver claims every domain does not exist: our side is failing, not the addresses.
    w.dns.setMode('nxdomain');
    try {
      // Addresses and a domain no other test asked about: no cached answer stands in for the resolver.
      const res = await callTool(client, 'verify_emails', { emails: ['dan@paused.test', 'eve@paused.test'] });
      expect(res.isError, res.text).toBe(true);
      expect(res.text).toMatch(/paused because something on our side fails.*resumes by itself.*get_list/);
      const listId = /list ([0-9a-f-]{36})/.exec(res.text)?.[1];
      const list = await callTool(client, 'get_list', { listId });
      expect(list.data.notice).toMatchObject({ kind: 'dns' });
      expect(list.text).toMatch(/Paused on our side/);
    } finally {
      w.dns.setMode('normal');
    }
    await client.close();
  });
});

describe('the configurations Settings → AI assistants shows', () => {
  it('connect as they are pasted: Claude Desktop (through mcp-remote), Cursor and VS Code', async () => {
    const u = await apiUser(t.app);
    const { token } = await u.token();
    const shown = (await u.web.get('/api/mcp/connections', { host: new URL(base).host })).json();
    expect(shown.serverUrl).toBe(url);
    const configs = assistantConfigs(shown.serverUrl, token);
    const claude = JSON.parse(configs.find((c) => c.id === 'claude-desktop')?.text ?? '').mcpServers.verilead;
    // What mcp-remote does with its arguments: the server URL, then each --header "Name:value" with
    // ${VAR} taken from the env block.
    expect(claude.command).toBe('npx');
    const args: string[] = claude.args.slice(claude.args.indexOf('mcp-remote') + 1);
    const headers: Record<string, string> = {};
    for (let i = 1; i < args.length; i += 2) {
      expect(args[i]).toBe('--header');
      const [name, ...value] = args[i + 1].split(':');
      headers[name] = value.join(':').replace(/\$\{(\w+)\}/g, (_, v) => claude.env[v]);
    }
    const viaClaude = await connectMcp(args[0], { headers, name: 'Claude Desktop' });
    expect((await callTool(viaClaude, 'get_usage')).isError).toBe(false);
    await viaClaude.close();
    for (const id of ['cursor', 'vscode'] as const) {
      const cfg = JSON.parse(configs.find((c) => c.id === id)?.text ?? '');
      const server = (cfg.mcpServers ?? cfg.servers).verilead;
      const client = await connectMcp(server.url, { headers: server.headers, name: id });
      expect((await client.listTools()).tools.length, id).toBe(ALL_TOOLS.length);
      await client.close();
    }
  });
});
