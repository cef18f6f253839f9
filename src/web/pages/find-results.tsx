import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { BounceRates } from '../features/calibration/BounceRates';
import { finderQueries } from '../features/finder/api';
import { FindResults } from '../features/finder/FindResults';
import { JobPanel } from '../features/finder/JobPanel';
import { Button } from '../ui/button';
import { PageHeader } from '../ui/PageHeader';
import { Skeleton } from '../ui/skeleton';

const back = (
  <Button asChild variant="outline">
    <Link href="/find">
      <ArrowLeft /> All finds
    </Link>
  </Button>
);

// One find's results. The job is read with a one-row page of its results (the same route polls the
// job's progress while it runs), so the header never waits for the table.
export default function FindResultsPage() {
  const { id = '' } = useParams<{ id: string }>();
  const head = useQuery(finderQueries.results(id, { page: 1, pageSize: 1, filter: 'all', search: '' }));
  const job = head.data?.job;

  if (head.isError) {
    const missing = head.error instanceof Error && head.error.message.startsWith('404');
    return (
      <div className="space-y-6">
        <PageHeader title="Find results" actions={back} />
        <p className="py-10 text-center text-muted-foreground" role="alert">
          {missing
            ? 'This find does not exist or was deleted.'
            : 'This find could not be loaded. Reload the page to try again.'}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <PageHeader
        title={job?.name ?? 'Find results'}
        description="Addresses found, their status and the evidence"
        actions={back}
      />
      {job ? <JobPanel job={job} /> : <Skeleton className="h-40 w-full" />}
      <BounceRates kind="find" />
      <FindResults jobId={id} />
    </div>
  );
}
