import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmartlead, startFakeSmartlead } from '../../../../tests/fakes/smartlead';
import { bearer } from '../../../../tests/helpers/api';
import { TestClient } from '../../../../tests/helpers/client';
import {
  type OlderDatabase,
  openOlderDatabase,
  WORKSPACES_RELEASE,
} from '../../../../tests/helpers/older-schema';
import { newApiKey, TEST_ENCRYPTION_KEY } from '../../../../tests/helpers/smartlead';
import { type LegacyAccount, seedLegacyAccount } from '../../../../tests/helpers/tenant-data';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { encryptSecret } from '../../platform/crypto/secret-box';
import type { RawRunner } from '../../platform/db/client';
import { migrate } from '../../platform/db/migrate';
import { SESSION_COOKIE } from '../auth/sessions';

// Upgrading a database of the release before workspaces (every migration before 0800, with two
// accounts' data of every kind written as that release stored it) to the current schema: nothing is
// lost, every row belongs to its owner's personal workspace, sessions and tokens keep working, and the
// app serves each account its own data and answers 404 for the other's.

// Tables whose rows belong to a workspace after the upgrade (they belonged to a user before).
const TENANT_TABLES = [
  'uploads',
  'smartlead_settings',
  'smartlead_campaigns',
  'smartlead_campaign_leads',
  'email_templates',
  'scrape_jobs',
  'scrape_profiles',
  'billing_customers',
  'subscriptions',
  'usage_counters',
  'api_idempotency_keys',
  'webhook_endpoints',
  'webhook_deliveries',
  'api_tokens',
];

let older: OlderDatabase;
let fake: FakeSmartlead;
const smartleadKeys = new Map<string, string>();
let t: TestApp;
let alice: LegacyAccount;
let bob: LegacyAccount;
let applied: string[];
const before = new Map<string, { columns: string[]; rows: number; digest: string }>();
const after = new Map<string, { rows: number; digest: string }>();
const ownersBefore = new Map<string, Record<string, number>>();

const columnsOf = async (q: RawRunner, table: string) =>
  (
    await q.query<{ c: string }>(
      `SELECT column_name AS c FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
      [table],
    )
  ).map((r) => r.c);

/** Row count and a digest of every row's text over the given columns (order-independent). */
async function fingerprint(q: RawRunner, table: string, columns: string[]) {
  const cols = columns.map((c) => `"${c}"`).join(', ');
  const [r] = await q.query<{ n: number; digest: string }>(
    `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS digest
     FROM (SELECT ${cols} FROM "${table}") x`,
  );
  return { rows: r.n, digest: r.digest };
}

async function rowsPerOwner(q: RawRunner, table: string, column: string) {
  const rows = await q.query<{ owner: string; n: number }>(
    `SELECT ${column}::text AS owner, count(*)::int AS n FROM ${table} GROUP BY 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.owner, r.n]));
}

beforeAll(async () => {
  older = await openOlderDatabase({ before: WORKSPACES_RELEASE, url: process.env.TEST_DATABASE_URL });
  const q = older.database.raw;
  fake = await startFakeSmartlead();
  // The Smartlead key as that release sealed it: bound to the account's id.
  const sealSmartleadKey = (userId: string) => {
    const key = newApiKey();
    smartleadKeys.set(userId, key);
    fake.apiKeys.add(key);
    return encryptSecret({
      config: { ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, dataDir: '' },
      plaintext: key,
      context: `smartlead-api-key:${userId}`,
    });
  };
  alice = await seedLegacyAccount(q, { username: 'alice_legacy', uploads: 2, sealSmartleadKey });
  bob = await seedLegacyAccount(q, {
    username: 'bob_legacy',
    uploads: 1,
    plan: 'professional',
    sealSmartleadKey,
  });

  const tables = (
    await q.query<{ t: string }>(
      `SELECT table_name AS t FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations'`,
    )
  ).map((r) => r.t);
  for (const table of tables) {
    const columns = await columnsOf(q, table);
    before.set(table, { columns, ...(await fingerprint(q, table, columns)) });
  }
  for (const table of TENANT_TABLES) ownersBefore.set(table, await rowsPerOwner(q, table, 'user_id'));

  applied = await migrate(older.database);

  for (const [table, { columns }] of before) {
    // The one change a row may see: its owner column renamed from user_id to workspace_id.
    const now = await columnsOf(q, table);
    const mapped = columns.map((c) => (c === 'user_id' && !now.includes(c) ? 'workspace_id' : c));
    after.set(table, await fingerprint(q, table, mapped));
  }
  t = await createTestApp({
    database: older.database,
    env: {
      STRIPE_PRICE_WHITELABEL: 'price_whitelabel',
      STRIPE_PRICE_PROFESSIONAL: 'price_professional',
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      SMARTLEAD_API_URL: fake.url,
    },
  });
});

