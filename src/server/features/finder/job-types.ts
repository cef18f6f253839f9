import { z } from 'zod';
import { jobType } from '../../platform/jobs/registry';

// The finder's queue job, apart from its handler so senders import it without a cycle.
export const FIND_RUN_JOB = jobType('find-run', z.object({ jobId: z.string() }));
