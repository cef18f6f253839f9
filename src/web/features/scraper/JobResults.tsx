import { Loader2, MailCheck, Sparkles, Users } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { ScrapeJob } from '../../../shared/scraper';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { Progress } from '../../ui/progress';
import { useGetAllFullProfiles, useGetFullProfile, useSendJobToVerify } from './api';
import { CleanDataDialog } from './CleanDataDialog';
import { ProfilesTable } from './ProfilesTable';
import { useFullOutcomes } from './use-full-outcomes';

/** One job's profiles with Get Full, Get All Full Profiles, Clean Data and Send to verification. */
export function JobResults({ job }: { job: ScrapeJob }) {
  const [, navigate] = useLocation();
  const [cleanOpen, setCleanOpen] = useState(false);
  const { pendingCount, expect, expectBatch } = useFullOutcomes(job.results);

  // Get Full is a background job: the request only queues it; the polled job list shows its progress.
  const getFull = useGetFullProfile(job.id, {
    onSuccess: (r) => {
      if (r.status !== 'done') expect([r.username]);
      toast({ title: 'Getting full profile', description: r.message });
    },
    onError: (err) =>
      toast({
        title: 'Error scraping profile',
        description: errorMessage(err, 'An error occurred'),
        variant: 'destructive',
      }),
  });

  const getAll = useGetAllFullProfiles(job.id, {
    onSuccess: (r) => {
      // The partial profiles not already on their way (those keep their own toast).
      expectBatch(
        job.results
          .filter((p) => !p.profileScraped && p.fullStatus !== 'queued' && p.fullStatus !== 'running')
          .map((p) => p.username),
      );
      toast({
        title: 'Getting all full profiles',
        description: `${r.queued} profile${r.queued === 1 ? '' : 's'} queued; they complete in the background.`,
      });
    },
    onError: (err) =>
      toast({
        title: 'Failed to start mass scraping',
        description: errorMessage(err, 'An error occurred'),
        variant: 'destructive',
      }),
  });

  const send = useSendJobToVerify(job.id, {
    onSuccess: (r) => {
      toast({
        title: 'Success!',
        description: `${r.emailCount} emails have been sent for verification`,
        variant: 'success',
      });
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
      <ProfilesTable profiles={job.results} onGetFull={(p) => getFull.mutate(p)} />
      <div className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-3 lg:flex-row lg:items-center">
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-sm font-medium" data-testid="scraped-count">
            {scraped} of {total} profiles scraped
          </p>
          <Progress value={(scraped / total) * 100} aria-label={`${scraped} of ${total} profiles scraped`} />
          {pendingCount > 0 && (
            <p className="text-xs text-muted-foreground" role="status" data-testid="full-pending">
              {pendingCount} full profile{pendingCount === 1 ? '' : 's'} being fetched in the background
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            onClick={() => getAll.mutate()}
            disabled={getAll.isPending || scraped + pendingCount >= total}
          >
            {getAll.isPending || pendingCount > 0 ? <Loader2 className="animate-spin" /> : <Users />}
            Get All Full Profiles
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
