import { z } from 'zod';
import { jobType } from '../../platform/jobs/registry';

// The finder's queue job, apart from its handler so senders import it without a cycle.
export const FIND_RUN_JOB = jobType('find-run', z.object({ jobId: z.string() }));
// Single finds have a queue of their own: a person waiting on one never queues behind bulk finds.
export const FIND_SINGLE_JOB = jobType('find-single', z.object({ jobId: z.string() }));

/** The queue a find runs on, by its kind. */
export const findQueueOf = (kind: 'single' | 'bulk') => (kind === 'single' ? FIND_SINGLE_JOB : FIND_RUN_JOB);
