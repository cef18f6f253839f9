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

/** An address as the list takes it, typed by hand or read from a file. */
export const suppressibleEmailSchema = z
  .string({ error: 'Please enter an email address' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter an email address')
  .max(254, 'That address is too long')
  .email('Please enter a valid email address');

export const addSuppressionSchema = z.object({ email: suppressibleEmailSchema });
export type AddSuppressionInput = z.infer<typeof addSuppressionSchema>;

export const importSuppressionsSchema = z.object({
  csv: z
    .string()
    .min(1, 'The file is empty')
    .max(MAX_SUPPRESSION_IMPORT_BYTES, 'The file is too large (at most 5 MB)'),
});

/** How many refused rows an import answers in full (the count covers them all). */
export const MAX_REFUSED_EXAMPLES = 5;

export const refusedRowSchema = z.object({
  /** The row's place in the file, the first row (a header or not) being 1 and blank lines not counted. */
  row: z.number(),
  /** The cell as read (at most 100 characters). */
  value: z.string(),
  /** Why: the words the manual add form would show. */
  reason: z.string(),
});
export type RefusedRow = z.infer<typeof refusedRowSchema>;

export const addResultSchema = z.object({
  added: z.number(),
  alreadyListed: z.number(),
  /** Rows in which no cell looked like an email address (an import's; 0 for an address added by hand). */
  skipped: z.number(),
});
export type AddResult = z.infer<typeof addResultSchema>;

export const importResultSchema = addResultSchema.extend({
  /** Rows whose address the manual add would refuse (`=1+1@x.com`, `%0d%0a@x.com`): not added. */
  refused: z.number(),
  /** The first few of them. */
  refusedRows: z.array(refusedRowSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const removeSuppressionParamsSchema = z.object({ email: z.string().trim().toLowerCase().max(254) });
