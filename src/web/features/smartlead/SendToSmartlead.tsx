import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { DEFAULT_BOUNCE_BUDGET } from '../../../shared/bounce-budget';
import { type CampaignSetup, DEFAULT_SCHEDULE } from '../../../shared/email-automation';
import type { SendableEmail } from '../../../shared/smartlead';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Alert, AlertDescription } from '../../ui/alert';
import { Card, CardContent, CardDescription, CardHeader } from '../../ui/card';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/skeleton';
import { newIdempotencyKey, smartleadQueries, useCreateCampaign, useRefreshCampaigns } from './api';
import { automationQueries } from './automation/api';
import { BounceBudget, withinBudget } from './automation/BounceBudget';
import { CampaignSetupFields, type SetupChoice } from './automation/CampaignSetupFields';
import { RecheckNotice } from './automation/RecheckNotice';
import { SectionTitle } from './automation/SectionTitle';
import { AlreadySentWarning, HeldBack, IncludeRisky } from './automation/SendChoices';
import { SendingDomains, useSendingDomains } from './automation/SendingDomains';
import { EmailPicker } from './EmailPicker';
import { NotConnected } from './NotConnected';
import { createdDescription } from './RecheckSummary';
import { SendFailure } from './SendFailure';
import { type CampaignNameForm, campaignNameForm, SendLaunchCard, sendPhase } from './SendLaunchCard';
import { SendProgressCard } from './SendProgressCard';
import { namedSelection } from './selection';

const REDIRECT_MS = 1500;

