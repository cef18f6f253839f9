import { useQuery } from '@tanstack/react-query';
import { Megaphone, PenLine, RefreshCw, Send } from 'lucide-react';
import { Link } from 'wouter';
import { ActivityChart } from '../features/smartlead/ActivityChart';
import { smartleadQueries } from '../features/smartlead/api';
import { CampaignCard } from '../features/smartlead/CampaignCard';
import { ImportCampaignsDialog } from '../features/smartlead/ImportCampaignsDialog';
import { errorMessage } from '../lib/api';
import { cn } from '../lib/utils';
import { Alert, AlertDescription } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardContent } from '../ui/card';
import { PageHeader } from '../ui/PageHeader';
import { Skeleton } from '../ui/skeleton';

// Email Campaigns (under Email Automation; "Campaign Status" is this screen too, decision 0400):
// every campaign with its Smartlead status, lead counts, sending progress and analytics, refreshed every
// 30 s; each opens its campaign page (Manage) or Smartlead's (View).
export default function EmailCampaignsPage() {
  const campaigns = useQuery(smartleadQueries.campaigns());
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
            <ImportCampaignsDialog />
            <Button asChild>
              <Link href="/send-to-smartlead">
                <Send /> New campaign
              </Link>
            </Button>
          </>
        }
      />
      {campaigns.isLoading && (
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-72" />
          ))}
        </div>
      )}
      {campaigns.isError && (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(campaigns.error, 'Failed to load campaigns')}</AlertDescription>
        </Alert>
      )}
      {campaigns.data && !campaigns.data.remoteAvailable && (
        <Alert variant="warning" className="mb-6">
          <AlertDescription>
            Smartlead could not be reached just now, so statuses and analytics may be out of date. If this
            persists, check your key in{' '}
            <Link className="underline" href="/settings/integrations">
              Settings → Integrations
            </Link>
            .
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
        <div className="flex flex-col gap-6">
          <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            {list.map((c) => (
              <CampaignCard key={c.id} campaign={c} />
            ))}
          </div>
          <ActivityChart />
        </div>
      )}
    </div>
  );
}
