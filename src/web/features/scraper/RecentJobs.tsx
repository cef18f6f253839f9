import { Download } from 'lucide-react';
import type { ScrapeJob } from '../../../shared/scraper';
import { formatDateTime } from '../../lib/format';
import { cn } from '../../lib/utils';
import { Button } from '../../ui/button';
import { downloadJobResults } from './export-csv';

/** The latest 5 completed jobs: date, emails found / total, CSV; a click shows its profiles. */
export function RecentJobs(props: {
  jobs: ScrapeJob[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <ul className="divide-y rounded-lg border" aria-label="Completed searches">
      {props.jobs.map((job) => (
        <li
          key={job.id}
          className={cn(
            'flex items-center gap-3 px-3 py-2 text-sm',
            props.selectedId === job.id && 'bg-indigo-50/70',
          )}
        >
          <button
            type="button"
            onClick={() => props.onSelect(job.id)}
            className="min-w-0 flex-1 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded"
          >
            <span className="block truncate font-medium">{job.keywords.join(', ')}</span>
            <span className="text-xs text-muted-foreground">
              {formatDateTime(job.createdAt)} · {job.emailCount} with email / {job.results.length} total
            </span>
          </button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => downloadJobResults(job)}
            aria-label={`Download CSV of ${job.keywords.join(', ')}`}
          >
            <Download /> CSV
          </Button>
        </li>
      ))}
    </ul>
  );
}