// "Send to the provider": pick verified emails, name the campaign, send; then Email Campaigns.
export function SendToSmartlead() {
  const settings = useQuery(smartleadQueries.settings());
  const hasKey = settings.data?.hasApiKey === true;
  const emails = useQuery(smartleadQueries.verifiedEmails(hasKey));
  const refreshCampaigns = useRefreshCampaigns();
  const [, navigate] = useLocation();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const form = useForm<CampaignNameForm>({
    resolver: zodResolver(campaignNameForm),
    defaultValues: { campaignName: '' },
  });
  const name = form.watch('campaignName');
  const [includeRisky, setIncludeRisky] = useState(false);
  const [bounceBudget, setBounceBudget] = useState<number>(DEFAULT_BOUNCE_BUDGET);
  const [setup, setSetup] = useState<SetupChoice>({
    templateId: null,
    accountIds: [],
    schedule: DEFAULT_SCHEDULE,
  });
  const [startNow, setStartNow] = useState(false);
  const deselect = (ids: string[]) => setSelected(new Set([...selected].filter((id) => !ids.includes(id))));
  const domains = useSendingDomains(setup.accountIds);
  const force = domains.force;
  const [failure, setFailure] = useState<string | null>(null);
  const templates = useQuery(automationQueries.templates());
  const [send, setSend] = useState<{ id: string; name: string; count: number } | null>(null);
  // One key per intended send: a retry of the same selection and name reuses it (never two campaigns).
  const idem = useRef<{ key: string; fingerprint: string } | null>(null);
  const progress = useQuery(smartleadQueries.sendProgress(send?.id ?? null));

  const byId = useMemo(() => {
    const m = new Map<string, SendableEmail>();
    for (const g of emails.data?.groups ?? []) for (const e of g.emails) m.set(e.id, e);
    return m;
  }, [emails.data]);
  // Valid rows always; risky (catch-all, role) rows only after the explicit choice; never invalid ones.
  const groups = useMemo(
    () =>
      (emails.data?.groups ?? [])
        .map((g) => ({ ...g, emails: g.emails.filter((e) => e.status === 'valid' || includeRisky) }))
        .filter((g) => g.emails.length > 0),
    [emails.data, includeRisky],
  );
  const offered = groups.reduce((n, g) => n + g.emails.length, 0);
  const chosenSteps = templates.data?.find((t) => t.id === setup.templateId)?.steps;
  const campaignSetup: CampaignSetup | undefined =
    chosenSteps && setup.accountIds.length > 0
      ? { steps: chosenSteps, emailAccountIds: setup.accountIds, schedule: setup.schedule }
      : undefined;
  const onRiskyChange = (on: boolean) => {
    setIncludeRisky(on);
    if (!on) setSelected(new Set([...selected].filter((id) => byId.get(id)?.status === 'valid')));
  };

  const create = useCreateCampaign();
  const run = () => {
    // The body names the chosen lists and rows; the server builds the leads from them.
    const named = namedSelection(groups, selected);
    const count = [...selected].filter((id) => byId.has(id)).length;
    const campaignName = name.trim();
    const start = startNow && campaignSetup !== undefined;
    const fingerprint = JSON.stringify([
      campaignName,
      [...selected].sort(),
      campaignSetup ?? null,
      start,
      bounceBudget,
      force,
      includeRisky,
    ]);
    if (idem.current?.fingerprint !== fingerprint) idem.current = { key: newIdempotencyKey(), fingerprint };
    create.mutate(
      {
        body: { campaignName, ...named, includeRisky, setup: campaignSetup, start, bounceBudget, force },
        idempotencyKey: idem.current.key,
      },
      {
        onSuccess: (campaign) => {
          setFailure(null);
          setSend({ id: campaign.id, name: campaign.name, count });
        },
        onError: (err) => {
          const description = errorMessage(err, 'Failed to create campaign');
          setFailure(description);
          toast({ title: 'Failed to create campaign', description, variant: 'destructive' });
        },
      },
    );
  };

  const state = progress.data?.state;
  // Numbers, not the object: a poll that returns the same counts must not toast again.
  const heldInvalid = progress.data?.recheck.heldInvalid ?? 0;
  const heldUnchecked = progress.data?.recheck.heldUnchecked ?? 0;
  useEffect(() => {
    if (!send || !state) return;
    if (state === 'completed') {
      toast({
        title: 'Campaign created successfully',
        description: createdDescription(send.name, send.count, heldInvalid + heldUnchecked),
        variant: 'success',
      });
      setSelected(new Set());
      form.reset({ campaignName: '' });
      idem.current = null;
      void refreshCampaigns();
      const timer = setTimeout(() => navigate('/smartlead/campaigns'), REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    if (state === 'failed') {
      const description = progress.data?.error ?? 'Failed to create campaign';
      setFailure(description);
      toast({ title: 'Failed to create campaign', description, variant: 'destructive' });
    }
  }, [send, state, navigate, form, refreshCampaigns, progress.data?.error, heldInvalid, heldUnchecked]);

  const phase = sendPhase({
    pending: create.isPending,
    started: send !== null,
    failed: failure !== null,
    progress: progress.data,
  });
  const sending = phase !== 'idle';
  const chosen = [...selected].flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const canSend =
    !sending && selected.size > 0 && name.trim().length > 0 && withinBudget(chosen, bounceBudget);
  const onSubmit = form.handleSubmit(() => {
    if (canSend && !domains.blocked) run();
  });

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Send to Smartlead"
        description="Send verified emails to Smartlead as a new campaign"
      />
      {settings.isLoading && <Skeleton className="h-[600px]" />}
      {settings.isError && (
        <Alert variant="destructive">
          <AlertDescription>{errorMessage(settings.error, 'Failed to load settings')}</AlertDescription>
        </Alert>
      )}
      {settings.data && !hasKey && <NotConnected toDo="before sending emails" />}
      {hasKey && (
        <form onSubmit={onSubmit} className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <SectionTitle>Verified emails</SectionTitle>
              <CardDescription>
                Addresses that passed verification are offered; risky ones only if you include them.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {emails.isLoading && <Skeleton className="h-[560px]" />}
              {emails.isError && (
                <Alert variant="destructive">
                  <AlertDescription>
                    {errorMessage(emails.error, 'Failed to load verified emails')}
                  </AlertDescription>
                </Alert>
              )}
              {emails.data && (
                <>
                  <HeldBack heldBack={emails.data.heldBack} />
                  <IncludeRisky count={emails.data.risky} checked={includeRisky} onChange={onRiskyChange} />
                  <EmailPicker
                    groups={groups}
                    total={offered}
                    selected={selected}
                    onSelectedChange={setSelected}
                  />
                </>
              )}
            </CardContent>
          </Card>
          <AlreadySentWarning selected={chosen} onDeselect={deselect} />
          <BounceBudget
            selected={chosen}
            budget={bounceBudget}
            onBudgetChange={setBounceBudget}
            onKeep={deselect}
          />
          <RecheckNotice selected={chosen} afterDays={emails.data?.reverifyAfterDays ?? 0} />
          <CampaignSetupFields value={setup} onChange={setSetup} />
          <SendingDomains sending={domains} />
          <SendLaunchCard
            nameField={form.register('campaignName')}
            canStart={campaignSetup !== undefined}
            startNow={startNow}
            onStartNowChange={setStartNow}
            canSend={canSend && !domains.blocked}
            phase={phase}
            count={selected.size}
          />
          {failure && !sending && <SendFailure failure={failure} onRetry={run} />}
          {send && progress.data && <SendProgressCard name={send.name} progress={progress.data} />}
        </form>
      )}
    </div>
  );
}
