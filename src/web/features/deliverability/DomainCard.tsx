import { Loader2, RefreshCw, Trash2 } from 'lucide-react';
import { SENDING_PROVIDER_LABELS, type SendingDomain } from '../../../shared/deliverability';
import { formatDateTime } from '../../lib/format';
import { failureToast, toast } from '../../lib/toast';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { useRecheckDomain, useRemoveDomain } from './api';
import { DomainChecks } from './DomainChecks';
import { SenderRequirements } from './SenderRequirements';
import { StateBadge } from './StateBadge';

/** One sending domain: its state, each check with the fix, Recheck and Remove. */
export function DomainCard({ domain }: { domain: SendingDomain }) {
  const recheck = useRecheckDomain({
    onSuccess: (d) => toast({ title: `${d.domain} rechecked` }),
    onError: failureToast('Could not recheck the domain'),
  });
  const remove = useRemoveDomain({ onError: failureToast('Could not remove the domain') });
  const from = domain.source === 'mailbox' ? 'From your mailboxes' : 'Added by hand';
  const provider = domain.provider ? ` · ${SENDING_PROVIDER_LABELS[domain.provider]}` : '';
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle className="break-all">{domain.domain}</CardTitle>
            <StateBadge state={domain.state} />
          </div>
          <CardDescription>
            {from}
            {provider} ·{' '}
            {domain.checkedAt ? `checked ${formatDateTime(domain.checkedAt)}` : 'not checked yet'}
          </CardDescription>
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={recheck.isPending}
            onClick={() => recheck.mutate(domain.id)}
            aria-label={`Recheck ${domain.domain}`}
          >
            {recheck.isPending ? <Loader2 className="animate-spin" /> : <RefreshCw />} Recheck
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate(domain.id)}
            aria-label={`Remove ${domain.domain}`}
          >
            <Trash2 />
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <DomainChecks domain={domain} />
        {domain.requirements && <SenderRequirements report={domain.requirements} domain={domain.domain} />}
      </CardContent>
    </Card>
  );
}
