import { useQuery } from '@tanstack/react-query';
import { PenLine } from 'lucide-react';
import { Link } from 'wouter';
import { DAY_NAMES, type Schedule } from '../../../../shared/email-automation';
import { cn } from '../../../lib/utils';
import { Badge } from '../../../ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '../../../ui/card';
import { Checkbox } from '../../../ui/checkbox';
import { Input } from '../../../ui/input';
import { Label } from '../../../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../ui/select';
import { Skeleton } from '../../../ui/skeleton';
import { automationQueries } from './api';
import { SectionTitle } from './SectionTitle';

// Radix Select has no empty value: the "no sequence" choice has its own.
const NONE = '__none__';

// The choices that make a Smartlead campaign able to send: the sequence (a saved template), the sending
// accounts and the schedule (time zone, days, hours, pace, daily cap).

export interface SetupChoice {
  templateId: string | null;
  accountIds: number[];
  schedule: Schedule;
}

const ZONES: string[] = (() => {
  try {
    return (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    return [
      'UTC',
      'America/New_York',
      'America/Chicago',
      'America/Los_Angeles',
      'Europe/London',
      'Europe/Paris',
    ];
  }
})();

export function CampaignSetupFields({
  value,
  onChange,
}: {
  value: SetupChoice;
  onChange: (v: SetupChoice) => void;
}) {
  const templates = useQuery(automationQueries.templates());
  const accounts = useQuery(automationQueries.emailAccounts());
  const s = value.schedule;
  const setSchedule = (patch: Partial<Schedule>) => onChange({ ...value, schedule: { ...s, ...patch } });
  const chosen = templates.data?.find((t) => t.id === value.templateId);

  return (
    <Card>
      <CardHeader>
        <SectionTitle>Sequence, sending accounts and schedule</SectionTitle>
        <CardDescription>
          What Smartlead needs to send: without them the campaign stays an empty draft.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-2">
          <Label htmlFor="sequence">Sequence</Label>
          {templates.isLoading ? (
            <Skeleton className="h-10" />
          ) : (
            <Select
              value={value.templateId ?? NONE}
              onValueChange={(v) => onChange({ ...value, templateId: v === NONE ? null : v })}
            >
              <SelectTrigger id="sequence">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>No sequence (empty draft)</SelectItem>
                {(templates.data ?? []).map((t) => (
                  <SelectItem key={t.id} value={t.id}>
                    {t.name} ({t.steps.length} email{t.steps.length === 1 ? '' : 's'})
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
          {chosen && (
            <p className="text-xs text-muted-foreground">
              {chosen.steps.map((st, i) => (i === 0 ? 'Day 0' : `+${st.delayDays}d`)).join(' → ')}
              {chosen.steps.some((st) => st.variants.length > 1) ? ' · A/B variants' : ''}
            </p>
          )}
          <Link
            href={chosen ? `/email-composer?template=${chosen.id}` : '/email-composer'}
            className="flex items-center gap-1 text-sm text-primary underline underline-offset-2"
          >
            <PenLine className="size-3.5" />{' '}
            {chosen ? 'Edit in the Email Composer' : 'Write a sequence in the Email Composer'}
          </Link>
        </div>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">Sending accounts</legend>
          {accounts.isLoading && <Skeleton className="h-24" />}
          {accounts.isError && (
            <p className="text-sm text-destructive">Could not load your Smartlead email accounts.</p>
          )}
          {accounts.data?.length === 0 && (
            <p className="text-sm text-muted-foreground">
              No email accounts in Smartlead yet: connect a mailbox there first.
            </p>
          )}
          <div className="flex max-h-48 flex-col gap-1 overflow-y-auto">
            {accounts.data?.map((a) => {
              const on = value.accountIds.includes(a.id);
              return (
                <label
                  key={a.id}
                  className={cn(
                    'flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent/50',
                    !a.connected && 'opacity-60',
                  )}
                >
                  <Checkbox
                    checked={on}
                    disabled={!a.connected}
                    aria-label={`Send from ${a.fromEmail}`}
                    onCheckedChange={(c) =>
                      onChange({
                        ...value,
                        accountIds:
                          c === true
                            ? [...value.accountIds, a.id]
                            : value.accountIds.filter((x) => x !== a.id),
                      })
                    }
                  />
                  <span className="min-w-0 flex-1 truncate">{a.fromEmail}</span>
                  {!a.connected ? (
                    <Badge variant="destructive">Disconnected</Badge>
                  ) : a.warmupReputation !== null ? (
                    <Badge variant="secondary">{a.warmupReputation}%</Badge>
                  ) : null}
                </label>
              );
            })}
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium">Schedule</legend>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="timezone">Time zone</Label>
            <Select value={s.timezone} onValueChange={(z) => setSchedule({ timezone: z })}>
              <SelectTrigger id="timezone">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(ZONES.includes(s.timezone) ? ZONES : [s.timezone, ...ZONES]).map((z) => (
                  <SelectItem key={z} value={z}>
                    {z}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <fieldset className="flex flex-wrap gap-1">
            <legend className="sr-only">Sending days</legend>
            {DAY_NAMES.map((d, i) => {
              const on = s.days.includes(i);
              return (
                <button
                  key={d}
                  type="button"
                  aria-pressed={on}
                  onClick={() =>
                    setSchedule({ days: on ? s.days.filter((x) => x !== i) : [...s.days, i].sort() })
                  }
                  className={cn(
                    'h-8 rounded-md border px-2 text-xs font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    on
                      ? 'border-primary bg-primary text-primary-foreground'
                      : 'bg-card text-muted-foreground',
                  )}
                >
                  {d}
                </button>
              );
            })}
          </fieldset>
          <div className="grid grid-cols-2 gap-2">
            <Field
              id="start-hour"
              label="From"
              type="time"
              value={s.startHour}
              onChange={(v) => setSchedule({ startHour: v })}
            />
            <Field
              id="end-hour"
              label="To"
              type="time"
              value={s.endHour}
              onChange={(v) => setSchedule({ endHour: v })}
            />
            <Field
              id="min-gap"
              label="Minutes between emails"
              type="number"
              value={String(s.minTimeBetweenEmails)}
              onChange={(v) => setSchedule({ minTimeBetweenEmails: Math.max(1, Number(v) || 1) })}
            />
            <Field
              id="daily-cap"
              label="New leads per day"
              type="number"
              value={String(s.maxNewLeadsPerDay)}
              onChange={(v) => setSchedule({ maxNewLeadsPerDay: Math.max(1, Number(v) || 1) })}
            />
          </div>
        </fieldset>
      </CardContent>
    </Card>
  );
}

function Field(props: {
  id: string;
  label: string;
  type: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={props.id} className="text-xs">
        {props.label}
      </Label>
      <Input
        id={props.id}
        type={props.type}
        min={1}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}
