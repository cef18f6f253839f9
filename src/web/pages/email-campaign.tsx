import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Loader2, Pause, Play, Square } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { SENDING_DOMAIN_FAILING } from '../../shared/deliverability';
import { DAY_NAMES, type StatusAction, VARIANT_LABELS } from '../../shared/email-automation';
import { ActivityChart } from '../features/smartlead/ActivityChart';
import { AddLeadsDialog } from '../features/smartlead/automation/AddLeadsDialog';
import { automationQueries, useChangeStatus } from '../features/smartlead/automation/api';
import { CampaignLeadsCard } from '../features/smartlead/automation/CampaignLeadsCard';
import { CampaignSettingsSummary } from '../features/smartlead/automation/CampaignSettingsSummary';
import { EditCampaignDialog } from '../features/smartlead/automation/EditCampaignDialog';
import { SectionTitle } from '../features/smartlead/automation/SectionTitle';
import { MailboxDomainState } from '../features/smartlead/automation/SendingDomains';
import { StatusBadge } from '../features/smartlead/CampaignCard';
import { SendProgressCard } from '../features/smartlead/SendProgressCard';
import { errorMessage } from '../lib/api';
import { formatDay } from '../lib/format';
import { toast } from '../lib/toast';
import { useBranding } from '../lib/use-branding';
import { Alert, AlertDescription } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader } from '../ui/card';
import { PageHeader } from '../ui/PageHeader';
import { Skeleton } from '../ui/skeleton';

const ACTIONS: Record<string, { action: StatusAction; label: string; icon: typeof Play }[]> = {
  DRAFTED: [{ action: 'start', label: 'Start', icon: Play }],
  ACTIVE: [
    { action: 'pause', label: 'Pause', icon: Pause },
    { action: 'stop', label: 'Stop', icon: Square },
  ],
  PAUSED: [
    { action: 'resume', label: 'Resume', icon: Play },
    { action: 'stop', label: 'Stop', icon: Square },
  ],
};
const DONE: Record<StatusAction, string> = {
  start: 'Campaign started',
  resume: 'Campaign resumed',
  pause: 'Campaign paused',
  stop: 'Campaign stopped',
};

