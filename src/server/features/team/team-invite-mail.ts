import type { Config } from '../../platform/config';
import { mailSafeName, sendMail } from '../../platform/mail';

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
  // The link is the only address in the message; names are shown without links or markup.
  const inviter = mailSafeName(opts.inviter);
  const workspaceName = `"${mailSafeName(opts.workspaceName, 'a workspace')}"`;
  const productName = mailSafeName(opts.productName, 'Verilead');
  const text = [
    `${inviter} invited you to join ${workspaceName} on ${productName} as ${opts.role === 'admin' ? 'an admin' : 'a member'}.`,
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
        subject: `${inviter} invited you to ${workspaceName} on ${productName}`,
        text,
      },
    });
    return { emailed: true, emailError: null };
  } catch (err) {
    return { emailed: false, emailError: err instanceof Error ? err.message : String(err) };
  }
}
