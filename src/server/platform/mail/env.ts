import { z } from 'zod';
import { envString } from '../config/env-helpers';

// The outgoing mail relay (invitations): a fragment of the main config schema (config/index.ts spreads it).
export const mailEnv = {
  /**
   * smtp://user:pass@host:587 (STARTTLS when the relay offers it) or smtps://user:pass@host:465 (TLS from
   * the start). Unset: no mail is sent and the screens show the links to copy instead.
   */
  SMTP_RELAY_URL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .regex(/^smtps?:\/\/[^/\s]+\/?$/, 'Use smtp://user:pass@host:port or smtps://user:pass@host:port')
      // Checked at boot as the mail code reads it, so a password with `#` or `?` fails here, in words, not
      // later with the URL in the error.
      .refine(
        (v) => URL.canParse(v) && new URL(v).hostname !== '',
        'Cannot be read as smtp://user:pass@host:port: percent-encode any / # ? @ : or space in the user name or password',
      )
      .optional(),
  ),
  /** The From address of the mail we send; defaults to no-reply@ the relay's host. */
  MAIL_FROM: envString(),
};
