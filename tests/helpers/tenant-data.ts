import { randomUUID } from 'node:crypto';
import { randomToken, sha256 } from '../../src/server/platform/crypto/tokens';
import type { RawRunner } from '../../src/server/platform/db/client';
import { API_SCOPES } from '../../src/shared/api-tokens';

/** The ids of one tenant's data of every kind. */
export interface TenantData {
  uploadIds: string[];
  campaignId: string;
  scrapeJobId: string;
  templateId: string;
  webhookId: string;
  tokenId: string;
  apiToken: string;
  /** A finished bulk find (only on schemas with the finder: a workspace_id tenant column). */
  findJobId: string;
}

/** What one account of the previous release owns, as written by SQL at that release's schema. */
export interface LegacyAccount extends TenantData {
  id: string;
  username: string;
  session: string;
}

const profile = (username: string, email: string) => ({
  username,
  handle: `@${username}`,
  title: username,
  fullName: `Full ${username}`,
  name: `Full ${username}`,
  bio: 'Coffee roaster',
  biography: 'Coffee roaster',
  followersCount: 1200,
  followingCount: 80,
  postsCount: 42,
  website: 'https://example.com',
  isVerified: false,
  url: `https://www.instagram.com/${username}/`,
  instagramUrl: `https://www.instagram.com/${username}/`,
  email,
  emailSource: email ? 'bio' : '',
  emailScraped: Boolean(email),
  profileScraped: true,
  keyword: 'coffee',
});

const cleanedRow = (username: string, email: string) => ({
  cleanedFullName: `Full ${username}`,
  cleanedEmail: email,
  cleanedCompany: '',
  fullName: `Full ${username}`,
  email,
  username,
  followersCount: 1200,
  isComplete: Boolean(email),
});

/** A personal API token with every scope; `workspaceId` where tokens act in a workspace (0801 on). */
export async function insertApiToken(q: RawRunner, opts: { userId: string; workspaceId?: string }) {
  const id = randomUUID();
  const token = `vl_${randomToken()}`;
  const [cols, vals] = opts.workspaceId ? [', workspace_id', ', $4'] : ['', ''];
  await q.query(
    // Every scope: a route's tenancy is what is walked, not which scope a token was given.
    `INSERT INTO api_tokens (id, user_id, name, token_hash, scopes${cols}) VALUES ($1, $2, 'script', $3,
       $${opts.workspaceId ? 5 : 4}::text[]${vals})`,
    [
      id,
      opts.userId,
      sha256(token),
      ...(opts.workspaceId ? [opts.workspaceId] : []),
      `{${API_SCOPES.join(',')}}`,
    ],
  );
  return { id, token };
}

/**
 * One tenant's data of every kind, in plain SQL: lists with rows, results and batches, a Smartlead key,
 * a sent campaign with batches and leads, a template, a finished scrape job with profiles (one with an
 * email, cleaned for export), an API token, a webhook with a delivery, usage, a Stripe customer and
 * subscription (price `price_<plan>`) and an idempotency key. `tenantColumn` is the owner column of the
 * schema written to: `user_id` before the workspaces release, `workspace_id` after it. Every string
 * that names the data starts with `marker`, so a test can tell whose data a response shows.
 */
