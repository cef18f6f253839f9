import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createUploadFromRows } from '../../src/server/features/lists/create';
import { writeStep1, writeStep2 } from '../../src/server/features/lists/results-write';
import type { Db } from '../../src/server/platform/db/client';
import { TestClient } from './client';

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

export const newApiKey = () => `sl_${randomBytes(18).toString('hex')}_${randomBytes(4).toString('hex')}`;

export function leads(n: number, prefix = 'lead') {
  const tag = randomBytes(3).toString('hex');
  return Array.from({ length: n }, (_, i) => ({
    email: `${prefix}${i}.${tag}@example.com`,
    first_name: `First${i}`,
    last_name: 'Last Name',
    company_name: `Company ${i % 7}`,
  }));
}

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
