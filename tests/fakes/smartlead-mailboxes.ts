import type { FakeAccount } from './smartlead-automation';

// The fake Smartlead's mailbox endpoints, shaped after its API documentation: save a mailbox (POST
// /email-accounts/save with from_name, from_email, user_name, password, smtp_host, smtp_port,
// smtp_port_type, imap_host, imap_port, max_email_per_day; the SMTP and IMAP logins are checked first:
// a `.invalid` host or the password "wrong" fails them with 400), read one (GET /email-accounts/{id}/),
// update it (POST /email-accounts/{id}), delete it (DELETE /email-accounts/{id}), its warm-up (POST
// /email-accounts/{id}/warmup with warmup_enabled, total_warmup_per_day, daily_rampup,
// reply_rate_percentage) and the last seven days of warm-up (GET /email-accounts/{id}/warmup-stats).

export interface FakeWarmup {
  enabled: boolean;
  perDay: number;
  rampUp: number;
  replyRate: number;
}

interface Ctx {
  method: string;
  path: string;
  body: Record<string, unknown>;
  key: string;
  send: (status: number, body: unknown) => void;
  accounts: Map<number, FakeAccount>;
  warmups: Map<number, FakeWarmup>;
  /** Passwords received, by account: tests check they arrived and went nowhere else. */
  passwords: Map<number, string>;
  newId: () => number;
}

const REQUIRED = [
  'from_name',
  'from_email',
  'user_name',
  'password',
  'smtp_host',
  'smtp_port',
  'imap_host',
  'imap_port',
];

export function handleMailboxes(ctx: Ctx): boolean {
  const { method, path, body, key, send, accounts } = ctx;
  const done = (status: number, b: unknown) => {
    send(status, b);
    return true;
  };
  if (method === 'POST' && path === '/email-accounts/save') {
    const missing = REQUIRED.find((f) => body[f] === undefined || body[f] === '');
    if (missing) return done(400, { message: `${missing} is required` });
    if (String(body.smtp_host).endsWith('.invalid') || body.password === 'wrong') {
      return done(400, { message: `SMTP connection failed: authentication rejected by ${body.smtp_host}` });
    }
    const id = ctx.newId();
    accounts.set(id, {
      id,
      apiKey: key,
      from_email: String(body.from_email),
      from_name: String(body.from_name),
      type: 'SMTP',
      message_per_day: Number(body.max_email_per_day ?? 50),
      daily_sent_count: 0,
      is_smtp_success: true,
      is_imap_success: true,
      warmup_details: null,
    });
    ctx.passwords.set(id, String(body.password));
    return done(200, { ok: true, message: 'Email account added successfully', emailAccountId: id });
  }
  const m = /^\/email-accounts\/(\d+)(\/?|\/warmup|\/warmup-stats)$/.exec(path);
  if (!m) return false;
  const a = accounts.get(Number(m[1]));
  if (!a || a.apiKey !== key) return done(404, { message: 'Email account not found' });
  const what = m[2];
  if ((what === '/' || what === '') && method === 'GET') {
    const { apiKey: _k, ...rest } = a;
    return done(200, {
      ...rest,
      username: a.from_email,
      smtp_host: 'smtp.example',
      imap_host: 'imap.example',
    });
  }
  if (what === '' && method === 'POST') {
    if (body.max_email_per_day !== undefined) a.message_per_day = Number(body.max_email_per_day);
    if (typeof body.from_name === 'string') a.from_name = body.from_name;
    return done(200, { ok: true });
  }
  if (what === '' && method === 'DELETE') {
    accounts.delete(a.id);
    return done(200, { ok: true });
  }
  if (what === '/warmup' && method === 'POST') {
    const perDay = Number(body.total_warmup_per_day);
    if (!Number.isInteger(perDay) || perDay < 1)
      return done(400, { message: 'total_warmup_per_day must be a positive integer' });
    const w = {
      enabled: body.warmup_enabled === true,
      perDay,
      rampUp: Number(body.daily_rampup ?? 1),
      replyRate: Number(body.reply_rate_percentage ?? 30),
    };
    ctx.warmups.set(a.id, w);
    a.warmup_details = w.enabled
      ? { status: 'ACTIVE', warmup_reputation: '100%' }
      : { status: 'PAUSED', warmup_reputation: '100%' };
    return done(200, { ok: true });
  }
  if (what === '/warmup-stats' && method === 'GET') {
    const w = ctx.warmups.get(a.id);
    const days = Array.from({ length: 7 }, (_, i) => {
      const date = new Date(Date.now() - (6 - i) * 86_400_000).toISOString().slice(0, 10);
      const sent = w?.enabled ? Math.min(w.perDay, 1 + i * w.rampUp) : 0;
      return {
        id: i + 1,
        date,
        sent_count: sent,
        reply_count: Math.round((sent * (w?.replyRate ?? 0)) / 100),
        save_from_spam_count: sent > 3 ? 1 : 0,
      };
    });
    const sent = days.reduce((s, d) => s + d.sent_count, 0);
    return done(200, {
      id: a.id,
      sent_count: String(sent),
      spam_count: '1',
      inbox_count: String(Math.max(0, sent - 1)),
      warmup_email_received_count: String(sent),
      stats_by_date: days,
    });
  }
  return false;
}
