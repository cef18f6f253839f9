import { CheckCircle2, Loader2, PauseCircle, XCircle } from 'lucide-react';
import type { SendProgress } from '../../../shared/smartlead';
import { Card, CardContent } from '../../ui/card';
import { Progress } from '../../ui/progress';
import { RecheckSummary } from './RecheckSummary';
import { UncheckedDecision } from './UncheckedDecision';

/** Live state of a send: leads confirmed by Smartlead so far, and the counts it reported. */
export function SendProgressCard({ name, progress }: { name: string; progress: SendProgress }) {
  const pct = progress.totalLeads ? (progress.leadsProcessed / progress.totalLeads) * 100 : 0;
  const done = progress.state === 'completed';
  const failed = progress.state === 'failed';
  const waiting = progress.recheck.waiting;
  return (
    <Card data-testid="send-progress" aria-live="polite">
      <CardContent className="flex flex-col gap-3 pt-6">
        <div className="flex items-center gap-2 font-medium">
          {done ? (
            <CheckCircle2 className="size-5 text-emerald-600" />
          ) : failed ? (
            <XCircle className="size-5 text-destructive" />
          ) : waiting ? (
            <PauseCircle className="size-5 text-amber-600" aria-hidden />
          ) : (
            <Loader2 className="size-5 animate-spin text-primary" />
          )}
          <span className="truncate">
            {done
              ? `“${name}” is in Smartlead`
              : failed
                ? `Sending “${name}” stopped`
                : waiting
                  ? `“${name}” waits for your choice`
                  : progress.state === 'queued'
                    ? `Preparing “${name}”…`
                    : `Adding leads to “${name}”…`}
          </span>
        </div>
        <Progress value={pct} />
        <div className="flex flex-wrap justify-between gap-2 text-sm text-muted-foreground">
          <span>
            {progress.leadsProcessed.toLocaleString()} of {progress.totalLeads.toLocaleString()} leads
            processed
          </span>
          <span>
            {progress.added.toLocaleString()} added · {progress.duplicates.toLocaleString()} duplicates ·{' '}
            {progress.invalid.toLocaleString()} invalid
          </span>
        </div>
        <RecheckSummary recheck={progress.recheck} />
        {waiting && <UncheckedDecision sendId={progress.id} waiting={waiting} />}
        {progress.error && (
          <p className={failed ? 'text-sm text-destructive' : 'text-sm text-amber-700'}>{progress.error}</p>
        )}
      </CardContent>
    </Card>
  );
}
