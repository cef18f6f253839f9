import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Loader2, Send } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { splitName } from '../../shared/smartlead';
import { PageHeader } from '../components/PageHeader';
import {
  CAMPAIGNS_KEY,
  createCampaign,
  newIdempotencyKey,
  useSendProgress,
  useSmartleadSettings,
  useVerifiedEmails,
} from '../components/smartlead/api';
import { EmailPicker } from '../components/smartlead/EmailPicker';
import { SendProgressCard } from '../components/smartlead/SendProgressCard';
import { Alert, AlertDescription, AlertTitle } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Skeleton } from '../components/ui/skeleton';
import { toast } from '../hooks/use-toast';
import { errorMessage } from '../lib/api';

const REDIRECT_MS = 1500;

// SPEC §2 "Send to the provider": pick verified emails, name the campaign, send; then /campaign-status.
export default function SendToSmartleadPage() {
  const settings = useSmartleadSettings();
  const hasKey = settings.data?.hasApiKey === true;
  const emails = useVerifiedEmails(hasKey);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [name, setName] = useState('');
  const [send, setSend] = useState<{ id: string; name: string; count: number } | null>(null);
  // One key per intended send: a retry of the same selection and name reuses it (never two campaigns).
  const idem = useRef<{ key: string; fingerprint: string } | null>(null);
  const progress = useSendProgress(send?.id ?? null);

  const byId = useMemo(() => {
    const m = new Map<string, { email: string; name: string | null; company: string | null }>();
    for (const g of emails.data?.groups ?? []) for (const e of g.emails) m.set(e.id, e);
    return m;
  }, [emails.data]);

  const create = useMutation({
    mutationFn: async () => {
      const leads = [...selected].flatMap((id) => {
        const e = byId.get(id);
        return e ? [{ email: e.email, ...splitName(e.name), company_name: e.company ?? '' }] : [];
      });
      const campaignName = name.trim();
      const fingerprint = `${campaignName}\n${[...selected].sort().join(',')}`;
      if (idem.current?.fingerprint !== fingerprint) idem.current = { key: newIdempotencyKey(), fingerprint };
      const campaign = await createCampaign({ campaignName, emails: leads }, idem.current.key);
      return { campaign, count: leads.length };
    },
    onSuccess: ({ campaign, count }) => {
      setSend({ id: campaign.id, name: campaign.name, count });
      void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
    },
    onError: (err) =>
      toast({
        title: 'Failed to create campaign',
        description: errorMessage(err, 'Failed to create campaign'),
        variant: 'destructive',
      }),
  });

  const state = progress.data?.state;
  useEffect(() => {
    if (!send || !state) return;
    if (state === 'completed') {
      toast({
        title: 'Campaign created successfully',
        description: `Created campaign "${send.name}" with ${send.count.toLocaleString()} emails in Smartlead.`,
        variant: 'success',
      });
      setSelected(new Set());
      setName('');
      idem.current = null;
      void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      const timer = setTimeout(() => navigate('/campaign-status'), REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    if (state === 'failed') {
      toast({
        title: 'Failed to create campaign',
        description: progress.data?.error ?? 'Failed to create campaign',
        variant: 'destructive',
      });
    }
  }, [send, state, navigate, queryClient, progress.data?.error]);

  const sending =
    create.isPending || (send !== null && (state === 'queued' || state === 'sending' || !state));
  const canSend = !sending && selected.size > 0 && name.trim().length > 0;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (canSend) create.mutate();
  };

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
      {settings.data && !hasKey && (
        <Alert variant="warning">
          <KeyRound />
          <AlertTitle>Smartlead is not connected</AlertTitle>
          <AlertDescription className="flex flex-col items-start gap-3">
            <p>Please configure your Smartlead API key in the settings before sending emails.</p>
            <Button asChild size="sm">
              <Link href="/smartlead-settings">Go to Settings</Link>
            </Button>
          </AlertDescription>
        </Alert>
      )}
      {hasKey && (
        <form onSubmit={onSubmit} className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Verified emails</CardTitle>
              <CardDescription>
                Only addresses that passed verification are offered for sending.
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
                <EmailPicker
                  groups={emails.data.groups
                    .map((g) => ({ ...g, emails: g.emails.filter((e) => e.status === 'valid') }))
                    .filter((g) => g.emails.length > 0)}
                  total={emails.data.total}
                  selected={selected}
                  onSelectedChange={setSelected}
                />
              )}
            </CardContent>
          </Card>
          <Card>
            <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-end">
              <div className="flex flex-1 flex-col gap-2">
                <Label htmlFor="campaign-name">Campaign Name</Label>
                <Input
                  id="campaign-name"
                  placeholder="e.g. Q3 outreach – SaaS founders"
                  maxLength={200}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                />
              </div>
              <Button type="submit" size="lg" disabled={!canSend}>
                {sending ? <Loader2 className="animate-spin" /> : <Send />}
                Send {selected.size.toLocaleString()} emails to Smartlead
              </Button>
            </CardContent>
          </Card>
          {send && progress.data && <SendProgressCard name={send.name} progress={progress.data} />}
        </form>
      )}
    </div>
  );
}
