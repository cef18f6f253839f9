import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeAccount, handleAutomation } from './smartlead-automation';
import { handleConversations, type LeadThread } from './smartlead-conversations';
import { type AppCampaignSeed, appCampaign, campaignObject } from './smartlead-import';
import { type FakeLogin, type FakeWarmup, handleMailboxes } from './smartlead-mailboxes';
import { type FakeWebhook, handleOutcomes, type LeadOutcome, outcomeEvents } from './smartlead-outcomes';

// A fake Smartlead API on loopback, shaped after its public documentation: `api_key` query auth (401 when
// unknown), a per-key rate limit answered with 429 + Retry-After, at most 100 leads per add-leads request
// (400 beyond), analytics counts as strings, injectable failures, and counters so tests can check that
// every lead arrived exactly once.

export interface FakeCampaign {
  id: number;
  name: string;
  status: string;
  created_at: string;
  apiKey: string;
  leads: Map<
    string,
    {
      email: string;
      first_name?: string;
      last_name?: string;
      company_name?: string;
      custom_fields?: Record<string, string>;
      status?: string;
      created_at?: string;
    }
  >;
  stats: { sent: number; uniqueOpens: number; replies: number };
  /** The last sequences saved (POST /campaigns/{id}/sequences), as sent. */
  sequences: Record<string, unknown>[];
  emailAccountIds: number[];
  /** The last schedule saved (POST /campaigns/{id}/schedule), as sent. */
  schedule: Record<string, unknown> | null;
  /** Every status accepted by POST /campaigns/{id}/status, in order. */
  statusHistory: string[];
  /** The last settings saved (POST /campaigns/{id}/settings), as sent. */
  settings?: Record<string, unknown>;
}

interface Injection {
  status: number;
  times: number;
  /** Matching requests to let through before failing (a failure mid-way through a send). */
  after: number;
  method?: string;
  path?: RegExp;
  retryAfter?: string;
}

