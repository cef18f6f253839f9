import { CheckCircle2, Circle, Loader2, OctagonX } from 'lucide-react';
import type { UploadStatusResponse } from '../../../shared/lists';
import { isNotStarted, timeLeft } from '../../lib/estimate';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Progress } from '../../ui/progress';
import { NotStartedBadge } from './ResultCells';
import { UploadStatusBadge } from './status';
import { WaitingRows } from './WaitingRows';

type StepState = 'waiting' | 'running' | 'pulsing' | 'done' | 'stopped';

function StepIndicator(props: { n: number; title: string; detail: string; state: StepState; value: number }) {
  const icon = {
    waiting: <Circle className="size-5 text-muted-foreground" />,
    running: <Loader2 className="size-5 animate-spin text-sky-600" />,
    pulsing: <span className="block size-3 animate-pulse rounded-full bg-sky-500 ring-4 ring-sky-200" />,
    done: <CheckCircle2 className="size-5 text-emerald-600" />,
    stopped: <OctagonX className="size-5 text-amber-600" />,
  }[props.state];
  const label = {
    waiting: 'Waiting',
    running: 'In progress',
    pulsing: 'In progress',
    done: 'Complete',
    stopped: 'Stopped',
  }[props.state];
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border p-4"
      data-testid={`step-${props.n}`}
      data-state={props.state}
    >
      <div className="flex items-center gap-3">
        <span className="flex size-6 items-center justify-center">{icon}</span>
        <div className="flex-1">
          <p className="font-medium">
            Step {props.n}: {props.title}
          </p>
          <p className="text-xs text-muted-foreground">{props.detail}</p>
        </div>
        <span className="text-sm font-medium" data-testid={`step-${props.n}-label`}>
          {label}
        </span>
      </div>
      <Progress
        value={props.value}
        aria-label={`Step ${props.n}, ${props.title}: ${Math.round(props.value)}%`}
      />
    </div>
  );
}

/** Step 1 runs until processingProgress reaches 100; then the step 2 indicator pulses. */
export function ProcessingPanel({ status }: { status: UploadStatusResponse }) {
  const processing = status.status === 'processing';
  const p = status.processingProgress;
  // A stopped run: the steps it left unfinished say so, rather than spinning or waiting.
  const stopped = status.status === 'cancelled';
  const step1: StepState =
    p >= 100 ? 'done' : stopped ? 'stopped' : processing || p > 0 ? 'running' : 'waiting';
  const step2: StepState = status.step2Done
    ? 'done'
    : stopped
      ? 'stopped'
      : p >= 100 && processing
        ? 'pulsing'
        : 'waiting';
  const notStarted = isNotStarted(status);
  const left = timeLeft(status);
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-4">
        <CardTitle>Processing Status</CardTitle>
        {notStarted ? (
          <NotStartedBadge />
        ) : (
          <UploadStatusBadge status={status.status} paused={!!status.notice} />
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="grid gap-4 md:grid-cols-2">
          <StepIndicator
            n={1}
            title="Initial check"
            detail={`Format and domain · ${status.step1Count.toLocaleString()} of ${status.stats.total.toLocaleString()}`}
            state={step1}
            value={p}
          />
          <StepIndicator
            n={2}
            title="Final verification"
            detail={`Mail server check · ${status.step2Count.toLocaleString()} of ${status.step2Total.toLocaleString()}`}
            state={step2}
            value={status.step2Progress}
          />
        </div>
        {processing && status.notice && (
          <p className="text-sm text-muted-foreground" data-testid="eta">
            Paused by a problem on our side: no time estimate until verification resumes.
          </p>
        )}
        {((processing && !status.notice) || notStarted) && (
          <p className="text-sm text-muted-foreground" data-testid="eta">
            {notStarted && 'Not started yet. '}
            {processing && status.rate !== null && `${status.rate.toLocaleString()} emails/s · `}
            {processing &&
              status.rate === null &&
              p >= 100 &&
              'The final check takes 30–60 seconds per email · '}
            {left &&
              (left.kind === 'measured'
                ? `Estimated time remaining: ${left.text}`
                : `${notStarted ? 'Estimated time once started' : 'Estimated time remaining'}: ${left.text} (estimate until the speed is measured)`)}
          </p>
        )}
        {processing && <WaitingRows waiting={status.waiting} />}
        {status.status === 'failed' && status.errorMessage && (
          <p className="text-sm text-destructive">{status.errorMessage}</p>
        )}
      </CardContent>
    </Card>
  );
}
