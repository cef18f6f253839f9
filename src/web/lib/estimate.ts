import type { UploadListItem } from '../../shared/lists';
import { formatEta } from './format';

// Fixed per-email estimates, used only until a run has measured its own pace.
/** History: about one minute per 150 emails. */
export const listMinutes = (total: number) => Math.ceil(total / 150);
/** Final check: about 45 s per email (shown as 30-60 seconds). */
export const step2Minutes = (pending: number) => Math.ceil((pending * 45) / 60);

export function minutesText(minutes: number): string {
  if (minutes <= 1) return 'about 1 min';
  if (minutes < 60) return `about ${minutes} min`;
  return `about ${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** A list that was uploaded but whose verification never started. */
export function isNotStarted(u: Pick<UploadListItem, 'status' | 'startedAt'>): boolean {
  return (u.status === 'pending' || u.status === 'draft') && !u.startedAt;
}

export interface TimeLeft {
  text: string;
  /** measured: from the run's own pace; estimate: the fixed figures. */
  kind: 'measured' | 'estimate';
}

/** Time left of a list: the measured ETA when the run has one, else the estimate. */
export function timeLeft(u: UploadListItem): TimeLeft | null {
  const measured = u.status === 'processing' ? formatEta(u.etaSeconds) : null;
  if (measured) return { text: measured, kind: 'measured' };
  if (u.status === 'completed' || u.status === 'failed' || u.stats.pending === 0) return null;
  // Step 1 still to do: the whole-list figure; step 1 done: the final check of the rows left.
  const minutes = u.step1Done
    ? step2Minutes(Math.max(0, u.step2Total - u.step2Count))
    : listMinutes(u.stats.pending);
  return minutes > 0 ? { text: minutesText(minutes), kind: 'estimate' } : null;
}
