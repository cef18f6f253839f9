import { useQuery } from '@tanstack/react-query';
import { MailX, RefreshCw, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { smartleadQueries } from '../features/smartlead/api';
import { automationQueries } from '../features/smartlead/automation/api';
import { ConnectMailboxDialog } from '../features/smartlead/mailboxes/ConnectMailboxDialog';
import { MailboxDialog } from '../features/smartlead/mailboxes/MailboxDialog';
import { NotConnected } from '../features/smartlead/NotConnected';
import { errorMessage } from '../lib/api';
import { cn } from '../lib/utils';
import { Alert, AlertDescription } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardContent } from '../ui/card';
import { Input } from '../ui/input';
import { PageHeader } from '../ui/PageHeader';
import { Skeleton } from '../ui/skeleton';

// Email Accounts (under Email Automation): the user's sending mailboxes in Smartlead, searchable,
// with daily limit, warm-up and reputation, and the workspace's campaigns (sent from here or imported)
// that send from each.
export default function EmailAccountsPage() {
  const settings = useQuery(smartleadQueries.settings());
  const hasKey = settings.data?.hasApiKey === true;
  const accounts = useQuery(automationQueries.emailAccounts(hasKey));
  const [q, setQ] = useState('');
  const needle = q.trim().toLowerCase();
  const list = (accounts.data ?? []).filter(
    (a) => !needle || `${a.fromEmail} ${a.fromName} ${a.type}`.toLowerCase().includes(needle),
  );

  return (
    <div>
      <PageHeader
        title="Email Accounts"
        description="The mailboxes your Smartlead campaigns send from"
        actions={
          hasKey && (
            <>
              <Button
                variant="outline"
                onClick={() => void accounts.refetch()}
                disabled={accounts.isFetching}
              >
                <RefreshCw className={cn(accounts.isFetching && 'animate-spin')} /> Refresh
              </Button>
              <ConnectMailboxDialog />
            </>
          )
        }
      />
      {settings.data && !hasKey && <NotConnected toDo="to use email automation" />}
      {(settings.isLoading || accounts.isLoading) && <Skeleton className="h-80" />}
      {accounts.isError && (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(accounts.error, 'Failed to load email accounts')}</AlertDescription>
        </Alert>
      )}
      {accounts.data && accounts.data.length === 0 && (
        <Card className="border-dashed">
          <CardContent className="flex flex-col items-center gap-3 py-16 text-center">
            <MailX className="size-8 text-muted-foreground" />
            <p className="text-lg font-semibold">No email accounts in Smartlead yet</p>
            <p className="max-w-md text-sm text-muted-foreground">
              Connect a mailbox (“Connect a mailbox” above) with its SMTP and IMAP details; Smartlead checks
              it, and it can warm up before your campaigns send from it.
            </p>
          </CardContent>
        </Card>
      )}
      {accounts.data && accounts.data.length > 0 && (
        <Card>
          <CardContent className="flex flex-col gap-4 pt-6">
            <div className="relative max-w-sm">
              <Search
                className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                aria-label="Search accounts"
                placeholder="Search accounts"
                className="pl-9"
                value={q}
                onChange={(e) => setQ(e.target.value)}
              />
            </div>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard */}
            <section className="relative overflow-x-auto" tabIndex={0} aria-label="Email accounts">
              <table className="w-full min-w-[760px] text-sm">
                <thead className="text-left text-xs text-muted-foreground uppercase">
                  <tr className="border-b">
                    <th className="py-2 pr-3 font-medium">Account</th>
                    <th className="py-2 pr-3 font-medium">Type</th>
                    <th className="py-2 pr-3 font-medium">Sent today / daily limit</th>
                    <th className="py-2 pr-3 font-medium">Warm-up</th>
                    <th className="py-2 pr-3 font-medium">Status</th>
                    <th className="py-2 pr-3 font-medium">Used by</th>
                    <th className="py-2 font-medium">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((a) => (
                    <tr key={a.id} className="border-b last:border-0" data-testid="email-account-row">
                      <td className="py-3 pr-3">
                        <div className="font-medium break-all">{a.fromEmail}</div>
                        <div className="text-xs text-muted-foreground">{a.fromName}</div>
                      </td>
                      <td className="py-3 pr-3">{a.type}</td>
                      <td className="py-3 pr-3 tabular-nums">
                        {a.sentToday ?? '—'} / {a.dailyLimit ?? '—'}
                      </td>
                      <td className="py-3 pr-3">
                        {a.warmupStatus ? (
                          <Badge variant={a.warmupStatus === 'ACTIVE' ? 'success' : 'secondary'}>
                            {a.warmupStatus === 'ACTIVE' ? 'Warming' : a.warmupStatus.toLowerCase()}
                            {a.warmupReputation !== null ? ` · ${a.warmupReputation}%` : ''}
                          </Badge>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td className="py-3 pr-3">
                        <Badge variant={a.connected ? 'success' : 'destructive'}>
                          {a.connected ? 'Connected' : 'Disconnected'}
                        </Badge>
                      </td>
                      <td className="py-3 pr-3">
                        {a.usedBy.length === 0 ? (
                          <span className="text-muted-foreground">
                            {a.campaignCount
                              ? `${a.campaignCount} Smartlead campaign${a.campaignCount === 1 ? '' : 's'}`
                              : 'Not used'}
                          </span>
                        ) : (
                          <ul className="flex flex-col gap-0.5">
                            {a.usedBy.map((c) => (
                              <li key={c.id}>
                                <Link
                                  href={`/smartlead/campaigns/${c.id}`}
                                  className="text-primary underline underline-offset-2"
                                >
                                  {c.name}
                                </Link>
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                      <td className="py-3">
                        <MailboxDialog account={a} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {list.length === 0 && (
                <p className="py-6 text-center text-sm text-muted-foreground">
                  No accounts match your search
                </p>
              )}
            </section>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
