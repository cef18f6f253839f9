import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDns, type FakeDnsEntry, startFakeDns } from '../../../../tests/fakes/dns';
import { TestClient, uniqueName } from '../../../../tests/helpers/client';
import { multipartBody } from '../../../../tests/helpers/lists';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';

// Branding and custom domains: the White Label gate, validation, the logo, TXT verification against the
// fake DNS server, and which branding a request sees (by Host, by workspace, or the default).

let t: TestApp;
let dns: FakeDns;
/** TXT answers per name, changed by the tests; `down` makes the server stop answering. */
const zone = new Map<string, FakeDnsEntry>();
let down = false;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);

beforeAll(async () => {
  dns = await startFakeDns({ resolve: (name) => (down ? 'TIMEOUT' : zone.get(name)) });
  t = await createTestApp({
    env: {
      DNS_SERVERS: dns.server,
      DNS_TIMEOUT_MS: '300',
      DNS_TRIES: '1',
      PUBLIC_URL: 'https://app.verilead.test',
      TRUST_PROXY: 'true',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const domainName = () => `${uniqueName('brand')}.example.test`;

async function whiteLabel() {
  const c = new TestClient(t.app);
  const me = await c.register({ plan: 'whitelabel' });
  return { c, me };
}
const uploadLogo = (c: TestClient, bytes: Buffer, name = 'logo.png') => {
  const { payload, headers } = multipartBody(name, bytes, 'logo');
  return c.request('POST', '/api/branding/logo', payload, headers);
};
const put = (c: TestClient, url: string, body: unknown) => c.request('PUT', url, body);

describe('branding settings', () => {
  it('are White Label only: elsewhere a 402 naming the plan and the upgrade path, nothing saved', async () => {
    const c = new TestClient(t.app);
    await c.register({ plan: 'professional' });
    const res = await put(c, '/api/branding', { productName: 'Acme Leads' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'payment_required',
      upgradeUrl: '/subscribe?plan=whitelabel',
      message: expect.stringContaining('White Label plan'),
    });
    expect((await put(c, '/api/branding/domain', { domain: domainName() })).statusCode).toBe(402);
    expect((await uploadLogo(c, PNG)).statusCode).toBe(402);
    const view = (await c.get('/api/branding')).json();
    expect(view).toMatchObject({
      productName: null,
      allowed: false,
      upgradeUrl: '/subscribe?plan=whitelabel',
    });
    expect(view.notice).toContain('Professional');
  });

  it('saves name, colour and support email during a White Label trial, and the signed-in app shows them', async () => {
    const { c } = await whiteLabel();
    const res = await put(c, '/api/branding', {
      productName: '  Acme Leads ',
      primaryColor: '#1A73E8',
      supportEmail: 'help@acme.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      productName: 'Acme Leads',
      primaryColor: '#1a73e8',
      supportEmail: 'help@acme.test',
      allowed: true,
      canManage: true,
      notice: null,
    });
    expect((await c.get('/api/branding/public')).json()).toEqual({
      productName: 'Acme Leads',
      primaryColor: '#1a73e8',
      supportEmail: 'help@acme.test',
      logoUrl: null,
      source: 'workspace',
    });
  });

  it('refuses a bad colour, a long name and a bad support email with the reason', async () => {
    const { c } = await whiteLabel();
    for (const [body, text] of [
      [{ primaryColor: 'blue' }, 'hex colour'],
      [{ primaryColor: '#12345' }, 'hex colour'],
      [{ primaryColor: '#1a73e8;}body{' }, 'hex colour'],
      [{ productName: 'x'.repeat(61) }, '60'],
      [{ productName: 'Acme<script>' }, 'may not contain'],
      [{ supportEmail: 'not an email' }, 'email address'],
    ] as const) {
      const res = await put(c, '/api/branding', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(text);
    }
    expect((await c.get('/api/branding')).json().primaryColor).toBeNull();
  });

  it('needs the branding:manage permission: a member sees the settings but cannot change them', async () => {
    const { c: owner, me } = await whiteLabel();
    await put(owner, '/api/branding', { productName: 'Team Brand' });
    const member = new TestClient(t.app);
    const m = await member.register({ plan: 'whitelabel' });
    await t.database.raw.query(
      'INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)',
      [me.id, m.id, 'member'],
    );
    await member.post('/api/workspaces/switch', { workspaceId: me.id });
    const view = (await member.get('/api/branding')).json();
    expect(view).toMatchObject({ productName: 'Team Brand', canManage: false });
    expect(view.notice).toContain('admin or the owner');
    const res = await put(member, '/api/branding', { productName: 'Mine' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect((await member.request('DELETE', '/api/branding/domain')).statusCode).toBe(403);
  });

  it("never shows another workspace's settings", async () => {
    const { c: alice } = await whiteLabel();
    await put(alice, '/api/branding', { productName: 'Alice Co', primaryColor: '#aa0000' });
    const { c: bob } = await whiteLabel();
    expect((await bob.get('/api/branding')).json()).toMatchObject({ productName: null, primaryColor: null });
    expect((await bob.get('/api/branding/public')).json()).toMatchObject({
      productName: 'Verilead',
      source: 'default',
    });
    expect((await new TestClient(t.app).get('/api/branding')).statusCode).toBe(401);
  });

  it('stops applying when the workspace leaves White Label or its trial ends (settings kept)', async () => {
    const { c, me } = await whiteLabel();
    await put(c, '/api/branding', { productName: 'Fading Brand' });
    expect((await c.get('/api/branding/public')).json().source).toBe('workspace');
    await t.database.raw.query(
      "UPDATE workspaces SET trial_ends_at = now() - interval '1 day' WHERE id = $1",
      [me.id],
    );
    expect((await c.get('/api/branding/public')).json()).toMatchObject({
      productName: 'Verilead',
      source: 'default',
    });
    const view = (await c.get('/api/branding')).json();
    expect(view).toMatchObject({ productName: 'Fading Brand', allowed: false });
    expect(view.notice).toContain('trial has ended');
    await t.database.raw.query(
      "UPDATE workspaces SET plan = 'professional', trial_ends_at = now() + interval '1 day' WHERE id = $1",
      [me.id],
    );
    expect((await c.get('/api/branding/public')).json().source).toBe('default');
  });
});

describe('product name elsewhere', () => {
  it("prefixes export file names with a White Label workspace's product name (only while applied)", async () => {
    const { c, me } = await whiteLabel();
    const { payload, headers } = multipartBody('Leads Q3.csv', 'email\nann@example.com\n');
    const upload = (await c.request('POST', '/api/upload', payload, headers)).json();
    const fileName = async () => {
      const res = await c.get(`/api/upload/${upload.uploadId}/export?type=all`);
      expect(res.statusCode).toBe(200);
      return String(res.headers['content-disposition']);
    };
    expect(await fileName()).toMatch(/filename="Leads Q3-all-\d{4}-\d\d-\d\d\.csv"/);
    await put(c, '/api/branding', { productName: 'Acme Leads' });
    expect(await fileName()).toMatch(/filename="Acme Leads-Leads Q3-all-/);
    await t.database.raw.query("UPDATE workspaces SET plan = 'hobbyist' WHERE id = $1", [me.id]);
    expect(await fileName()).toMatch(/filename="Leads Q3-all-/);
  });
});

describe('logo', () => {
  it('stores a PNG and serves it publicly with an ETag (304 when unchanged); removes it', async () => {
    const { c, me } = await whiteLabel();
    const res = await uploadLogo(c, PNG);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().logoUrl;
    expect(url).toMatch(new RegExp(`^/api/branding/logo/${me.id}\\?v=\\d+$`));
    const anon = new TestClient(t.app);
    const img = await anon.get(url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['cache-control']).toContain('public');
    // Probe finding 6: a shared cache would hand this answer's cookies to every visitor.
    expect(img.headers['set-cookie']).toBeUndefined();
    expect(img.rawPayload.equals(PNG)).toBe(true);
    const etag = String(img.headers.etag);
    const again = await new TestClient(t.app).get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers['set-cookie']).toBeUndefined();
    const removed = await c.request('DELETE', '/api/branding/logo');
    expect(removed.json().logoUrl).toBeNull();
    expect((await anon.get(url)).statusCode).toBe(404);
  });

  it('serves an SVG only under a sandboxing Content-Security-Policy', async () => {
    const { c } = await whiteLabel();
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const url = (await uploadLogo(c, svg, 'logo.svg')).json().logoUrl;
    const img = await c.get(url);
    expect(img.headers['content-type']).toBe('image/svg+xml');
    expect(img.headers['content-security-policy']).toContain('sandbox');
    expect(img.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('refuses a logo over 256 KB (413) and a file that is not an image (400)', async () => {
    const { c } = await whiteLabel();
    const huge = Buffer.concat([PNG, Buffer.alloc(300 * 1024)]);
    const big = await uploadLogo(c, huge);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toContain('256 KB');
    const html = await uploadLogo(c, Buffer.from('<html><script>alert(1)</script></html>'), 'logo.png');
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toContain('PNG, JPEG, WebP or SVG');
    expect((await c.get('/api/branding')).json().logoUrl).toBeNull();
  });
});

describe('custom domain', () => {
  it('refuses what is not a claimable host name: IP, localhost, no dot, our own host and below it', async () => {
    const { c } = await whiteLabel();
    for (const [domain, text] of [
      ['10.0.0.1', 'IP address'],
      ['[::1]', 'IP address'],
      ['localhost', 'localhost'],
      ['app.localhost', 'localhost'],
      ['intranet', 'with a dot'],
      ['bad_name.example.com', 'not a valid domain'],
      ['-x.example.com', 'not a valid domain'],
      // The one typed-domain rule (shared/public-domain.ts, decision 0910).
      ['db.corp.internal', 'not under a public domain suffix'],
      ['1.0.0.10.in-addr.arpa', 'reverse-DNS'],
      [`${'a'.repeat(64)}.example.com`, '63 characters'],
      ['co.uk', 'public suffix itself'],
      ['app.verilead.test', 'own address'],
      ['https://acme.app.verilead.test/path', 'own address'],
    ]) {
      const res = await put(c, '/api/branding/domain', { domain });
      expect(res.statusCode, domain).toBe(400);
      expect(res.json().message, domain).toContain(text);
    }
    expect((await c.get('/api/branding')).json().domain).toBeNull();
  });

  it('is pending with the exact TXT record until it is published; missing or wrong stays pending with why', async () => {
    const { c } = await whiteLabel();
    const domain = domainName();
    const claimed = await put(c, '/api/branding/domain', { domain: ` ${domain.toUpperCase()}. ` });
    expect(claimed.statusCode).toBe(200);
    const state = claimed.json().domain;
    expect(state).toMatchObject({
      domain,
      status: 'pending',
      txtName: `_verilead-challenge.${domain}`,
      txtValue: expect.stringMatching(/^verilead-verify=[0-9a-f]{32}$/),
      verifiedAt: null,
    });

    const missing = await c.post('/api/branding/domain/check');
    expect(missing.json()).toMatchObject({ result: 'pending', domain: { status: 'pending' } });
    expect(missing.json().message).toContain(`No TXT record found at _verilead-challenge.${domain}`);
    expect(dns.count('TXT', state.txtName)).toBe(1);

    zone.set(state.txtName, { TXT: [['v=spf1 -all'], ['verilead-verify=0123456789abcdef0123456789abcdef']] });
    const wrong = (await c.post('/api/branding/domain/check')).json();
    expect(wrong.result).toBe('pending');
    expect(wrong.message).toContain('another token');
    expect((await c.get('/api/branding')).json().domain.reason).toContain('another token');

    // Published (split in two strings, as long TXT values sometimes are).
    const value: string = state.txtValue;
    zone.set(state.txtName, { TXT: [['v=spf1 -all'], [value.slice(0, 20), value.slice(20)]] });
    const ok = (await c.post('/api/branding/domain/check')).json();
    expect(ok).toMatchObject({ result: 'verified', domain: { status: 'verified', reason: null } });
    expect(ok.domain.verifiedAt).toEqual(expect.any(String));
  });

  it('says "could not check" when the DNS server does not answer, and changes nothing', async () => {
    const { c } = await whiteLabel();
    const domain = domainName();
    await put(c, '/api/branding/domain', { domain });
    down = true;
    try {
      const res = await c.post('/api/branding/domain/check');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ result: 'unknown', domain: { status: 'pending', checkedAt: null } });
      expect(res.json().message).toContain('Could not check');
      expect(res.json().message).not.toMatch(/fail/i);
    } finally {
      down = false;
    }
    zone.set(`_verilead-challenge.${domain}`, 'SERVFAIL');
    expect((await c.post('/api/branding/domain/check')).json().result).toBe('unknown');
  });

  it('is not blocked by a pending claim: the first to publish its record wins, the refusal names no one', async () => {
    const { c: squatter } = await whiteLabel();
    const { c: owner } = await whiteLabel();
    const { c: late } = await whiteLabel();
    const domain = domainName();
    // Probe finding 4: the squatter's unproven claim had blocked the owner forever with a 409.
    expect((await put(squatter, '/api/branding/domain', { domain })).statusCode).toBe(200);
    const mine = await put(owner, '/api/branding/domain', { domain });
    expect(mine.statusCode, mine.body).toBe(200);
    const state = mine.json().domain;
    zone.set(state.txtName, { TXT: [[state.txtValue]] });
    expect((await owner.post('/api/branding/domain/check')).json().result).toBe('verified');
    // The squatter's claim went with the proof; a new claim on a verified name is refused, not explained.
    expect((await squatter.get('/api/branding')).json().domain).toBeNull();
    const refused = await put(late, '/api/branding/domain', { domain });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `${domain} cannot be used for branding here. Choose another host name, or write to support if it is yours.`,
    );
    expect(refused.json().message).not.toMatch(/claim|another workspace|taken/i);
    // Released, another may claim it.
    expect((await owner.request('DELETE', '/api/branding/domain')).json().domain).toBeNull();
    expect((await put(late, '/api/branding/domain', { domain })).statusCode).toBe(200);
  });

  it('lapses when not verified within DOMAIN_CLAIM_TTL_HOURS (72 by default)', async () => {
    const { c } = await whiteLabel();
    const domain = domainName();
    expect((await put(c, '/api/branding/domain', { domain })).statusCode).toBe(200);
    t.clock.advance(71 * 3_600_000);
    expect((await c.get('/api/branding')).json().domain).toMatchObject({ domain, status: 'pending' });
    t.clock.advance(2 * 3_600_000);
    const lapsed = await c.post('/api/branding/domain/check');
    expect(lapsed.statusCode).toBe(410);
    expect(lapsed.json().message).toContain('lapsed');
    expect((await c.get('/api/branding')).json().domain).toBeNull();
    expect((await put(c, '/api/branding/domain', { domain })).json().domain.status).toBe('pending');
  });
});

describe('branding by host', () => {
  async function verifiedBrand(productName: string) {
    const { c, me } = await whiteLabel();
    await put(c, '/api/branding', { productName, primaryColor: '#0f766e' });
    const domain = domainName();
    const state = (await put(c, '/api/branding/domain', { domain })).json().domain;
    return {
      c,
      me,
      domain,
      verify: async () => {
        zone.set(state.txtName, { TXT: [[state.txtValue]] });
        expect((await c.post('/api/branding/domain/check')).json().result).toBe('verified');
      },
    };
  }

  it('shows a custom domain’s branding to anyone arriving on it, only once verified', async () => {
    const brand = await verifiedBrand('Host Brand');
    const visitor = new TestClient(t.app);
    const onHost = () => visitor.get('/api/branding/public', { host: `${brand.domain}:443` });
    expect((await onHost()).json()).toMatchObject({ productName: 'Verilead', source: 'default' });
    await brand.verify();
    expect((await onHost()).json()).toMatchObject({
      productName: 'Host Brand',
      primaryColor: '#0f766e',
      source: 'domain',
    });
    // Behind a proxy (TRUST_PROXY): the forwarded host counts.
    const proxied = await visitor.get('/api/branding/public', {
      'x-forwarded-host': brand.domain.toUpperCase(),
    });
    expect(proxied.json().source).toBe('domain');
    // Not shown once the workspace's plan no longer includes branding.
    await t.database.raw.query("UPDATE workspaces SET plan = 'hobbyist' WHERE id = $1", [brand.me.id]);
    expect((await onHost()).json().source).toBe('default');
  });

  it('ignores X-Forwarded-Host without TRUST_PROXY', async () => {
    // Its own app (and database): the workspace and its verified domain are made there.
    const direct = await createTestApp({ env: { TRUST_PROXY: 'false' } });
    try {
      const me = await new TestClient(direct.app).register({ plan: 'whitelabel' });
      const domain = domainName();
      await direct.database.raw.query(
        `INSERT INTO workspace_branding (workspace_id, product_name, custom_domain, domain_token, domain_verified_at)
         VALUES ($1, 'Proxy Brand', $2, 'token', now())`,
        [me.id, domain],
      );
      const get = (headers: Record<string, string>) =>
        direct.app.inject({ url: '/api/branding/public', headers }).then((r) => r.json().productName);
      expect(await get({ 'x-forwarded-host': domain })).toBe('Verilead');
      expect(await get({ host: domain })).toBe('Proxy Brand');
    } finally {
      await direct.close();
    }
  });

  it('keeps sessions per host: the session cookie carries no Domain attribute', async () => {
    const c = new TestClient(t.app);
    const username = uniqueName();
    const res = await c.post(
      '/api/apply',
      { username, email: `${username}@example.com`, password: 'correct horse', plan: 'whitelabel' },
      { host: 'brand.example.test' },
    );
    expect(res.statusCode).toBe(201);
    const cookies = [res.headers['set-cookie']].flat().map(String);
    const session = cookies.find((h) => h.startsWith('vl_sid='));
    expect(session).toBeDefined();
    expect(session).not.toMatch(/domain=/i);
    for (const h of cookies) expect(h).not.toMatch(/domain=/i);
  });
});
