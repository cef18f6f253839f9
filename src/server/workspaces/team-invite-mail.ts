import type { Config } from '../config';
import { sendMail } from '../mail';

/**
 * Mails the invitation link when an outgoing relay is configured. The invitation stands either way: the
 * inviter also has the link to copy, so a refused mail is reported, never an error.
 */
export async function mailInvitation(opts: {
  config: Pick<Config, 'SMTP_RELAY_URL' | 'MAIL_FROM'>;
  to: string;
  /** The product as the workspace brands it (White Label), else Verilead. */
  productName: string;
  workspaceName: string;
  inviter: string;
  role: string;
  link: string;
  expiresAt: Date;
}): Promise<{ emailed: boolean | null; emailError: string | null }> {
  if (!opts.config.SMTP_RELAY_URL) return { emailed: null, emailError: null };
  const text = [
    `${opts.inviter} invited you to join ${opts.workspaceName} on ${opts.productName} as ${opts.role === 'admin' ? 'an admin' : 'a member'}.`,
    '',
    'Open this link to accept (sign in or create an account first if asked):',
    opts.link,
    '',
    `The link works once and expires on ${opts.expiresAt.toUTCString()}.`,
    'If you did not expect this invitation, ignore this message.',
  ].join('\n');
  try {
    await sendMail({
      relayUrl: opts.config.SMTP_RELAY_URL,
      from: opts.config.MAIL_FROM,
      message: {
        to: opts.to,
        subject: `${opts.inviter} invited you to ${opts.workspaceName} on ${opts.productName}`,
        text,
      },
    });
    return { emailed: true, emailError: null };
  } catch (err) {
    return { emailed: false, emailError: err instanceof Error ? err.message : String(err) };
  }
}
