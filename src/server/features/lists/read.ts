import { z } from 'zod';
import {
  type OurSideNotice,
  ourSideNoticeSchema,
  type WaitingGroup,
  waitingGroupSchema,
} from '../../../shared/list-runs';
import { normalizeUploadStatus, type UploadBreakdown, type UploadListItem } from '../../../shared/lists';
import type { Db } from '../../platform/db/client';
import { query } from '../../platform/db/sql';
import { notFound } from '../../platform/http/errors';
import { reasonCounts } from './queries/results';
import { uploadOfWorkspace, uploadsOfWorkspace } from './queries/uploads';
import { findOwnUpload, isUploadId } from './start';

type UploadDbRow = {
  id: string;
  original_name: string;
  file_size: number;
  status: string;
  error_message: string | null;
  notice: string | null;
  duplicates: number;
  cancelled_at: Date | string | null;
  waiting: WaitingGroup[] | string | null;
  total: number;
  valid: number;
  invalid: number;
  risky: number;
  pending: number;
  step1_count: number;
  step2_total: number;
  step2_count: number;
  run_started_at: Date | string | null;
  run_step1_base: number;
  run_step2_base: number;
  step1_finished_at: Date | string | null;
  step2_started_at: Date | string | null;
  started_at: Date | string | null;
  completed_at: Date | string | null;
  uploaded_at: Date | string;
};

/** The stored notice (JSON written by the run's lanes); anything unreadable is no notice. */
function readNotice(text: string | null): OurSideNotice | null {
  if (!text) return null;
  try {
    const parsed = ourSideNoticeSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The lanes' copy of what rows wait for (jsonb: parsed by PostgreSQL's driver, text on some paths). */
function waitingOf(v: WaitingGroup[] | string | null): WaitingGroup[] {
  if (v === null) return [];
  const parsed = typeof v === 'string' ? JSON.parse(v) : v;
  const ok = z.array(waitingGroupSchema).safeParse(parsed);
  return ok.success ? ok.data : [];
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const pct = (n: number, of: number) => (of <= 0 ? 0 : Math.max(0, Math.min(100, Math.floor((n * 100) / of))));

/**
 * Progress from the counters and the run's own pace: rows per second measured since the run (or its
 * step 2) started, and the time left at that pace. Never a fixed per-email guess.
 */
export function toListItem(u: UploadDbRow, now: Date): UploadListItem {
  const n = (v: unknown) => Number(v ?? 0);
  const total = n(u.total);
  const s1 = n(u.step1_count);
  const s2Total = n(u.step2_total);
  const s2 = n(u.step2_count);
  const step1Done = total > 0 && s1 >= total;
  const step2Done = step1Done && s2 >= s2Total;
  const status = normalizeUploadStatus(u.status);
  let rate: number | null = null;
  let etaSeconds: number | null = null;
  if (status === 'processing' && u.run_started_at) {
    const runStart = new Date(u.run_started_at).getTime();
    const step1End = u.step1_finished_at ? new Date(u.step1_finished_at).getTime() : now.getTime();
    const rate1 = (s1 - n(u.run_step1_base)) / Math.max(0.001, (step1End - runStart) / 1000);
    const step2Start = u.step2_started_at ? new Date(u.step2_started_at).getTime() : null;
    const rate2 =
      step2Start !== null && now.getTime() - step2Start > 1000
        ? (s2 - n(u.run_step2_base)) / ((now.getTime() - step2Start) / 1000)
        : null;
    rate = step1Done ? rate2 : rate1 > 0 ? rate1 : null;
    // Rows still to reach step 2: the share of valid rows so far applied to the rows left.
    const validShare = s1 > 0 ? s2Total / s1 : 1;
    const left1 = total - s1;
    const left2 = s2Total - s2 + left1 * validShare;
    if (!step1Done && rate1 > 0 && rate2 === null && left2 > 0) etaSeconds = null;
    else {
      const t1 = left1 > 0 ? (rate1 > 0 ? left1 / rate1 : null) : 0;
      const t2 = left2 > 0 ? (rate2 && rate2 > 0 ? left2 / rate2 : null) : 0;
      etaSeconds = t1 === null || t2 === null ? null : Math.ceil(t1 + t2);
    }
    if (rate !== null) rate = Math.round(rate * 10) / 10;
  }
  return {
    id: u.id,
    originalName: u.original_name,
    fileSize: n(u.file_size),
    status,
    uploadedAt: new Date(u.uploaded_at).toISOString(),
    startedAt: iso(u.started_at),
    completedAt: iso(u.completed_at),
    errorMessage: u.error_message,
    notice: status === 'processing' ? readNotice(u.notice) : null,
    waiting: status === 'processing' ? waitingOf(u.waiting) : [],
    stats: { total, valid: n(u.valid), invalid: n(u.invalid), risky: n(u.risky), pending: n(u.pending) },
    duplicates: n(u.duplicates),
    notChecked: status === 'cancelled' ? n(u.pending) : 0,
    cancelledAt: iso(u.cancelled_at),
    processingProgress: pct(s1, total),
    step2Progress: step1Done ? (s2Total === 0 ? 100 : pct(s2, s2Total)) : pct(s2, Math.max(1, s2Total)),
    step1Done,
    step2Done,
    step1Count: s1,
    step2Total: s2Total,
    step2Count: s2,
    rate,
    etaSeconds,
  };
}

export async function listUploads(opts: {
  db: Db;
  workspaceId: string;
  now: Date;
}): Promise<UploadListItem[]> {
  const rows = await query<UploadDbRow>(opts.db, uploadsOfWorkspace({ workspaceId: opts.workspaceId }));
  return rows.map((r) => toListItem(r, opts.now));
}

export async function getUploadStatus(opts: {
  db: Db;
  workspaceId: string;
  uploadId: string;
  now: Date;
}): Promise<UploadListItem> {
  // One statement (screens poll this every few seconds during a run).
  if (!isUploadId(opts.uploadId)) throw notFound('Upload not found');
  const rows = await query<UploadDbRow>(
    opts.db,
    uploadOfWorkspace({ uploadId: opts.uploadId, workspaceId: opts.workspaceId }),
  );
  if (!rows[0]) throw notFound('Upload not found');
  return toListItem(rows[0], opts.now);
}

/** Reasons behind the verdicts, for the dashboard chart. */
export async function getBreakdown(opts: {
  db: Db;
  workspaceId: string;
  uploadId: string;
}): Promise<UploadBreakdown> {
  await findOwnUpload(opts);
  const rows = await query<{ reason: string | null; n: number }>(
    opts.db,
    reasonCounts({ uploadId: opts.uploadId }),
  );
  return { reasons: rows.map((r) => ({ reason: r.reason ?? 'accepted', count: Number(r.n) })) };
}
