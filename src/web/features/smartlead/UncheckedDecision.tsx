import { ShieldQuestion } from 'lucide-react';
import type { SendProgress, UncheckedAction } from '../../../shared/smartlead';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Alert, AlertDescription, AlertTitle } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useUncheckedDecision } from './api';

/**
 * Leads a re-check before sending could not ask about (decision 0221): that is no verdict on them, so the
 * send waits and the user chooses. Shown on the send's progress and on its campaign card.
 */
export function UncheckedDecision({
  sendId,
  waiting,
}: {
  sendId: string;
  waiting: NonNullable<SendProgress['recheck']['waiting']>;
}) {
  const decide = useUncheckedDecision(sendId);
  const choose = (action: UncheckedAction) =>
    decide.mutate(action, {
      onError: (err) =>
        toast({
          title: 'Your choice was not saved',
          description: errorMessage(err, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  const n = waiting.count.toLocaleString();
  const them = waiting.count === 1 ? 'it' : 'them';
  return (
    <Alert variant="warning" data-testid="unchecked-decision">
      <ShieldQuestion aria-hidden />
      <AlertTitle>
        {n} {waiting.count === 1 ? 'address' : 'addresses'} could not be checked again
      </AlertTitle>
      <AlertDescription className="flex flex-col items-start gap-2">
        <p>
          {/[.!?]$/.test(waiting.why) ? waiting.why : `${waiting.why}.`} This says nothing about the{' '}
          {waiting.count === 1 ? 'address' : 'addresses'} themselves: the send waits for your choice.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={decide.isPending} onClick={() => choose('hold')}>
            Hold {them} back
          </Button>
          <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => choose('send')}>
            Send {them} on the earlier verdict
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
