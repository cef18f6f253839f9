import { z } from 'zod';
import { emailSchema, passwordSchema } from './auth';

// Contracts of the account screens (decision 0830): /settings/account, /forgot-password, /reset-password.

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The same answer whether or not the address has an account. */
export const forgotPasswordResultSchema = z.object({ message: z.string() });

/** What /forgot-password shows before anything is sent: mail or, without a relay, whom to ask. */
export const resetInfoSchema = z.object({ mailEnabled: z.boolean(), contact: z.string() });
export type ResetInfo = z.infer<typeof resetInfoSchema>;

export const resetTokenSchema = z.object({ token: z.string().min(10).max(200) });
/**
 * The reset link proves the mailbox is the person's: with it they may also turn two-factor sign-in off
 * (a lost phone; off unless asked) and revoke their API tokens (on unless declined: a reset usually
 * follows a suspected compromise).
 */
export const resetPasswordSchema = resetTokenSchema.extend({
  password: passwordSchema,
  turnOffTwoFactor: z.boolean().default(false),
  revokeApiTokens: z.boolean().default(true),
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** Whether a reset link still works, and whether its account has two-factor sign-in (the form offers to turn it off). */
export const resetCheckSchema = z.object({ valid: z.boolean(), twoFactor: z.boolean() });
export type ResetCheck = z.infer<typeof resetCheckSchema>;

/** The reset form (the confirmation is checked in the browser, next to its field). */
export const resetPasswordFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string(),
    turnOffTwoFactor: z.boolean(),
    revokeApiTokens: z.boolean(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export const accountSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** A new address waiting for its confirmation link to be opened. */
  pendingEmail: z.string().nullable(),
  mailEnabled: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

const nameField = (label: string) =>
  z
    .string()
    .trim()
    .max(80, `${label} must be at most 80 characters`)
    .transform((v) => v || null)
    .nullable();
export const updateProfileSchema = z.object({
  firstName: nameField('First name'),
  lastName: nameField('Last name'),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const changeEmailSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your current password').max(256),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;
/** The link opens /settings/account/email?token=…; without a relay the link is returned to copy. */
export const changeEmailResultSchema = z.object({
  message: z.string(),
  pendingEmail: z.string(),
  link: z.string().nullable(),
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(256),
  newPassword: passwordSchema,
});

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export const sessionInfoSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListSchema = z.array(sessionInfoSchema);

export const signedOutSchema = z.object({ signedOut: z.number() });

export const deleteAccountSchema = z.object({
  password: z.string().min(1, 'Enter your password to confirm').max(256),
});