export async function seedTenantData(
  q: RawRunner,
  opts: {
    owner: string;
    marker: string;
    tenantColumn: 'user_id' | 'workspace_id';
    /** The API token's creator (defaults to the owner; tokens keep user_id beside workspace_id). */
    tokenUser?: string;
    plan?: string;
    uploads?: number;
    rowsPerUpload?: number;
    /** The Smartlead key as stored (sealed); a placeholder when the test never reads it. */
    smartleadKeySealed?: string;
  },
): Promise<TenantData> {
  const { owner, marker } = opts;
  const T = opts.tenantColumn;
  const uploadIds = Array.from({ length: opts.uploads ?? 2 }, () => randomUUID());
  const rows = opts.rowsPerUpload ?? 5;
  const [campaignId, scrapeJobId, templateId, webhookId] = Array.from({ length: 4 }, randomUUID);
  const run = (sql: string, params: unknown[] = []) => q.query(sql, params);

  const token = await insertApiToken(q, {
    userId: opts.tokenUser ?? owner,
    workspaceId: T === 'workspace_id' ? owner : undefined,
  });
  for (const [n, uploadId] of uploadIds.entries()) {
    await run(
      `INSERT INTO uploads (id, ${T}, original_name, file_size, headers, email_column, name_columns,
         company_column, status, total, valid, invalid, risky, step1_count, step2_total, step2_count,
         started_at, completed_at, uploaded_at)
       VALUES ($1, $2, $3, 120, '["email","name","company"]', 0, '[1]', 2, 'completed', $4, $4, 0, 0, $4, $4,
         $4, now(), now(), now() - make_interval(mins => $5))`,
      [uploadId, owner, `${marker}-list-${n}.csv`, rows, n],
    );
    await run(
      `INSERT INTO upload_rows (upload_id, row_index, canon_index, email, name, company, data)
       SELECT $1, g, g, $2 || g || '@example.com', 'Name ' || g, 'Company',
         jsonb_build_array($2 || g || '@example.com', 'Name ' || g, 'Company')
       FROM generate_series(0, $3 - 1) g`,
      [uploadId, `${marker}.${n}.`, rows],
    );
    await run(
      `INSERT INTO upload_results (upload_id, row_index, status, mx_host, verified_at, step2_status, smtp_code,
         step2_verified_at, final_status)
       SELECT $1, g, 'valid', 'mx.example.com', now(), 'valid', 250, now(), 'valid' FROM generate_series(0, $2 - 1) g`,
      [uploadId, rows],
    );
    await run(
      `INSERT INTO upload_batches (upload_id, batch_no, lo, hi, step1_done, step2_done) VALUES ($1, 0, 0, $2, true, true)`,
      [uploadId, rows],
    );
  }
  await run(`INSERT INTO smartlead_settings (${T}, api_key_sealed, account_email) VALUES ($1, $2, $3)`, [
    owner,
    opts.smartleadKeySealed ?? 'v1:sealed',
    `${marker}@example.com`,
  ]);
  await run(
    `INSERT INTO smartlead_campaigns (id, ${T}, name, idempotency_key, smartlead_id, state, total_leads,
       batch_count, batches_done, leads_processed, added_count, completed_at)
     VALUES ($1, $2, $3, $4, 4242, 'completed', 2, 1, 1, 2, 2, now())`,
    [campaignId, owner, `${marker} campaign`, randomUUID()],
  );
  await run(
    `INSERT INTO smartlead_send_batches (campaign_id, seq, leads, lead_count, state, upload_count, sent_at)
     VALUES ($1, 0, '[]', 2, 'sent', 2, now())`,
    [campaignId],
  );
  await run(
    `INSERT INTO smartlead_campaign_leads (campaign_id, ${T}, email) VALUES ($1, $2, $3), ($1, $2, $4)`,
    [campaignId, owner, `${marker}.lead0@example.com`, `${marker}.lead1@example.com`],
  );
  await run(
    `INSERT INTO email_templates (id, ${T}, name, steps) VALUES ($1, $2, $3,
       '[{"delayDays":0,"variants":[{"subject":"Hello","body":"Hi {{first_name}}"}]}]')`,
    [templateId, owner, `${marker} template`],
  );
  await run(
    `INSERT INTO scrape_jobs (id, ${T}, status, mode, keywords, location, max_items, completed_items,
       created_at, completed_at)
     VALUES ($1, $2, 'completed', 'keyword', '["coffee"]', 'Berlin', 10, 2, now(), now())`,
    [scrapeJobId, owner],
  );
  for (const [position, email] of ['', `${marker}.ig@example.com`].entries()) {
    const handle = `${marker}_ig${position}`;
    await run(
      `INSERT INTO scrape_profiles (job_id, ${T}, position, username, profile, email, profile_scraped, cleaned)
       VALUES ($1, $2, $3, $4, $5, $6, true, $7)`,
      [
        scrapeJobId,
        owner,
        position,
        handle,
        JSON.stringify(profile(handle, email)),
        email,
        JSON.stringify(cleanedRow(handle, email)),
      ],
    );
  }
  const findJobId = randomUUID();
  if (T === 'workspace_id') {
    await run(
      `INSERT INTO find_jobs (id, workspace_id, kind, name, status, total, done, found, created_at, finished_at)
       VALUES ($1, $2, 'bulk', $3, 'completed', 1, 1, 1, now(), now())`,
      [findJobId, owner, `${marker} find`],
    );
    await run(
      `INSERT INTO find_results (job_id, row_no, workspace_id, full_name, company, domain, email, status, score,
         pattern, evidence, finished_at)
       VALUES ($1, 1, $2, $3, 'example.com', 'example.com', $4, 'valid', 97, '{first}.{last}', $5, now())`,
      [
        findJobId,
        owner,
        `${marker} Person`,
        `${marker}.found@example.com`,
        JSON.stringify({
          smtpCode: 250,
          smtpMessage: 'OK',
          rejected: 0,
          tried: 1,
          source: 'common',
          examples: [],
          note: null,
        }),
      ],
    );
  }
  await run(
    `INSERT INTO webhook_endpoints (id, ${T}, url, events, secret_sealed, secret_hint)
     VALUES ($1, $2, $3, ARRAY['list.completed'], 'v1:sealed', 'ab12')`,
    [webhookId, owner, `https://hooks.example.com/${marker}`],
  );
  await run(
    `INSERT INTO webhook_deliveries (endpoint_id, ${T}, event_id, type, payload, status, attempts,
       last_status_code, delivered_at)
     VALUES ($1, $2, $3, 'list.completed', $4, 'delivered', 1, 200, now())`,
    [webhookId, owner, `evt_${randomUUID()}`, JSON.stringify({ uploadId: uploadIds[0] })],
  );
  await run(
    `INSERT INTO usage_counters (${T}, month, kind, count, units)
     VALUES ($1, date_trunc('month', now())::date, 'verify', 2, $2)`,
    [owner, uploadIds.length * rows],
  );
  const customer = `cus_${owner.slice(0, 8)}`;
  await run(`INSERT INTO billing_customers (${T}, stripe_customer_id) VALUES ($1, $2)`, [owner, customer]);
  await run(
    `INSERT INTO subscriptions (id, ${T}, stripe_customer_id, status, status_rank, price_id,
       current_period_end, source_created)
     VALUES ($1, $2, $3, 'active', 3, $4, now() + interval '20 days', 1700000000)`,
    [`sub_${owner.slice(0, 8)}`, owner, customer, `price_${opts.plan ?? 'whitelabel'}`],
  );
  await run(
    `INSERT INTO api_idempotency_keys (${T}, key, request_hash, response_status, response_body)
     VALUES ($1, 'create-1', 'h', 201, '{"id":"x"}')`,
    [owner],
  );
  return {
    uploadIds,
    campaignId,
    scrapeJobId,
    templateId,
    webhookId,
    tokenId: token.id,
    apiToken: token.token,
    findJobId,
  };
}

