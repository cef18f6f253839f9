import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import {
  type CampaignPage,
  type CampaignSettings,
  type EditCampaignInput,
  editCampaignSchema,
} from '../../../../shared/campaign-edit';
import { DEFAULT_SCHEDULE, type Schedule, type Step } from '../../../../shared/email-automation';
import { errorMessage } from '../../../lib/api';
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
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/tabs';
import { automationQueries, useEditCampaign } from './api';
import { CampaignSettingsFields } from './CampaignSettingsFields';
import { EditPart } from './EditPart';
import { ScheduleEditFields } from './ScheduleEditFields';
import { SequenceEditor } from './SequenceEditor';

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

function EditTabs({ id, detail }: { id: string; detail: CampaignPage }) {
  const edit = useEditCampaign(id, {
    onSuccess: (r) =>
      toast({
        title: r.pausedAndResumed ? 'Saved (paused for the change, running again)' : 'Saved in Smartlead',
        description: r.inFlight.join(' '),
        variant: 'success',
      }),
    onError: (err) =>
      toast({
        title: 'Not saved',
        description: errorMessage(err, 'Smartlead did not answer'),
        variant: 'destructive',
      }),
  });
  const accounts = useQuery(automationQueries.emailAccounts());
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
  return (
    <Tabs defaultValue="sequence">
      <TabsList className="flex h-auto flex-wrap">
        <TabsTrigger value="sequence">Sequence</TabsTrigger>
        <TabsTrigger value="schedule">Schedule</TabsTrigger>
        <TabsTrigger value="settings">Settings</TabsTrigger>
        <TabsTrigger value="accounts">Sending accounts</TabsTrigger>
      </TabsList>
      <TabsContent value="sequence">
        <EditPart what="steps" onSave={() => save({ steps })} busy={edit.isPending} error={problem}>
          <SequenceEditor
            steps={steps}
            onChange={setSteps}
            mergeFields={[]}
            active={active}
            onActiveChange={setActive}
          />
        </EditPart>
      </TabsContent>
      <TabsContent value="schedule">
        <EditPart what="schedule" onSave={() => save({ schedule })} busy={edit.isPending} error={problem}>
          <ScheduleEditFields value={schedule} onChange={setSchedule} />
        </EditPart>
      </TabsContent>
      <TabsContent value="settings">
        <EditPart what="settings" onSave={() => save({ settings })} busy={edit.isPending} error={problem}>
          <CampaignSettingsFields
            value={settings}
            onChange={setSettings}
            started={detail.remote?.status !== 'DRAFTED'}
          />
        </EditPart>
      </TabsContent>
      <TabsContent value="accounts">
        <EditPart
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
        </EditPart>
      </TabsContent>
    </Tabs>
  );
}
