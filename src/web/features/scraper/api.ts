import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CleanedData,
  JobProfile,
  ScrapeJob,
  ScrapeProfileEmailResult,
  UrlScrapeStarted,
} from '../../../shared/scraper';
import { apiRequest, throwIfResNotOk } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/mutation';
import { UPLOADS_KEY } from '../../lib/shared-queries';
import { saveFile, today } from './export-csv';

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

const postJson = async <T>(path: string, body?: unknown) =>
  (await (await apiRequest('POST', path, body)).json()) as T;

/** A keyword search or a list of profile URLs, started as a job (the job list shows its progress). */
export const useStartScrape = (
  mode: 'keyword' | 'url',
  cb: MutationCallbacks<ScrapeJob | UrlScrapeStarted, object> = {},
) =>
  useMutation({
    mutationFn: (body: object) =>
      postJson<ScrapeJob>(mode === 'keyword' ? '/api/scrape-instagram' : '/api/scrape-instagram-urls', body),
    ...cb,
  });

/** Runs `fn`; once it has settled, the job list is read again (the job's profiles changed or will). */
function useJobChange<T, V>(fn: (v: V) => Promise<T>, cb: MutationCallbacks<T, V>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    ...cb,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: scraperQueries.jobs().queryKey });
      cb.onSettled?.();
    },
  });
}

/** Get Full for one profile: queued as a background job. */
export const useGetFullProfile = (
  jobId: string,
  cb: MutationCallbacks<ScrapeProfileEmailResult, JobProfile> = {},
) =>
  useJobChange(
    (p: JobProfile) =>
      postJson<ScrapeProfileEmailResult>('/api/scrape-profile-email', {
        profileUrl: p.url || p.instagramUrl,
        jobId,
      }),
    cb,
  );

/** Get Full for every partial profile of the job. */
export const useGetAllFullProfiles = (jobId: string, cb: MutationCallbacks<{ queued: number }> = {}) =>
  useJobChange(() => postJson<{ queued: number }>(`/api/scrape-job/${jobId}/get-full-all`), cb);

/** The job's addresses become a list to verify; the lists are read again. */
export function useSendJobToVerify(jobId: string, cb: MutationCallbacks<{ emailCount: number }> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => postJson<{ emailCount: number }>(`/api/scrape-job/${jobId}/send-to-verify`),
    ...cb,
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: UPLOADS_KEY });
      cb.onSuccess?.(r);
    },
  });
}

/** Server CSV of one cleaning tab (session cookie; the same route also takes a personal API token). */
export async function downloadCleaned(jobId: string, type: 'partial' | 'full' | 'cleaned') {
  const res = await fetch(`/api/scrape-job/${jobId}/download-cleaned?type=${type}`, {
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  saveFile(await res.blob(), `instagram-${type}-${today()}.csv`);
}
