import type { FakeCampaign } from './smartlead';
import { mergeSequences } from './smartlead-sequences';

// The fake Smartlead's campaign-automation endpoints, validated as Smartlead documents them: sequences
// (seq_number, seq_delay_details.delay_in_days 0–365, subject, email_body, seq_variants), email accounts
// (GET /email-accounts with offset/limit ≤ 100; POST /campaigns/{id}/email-accounts with connected
// accounts only), schedule (timezone, days_of_the_week, "HH:MM" hours, min_time_btw_emails,
// max_new_leads_per_day), status (START, PAUSED, STOPPED; STOPPED is final) and campaign leads.

export interface FakeAccount {
  id: number;
  apiKey: string;
  from_email: string;
  from_name: string;
  type: string;
  message_per_day: number;
  daily_sent_count: number;
  is_smtp_success: boolean;
  is_imap_success: boolean;
  warmup_details: { status: string; warmup_reputation: string } | null;
  /** The mailbox's SMTP server (Smartlead lists it with the account). */
  smtp_host?: string;
}

interface Ctx {
  method: string;
  path: string;
  url: URL;
  body: Record<string, unknown>;
  key: string;
  send: (status: number, body: unknown) => void;
  owned: (id: number) => FakeCampaign | undefined;
  accounts: Map<number, FakeAccount>;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const isInt = (v: unknown, min: number, max: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

function page(url: URL): { offset: number; limit: number } | string {
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? 100);
  if (!isInt(offset, 0, 1e9)) return 'offset must be a number ≥ 0';
  if (!isInt(limit, 1, 100)) return 'limit must be between 1 and 100';
  return { offset, limit };
}

function accountView(a: FakeAccount, campaignCount: number) {
  const { apiKey: _k, ...rest } = a;
  return { ...rest, username: a.from_email, campaign_count: campaignCount, client_id: null };
}

function validateSequences(list: unknown): string | null {
  if (!Array.isArray(list) || list.length === 0) return 'sequences must be a non-empty array';
  for (const [i, raw] of list.entries()) {
    const s = raw as Record<string, unknown>;
    if (s.seq_number !== i + 1) return `seq_number must be ${i + 1}`;
    const delay = (s.seq_delay_details as { delay_in_days?: unknown } | undefined)?.delay_in_days;
    if (!isInt(delay, 0, 365)) return 'seq_delay_details.delay_in_days must be between 0 and 365';
    const variants = s.seq_variants as Record<string, unknown>[] | undefined;
    const bodies = variants?.length ? variants : [s];
    for (const v of bodies) {
      if (typeof v.email_body !== 'string' || !v.email_body.trim()) return 'email_body is required';
      if (i === 0 && (typeof v.subject !== 'string' || !v.subject.trim())) {
        return 'The first email needs a subject';
      }
      if (variants?.length && typeof v.variant_label !== 'string') return 'variant_label is required';
    }
  }
  return null;
}

function validateSchedule(b: Record<string, unknown>): string | null {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: String(b.timezone) });
  } catch {
    return 'Invalid timezone';
  }
  if (typeof b.timezone !== 'string') return 'timezone is required';
  const days = b.days_of_the_week;
  if (!Array.isArray(days) || !days.length || !days.every((d) => isInt(d, 0, 6))) {
    return 'days_of_the_week must list days 0-6';
  }
  if (!HHMM.test(String(b.start_hour)) || !HHMM.test(String(b.end_hour))) return 'Hours must be HH:MM';
  if (!isInt(b.min_time_btw_emails, 1, 100_000)) return 'min_time_btw_emails must be a positive integer';
  if (!isInt(b.max_new_leads_per_day, 1, 100_000)) return 'max_new_leads_per_day must be a positive integer';
  return null;
}

