import { z } from 'zod';

// "Your data" (decision 0830): a zip of everything the account and its workspace hold, built in the background.

export const DATA_EXPORT_KEEP_DAYS = 7;

export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'ready', 'failed']),
  /** 0–100, from the files written so far. */
  progress: z.number().int().min(0).max(100),
  sizeBytes: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
  /** Present once ready. */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET: the newest export of this user in this workspace, if any. */
export const latestDataExportSchema = z.object({ export: dataExportSchema.nullable() });
export type LatestDataExport = z.infer<typeof latestDataExportSchema>;

export const dataExportIdParams = z.object({ id: z.string().uuid() });
