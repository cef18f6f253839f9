import { z } from 'zod';
import type { MailboxHealth, WarmupStats } from '../../../../shared/mailboxes';
import { SmartleadError } from '../connection/client';

// Reading Smartlead's email-account answers (decision 0202). They carry the mailbox password (`password`,
// `imap_password` on GET /email-accounts/{id}/): the schemas below name the fields we show and nothing
// else, so the password never leaves this module. Answers are read leniently (counts may be strings,
// reputation may read "95%", optional fields may be missing).

const num = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => {
    if (v === null || v === undefined || v === '') return null;
    const n = Number(String(v).replace('%', '').trim());
    return Number.isFinite(n) ? n : null;
  });
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');
const note = z
  .string()
  .nullish()
  .transform((v) => (v?.trim() ? v.trim().slice(0, 500) : null));

const accountSchema = z.object({
  id: z.coerce.number(),
  username: text,
  smtp_host: text,
  smtp_port: num,
  smtp_port_type: note,
  imap_host: text,
  imap_port: num,
  imap_port_type: note,
  is_smtp_success: z.boolean().nullish(),
  is_imap_success: z.boolean().nullish(),
  smtp_failure_error: note,
  imap_failure_error: note,
  warmup_details: z
    .object({
      status: note,
      warmup_reputation: num,
      blocked_reason: note,
      warmup_max_count: num,
      reply_rate: num,
    })
    .nullish(),
});

/** GET /email-accounts/{id}/ as the screen shows it; Smartlead's unknown counts as connected. */
export function healthOf(raw: unknown): MailboxHealth {
  const parsed = accountSchema.safeParse(raw);
  if (!parsed.success) throw new SmartleadError('bad_request', 200, 'the mailbox could not be read');
  const a = parsed.data;
  const w = a.warmup_details;
  return {
    id: a.id,
    smtpOk: a.is_smtp_success !== false,
    imapOk: a.is_imap_success !== false,
    smtpError: a.is_smtp_success === false ? a.smtp_failure_error : null,
    imapError: a.is_imap_success === false ? a.imap_failure_error : null,
    warmupStatus: w?.status ?? null,
    warmupReputation: w?.warmup_reputation ?? null,
    warmupBlockedReason: w?.blocked_reason ?? null,
    warmupPerDay: w?.warmup_max_count ?? null,
    warmupReplyRate: w?.reply_rate ?? null,
    login: {
      username: a.username,
      smtpHost: a.smtp_host,
      smtpPort: a.smtp_port,
      smtpSecurity: a.smtp_port_type,
      imapHost: a.imap_host,
      imapPort: a.imap_port,
      imapSecurity: a.imap_port_type,
    },
  };
}

/** The new mailbox's id: `emailAccountId` in the classic answer, `data.id` in the current reference. */
export function savedId(raw: unknown): number {
  const body = (raw ?? {}) as { emailAccountId?: unknown; id?: unknown; data?: { id?: unknown } };
  const id = Number(body.emailAccountId ?? body.data?.id ?? body.id);
  if (!Number.isInteger(id) || id < 1) {
    throw new SmartleadError('bad_request', 200, 'Smartlead did not say which mailbox it saved.');
  }
  return id;
}

const n = z.coerce.number().catch(0);
/** The answer as Smartlead's API documentation (help center, "Fetch Warmup Stats By Email Account ID"). */
const classicSchema = z.object({
  sent_count: n,
  spam_count: n,
  inbox_count: n,
  warmup_email_received_count: n,
  stats_by_date: z.array(
    z.object({ date: z.string(), sent_count: n, reply_count: n, save_from_spam_count: n }).passthrough(),
  ),
});
/** The answer as the api.smartlead.ai reference (email-accounts/warmup-stats) shows it. */
const referenceSchema = z.object({
  total_sent: n,
  spam_count: n,
  daily_stats: z.array(
    z.object({ date: z.string(), sent: n, spam: n, delivered: n, replied: n }).passthrough(),
  ),
});

/** GET /email-accounts/{id}/warmup-stats, in either documented shape: the last seven days, oldest first. */
export function warmupStatsOf(raw: unknown): WarmupStats {
  const byDate = <T extends { date: string }>(days: T[]) =>
    [...days].sort((a, b) => a.date.localeCompare(b.date));
  const classic = classicSchema.safeParse(raw);
  if (classic.success) {
    const s = classic.data;
    return {
      sent: s.sent_count,
      inbox: s.inbox_count,
      spam: s.spam_count,
      received: s.warmup_email_received_count,
      days: byDate(s.stats_by_date).map((d) => ({
        date: d.date.slice(0, 10),
        sent: d.sent_count,
        replied: d.reply_count,
        savedFromSpam: d.save_from_spam_count,
      })),
    };
  }
  const reference = referenceSchema.safeParse(raw);
  if (reference.success) {
    const s = reference.data;
    const days = byDate(s.daily_stats);
    return {
      sent: s.total_sent,
      inbox: days.reduce((sum, d) => sum + d.delivered, 0),
      spam: s.spam_count,
      received: days.reduce((sum, d) => sum + d.replied, 0),
      days: days.map((d) => ({
        date: d.date.slice(0, 10),
        sent: d.sent,
        replied: d.replied,
        // This shape does not say how many were moved out of spam.
        savedFromSpam: 0,
      })),
    };
  }
  // No daily list (a mailbox that never warmed up may answer without one): nothing to draw.
  const totals = z
    .object({ sent_count: n, spam_count: n, inbox_count: n })
    .partial()
    .safeParse(raw ?? {});
  const t = totals.success ? totals.data : {};
  return {
    sent: t.sent_count ?? 0,
    inbox: t.inbox_count ?? 0,
    spam: t.spam_count ?? 0,
    received: 0,
    days: [],
  };
}
