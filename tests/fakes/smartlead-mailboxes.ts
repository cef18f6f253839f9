import type { FakeAccount } from './smartlead-automation';

// The fake Smartlead's mailbox endpoints, shaped after its API reference ("Email Account Management"):
// - POST /email-accounts/save: from_name, from_email, user_name, password, smtp_host, smtp_port,
//   imap_host, imap_port and warmup_enabled are required, `type` is GMAIL, OUTLOOK or SMTP (422 when one is missing or invalid); the SMTP
//   and IMAP logins are checked first (a `.invalid` host, or a password starting with "wrong", fails
//   them: 400 with Smartlead's error body); with an `id` it changes that mailbox (404 for another key's);
// - GET /email-accounts/{id}/: the mailbox, its password included, as Smartlead answers;
// - POST /email-accounts/{id}: from_name, max_email_per_day (422 when invalid);
// - DELETE /email-accounts/{id}: out of every campaign;
// - POST /email-accounts/{id}/warmup: warmup_enabled (boolean), total_warmup_per_day 1–50, daily_rampup
//   5–20, reply_rate_percentage 20–100 (422 otherwise);
// - GET /email-accounts/{id}/warmup-stats: the last seven days (help center shape: sent_count,
//   stats_by_date[] …), drawn from the warm-up settings.
// Another key's mailbox is 404 on each; the common fake answers 401, 429 and injected failures first.

export interface FakeWarmup {
  enabled: boolean;
  perDay: number;
  rampUp: number;
  replyRate: number;
}

/** A mailbox's sign-in details as Smartlead keeps them (the password is kept in `passwords`). */
export interface FakeLogin {
  username: string;
  smtp_host: string;
  smtp_port: number;
  smtp_port_type: string | null;
  imap_host: string;
  imap_port: number;
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
  logins: Map<number, FakeLogin>;
  /** Every request answered here, body as sent: tests check the documented shapes. */
  calls: { method: string; path: string; body: Record<string, unknown> }[];
  /** Takes a deleted mailbox out of every campaign. */
  detach: (id: number) => void;
  newId: () => number;
}

