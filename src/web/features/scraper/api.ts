import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Suggestion, suggestionResponseSchema } from '../../../shared/ai';
import {
  type CleanedData,
  cleanedDataSchema,
  getFullAllResultSchema,
  type JobProfile,
  type ScrapeJob,
  type ScrapeProfileEmailResult,
  scrapeJobListSchema,
  scrapeJobSchema,
  scrapeProfileEmailResultSchema,
  scraperConfigSchema,
  sendToVerifySchema,
  type UrlScrapeStarted,
  urlScrapeStartedSchema,
} from '../../../shared/scraper';
import { apiJson, throwIfResNotOk } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/mutation';
import { UPLOADS_KEY } from '../../lib/shared-queries';
import { saveFile, today } from './export-csv';

// The scraper's queries (the default loader GETs the key joined with `/`).
export const scraperQueries = {
  /** The user's jobs, polled every 5 s. */
  jobs: () =>
    queryOptions<ScrapeJob[]>({
      queryKey: ['/api/scrape-jobs'],
      meta: { schema: scrapeJobListSchema },
      refetchInterval: 5000,
    }),
  config: () =>
    queryOptions<{ configured: boolean; aiConfigured: boolean }>({
      queryKey: ['/api/scraper/config'],
      meta: { schema: scraperConfigSchema },
    }),
  /** AI cleaning of one job: a POST computed afresh each time the dialog opens, never kept. */
  cleanExport: (jobId: string | null, open: boolean) =>
    queryOptions<CleanedData>({
      queryKey: ['/api/scrape-job', jobId, 'clean-export'],
      enabled: open && Boolean(jobId),
      staleTime: 0,
      gcTime: 0,
      queryFn: () => apiJson(cleanedDataSchema, 'POST', `/api/scrape-job/${jobId}/clean-export`),
    }),
};

/** A keyword search or a list of profile URLs, started as a job (the job list shows its progress). */
export const useStartScrape = (
  mode: 'keyword' | 'url',
  cb: MutationCallbacks<ScrapeJob | UrlScrapeStarted, object> = {},
) =>
  useMutation({
    mutationFn: (body: object): Promise<ScrapeJob | UrlScrapeStarted> =>
      mode === 'keyword'
        ? apiJson(scrapeJobSchema, 'POST', '/api/scrape-instagram', body)
        : apiJson(urlScrapeStartedSchema, 'POST', '/api/scrape-instagram-urls', body),
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
      apiJson(scrapeProfileEmailResultSchema, 'POST', '/api/scrape-profile-email', {
        profileUrl: p.url || p.instagramUrl,
        jobId,
      }),
    cb,
  );

/** Get Full for every partial profile of the job. */
export const useGetAllFullProfiles = (jobId: string, cb: MutationCallbacks<{ queued: number }> = {}) =>
  useJobChange(() => apiJson(getFullAllResultSchema, 'POST', `/api/scrape-job/${jobId}/get-full-all`), cb);

/** The job's addresses become a list to verify; the lists are read again. */
export function useSendJobToVerify(jobId: string, cb: MutationCallbacks<{ emailCount: number }> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson(sendToVerifySchema, 'POST', `/api/scrape-job/${jobId}/send-to-verify`),
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

/**
 * AI help for one field: the answer's suggestions. The caller keeps its own loading state and drops
 * answers overtaken by a newer request (the field changed while one was in flight).
 */
export const useAiSuggestions = () =>
  useMutation({
    mutationFn: async (input: {
      context: string;
      fieldType: string;
      fieldValue: string;
    }): Promise<Suggestion[]> =>
      (await apiJson(suggestionResponseSchema, 'POST', '/api/ai/suggestions', input)).suggestions,
  });
