import { z } from 'zod';
import { planSchema } from './plans';

// Contracts of the account calls. Messages are the product's documented wording.
// The plans (their ids, names, prices and limits): src/shared/plans.ts.

export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(64, 'Username must be at most 64 characters');
/** The rule for a new password (sign-up, reset, change); passwords set before it still sign in. */
export const PASSWORD_MIN = 10;
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(256, 'Password must be at most 256 characters');

// Sign-in takes the username or the email used at sign-up, and any stored password (older ones may be short).
export const loginSchema = z.object({
  username: z
    .string()
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(254, 'Username or email must be at most 254 characters'),
  password: z.string().min(1, 'Enter your password').max(256, 'Password must be at most 256 characters'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const emailSchema = z.string().trim().max(254, 'Invalid email address').email('Invalid email address');

export const registerSchema = z.object({
  // No "@": a sign-in name with one is read as an email address.
  username: usernameSchema.refine((v) => !v.includes('@'), 'Username cannot contain "@"'),
  email: emailSchema,
  password: passwordSchema,
  plan: planSchema.default('hobbyist'),
});
export type RegisterInput = z.infer<typeof registerSchema>;

// The visible form also holds confirmPassword and checks it on the client.
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const subscriptionStatusSchema = z.object({
  hasAccess: z.boolean(),
  trialEnded: z.boolean(),
  trialEndDate: z.string().nullable(),
  /** Present while a renewal has failed: work stays open until graceEndsAt, then it is read-only. */
  paymentIssue: z.object({ graceEndsAt: z.string(), readOnly: z.boolean() }).optional(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const messageSchema = z.object({ message: z.string() });

// Name of the cookie that carries the CSRF token (double-submit). The client copies it into the header.
export const CSRF_COOKIE = 'vl_csrf';
export const CSRF_HEADER = 'x-csrf-token';
