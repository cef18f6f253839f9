import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, ScanSearch } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  type HeaderCheckInput,
  type HeaderReport,
  headerCheckInputSchema,
} from '../../../shared/deliverability';
import { failureToast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { Label } from '../../ui/label';
import { Textarea } from '../../ui/textarea';
import { useCheckHeaders } from './api';
import { StateBadge } from './StateBadge';

const yesNo = (b: boolean) => (b ? 'aligned with From' : 'not aligned with From');

function Report({ r }: { r: HeaderReport }) {
  return (
    <div className="mt-4 space-y-4 text-sm" aria-live="polite">
      <ul className="divide-y rounded-md border" aria-label="Header check findings">
        {r.findings.map((f) => (
          <li key={f.text} className="flex flex-wrap items-start gap-2 p-2">
            <StateBadge state={f.status} />
            <span className="min-w-0 flex-1">{f.text}</span>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">From</dt>
        <dd className="break-all">{r.fromDomain ?? 'not found'}</dd>
        <dt className="text-muted-foreground">SPF</dt>
        <dd className="break-all">
          {r.spf.result}
          {r.spf.domain ? ` for ${r.spf.domain}, ${yesNo(r.spf.aligned)}` : ''}
        </dd>
        <dt className="text-muted-foreground">DKIM</dt>
        <dd className="break-all">
          {r.dkim.length
            ? r.dkim
                .map(
                  (d) =>
                    `${d.result} for ${d.domain}${d.selector ? ` (${d.selector})` : ''}, ${yesNo(d.aligned)}`,
                )
                .join('; ')
            : 'not signed'}
        </dd>
        <dt className="text-muted-foreground">DMARC</dt>
        <dd>
          {r.dmarc.result}
          {r.dmarc.fromReceiver ? '' : ' (worked out from SPF and DKIM)'}
        </dd>
        <dt className="text-muted-foreground">Unsubscribe</dt>
        <dd className="break-all">
          {r.unsubscribe.oneClick ? 'one-click (RFC 8058)' : (r.unsubscribe.header ?? 'none')}
        </dd>
        <dt className="text-muted-foreground">Checked by</dt>
        <dd className="break-all">{r.authServer ?? 'no Authentication-Results header'}</dd>
      </dl>
      {r.hops.length > 0 && (
        <div>
          <h4 className="font-medium">Hops, newest first</h4>
          <ol className="mt-1 list-decimal space-y-1 pl-5">
            {r.hops.map((h, i) => (
              // Hops are shown in the order the headers give; the index is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={i} className="break-all">
                {h.from ?? '(inside the receiver)'} → {h.by ?? '?'}:{' '}
                {h.tls === null ? 'TLS not said' : h.tls ? 'TLS' : 'no TLS'}
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

/** Paste a message's raw headers: what the receiver said about SPF, DKIM, DMARC, unsubscribe and TLS. */
export function HeaderCheck() {
  const form = useForm<HeaderCheckInput>({
    resolver: zodResolver(headerCheckInputSchema),
    defaultValues: { headers: '' },
  });
  const check = useCheckHeaders({ onError: failureToast('Could not read the headers') });
  const error = form.formState.errors.headers?.message ?? (check.error ? check.error.message : undefined);
  return (
    <div>
      <form onSubmit={form.handleSubmit((input) => check.mutate(input))} className="grid gap-2" noValidate>
        <Label htmlFor="raw-headers">Headers of a message you sent to yourself</Label>
        <Textarea
          id="raw-headers"
          rows={6}
          className="font-mono text-xs"
          placeholder="Received: from … Authentication-Results: … From: …"
          aria-invalid={error ? true : undefined}
          aria-describedby="raw-headers-help"
          {...form.register('headers')}
        />
        <p
          id="raw-headers-help"
          className={error ? 'text-xs font-medium text-destructive' : 'text-xs text-muted-foreground'}
        >
          {error ??
            'In Gmail: the message\'s menu → "Show original"; in Outlook: "View message source". Paste the part above the first blank line. Nothing it names is visited.'}
        </p>
        <Button type="submit" className="justify-self-start" disabled={check.isPending}>
          {check.isPending ? <Loader2 className="animate-spin" /> : <ScanSearch />} Check headers
        </Button>
      </form>
      {check.data && <Report r={check.data} />}
    </div>
  );
}
