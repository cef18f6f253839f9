import { z } from 'zod';
import { jobType } from '../../platform/jobs/registry';

// The scraper's queue job types, apart from their handlers so senders import them without a cycle.
export const SCRAPE_RUN_JOB = jobType('scrape-run', z.object({ jobId: z.string() }));
/** "Get Full" of one stored profile (scrape_profiles.id). */
export const SCRAPE_FULL_JOB = jobType('scrape-full-profile', z.object({ profileId: z.string() }));
