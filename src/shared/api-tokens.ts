import { z } from 'zod';

// Personal API tokens (bearer): API v1, the MCP server and CSV downloads. The secret is shown once, at creation.

/** What a token may do. `downloads`: the cleaned scraper CSV download. */
export const API_SCOPES = [
  'lists:read',
  'lists:write',
  'verify',
  'downloads',
  'finds',
  'deliverability',
  'smartlead',
  'suppressions',
  'usage',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'lists:read': 'Read lists, results and exports',
  'lists:write': 'Create and delete lists',
  verify: 'Verify single addresses',
  downloads: 'Download cleaned scraper CSV files',
  finds: 'Find email addresses by name and company, and read finds',
  deliverability: "Check sending domains, read their reports, and check a message's headers",
  smartlead: 'Read Smartlead campaigns and send lists to them',
  suppressions: 'Read and add to the suppression list',
  usage: 'Read the plan, usage and what is left this month',
};

export const createApiTokenSchema = z.object({
  name: z.string().trim().min(1, 'Please give the token a name').max(80),
  scopes: z
    .array(z.enum(API_SCOPES, { message: `scopes must be among ${API_SCOPES.join(', ')}` }))
    .min(1, 'Pick at least one scope')
    .optional(),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.array(apiTokenSchema);
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
