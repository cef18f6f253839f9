import { Download, Loader2, MailCheck, Send } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { FindJob, FindSendResponse } from '../../../shared/finder';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { exportUrl, isRunning, useSendFindToVerification } from './api';
import { refusalOf } from './refusal';

/**
 * Export, Send to verification and Send to Smartlead. Smartlead takes verified addresses only, so
 * "Send to Smartlead" makes the verification list first and then points to where its valid addresses
 * arrive once verified (Send to Smartlead lists them under the list's name).
 */
export function SendActions({ job }: { job: FindJob }) {
  const [sent, setSent] = useState<FindSendResponse | null>(null);
  const [forSmartlead, setForSmartlead] = useState(false);
  const send = useSendFindToVerification(job.id, {
    onSuccess: (r) => {
      setSent(r);
      toast({
        title: 'Sent to verification',
        description: `${r.emailCount} ${r.emailCount === 1 ? 'email is' : 'emails are'} being verified.`,
        variant: 'success',
      });
    },
    onError: (err) =>
      toast({
        title: refusalOf(err)?.plan ? 'Your plan does not allow this' : 'Could not send to verification',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      }),
  });
  const running = isRunning(job);
  const nothing = job.found === 0;
  const go = (smartlead: boolean) => {
    setForSmartlead(smartlead);
    if (!sent) send.mutate();
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <a href={exportUrl(job.id)} download>
            <Download /> Export CSV
          </a>
        </Button>
        <Button onClick={() => go(false)} disabled={running || nothing || send.isPending || Boolean(sent)}>
          {send.isPending && !forSmartlead ? <Loader2 className="animate-spin" /> : <MailCheck />}
          Send to verification
        </Button>
        <Button variant="outline" onClick={() => go(true)} disabled={running || nothing || send.isPending}>
          {send.isPending && forSmartlead ? <Loader2 className="animate-spin" /> : <Send />}
          Send to Smartlead
        </Button>
      </div>
      {(running || nothing) && (
        <p className="text-xs text-muted-foreground">
          {running
            ? 'Sending opens once the find has finished.'
            : 'No address was found, so there is nothing to send.'}
        </p>
      )}
      {sent && (
        <div
          role="status"
          data-testid="find-sent"
          className="flex flex-col gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900 sm:flex-row sm:items-center"
        >
          <p className="flex-1">
            A list of {sent.emailCount} {sent.emailCount === 1 ? 'address' : 'addresses'} is being verified.
            {forSmartlead && ' Once verified, its valid addresses are ready in Send to Smartlead.'}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm" variant="outline">
              <Link href={`/?uploadId=${sent.uploadId}`}>View the list</Link>
            </Button>
            {forSmartlead && (
              <Button asChild size="sm">
                <Link href="/send-to-smartlead">Open Send to Smartlead</Link>
              </Button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