afterAll(async () => {
  await t?.close();
  await older?.dispose();
  await fake?.close();
});

describe('upgrading a database of the release before workspaces', () => {
  it('applies the workspaces release and every migration after it', () => {
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.every((name) => name >= WORKSPACES_RELEASE)).toBe(true);
    expect(applied[0]).toMatch(/^0800_/);
  });

  it('gives every account a personal workspace with its own id, owned by it, on its plan and trial', async () => {
    const rows = await t.database.raw.query<Record<string, unknown>>(
      `SELECT w.id::text, w.name, w.plan, w.trial_ends_at = u.trial_ends_at AS same_trial, m.role,
              m.user_id::text AS member
       FROM users u JOIN workspaces w ON w.id = u.id JOIN workspace_members m ON m.workspace_id = w.id
       ORDER BY w.name`,
    );
    expect(rows).toEqual([
      {
        id: alice.id,
        name: 'alice_legacy',
        plan: 'whitelabel',
        same_trial: true,
        role: 'owner',
        member: alice.id,
      },
      {
        id: bob.id,
        name: 'bob_legacy',
        plan: 'professional',
        same_trial: true,
        role: 'owner',
        member: bob.id,
      },
    ]);
  });

  it('keeps every row of every table, unchanged but for the owner column', () => {
    expect(before.get('upload_results')?.rows).toBe(15);
    const lost = [...before].filter(([table, b]) => {
      const a = after.get(table);
      return a?.rows !== b.rows || a.digest !== b.digest;
    });
    expect(lost.map(([table]) => table)).toEqual([]);
  });

  it("moves every account's rows into its workspace, each tenant column a reference to workspaces", async () => {
    const q = t.database.raw;
    for (const table of TENANT_TABLES) {
      const owners = ownersBefore.get(table);
      expect(Object.keys(owners ?? {}).sort(), table).toEqual([alice.id, bob.id].sort());
      expect(await rowsPerOwner(q, table, 'workspace_id'), table).toEqual(owners);
      const [fk] = await q.query<{ target: string }>(
        `SELECT con.confrelid::regclass::text AS target
         FROM pg_constraint con JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = ANY (con.conkey)
         WHERE con.conrelid = $1::regclass AND con.contype = 'f' AND a.attname = 'workspace_id'`,
        [table],
      );
      expect(fk?.target, table).toBe('workspaces');
    }
    // Tokens still name the person who made them.
    expect(await rowsPerOwner(q, 'api_tokens', 'user_id')).toEqual({ [alice.id]: 1, [bob.id]: 1 });
  });

  it('keeps sessions signed in, in the personal workspace', async () => {
    for (const account of [alice, bob]) {
      const c = signedIn(account);
      const me = await c.get('/api/user');
      expect(me.statusCode).toBe(200);
      expect(me.json().id).toBe(account.id);
      expect((await c.get('/api/workspaces/current')).json()).toMatchObject({
        id: account.id,
        role: 'owner',
        personal: true,
      });
    }
  });

  it("opens each account's sealed Smartlead key in its workspace", async () => {
    for (const account of [alice, bob]) {
      const res = await signedIn(account).post('/api/smartlead/test');
      expect(res.statusCode, res.body).toBe(200);
    }
    expect([...fake.counters.keysSeen].sort()).toEqual([...smartleadKeys.values()].sort());
  });

  // Each account's own resource answers 200 and carries its data; the other account's answers 404.
  const owned: { url: (a: LegacyAccount) => string; shows: (a: LegacyAccount) => string }[] = [
    { url: (a) => `/api/upload/${a.uploadIds[0]}/status`, shows: (a) => `${a.username}-list-0.csv` },
    { url: (a) => `/api/upload/${a.uploadIds[0]}/results`, shows: (a) => `${a.username}.0.4@example.com` },
    { url: (a) => `/api/upload/${a.uploadIds[0]}/breakdown`, shows: () => '"accepted"' },
    {
      url: (a) => `/api/upload/${a.uploadIds[0]}/export?type=all`,
      shows: (a) => `${a.username}.0.0@example.com`,
    },
    { url: (a) => `/api/email-templates/${a.templateId}`, shows: (a) => `${a.username} template` },
    { url: (a) => `/api/smartlead/sends/${a.campaignId}`, shows: () => '"completed"' },
    { url: (a) => `/api/webhooks/${a.webhookId}/deliveries`, shows: () => 'list.completed' },
  ];
  // Lists answer 200 with the account's own rows only.
  const lists: { url: string; shows: (a: LegacyAccount) => string[] }[] = [
    { url: '/api/uploads', shows: (a) => a.uploadIds },
    { url: '/api/email-templates', shows: (a) => [a.templateId] },
    { url: '/api/scrape-jobs', shows: (a) => [a.scrapeJobId, `${a.username}.ig@example.com`] },
    { url: '/api/webhooks', shows: (a) => [a.webhookId] },
    { url: '/api/api-tokens', shows: (a) => [a.tokenId] },
  ];

  it("serves each account its own data and answers 404 for the other's", async () => {
    for (const [me, other] of [
      [alice, bob],
      [bob, alice],
    ]) {
      const c = signedIn(me);
      for (const r of owned) {
        const mine = await c.get(r.url(me));
        expect(mine.statusCode, r.url(me)).toBe(200);
        expect(mine.body, r.url(me)).toContain(r.shows(me));
        const theirs = await c.get(r.url(other));
        expect(theirs.statusCode, r.url(other)).toBe(404);
        expect(theirs.body).not.toContain(r.shows(other));
      }
      for (const l of lists) {
        const res = await c.get(l.url);
        expect(res.statusCode, l.url).toBe(200);
        for (const s of l.shows(me)) expect(res.body, l.url).toContain(s);
        for (const s of l.shows(other)) expect(res.body, l.url).not.toContain(s);
      }
    }
  });

  it("keeps API tokens and subscriptions: the White Label workspace's token lists its own lists only", async () => {
    const api = bearer(t.app, alice.apiToken);
    const res = await api.get('/api/v1/lists');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((l: { id: string }) => l.id)
        .sort(),
    ).toEqual([...alice.uploadIds].sort());
    expect((await api.get(`/api/v1/lists/${bob.uploadIds[0]}`)).statusCode).toBe(404);
    expect((await api.get(`/api/v1/lists/${bob.uploadIds[0]}/export`)).statusCode).toBe(404);
    // Bob's token is still known (not 401); his paid Professional subscription has no API access.
    const theirs = await bearer(t.app, bob.apiToken).get('/api/v1/lists');
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toMatchObject({ plan: 'professional', upgradePlan: 'whitelabel' });
  });
});

function signedIn(account: LegacyAccount) {
  const c = new TestClient(t.app);
  c.cookies.set(SESSION_COOKIE, account.session);
  return c;
}
