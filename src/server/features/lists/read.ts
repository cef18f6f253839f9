import { z } from 'zod';
import { type WaitingGroup, waitingGroupSchema } from '../../../shared/list-runs';
import { normalizeUploadStatus, type UploadBreakdown, type UploadListItem } from '../../../shared/lists';
import { type OurSideNotice, ourSideNoticeSchema } from '../../../shared/verification';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/http/errors';
import { reasonCounts } from './queries/results';
import { type UploadShown, uploadOfWorkspace, uploadsOfWorkspace } from './queries/upload-reads';
import { findOwnUpload, isUploadId } from './start';

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

/** The lanes' copy of what rows wait for (anything unreadable: nothing shown). */
function waitingOf(v: WaitingGroup[] | null): WaitingGroup[] {
  if (v === null) return [];
  const ok = z.array(waitingGroupSchema).safeParse(v);
  return ok.success ? ok.data : [];
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const pct = (n: number, of: number) => (of <= 0 ? 0 : Math.max(0, Math.min(100, Math.floor((n * 100) / of))));

/**
 * Progress from the counters and the run's own pace: rows per second measured since the run (or its
 * step 2) started, and the time left at that pace. Never a fixed per-email guess.
 */
export function toListItem(u: UploadShown, now: Date): UploadListItem {
  const n = (v: unknown) => Number(v ?? 0);
  const total = n(u.total);
  const s1 = n(u.step1Count);
  const s2Total = n(u.step2Total);
  const s2 = n(u.step2Count);
  const step1Done = total > 0 && s1 >= total;
  const step2Done = step1Done && s2 >= s2Total;
  const status = normalizeUploadStatus(u.status);
  let rate: number | null = null;
  let etaSeconds: number | null = null;
  if (status === 'processing' && u.runStartedAt) {
    const runStart = new Date(u.runStartedAt).getTime();
    const step1End = u.step1FinishedAt ? new Date(u.step1FinishedAt).getTime() : now.getTime();
    const rate1 = (s1 - n(u.runStep1Base)) / Math.max(0.001, (step1End - runStart) / 1000);
    const step2Start = u.step2StartedAt ? new Date(u.step2StartedAt).getTime() : null;
    const rate2 =
      step2Start !== null && now.getTime() - step2Start > 1000
        ? (s2 - n(u.runStep2Base)) / ((now.getTime() - step2Start) / 1000)
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
    originalName: u.originalName,
    fileSize: n(u.fileSize),
    status,
    uploadedAt: new Date(u.uploadedAt).toISOString(),
    startedAt: iso(u.startedAt),
    completedAt: iso(u.completedAt),
    errorMessage: u.errorMessage,
    notice: status === 'processing' ? readNotice(u.notice) : null,
    waiting: status === 'processing' ? waitingOf(u.waiting) : [],
    stats: { total, valid: n(u.valid), invalid: n(u.invalid), risky: n(u.risky), pending: n(u.pending) },
    duplicates: n(u.duplicates),
    notChecked: status === 'cancelled' ? n(u.pending) : 0,
    cancelledAt: iso(u.cancelledAt),
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
  const rows = await uploadsOfWorkspace(opts.db, { workspaceId: opts.workspaceId });
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
  const rows = await uploadOfWorkspace(opts.db, { uploadId: opts.uploadId, workspaceId: opts.workspaceId });
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
  const rows = await reasonCounts(opts.db, { uploadId: opts.uploadId });
  return { reasons: rows.map((r) => ({ reason: r.reason ?? 'accepted', count: Number(r.n) })) };
}
