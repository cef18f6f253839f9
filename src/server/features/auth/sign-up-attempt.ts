import { randomUUID } from 'node:crypto';
import type { RegisterInput, User } from '../../../shared/auth';
import type { Config } from '../../platform/config';
import { sendMail } from '../../platform/mail';

// A sign-up with an address that already has an account (decision 0830, "Sign-up and taken addresses"):
// the caller gets the answer a new account gets, without a session, so the answer alone does not tell
// which addresses are registered; the account's owner hears of it by mail instead.

/**
 * The body of the 201 for a taken address: what was sent, shaped as the new user it would have been. Its
 * id names no account (a fresh random one, as a new account's would look).
 */
export const signUpEcho = (input: RegisterInput): User => ({
  id: randomUUID(),
  username: input.username,
  firstName: input.username,
  lastName: null,
  email: input.email,
  profileImageUrl: null,
});

/** Tells the owner of the address that someone tried to sign up with it; nothing without a relay. */
export async function mailSignUpAttempt(opts: {
  config: Pick<Config, 'SMTP_RELAY_URL' | 'MAIL_FROM'>;
  to: string;
  /** The service's public origin for the sign-in link, or null (then the mail names the page). */
  origin: string | null;
}) {
  if (!opts.config.SMTP_RELAY_URL) return;
  const signIn = opts.origin ? `${opts.origin}/auth` : 'the Verilead sign-in page';
  const text = [
    'Someone tried to sign up for Verilead with your email address. You already have an account, so nothing',
    'was created and nobody was signed in.',
    '',
    `If it was you, sign in instead (or use "Forgot password" there): ${signIn}`,
    'If it was not you, you can ignore this message; your account is unchanged.',
  ].join('\n');
  await sendMail({
    relayUrl: opts.config.SMTP_RELAY_URL,
    from: opts.config.MAIL_FROM,
    message: { to: opts.to, subject: 'Someone tried to sign up with your address', text },
  });
}
