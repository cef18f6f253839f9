import { z } from 'zod';

// Personal API tokens (bearer) for CSV downloads; the secret is shown once, at creation.
export const createApiTokenSchema = z.object({
  name: z.string().trim().min(1, 'Please give the token a name').max(80),
});
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
