import { z } from 'zod';

// The workspace's suppression list (decision 0220): addresses never sent to Smartlead again.

export const suppressionReasons = ['bounced', 'unsubscribed', 'manual', 'imported'] as const;
export type SuppressionReason = (typeof suppressionReasons)[number];

export const suppressionReasonLabels: Record<SuppressionReason, string> = {
  bounced: 'Bounced in a campaign',
  unsubscribed: 'Unsubscribed from a campaign',
  manual: 'Added by hand',
  imported: 'Imported from a file',
};

export const SUPPRESSIONS_PAGE_SIZE = 50;
/** An import file is read in the browser and sent as text; this bounds the request. */
export const MAX_SUPPRESSION_IMPORT_BYTES = 5 * 1024 * 1024;

export const suppressionSchema = z.object({
  email: z.string(),
  reason: z.enum(suppressionReasons),
  createdAt: z.string(),
});
export type Suppression = z.infer<typeof suppressionSchema>;

export const suppressionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  search: z.string().trim().max(254).default(''),
});

export const suppressionListSchema = z.object({
  items: z.array(suppressionSchema),
  total: z.number(),
  page: z.number(),
  totalPages: z.number(),
});
export type SuppressionList = z.infer<typeof suppressionListSchema>;

export const addSuppressionSchema = z.object({
  email: z
    .string({ error: 'Please enter an email address' })
    .trim()
    .toLowerCase()
    .min(1, 'Please enter an email address')
    .max(254, 'That address is too long')
    .email('Please enter a valid email address'),
});
export type AddSuppressionInput = z.infer<typeof addSuppressionSchema>;

export const importSuppressionsSchema = z.object({
  csv: z
    .string()
    .min(1, 'The file is empty')
    .max(MAX_SUPPRESSION_IMPORT_BYTES, 'The file is too large (at most 5 MB)'),
});

export const importResultSchema = z.object({
  added: z.number(),
  alreadyListed: z.number(),
  /** Rows in which no cell looked like an email address. */
  skipped: z.number(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const removeSuppressionParamsSchema = z.object({ email: z.string().trim().toLowerCase().max(254) });
