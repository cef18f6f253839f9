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
export const resetPasswordSchema = resetTokenSchema.extend({ password: passwordSchema });

/** The reset form (the confirmation is checked in the browser, next to its field). */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
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
