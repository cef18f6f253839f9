import { z } from 'zod';
import { userSchema } from './auth';

// Two-factor sign-in (decision 0021).

/** Six digits from the authenticator app, spaces allowed (apps show "123 456"). */
export const totpCodeSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** A code at sign-in: the app's six digits or one recovery code (xxxx-xxxx-xxxx-xxxx). */
export const secondFactorSchema = z.object({
  code: z.string().trim().min(6, 'Enter a code').max(40, 'That code is too long'),
});

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code (an SVG data URL). */
  qrDataUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** The account's password, asked again: any stored one (older ones may be shorter than today's rule). */
const currentPasswordSchema = z
  .string()
  .min(1, 'Enter your password')
  .max(256, 'Password must be at most 256 characters');

/** Turning it on asks for the password too: a borrowed session must not lock the owner out. */
export const enableTwoFactorSchema = z.object({ code: totpCodeSchema, password: currentPasswordSchema });
export type EnableTwoFactorInput = z.infer<typeof enableTwoFactorSchema>;
export const passwordConfirmSchema = z.object({ password: currentPasswordSchema });

/** Shown once; only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /api/login answers this instead of the user when the account has two-factor sign-in. */
export const twoFactorRequiredSchema = z.object({ twoFactorRequired: z.literal(true) });
/** POST /api/login: the user signed in, or the second factor asked for. */
export const loginResultSchema = userSchema.or(twoFactorRequiredSchema);
