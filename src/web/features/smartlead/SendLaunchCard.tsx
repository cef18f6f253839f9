import { Loader2, Send } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { createCampaignSchema } from '../../../shared/smartlead';
import { Button } from '../../ui/button';
import { Card, CardContent } from '../../ui/card';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';

/** The send form's own field, checked as the create request checks it. */
export const campaignNameForm = z.object({ campaignName: createCampaignSchema.shape.campaignName });
export type CampaignNameForm = z.input<typeof campaignNameForm>;

/** The send's last step: the campaign's name, draft or start, and the Send button. */
export function SendLaunchCard({
  nameField,
  canStart,
  startNow,
  onStartNowChange,
  canSend,
  sending,
  count,
}: {
  nameField: UseFormRegisterReturn<'campaignName'>;
  /** A sequence and at least one sending account are chosen. */
  canStart: boolean;
  startNow: boolean;
  onStartNowChange: (start: boolean) => void;
  canSend: boolean;
  sending: boolean;
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
          {sending ? <Loader2 className="animate-spin" /> : <Send />}
          Send {count.toLocaleString()} emails to Smartlead
        </Button>
      </CardContent>
      {!canStart && (
        <p className="px-6 pb-4 text-xs text-muted-foreground">
          To start sending right away, pick a sequence and at least one sending account above.
        </p>
      )}
    </Card>
  );
}
