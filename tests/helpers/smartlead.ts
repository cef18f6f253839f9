import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createUploadFromRows } from '../../src/server/features/lists/create';
import { writeStep1, writeStep2 } from '../../src/server/features/lists/results-write';
import { runSend } from '../../src/server/features/smartlead/sends/send';
import type { Db } from '../../src/server/platform/db/client';
import { type FakeSmartlead, type FakeSmartleadOptions, startFakeSmartlead } from '../fakes/smartlead';
import { TestClient } from './client';
import { createTestApp, type TestApp } from './test-app';

// Shared by this feature's API suites (not a test file itself).

export const TEST_ENCRYPTION_KEY = randomBytes(32).toString('base64');

/** A TestClient that keeps every response (body and headers), so a suite can scan them all for the key. */
export class RecordingClient extends TestClient {
  static transcript: string[] = [];
  constructor(app: FastifyInstance) {
    super(app);
  }
  override async request(...args: Parameters<TestClient['request']>) {
    const res = await super.request(...args);
    RecordingClient.transcript.push(JSON.stringify(res.headers), res.body);
    return res;
  }
}

/**
 * The app on a fake Smartlead of its own. The app's waits (Retry-After, back-off) are skipped in tests,
 * so its limiter's clock runs ahead of the fake's real-time window: the fake's own limit is lifted unless
 * `fake` says otherwise (the client's pacing is client.test.ts's and fleet-rate's business).
 */
export async function startSmartleadApp(
  opts: { fake?: FakeSmartleadOptions; env?: Record<string, string> } = {},
): Promise<{ t: TestApp; fake: FakeSmartlead }> {
  const fake = await startFakeSmartlead(opts.fake ?? { rateLimit: { limit: 1_000, windowMs: 1_000 } });
  const t = await createTestApp({
    env: { SMARTLEAD_API_URL: fake.url, ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, ...opts.env },
  });
  return { t, fake };
}

export async function stopSmartleadApp(t: TestApp | undefined, fake: FakeSmartlead | undefined) {
  await t?.close();
  await fake?.close();
}

/** A new account whose workspace has saved a Smartlead key that the fake knows. */
export async function signUpWithKey(t: TestApp, fake: FakeSmartlead, Client: typeof TestClient = TestClient) {
  const c = new Client(t.app);
  const user = await c.register();
  const apiKey = newApiKey();
  fake.apiKeys.add(apiKey);
  expect((await c.post('/api/smartlead/settings', { apiKey })).statusCode).toBe(200);
  return { c, user, apiKey };
}

export const newApiKey = () => `sl_${randomBytes(18).toString('hex')}_${randomBytes(4).toString('hex')}`;

/**
 * Leads never verified in any workspace: a send of them is held to the bounce budget as risky rows
 * (decision 0221), so a send that is not about the budget passes `bounceBudget: 100` (no limit).
 */
export function leads(n: number, prefix = 'lead') {
  const tag = randomBytes(3).toString('hex');
  return Array.from({ length: n }, (_, i) => ({
    email: `${prefix}${i}.${tag}@example.com`,
    first_name: `First${i}`,
    last_name: 'Last Name',
    company_name: `Company ${i % 7}`,
  }));
}

type Lead = {
  email: string;
  first_name?: string;
  last_name?: string;
  company_name?: string;
  custom_fields?: Record<string, string>;
};

/**
 * A send's body as the send screen posts it (decision 0935): the leads become a verified list of the
 * workspace (valid rows, name and company as given) and the body names that list instead of the leads.
 * `includeRisky` follows the body's own choice.
 */
export async function namingList<B extends { emails: Lead[] }>(
  t: TestApp,
  workspaceId: string,
  body: B,
): Promise<Omit<B, 'emails'> & { uploadIds: string[] }> {
  const { emails, ...rest } = body;
  const uploadId = await seedVerifiedUpload({
    db: t.database.db,
    workspaceId,
    name: `send-${randomBytes(3).toString('hex')}.csv`,
    rows: emails.map((l) => ({
      email: l.email,
      name: `${l.first_name ?? ''} ${l.last_name ?? ''}`.trim(),
      company: l.company_name ?? '',
      valid: true,
      extra: l.custom_fields,
    })),
  });
  return { ...rest, uploadIds: [uploadId] };
}

/** Works a send's job now, as the worker would (the background retry policy's back-off not waited for). */
export const workSend = (t: TestApp, campaignId: string) =>
  runSend({ db: t.database.db, config: t.config, clock: t.clock, campaignId, sleep: async () => {} });

export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A verified upload made through the lists feature's own functions: rows stored by createUploadFromRows,
 * then step 1 and step 2 verdicts written by writeStep1/writeStep2 (as the verification runner does).
 */
export async function seedVerifiedUpload(opts: {
  db: Db;
  workspaceId: string;
  name: string;
  /** `verdict` overrides `valid`: catch_all and role rows end risky (step 2 and step 1 respectively). */
  rows: {
    email: string;
    name: string;
    company: string;
    valid: boolean;
    verdict?: 'catch_all' | 'role';
    extra?: Record<string, string>;
  }[];
}): Promise<string> {
  const extraHeaders = [...new Set(opts.rows.flatMap((r) => Object.keys(r.extra ?? {})))];
  const { uploadId } = await createUploadFromRows({
    db: opts.db,
    workspaceId: opts.workspaceId,
    name: opts.name,
    headers: ['email', 'name', 'company', ...extraHeaders],
    rows: opts.rows.map((r) => [r.email, r.name, r.company, ...extraHeaders.map((h) => r.extra?.[h] ?? '')]),
    emailColumn: 'email',
  });
  const now = new Date();
  // Verdicts are written by a run (a stopped or finished upload takes no more): one, briefly.
  await opts.db.execute(sql`UPDATE uploads SET status = 'processing' WHERE id = ${uploadId}`);
  const base = { role: false, free: false, disposable: false, suggestion: null, mxHost: 'mx.example.com' };
  await writeStep1({
    db: opts.db,
    uploadId,
    now,
    items: opts.rows.map((r, rowIndex) => ({
      rowIndex,
      result: (r.verdict === 'role'
        ? { ...base, role: true, status: 'risky', reason: 'role' }
        : { ...base, status: r.valid ? 'valid' : 'invalid', reason: r.valid ? null : 'no_mx' }) as never,
    })),
  });
  await writeStep2({
    db: opts.db,
    uploadId,
    now,
    items: opts.rows.flatMap((r, rowIndex) =>
      r.valid && r.verdict !== 'role'
        ? [
            {
              rowIndex,
              result: {
                ...base,
                status: r.verdict === 'catch_all' ? 'risky' : 'valid',
                reason: r.verdict === 'catch_all' ? 'catch_all' : 'accepted',
                smtpCode: 250,
                smtpMessage: 'OK',
                decidedBy: 'smtp',
                attempts: 1,
              } as never,
            },
          ]
        : [],
    ),
  });
  await opts.db.execute(sql`UPDATE uploads SET status = 'completed' WHERE id = ${uploadId}`);
  return uploadId;
}
