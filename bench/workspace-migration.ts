// `npm run bench:workspace-migration`: the time the workspaces release's migrations (0800 onwards) take on
// a database of the previous release holding 250,000 result rows, on the embedded database (PGlite on
// disk, its own thread, as the server runs it) and on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL;
// the data goes to a schema of its own there, dropped afterwards).
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../src/server/platform/db/client';
import { migrate } from '../src/server/platform/db/migrate';
import { openOlderDatabase, WORKSPACES_RELEASE } from '../tests/helpers/older-schema';

const ROWS = Number(process.env.ROWS ?? 250_000);
const USERS = Number(process.env.USERS ?? 5);
const UPLOADS_PER_USER = Number(process.env.UPLOADS_PER_USER ?? 10);
const PER_UPLOAD = Math.ceil(ROWS / (USERS * UPLOADS_PER_USER));

// Tables that carry a tenant today, with a few rows each besides the lists (so every rename has rows).
const SEED = `
INSERT INTO users (username, email, password_hash, plan, trial_ends_at)
  SELECT 'bench' || g, 'bench' || g || '@example.com', 'x', 'professional', now() + interval '14 days'
  FROM generate_series(1, ${USERS}) g;
INSERT INTO uploads (user_id, original_name, headers, email_column, status, total, valid, invalid, risky,
    step1_count, step2_total, step2_count, completed_at)
  SELECT u.id, 'list-' || g || '.csv', '["email","name","company"]', 0, 'completed', ${PER_UPLOAD},
    ${PER_UPLOAD} - ${PER_UPLOAD} / 5, ${PER_UPLOAD} / 10, ${PER_UPLOAD} / 10, ${PER_UPLOAD}, ${PER_UPLOAD},
    ${PER_UPLOAD}, now()
  FROM users u, generate_series(1, ${UPLOADS_PER_USER}) g;
INSERT INTO upload_rows (upload_id, row_index, canon_index, email, name, company, data)
  SELECT up.id, g, g, 'p' || g || '@d' || (g % 997) || '.example.com', 'Name ' || g, 'Company ' || (g % 50),
    jsonb_build_array('p' || g || '@d' || (g % 997) || '.example.com', 'Name ' || g, 'Company ' || (g % 50))
  FROM uploads up, generate_series(0, ${PER_UPLOAD - 1}) g;
INSERT INTO upload_results (upload_id, row_index, status, reason, mx_host, verified_at, step2_status,
    smtp_code, step2_verified_at, final_status)
  SELECT up.id, g, 'valid', NULL, 'mx.d' || (g % 997) || '.example.com', now(), 'valid', 250, now(),
    CASE WHEN g % 10 = 0 THEN 'invalid' WHEN g % 10 = 1 THEN 'risky' ELSE 'valid' END
  FROM uploads up, generate_series(0, ${PER_UPLOAD - 1}) g;
INSERT INTO upload_batches (upload_id, batch_no, lo, hi, step1_done, step2_done)
  SELECT up.id, 0, 0, ${PER_UPLOAD}, true, true FROM uploads up;
INSERT INTO sessions (id_hash, user_id, expires_at) SELECT md5(u.id::text), u.id, now() + interval '1 day' FROM users u;
INSERT INTO api_tokens (user_id, name, token_hash) SELECT u.id, 'script', md5('t' || u.id) FROM users u;
INSERT INTO smartlead_settings (user_id, api_key_sealed) SELECT u.id, 'sealed' FROM users u;
INSERT INTO smartlead_campaigns (user_id, name, idempotency_key, state, total_leads, batch_count)
  SELECT u.id, 'Campaign', 'k' || u.id, 'completed', 100, 1 FROM users u;
INSERT INTO smartlead_campaign_leads (campaign_id, user_id, email)
  SELECT c.id, c.user_id, 'lead' || g || '@example.com' FROM smartlead_campaigns c, generate_series(1, 100) g;
INSERT INTO email_templates (user_id, name, steps) SELECT u.id, 'Template', '[]' FROM users u;
INSERT INTO scrape_jobs (user_id, status, mode, keywords, location, max_items, created_at)
  SELECT u.id, 'completed', 'keyword', '["coffee"]', 'Berlin', 10, now() FROM users u;
INSERT INTO scrape_profiles (job_id, user_id, position, username, profile)
  SELECT j.id, j.user_id, g, 'profile' || g, '{}' FROM scrape_jobs j, generate_series(1, 10) g;
INSERT INTO billing_customers (user_id, stripe_customer_id) SELECT u.id, 'cus_' || md5(u.id::text) FROM users u;
INSERT INTO subscriptions (id, user_id, stripe_customer_id, status, status_rank, source_created)
  SELECT 'sub_' || md5(u.id::text), u.id, 'cus_' || md5(u.id::text), 'active', 3, 1 FROM users u;
INSERT INTO usage_counters (user_id, month, kind, count, units)
  SELECT u.id, date_trunc('month', now())::date, 'verify', 10, ${ROWS} FROM users u;
INSERT INTO webhook_endpoints (user_id, url, events, secret_sealed, secret_hint)
  SELECT u.id, 'https://hooks.example.com/x', ARRAY['list.completed'], 'sealed', 'abcd' FROM users u;
INSERT INTO webhook_deliveries (endpoint_id, user_id, event_id, type, payload, status)
  SELECT w.id, w.user_id, 'evt' || g, 'list.completed', '{}', 'delivered' FROM webhook_endpoints w, generate_series(1, 20) g;
`;

const count = async (db: Database, table: string) =>
  Number((await db.raw.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`))[0].n);

async function run(label: string, open: () => Promise<{ database: Database; dispose(): Promise<void> }>) {
  const { database, dispose } = await open();
  try {
    const seedStarted = performance.now();
    await database.raw.exec(SEED);
    const seedS = (performance.now() - seedStarted) / 1000;
    const results = await count(database, 'upload_results');
    const rows = await count(database, 'upload_rows');
    const started = performance.now();
    const applied = await migrate(database);
    const s = (performance.now() - started) / 1000;
    const after = await count(database, 'upload_results');
    if (after !== results) throw new Error(`${label}: ${results} result rows before, ${after} after`);
    console.log(
      `${label.padEnd(10)} setup ${seedS.toFixed(1)} s (${results.toLocaleString('en')} results, ` +
        `${rows.toLocaleString('en')} rows, ${USERS} users) · migrations ${applied.join(', ')}: ` +
        `${s.toFixed(2)} s, ${Math.round(results / s).toLocaleString('en')} result rows/s`,
    );
  } finally {
    await database.close();
    await dispose();
  }
}

console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const dir = await mkdtemp(path.join(tmpdir(), 'verilead-bench-'));
try {
  await run('PGlite', () => openOlderDatabase({ before: WORKSPACES_RELEASE, pgliteDataDir: dir }));
} finally {
  await rm(dir, { recursive: true, force: true });
}
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (url) await run('PostgreSQL', () => openOlderDatabase({ before: WORKSPACES_RELEASE, url }));
else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
