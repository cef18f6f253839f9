import { Megaphone, PenLine, RefreshCw, Send } from 'lucide-react';
import { Link } from 'wouter';
import { PageHeader } from '../components/PageHeader';
import { useCampaigns } from '../components/smartlead/api';
import { StatusBadge } from '../components/smartlead/CampaignCard';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { errorMessage } from '../lib/api';
import { cn } from '../lib/utils';

const pct = (n: number | undefined) => (n === undefined ? '—' : `${n.toFixed(1)}%`);

// Email Campaigns (SPEC §2, under Email Automation): every campaign created here with its Smartlead
// status, lead counts and analytics, refreshed every 30 s (SPEC §9); each opens its campaign page.
export default function EmailCampaignsPage() {
  const campaigns = useCampaigns();
  const list = campaigns.data?.campaigns;
  return (
    <div>
      <PageHeader
        title="Email Campaigns"
        description="Launch, pause and follow your Smartlead campaigns"
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => void campaigns.refetch()}
              disabled={campaigns.isFetching}
            >
              <RefreshCw className={cn(campaigns.isFetching && 'animate-spin')} /> Refresh
            </Button>
            <Button asChild>
              <Link href="/send-to-smartlead">
                <Send /> New campaign
              </Link>
            </Button>
          </>
        }
      />
      {campaigns.isLoading && <Skeleton className="h-72" />}
      {campaigns.isError && (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(campaigns.error, 'Failed to load campaigns')}</AlertDescription>
        </Alert>
      )}
      {campaigns.data && !campaigns.data.remoteAvailable && (
        <Alert variant="warning" className="mb-6">
          <AlertDescription>
            Smartlead could not be reached just now, so statuses and analytics may be out of date.
          </AlertDescription>
        </Alert>
      )}
      {list && list.length === 0 && (
        <Card className="border-dashed">
          <CardContent className="flex flex-col items-center gap-4 py-16 text-center">
            <Megaphone className="size-8 text-muted-foreground" />
            <div>
              <p className="text-lg font-semibold">No campaigns yet</p>
              <p className="mt-1 text-sm text-muted-foreground">
                Write a sequence, then send verified emails as a campaign.
              </p>
            </div>
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild variant="outline">
                <Link href="/email-composer">
                  <PenLine /> Write a sequence
                </Link>
              </Button>
              <Button asChild>
                <Link href="/send-to-smartlead">
                  <Send /> Send Emails
                </Link>
              </Button>
            </div>
          </CardContent>
        </Card>
      )}
      {list && list.length > 0 && (
        <Card>
          <CardContent
            className="overflow-x-auto pt-6"
            tabIndex={0}
            role="region"
            aria-label="Email campaigns"
          >
            <table className="w-full min-w-[720px] text-sm">
              <thead className="text-left text-xs text-muted-foreground uppercase">
                <tr className="border-b">
                  <th className="py-2 pr-3 font-medium">Campaign</th>
                  <th className="py-2 pr-3 font-medium">Status</th>
                  <th className="py-2 pr-3 text-right font-medium">Leads</th>
                  <th className="py-2 pr-3 text-right font-medium">Sent</th>
                  <th className="py-2 pr-3 text-right font-medium">Open rate</th>
                  <th className="py-2 text-right font-medium">Reply rate</th>
                </tr>
              </thead>
              <tbody>
                {list.map((c) => (
                  <tr key={c.id} className="border-b last:border-0" data-testid="email-campaign-row">
                    <td className="py-3 pr-3">
                      <Link
                        href={`/smartlead/campaigns/${c.id}`}
                        className="font-medium text-primary underline-offset-2 hover:underline"
                      >
                        {c.name}
                      </Link>
                      <div className="text-xs text-muted-foreground">
                        Created {new Date(c.created_at).toLocaleDateString()}
                        {c.send.state === 'queued' || c.send.state === 'sending'
                          ? ` · adding leads ${c.send.leadsProcessed}/${c.send.totalLeads}`
                          : c.send.state === 'failed'
                            ? ' · send failed'
                            : ''}
                      </div>
                    </td>
                    <td className="py-3 pr-3">
                      <StatusBadge status={c.status} />
                    </td>
                    <td className="py-3 pr-3 text-right tabular-nums">{c.total_leads.toLocaleString()}</td>
                    <td className="py-3 pr-3 text-right tabular-nums">{c.sent_count.toLocaleString()}</td>
                    <td className="py-3 pr-3 text-right tabular-nums">{pct(c.analytics?.open_rate)}</td>
                    <td className="py-3 text-right tabular-nums">{pct(c.analytics?.reply_rate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
