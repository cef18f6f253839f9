import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ScrapeJob } from '../../../shared/scraper';
import { toast } from '../../lib/toast';
import { scraperQueries } from './api';

export const isActive = (j: ScrapeJob) => j.status === 'pending' || j.status === 'running';

/**
 * The user's jobs, polled every 5 s, and the job being tracked since it was started here: when it
 * finishes, the toast appears once and `onFinished` lets the page show its results.
 */
export function useScrapeJobs(onFinished: (job: ScrapeJob) => void) {
  const [trackedId, setTrackedId] = useState<string | null>(null);
  const query = useQuery(scraperQueries.jobs());
  const jobs = query.data ?? [];
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;

  // A job still running when the page opens (reload, another tab) is tracked too, so its toast shows.
  const running = jobs.find(isActive);
  useEffect(() => {
    if (!trackedId && running) setTrackedId(running.id);
  }, [trackedId, running]);

  const tracked = trackedId ? jobs.find((j) => j.id === trackedId) : undefined;
  useEffect(() => {
    if (!tracked || isActive(tracked)) return;
    if (tracked.status === 'completed') {
      toast({
        title: 'Scraping completed!',
        description: `Found ${tracked.emailCount} profile${tracked.emailCount === 1 ? '' : 's'} with emails.`,
        variant: 'success',
      });
    } else {
      toast({
        title: 'Scraping failed',
        description: tracked.errorMessage || 'An error occurred',
        variant: 'destructive',
      });
    }
    setTrackedId(null);
    finishedRef.current(tracked);
  }, [tracked]);

  const active = tracked && isActive(tracked) ? tracked : running;
  return { query, jobs, active, track: setTrackedId };
}
