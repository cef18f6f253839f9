import { useQuery } from '@tanstack/react-query';
import { BarChart3, Upload } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { BounceRates } from '../features/calibration/BounceRates';
import { listsQueries } from '../features/lists/api';
import { DashboardNotices } from '../features/lists/DashboardNotices';
import { ProcessingPanel } from '../features/lists/ProcessingPanel';
import { QuickActions } from '../features/lists/QuickActions';
import { ResultsCharts } from '../features/lists/ResultsCharts';
import { ResultsTable } from '../features/lists/ResultsTable';
import { SingleCheck } from '../features/lists/SingleCheck';
import { StatCards } from '../features/lists/StatCards';
import { isNotStarted } from '../lib/estimate';
import { formatDay } from '../lib/format';
import { Button } from '../ui/button';
import { Card, CardContent } from '../ui/card';
import { PageHeader } from '../ui/PageHeader';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';
import { Skeleton } from '../ui/skeleton';
import { VerificationNotice } from '../ui/verification-notice';

// The results screen (/dashboard, and / with ?uploadId=): selector, stats, steps, actions, results.
export default function DashboardPage({ uploadId }: { uploadId?: string }) {
  const uploads = useQuery(listsQueries.uploads());
  const [selected, setSelected] = useState<string | null>(uploadId ?? null);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (uploadId) setSelected(uploadId);
  }, [uploadId]);
  const list = uploads.data ?? [];
  const current = selected ?? list[0]?.id ?? null;
  const status = useQuery(listsQueries.status(current));
  const s = status.data;
  const processing = s?.status === 'processing';
  const breakdown = useQuery(listsQueries.breakdown(s?.id ?? null, processing));

  const header = (
    <PageHeader
      title="Verification Dashboard"
      description="View real-time verification results and statistics"
      actions={
        list.length > 1 && current ? (
          <Select value={current} onValueChange={setSelected}>
            <SelectTrigger className="w-full sm:w-72" aria-label="Select upload">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {list.map((u) => (
                <SelectItem key={u.id} value={u.id}>
                  {u.originalName} · {formatDay(u.uploadedAt)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ) : undefined
      }
    />
  );

  if (uploads.isLoading || (current && status.isLoading)) {
    return (
      <div>
        {header}
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      </div>
    );
  }
  if (!current || status.isError || !s) {
    return (
      <div>
        {header}
        <Card>
          <CardContent className="flex flex-col items-center gap-4 py-16 text-center">
            <BarChart3 className="size-10 text-muted-foreground" />
            <p className="text-lg font-semibold">{status.isError ? 'Upload not found' : 'No uploads yet'}</p>
            <p className="text-muted-foreground">Upload a CSV list to see its verification results here.</p>
            <Button asChild>
              <Link href="/upload">
                <Upload /> Upload CSV
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      {header}
      <VerificationNotice notice={s.notice} />
      <DashboardNotices status={s} />
      <StatCards
        stats={s.stats}
        reasons={breakdown.data?.reasons}
        notChecked={s.notChecked}
        duplicates={s.duplicates}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ProcessingPanel status={s} />
        </div>
        <QuickActions
          status={s}
          onDeleted={() => {
            setSelected(null);
            navigate('/dashboard');
          }}
        />
      </div>
      <ResultsCharts
        uploadId={s.id}
        stats={s.stats}
        processing={processing}
        stopped={s.status === 'cancelled'}
      />
      <BounceRates kind="verify" />
      <ResultsTable
        key={s.id}
        uploadId={s.id}
        processing={processing}
        notStarted={isNotStarted(s)}
        stats={s.stats}
        stopped={s.status === 'cancelled'}
      />
      <SingleCheck />
    </div>
  );
}
