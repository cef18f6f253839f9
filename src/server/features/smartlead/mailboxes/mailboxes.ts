import type {
  ConnectMailboxInput,
  MailboxHealth,
  MailboxLoginInput,
  UpdateMailboxInput,
  WarmupSettings,
  WarmupStats,
} from '../../../../shared/mailboxes';
import { notFound } from '../../../platform/http/errors';
import { type SmartleadClient, SmartleadError } from '../connection/client';
import { type SmartleadDeps, smartleadClientFor } from '../connection/client-for';
import { healthOf, savedId, warmupStatsOf } from './mailbox-parse';

// Sending mailboxes in Smartlead (decision 0202): connect (SMTP and IMAP), edit, new sign-in details,
// remove, their health as Smartlead last checked it, and warm-up (settings and the last seven days). The
// mailbox password goes straight to Smartlead in the save request: it is not stored here, not logged, and
// never returned. Every call goes through the one Smartlead client (its limiter, Retry-After, retries).

type Deps = SmartleadDeps;

const NOT_FOUND = 'This mailbox is not in your Smartlead account (it may have been removed there).';

/** Smartlead's mailbox ids are positive integers; any other path id names no mailbox: 404. */
export function mailboxId(raw: string): number {
  if (!/^\d{1,12}$/.test(raw) || Number(raw) < 1) throw notFound(NOT_FOUND);
  return Number(raw);
}

/**
 * Calls on one mailbox under the workspace's key, which is what makes a mailbox the workspace's: another
 * key's mailbox is Smartlead's 404, and ours.
 */
async function onMailbox<T>(opts: Deps, fn: (client: SmartleadClient) => Promise<T>): Promise<T> {
  const client = await smartleadClientFor({ ...opts, caller: 'interactive' });
  try {
    return await fn(client);
  } catch (err) {
    if (err instanceof SmartleadError && err.kind === 'not_found') throw notFound(NOT_FOUND);
    throw err;
  }
}

const read = async (client: SmartleadClient, id: number) =>
  healthOf(await client.call('GET', `/email-accounts/${id}/`));

/** POST /email-accounts/save: Smartlead checks SMTP and IMAP before it keeps the mailbox. */
export async function connectMailbox(opts: Deps & { input: ConnectMailboxInput }): Promise<MailboxHealth> {
  const i = opts.input;
  // Not onMailbox: no mailbox is named yet, so a 404 here is no "mailbox not found".
  const client = await smartleadClientFor({ ...opts, caller: 'interactive' });
  const saved = await client.call('POST', '/email-accounts/save', {
    id: null,
    type: i.type,
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
  });
  return read(client, savedId(saved));
}

/**
 * New sign-in details: POST /email-accounts/save with the mailbox's id (the reference sends credential
 * changes there, not to the settings update), so Smartlead signs in again before it keeps them. The
 * fields the save requires that did not change are sent as Smartlead has them.
 */
export function changeMailboxLogin(
  opts: Deps & { accountId: number; input: MailboxLoginInput },
): Promise<MailboxHealth> {
  const i = opts.input;
  return onMailbox(opts, async (client) => {
    const current = (await client.call('GET', `/email-accounts/${opts.accountId}/`)) as Record<
      string,
      unknown
    >;
    const now = healthOf(current);
    await client.call('POST', '/email-accounts/save', {
      id: opts.accountId,
      from_name: current.from_name,
      from_email: current.from_email,
      user_name: i.username,
      password: i.password,
      smtp_host: i.smtpHost,
      smtp_port: i.smtpPort,
      smtp_port_type: i.smtpSecurity,
      imap_host: i.imapHost,
      imap_port: i.imapPort,
      ...(typeof current.message_per_day === 'number' ? { max_email_per_day: current.message_per_day } : {}),
      warmup_enabled: now.warmupStatus === 'ACTIVE',
    });
    return read(client, opts.accountId);
  });
}

/** POST /email-accounts/{id}: settings that need no new sign-in. */
export function updateMailbox(
  opts: Deps & { accountId: number; input: UpdateMailboxInput },
): Promise<MailboxHealth> {
  return onMailbox(opts, async (client) => {
    await client.call('POST', `/email-accounts/${opts.accountId}`, {
      from_name: opts.input.fromName,
      max_email_per_day: opts.input.dailyLimit,
    });
    return read(client, opts.accountId);
  });
}

/** DELETE /email-accounts/{id}: Smartlead takes it out of every campaign and stops its warm-up. */
export function removeMailbox(opts: Deps & { accountId: number }): Promise<void> {
  return onMailbox(opts, async (client) => {
    await client.call('DELETE', `/email-accounts/${opts.accountId}`);
  });
}

/** "Check connection": the mailbox as Smartlead last checked it, with its reasons. */
export function mailboxHealth(opts: Deps & { accountId: number }): Promise<MailboxHealth> {
  return onMailbox(opts, (client) => read(client, opts.accountId));
}

/** POST /email-accounts/{id}/warmup. */
export function setWarmup(
  opts: Deps & { accountId: number; settings: WarmupSettings },
): Promise<MailboxHealth> {
  const s = opts.settings;
  return onMailbox(opts, async (client) => {
    await client.call('POST', `/email-accounts/${opts.accountId}/warmup`, {
      warmup_enabled: s.enabled,
      total_warmup_per_day: s.perDay,
      daily_rampup: s.rampUp,
      reply_rate_percentage: s.replyRate,
    });
    return read(client, opts.accountId);
  });
}

/** GET /email-accounts/{id}/warmup-stats: the last seven days. */
export function warmupStats(opts: Deps & { accountId: number }): Promise<WarmupStats> {
  return onMailbox(opts, async (client) =>
    warmupStatsOf(await client.call('GET', `/email-accounts/${opts.accountId}/warmup-stats`)),
  );
}
