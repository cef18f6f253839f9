import { useEffect, useRef } from 'react';
import type { JobProfile } from '../../../shared/scraper';
import { toast } from '../../lib/toast';

const pending = (p: JobProfile) => p.fullStatus === 'queued' || p.fullStatus === 'running';

/** "2 of 7 profiles processed (5 failed)": the first number counts the profiles that came back with data. */
export function massSummary(total: number, failed: number): string {
  const base = `${total - failed} of ${total} profiles processed`;
  return failed > 0 ? `${base} (${failed} failed)` : base;
}

/**
 * Get Full runs in the background: when a profile requested on this screen finishes (the job list is
 * polled), its outcome is told once as a toast; a Get All batch is told once, when its last profile is
 * done. A fast job may finish before the list shows it waiting, so `expect` marks requests as they are
 * accepted (after that, the list never shows the outcome of an older request).
 */
export function useFullOutcomes(profiles: JobProfile[]) {
  const single = useRef(new Set<string>());
  const batch = useRef<{ waiting: Set<string>; total: number; failed: number } | null>(null);
  useEffect(() => {
    for (const p of profiles) {
      // Never requested, or still on its way: nothing to tell yet.
      if (!p.fullStatus || pending(p)) continue;
      const b = batch.current;
      if (b?.waiting.delete(p.username)) {
        if (p.fullStatus === 'failed') b.failed++;
      } else if (single.current.delete(p.username)) {
        if (p.fullStatus === 'done')
          toast({
            title: 'Profile scraped successfully!',
            description: p.fullMessage ?? '',
            variant: 'success',
          });
        else
          toast({
            title: 'Failed to scrape profile',
            description: p.fullMessage || 'Could not get full profile data',
            variant: 'destructive',
          });
      }
    }
    const b = batch.current;
    if (b && b.waiting.size === 0) {
      batch.current = null;
      toast({
        title: 'Mass scraping completed',
        description: massSummary(b.total, b.failed),
        variant: b.failed === b.total && b.failed > 0 ? 'destructive' : undefined,
      });
    }
  }, [profiles]);
  return {
    pendingCount: profiles.filter(pending).length,
    expect: (usernames: string[]) => {
      for (const u of usernames) single.current.add(u);
    },
    expectBatch: (usernames: string[]) => {
      if (usernames.length)
        batch.current = { waiting: new Set(usernames), total: usernames.length, failed: 0 };
    },
  };
}