// A campaign created here, as Smartlead has it (Email Campaigns): sequence, sending accounts,
// schedule, lead statuses and analytics; start, pause, resume, stop and more leads. Refreshed every 30 s.
export default function EmailCampaignPage() {
  const { id = '' } = useParams<{ id: string }>();
  const detail = useQuery(automationQueries.campaign(id));
  const change = useChangeStatus(id, (action) => toast({ title: DONE[action], variant: 'success' }));
  const [pending, setPending] = useState<StatusAction | null>(null);
  const d = detail.data;
  const { productName } = useBranding();
  const status = d?.remote?.status ?? d?.campaign.status ?? 'DRAFTED';

  const act = async (action: StatusAction) => {
    if (
      action === 'stop' &&
      !window.confirm('Stop this campaign for good? A stopped campaign cannot be restarted.')
    )
      return;
    setPending(action);
    try {
      await change.mutateAsync({ action }).catch(async (err: unknown) => {
        // A sending domain failing its DNS checks: the server asks for an explicit confirmation.
        if (!String(err).includes(SENDING_DOMAIN_FAILING)) throw err;
        if (!window.confirm(`${errorMessage(err, '')}\n\nStart anyway?`)) return;
        await change.mutateAsync({ action, force: true });
      });
    } catch (err) {
      toast({
        title: 'Smartlead refused the change',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setPending(null);
    }
  };

  if (detail.isLoading) return <Skeleton className="h-[480px]" />;
  if (detail.isError || !d) {
    return (
      <Alert variant="destructive">
        <AlertDescription>{errorMessage(detail.error, 'Campaign not found')}</AlertDescription>
      </Alert>
    );
  }
  const c = d.campaign;
  const inFlight = c.send.state === 'queued' || c.send.state === 'sending' || c.send.state === 'failed';
  return (
    <div className="flex flex-col gap-6">
      <Link
        href="/smartlead/campaigns"
        className="flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" /> Email Campaigns
      </Link>
      <PageHeader
        title={c.name}
        description={`Created ${formatDay(c.created_at)}${c.imported ? ' · imported from Smartlead' : ''}`}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={status} />
            {(ACTIONS[status] ?? []).map((a) => (
              <Button
                key={a.action}
                variant={a.action === 'stop' ? 'outline' : 'default'}
                disabled={pending !== null}
                onClick={() => void act(a.action)}
              >
                {pending === a.action ? <Loader2 className="animate-spin" /> : <a.icon />} {a.label}
              </Button>
            ))}
            {c.smartlead_id !== null && status !== 'STOPPED' && d.remote && (
              <EditCampaignDialog id={id} detail={d} />
            )}
            {c.smartlead_id !== null && status !== 'STOPPED' && <AddLeadsDialog campaignId={id} />}
          </div>
        }
      />
      {d.remoteError && (
        <Alert variant="warning">
          <AlertDescription>
            {d.remoteError} Showing what {productName} knows; this page retries every 30 seconds.
          </AlertDescription>
        </Alert>
      )}
      {inFlight && <SendProgressCard name={c.name} progress={c.send} />}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="Leads" value={(d.remote?.totalLeads ?? c.total_leads).toLocaleString()} />
        <Stat label="Emails sent" value={c.sent_count.toLocaleString()} />
        <Stat label="Open rate" value={c.analytics ? `${c.analytics.open_rate.toFixed(1)}%` : '—'} />
        <Stat label="Reply rate" value={c.analytics ? `${c.analytics.reply_rate.toFixed(1)}%` : '—'} />
      </div>
      <ActivityChart campaignId={id} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <SectionTitle className="text-lg">Sequence</SectionTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3" data-testid="campaign-sequence">
            {!d.remote && <p className="text-sm text-muted-foreground">Not available right now.</p>}
            {d.remote?.steps.length === 0 && (
              <p className="text-sm text-muted-foreground">No emails in this campaign yet.</p>
            )}
            {d.remote?.steps.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a step's identity is its position
              <div key={i} className="rounded-lg border p-3 text-sm">
                <div className="text-xs text-muted-foreground">
                  {i === 0
                    ? 'Email 1'
                    : `Follow-up ${i} · after ${s.delayDays} day${s.delayDays === 1 ? '' : 's'}`}
                </div>
                {s.variants.map((v, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: variants are positional (A, B, …)
                  <div key={j} className="mt-2">
                    <p className="font-medium break-words">
                      {s.variants.length > 1 && (
                        <span className="mr-1 text-muted-foreground">{VARIANT_LABELS[j]}:</span>
                      )}
                      {v.subject || '(reply in thread)'}
                    </p>
                    <p className="line-clamp-3 whitespace-pre-wrap break-words text-muted-foreground">
                      {v.body}
                    </p>
                  </div>
                ))}
              </div>
            ))}
          </CardContent>
        </Card>
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <SectionTitle className="text-lg">Sending accounts</SectionTitle>
            </CardHeader>
            <CardContent data-testid="campaign-accounts">
              {d.remote?.accounts.length ? (
                <ul className="flex flex-col gap-1 text-sm">
                  {d.remote.accounts.map((a) => (
                    <li key={a.id} className="break-all">
                      {a.fromName ? `${a.fromName} · ` : ''}
                      {a.fromEmail} <span className="text-muted-foreground">({a.type})</span>{' '}
                      <MailboxDomainState email={a.fromEmail} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">
                  {d.remote ? 'No sending account yet.' : 'Not available right now.'}
                </p>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <SectionTitle className="text-lg">Schedule</SectionTitle>
            </CardHeader>
            <CardContent className="text-sm" data-testid="campaign-schedule">
              {d.schedule ? (
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                  <dt className="text-muted-foreground">Time zone</dt>
                  <dd>{d.schedule.timezone}</dd>
                  <dt className="text-muted-foreground">Days</dt>
                  <dd>{d.schedule.days.map((x) => DAY_NAMES[x]).join(', ')}</dd>
                  <dt className="text-muted-foreground">Hours</dt>
                  <dd>
                    {d.schedule.startHour}–{d.schedule.endHour}
                  </dd>
                  <dt className="text-muted-foreground">Between emails</dt>
                  <dd>{d.schedule.minTimeBetweenEmails} min</dd>
                  <dt className="text-muted-foreground">New leads per day</dt>
                  <dd>{d.schedule.maxNewLeadsPerDay}</dd>
                </dl>
              ) : (
                <p className="text-muted-foreground">
                  This campaign was created without a schedule; Smartlead uses its defaults.
                </p>
              )}
              <CampaignSettingsSummary settings={d.settings} />
            </CardContent>
          </Card>
        </div>
      </div>
      <CampaignLeadsCard detail={d} />
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border bg-card p-4">
      <div className="text-xs text-muted-foreground">{label}</div>
      <div className="mt-1 text-2xl font-semibold tabular-nums">{value}</div>
    </div>
  );
}
