import { useQuery } from '@tanstack/react-query';
import { Globe, Info, Loader2, RefreshCw } from 'lucide-react';
import { AddDomainForm } from '../features/deliverability/AddDomainForm';
import { deliverabilityQueries, useSyncMailboxDomains } from '../features/deliverability/api';
import { DomainCard } from '../features/deliverability/DomainCard';
import { DomainNotices } from '../features/deliverability/DomainNotices';
import { HeaderCheck } from '../features/deliverability/HeaderCheck';
import { errorMessage } from '../lib/api';
import { failureToast, toast } from '../lib/toast';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { PageHeader } from '../ui/PageHeader';

/**
 * Sending domains: the DNS behind the workspace's mailboxes (MX, SPF, DKIM, DMARC, tracking CNAME,
 * blocklists), each check with the record that fixes it; rechecked daily and on demand.
 */
export default function DeliverabilityPage() {
  const list = useQuery(deliverabilityQueries.domains());
  const sync = useSyncMailboxDomains({
    onSuccess: (r) =>
      toast({ title: 'Mailbox domains checked', description: `${r.domains.length} domains in all.` }),
    onError: failureToast('Could not read your mailboxes'),
  });
  const data = list.data;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Deliverability"
        description="The DNS records behind your sending domains, checked every day: what is wrong, and the exact record that fixes it"
        actions={
          <Button variant="outline" onClick={() => sync.mutate()} disabled={sync.isPending}>
            {sync.isPending ? <Loader2 className="animate-spin" /> : <RefreshCw />} Check my mailboxes'
            domains
          </Button>
        }
      />
      {data?.setup.length ? (
        <Alert>
          <Info />
          <AlertTitle>What these checks cannot see on this server</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              {data.setup.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
      {data && <DomainNotices domains={data.domains} />}
      <Card>
        <CardHeader>
          <CardTitle>Check a domain</CardTitle>
          <CardDescription>
            Domains of your connected mailboxes are added by themselves; add any other domain you send from.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <AddDomainForm />
        </CardContent>
      </Card>
      {list.isLoading ? (
        <Loader2 className="mx-auto size-5 animate-spin text-muted-foreground" aria-label="Loading" />
      ) : list.isError ? (
        <Alert variant="destructive">
          <AlertTitle>The domains could not be loaded</AlertTitle>
          <AlertDescription>
            {errorMessage(list.error, 'Please try again.')}{' '}
            <Button variant="link" className="h-auto p-0" onClick={() => list.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : !data?.domains.length ? (
        <div className="flex flex-col items-center gap-2 py-8 text-center text-sm text-muted-foreground">
          <Globe className="size-6" aria-hidden />
          No sending domain yet. Check your mailboxes' domains, or add one above.
        </div>
      ) : (
        <section aria-label="Sending domains" className="space-y-4">
          {data.domains.map((d) => (
            <DomainCard key={d.id} domain={d} />
          ))}
        </section>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Check a message's headers</CardTitle>
          <CardDescription>
            What a receiver said about one message: SPF, DKIM and DMARC with their alignment, one-click
            unsubscribe, and TLS on each hop.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <HeaderCheck />
        </CardContent>
      </Card>
    </div>
  );
}