const REQUIRED = ['from_name', 'from_email', 'user_name', 'password', 'smtp_host', 'imap_host'];
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isInt = (v: unknown, min: number, max: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const given = (v: unknown) => v !== undefined && v !== null;

function saveError(b: Record<string, unknown>): string | null {
  const missing = REQUIRED.find((f) => typeof b[f] !== 'string' || !String(b[f]).trim());
  if (missing) return `${missing} is required`;
  if (!EMAIL_RE.test(String(b.from_email))) return 'from_email must be a valid email address';
  if (!isInt(b.smtp_port, 1, 65_535)) return 'smtp_port must be a valid port number';
  if (!isInt(b.imap_port, 1, 65_535)) return 'imap_port must be a valid port number';
  if (typeof b.warmup_enabled !== 'boolean') return 'warmup_enabled is required';
  if (given(b.type) && !['GMAIL', 'OUTLOOK', 'SMTP'].includes(String(b.type))) {
    return 'type must be one of GMAIL, OUTLOOK, SMTP';
  }
  if (given(b.max_email_per_day) && !isInt(b.max_email_per_day, 1, 100_000)) {
    return 'max_email_per_day must be a positive integer';
  }
  return null;
}

function warmupError(b: Record<string, unknown>): string | null {
  if (typeof b.warmup_enabled !== 'boolean') return 'warmup_enabled is required and must be a boolean';
  if (given(b.total_warmup_per_day) && !isInt(b.total_warmup_per_day, 1, 50)) {
    return 'total_warmup_per_day must be between 1 and 50';
  }
  if (given(b.daily_rampup) && !isInt(b.daily_rampup, 5, 20)) return 'daily_rampup must be between 5 and 20';
  if (given(b.reply_rate_percentage) && !isInt(b.reply_rate_percentage, 20, 100)) {
    return 'reply_rate_percentage must be between 20 and 100';
  }
  return null;
}

/** Smartlead signs in to both servers before it keeps the details. */
function loginError(b: Record<string, unknown>): string | null {
  for (const [proto, host] of [
    ['SMTP', b.smtp_host],
    ['IMAP', b.imap_host],
  ] as const) {
    if (String(host).endsWith('.invalid')) return `${proto} connection failed: getaddrinfo ENOTFOUND ${host}`;
  }
  if (String(b.password).startsWith('wrong')) {
    return `SMTP connection failed: authentication rejected by ${b.smtp_host}`;
  }
  return null;
}

export function handleMailboxes(ctx: Ctx): boolean {
  const { method, path, body, key, send, accounts } = ctx;
  const isSave = method === 'POST' && path === '/email-accounts/save';
  const m = /^\/email-accounts\/(\d+)(\/?|\/warmup|\/warmup-stats)$/.exec(path);
  if (!isSave && !m) return false;
  ctx.calls.push({ method, path, body });
  const done = (status: number, b: unknown) => {
    send(status, b);
    return true;
  };
  const owned = (id: number) => {
    const a = accounts.get(id);
    return a && a.apiKey === key ? a : undefined;
  };

  if (isSave) {
    const invalid = saveError(body);
    if (invalid) return done(422, { ok: false, message: invalid });
    const existing = given(body.id) ? owned(Number(body.id)) : undefined;
    if (given(body.id) && !existing) return done(404, { ok: false, message: 'Email account not found' });
    const refused = loginError(body);
    if (refused) return done(400, { ok: false, message: refused });
    const id = existing?.id ?? ctx.newId();
    const a: FakeAccount = existing ?? {
      id,
      apiKey: key,
      from_email: String(body.from_email),
      from_name: String(body.from_name),
      type: typeof body.type === 'string' ? body.type : 'SMTP',
      message_per_day: 50,
      daily_sent_count: 0,
      is_smtp_success: true,
      is_imap_success: true,
      warmup_details: null,
    };
    a.from_name = String(body.from_name);
    if (typeof body.max_email_per_day === 'number') a.message_per_day = body.max_email_per_day;
    a.is_smtp_success = true;
    a.is_imap_success = true;
    accounts.set(id, a);
    ctx.passwords.set(id, String(body.password));
    ctx.logins.set(id, {
      username: String(body.user_name),
      smtp_host: String(body.smtp_host),
      smtp_port: body.smtp_port as number,
      smtp_port_type: typeof body.smtp_port_type === 'string' ? body.smtp_port_type : null,
      imap_host: String(body.imap_host),
      imap_port: body.imap_port as number,
    });
    return done(200, {
      ok: true,
      message: existing ? 'Email account updated successfully' : 'Email account added successfully',
      emailAccountId: id,
    });
  }

  const a = owned(Number(m![1]));
  if (!a) return done(404, { ok: false, message: 'Email account not found' });
  const what = m![2];
  const w = ctx.warmups.get(a.id);
  if ((what === '/' || what === '') && method === 'GET') {
    const { apiKey: _k, ...rest } = a;
    const login = ctx.logins.get(a.id);
    return done(200, {
      ...rest,
      username: login?.username ?? a.from_email,
      // Smartlead's answer carries the password; a client must not pass it on.
      password: ctx.passwords.get(a.id) ?? 'stored-password',
      imap_username: login?.username ?? a.from_email,
      imap_password: ctx.passwords.get(a.id) ?? 'stored-password',
      smtp_host: login?.smtp_host ?? 'smtp.example',
      smtp_port: login?.smtp_port ?? 587,
      smtp_port_type: login?.smtp_port_type ?? 'TLS',
      imap_host: login?.imap_host ?? 'imap.example',
      imap_port: login?.imap_port ?? 993,
      imap_port_type: 'SSL',
      smtp_failure_error: a.is_smtp_success ? null : 'Invalid login: 535 5.7.8 Authentication failed',
      imap_failure_error: a.is_imap_success ? null : 'IMAP login failed: AUTHENTICATIONFAILED',
      warmup_details: a.warmup_details && {
        ...a.warmup_details,
        reply_rate: w?.replyRate ?? null,
        warmup_max_count: w?.perDay ?? null,
        is_warmup_blocked: false,
        blocked_reason: null,
      },
    });
  }
  if (what === '' && method === 'POST') {
    if (given(body.max_email_per_day) && !isInt(body.max_email_per_day, 1, 100_000)) {
      return done(422, { ok: false, message: 'max_email_per_day must be a positive integer' });
    }
    if (given(body.from_name) && (typeof body.from_name !== 'string' || !body.from_name.trim())) {
      return done(422, { ok: false, message: 'from_name must not be empty' });
    }
    if (typeof body.max_email_per_day === 'number') a.message_per_day = body.max_email_per_day;
    if (typeof body.from_name === 'string') a.from_name = body.from_name;
    return done(200, { ok: true, message: 'Email account updated successfully' });
  }
  if (what === '' && method === 'DELETE') {
    accounts.delete(a.id);
    ctx.detach(a.id);
    return done(200, { ok: true, message: 'Email account deleted successfully!', emailAccountId: a.id });
  }
  if (what === '/warmup' && method === 'POST') {
    const invalid = warmupError(body);
    if (invalid) return done(422, { ok: false, message: invalid });
    const next = {
      enabled: body.warmup_enabled === true,
      perDay: (body.total_warmup_per_day as number | undefined) ?? w?.perDay ?? 20,
      rampUp: (body.daily_rampup as number | undefined) ?? w?.rampUp ?? 5,
      replyRate: (body.reply_rate_percentage as number | undefined) ?? w?.replyRate ?? 30,
    };
    ctx.warmups.set(a.id, next);
    a.warmup_details = next.enabled
      ? { status: 'ACTIVE', warmup_reputation: '100%' }
      : { status: 'PAUSED', warmup_reputation: '100%' };
    return done(200, { ok: true, message: 'Warmup settings updated successfully' });
  }
  if (what === '/warmup-stats' && method === 'GET') {
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
      spam_count: sent ? '1' : '0',
      inbox_count: String(Math.max(0, sent - 1)),
      warmup_email_received_count: String(sent),
      stats_by_date: days,
    });
  }
  return false;
}
