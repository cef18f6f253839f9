import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type DataExport,
  dataExportSchema,
  type LatestDataExport,
  latestDataExportSchema,
} from '../../../shared/data-export';
import { apiJson } from '../../lib/api';
import type { MutationCallbacks } from '../../lib/mutation';

export const dataExportQueries = {
  /** The newest export; polled every second while it is being built. */
  latest: () =>
    queryOptions<LatestDataExport>({
      queryKey: ['/api/account/export'],
      meta: { schema: latestDataExportSchema },
      refetchInterval: (q) => {
        const s = q.state.data?.export?.status;
        return s === 'queued' || s === 'running' ? 1000 : false;
      },
    }),
};

const startDataExport = () => apiJson(dataExportSchema, 'POST', '/api/account/export');

/** Starts building the zip; the screen shows the new export at once and polls it. */
export function useStartDataExport(cb: MutationCallbacks<DataExport> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: startDataExport,
    ...cb,
    onSuccess: (e) => {
      qc.setQueryData(dataExportQueries.latest().queryKey, { export: e });
      cb.onSuccess?.(e);
    },
  });
}