/**
 * An account of the release before workspaces (schema before 0800) with its data of every kind, a
 * known login address and a live session (the cookie value is `session`).
 */
export async function seedLegacyAccount(
  q: RawRunner,
  opts: {
    username: string;
    plan?: string;
    uploads?: number;
    /** Seals a Smartlead key for this account's id, as that release did; a placeholder otherwise. */
    sealSmartleadKey?: (userId: string) => string;
  },
): Promise<LegacyAccount> {
  const id = randomUUID();
  const session = randomToken();
  const plan = opts.plan ?? 'whitelabel';
  await q.query(
    `INSERT INTO users (id, username, email, password_hash, plan, trial_ends_at, onboarding_completed, created_at)
     VALUES ($1, $2, $3, 'not-a-hash', $4, now() + interval '10 days', true, now() - interval '30 days')`,
    [id, opts.username, `${opts.username}@example.com`, plan],
  );
  await q.query(
    `INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '7 days')`,
    [sha256(session), id],
  );
  await q.query(
    `INSERT INTO login_known_addresses (user_id, address, last_success_at) VALUES ($1, '10.1.2.3', now())`,
    [id],
  );
  const data = await seedTenantData(q, {
    owner: id,
    marker: opts.username,
    tenantColumn: 'user_id',
    plan,
    uploads: opts.uploads,
    smartleadKeySealed: opts.sealSmartleadKey?.(id),
  });
  return { id, username: opts.username, session, ...data };
}
