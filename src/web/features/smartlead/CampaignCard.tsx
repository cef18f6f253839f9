import { CalendarDays, ExternalLink, SlidersHorizontal } from 'lucide-react';
import { Link } from 'wouter';
import { type Campaign, campaignStatusLabel } from '../../../shared/smartlead';
import { formatDay } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { Progress } from '../../ui/progress';
import { RecheckSummary } from './RecheckSummary';
import { UncheckedDecision } from './UncheckedDecision';

const STATUS_VARIANT: Record<string, 'success' | 'secondary' | 'warning' | 'info' | 'destructive'> = {
  ACTIVE: 'success',
  DRAFTED: 'secondary',
  PAUSED: 'warning',
  COMPLETED: 'info',
  STOPPED: 'destructive',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={STATUS_VARIANT[status] ?? 'outline'} data-testid="campaign-status-badge">
      {campaignStatusLabel(status)}
    </Badge>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-muted/60 p-3">
      <div className="text-xs text-muted-foreground">{label}</div>
      <div className="mt-1 text-lg font-semibold tabular-nums">{value}</div>
    </div>
  );
}

const rate = (n: number) => `${n.toFixed(1)}%`;

export function CampaignCard({ campaign }: { campaign: Campaign }) {
  const { send } = campaign;
  const inFlight = send.state === 'queued' || send.state === 'sending';
  return (
    <Card data-testid="campaign-card" className="flex flex-col">
      <CardHeader className="pb-3">
        <div className="flex items-start justify-between gap-3">
          <CardTitle className="break-words">{campaign.name}</CardTitle>
          <StatusBadge status={campaign.status} />
        </div>
        <div className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <CalendarDays className="size-4" />
          Created {formatDay(campaign.created_at)}
          {campaign.imported && <span data-testid="imported">· imported from Smartlead</span>}
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <div className="grid grid-cols-2 gap-3">
          <Stat label="Total Leads" value={campaign.total_leads.toLocaleString()} />
          <Stat label="Emails Sent" value={campaign.sent_count.toLocaleString()} />
          {campaign.analytics && (
            <>
              <Stat label="Open Rate" value={rate(campaign.analytics.open_rate)} />
              <Stat label="Reply Rate" value={rate(campaign.analytics.reply_rate)} />
            </>
          )}
        </div>
        {inFlight && (
          <div className="flex flex-col gap-1.5 text-sm">
            <Progress value={send.totalLeads ? (send.leadsProcessed / send.totalLeads) * 100 : 0} />
            <span className="text-muted-foreground">
              Adding leads: {send.leadsProcessed.toLocaleString()} of {send.totalLeads.toLocaleString()}
            </span>
            {send.error && <span className="text-amber-700">{send.error}</span>}
          </div>
        )}
        {send.state === 'failed' && (
          <p className="text-sm text-destructive">
            Sending stopped after {send.leadsProcessed.toLocaleString()} of {send.totalLeads.toLocaleString()}{' '}
            leads: {send.error}
          </p>
        )}
        <RecheckSummary recheck={send.recheck} />
        {send.recheck.waiting && <UncheckedDecision sendId={send.id} waiting={send.recheck.waiting} />}
        {send.state === 'completed' && (send.duplicates > 0 || send.invalid > 0) && (
          <p className="text-xs text-muted-foreground">
            {send.added.toLocaleString()} added · {send.duplicates.toLocaleString()} duplicates ·{' '}
            {send.invalid.toLocaleString()} invalid
          </p>
        )}
        <div className="mt-auto flex gap-2">
          <Button asChild variant="secondary" className="flex-1">
            <Link href={`/smartlead/campaigns/${campaign.id}`} aria-label={`Manage ${campaign.name}`}>
              <SlidersHorizontal /> Manage
            </Link>
          </Button>
          {campaign.viewUrl ? (
            <Button asChild variant="outline" className="flex-1">
              <a href={campaign.viewUrl} target="_blank" rel="noopener noreferrer">
                <ExternalLink /> View
              </a>
            </Button>
          ) : (
            <Button variant="outline" className="flex-1" disabled>
              <ExternalLink /> View
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
