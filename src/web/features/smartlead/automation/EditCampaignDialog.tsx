import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, Pencil } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import {
  type CampaignPage,
  type CampaignSettings,
  type EditCampaignInput,
  type EditCampaignResult,
  editCampaignSchema,
  IN_FLIGHT_EFFECT,
} from '../../../../shared/campaign-edit';
import { DEFAULT_SCHEDULE, type Schedule, type Step } from '../../../../shared/email-automation';
import { apiRequest, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../ui/dialog';
import { Input } from '../../../ui/input';
import { Label } from '../../../ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/tabs';
import { campaignKey, useEmailAccounts } from './api';
import { CampaignSettingsFields } from './CampaignSettingsFields';
import { SequenceEditor } from './SequenceEditor';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * Change a campaign that exists in Smartlead, running or not (decision 0202): its sequence, schedule,
 * settings and sending accounts, each saved on its own, each saying what happens to leads in flight.
 */
export function EditCampaignDialog({ id, detail }: { id: string; detail: CampaignPage }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil /> Edit
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Edit campaign</DialogTitle>
          <DialogDescription>
            Each part is saved on its own, in Smartlead, while the campaign keeps running.
          </DialogDescription>
        </DialogHeader>
        {open && <EditTabs id={id} detail={detail} />}
      </DialogContent>
    </Dialog>
  );
}

function useEdit(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: EditCampaignInput) =>
      (
        await apiRequest('PUT', `/api/smartlead/campaigns/${id}`, input)
      ).json() as Promise<EditCampaignResult>,
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: campaignKey(id) });
      toast({
        title: r.pausedAndResumed ? 'Saved (paused for the change, running again)' : 'Saved in Smartlead',
        description: r.inFlight.join(' '),
        variant: 'success',
      });
    },
    onError: (err) =>
      toast({
        title: 'Not saved',
        description: errorMessage(err, 'Smartlead did not answer'),
        variant: 'destructive',
      }),
  });
}

function Part({
  what,
  children,
  onSave,
  busy,
  error,
}: {
  what: keyof typeof IN_FLIGHT_EFFECT;
  children: ReactNode;
  onSave: () => void;
  busy: boolean;
  error?: string | null;
}) {
  return (
    <div className="flex flex-col gap-4 pt-2">
      {children}
      <p className="rounded-md bg-muted p-3 text-sm" data-testid="in-flight-note">
        <strong>Leads already in this campaign: </strong>
        {IN_FLIGHT_EFFECT[what]}
      </p>
      {error && <p className="text-sm font-medium text-destructive">{error}</p>}
      <Button type="button" className="self-end" onClick={onSave} disabled={busy}>
        {busy && <Loader2 className="animate-spin" />} Save
      </Button>
    </div>
  );
}

function EditTabs({ id, detail }: { id: string; detail: CampaignPage }) {
  const edit = useEdit(id);
  const accounts = useEmailAccounts();
  const [steps, setSteps] = useState<Step[]>(detail.remote?.steps ?? []);
  const [active, setActive] = useState<number[]>([]);
  const [schedule, setSchedule] = useState<Schedule>(detail.schedule ?? DEFAULT_SCHEDULE);
  // Smartlead's own settings, read back with the campaign: saving never changes what the user did not touch.
  const [settings, setSettings] = useState<CampaignSettings>(
    detail.settings ?? {
      trackOpens: false,
      trackClicks: false,
      stopLeadOn: 'REPLY_TO_AN_EMAIL',
      plainText: false,
    },
  );
  const [accountIds, setAccountIds] = useState<number[]>((detail.remote?.accounts ?? []).map((a) => a.id));
  const [problem, setProblem] = useState<string | null>(null);
  const save = (input: EditCampaignInput) => {
    const parsed = editCampaignSchema.safeParse(input);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    setProblem(null);
    edit.mutate(parsed.data);
  };
  const num = (v: string) => Math.max(0, Number(v) || 0);
  return (
    <Tabs defaultValue="sequence">
      <TabsList className="flex h-auto flex-wrap">
        <TabsTrigger value="sequence">Sequence</TabsTrigger>
        <TabsTrigger value="schedule">Schedule</TabsTrigger>
        <TabsTrigger value="settings">Settings</TabsTrigger>
        <TabsTrigger value="accounts">Sending accounts</TabsTrigger>
      </TabsList>
      <TabsContent value="sequence">
        <Part what="steps" onSave={() => save({ steps })} busy={edit.isPending} error={problem}>
          <SequenceEditor
            steps={steps}
            onChange={setSteps}
            mergeFields={[]}
            active={active}
            onActiveChange={setActive}
          />
        </Part>
      </TabsContent>
      <TabsContent value="schedule">
        <Part what="schedule" onSave={() => save({ schedule })} busy={edit.isPending} error={problem}>
          <fieldset className="flex flex-wrap gap-2">
            <legend className="mb-2 text-sm font-medium">Sending days</legend>
            {DAYS.map((d, i) => (
              <label key={d} className="flex items-center gap-1 text-sm">
                <Checkbox
                  checked={schedule.days.includes(i)}
                  onCheckedChange={(on) =>
                    setSchedule({
                      ...schedule,
                      days: on ? [...schedule.days, i].sort() : schedule.days.filter((x) => x !== i),
                    })
                  }
                  aria-label={d}
                />
                {d}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              id="ec-tz"
              label="Time zone (e.g. Europe/Paris)"
              value={schedule.timezone}
              onChange={(v) => setSchedule({ ...schedule, timezone: v })}
            />
            <Field
              id="ec-start"
              label="From (HH:MM)"
              value={schedule.startHour}
              onChange={(v) => setSchedule({ ...schedule, startHour: v })}
            />
            <Field
              id="ec-end"
              label="To (HH:MM)"
              value={schedule.endHour}
              onChange={(v) => setSchedule({ ...schedule, endHour: v })}
            />
            <Field
              id="ec-gap"
              label="Minutes between emails"
              value={String(schedule.minTimeBetweenEmails)}
              onChange={(v) => setSchedule({ ...schedule, minTimeBetweenEmails: num(v) })}
            />
            <Field
              id="ec-max"
              label="New leads per day"
              value={String(schedule.maxNewLeadsPerDay)}
              onChange={(v) => setSchedule({ ...schedule, maxNewLeadsPerDay: num(v) })}
            />
          </div>
        </Part>
      </TabsContent>
      <TabsContent value="settings">
        <Part what="settings" onSave={() => save({ settings })} busy={edit.isPending} error={problem}>
          <CampaignSettingsFields
            value={settings}
            onChange={setSettings}
            started={detail.remote?.status !== 'DRAFTED'}
          />
        </Part>
      </TabsContent>
      <TabsContent value="accounts">
        <Part
          what="emailAccountIds"
          onSave={() => save({ emailAccountIds: accountIds })}
          busy={edit.isPending}
          error={problem}
        >
          {(accounts.data ?? []).map((a) => (
            <label key={a.id} className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={accountIds.includes(a.id)}
                onCheckedChange={(on) =>
                  setAccountIds(on ? [...accountIds, a.id] : accountIds.filter((x) => x !== a.id))
                }
                aria-label={a.fromEmail}
              />
              {a.fromEmail}
              {!a.connected && <span className="text-destructive"> (not connected)</span>}
            </label>
          ))}
          {accounts.data?.length === 0 && (
            <p className="text-sm text-muted-foreground">No mailbox in Smartlead yet.</p>
          )}
        </Part>
      </TabsContent>
    </Tabs>
  );
}

function Field({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
