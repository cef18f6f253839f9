import { useEffect, useRef } from 'react';
import type { JobProfile } from '../../../shared/scraper';
import { toast } from '../../hooks/use-toast';

const pending = (p: JobProfile) => p.fullStatus === 'queued' || p.fullStatus === 'running';

/**
 * Get Full runs in the background: when a profile seen waiting on this screen finishes (the job list is
 * polled), its outcome is told once as a toast. Outcomes of requests made elsewhere show in the table only.
 * A fast job may finish before the list shows it waiting: `expect` marks the requests made here.
 */
export function useFullOutcomes(profiles: JobProfile[]) {
  const waiting = useRef(new Set<string>());
  useEffect(() => {
    for (const p of profiles) {
      if (pending(p)) {
        waiting.current.add(p.username);
        continue;
      }
      // Never requested, or its outcome predates the request: nothing to tell yet.
      if (!p.fullStatus || !waiting.current.delete(p.username)) continue;
      if (p.fullStatus === 'done')
        toast({
          title: 'Profile scraped successfully!',
          description: p.fullMessage ?? '',
          variant: 'success',
        });
      else if (p.fullStatus === 'failed')
        toast({
          title: 'Failed to scrape profile',
          description: p.fullMessage || 'Could not get full profile data',
          variant: 'destructive',
        });
    }
  }, [profiles]);
  return {
    pendingCount: profiles.filter(pending).length,
    /** Called once a request is accepted (after it, the list never shows the outcome of an older one). */
    expect: (usernames: string[]) => {
      for (const u of usernames) waiting.current.add(u);
    },
  };
}
