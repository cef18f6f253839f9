import { useMutation } from '@tanstack/react-query';
import { Loader2, MailCheck, Sparkles, Users } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { InstagramProfile, ScrapeJob } from '../../../shared/scraper';
import { toast } from '../../hooks/use-toast';
import { apiRequest, errorMessage, queryClient } from '../../lib/api';
import { listsQueries } from '../lists/api';
import { Button } from '../ui/button';
import { Progress } from '../ui/progress';
import { scraperQueries } from './api';
import { CleanDataDialog } from './CleanDataDialog';
import { ProfilesTable } from './ProfilesTable';

const MASS_DELAY_MS = 1000; // SPEC §9: 1 s between profile scrapes
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface GetFullResult {
  success: boolean;
  username: string;
  message: string;
}

async function getFull(jobId: string, p: InstagramProfile): Promise<GetFullResult> {
  const res = await apiRequest('POST', '/api/scrape-profile-email', {
    profileUrl: p.url || p.instagramUrl,
    jobId,
  });
  return res.json();
}

/** "2 of 7 profiles processed (5 failed)": the first number counts the profiles that came back with data. */
export function massSummary(total: number, failed: number): string {
  const base = `${total - failed} of ${total} profiles processed`;
  return failed > 0 ? `${base} (${failed} failed)` : base;
}

/** One job's profiles with Get Full, Get All Full Profiles, Clean Data and Send to verification. */
export function JobResults({ job }: { job: ScrapeJob }) {
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState<string | null>(null);
  const [mass, setMass] = useState<{ done: number; total: number } | null>(null);
  const [cleanOpen, setCleanOpen] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: scraperQueries.jobs().queryKey });

  const scrapeOne = async (p: InstagramProfile) => {
    setBusy(p.username);
    try {
      const r = await getFull(job.id, p);
      if (r.success)
        toast({ title: 'Profile scraped successfully!', description: r.message, variant: 'success' });
      else
        toast({
          title: 'Failed to scrape profile',
          description: r.message || 'Could not get full profile data',
          variant: 'destructive',
        });
    } catch (err) {
      toast({
        title: 'Error scraping profile',
        description: errorMessage(err, 'An error occurred'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  // Client-driven, one at a time with a pause (SPEC §4): the provider is not flooded and progress shows.
  const scrapeAll = async () => {
    const todo = job.results.filter((p) => !p.profileScraped);
    setMass({ done: 0, total: todo.length });
    let failed = 0;
    for (let i = 0; i < todo.length; i++) {
      if (i > 0) await sleep(MASS_DELAY_MS);
      setBusy(todo[i].username);
      try {
        // A profile the provider has no data for answers success false: it counts as failed too.
        if (!(await getFull(job.id, todo[i])).success) failed++;
      } catch {
        // One failed profile does not stop the others.
        failed++;
      }
      setMass({ done: i + 1, total: todo.length });
      await refresh();
    }
    setBusy(null);
    setMass(null);
    toast({
      title: 'Mass scraping completed',
      description: massSummary(todo.length, failed),
      variant: failed === todo.length && failed > 0 ? 'destructive' : undefined,
    });
  };

  const send = useMutation({
    mutationFn: async () =>
      (await (await apiRequest('POST', `/api/scrape-job/${job.id}/send-to-verify`)).json()) as {
        emailCount: number;
      },
    onSuccess: (r) => {
      toast({
        title: 'Success!',
        description: `${r.emailCount} emails have been sent for verification`,
        variant: 'success',
      });
      queryClient.invalidateQueries({ queryKey: listsQueries.uploads().queryKey });
      navigate('/dashboard');
    },
    onError: (err) =>
      toast({
        title: 'Failed to send to verification',
        description: errorMessage(err, 'Failed to send to verification'),
        variant: 'destructive',
      }),
  });

  const scraped = job.results.filter((p) => p.profileScraped).length;
  const total = job.results.length;
  if (total === 0) {
    return <p className="py-10 text-center text-sm text-muted-foreground">No data available</p>;
  }
  return (
    <div className="space-y-3">
      <ProfilesTable
        profiles={job.results}
        busyUsername={busy}
        massRunning={mass !== null}
        onGetFull={scrapeOne}
      />
      <div className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3 lg:flex-row lg:items-center">
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-sm font-medium" data-testid="scraped-count">
            {scraped} of {total} profiles scraped
          </p>
          <Progress value={(scraped / total) * 100} aria-label={`${scraped} of ${total} profiles scraped`} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={scrapeAll}
            disabled={mass !== null || busy !== null || scraped === total}
          >
            {mass ? <Loader2 className="animate-spin" /> : <Users />}
            {mass ? `Scraping ${mass.done}/${mass.total}...` : 'Get All Full Profiles'}
          </Button>
          <Button variant="outline" onClick={() => setCleanOpen(true)}>
            <Sparkles /> Clean Data
          </Button>
          <Button onClick={() => send.mutate()} disabled={send.isPending || job.emailCount === 0}>
            {send.isPending ? <Loader2 className="animate-spin" /> : <MailCheck />}
            Send to verification
          </Button>
        </div>
      </div>
      <CleanDataDialog jobId={job.id} open={cleanOpen} onOpenChange={setCleanOpen} />
    </div>
  );
}
