import { Loader2, PauseCircle, Send } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { createCampaignSchema, type SendProgress } from '../../../shared/smartlead';
import { Button } from '../../ui/button';
import { Card, CardContent } from '../../ui/card';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';

/** The send form's own field, checked as the create request checks it. */
export const campaignNameForm = z.object({ campaignName: createCampaignSchema.shape.campaignName });
export type CampaignNameForm = z.input<typeof campaignNameForm>;

/**
 * Where the send stands, for its button: `sending` while we work (the button spins), `waiting` while the
 * send waits for the user's choice on leads a re-check could not ask about (nothing moves until they
 * choose, so nothing spins; the choice is on the send's progress), `idle` otherwise. Both non-idle
 * phases keep the button disabled: one send at a time.
 */
export type SendPhase = 'idle' | 'sending' | 'waiting';

export function sendPhase(o: {
  pending: boolean;
  started: boolean;
  failed: boolean;
  progress: Pick<SendProgress, 'state' | 'recheck'> | undefined;
}): SendPhase {
  if (o.pending) return 'sending';
  const state = o.progress?.state;
  if (!o.started || o.failed || state === 'completed' || state === 'failed') return 'idle';
  return o.progress?.recheck.waiting ? 'waiting' : 'sending';
}

/** The send's last step: the campaign's name, draft or start, and the Send button. */
export function SendLaunchCard({
  nameField,
  canStart,
  startNow,
  onStartNowChange,
  canSend,
  phase,
  count,
}: {
  nameField: UseFormRegisterReturn<'campaignName'>;
  /** A sequence and at least one sending account are chosen. */
  canStart: boolean;
  startNow: boolean;
  onStartNowChange: (start: boolean) => void;
  canSend: boolean;
  phase: SendPhase;
  count: number;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-2">
          <Label htmlFor="campaign-name">Campaign Name</Label>
          <Input
            id="campaign-name"
            placeholder="e.g. Q3 outreach – SaaS founders"
            maxLength={200}
            {...nameField}
          />
        </div>
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="sr-only">After sending</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="launch"
              checked={!startNow || !canStart}
              onChange={() => onStartNowChange(false)}
            />
            Create as draft
          </label>
          <label
            className={canStart ? 'flex items-center gap-2' : 'flex items-center gap-2 text-muted-foreground'}
          >
            <input
              type="radio"
              name="launch"
              disabled={!canStart}
              checked={startNow && canStart}
              onChange={() => onStartNowChange(true)}
            />
            Create and start
          </label>
        </fieldset>
        <Button type="submit" size="lg" disabled={!canSend}>
          {phase === 'sending' ? (
            <Loader2 className="animate-spin" />
          ) : phase === 'waiting' ? (
            <PauseCircle aria-hidden />
          ) : (
            <Send />
          )}
          Send {count.toLocaleString()} emails to Smartlead
        </Button>
      </CardContent>
      {phase === 'waiting' && (
        <p className="px-6 pb-4 text-sm text-amber-700" data-testid="send-waits">
          The send waits for your choice below: some addresses could not be checked again.
        </p>
      )}
      {!canStart && (
        <p className="px-6 pb-4 text-xs text-muted-foreground">
          To start sending right away, pick a sequence and at least one sending account above.
        </p>
      )}
    </Card>
  );
}
