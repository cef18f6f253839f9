import { useQuery } from '@tanstack/react-query';
import { Eye, History, Upload } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { UploadListItem } from '../../shared/lists';
import { listsQueries } from '../features/lists/api';
import { ExportMenu } from '../features/lists/ExportMenu';
import { NotStartedBadge } from '../features/lists/ResultCells';
import { UploadStatusBadge, UploadStatusIcon } from '../features/lists/status';
import { DeleteUploadButton } from '../features/lists/upload-actions';
import { isNotStarted, timeLeft } from '../lib/estimate';
import { formatDateTime, formatKb, successRate } from '../lib/format';
import { Button } from '../ui/button';
import { Card, CardContent } from '../ui/card';
import { PageHeader } from '../ui/PageHeader';
import { Progress } from '../ui/progress';
import { Skeleton } from '../ui/skeleton';
import { VerificationNotice } from '../ui/verification-notice';

function UploadCard({ u }: { u: UploadListItem }) {
  const [, navigate] = useLocation();
  const left = timeLeft(u);
  const notStarted = isNotStarted(u);
  const overall = u.step1Done ? 50 + u.step2Progress / 2 : u.processingProgress / 2;
  const stat = (label: string, value: number, tone = '') => (
    <div>
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className={`font-semibold tabular-nums ${tone}`}>{value.toLocaleString()}</p>
    </div>
  );
  return (
    <Card data-testid="history-item">
      <CardContent className="flex flex-col gap-4 pt-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex min-w-0 items-center gap-3">
            <UploadStatusIcon status={u.status} />
            <div className="min-w-0">
              <h2 className="break-all font-semibold">{u.originalName}</h2>
              <p className="text-sm text-muted-foreground">
                {formatDateTime(u.uploadedAt)}
                {u.fileSize > 0 ? ` · ${formatKb(u.fileSize)}` : ''}
              </p>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {notStarted ? <NotStartedBadge /> : <UploadStatusBadge status={u.status} paused={!!u.notice} />}
            <ExportMenu uploadId={u.id} stats={u.stats} stopped={u.status === 'cancelled'} />
            <Button size="sm" onClick={() => navigate(`/?uploadId=${u.id}`)}>
              <Eye /> {notStarted ? 'Open to start' : 'View Results'}
            </Button>
            <DeleteUploadButton upload={u} size="sm" />
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <div className="flex justify-between text-xs text-muted-foreground">
            <span>
              Initial check {u.processingProgress}% · Final check {u.step2Progress}%
            </span>
            {left && !u.notice && (
              <span data-testid="history-estimate">
                {left.kind === 'measured' ? `${left.text} left` : `Estimated ${left.text}`}
              </span>
            )}
          </div>
          <Progress value={overall} aria-label={`${u.originalName}: ${Math.round(overall)}% processed`} />
        </div>
        <div className="grid grid-cols-3 gap-4 sm:grid-cols-6">
          {stat('Total', u.stats.total)}
          {stat('Valid', u.stats.valid, 'text-emerald-700')}
          {stat('Invalid', u.stats.invalid, 'text-red-700')}
          {stat('Risky', u.stats.risky, 'text-amber-700')}
          {u.status === 'cancelled'
            ? stat('Not checked', u.notChecked, 'text-slate-600')
            : stat('Pending', u.stats.pending, 'text-slate-600')}
          <div>
            <p className="text-xs text-muted-foreground">Success rate</p>
            <p className="font-semibold">{successRate(u.stats.valid, u.stats.total)}</p>
          </div>
        </div>
        {u.duplicates > 0 && (
          <p className="text-xs text-muted-foreground">
            {u.duplicates.toLocaleString()} duplicate{u.duplicates === 1 ? '' : 's'} merged: each address was
            checked once and every row has its verdict.
          </p>
        )}
        <VerificationNotice notice={u.notice} compact />
        {u.status === 'failed' && u.errorMessage && (
          <p className="text-sm text-destructive">{u.errorMessage}</p>
        )}
      </CardContent>
    </Card>
  );
}

export default function HistoryPage() {
  const uploads = useQuery(listsQueries.uploads());
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Processing History"
        description="Review past verification jobs and download results"
      />
      {uploads.isLoading && [0, 1, 2].map((i) => <Skeleton key={i} className="h-40" />)}
      {uploads.isError && (
        <p className="text-destructive">Failed to load your uploads. Please refresh the page.</p>
      )}
      {uploads.data?.length === 0 && (
        <Card>
          <CardContent className="flex flex-col items-center gap-4 py-16 text-center">
            <History className="size-10 text-muted-foreground" />
            <p className="text-lg font-semibold">No uploads yet</p>
            <p className="text-muted-foreground">Your verified lists appear here, kept for 30 days.</p>
            <Button asChild>
              <Link href="/upload">
                <Upload /> Upload CSV
              </Link>
            </Button>
          </CardContent>
        </Card>
      )}
      {uploads.data?.map((u) => (
        <UploadCard key={u.id} u={u} />
      ))}
    </div>
  );
}