/** Answers the request if it is one of these endpoints; false otherwise. */
export function handleAutomation(ctx: Ctx): boolean {
  const { method, path, body, key, send, accounts } = ctx;
  const reply = (status: number, b: unknown) => {
    send(status, b);
    return true;
  };
  const mine = () => [...accounts.values()].filter((a) => a.apiKey === key);

  if (method === 'GET' && /^\/email-accounts\/?$/.test(path)) {
    const p = page(ctx.url);
    if (typeof p === 'string') return reply(400, { message: p });
    const list = mine().slice(p.offset, p.offset + p.limit);
    send(
      200,
      list.map((a) => accountView(a, 0)),
    );
    return true;
  }

  const m = /^\/campaigns\/(\d+)\/(sequences|email-accounts|schedule|status|leads|settings)$/.exec(path);
  if (!m || (m[2] === 'leads' && method !== 'GET')) return false;
  const c = ctx.owned(Number(m[1]));
  if (!c) return reply(404, { message: 'Campaign not found' });
  const what = m[2];

  if (what === 'sequences' && method === 'POST') {
    if (c.status === 'ACTIVE')
      return reply(400, { message: 'Pause the campaign before editing its sequence' });
    const err = validateSequences(body.sequences);
    if (err) return reply(422, { message: err });
    const merged = mergeSequences(c, body.sequences as Record<string, unknown>[]);
    if (typeof merged === 'string') return reply(404, { message: merged });
    c.sequences = merged;
    send(200, { ok: true, data: c.sequences });
    return true;
  }
  if (what === 'sequences' && method === 'GET') {
    // Smartlead answers variants as sequence_variants and the delay as delayInDays.
    send(
      200,
      c.sequences.map((s) => ({
        id: s.id,
        seq_number: s.seq_number,
        subject: s.subject,
        email_body: s.email_body,
        seq_delay_details: { delayInDays: (s.seq_delay_details as { delay_in_days: number }).delay_in_days },
        sequence_variants: s.seq_variants ?? null,
      })),
    );
    return true;
  }
  if (what === 'email-accounts' && method === 'POST') {
    const ids = body.email_account_ids;
    if (!Array.isArray(ids) || !ids.length || !ids.every((i) => isInt(i, 1, 1e12))) {
      return reply(400, { message: 'email_account_ids must be a non-empty array of ids' });
    }
    for (const id of ids as number[]) {
      const a = accounts.get(id);
      if (!a || a.apiKey !== key) return reply(404, { message: `Email account ${id} not found` });
      if (!a.is_smtp_success || !a.is_imap_success) {
        return reply(422, { message: `Email account ${a.from_email} is not connected` });
      }
    }
    c.emailAccountIds = [...new Set([...c.emailAccountIds, ...(ids as number[])])];
    send(200, { ok: true, result: c.emailAccountIds.map((id) => ({ email_account_id: id })) });
    return true;
  }
  if (what === 'email-accounts' && method === 'DELETE') {
    const ids = body.email_account_ids;
    if (!Array.isArray(ids) || !ids.length) return reply(400, { message: 'email_account_ids is required' });
    const left = c.emailAccountIds.filter((id) => !(ids as number[]).includes(id));
    // Documented: at least one account must remain while the campaign is ACTIVE.
    if (c.status === 'ACTIVE' && !left.length) {
      return reply(400, { message: 'An active campaign needs at least one email account' });
    }
    c.emailAccountIds = left;
    send(200, { ok: true });
    return true;
  }
  if (what === 'settings' && method === 'POST') {
    const track = body.track_settings;
    const stop = body.stop_lead_settings;
    if (
      !Array.isArray(track) ||
      !track.every((t) =>
        ['DONT_TRACK_EMAIL_OPEN', 'DONT_TRACK_LINK_CLICK', 'DONT_TRACK_REPLY_TO_AN_EMAIL'].includes(
          String(t),
        ),
      )
    ) {
      return reply(400, { message: 'track_settings must list DONT_TRACK_* values' });
    }
    if (!['REPLY_TO_AN_EMAIL', 'CLICK_ON_A_LINK', 'OPEN_AN_EMAIL'].includes(String(stop))) {
      return reply(400, { message: 'Invalid stop_lead_settings' });
    }
    c.settings = { ...body };
    send(200, { ok: true });
    return true;
  }
  if (what === 'email-accounts' && method === 'GET') {
    const list = c.emailAccountIds.flatMap((id) => (accounts.has(id) ? [accounts.get(id)!] : []));
    send(
      200,
      list.map((a) => accountView(a, 1)),
    );
    return true;
  }
  if (what === 'schedule' && method === 'POST') {
    const err = validateSchedule(body);
    if (err) return reply(422, { message: err });
    c.schedule = { ...body };
    send(200, { ok: true });
    return true;
  }
  if (what === 'status' && method === 'POST') {
    const status = body.status;
    if (status !== 'START' && status !== 'PAUSED' && status !== 'STOPPED') {
      return reply(400, { message: 'status must be START, PAUSED or STOPPED' });
    }
    if (c.status === 'STOPPED') return reply(400, { message: 'A stopped campaign cannot be changed' });
    if (status === 'START') {
      // A campaign starts only when it can send: a sequence, a sending account and leads.
      if (!c.sequences.length) return reply(400, { message: 'Add a sequence before starting' });
      if (!c.emailAccountIds.length) return reply(400, { message: 'Add an email account before starting' });
      if (!c.leads.size) return reply(400, { message: 'Add leads before starting' });
    }
    c.status = status === 'START' ? 'ACTIVE' : status;
    c.statusHistory.push(status);
    send(200, { ok: true, status: c.status });
    return true;
  }
  if (what === 'leads' && method === 'GET') {
    const p = page(ctx.url);
    if (typeof p === 'string') return reply(400, { message: p });
    const all = [...c.leads.values()];
    send(200, {
      total_leads: String(all.length),
      offset: p.offset,
      limit: p.limit,
      data: all.slice(p.offset, p.offset + p.limit).map((l, i) => ({
        campaign_lead_map_id: c.id * 10_000 + p.offset + i,
        lead_category_id: null,
        status: c.status === 'PAUSED' ? 'PAUSED' : (l.status ?? 'STARTED'),
        created_at: l.created_at ?? null,
        lead: {
          id: p.offset + i + 1,
          email: l.email,
          first_name: l.first_name ?? '',
          last_name: l.last_name ?? '',
          company_name: l.company_name ?? '',
          custom_fields: l.custom_fields ?? {},
        },
      })),
    });
    return true;
  }
  return false;
}
