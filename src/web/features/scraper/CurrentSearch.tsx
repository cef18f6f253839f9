import { Loader2 } from 'lucide-react';
import { SCRAPE_STATUS_LABELS, type ScrapeJob } from '../../../shared/scraper';
import { Badge } from '../../ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Progress } from '../../ui/progress';

/** Card Current Search: keywords, completed/max profiles. */
export function CurrentSearch({ job }: { job: ScrapeJob }) {
  const pct = job.maxItems ? (job.completedItems / job.maxItems) * 100 : 0;
  return (
    <Card data-testid="current-search">
      <CardHeader className="flex-row items-center justify-between space-y-0">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Loader2 className="size-4 animate-spin text-indigo-600" /> Current Search
        </CardTitle>
        <Badge variant="info">{SCRAPE_STATUS_LABELS[job.status]}</Badge>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <dl className="grid gap-2 sm:grid-cols-3">
          <div className="sm:col-span-2">
            <dt className="text-muted-foreground">{job.mode === 'keyword' ? 'Keywords' : 'Profiles'}</dt>
            <dd className="font-medium break-words">{job.keywords.join(', ')}</dd>
          </div>
          {/* Jobs from before the location field was removed (decision 0300) still show theirs. */}
          {job.location && (
            <div>
              <dt className="text-muted-foreground">Location</dt>
              <dd className="font-medium">{job.location}</dd>
            </div>
          )}
        </dl>
        <div className="space-y-1">
          <div className="flex justify-between text-xs text-muted-foreground">
            <span>Progress</span>
            <span>
              {job.completedItems}/{job.maxItems} profiles
            </span>
          </div>
          <Progress
            value={pct}
            aria-label={`Search progress: ${job.completedItems} of ${job.maxItems} profiles`}
          />
        </div>
      </CardContent>
    </Card>
  );
}
