import { queryOptions } from '@tanstack/react-query';
import { type Calibration, calibrationSchema } from '../../shared/calibration';
import { type PlanState, planStateSchema } from '../../shared/usage';
import { getQueryFn } from './api';

// Queries that several features read or refresh: each feature's api.ts builds on these instead of
// reaching into another feature.

/** The plan, or null when signed out (/subscribe is reached signed in or out). */
export const planQuery = () =>
  queryOptions<PlanState | null>({
    queryKey: ['/api/billing/plan'],
    queryFn: getQueryFn({ on401: 'returnNull' }),
    meta: { schema: planStateSchema },
  });

/** The key of the uploads list: a new upload (from a file or from scraped profiles) refreshes it. */
export const UPLOADS_KEY = ['/api/uploads'] as const;

/** The workspace's own bounce rates per status and score band (the results screens and each row's evidence). */
export const calibrationQuery = () =>
  queryOptions<Calibration>({
    queryKey: ['/api/calibration'],
    queryFn: getQueryFn({ on401: 'throw' }),
    meta: { schema: calibrationSchema },
    staleTime: 60_000,
  });
