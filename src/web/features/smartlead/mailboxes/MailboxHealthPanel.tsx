import type { UseQueryResult } from '@tanstack/react-query';
import { CheckCircle2, Loader2, RefreshCw, XCircle } from 'lucide-react';
import type { MailboxHealth } from '../../../../shared/mailboxes';
import { errorMessage } from '../../../lib/api';
import { Button } from '../../../ui/button';

/**
 * The mailbox's connection as Smartlead last checked it (decision 0202): can it send (SMTP), can it read
 * replies (IMAP), and Smartlead's reason when not. "Check connection" reads it from Smartlead again.
 */
export function MailboxHealthPanel({ health }: { health: UseQueryResult<MailboxHealth> }) {
  const h = health.data;
  return (
    <section className="grid gap-3" aria-labelledby="health-title" aria-busy={health.isFetching}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="health-title" className="font-semibold">
          Connection
        </h3>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={health.isFetching}
          onClick={() => void health.refetch()}
        >
          {health.isFetching ? <Loader2 className="animate-spin" /> : <RefreshCw />}
          Check connection
        </Button>
      </div>
      {health.isError && (
        <p className="text-sm text-destructive" role="alert">
          {errorMessage(health.error, 'Smartlead did not answer. Please try again in a minute.')}
        </p>
      )}
      {h && (
        <ul className="grid gap-2 text-sm" data-testid="mailbox-health">
          <Line
            ok={h.smtpOk}
            label={`Sending (SMTP) ${h.login.smtpHost}${h.login.smtpPort ? `:${h.login.smtpPort}` : ''}`}
            security={h.login.smtpSecurity}
            error={h.smtpError}
            failed="Smartlead cannot send from it."
          />
          <Line
            ok={h.imapOk}
            label={`Replies (IMAP) ${h.login.imapHost}${h.login.imapPort ? `:${h.login.imapPort}` : ''}`}
            security={h.login.imapSecurity}
            error={h.imapError}
            failed="Smartlead cannot read its replies."
          />
          {h.warmupReputation !== null && (
            <li className="text-muted-foreground">Warm-up reputation: {h.warmupReputation}%</li>
          )}
        </ul>
      )}
    </section>
  );
}

function Line(p: {
  ok: boolean;
  label: string;
  security: string | null;
  error: string | null;
  failed: string;
}) {
  return (
    <li className="flex items-start gap-2">
      {p.ok ? (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden />
      ) : (
        <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      )}
      <span className="min-w-0 break-words">
        <span className="font-medium">{p.ok ? 'Connected' : 'Not connected'}</span>: {p.label}
        {p.security ? ` (${p.security})` : ''}
        {!p.ok && (
          <span className="block text-destructive">
            {p.failed} {p.error ? `Smartlead says: ${p.error}` : 'Check its sign-in details below.'}
          </span>
        )}
      </span>
    </li>
  );
}
