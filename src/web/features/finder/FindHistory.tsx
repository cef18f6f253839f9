import { useQuery } from '@tanstack/react-query';
import { ChevronRight, FileSpreadsheet, User } from 'lucide-react';
import { Link } from 'wouter';
import type { FindJob } from '../../../shared/finder';
import { formatDateTime } from '../../lib/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Progress } from '../../ui/progress';
import { Skeleton } from '../../ui/skeleton';
import { finderQueries, isRunning } from './api';
import { FindJobStatusBadge } from './status';

/** "3 of 10 found", or for a single find the one answer's fate. */
export function foundText(job: FindJob): string {
  if (job.kind === 'single') return isRunning(job) ? 'Asking…' : job.found > 0 ? 'Found' : 'No address';
  return `${job.found.toLocaleString()} found of ${job.total.toLocaleString()}`;
}

function HistoryRow({ job }: { job: FindJob }) {
  const Icon = job.kind === 'bulk' ? FileSpreadsheet : User;
  const running = isRunning(job);
  return (
    <li>
      <Link
        href={`/find/${job.id}`}
        className="flex items-center gap-3 rounded-lg px-3 py-3 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-testid="find-history-item"
      >
        <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
        <span className="min-w-0 flex-1 space-y-1">
          <span className="block truncate font-medium">{job.name}</span>
          <span className="block text-xs text-muted-foreground">
            {formatDateTime(job.createdAt)} · {foundText(job)}
          </span>
          {running && job.kind === 'bulk' && (
            <Progress
              value={job.total ? (job.done / job.total) * 100 : 0}
              aria-label={`${job.name}: ${job.done} of ${job.total} people done`}
              className="h-1.5"
            />
          )}
        </span>
        <FindJobStatusBadge status={job.status} />
        <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </Link>
    </li>
  );
}

/** Every find of the workspace, single and bulk, newest first; running ones move on their own. */
export function FindHistory() {
  const jobs = useQuery(finderQueries.jobs());
  return (
    <Card>
      <CardHeader>
        <CardTitle>History</CardTitle>
        <CardDescription>
          Your finds, newest first. Open one for its results, export and sending.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {jobs.isLoading ? (
          <div className="space-y-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : jobs.isError ? (
          <p className="py-6 text-center text-sm text-destructive">
            Your finds could not be loaded. Reload the page to try again.
          </p>
        ) : !jobs.data?.jobs.length ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No finds yet.</p>
        ) : (
          <ul className="divide-y" aria-label="Finds">
            {jobs.data.jobs.map((job) => (
              <HistoryRow key={job.id} job={job} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
