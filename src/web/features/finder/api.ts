import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type FindFilter,
  type FindJob,
  type FindPerson,
  type FindResultsPage,
  type FindSendResponse,
  findJobListSchema,
  findJobSchema,
  findResultsPageSchema,
  findSendResponseSchema,
  singleFindResponseSchema,
} from '../../../shared/finder';
import { apiJson, apiRequest, checkResponse, throwIfResNotOk } from '../../lib/api';
import { uploadFormData } from '../../lib/csrf';
import type { MutationCallbacks } from '../../lib/mutation';
import { UPLOADS_KEY } from '../../lib/shared-queries';

// The finder's queries (the default loader GETs the key joined with `/`) and its changes. Every key
// starts with FINDS_KEY, so one invalidation refreshes the history and any open results.

type SingleFindResponse = z.infer<typeof singleFindResponseSchema>;

const FINDS_KEY = ['/api/finds'] as const;
const POLL_MS = 2000;

export const isRunning = (job: Pick<FindJob, 'status'>) =>
  job.status === 'queued' || job.status === 'running';

const SETTLE_MS = 30_000;

/**
 * Worth reading again: running, or completed moments ago with its counts not yet written (the server
 * marks a job completed before it stores the final counts, so one poll can see the one without the other).
 */
export function stillMoving(job: FindJob, now = Date.now()): boolean {
  if (isRunning(job)) return true;
  const finished = job.finishedAt ? Date.parse(job.finishedAt) : now;
  return job.status === 'completed' && job.done < job.total && now - finished < SETTLE_MS;
}

export interface ResultsParams {
  page: number;
  pageSize: number;
  filter: FindFilter;
  search: string;
}

export const finderQueries = {
  /** Every find of the workspace, newest first; polled while one of them is still running. */
  jobs: () =>
    queryOptions<{ jobs: FindJob[] }>({
      queryKey: FINDS_KEY,
      meta: { schema: findJobListSchema },
      refetchInterval: (q) => (q.state.data?.jobs.some((j) => stillMoving(j)) ? POLL_MS : false),
    }),
  /** One page of a job's results with the job itself; polled until the job has finished. */
  results: (jobId: string | null, params: ResultsParams) => {
    const qs = new URLSearchParams({
      page: String(params.page),
      pageSize: String(params.pageSize),
      filter: params.filter,
      search: params.search,
    });
    return queryOptions<FindResultsPage>({
      queryKey: [...FINDS_KEY, jobId, `results?${qs}`],
      enabled: Boolean(jobId),
      meta: { schema: findResultsPageSchema },
      refetchInterval: (q) =>
        q.state.status !== 'error' && (!q.state.data || stillMoving(q.state.data.job)) ? POLL_MS : false,
      placeholderData: (prev) => prev,
    });
  },
};

/** The CSV of a job's results (the server writes it formula-safe). */
export const exportUrl = (jobId: string) => `/api/finds/${jobId}/export.csv`;

/** Changes to one job: once done, the history and the job's results are read again. */
function useFindChange<T, V>(fn: (v: V) => Promise<T>, cb: MutationCallbacks<T, V>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (data, v) => {
      void qc.invalidateQueries({ queryKey: FINDS_KEY });
      cb.onSuccess?.(data, v);
    },
    onError: cb.onError,
    onSettled: cb.onSettled,
  });
}

/** One person: the answer, or `result: null` (HTTP 202) when the mail server is still thinking. */
export const useSingleFind = (cb: MutationCallbacks<SingleFindResponse, FindPerson> = {}) =>
  useFindChange(
    (person: FindPerson) => apiJson(singleFindResponseSchema, 'POST', '/api/finds/single', person),
    cb,
  );

const bulkStartedSchema = z.object({ job: findJobSchema });

/** A CSV of people, started as a background job. */
export const useStartBulkFind = (
  cb: MutationCallbacks<{ job: FindJob }, { file: File; name?: string }> = {},
) =>
  useFindChange(async ({ file, name }: { file: File; name?: string }) => {
    const form = new FormData();
    if (name) form.append('name', name);
    // The file goes last: the server reads the fields before the file's stream.
    form.append('file', file);
    const res = await uploadFormData('/api/finds/bulk', form);
    await throwIfResNotOk(res);
    return checkResponse(bulkStartedSchema, '/api/finds/bulk', await res.json());
  }, cb);

/** Stops a running job: the people done keep their answers. */
export const useStopFind = (jobId: string, cb: MutationCallbacks<{ job: FindJob }> = {}) =>
  useFindChange(() => apiJson(bulkStartedSchema, 'POST', `/api/finds/${jobId}/stop`), cb);

/** Deletes a job with its results. */
export const useDeleteFind = (jobId: string, cb: MutationCallbacks<Response> = {}) =>
  useFindChange(() => apiRequest('DELETE', `/api/finds/${jobId}`), cb);

/** The found addresses become a verification list; the lists are read again. */
export function useSendFindToVerification(jobId: string, cb: MutationCallbacks<FindSendResponse> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson(findSendResponseSchema, 'POST', `/api/finds/${jobId}/send-to-verification`),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: UPLOADS_KEY });
      cb.onSuccess?.(r);
    },
    onError: cb.onError,
  });
}
