import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Camera } from 'lucide-react';
import { useState } from 'react';
import type { ScrapeJob } from '../../shared/scraper';
import { scraperQueries } from '../features/scraper/api';
import { CurrentSearch } from '../features/scraper/CurrentSearch';
import { JobResults } from '../features/scraper/JobResults';
import { RecentJobs } from '../features/scraper/RecentJobs';
import { SearchForm } from '../features/scraper/SearchForm';
import { useScrapeJobs } from '../features/scraper/use-scrape-jobs';
import { queryClient } from '../lib/api';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { PageHeader } from '../ui/PageHeader';
import { Skeleton } from '../ui/skeleton';

const RECENT = 5; // Only the 5 latest completed jobs are shown

export default function InstagramScraperPage() {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const config = useQuery(scraperQueries.config());
  const { query, jobs, active, track } = useScrapeJobs((job) => {
    if (job.status === 'completed') setSelectedId(job.id);
  });
  const completed = jobs.filter((j) => j.status === 'completed').slice(0, RECENT);
  const selected: ScrapeJob | undefined = completed.find((j) => j.id === selectedId) ?? completed[0];
  const configured = config.data?.configured ?? true;

  return (
    <div className="space-y-6">
      <PageHeader title="Instagram Scraper" description="Extract email addresses from Instagram profiles" />
      {config.data && !config.data.configured && (
        <Alert variant="warning">
          <AlertTriangle />
          <AlertTitle>Scraping isn't available on this server yet</AlertTitle>
          <AlertDescription>
            Instagram search hasn't been switched on for your workspace. Please{' '}
            <a href="/support" className="font-medium underline underline-offset-2">
              contact support
            </a>{' '}
            to enable it. Your earlier results stay available below.
          </AlertDescription>
        </Alert>
      )}
      <SearchForm
        running={Boolean(active)}
        configured={configured}
        onStarted={(job) => {
          track(job.id);
          queryClient.invalidateQueries({ queryKey: scraperQueries.jobs().queryKey });
        }}
      />
      {active && <CurrentSearch job={active} />}
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Camera className="size-5 text-pink-600" /> Search Results
          </CardTitle>
          <CardDescription>Your latest completed searches. Pick one to see its profiles.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {query.isLoading ? (
            <div className="space-y-2">
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </div>
          ) : completed.length === 0 ? (
            <p className="py-10 text-center text-sm text-muted-foreground">No search results yet.</p>
          ) : (
            <>
              <RecentJobs jobs={completed} selectedId={selected?.id ?? null} onSelect={setSelectedId} />
              {selected && <JobResults key={selected.id} job={selected} />}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
