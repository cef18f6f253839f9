import { queryOptions } from '@tanstack/react-query';
import type { DataExport, LatestDataExport } from '../../../shared/data-export';
import { apiRequest } from '../../lib/api';

export const dataExportQueries = {
  /** The newest export; polled every second while it is being built. */
  latest: () =>
    queryOptions<LatestDataExport>({
      queryKey: ['/api/account/export'],
      refetchInterval: (q) => {
        const s = q.state.data?.export?.status;
        return s === 'queued' || s === 'running' ? 1000 : false;
      },
    }),
};

export const startDataExport = async () =>
  (await (await apiRequest('POST', '/api/account/export')).json()) as DataExport;
