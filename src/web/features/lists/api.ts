import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ResultFilter,
  type ResultsResponse,
  resultsResponseSchema,
  type UploadBreakdown,
  type UploadListItem,
  type UploadStatusResponse,
  uploadBreakdownSchema,
  uploadListItemSchema,
} from '../../../shared/lists';
import { UPLOADS_KEY } from '../../lib/shared-queries';

// Lists' queries (the default loader GETs the key joined with `/`). Polling: the uploads list
// every 5 s, an upload's status every 2 s; results and breakdown refetch while the upload is processing.

export const listsQueries = {
  uploads: () =>
    queryOptions<UploadListItem[]>({
      queryKey: UPLOADS_KEY,
      refetchInterval: 5000,
      meta: { schema: uploadListItemSchema.array() },
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

export const useUploads = () => useQuery(listsQueries.uploads());
export const useUploadStatus = (uploadId: string | null) => useQuery(listsQueries.status(uploadId));
export const useResults = (...args: Parameters<typeof listsQueries.results>) =>
  useQuery(listsQueries.results(...args));
export const useBreakdown = (uploadId: string | null, processing: boolean) =>
  useQuery(listsQueries.breakdown(uploadId, processing));
