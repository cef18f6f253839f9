import { Megaphone, RefreshCw, Send } from 'lucide-react';
import { Link } from 'wouter';
import { PageHeader } from '../components/PageHeader';
import { useCampaigns } from '../components/smartlead/api';
import { CampaignCard } from '../components/smartlead/CampaignCard';
import { Alert, AlertDescription } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { errorMessage } from '../lib/api';
import { cn } from '../lib/utils';

// SPEC §2 Campaign Status: a grid of campaign cards, refreshed every 30 s and on demand.
export default function CampaignStatusPage() {
  const campaigns = useCampaigns();
  const list = campaigns.data?.campaigns;
  return (
    <div>
      <PageHeader
        title="Campaign Status"
        description="Monitor your Smartlead campaigns"
        actions={
          <Button variant="outline" onClick={() => void campaigns.refetch()} disabled={campaigns.isFetching}>
            <RefreshCw className={cn(campaigns.isFetching && 'animate-spin')} /> Refresh
          </Button>
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
            Smartlead could not be reached just now, so statuses and analytics may be out of date. Check your
            API key in the settings if this persists.
          </AlertDescription>
        </Alert>
      )}
      {list && list.length === 0 && (
        <Card className="border-dashed">
          <CardContent className="flex flex-col items-center gap-4 py-16 text-center">
            <span className="flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
              <Megaphone className="size-7" />
            </span>
            <div>
              <p className="text-lg font-semibold">No campaigns yet</p>
              <p className="mt-1 text-sm text-muted-foreground">
                Send verified emails to Smartlead to create your first campaign.
              </p>
            </div>
            <Button asChild>
              <Link href="/send-to-smartlead">
                <Send /> Send Emails
              </Link>
            </Button>
          </CardContent>
        </Card>
      )}
      {list && list.length > 0 && (
        <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {list.map((c) => (
            <CampaignCard key={c.id} campaign={c} />
          ))}
        </div>
      )}
    </div>
  );
}
