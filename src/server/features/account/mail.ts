import type { Config } from '../../platform/config';
import { sendMail } from '../../platform/mail';

type MailConfig = Pick<Config, 'SMTP_RELAY_URL' | 'MAIL_FROM'>;

// The account's own mails. They name no one: the only address in them is the link, built on the
// service's public origin (http/public-origin.ts).

export function passwordResetMail(link: string, expiresAt: Date) {
  return {
    subject: 'Reset your Verilead password',
    text: [
      'Someone (hopefully you) asked to reset the password of the Verilead account that uses this address.',
      '',
      'Open this link to choose a new password:',
      link,
      '',
      `The link works once and expires at ${expiresAt.toUTCString()}.`,
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

export function emailChangeMail(link: string, expiresAt: Date) {
  return {
    subject: 'Confirm your new Verilead email address',
    text: [
      'A Verilead account asked to use this address from now on.',
      '',
      'Open this link to confirm it (sign in first if asked):',
      link,
      '',
      `The link works once and expires at ${expiresAt.toUTCString()}.`,
      'If you did not ask for this, ignore this message: nothing changes.',
    ].join('\n'),
  };
}

/** A change the owner should hear about at the address they know (a stranger's change would show). */
export function securityNoticeMail(change: 'password' | 'email', newEmail?: string) {
  const what =
    change === 'password'
      ? 'The password of the Verilead account that uses this address was changed.'
      : `The Verilead account that used this address now uses ${newEmail} instead.`;
  return {
    subject:
      change === 'password'
        ? 'Your Verilead password was changed'
        : 'Your Verilead email address was changed',
    text: [
      what,
      '',
      'If this was you, nothing more to do. If not, reset your password at once and write to support.',
    ].join('\n'),
  };
}

/** Sends one account mail; false (logged by the caller) when the relay refuses or is unreachable. */
export async function sendAccountMail(opts: {
  config: MailConfig;
  to: string;
  mail: { subject: string; text: string };
}): Promise<void> {
  if (!opts.config.SMTP_RELAY_URL) throw new Error('No mail relay is configured (SMTP_RELAY_URL)');
  await sendMail({
    relayUrl: opts.config.SMTP_RELAY_URL,
    from: opts.config.MAIL_FROM,
    message: { to: opts.to, ...opts.mail },
  });
}