export interface FakeSmartleadOptions {
  apiKeys?: string[];
  /** Requests allowed per key per window before 429 (default 10 per 2 s, as documented). */
  rateLimit?: { limit: number; windowMs: number; retryAfterSeconds?: number };
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function startFakeSmartlead(opts: FakeSmartleadOptions = {}) {
  const apiKeys = new Set(opts.apiKeys ?? []);
  let rate = { retryAfterSeconds: 1, ...(opts.rateLimit ?? { limit: 10, windowMs: 2_000 }) };
  const windows = new Map<string, number[]>();
  const campaigns = new Map<number, FakeCampaign>();
  const injections: Injection[] = [];
  const accounts = new Map<number, FakeAccount>();
  const webhooks = new Map<number, FakeWebhook>();
  const outcomes = new Map<string, LeadOutcome>();
  const threads = new Map<string, LeadThread>();
  const warmups = new Map<number, FakeWarmup>();
  const passwords = new Map<number, string>();
  const logins = new Map<number, FakeLogin>();
  const mailboxCalls: { method: string; path: string; body: Record<string, unknown> }[] = [];
  let outage = false;
  let nextId = 1000;
  let nextAccountId = 500;
  const counters = {
    requests: 0,
    rateLimited: 0,
    injected: 0,
    createCalls: 0,
    leadRequests: 0,
    /** Processed lead arrivals per `${campaignId}:${email}` (a value above 1 means it was sent twice). */
    arrivals: new Map<string, number>(),
    /** Every api_key value seen in a request, valid or not. */
    keysSeen: new Set<string>(),
    /** Every User-Agent seen in a request. */
    userAgents: new Set<string>(),
  };

  const send = (
    res: http.ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer(async (req, res) => {
    // An outage: the connection is cut before any answer (the client sees a network error).
    if (outage) return req.socket.destroy();
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    counters.requests++;
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const method = req.method ?? 'GET';
    const key = url.searchParams.get('api_key') ?? '';
    counters.keysSeen.add(key);
    counters.userAgents.add(req.headers['user-agent'] ?? '');

    const inj = injections.find((i) => (!i.method || i.method === method) && (!i.path || i.path.test(path)));
    if (inj && inj.after > 0) inj.after--;
    else if (inj) {
      if (--inj.times <= 0) injections.splice(injections.indexOf(inj), 1);
      counters.injected++;
      const headers: Record<string, string> = inj.retryAfter ? { 'retry-after': inj.retryAfter } : {};
      return send(res, inj.status, { message: `Injected ${inj.status}` }, headers);
    }
    if (!apiKeys.has(key)) return send(res, 401, { message: 'Invalid API key' });

    const now = Date.now();
    const stamps = (windows.get(key) ?? []).filter((t) => t > now - rate.windowMs);
    if (stamps.length >= rate.limit) {
      counters.rateLimited++;
      windows.set(key, stamps);
      // The documented 429: the error body, Retry-After, and the window's headers.
      return send(
        res,
        429,
        {
          error: {
            code: 'RATE_LIMIT_EXCEEDED',
            message: `Too many requests. Please retry after ${rate.retryAfterSeconds} seconds.`,
            retry_after: rate.retryAfterSeconds,
          },
        },
        {
          'retry-after': String(rate.retryAfterSeconds),
          'x-ratelimit-limit': String(rate.limit),
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.ceil((stamps[0]! + rate.windowMs) / 1000)),
        },
      );
    }
    stamps.push(now);
    windows.set(key, stamps);
    // Every answer to a known key carries the window's state, as documented.
    res.setHeader('x-ratelimit-limit', String(rate.limit));
    res.setHeader('x-ratelimit-remaining', String(rate.limit - stamps.length));
    res.setHeader('x-ratelimit-reset', String(Math.ceil((stamps[0]! + rate.windowMs) / 1000)));

    let body: Record<string, unknown> = {};
    if (chunks.length) {
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return send(res, 400, { message: 'Invalid JSON' });
      }
    }
    const owned = (id: number) => {
      const c = campaigns.get(id);
      return c && c.apiKey === key ? c : undefined;
    };

    if (method === 'GET' && path === '/campaigns') {
      return send(
        res,
        200,
        [...campaigns.values()]
          .filter((c) => c.apiKey === key)
          // Newest first, as documented.
          .sort((a, b) => b.id - a.id)
          .map(campaignObject),
      );
    }
    if (method === 'POST' && path === '/campaigns/create') {
      counters.createCalls++;
      const name = typeof body.name === 'string' && body.name ? body.name : 'Untitled';
      const c: FakeCampaign = {
        id: nextId++,
        name,
        status: 'DRAFTED',
        created_at: new Date().toISOString(),
        apiKey: key,
        leads: new Map(),
        stats: { sent: 0, uniqueOpens: 0, replies: 0 },
        sequences: [],
        emailAccountIds: [],
        schedule: null,
        statusHistory: [],
      };
      campaigns.set(c.id, c);
      return send(res, 200, { ok: true, id: c.id, name: c.name, created_at: c.created_at });
    }
    const leadsMatch = /^\/campaigns\/(\d+)\/leads$/.exec(path);
    if (method === 'POST' && leadsMatch) {
      const c = owned(Number(leadsMatch[1]));
      if (!c) return send(res, 404, { message: 'Campaign not found' });
      const list = body.lead_list;
      if (!Array.isArray(list)) return send(res, 400, { message: 'lead_list is required' });
      if (list.length > 100) return send(res, 400, { message: 'lead_list can contain at most 100 leads' });
      counters.leadRequests++;
      const seen = new Set<string>();
      let upload = 0;
      let dup = 0;
      let invalid = 0;
      let already = 0;
      for (const lead of list as { email?: string }[]) {
        const email = String(lead.email ?? '').toLowerCase();
        // Smartlead rejects undeliverable-looking addresses; `.invalid` domains stand in for those here.
        if (!EMAIL_RE.test(email) || email.endsWith('.invalid')) invalid++;
        else if (seen.has(email)) dup++;
        else {
          // Counted even when Smartlead would skip it as already added: a resent batch shows up here.
          const k = `${c.id}:${email}`;
          counters.arrivals.set(k, (counters.arrivals.get(k) ?? 0) + 1);
          if (c.leads.has(email)) already++;
          else {
            upload++;
            c.leads.set(email, {
              ...(lead as object),
              email,
              status: 'STARTED',
              created_at: new Date().toISOString(),
            });
          }
        }
        seen.add(email);
      }
      return send(res, 200, {
        ok: true,
        upload_count: upload,
        total_leads: c.leads.size,
        block_count: 0,
        duplicate_count: dup,
        invalid_email_count: invalid,
        invalid_emails: [],
        already_added_to_campaign: already,
        unsubscribed_leads: [],
        is_lead_limit_exhausted: false,
        lead_import_stopped_count: 0,
      });
    }
    const analyticsMatch = /^\/campaigns\/(\d+)\/analytics$/.exec(path);
    if (method === 'GET' && analyticsMatch) {
      const c = owned(Number(analyticsMatch[1]));
      if (!c) return send(res, 404, { message: 'Campaign not found' });
      // Smartlead sends these counts as strings.
      return send(res, 200, {
        id: c.id,
        name: c.name,
        status: c.status,
        created_at: c.created_at,
        sent_count: String(c.stats.sent),
        unique_sent_count: String(c.stats.sent),
        open_count: String(c.stats.uniqueOpens),
        unique_open_count: String(c.stats.uniqueOpens),
        reply_count: String(c.stats.replies),
        bounce_count: '0',
        total_count: String(c.leads.size),
        campaign_lead_stats: { total: c.leads.size },
      });
    }
    const campaignMatch = /^\/campaigns\/(\d+)$/.exec(path);
    if (method === 'GET' && campaignMatch) {
      const c = owned(Number(campaignMatch[1]));
      if (!c) return send(res, 404, { message: 'Campaign not found' });
      return send(res, 200, campaignObject(c));
    }
    if (
      handleOutcomes({
        method,
        path,
        url,
        body,
        send: (st, b) => send(res, st, b),
        owned,
        webhooks,
        outcomes,
      })
    )
      return;
    if (
      handleAutomation({ method, path, url, body, key, send: (st, b) => send(res, st, b), owned, accounts })
    )
      return;
    if (
      handleConversations({ method, path, body, send: (st, b) => send(res, st, b), owned, outcomes, threads })
    )
      return;
    if (
      handleMailboxes({
        method,
        path,
        body,
        key,
        send: (st, b) => send(res, st, b),
        accounts,
        warmups,
        passwords,
        logins,
        calls: mailboxCalls,
        detach: (id) => {
          for (const c of campaigns.values()) c.emailAccountIds = c.emailAccountIds.filter((x) => x !== id);
        },
        newId: () => nextAccountId++,
      })
    )
      return;
    return send(res, 404, { message: 'Not found' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    apiKeys,
    campaigns,
    counters,
    /** Per campaign and lead (outcomeKey): its category, paused or unsubscribed, the replies sent to it. */
    threads,
    /** Warm-up settings and mailbox passwords received, by account id. */
    warmups,
    passwords,
    /** Sign-in details received, by account id (no password: that is in `passwords`). */
    logins,
    /** Every mailbox request answered (tests/fakes/smartlead-mailboxes.ts), body as sent. */
    mailboxCalls,
    /** After `after` matching requests, the next `times` fail with `status` before being processed. */
    inject(i: {
      status: number;
      times?: number;
      after?: number;
      method?: string;
      path?: RegExp;
      retryAfter?: string;
    }) {
      injections.push({ times: 1, after: 0, ...i });
    },
    /** Smartlead answers again: the failures injected and not yet met are dropped. */
    clearInjections() {
      injections.length = 0;
    },
    setRateLimit(r: { limit: number; windowMs: number; retryAfterSeconds?: number }) {
      rate = { retryAfterSeconds: 1, ...r };
    },
    accounts,
    /** A sending mailbox of the account behind `apiKey` (as GET /email-accounts lists it). */
    addEmailAccount(apiKey: string, a: Partial<Omit<FakeAccount, 'id' | 'apiKey'>> & { from_email: string }) {
      const account: FakeAccount = {
        from_name: a.from_email.split('@')[0]!,
        type: 'SMTP',
        message_per_day: 50,
        daily_sent_count: 0,
        is_smtp_success: true,
        is_imap_success: true,
        warmup_details: { status: 'ACTIVE', warmup_reputation: '98%' },
        ...a,
        id: nextAccountId++,
        apiKey,
      };
      accounts.set(account.id, account);
      return account;
    },
    /** While on, every connection is cut without an answer (Smartlead unreachable). */
    setOutage(on: boolean) {
      outage = on;
    },
    webhooks,
    leadEvent: outcomeEvents({ campaigns, webhooks, outcomes }),
    /** A campaign made in Smartlead's own app for the account behind `apiKey` (see smartlead-import.ts). */
    seedAppCampaign(apiKey: string, seed: AppCampaignSeed) {
      const c = appCampaign(nextId++, apiKey, seed);
      campaigns.set(c.id, c);
      return c;
    },
    campaignsNamed: (name: string) => [...campaigns.values()].filter((c) => c.name === name),
    /** Leads of one campaign that arrived more than once (should always be empty). */
    duplicatesIn(id: number) {
      return [...counters.arrivals].filter(([k, n]) => k.startsWith(`${id}:`) && n > 1).map(([k]) => k);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeSmartlead = Awaited<ReturnType<typeof startFakeSmartlead>>;
