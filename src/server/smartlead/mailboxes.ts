import { z } from 'zod';
import type {
  ConnectMailboxInput,
  MailboxHealth,
  UpdateMailboxInput,
  WarmupSettings,
  WarmupStats,
} from '../../shared/mailboxes';
import { notFound } from '../http/errors';
import { type SmartleadDeps, userClient } from './accounts';
import { type SmartleadClient, SmartleadError } from './client';
import { remoteAccountSchema } from './remote';

// Sending mailboxes in Smartlead (decision 0202): connect (SMTP and IMAP), edit, remove, their health as
// Smartlead last checked it, and warm-up (settings and the last seven days). The mailbox password goes
// straight to Smartlead in the save request: it is not stored here, not logged, and never returned.

type Deps = SmartleadDeps;

/** The mailbox as the workspace's key sees it; another key's mailbox is not found (Smartlead says 404). */
async function ownMailbox(client: SmartleadClient, accountId: number) {
  try {
    const data = await client.call('GET', `/email-accounts/${accountId}/`);
    const parsed = remoteAccountSchema.safeParse(data);
    if (!parsed.success) throw notFound('Mailbox not found');
    return parsed.data;
  } catch (err) {
    if (err instanceof SmartleadError && err.kind === 'not_found') throw notFound('Mailbox not found');
    throw err;
  }
}

const healthOf = (a: z.infer<typeof remoteAccountSchema>): MailboxHealth => ({
  id: a.id,
  smtpOk: a.is_smtp_success !== false,
  imapOk: a.is_imap_success !== false,
  warmupStatus: a.warmup_details?.status ?? null,
  warmupReputation: a.warmup_details?.warmup_reputation ?? null,
});

const savedSchema = z
  .object({ emailAccountId: z.coerce.number().nullish(), id: z.coerce.number().nullish() })
  .passthrough();

/** POST /email-accounts/save: Smartlead checks SMTP and IMAP before it keeps the mailbox. */
export async function connectMailbox(opts: Deps & { input: ConnectMailboxInput }): Promise<MailboxHealth> {
  const i = opts.input;
  const client = await userClient(opts);
  const saved = savedSchema.parse(
    (await client.call('POST', '/email-accounts/save', {
      id: null,
      from_name: i.fromName,
      from_email: i.fromEmail,
      user_name: i.username,
      password: i.password,
      smtp_host: i.smtpHost,
      smtp_port: i.smtpPort,
      smtp_port_type: i.smtpSecurity,
      imap_host: i.imapHost,
      imap_port: i.imapPort,
      max_email_per_day: i.dailyLimit,
      warmup_enabled: false,
    })) ?? {},
  );
  const id = saved.emailAccountId ?? saved.id;
  if (!id) throw new SmartleadError('bad_request', 200, 'Smartlead did not say which mailbox it saved.');
  return healthOf(await ownMailbox(client, id));
}

export async function updateMailbox(
  opts: Deps & { accountId: number; input: UpdateMailboxInput },
): Promise<MailboxHealth> {
  const client = await userClient(opts);
  await ownMailbox(client, opts.accountId);
  await client.call('POST', `/email-accounts/${opts.accountId}`, {
    from_name: opts.input.fromName,
    max_email_per_day: opts.input.dailyLimit,
  });
  return healthOf(await ownMailbox(client, opts.accountId));
}

export async function removeMailbox(opts: Deps & { accountId: number }): Promise<void> {
  const client = await userClient(opts);
  await ownMailbox(client, opts.accountId);
  await client.call('DELETE', `/email-accounts/${opts.accountId}`);
}

/** "Check again": the connection as Smartlead checks it now. */
export async function mailboxHealth(opts: Deps & { accountId: number }): Promise<MailboxHealth> {
  return healthOf(await ownMailbox(await userClient(opts), opts.accountId));
}

export async function setWarmup(
  opts: Deps & { accountId: number; settings: WarmupSettings },
): Promise<MailboxHealth> {
  const client = await userClient(opts);
  await ownMailbox(client, opts.accountId);
  const s = opts.settings;
  await client.call('POST', `/email-accounts/${opts.accountId}/warmup`, {
    warmup_enabled: s.enabled,
    total_warmup_per_day: s.perDay,
    daily_rampup: s.rampUp,
    reply_rate_percentage: s.replyRate,
  });
  return healthOf(await ownMailbox(client, opts.accountId));
}

const n = z.coerce.number().catch(0);
const statsSchema = z
  .object({
    sent_count: n,
    spam_count: n,
    inbox_count: n,
    warmup_email_received_count: n,
    stats_by_date: z
      .array(
        z.object({ date: z.string(), sent_count: n, reply_count: n, save_from_spam_count: n }).passthrough(),
      )
      .catch([]),
  })
  .passthrough();

/** GET /email-accounts/{id}/warmup-stats: the last seven days. */
export async function warmupStats(opts: Deps & { accountId: number }): Promise<WarmupStats> {
  const client = await userClient(opts);
  await ownMailbox(client, opts.accountId);
  const s = statsSchema.parse(
    (await client.call('GET', `/email-accounts/${opts.accountId}/warmup-stats`)) ?? {},
  );
  return {
    sent: s.sent_count,
    inbox: s.inbox_count,
    spam: s.spam_count,
    received: s.warmup_email_received_count,
    days: [...s.stats_by_date]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((d) => ({
        date: d.date.slice(0, 10),
        sent: d.sent_count,
        replied: d.reply_count,
        savedFromSpam: d.save_from_spam_count,
      })),
  };
}
