import { Info, OctagonX } from 'lucide-react';
import type { UploadStatusResponse } from '../../../shared/lists';
import { useHasAccess } from '../../lib/access';
import { isNotStarted } from '../../lib/estimate';
import { formatDateTime } from '../../lib/format';
import { AccessNotice } from './AccessNotice';

/**
 * Messages above the results screen's stats, one per situation of the run (in progress, never started,
 * no access to start). Notices about the verification itself (e.g. the engine pausing a run) go here too.
 */
export function DashboardNotices({ status }: { status: UploadStatusResponse }) {
  const hasAccess = useHasAccess();
  const notStarted = isNotStarted(status);
  return (
    <>
      {status.status === 'processing' && !status.notice && (
        <div
          className="flex items-center gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
          data-testid="in-progress-banner"
        >
          <Info className="size-4 shrink-0" aria-hidden="true" />
          Verification of {status.originalName} is in progress. Results appear below as each email is checked.
        </div>
      )}
      {notStarted && hasAccess && (
        <div
          className="flex items-center gap-3 rounded-lg border bg-card px-4 py-3 text-sm"
          data-testid="not-started-banner"
        >
          <Info className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {status.originalName} was uploaded but its verification has not been started. Use Start Verification
          in Quick Actions to check its {status.stats.total.toLocaleString()} emails.
        </div>
      )}
      {notStarted && !hasAccess && <AccessNotice />}
      {status.status === 'cancelled' && (
        <div
          className="flex items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          data-testid="stopped-banner"
        >
          <OctagonX className="size-4 shrink-0" aria-hidden="true" />
          <span>
            Verification stopped
            {status.cancelledAt ? ` on ${formatDateTime(status.cancelledAt)}` : ''}.{' '}
            {(status.stats.total - status.notChecked).toLocaleString()} emails have results;{' '}
            {status.notChecked.toLocaleString()} were not checked. Export the results so far, or resume to
            check the rest.
          </span>
        </div>
      )}
    </>
  );
}
