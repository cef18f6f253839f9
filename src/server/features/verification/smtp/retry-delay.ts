import { backoffDelay } from '../../../platform/retry';
import type { SmtpSettings } from '../types';
import { retryAfterSeconds, type SmtpReply } from './replies';

/**
 * How long an address waits after a temporary answer: what the server asked for when its reply says
 * ("try again in 5 minutes"), else the greylisting wait, else a short jittered back-off (a 4xx that is
 * not greylisting usually clears within seconds: a busy server, a lock on the mailbox).
 */
export function temporaryRetryDelay(
  settings: Pick<SmtpSettings, 'greylistRetryS' | 'retryBaseMs'>,
  attempts: number,
  reason: 'greylisted' | 'temp_failure',
  reply: SmtpReply | null,
): number {
  const asked = reply ? retryAfterSeconds(reply.text) : null;
  if (asked !== null) return asked * 1000;
  if (reason === 'greylisted') return settings.greylistRetryS * 1000;
  return backoffDelay(attempts, {
    baseMs: settings.retryBaseMs,
    maxMs: 4 * settings.retryBaseMs,
    jitter: 0.5,
  });
}
