import { useQuery } from '@tanstack/react-query';
import type {
  ResultFilter,
  ResultsResponse,
  UploadBreakdown,
  UploadListItem,
  UploadStatusResponse,
} from '../../shared/lists';

// SPEC §9 polling: the uploads list every 5 s, an upload's status every 2 s; results refetch while
// the upload is still processing.

export function useUploads() {
  return useQuery<UploadListItem[]>({ queryKey: ['/api/uploads'], refetchInterval: 5000 });
}

export function useUploadStatus(uploadId: string | null) {
  return useQuery<UploadStatusResponse>({
    queryKey: ['/api/upload', uploadId, 'status'],
    enabled: Boolean(uploadId),
    refetchInterval: 2000,
  });
}

export function useResults(
  uploadId: string | null,
  params: { page: number; filter: ResultFilter; search: string },
  processing: boolean,
) {
  const qs = new URLSearchParams({ page: String(params.page), filter: params.filter, search: params.search });
  return useQuery<ResultsResponse>({
    queryKey: ['/api/upload', uploadId, `results?${qs}`],
    enabled: Boolean(uploadId),
    refetchInterval: processing ? 3000 : false,
    placeholderData: (prev) => prev,
  });
}

export function useBreakdown(uploadId: string | null, processing: boolean) {
  return useQuery<UploadBreakdown>({
    queryKey: ['/api/upload', uploadId, 'breakdown'],
    enabled: Boolean(uploadId),
    refetchInterval: processing ? 5000 : false,
  });
}
