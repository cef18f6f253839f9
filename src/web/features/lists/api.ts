import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SingleCheckAnswer, SingleCheckInput } from '../../../shared/api-v1';
import { type ListEstimate, listEstimateSchema } from '../../../shared/credits';
import {
  type ResultFilter,
  type ResultsResponse,
  resultsResponseSchema,
  type StartVerificationResponse,
  startVerificationResponseSchema,
  type UploadBreakdown,
  type UploadListItem,
  type UploadResponse,
  type UploadStatusResponse,
  uploadBreakdownSchema,
  uploadListItemSchema,
  uploadResponseSchema,
} from '../../../shared/lists';
import { apiJson, apiRequest, checkResponse, errorMessage, throwIfResNotOk } from '../../lib/api';
import { uploadFormData } from '../../lib/csrf';
import type { MutationCallbacks } from '../../lib/mutation';
import { UPLOADS_KEY } from '../../lib/shared-queries';
import { toast } from '../../lib/toast';
import { isPaymentRequired, toastPaymentRequired } from './payment-required';

// Lists' queries (the default loader GETs the key joined with `/`). Polling: the uploads list
// every 5 s, an upload's status every 2 s; results and breakdown refetch while the upload is processing.

export const listsQueries = {
  uploads: () =>
    queryOptions<UploadListItem[]>({
      queryKey: UPLOADS_KEY,
      refetchInterval: 5000,
      meta: { schema: uploadListItemSchema.array() },
    }),
  /**
   * The free estimate of a list before it runs (decision 0890): asked once per upload (it probes a small
   * sample through the prober), so it is never refetched on its own.
   */
  estimate: (uploadId: string | null) =>
    queryOptions<ListEstimate>({
      queryKey: ['/api/upload', uploadId, 'estimate'],
      queryFn: () => apiJson(listEstimateSchema, 'POST', `/api/upload/${uploadId}/estimate`),
      enabled: Boolean(uploadId),
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
  /** Every query of one upload (status, results pages, breakdown): what a change to it invalidates. */
  upload: (uploadId: string | null) => ({ queryKey: ['/api/upload', uploadId] as const }),
  status: (uploadId: string | null) =>
    queryOptions<UploadStatusResponse>({
      queryKey: ['/api/upload', uploadId, 'status'],
      enabled: Boolean(uploadId),
      meta: { schema: uploadListItemSchema },
      refetchInterval: 2000,
    }),
  results: (
    uploadId: string | null,
    params: { page: number; filter: ResultFilter; search: string; minScore?: number | null },
    processing: boolean,
  ) => {
    const qs = new URLSearchParams({
      page: String(params.page),
      filter: params.filter,
      search: params.search,
      ...(params.minScore != null ? { minScore: String(params.minScore) } : {}),
    });
    return queryOptions<ResultsResponse>({
      queryKey: ['/api/upload', uploadId, `results?${qs}`],
      enabled: Boolean(uploadId),
      meta: { schema: resultsResponseSchema },
      refetchInterval: processing ? 3000 : false,
      placeholderData: (prev) => prev,
    });
  },
  breakdown: (uploadId: string | null, processing: boolean) =>
    queryOptions<UploadBreakdown>({
      queryKey: ['/api/upload', uploadId, 'breakdown'],
      enabled: Boolean(uploadId),
      meta: { schema: uploadBreakdownSchema },
      refetchInterval: processing ? 5000 : false,
    }),
};

/** Every query of the upload and the lists: what stopping, resuming, deleting or starting it changes. */
function useUploadRefresh() {
  const queryClient = useQueryClient();
  return (uploadId: string) => {
    void queryClient.invalidateQueries({ queryKey: listsQueries.uploads().queryKey });
    void queryClient.invalidateQueries({ queryKey: listsQueries.upload(uploadId).queryKey });
  };
}

function useUploadChange<T = unknown>(uploadId: string, request: () => Promise<T>, cb: MutationCallbacks<T>) {
  const refresh = useUploadRefresh();
  return useMutation({
    mutationFn: request,
    onSuccess: (data) => {
      refresh(uploadId);
      cb.onSuccess?.(data);
    },
    onError: cb.onError,
  });
}

/** Stops a running verification: rows done keep their verdicts; it can be resumed. */
export const useStopUpload = (uploadId: string, cb: MutationCallbacks = {}) =>
  useUploadChange(
    uploadId,
    () => apiJson(uploadListItemSchema, 'POST', `/api/upload/${uploadId}/cancel`),
    cb,
  );

/** Verifies the rows still pending (a stopped run, or rows our side could not check). */
export const useResumeUpload = (uploadId: string, cb: MutationCallbacks = {}) =>
  useUploadChange(
    uploadId,
    () => apiJson(startVerificationResponseSchema, 'POST', `/api/verify/${uploadId}/pending`),
    cb,
  );

/** "Verify again now": the rows answered for free from recent results are checked afresh (charged, 0890). */
export const useVerifyAgain = (uploadId: string, cb: MutationCallbacks<StartVerificationResponse> = {}) =>
  useUploadChange(
    uploadId,
    () => apiJson(startVerificationResponseSchema, 'POST', `/api/verify/${uploadId}/again`),
    cb,
  );

/** Deletes the upload with its rows and results. */
export const useDeleteUpload = (uploadId: string, cb: MutationCallbacks = {}) =>
  useUploadChange(uploadId, () => apiRequest('DELETE', `/api/upload/${uploadId}`), cb);

/**
 * POST /api/verify/{id}. `onStarted` runs after a successful start; failures toast with `failure`
 * (the caller's wording), except a refused start for lack of access, which says so.
 */
export function useStartVerification(opts: {
  onStarted?: (r: StartVerificationResponse) => void;
  failure: { title: string; description?: string };
}) {
  const refresh = useUploadRefresh();
  return useMutation({
    mutationFn: (uploadId: string) =>
      apiJson(startVerificationResponseSchema, 'POST', `/api/verify/${uploadId}`),
    onSuccess: (r) => {
      refresh(r.uploadId);
      opts.onStarted?.(r);
    },
    onError: (err) => {
      if (isPaymentRequired(err)) return toastPaymentRequired(err);
      toast({
        title: opts.failure.title,
        description: opts.failure.description ?? errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

/** A chosen file stored as a draft, for the preview: no list shows it until it is started or saved. */
export function useUploadDraft(cb: MutationCallbacks<UploadResponse, File>) {
  return useMutation({
    mutationFn: async (f: File) => {
      const form = new FormData();
      form.append('csvFile', f);
      const url = '/api/upload?draft=true';
      const res = await uploadFormData(url, form);
      await throwIfResNotOk(res);
      return checkResponse(uploadResponseSchema, url, await res.json());
    },
    onSuccess: cb.onSuccess,
    onError: cb.onError,
  });
}

/** A draft kept for later: it appears in History, to be started from there. */
export function useSaveUpload(cb: {
  onSuccess?: () => void;
  onError?: (err: Error, uploadId: string) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: string) => apiJson(uploadListItemSchema, 'POST', `/api/upload/${uploadId}/save`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listsQueries.uploads().queryKey });
      cb.onSuccess?.();
    },
    onError: cb.onError,
  });
}

/** A draft nobody started or saved is deleted when it is replaced or the page is left (else after a day). */
export function discardDraft(uploadId: string | null) {
  if (uploadId) void apiRequest('DELETE', `/api/upload/${uploadId}`).catch(() => {});
}

/** One address checked on the spot (the API's single verification). */
export const useSingleCheck = () =>
  useMutation({
    mutationFn: async (input: SingleCheckInput): Promise<SingleCheckAnswer> =>
      (await apiRequest('POST', '/api/verify-email', input)).json(),
  });
