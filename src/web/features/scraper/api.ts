import { queryOptions } from '@tanstack/react-query';
import type { CleanedData, ScrapeJob } from '../../../shared/scraper';
import { apiRequest } from '../../lib/api';

// The scraper's queries (the default loader GETs the key joined with `/`).
export const scraperQueries = {
  /** The user's jobs, polled every 5 s. */
  jobs: () => queryOptions<ScrapeJob[]>({ queryKey: ['/api/scrape-jobs'], refetchInterval: 5000 }),
  config: () =>
    queryOptions<{ configured: boolean; aiConfigured: boolean }>({ queryKey: ['/api/scraper/config'] }),
  /** AI cleaning of one job: a POST computed afresh each time the dialog opens, never kept. */
  cleanExport: (jobId: string | null, open: boolean) =>
    queryOptions<CleanedData>({
      queryKey: ['/api/scrape-job', jobId, 'clean-export'],
      enabled: open && Boolean(jobId),
      staleTime: 0,
      gcTime: 0,
      queryFn: async () => (await apiRequest('POST', `/api/scrape-job/${jobId}/clean-export`)).json(),
    }),
};
