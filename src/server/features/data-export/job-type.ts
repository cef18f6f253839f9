import { z } from 'zod';
import { jobType } from '../../platform/jobs/registry';

export const dataExportJobType = jobType('data-export', z.object({ exportId: z.string().uuid() }));
